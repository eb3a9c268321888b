#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# One of DPDK's own autotests (dpdk-test, built with -Ddpdk_autotests=true)
# with the DPAA ports of the modelled LS1046A-RDB probed, so that its pools
# take the platform's default mempool ops, the dpaa pool (BMan), as an
# application's would on a board:
#
#   run_autotest.sh <dpdk-test> <autotest> [<ops the pools must use>]
#
# Passes when the autotest reports success and, if ops are named, every
# pool the autotest dumps shows them (a silent fall-back to another
# handler would otherwise pass unnoticed).
set -u
dpdk_test=$1
name=$2
ops=${3:-}
read -ra wrap <<<"${DPAA_EXEC_WRAPPER:-}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT

DPDK_TEST=$name DPAA_MODEL="board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded" \
	timeout 500 "${wrap[@]}" "$dpdk_test" --no-huge -m 1024 --no-pci --no-shconf \
	--file-prefix="dpaa-$name" -l 0-1 -a dpaa_bus:fm1-mac9 -a dpaa_bus:fm1-mac10 \
	</dev/null >"$out" 2>&1
rc=$?
fail() {
	echo "FAIL: $name: $*"
	grep -v -E '^ *[0-9A-F]{8}: |^  [0-9a-f]{4}: ' "$out" | tail -n 60
	exit 1
}
[ $rc -eq 0 ] || fail "dpdk-test exited with $rc"
if [ -n "$ops" ]; then
	seen=$(grep -o 'ops_name: <[^>]*>' "$out" | sort -u | tr '\n' ' ')
	[ "$seen" = "ops_name: <$ops> " ] || fail "pools with ops '${seen:-none}', expected <$ops> only"
fi
grep -q '^Test OK' "$out" || fail "no 'Test OK'"
echo "$name: passed${ops:+ on the $ops pool}"
