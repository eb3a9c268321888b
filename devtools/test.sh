#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Set everything up when needed, then run the whole test suite. The last line
# is "N passed, N failed".
#
#   devtools/test.sh [meson test arguments, e.g. --suite unit]
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

if ! devtools/setup.sh; then
	echo "0 passed, 1 failed"
	exit 1
fi

# The perf suite holds benchmarks: timing is not a pass/fail matter.
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--no-suite perf)

meson test -C "$builddir" --print-errorlogs "${args[@]}" 2>&1 | tee "$builddir/test-output.txt"
rc=${PIPESTATUS[0]}

summary=$(sed -n 's/^\(Ok\|Expected Fail\|Fail\|Unexpected Pass\|Skipped\|Timeout\):[[:space:]]*\([0-9]*\)[[:space:]]*$/\1 \2/p' "$builddir/test-output.txt")
count() { echo "$summary" | awk -v k="$1" '$1 == k { print $NF }'; }
ok=$(count Ok)
fail=$(count Fail)
timeout=$(count Timeout)
skipped=$(count Skipped)
passed=${ok:-0}
failed=$((${fail:-0} + ${timeout:-0}))
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
	failed=1
fi
echo "$passed passed, $failed failed, ${skipped:-0} skipped"
[ "$failed" -eq 0 ]
