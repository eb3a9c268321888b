#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Our DPAA1 drivers as plugins of the distribution's DPDK (Debian's 22.11).
#
#   devtools/distro-plugins.sh packages     apt-get install the distribution's
#                                           DPDK with dpdk-testpmd (dpdk-dev)
#   devtools/distro-plugins.sh build DIR    build librte_bus_dpaa,
#                                           librte_mempool_dpaa, librte_net_dpaa
#                                           and the modelled SoC's library for
#                                           any x86-64 or Armv8 CPU, into DIR
#   devtools/distro-plugins.sh divert       move the distribution's DPAA drivers
#                                           out of EAL's driver folder (dpkg-divert)
#   devtools/distro-plugins.sh undivert     put them back
#   devtools/distro-plugins.sh options      the meson options of the plugins'
#                                           build, one a line
#                                           (devtools/check-generic-cpu.py
#                                           checks them)
#
# Why divert: our libraries have the SONAMEs of upstream's
# (librte_bus_dpaa.so.23, ...), and EAL loads every library of its driver
# folder into every process besides those -d names. Upstream's there would
# load a second dpaa_bus beside ours, and the drivers built on upstream's bus
# (crypto_dpaa_sec, event_dpaa, dma_dpaa, crypto_caam_jr) need symbols only
# upstream's bus has: EAL fails with "Cannot init plugins". Removing the
# packages is no way out (libdpdk-dev, and with it dpdk-testpmd, depends on
# them); a diversion keeps them installed and out of the folder, across
# upgrades too.
#
# DPAA_DISTRO_BUILD_DIR: the build folder for the plugins (default
# build-distro): DPDK shared, cpu_instruction_set=generic.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
builddir=${DPAA_DISTRO_BUILD_DIR:-$root/build-distro}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

die() {
	echo "distro-plugins: $*" >&2
	exit 1
}

# EAL's driver folder of the distribution's DPDK (RTE_EAL_PMD_PATH of its
# build; ABI 23 for every 22.11 release).
pmd_dir() {
	echo "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/dpdk/pmds-23.0"
}

ours=(bus_dpaa mempool_dpaa net_dpaa)
# DPDK shared, as the distribution's; DPDK's baseline CPU, not this one's.
setup_options=(-Ddpdk_library=shared -Dcpu_instruction_set=generic -Dperf_tests=false)

packages() {
	# dpdk-testpmd is in dpdk-dev (the package "dpdk" holds only scripts);
	# patchelf gives our copies a run path of their own folder.
	local wanted=(dpdk-dev patchelf)
	if [ "$(dpkg-query -W -f='${Status}\n' "${wanted[@]}" 2>/dev/null | grep -c ' installed$')" = ${#wanted[@]} ]; then
		return 0
	fi
	# Package lists that are missing or stale are refreshed once; another
	# apt-get on the machine is waited for.
	local install=(apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends "${wanted[@]}")
	export DEBIAN_FRONTEND=noninteractive
	"${install[@]}" >/dev/null 2>&1 ||
		{ apt-get -o DPkg::Lock::Timeout=600 update >/dev/null && "${install[@]}" >/dev/null; } ||
		die "apt-get install dpdk-dev patchelf failed"
}

build() {
	local dest=$1
	command -v patchelf >/dev/null || die "patchelf is missing: run '$0 packages'"
	log=$(mktemp)
	trap 'rm -f "$log"' EXIT
	if [ ! -f "$builddir/build.ninja" ]; then
		meson setup "$builddir" "$root" "${setup_options[@]}" >"$log" 2>&1 ||
			{ tail -n 20 "$log"; die "meson setup $builddir failed"; }
	fi
	local drivers=subprojects/dpdk/drivers
	local targets=("$drivers/bus/dpaa/librte_dpaa_model_platform.so")
	for lib in "${ours[@]}"; do
		targets+=("$drivers/librte_$lib.so.23.0")
	done
	ninja -C "$builddir" "${targets[@]}" >"$log" 2>&1 ||
		{ tail -n 20 "$log"; die "building the plugins failed"; }
	install -d -m 0755 "$dest"
	for t in "${targets[@]}"; do
		install -m 0644 "$builddir/$t" "$dest/"
	done
	for lib in "${ours[@]}"; do
		ln -sfn "librte_$lib.so.23.0" "$dest/librte_$lib.so.23"
		# The build tree's run path names folders of the build; the copies
		# find each other (librte_net_dpaa needs librte_bus_dpaa) beside
		# themselves, whatever order -d loads them in. The model's library
		# is found there too: the bus looks beside itself.
		patchelf --set-rpath '$ORIGIN' "$dest/librte_$lib.so.23.0"
	done
	echo "distro-plugins: $(cd "$dest" && pwd): ${ours[*]/#/librte_} (.so.23), librte_dpaa_model_platform.so"
	# EAL refuses a plugin below a folder anyone may write to.
	local d
	d=$(cd "$dest" && pwd -P)
	while [ "$d" != / ]; do
		if [ -n "$(find "$d" -maxdepth 0 -perm -0002)" ]; then
			echo "distro-plugins: warning: $d is world-writable: EAL will refuse plugins below it" >&2
		fi
		d=$(dirname "$d")
	done
}

# The distribution's libraries that ours replace, and those that need
# upstream's bus, mempool or PMD (by their NEEDED entries).
upstream_dpaa() {
	local dir f
	dir=$(pmd_dir)
	for f in "$dir"/librte_*.so.23.0; do
		[ -f "$f" ] || continue
		case $(basename "$f") in
		librte_bus_dpaa.so.23.0 | librte_mempool_dpaa.so.23.0 | librte_net_dpaa.so.23.0)
			echo "$f"
			continue
			;;
		esac
		if readelf -d "$f" | grep NEEDED | grep -q -E '\[librte_(bus|mempool|net)_dpaa\.so\.23\]'; then
			echo "$f"
		fi
	done
}

divert() {
	local dir f
	dir=$(pmd_dir)
	[ -d "$dir" ] || die "no $dir: install the distribution's DPDK first ('$0 packages')"
	for f in $(upstream_dpaa); do
		# Renamed to a name EAL does not load (it loads *.so and *.so.23.0);
		# the .so and .so.23 links to it are left dangling, which EAL skips.
		dpkg-divert --local --rename --divert "$f.upstream" --add "$f"
	done
}

undivert() {
	local f
	for f in $(dpkg-divert --list "$(pmd_dir)/librte_*" | awk '$6 ~ /\.upstream$/ {print $4}'); do
		dpkg-divert --local --rename --remove "$f"
	done
}

case ${1:-} in
packages) packages ;;
build)
	[ $# -eq 2 ] || die "usage: $0 build DIR"
	build "$2"
	;;
divert) divert ;;
undivert) undivert ;;
options) printf '%s\n' "${setup_options[@]}" ;;
*) die "usage: $0 packages | build DIR | divert | undivert | options" ;;
esac
