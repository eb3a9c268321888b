/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The emulated kernel's log: lines on stderr prefixed "usdpaa_emu: ", as a
// kernel driver's would be in dmesg. Bad input from the application is
// logged once per kind, however often it repeats.
#pragma once

namespace dpaa::usdpaa
{

void log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_once(const char *kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

} // namespace dpaa::usdpaa
