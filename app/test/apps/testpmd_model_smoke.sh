#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# dpdk-testpmd on the modelled LS1046A-RDB: the DPAA bus lists the board's
# MACs as it scans (one INFO line per device), and testpmd's mbufs come from
# a BMan-backed "dpaa" mempool while it forwards on a null port, then it
# exits cleanly (the bus stops the model at rte_eal_cleanup). The DPAA
# devices are block-listed: scanned and listed, not probed, so that this test
# is about the bus and the mempool whatever the PMD does.
set -u
testpmd=$1
# DPAA_EXEC_WRAPPER runs binaries built for another machine (an arm64 build
# under qemu, see devtools/test-arm64.sh); unset, they run directly.
read -ra wrap <<<"${DPAA_EXEC_WRAPPER:-}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

DPAA_MODEL="board=ls1046a-rdb;mode=threaded" \
	timeout 60 "${wrap[@]}" "$testpmd" --no-huge -m 256 --no-pci --no-shconf -l 0,1 \
	--vdev=net_null0 --log-level=bus.dpaa:info --log-level=mempool.dpaa:debug \
	--mbuf-pool-ops-name=dpaa \
	-b fm1-mac3 -b fm1-mac4 -b fm1-mac5 -b fm1-mac6 -b fm1-mac9 -b fm1-mac10 \
	-- --total-num-mbufs=2048 \
	</dev/null >"$out" 2>&1
rc=$?
fail() {
	echo "FAIL: $*"
	cat "$out"
	exit 1
}
[ $rc -eq 0 ] || fail "dpdk-testpmd exited with $rc"
for dev in fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10; do
	grep -q "dpaa_bus: $dev: " "$out" || fail "the DPAA bus did not list $dev"
done
order=$(grep -o 'dpaa_bus: fm1-mac[0-9]*: ' "$out" | awk '{print $2}' | tr -d ':' | tr '\n' ' ')
[ "$order" = "fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10 " ] ||
	fail "devices out of order: $order"
grep -q "create a new mbuf pool <mb_pool_0>: n=2048.*" "$out" || fail "no mbuf pool"
grep -q "mempool_dpaa: mb_pool_0: BMan pool [0-9]*, buffers at object + " "$out" ||
	fail "testpmd's mbuf pool is not a dpaa mempool"
grep -q "Port 0: " "$out" || fail "port 0 (net_null0) was not started"
grep -q "Bye" "$out" || fail "testpmd did not shut down"
echo "PASS: testpmd listed the modelled board's devices, ran on a dpaa mempool and exited cleanly"
