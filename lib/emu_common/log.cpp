/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "emu_common/log.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

namespace dpaa::emu
{

namespace
{

void vlog(const char *fmt, va_list ap)
{
	char line[1024];
	vsnprintf(line, sizeof(line), fmt, ap);
	fprintf(stderr, "%s: %s\n", kLogName, line);
}

} // namespace

void log(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(fmt, ap);
	va_end(ap);
}

void log_once(const char *kind, const char *fmt, ...)
{
	static std::mutex m;
	static std::set<std::string> seen;
	{
		std::lock_guard<std::mutex> g(m);
		if (!seen.insert(kind).second)
			return;
	}
	va_list ap;
	va_start(ap, fmt);
	vlog(fmt, ap);
	va_end(ap);
}

} // namespace dpaa::emu
