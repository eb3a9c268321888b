#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The DPAA PMD never strips a VLAN tag in software and never advertises the
# strip offload (see doc/guides/nics/dpaa.rst). Fail on any code in drivers/
# that calls rte_vlan_strip or names the strip offload outside a comment.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
hits=$(grep -rn --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.c' \
	-E 'rte_vlan_strip|VLAN_STRIP|RX_VLAN_STRIPPED' "$root/drivers" |
	grep -v -E '^[^:]+:[0-9]+:\s*(//|\*|/\*)')
if [ -n "$hits" ]; then
	echo "software VLAN strip or its offload flag in drivers/:"
	echo "$hits"
	exit 1
fi
echo "PASS: no software VLAN strip in drivers/"
