/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The folder an emulation generates its procfs/sysfs files in: made under
// $TMPDIR (or /tmp) when the emulation starts, removed when it shuts down.
//
// A process that dies without exit (SIGKILL, a crash) cannot remove its
// folder: the next emulation removes every folder of its prefix whose owner
// is gone. Each owner holds an flock on its folder's lock file while it runs
// (the kernel drops it when the process dies, however it dies). A folder
// without a lock file is left alone: its owner may be creating it right
// now, or be an emulation of an earlier version.
#pragma once

#include <string>

namespace dpaa::emu
{

// A new folder "<tmp>/<prefix>XXXXXX" (its path), after the stale ones of
// that prefix are gone; "" and error set on failure.
std::string make_scratch_dir(const char *prefix, std::string &error);

// Removes the folder and everything in it; dir is cleared. Logs once if it
// cannot. No child process: it would inherit LD_PRELOAD and start an
// emulation of its own.
void remove_scratch_dir(std::string &dir);

} // namespace dpaa::emu
