/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The interposers need the C library's plain names (open, open64) side by
// side: the 64-bit-offset redirection the build turns on would rename the
// former into the latter.
#undef _FILE_OFFSET_BITS

#include "emu_common/open_interposers.hpp"

#include <cstdarg>
#include <fcntl.h>

#define EXPORT extern "C" __attribute__((visibility("default")))

using dpaa::emu::interposed_open;

namespace
{

// open()'s mode: read only when the flags say a file may be created, as the
// C library does (the caller passes none otherwise).
bool has_mode(int flags) noexcept
{
	return (flags & (O_CREAT | O_TMPFILE)) != 0;
}

} // namespace

EXPORT int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (has_mode(flags)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return interposed_open(path, flags, mode);
}

EXPORT int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (has_mode(flags)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return interposed_open(path, flags, mode);
}

EXPORT int __open_2(const char *path, int flags)
{
	return interposed_open(path, flags, 0);
}

EXPORT int __open64_2(const char *path, int flags)
{
	return interposed_open(path, flags, 0);
}
