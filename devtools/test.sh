#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Set everything up when needed, then run the whole test suite (the perf
# benchmarks and the long stress runs excepted: `--suite stress` runs those). The last line is "N passed, N failed, N skipped",
# counted from meson's machine-readable log as meson counts them.
#
#   devtools/test.sh [meson test arguments, e.g. --suite unit]
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

if ! devtools/setup.sh; then
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

# The perf suite holds benchmarks: timing is not a pass/fail matter. The
# stress suite runs for an hour or more.
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--no-suite perf --no-suite stress)

# A log left by an earlier run must not be counted as this one.
log=$builddir/meson-logs/testlog.json
rm -f "$log"
meson test -C "$builddir" --print-errorlogs "${args[@]}"
rc=$?

if [ ! -s "$log" ]; then
	echo "test: meson test wrote no $log (exit status $rc)" >&2
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
read -r passed failed skipped < <(devtools/testlog-summary.py "$log")
# meson failing without a failed test (a build error, a bad argument) is a
# failure too.
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
	failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
