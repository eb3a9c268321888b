#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Our net_dpaa and upstream DPDK's own, on the same modelled LS1046A-RDB and
# through the same emulated USDPAA kernel (ours on its board platform, as on
# a board: both pay the same traps), interleaved: one table of what each
# showed, and ours on its model platform as a second table of timings.
# With --dpaa2: our net_dpaa2 and upstream's, on the same modelled
# LX2160A-RDB, both through the emulated VFIO fsl-mc kernel (libfslmc_emu.so).
#
#   devtools/compare-upstream.sh [RUNS] [--functional] [--dpaa2] [--counts]
#
# RUNS runs of each driver (default 5); --functional leaves out the timing;
# --counts adds the per-frame counts of devtools/frame-counts.sh (callgrind:
# instructions, misses and trapped accesses per frame of each driver's Rx
# and Tx bursts, the traps' cost apart).
#
# The forwarding figures come from devtools/run.sh (6 s each, 1 Mpps and
# the maximum offered; --board lx2160a-rdb with --dpaa2): noisy on a shared
# machine, whose load it prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
devtools/setup.sh >/dev/null || devtools/setup.sh
echo "compare: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
runs=5
args=()
for a in "$@"; do
	case "$a" in
	--functional | --dpaa2 | --counts) args+=("$a") ;;
	*) runs=$a ;;
	esac
done
exec /usr/bin/python3 devtools/compare_upstream.py "$runs" "${args[@]}"
