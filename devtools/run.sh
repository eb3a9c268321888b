#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The main job: set everything up when needed, then run dpdk-testpmd on the
# DPAA ports of the modelled LS1046A-RDB.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

devtools/setup.sh

testpmd=$builddir/subprojects/dpdk/app/dpdk-testpmd
echo "run: starting dpdk-testpmd (the modelled board is not wired in yet: the DPAA bus finds no device)"
timeout 60 "$testpmd" --no-huge -m 256 --no-pci --no-shconf -l 0,1 \
	--log-level=bus.dpaa:debug -- --total-num-mbufs=2048 </dev/null
