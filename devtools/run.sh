#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The main job: set everything up when needed, then run dpdk-testpmd
# forwarding across two 10G ports of a modelled board: a traffic generator on
# one port's wire, a sink on the other's, testpmd forwarding in between.
# Prints what testpmd saw and what reached the sink.
#   LS1046A-RDB (DPAA1, the default): fm1-mac9 -> fm1-mac10.
#   LX2160A-RDB (DPAA2): dpmac.3 -> dpmac.4, our net_dpaa2 on the emulated
#     VFIO fsl-mc kernel; LS2088A-RDB (DPAA2, direct-mode portals):
#     dpmac.1 -> dpmac.2.
#
#   devtools/run.sh [options]
#     --board NAME       ls1046a-rdb (default), lx2160a-rdb or ls2088a-rdb
#     --size BYTES       frame size without FCS (default 64)
#     --vlan ID          802.1Q-tag the generated frames with VLAN ID
#     --flows N          number of UDP flows (default 64)
#     --duration SEC     how long to forward (default 10)
#     --fwd io|mac       testpmd forwarding mode (default io)
#     --queues N         Rx/Tx queues per port, RSS over IP (default 1)
#     --cores N          forwarding cores (default 1)
#     --huge             use hugepages (reserves them when possible) instead of --no-huge
#     --rate PPS|line|max  generator rate (default 1000000; line: the 10G line rate;
#                        max: as fast as the model goes)
#     --driver ours|upstream  our net_dpaa or net_dpaa2 (default), or upstream
#                        DPDK's own C driver (build-upstream/) on the emulated
#                        USDPAA or VFIO fsl-mc kernel
#     --platform model|board  our net_dpaa on its model platform (default), or
#                        as on a board, through the emulated USDPAA kernel
#                        that upstream's driver runs on (equal terms)
#     --profile          time the model thread's stages (DPAA_MODEL profile=on)
#                        and print them per forwarded frame
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

size=64 vlan= flows=64 duration=10 fwd=io queues=1 cores=1 huge=0 rate=1000000 driver= profile=0
platform=model
board=ls1046a-rdb
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift ;;
	--vlan) vlan=$2; shift ;;
	--flows) flows=$2; shift ;;
	--duration) duration=$2; shift ;;
	--fwd) fwd=$2; shift ;;
	--queues) queues=$2; shift ;;
	--cores) cores=$2; shift ;;
	--huge) huge=1 ;;
	--rate) rate=$2; shift ;;
	--driver) driver=$2; shift ;;
	--board) board=$2; shift ;;
	--platform) platform=$2; shift ;;
	--profile) profile=1 ;;
	-h|--help) sed -n '3,33p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "run: unknown option $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done
case "$fwd" in io|mac) ;; *) echo "run: --fwd must be io or mac" >&2; exit 2 ;; esac
# The family of the board, and the two 10G ports forwarded between: the
# generator's (in) and the sink's (out).
case "$board" in
ls1046a-rdb) family=dpaa in_port=fm1-mac9 out_port=fm1-mac10 ;;
lx2160a-rdb) family=dpaa2 in_port=dpmac.3 out_port=dpmac.4 ;;
ls2088a-rdb) family=dpaa2 in_port=dpmac.1 out_port=dpmac.2 ;;
*) echo "run: --board must be ls1046a-rdb, lx2160a-rdb or ls2088a-rdb" >&2; exit 2 ;;
esac
[ -n "$driver" ] || driver=ours
case "$driver" in ours|upstream) ;; *) echo "run: --driver must be ours or upstream" >&2; exit 2 ;; esac
case "$platform" in model|board) ;; *) echo "run: --platform must be model or board" >&2; exit 2 ;; esac
if [ "$platform" = board ] && { [ "$family" != dpaa ] || [ "$driver" != ours ]; }; then
	echo "run: --platform board is for our net_dpaa (upstream's drivers and our net_dpaa2 run on the emulated kernels)" >&2
	exit 2
fi

# A build for another machine (DPAA_EXEC_WRAPPER set) is set up by its own
# script, devtools/cross-build.sh; this machine's setup has nothing to add.
if [ -z "${DPAA_EXEC_WRAPPER:-}" ]; then
	devtools/setup.sh >/dev/null || devtools/setup.sh
fi

testpmd=$builddir/subprojects/dpdk/app/dpdk-testpmd
# DPAA_EXEC_WRAPPER runs binaries built for another machine (an arm64 build
# under qemu, see devtools/test-arm64.sh); unset, they run directly.
read -ra wrap <<<"${DPAA_EXEC_WRAPPER:-}"
gen="gen:size=$size:flows=$flows:rate=$rate"
[ -z "$vlan" ] || gen="$gen:vlan=$vlan"

# The model's thread shares CPU 0 with testpmd's main lcore, which only
# prints statistics; the forwarding lcores get the other CPU(s).
ncpu=$(nproc)
lcores="0@0"
for ((i = 1; i <= cores; i++)); do
	lcores="$lcores,$i@$(( ncpu > 1 ? 1 + (i - 1) % (ncpu - 1) : 0 ))"
done
mem=(--no-huge -m 1024)
if [ "$huge" = 1 ]; then
	if [ "$(cat /proc/sys/vm/nr_hugepages)" -lt 512 ] && [ -w /proc/sys/vm/nr_hugepages ]; then
		echo 512 >/proc/sys/vm/nr_hugepages || true
	fi
	mem=(-m 1024)
fi

model="board=$board;$in_port=$gen;$out_port=sink;mode=threaded"
[ "$profile" = 0 ] || model="$model;profile=on"
eal_extra=()
grace=20 # seconds testpmd has to exit after SIGINT
devices=(-a "dpaa_bus:$in_port" -a "dpaa_bus:$out_port")
logs=(--log-level=pmd.net.dpaa:info --log-level=bus.dpaa:info)
if [ "$family" = dpaa2 ]; then
	# Our net_dpaa2 or upstream's, unmodified, on the emulated VFIO fsl-mc
	# kernel: the container NXP's dynamic_dpl.sh would build for the two
	# wired DPMACs (dprc.2, a DPNI connected to each, in the order of the
	# DPMACs), IOVA as VA (the emulation's IOMMU table maps the process's
	# addresses). The same kernel interface serves both drivers.
	which="our net_dpaa2"
	if [ "$driver" = upstream ]; then
		testpmd=build-upstream/app/dpdk-testpmd
		which="upstream's net_dpaa2"
	fi
	export DPAA2_KERNEL_MODEL=$model DPRC=dprc.2
	emu=$root/$builddir/lib/fslmc_emu/libfslmc_emu.so
	[ -f "$emu" ] || { echo "run: no $emu (the emulated VFIO fsl-mc kernel, lib/fslmc_emu)" >&2; exit 1; }
	[ -x "$testpmd" ] || { echo "run: no $testpmd (buildtools/build-upstream builds upstream's)" >&2; exit 1; }
	export LD_PRELOAD=$emu
	eal_extra=(--iova-mode=va)
	devices=(-a fslmc:dpni.1 -a fslmc:dpni.2)
	logs=(--log-level=pmd.net.dpaa2:info)
	grace=120
	echo "run: DPAA2_KERNEL_MODEL=\"$DPAA2_KERNEL_MODEL\" DPRC=$DPRC ($which, emulated VFIO fsl-mc kernel)"
elif [ "$driver" = upstream ]; then
	# Upstream's driver, unmodified, on the emulated USDPAA kernel: IOVA as
	# VA (the emulation's bus addresses). Its Rx queues are in push mode as
	# by default; DPAA_PUSH_QUEUES_NUMBER=0 in the environment selects its
	# pull mode.
	testpmd=build-upstream/app/dpdk-testpmd
	export DPAA_KERNEL_MODEL=$model LD_PRELOAD=$root/$builddir/lib/usdpaa_emu/libusdpaa_emu.so
	eal_extra=(--iova-mode=va)
	# At exit testpmd frees its mempool, which upstream's ops empty from
	# BMan with one acquire command (a model round trip) per 8 buffers.
	grace=120
	echo "run: DPAA_KERNEL_MODEL=\"$DPAA_KERNEL_MODEL\" (upstream's driver, emulated USDPAA kernel)"
elif [ "$platform" = board ]; then
	# Ours as on a board: the bus finds no DPAA_MODEL and opens the USDPAA
	# kernel interface, here the same emulation upstream's driver runs on,
	# so that both pay the same trapped portal and register accesses.
	export DPAA_KERNEL_MODEL=$model LD_PRELOAD=$root/$builddir/lib/usdpaa_emu/libusdpaa_emu.so
	eal_extra=(--iova-mode=va)
	grace=120
	echo "run: DPAA_KERNEL_MODEL=\"$DPAA_KERNEL_MODEL\" (our driver, emulated USDPAA kernel)"
else
	export DPAA_MODEL=$model
	echo "run: DPAA_MODEL=\"$DPAA_MODEL\""
fi
out=$(mktemp)
pid=
# testpmd has normally exited by then: a failed kill must not become the
# script's exit status (set -e applies in the trap too).
trap '[ -z "$pid" ] || kill -INT "$pid" 2>/dev/null || true; rm -f "$out"' EXIT
echo "run: dpdk-testpmd, $fwd forwarding $in_port -> $out_port for ${duration}s, $queues queue(s), $cores core(s)"
# The duration is forwarding time: the clock starts when testpmd starts
# forwarding, not when it starts. Its start-up (EAL, the mbuf pool filled
# into BMan, the ports configured) costs a trap per portal and register
# access through the emulated kernel, which took from 4 to over 11 s on the
# loaded 2-CPU machine: a SIGINT sent by the clock of the whole process came
# before forwarding began, and testpmd then forwarded one burst (15 frames,
# the DQRR's fill) and stopped. testpmd prints its first statistics (and
# flushes its output) as soon as forwarding has started.
startup_limit=600 # seconds testpmd has to start forwarding
# The emulated kernel is for testpmd, not for the tools that watch it.
preload=${LD_PRELOAD:-}
unset LD_PRELOAD
set +e
env ${preload:+LD_PRELOAD="$preload"} "${wrap[@]}" "$testpmd" --lcores "$lcores" "${mem[@]}" "${eal_extra[@]}" --no-pci --no-shconf \
	"${devices[@]}" "${logs[@]}" -- \
	--forward-mode="$fwd" --nb-cores="$cores" --rxq="$queues" --txq="$queues" \
	$([ "$queues" -gt 1 ] && echo --rss-ip) --record-core-cycles --stats-period=1 \
	--total-num-mbufs=8192 </dev/null >"$out" 2>&1 &
pid=$!
started=$EPOCHSECONDS
until grep -q "NIC statistics for port" "$out"; do
	if ! kill -0 "$pid" 2>/dev/null || [ $((EPOCHSECONDS - started)) -ge $startup_limit ]; then
		break
	fi
	sleep 0.2
done
forwarding=0
if grep -q "NIC statistics for port" "$out"; then
	forwarding=1
	echo "run: forwarding started $((EPOCHSECONDS - started)) s after testpmd did"
	sleep "$duration"
fi
kill -INT "$pid" 2>/dev/null
# testpmd exits 0 after SIGINT; one that does not stop in time is killed.
for ((i = 0; i < grace * 5; i++)); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.2
done
kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
wait "$pid"
rc=$?
set -e
if [ $forwarding = 0 ] || { [ $rc -ne 0 ] && [ $rc -ne 130 ]; }; then
	sed 's/\x1b\[[0-9;]*[A-Za-z]//g' "$out" | tail -n 40
	if [ $forwarding = 0 ]; then
		echo "run: dpdk-testpmd did not start forwarding ($rc)" >&2
	else
		echo "run: dpdk-testpmd failed ($rc)" >&2
	fi
	exit 1
fi
/usr/bin/python3 devtools/run_report.py "$out" "$duration"
