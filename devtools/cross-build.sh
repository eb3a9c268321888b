#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Cross-build the whole tree for NXP's arm64 SoCs (DPDK's "dpaa" platform:
# the DPAA1 LS1043A/LS1046A and the DPAA2 LX2160A, LS2088A) on an x86-64
# Debian 12 machine, into build-arm64/: DPDK with our drivers (bus/dpaa,
# bus/fslmc, mempool/dpaa, mempool/dpaa2, net/dpaa), dpdk-testpmd, l2fwd,
# l3fwd, l3fwd-power, our tests, benchmarks, the models and the emulated
# USDPAA and VFIO fsl-mc kernel interfaces; then the second tree, upstream's
# own C DPAA and DPAA2 drivers with their testpmd (buildtools/build-upstream),
# into build-upstream-arm64/. The platform turns
# RTE_LIBRTE_DPAA2_USE_PHYS_IOVA off in both trees: the DPAA2 drivers hand
# the hardware virtual addresses (IOVA as VA behind the SMMU). As root it first installs the cross toolchain, the
# arm64 libraries (Debian multiarch) and qemu-user-static (for
# devtools/test-arm64.sh); as non-root it prints the commands to run. Safe to
# run again; fails on any compiler warning in our code or upstream's DPAA
# drivers.
#
#   devtools/cross-build.sh [--reconfigure] [--no-upstream]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_ARM64_BUILD_DIR:-build-arm64}
upstream_dir=${DPAA_ARM64_UPSTREAM_BUILD_DIR:-build-upstream-arm64}
cross=buildtools/cross/arm64-dpaa.ini
reconfigure=0 upstream=1
for a in "$@"; do
	case "$a" in
	--reconfigure) reconfigure=1 ;;
	--no-upstream) upstream=0 ;;
	*) echo "cross-build: unknown option $a" >&2; exit 2 ;;
	esac
done
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

# Native tools the build runs (meson, ninja, DPDK's python scripts) and the
# arm64 libraries DPDK and our tests link.
host_packages=(
	build-essential meson ninja-build pkg-config python3 python3-pyelftools
	dpkg-dev xz-utils ca-certificates ccache
	g++-aarch64-linux-gnu qemu-user-static
)
arm64_packages=(
	libc6-dev:arm64 libnuma-dev:arm64 libpcap0.8-dev:arm64 libbsd-dev:arm64
	libelf-dev:arm64 zlib1g-dev:arm64 libjansson-dev:arm64 libsystemd-dev:arm64 libdbus-1-dev:arm64
	libgtest-dev:arm64 libgmock-dev:arm64 libbenchmark-dev:arm64
)

missing=()
for p in "${host_packages[@]}" "${arm64_packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "cross-build: missing packages; as root run:" >&2
		echo "  dpkg --add-architecture arm64 && apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		echo "cross-build: adding the arm64 architecture to dpkg"
		dpkg --add-architecture arm64
	fi
	echo "cross-build: installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

buildtools/get-dpdk

log=$root/.cross-build.log
: >"$log"
if [ ! -f "$builddir/build.ninja" ]; then
	meson setup --cross-file "$cross" "$builddir" >>"$log" 2>&1 || {
		tail -n 40 "$log" >&2
		echo "cross-build: meson setup failed; the whole log is in .cross-build.log" >&2
		exit 1
	}
elif [ "$reconfigure" = 1 ]; then
	meson setup --reconfigure --cross-file "$cross" "$builddir" >>"$log" 2>&1
else
	# A folder configured before a driver joined the tree's list gets it.
	buildtools/sync-driver-list "$builddir" || exit 1
fi

echo "cross-build: building for arm64 in $builddir/"
ninja -C "$builddir" >>"$log" 2>&1 || {
	grep -E -B2 -A12 'error|FAILED' "$log" | head -n 80 >&2
	echo "cross-build: the build failed; the whole log is in .cross-build.log" >&2
	exit 1
}
# Warnings in our code (DPDK's own C is upstream's business).
ours='drivers/(bus|mempool|net)/(dpaa|fslmc)|lib/(dpaa|emu_common|usdpaa_emu|fslmc_emu)|app|examples/dpaa'
if grep -E "^(\.\./)*(subprojects/dpdk/)?($ours)[^:]*:[0-9]+:[0-9]+: warning" "$log" >&2; then
	echo "cross-build: warnings in our code (above); the whole log is in .cross-build.log" >&2
	exit 1
fi
# meson leaves out a driver whose dependency is missing with only a line in
# its summary: say so here rather than at the first run on the board.
for f in subprojects/dpdk/drivers/librte_bus_dpaa.a subprojects/dpdk/drivers/librte_bus_fslmc.a \
	subprojects/dpdk/drivers/librte_mempool_dpaa2.a subprojects/dpdk/drivers/librte_net_dpaa.a \
	lib/usdpaa_emu/libusdpaa_emu.so lib/fslmc_emu/libfslmc_emu.so; do
	[ -f "$builddir/$f" ] || {
		echo "cross-build: $builddir/$f was not built (see the summary of meson setup in .cross-build.log)" >&2
		exit 1
	}
done
echo "cross-build: $builddir/: $(file -b "$builddir/subprojects/dpdk/app/dpdk-testpmd" | cut -d, -f1-2)"

[ "$upstream" = 1 ] || exit 0
echo "cross-build: upstream's C DPAA drivers for arm64 in $upstream_dir/"
DPAA_UPSTREAM_BUILD_DIR=$upstream_dir DPAA_UPSTREAM_CROSS_FILE=$root/$cross \
	buildtools/build-upstream >>"$log" 2>&1 || {
	tail -n 40 "$log" >&2
	echo "cross-build: the upstream build failed; its log is in .build-${upstream_dir#build-}.log" >&2
	exit 1
}
# Theirs: bus/dpaa, bus/fslmc, common/dpaax, mempool/dpaa(2), net/dpaa(2),
# and event/dpaa2 with crypto/dpaa2_sec.
theirs='drivers/(bus|common|crypto|event|mempool|net)/(dpaa|fslmc)'
if grep -E "^(\.\./)*dpdk-upstream/($theirs)[^:]*:[0-9]+:[0-9]+: warning" \
	".build-${upstream_dir#build-}.log" >&2; then
	echo "cross-build: warnings in upstream's DPAA drivers (above)" >&2
	exit 1
fi
echo "cross-build: $upstream_dir/: $(file -b "$upstream_dir/app/dpdk-testpmd" | cut -d, -f1-2)"
