#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# dpdk-testpmd, built with our drivers, starts without hugepages, forwards on
# a null port for a moment and exits cleanly when its input ends.
set -u
testpmd=$1
# DPAA_EXEC_WRAPPER runs binaries built for another machine (an arm64 build
# under qemu, see devtools/test-arm64.sh); unset, they run directly.
read -ra wrap <<<"${DPAA_EXEC_WRAPPER:-}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# "Press enter to exit": the closed stdin is the enter key.
timeout 60 "${wrap[@]}" "$testpmd" --no-huge -m 256 --no-pci --no-shconf -l 0,1 \
	--vdev=net_null0 --log-level=bus.dpaa:debug -- --total-num-mbufs=2048 \
	</dev/null >"$out" 2>&1
rc=$?
fail() {
	echo "FAIL: $*"
	cat "$out"
	exit 1
}
[ $rc -eq 0 ] || fail "dpdk-testpmd exited with $rc"
grep -q "dpaa_bus: no DPAA hardware and no modelled board" "$out" || fail "the DPAA bus did not report its scan"
grep -q "Port 0: " "$out" || fail "port 0 (net_null0) was not started"
grep -q "Bye" "$out" || fail "testpmd did not shut down"
echo "PASS: testpmd started, forwarded and exited cleanly"
