/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The C library's open() family, interposed in one place for both
// emulations: open() and open64(), whose mode argument is there only when
// the flags create a file, and their _FORTIFY_SOURCE forms __open_2() and
// __open64_2(), all come to interposed_open(), which each emulation defines.
//
// Nothing inside an emulation refers to these functions (the application
// calls them), so a static library would not bring them into its shared
// object: each emulation links emu_open_interposers whole (meson.build).
#pragma once

#include <sys/types.h>

namespace dpaa::emu
{

// The emulation's open(): its device or file, or the C library's open() of
// the path (libc::open, after any redirection).
int interposed_open(const char *path, int flags, mode_t mode);

} // namespace dpaa::emu
