#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Our net_dpaa and upstream DPDK's own (on the emulated USDPAA kernel), on
# the same modelled LS1046A-RDB, interleaved: one table of what each showed.
# With --dpaa2: our net_dpaa2 and upstream's, on the same modelled
# LX2160A-RDB, both through the emulated VFIO fsl-mc kernel (libfslmc_emu.so).
#
#   devtools/compare-upstream.sh [RUNS] [--functional] [--dpaa2]
#
# RUNS runs of each driver (default 5); --functional leaves out the timing.
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
	--functional | --dpaa2) args+=("$a") ;;
	*) runs=$a ;;
	esac
done
exec /usr/bin/python3 devtools/compare_upstream.py "$runs" "${args[@]}"
