#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The benchmarks (suite "perf", never a pass/fail matter): on the modelled
# LX2160A-RDB (DPAA2) upstream's net_dpaa2 with and without its software VLAN
# strip and ours, in interleaved runs; testpmd forwarding through the
# modelled LS1046A-RDB (DPAA1) at 64..1518 bytes, untagged and 802.1Q, the
# references (net_ring, net_null, net_memif, upstream's net_dpaa on the same
# model), the VLAN-strip A/B end to end, the bursts against their floor,
# valgrind's instruction and miss counts per frame, and how the cost grows
# with flows, pool size and Rx queues. Writes results.json, tables.rst and
# PNG plots to a folder it prints; devtools/bench_page.py turns results.json
# into the benchmark guide's tables. Some 15 minutes on a quiet 2-CPU
# machine, much longer on a loaded one (each table gives the load).
#
#   devtools/bench.sh [--out DIR] [--quick] [bench.py options, see --help]
#
# --out DIR   where to write (default build/bench-<date>-<time>)
# --quick     a few points of each section: a smoke run of a few minutes
# Needs root for apt-get (python3-matplotlib, valgrind) the first time, like
# devtools/setup.sh. Builds build-valgrind/ (DPDK for a generic x86-64: the
# valgrind of Debian 12 cannot decode the AVX-512 a native build may hold)
# the first time; that takes as long as the first build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

out=
args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift ;;
	-h|--help) sed -n '3,24p' "$0" | sed 's/^# \{0,1\}//'; /usr/bin/python3 devtools/bench.py --help; exit 0 ;;
	*) args+=("$1") ;;
	esac
	shift
done
[ -n "$out" ] || out=$builddir/bench-$(date +%Y%m%d-%H%M%S)

devtools/setup.sh >/dev/null || devtools/setup.sh

missing=()
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || missing+=(python3-matplotlib)
command -v valgrind >/dev/null || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "bench: installing ${missing[*]}"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	else
		echo "bench: missing ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root; going on without" >&2
	fi
fi

# The builds the runs need, side by side (each is mostly waiting for the
# other's compiler on a 2-CPU machine, and a first build of each takes
# minutes): upstream's drivers (DPAA1 and DPAA2) once, and valgrind's
# build, DPDK for a generic x86-64 (configured once, then incremental).
upstream_pid=
if [ ! -x build-upstream/app/dpdk-testpmd ]; then
	echo "bench: building upstream's testpmd (buildtools/build-upstream)"
	buildtools/build-upstream >/dev/null &
	upstream_pid=$!
fi
vgdir=build-valgrind
if command -v valgrind >/dev/null; then
	if [ ! -f $vgdir/build.ninja ]; then
		echo "bench: configuring $vgdir (cpu_instruction_set=generic) for valgrind"
		meson setup $vgdir -Dcpu_instruction_set=generic >/dev/null
	fi
	echo "bench: building $vgdir/app/bench/datapath-bench"
	ninja -C $vgdir app/bench/datapath-bench >/dev/null
fi
if [ -n "$upstream_pid" ] && ! wait "$upstream_pid"; then
	echo "bench: no upstream build; its reference is skipped" >&2
fi

mkdir -p "$out"
echo "bench: writing to $out"
/usr/bin/python3 devtools/bench.py --out "$out" --build "$builddir" --valgrind-build $vgdir "${args[@]}"
echo "bench: results and plots in $out"
