#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The arm64 build (devtools/cross-build.sh, done first when needed) tested on
# this x86-64 machine under user-mode emulation (qemu-aarch64-static, as a
# Cortex-A72): the unit (the DPAA1 and DPAA2 models' tests among them), bus,
# fslmc (our DPAA2 bus and mempool, on the modelled LX2160A-RDB and
# LS2088A-RDB through the emulated VFIO fsl-mc kernel interface), ethdev,
# board (the ethdev tests again on the board platform, through the emulated
# USDPAA kernel interface), upstream-dpaa2 (upstream's own arm64 DPAA2
# drivers on the emulated fsl-mc kernel), dpaa2-ethdev (our net_dpaa2: its
# test programs, and testpmd, l2fwd and l3fwd on the modelled LX2160A-RDB
# and LS2088A-RDB through the emulated fsl-mc kernel) and apps suites, then
# devtools/run.sh. The emulated kernels' traps decode arm64 loads and stores.
# meson runs the test programs through the cross file's exe_wrapper; the
# scripts and python tests that start DPDK's applications honour
# DPAA_EXEC_WRAPPER (default "qemu-aarch64-static -cpu cortex-a72"; another
# qemu can be named there). Suite "upstream" (upstream's DPAA1 drivers on
# the emulated USDPAA kernel) runs when named: Debian 12's qemu 7.2 stops it,
# qemu 10.0 (bookworm-backports) passes it (see "The arm64 build under qemu"
# in doc/guides/nics/dpaa_testing.rst). Prints each step's wall time; the last line is
# "N passed, N failed".
#
#   devtools/test-arm64.sh [suite ...]
#       default: unit bus fslmc ethdev board upstream-dpaa2 dpaa2-ethdev apps run
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_ARM64_BUILD_DIR:-build-arm64}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(unit bus fslmc ethdev board upstream-dpaa2 dpaa2-ethdev apps run)

# Upstream's arm64 tree only when a step runs its drivers.
cross_args=(--no-upstream)
for step in "${steps[@]}"; do
	case "$step" in upstream*) cross_args=() ;; esac
done
if ! devtools/cross-build.sh "${cross_args[@]}"; then
	echo "0 passed, 1 failed"
	exit 1
fi

export DPAA_EXEC_WRAPPER=${DPAA_EXEC_WRAPPER:-qemu-aarch64-static -cpu cortex-a72}
# link_example.sh builds an application out of tree: for arm64 as well.
export CC=aarch64-linux-gnu-gcc PKGCONF=aarch64-linux-gnu-pkg-config
# Emulation runs the code several times slower than the machine: meson's
# timeouts (not the tests' own checks) get the room.
multiplier=${DPAA_ARM64_TIMEOUT_MULTIPLIER:-8}
# The threaded QMan stress test moves 10^7 frames by default, a quarter of an
# hour under emulation: 10^6 still laps every ring thousands of times.
export DPAA_STRESS_FRAMES=${DPAA_STRESS_FRAMES:-1000000}

passed=0 failed=0
times=()
for step in "${steps[@]}"; do
	start=$(date +%s)
	if [ "$step" = run ]; then
		echo "test-arm64: devtools/run.sh under emulation"
		if DPAA_BUILD_DIR=$builddir devtools/run.sh --duration 10 --rate 100000; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
		fi
	else
		out=$builddir/test-output-$step.txt
		meson test -C "$builddir" --no-rebuild --print-errorlogs --suite "$step" \
			--timeout-multiplier "$multiplier" 2>&1 | tee "$out"
		rc=${PIPESTATUS[0]}
		summary=$(sed -n 's/^\(Ok\|Fail\|Timeout\):[[:space:]]*\([0-9]*\)[[:space:]]*$/\1 \2/p' "$out")
		count() { echo "$summary" | awk -v k="$1" '$1 == k { print $NF }'; }
		ok=$(count Ok) fail=$(count Fail) timeout=$(count Timeout)
		f=$((${fail:-0} + ${timeout:-0}))
		[ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || f=1
		passed=$((passed + ${ok:-0}))
		failed=$((failed + f))
	fi
	times+=("$step $(($(date +%s) - start))s")
done
echo "test-arm64: wall time per step under qemu: ${times[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
