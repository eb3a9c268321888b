#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Per-frame counts (callgrind: instructions, L1 and last-level misses, the
# emulation's traps apart) of the Rx and Tx bursts of upstream's drivers and
# ours, on the same modelled board through the same emulated kernel, and,
# for DPAA2, of our bursts against their floor. Prints a table; the JSON is
# described in devtools/frame_counts.py.
#
#   devtools/frame-counts.sh [--family dpaa2|dpaa] [frame_counts.py options]
#
# valgrind 3.19 does not decode the AVX-512 code of a -march=native build:
# ours runs from build-valgrind/ (as devtools/bench.sh builds it), upstream's
# from build-upstream-valgrind/ (buildtools/build-upstream, generic x86-64).
# Both are configured and built the first time, which takes as long as a
# first build. DPAA_VALGRIND_BUILD_DIR names another folder for ours.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
vgdir=${DPAA_VALGRIND_BUILD_DIR:-build-valgrind}

command -v valgrind >/dev/null || {
	echo "frame-counts: valgrind is missing: apt-get install -y valgrind" >&2
	exit 1
}
if [ ! -f "$vgdir/build.ninja" ]; then
	echo "frame-counts: configuring $vgdir (cpu_instruction_set=generic) for valgrind"
	meson setup "$vgdir" -Dcpu_instruction_set=generic >/dev/null
fi
echo "frame-counts: building $vgdir"
nice ninja -C "$vgdir" subprojects/dpdk/app/dpdk-testpmd lib/fslmc_emu/libfslmc_emu.so \
	lib/usdpaa_emu/libusdpaa_emu.so app/bench/dpaa2-datapath-bench app/bench/datapath-bench >/dev/null
# Upstream's build only when one of its drivers is asked for (--only
# names none of them: ours and the floor need none of it).
need_upstream=1
prev=
for arg in "$@"; do
	only=
	case $arg in --only=*) only=${arg#--only=} ;; esac
	[ "$prev" = --only ] && only=$arg
	if [ -n "$only" ]; then
		case ",$only," in *,upstream*) need_upstream=1 ;; *) need_upstream=0 ;; esac
	fi
	prev=$arg
done
if [ $need_upstream = 1 ] &&
	! DPAA_UPSTREAM_BUILD_DIR=build-upstream-valgrind buildtools/build-upstream --check; then
	echo "frame-counts: building build-upstream-valgrind (upstream's drivers, generic x86-64)"
	DPAA_UPSTREAM_BUILD_DIR=build-upstream-valgrind \
		DPAA_UPSTREAM_MESON_ARGS="-Dcpu_instruction_set=generic" nice buildtools/build-upstream
fi
exec /usr/bin/python3 devtools/frame_counts.py --build "$vgdir" --upstream build-upstream-valgrind "$@"
