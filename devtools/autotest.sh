#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# DPDK's own autotests against our pool and ports: configures build-autotest/
# next to build/ (-Ddpdk_autotests=true: DPDK's dpdk-test is built too),
# builds dpdk-test, and runs suite "autotest" (app/test/autotest). A tree of
# its own so that build/ stays as every other script expects it; DPDK's
# objects come from ccache when build/ was built on this machine.
#
#   devtools/autotest.sh [meson test arguments]
#
# Prints how long the build and the run took; the last line is
# "autotest: N passed, N failed, N skipped".
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
dir=build-autotest

elapsed() {
	local s=$((EPOCHSECONDS - $1))
	printf '%dm%02ds' $((s / 60)) $((s % 60))
}
fail() {
	echo "autotest: $*" >&2
	echo "autotest: 0 passed, 1 failed, 0 skipped"
	exit 1
}

buildtools/get-dpdk --check >/dev/null 2>&1 || devtools/setup.sh >/dev/null || fail "devtools/setup.sh failed"
start=$EPOCHSECONDS
if [ ! -f "$dir/build.ninja" ]; then
	echo "autotest: configuring $dir (-Ddpdk_autotests=true, log: $dir/autotest-setup.log)"
	mkdir -p "$dir"
	meson setup "$dir" -Ddpdk_autotests=true -Dperf_tests=false >"$dir/autotest-setup.log" 2>&1 ||
		{
			tail -n 30 "$dir/autotest-setup.log" >&2
			fail "meson setup $dir failed"
		}
fi
echo "autotest: building dpdk-test in $dir (log: $dir/autotest-build.log)"
# dpdk-test and the modelled SoC's library, which the bus loads at run time
# (nothing links it, so ninja would not build it for dpdk-test alone).
ninja -C "$dir" subprojects/dpdk/app/test/dpdk-test \
	subprojects/dpdk/drivers/bus/dpaa/librte_dpaa_model_platform.so >"$dir/autotest-build.log" 2>&1 || {
	grep -E -A12 'FAILED|error' "$dir/autotest-build.log" | head -n 40 >&2
	fail "the build of $dir failed"
}
echo "autotest: built in $(elapsed "$start")"

start=$EPOCHSECONDS
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--suite autotest)
log=$dir/meson-logs/testlog.json
rm -f "$log"
meson test -C "$dir" --no-rebuild --print-errorlogs "${args[@]}"
rc=$?
[ -s "$log" ] || fail "meson test wrote no $log (exit status $rc)"
read -r passed failed skipped < <(devtools/testlog-summary.py "$log")
[ "$rc" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "autotest: ran in $(elapsed "$start")"
echo "autotest: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
