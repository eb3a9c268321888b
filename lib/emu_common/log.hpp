/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// An emulated kernel's log: lines on stderr prefixed with the library's
// name ("usdpaa_emu: ", "fslmc_emu: "), as a kernel driver's would be in
// dmesg. Bad input from the application is logged once per kind, however
// often it repeats.
#pragma once

namespace dpaa::emu
{

// The name each line starts with. Every library (or test) that links
// emu_common defines it once: each emulation is its own shared object, so
// each has its own.
extern const char kLogName[];

void log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_once(const char *kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

} // namespace dpaa::emu
