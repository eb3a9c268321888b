#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Per-frame counts of the drivers' Rx and Tx bursts under callgrind, on
equal terms: every driver in the same dpdk-testpmd flow, on the same
modelled board, through the same emulated kernel interface, with the cost
of the emulation's traps counted apart from the driver's.

usage: frame_counts.py [--family dpaa2|dpaa] [--frames N] [--tx-bursts N]
                       [--build build-valgrind] [--upstream build-upstream-valgrind]
                       [--out DIR] [--json FILE] [--only NAME,...] [--jobs N]

Drivers (--family):
  dpaa2  (LX2160A-RDB, dpmac.3/dpmac.4, the emulated VFIO fsl-mc kernel
         lib/fslmc_emu): upstream's net_dpaa2 without the strip (the
         seed's "after"), upstream's with --enable-hw-vlan-strip (the
         "before"), ours;
  dpaa   (LS1046A-RDB, fm1-mac9/fm1-mac10, the emulated USDPAA kernel
         lib/usdpaa_emu): upstream's net_dpaa and ours on the board
         platform (the same kernel interface, the same traps), and ours on
         its model platform (no traps: a second table).

Each driver runs twice under callgrind (with its cache simulator set to the
board's cores: A72 of the LX2160A, L1D 32 KiB 2-way, L1I 48 KiB 3-way, the
1 MiB cluster L2 as last level; A72 of the LS1046A, the same L1s and its
2 MiB L2): once with --frames 64-byte UDP frames of a pcap file queued in
port 0's Rx queue before forwarding starts, once with none. testpmd's
start drains the Rx queues in full bursts on the main lcore
(flush_fwd_rx_queues), then sends one burst on each port ("start
tx_first 1", txonly's pkt_burst_transmit on the forwarding lcore: its
first use of a portal and of the pool's cache, left out of the figures);
after a "stop", a second "start tx_first" sends --tx-bursts bursts on
each port, which the Tx figures are of.

  rx   the Rx burst's cost under the first start's flush_fwd_rx_queues
       (inclusive), the run's less the run's without frames (their empty
       bursts, the portal's first use, cancel out), divided by the frames
       the Rx port enqueued, from the emulation's report at exit (all of
       --frames, unless the driver's Rx queue tail-drops: upstream's
       net_dpaa past 256 frames, hence that family's default of 256);
  tx   the Tx burst's cost under pkt_burst_transmit (inclusive) in the
       second start's bursts, divided by the frames testpmd counts sent
       then; the Tx bursts of the two runs are the same;
  traps  the accesses the emulation trapped while the drain ran (less
       those of the empty drain, per frame received: the Rx bursts' and
       those of testpmd's frees, which give the buffers back to their
       pool) and while the second start's tx_first bursts ran (per frame
       sent: the Tx bursts' and the pool's, which gives testpmd its
       mbufs), and the instructions and
       misses of its SIGSEGV handler meanwhile (inclusive: the decode and
       the model's work done in the handler, a doorbell's command for
       instance). Callgrind writes a part of its profile as each starts
       and ends (--dump-before/--dump-after), so the polls of the waits
       and of the forwarding, whose number depends on timing, are left
       out. The handler runs as a signal handler, which callgrind keeps
       out of the bursts' inclusive cost: the bursts' figures are the
       drivers' own. What the kernel's signal delivery and return cost is
       not in any figure (valgrind delivers the signal itself); on
       silicon none of it exists (a doorbell is a store).

The floor too (app/bench/dpaa2-datapath-bench, or datapath-bench for
dpaa, under callgrind, warm: valgrind's cache simulator ignores the
benchmark's cache flushes): our bursts and the loops that touch only the
lines a burst must (dpaa2_datapath_floor.hpp, datapath_floor.hpp), each
timed call's inclusive cost divided by its frames. DPAA1's benchmark runs
the model stepped on its own platform, in the benchmark's process.

Figures: instructions (Ir), L1 data misses (D1mr + D1mw) and last-level
misses (DLmr + DLmw + ILmr) per frame. Deterministic but for the model's
thread: one run each, --jobs of them at once (default: one per CPU; a
valgrind runs its guest's threads one at a time).

The JSON (--json, default DIR/frame_counts.json), for other tools:
  {"family": "dpaa2", "board": ..., "frames": N, "tx_frames": ...,
   "caches": [valgrind options], "started": ..., "machine": {...},
   "drivers": {NAME: {"platform": "board" | "model", "strip": bool,
                      "rx": {"instructions": .., "l1d_misses": ..,
                             "ll_misses": .., "bursts": .., "empty_bursts": ..,
                             "frames": the frames the drain took,
                             "traps": {"per_frame": .., "instructions": ..,
                                       "l1d_misses": .., "ll_misses": ..}},
                      "tx": {... the same, "frames": ..,
                             "error": text if the bursts waited for the
                                      model's thread (figures kept)},
                      "traps": {"total": .., "total_without_frames": ..},
                      "commands": [the two command lines], "error": text}},
   "floor": {"rx": {...}, "rx-floor": {...}, "tx": {...}, "tx-floor": {...},
             "rx_over_floor": {figure: ratio}, "tx_over_floor": {...},
             "frames": {variant: n}, "command": ..., "error": text}}
every figure per frame; a driver that could not run has "error" and no
figures. load(path) reads it back; table(results) is the printed table.
"""

import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "app", "test", "apps"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import frames as frames_py  # noqa: E402  (the tests' frame builder and pcap writer)

RX_CALLER = "flush_fwd_rx_queues"
TX_CALLER = "pkt_burst_transmit"
TRAP_HANDLER = r"dpaa::emu::\(anonymous namespace\)::on_segv\("
# The handler decodes and performs each trapped access in one call.
TRAP_EMULATE = r"^dpaa::emu::trap_emulate\("
# testpmd's drain (main lcore) and its tx_first bursts (the forwarding
# lcore, launched once per burst): callgrind writes a part of its profile
# when each starts and ends, so the traps taken while they run are counted
# apart from those of the polls before and after them, whose number
# depends on timing.
TX_FIRST = "run_one_txonly_burst_on_core"
# valgrind must keep the registers exact at every instruction for the
# emulation's handler, which decodes the trapped access from the signal's
# context and resumes with the registers it changed (dpaa2-vlan-ab.py).
VALGRIND = ["valgrind", "--tool=callgrind", "--cache-sim=yes",
            "--vex-iropt-register-updates=allregs-at-each-insn", "--vex-guest-chase=no",
            "--vex-iropt-level=0"] + ["--dump-%s=%s" % (when, fn) for fn in (RX_CALLER, TX_FIRST)
                                      for when in ("before", "after")]
SRC = frames_py.mac("02:00:00:00:11:11")


class Driver:
    """One driver on one family's board: how its testpmd is started, and
    the names of its bursts (regular expressions on callgrind's names)."""

    # How a run sees that the port has taken every queued frame: testpmd's
    # command and its figure (the port's ingress counter).
    QUEUED = ("show port stats 0", r"RX-packets: +(\d+)")

    def __init__(self, name, ours, rx, tx, platform="board", strip=False, queued=QUEUED):
        self.name, self.ours, self.rx, self.tx = name, ours, rx, tx
        self.platform, self.strip, self.queued = platform, strip, queued


class Family:
    def __init__(self, name, board, ports, mac, eal, caches, drivers, trap_log, rx_enqueued, frames):
        self.name, self.board, self.ports, self.mac = name, board, ports, mac
        self.eal, self.caches, self.drivers, self.trap_log = eal, caches, drivers, trap_log
        # The emulation's report at exit: the frames the Rx port enqueued
        # to its queues (those the drain can take).
        self.rx_enqueued = rx_enqueued
        # Frames queued by default: as many as every driver's Rx queue
        # takes without tail drop.
        self.frames = frames


FAMILIES = {
    "dpaa2": Family(
        "dpaa2", "lx2160a-rdb", ("dpmac.3", "dpmac.4"), "00:00:00:00:00:03",
        ["--iova-mode=va", "-a", "fslmc:dpni.1", "-a", "fslmc:dpni.2",
         "--log-level=pmd.net.dpaa2:warning"],
        ["--D1=32768,2,64", "--I1=49152,3,64", "--LL=1048576,16,64"],
        [Driver("upstream", False, r"^dpaa2_dev_prefetch_rx$", r"^dpaa2_dev_tx$"),
         Driver("upstream-strip", False, r"^dpaa2_dev_prefetch_rx$", r"^dpaa2_dev_tx$", strip=True),
         # Our net_dpaa2's ipackets are the frames its bursts took (none
         # before forwarding starts); the DPNI's ingress count is an
         # extended statistic.
         Driver("ours", True, r"dpaa2::net::.*::rx_burst<", r"dpaa2::net::.*::tx_burst[<(]",
                queued=("show port xstats 0", r"ingress_all_frames: +(\d+)"))],
        r"trapped accesses (\d+)", r"dpni\.1 rx: .*; (\d+) enqueued", 512),
    "dpaa": Family(
        "dpaa", "ls1046a-rdb", ("fm1-mac9", "fm1-mac10"), "02:00:00:D9:01:09",
        ["--iova-mode=va", "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10",
         "--log-level=pmd.net.dpaa:warning"],
        ["--D1=32768,2,64", "--I1=49152,3,64", "--LL=2097152,16,64"],
        [Driver("upstream", False, r"^dpaa_eth_queue_rx$", r"^dpaa_eth_queue_tx$"),
         # Our net_dpaa's ipackets are the frames its bursts took; the
         # mEMAC's count is an extended statistic.
         Driver("ours", True, r"dpaa::net::.*rx_burst<", r"dpaa::net::.*tx_burst<",
                queued=("show port xstats 0", r"rx_mac_good_packets: +(\d+)")),
         Driver("ours-model", True, r"dpaa::net::.*rx_burst<", r"dpaa::net::.*tx_burst<",
                platform="model", queued=("show port xstats 0", r"rx_mac_good_packets: +(\d+)"))],
        # Upstream's net_dpaa tail-drops past 256 frames on an Rx FQ
        # (CGR_RX_PERFQ_THRESH in its dpaa_ethdev.h).
        r"(\d+) accesses trapped", r"fm1-mac9 rx: .*; (\d+) enqueued", 256),
}


# ------------------------------------------------------------ callgrind files

class Profile:
    """A callgrind output file: each function's own cost, and each call
    arc's count and inclusive cost."""

    def __init__(self, path):
        self.events = []
        self.self_cost = {}  # fn -> {event: count}
        self.arcs = {}  # (caller, callee) -> [calls, {event: count}]
        # Compressed names, one table each for functions, files and
        # objects: "(12) name" defines id 12, "(12)" refers to it.
        tables = {"fn": {}, "fl": {}, "ob": {}}

        def ref(text, kind="fn"):
            m = re.match(r"\((\d+)\)(?: (.*))?", text)
            if not m:
                return text
            names = tables[kind]
            if m.group(2):
                names[m.group(1)] = m.group(2)
            return names.get(m.group(1), text)

        self.trigger = ""  # what made callgrind write this part
        self.start = 0  # the basic block its time range starts at
        fn = cfn = None
        pending = None
        for line in open(path, errors="replace"):
            line = line.rstrip("\n")
            if not line:
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                costs = [int(x) for x in line.split()[1:]]
                if pending:
                    arc = self.arcs.setdefault(pending, [0, {}])
                    arc[0] += ncalls
                    for e, v in zip(self.events, costs):
                        arc[1][e] = arc[1].get(e, 0) + v
                    pending = None
                elif fn is not None:
                    own = self.self_cost.setdefault(fn, {})
                    for e, v in zip(self.events, costs):
                        own[e] = own.get(e, 0) + v
            elif line.startswith("desc: Timerange: Basic block "):
                self.start = int(line.split()[4])
            elif line.startswith("desc: Trigger:"):
                self.trigger = line.split(":", 2)[2].strip()
            elif line.startswith("events:"):
                self.events = line.split()[1:]
            elif line.startswith("fn="):
                fn = ref(line[3:])
            elif line.startswith("cfn="):
                cfn = ref(line[4:])
            elif line.startswith("calls="):
                pending = (fn, cfn)
                ncalls = int(line[6:].split()[0])
            elif line.startswith(("cfi=", "cfl=", "fl=", "fi=", "fe=")):
                ref(line.split("=", 1)[1], "fl")
            elif line.startswith(("cob=", "ob=")):
                ref(line.split("=", 1)[1], "ob")

    def match(self, pattern):
        rx = re.compile(pattern)
        return {f for f in set(self.self_cost) | {a[1] for a in self.arcs} if f and rx.search(f)}

    def calls(self, caller, callee_pattern):
        """Calls from `caller` to functions matching the pattern, and their
        inclusive cost: (calls, {event: count})."""
        names = self.match(callee_pattern)
        n, total = 0, {}
        for (src, dst), (k, cost) in self.arcs.items():
            if src == caller and dst in names:
                n += k
                for e, v in cost.items():
                    total[e] = total.get(e, 0) + v
        return n, total

    def inclusive(self, pattern):
        """Own cost plus every call's of the functions matching the
        pattern (which do not call each other)."""
        names = self.match(pattern)
        total = {}
        for f in names:
            for e, v in self.self_cost.get(f, {}).items():
                total[e] = total.get(e, 0) + v
        for (src, _), (_, cost) in self.arcs.items():
            if src in names:
                for e, v in cost.items():
                    total[e] = total.get(e, 0) + v
        return total


class Parts:
    """The parts of one callgrind run in order (FILE.1, FILE.2, ..., then
    FILE at exit): sums over all of them, or over those that end when a
    function returns (its calls and what ran meanwhile)."""

    def __init__(self, path):
        self.parts = []
        n = 1
        while os.path.exists("%s.%d" % (path, n)):
            self.parts.append(Profile("%s.%d" % (path, n)))
            n += 1
        self.parts.append(Profile(path))
        self.parts.sort(key=lambda p: p.start)

    def during(self, fn):
        """The parts that end as a call of fn returns, one per call."""
        return [p for p in self.parts if p.trigger == "--dump-after=" + fn]

    @staticmethod
    def _sum(parts, what, *args):
        n, total = 0, {}
        for p in parts:
            got = getattr(p, what)(*args)
            if what == "calls":
                n += got[0]
                got = got[1]
            for e, v in got.items():
                total[e] = total.get(e, 0) + v
        return (n, total) if what == "calls" else total

    def calls(self, caller, callee_pattern, parts=None):
        return self._sum(self.parts if parts is None else parts, "calls", caller, callee_pattern)

    def traps(self, fn, first=0, end=None):
        """The trapped accesses while fn ran (its calls first to end), and
        their handler's cost."""
        parts = self.during(fn)[first:end]
        handlers = {f for p in parts for f in p.match(TRAP_HANDLER)}
        n = sum(self.calls(h, TRAP_EMULATE, parts)[0] for h in handlers)
        return n, self._sum(parts, "inclusive", TRAP_HANDLER)


def figures(events, per):
    """Instructions and misses of callgrind events, divided by `per`."""
    per = float(per) if per else float("nan")
    return {"instructions": events.get("Ir", 0) / per,
            "l1d_misses": (events.get("D1mr", 0) + events.get("D1mw", 0)) / per,
            "ll_misses": (events.get("DLmr", 0) + events.get("DLmw", 0) + events.get("ILmr", 0)) / per}


def minus(a, b):
    return {e: a.get(e, 0) - b.get(e, 0) for e in set(a) | set(b)}


# ------------------------------------------------------------ runs

class Counts:
    def __init__(self, a, family):
        self.a, self.f = a, family
        self.build = os.path.abspath(a.build)
        self.upstream = os.path.abspath(a.upstream)

    def testpmd(self, d):
        if d.ours:
            return os.path.join(self.build, "subprojects", "dpdk", "app", "dpdk-testpmd")
        return os.path.join(self.upstream, "app", "dpdk-testpmd")

    def env(self, d, frames):
        f = self.f
        if frames:
            # One file per driver: the drivers' runs may be under way at once.
            path = os.path.join(os.path.abspath(self.a.out), "%s.%s.%d.pcap" % (f.name, d.name, frames))
            frames_py.write_pcap(path, [frames_py.udp4_frame(frames_py.mac(f.mac), SRC, i % 64, size=60)
                                        for i in range(frames)])
            # Played as soon as the port is enabled (promiscuous mode comes
            # later: the frames are addressed to the port).
            gen = "pcap:rx=%s:start=enable" % path
        else:
            gen = "none"
        model = "board=%s;%s=%s;%s=sink;mode=threaded" % (f.board, f.ports[0], gen, f.ports[1])
        e = dict(os.environ)
        for k in ("DPAA_MODEL", "DPAA_KERNEL_MODEL", "DPAA2_KERNEL_MODEL", "LD_PRELOAD"):
            e.pop(k, None)
        if f.name == "dpaa2":
            e.update(DPAA2_KERNEL_MODEL=model, DPRC="dprc.2",
                     LD_PRELOAD=os.path.join(self.build, "lib", "fslmc_emu", "libfslmc_emu.so"))
        elif d.platform == "model":
            e.update(DPAA_MODEL=model)
        else:
            e.update(DPAA_KERNEL_MODEL=model,
                     LD_PRELOAD=os.path.join(self.build, "lib", "usdpaa_emu", "libusdpaa_emu.so"))
        return e

    def run(self, d, frames):
        """testpmd under callgrind; returns (Profile or None, output, command)."""
        out = os.path.join(self.a.out, "callgrind.%s.%s.%d" % (self.f.name, d.name, frames))
        for old in glob.glob(out + ".*"):  # a previous run's parts
            os.remove(old)
        eal = list(self.f.eal)
        if d.platform == "model":
            eal.remove("--iova-mode=va")
        # One set of files per process: a child forked to run a command
        # (upstream's driver sets interrupt affinities with system())
        # would write its parts over testpmd's.
        cmd = (["stdbuf", "-oL"] + VALGRIND + self.f.caches + ["--callgrind-out-file=" + out + ".%p",
               self.testpmd(d), "-l", "0,1", "--no-huge", "-m", "512", "--no-pci", "--no-shconf"] + eal +
               ["--", "-i", "--forward-mode=io", "--nb-cores=1", "--total-num-mbufs=4096"] +
               (["--enable-hw-vlan-strip"] if d.strip else []))
        e = self.env(d, frames)
        shown = " ".join("%s=%s" % (k, e[k]) for k in
                         ("DPAA_MODEL", "DPAA_KERNEL_MODEL", "DPAA2_KERNEL_MODEL", "DPRC", "LD_PRELOAD")
                         if k in e) + " " + " ".join(cmd)
        p = subprocess.Popen(cmd, env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, bufsize=1, cwd=self.a.out)
        text = []

        def until(pattern, timeout):
            deadline = time.monotonic() + timeout
            buf = ""
            while time.monotonic() < deadline:
                line = p.stdout.readline()
                if not line:
                    break
                text.append(line)
                buf += line
                if re.search(pattern, buf, re.M):
                    return buf
            raise RuntimeError("no %r from testpmd under valgrind" % pattern)

        def command(line, pattern, timeout=1800):
            p.stdin.write(line + "\n")
            p.stdin.flush()
            return until(pattern, timeout)

        try:
            # testpmd's prompt ends no line: ask for one that does.
            command("show port info 0", r"Link status", 1800)
            deadline = time.monotonic() + 900
            while frames:
                # The frames are queued once the port counts them all.
                # "show port stats" after it: its TX-packets ends the answer.
                stats = command(d.queued[0] + "\nshow port stats 0", r"TX-packets")
                m = re.search(d.queued[1], stats)
                if (m and int(m.group(1)) >= frames) or time.monotonic() > deadline:
                    break
                time.sleep(2)
            # A first burst puts a portal and the pool's cache in use on
            # the forwarding lcore; the second start's bursts are counted.
            for bursts in (1, self.a.tx_bursts):
                command("start tx_first %d" % bursts, r"Start automatic packet forwarding|forwarding")
                command("stop", r"Accumulated forward statistics[\s\S]*?TX-packets: +\d+")
            p.stdin.write("quit\n")
            p.stdin.flush()
            rest, _ = p.communicate(timeout=1800)
            text.append(rest)
        except (RuntimeError, subprocess.TimeoutExpired, BrokenPipeError) as exc:
            text.append("\nframe_counts: %s\n" % exc)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        output = "".join(text)
        try:
            return Parts("%s.%d" % (out, p.pid)), output, shown
        except OSError:
            return None, output, shown

    def logged_run(self, d, frames):
        log("%s %s: callgrind with %d frames queued" % (self.f.name, d.name, frames))
        return self.run(d, frames)

    def driver(self, d, pool):
        """The driver's two runs, on the pool's workers; returns a function
        that waits for them and gives the driver's figures."""
        pending = [(frames, pool.submit(self.logged_run, d, frames)) for frames in (self.a.frames, 0)]

        def figures_once_more_if_cut_short():
            got = self.driver_figures(d, [(frames, f.result()) for frames, f in pending])
            # A refill on the driver's thread waits a bounded time for the
            # model's lock, which a model thread that valgrind left off the
            # CPU may hold: a drain cut short by that is run once more (the
            # figures are counts, not timings: a run that took every frame
            # counts within a few tenths of the same).
            if got.get("error", "").startswith("the drain took"):
                log("%s %s: %s; once more" % (self.f.name, d.name, got["error"].split(",")[0]))
                got = self.driver_figures(d, [(frames, self.logged_run(d, frames))
                                              for frames in (self.a.frames, 0)])
                got["runs"] = 2
            return got
        return figures_once_more_if_cut_short

    def driver_figures(self, d, done):
        got = {"platform": d.platform, "strip": d.strip, "commands": []}
        runs = {}
        for frames, (prof, output, cmd) in done:
            got["commands"].append(cmd)
            traps = re.findall(self.f.trap_log, output)
            # What the second start sent (statistics restart at each start).
            sent = re.findall(r"Accumulated forward statistics[\s\S]*?TX-packets: +(\d+)", output)
            if prof is None or len(sent) < 2:
                got["error"] = output[-3000:]
                return got
            # The frames the Rx queue got, from the emulation's report.
            # (Ours on its model platform has no emulated kernel, and no
            # such report: every frame queued is taken as enqueued.)
            enqueued = re.findall(self.f.rx_enqueued, output)
            taken = int(enqueued[-1]) if enqueued else frames
            if frames and not taken:
                got["error"] = "no frame was enqueued on the Rx port: " + output[-2000:]
                return got
            # Frames the first start's forwarding received: those the drain
            # did not take.
            late = re.search(r"Accumulated forward statistics[\s\S]*?RX-packets: +(\d+)", output)
            if frames and late and int(late.group(1)):
                got["error"] = ("the drain took %d of the %d frames queued, the forwarding the rest: a "
                                "push-mode portal that the model's thread refills, which valgrind runs "
                                "one thread at a time" % (taken - int(late.group(1)), taken))
                return got
            runs[frames] = (prof, int(traps[-1]) if traps else None, int(sent[-1]), taken)
        (run, run_traps, sent, taken), (base, base_traps, _, _) = runs[self.a.frames], runs[0]
        # The first start's drain: the frames and the empty polls. (The
        # second start's finds nothing, but may wait for a pull another
        # queue left pending on the portal, for as long as valgrind takes
        # to run the model's thread: not a driver's cost.)
        n, cost = run.calls(RX_CALLER, d.rx, run.during(RX_CALLER)[:1])
        n0, cost0 = base.calls(RX_CALLER, d.rx, base.during(RX_CALLER)[:1])
        # Per frame the drain took: those the Rx queue got (a queue that
        # tail-drops past a threshold gets fewer than were queued).
        got["rx"] = dict(figures(minus(cost, cost0), taken), bursts=n, empty_bursts=n0, frames=taken)
        counted = run.during(TX_FIRST)[1:]
        n, cost = run.calls(TX_CALLER, d.tx, counted)
        got["tx"] = dict(figures(cost, sent), bursts=n, frames=sent)
        # The traps of the drain less those of the empty drain, per frame
        # received; those of the second start's bursts per frame sent.
        (k, handler), (k0, handler0) = run.traps(RX_CALLER, 0, 1), base.traps(RX_CALLER, 0, 1)
        got["rx"]["traps"] = dict(figures(minus(handler, handler0), taken), per_frame=(k - k0) / float(taken))
        k, handler = run.traps(TX_FIRST, 1)
        got["tx"]["traps"] = dict(figures(handler, sent), per_frame=k / float(sent) if sent else None)
        # A burst that spins on a ring index only the model's thread
        # updates counts its spin until valgrind lets that thread run:
        # no figure of the driver's.
        if got["tx"]["instructions"] > TX_WAITED:
            got["tx"]["error"] = ("the Tx bursts waited for the model's thread (%.0f instructions per frame): "
                                  "a ring index that only the model's thread updates, which valgrind runs "
                                  "one thread at a time" % got["tx"]["instructions"])
        # The whole runs', from the emulation's exit log: start-up's,
        # the waits' and the forwarding's polls included.
        got["traps"] = dict(total=run_traps, total_without_frames=base_traps)
        if not n or not got["rx"]["bursts"]:
            got["error"] = "no burst found under %s or %s: %s" % (RX_CALLER, TX_CALLER, output[-2000:])
        return got


# Instructions per frame above which a Tx burst waited for the model's
# thread: a hundred times what any driver's burst needs.
TX_WAITED = 10000


# The benchmark's call sites, one per variant (dpaa2_datapath_bench.cpp).
class Floor:
    """A family's floor benchmark: its executable, arguments and
    environment, and the call site of each variant (rx_call<V>, tx_call<V>:
    the variant's number in the benchmark's enum)."""

    def __init__(self, exe, args, env, calls):
        self.exe, self.args, self.env, self.calls = exe, args, env, calls


FLOORS = {
    "dpaa2": Floor("dpaa2-datapath-bench", ["--warm"],
                   {"DPRC": "dprc.2", "LD_PRELOAD": "lib/fslmc_emu/libfslmc_emu.so",
                    "DPAA2_KERNEL_MODEL": "board=lx2160a-rdb;dpmac.3=loopback;mode=threaded"},
                   {"rx": 0, "rx-floor": 1, "tx": 3, "tx-floor": 4}),
    # Untagged, as the drivers' runs.
    "dpaa": Floor("datapath-bench", ["--warm", "--untagged"], {},
                  {"rx": 0, "rx-floor": 3, "tx": 4, "tx-floor": 5}),
}


def floor(a, family, rounds=50):
    """The family's floor benchmark under callgrind: per frame of each variant."""
    fl = FLOORS[family.name]
    build = os.path.abspath(a.build)
    exe = os.path.join(build, "app", "bench", fl.exe)
    out = os.path.join(a.out, "callgrind.%s.floor" % family.name)
    if not os.path.exists(exe):
        return {"error": "no %s" % exe}
    cmd = VALGRIND + family.caches + ["--callgrind-out-file=" + out, exe, "--rounds", str(rounds)] + fl.args
    env = dict((k, os.path.join(build, v) if k == "LD_PRELOAD" else v) for k, v in fl.env.items())
    e = dict(os.environ, **env)
    e.pop("DPAA_MODEL", None)
    log("%s floor: %s under callgrind, %d rounds" % (family.name, fl.exe, rounds))
    p = subprocess.run(cmd, env=e, capture_output=True, text=True, timeout=3600)
    got = {"command": " ".join("%s='%s'" % kv for kv in env.items()) + (" " if env else "") + " ".join(cmd)}
    line = [x for x in p.stdout.splitlines() if x.startswith("{")]
    if p.returncode != 0 or not line or not os.path.exists(out):
        got["error"] = (p.stdout + p.stderr)[-3000:]
        return got
    bench_json = json.loads(line[-1])
    prof = Profile(out)
    batch = {"rx": bench_json["rx_batch"], "rx-floor": bench_json["rx_batch"],
             "tx": bench_json["tx_batch"], "tx-floor": bench_json["tx_batch"]}
    got["frames"] = {}
    for v, n in fl.calls.items():
        # Short rounds (a frame late) are rare and counted by the bench.
        frames = rounds * batch[v]
        got["frames"][v] = frames
        got[v] = figures(prof.inclusive(r"^unsigned short %s_call<%d>" % (v[:2], n)), frames)
    for d in ("rx", "tx"):
        got[d + "_over_floor"] = {k: (got[d][k] / got[d + "-floor"][k] if got[d + "-floor"][k] else None)
                                 for k in got[d]}
    got["short_rounds"] = bench_json.get("short_rounds")
    return got


def log(msg):
    print("frame_counts: " + msg, file=sys.stderr, flush=True)


def table(results):
    """The results as a text table, one row per driver and direction."""
    rows = ["%-16s %-6s %-5s %12s %10s %10s %11s %13s" % (
        "driver", "where", "dir", "instr/frame", "L1D/frame", "LL/frame", "traps/frame", "trap instr/fr")]
    for name, d in results["drivers"].items():
        if "rx" not in d:
            rows.append("%-16s %-6s %s" % (name, d.get("platform", ""), "error: see the JSON"))
            continue
        for what in ("rx", "tx"):
            x = d[what]
            if "error" in x:
                rows.append("%-16s %-6s %-5s error: see the JSON" % (name, d["platform"], what))
                continue
            t = x.get("traps") or {}
            rows.append("%-16s %-6s %-5s %12.1f %10.2f %10.2f %11s %13s" % (
                name, d["platform"], what, x["instructions"], x["l1d_misses"], x["ll_misses"],
                "%.3f" % t["per_frame"] if t.get("per_frame") is not None else "",
                "%.0f" % t["instructions"] if t.get("instructions") is not None else ""))
    fl = results.get("floor")
    if fl and "rx" in fl:
        rows.append("")
        rows.append("%-16s %12s %10s %10s   (the family's datapath bench, warm)" % (
            "floor", "instr/frame", "L1D/frame", "LL/frame"))
        for v in ("rx", "rx-floor", "tx", "tx-floor"):
            x = fl[v]
            rows.append("%-16s %12.1f %10.2f %10.2f" % ("ours " + v if "floor" not in v else v,
                                                         x["instructions"], x["l1d_misses"], x["ll_misses"]))
        for d in ("rx", "tx"):
            r = fl[d + "_over_floor"]
            rows.append("%-16s %12s %10s %10s" % (d + " / floor", *("%.2f" % r[k] if r[k] else "-" for k in
                                                                   ("instructions", "l1d_misses", "ll_misses"))))
    elif fl:
        rows.append("floor: error, see the JSON")
    return "\n".join(rows)


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--family", choices=sorted(FAMILIES), default="dpaa2")
    p.add_argument("--frames", type=int, default=None,
                   help="frames queued for the Rx drain (default: the family's, 512 for dpaa2, 256 for dpaa)")
    p.add_argument("--tx-bursts", type=int, default=4, help="tx_first bursts on each port")
    p.add_argument("--build", default="build-valgrind", help="ours, a generic x86-64 build")
    p.add_argument("--upstream", default="build-upstream-valgrind")
    p.add_argument("--out", default=None, help="default BUILD/frame-counts-FAMILY")
    p.add_argument("--json", default=None)
    p.add_argument("--only", default=None,
                   help="these drivers only (comma-separated names; \"floor\": our bursts' floor)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="valgrind runs at once (default: the CPUs)")
    a = p.parse_args()
    os.chdir(ROOT)
    a.out = os.path.abspath(a.out or os.path.join(a.build, "frame-counts-" + a.family))
    os.makedirs(a.out, exist_ok=True)
    family = FAMILIES[a.family]
    a.frames = a.frames or family.frames
    c = Counts(a, family)
    for d in family.drivers:
        if (not a.only or d.name in a.only.split(",")) and not os.path.exists(c.testpmd(d)):
            log("%s is missing: devtools/frame-counts.sh builds it" % c.testpmd(d))
            return 1
    import bench  # machine()
    results = {"family": family.name, "board": family.board, "frames": a.frames,
               "tx_bursts": a.tx_bursts, "caches": family.caches, "started": time.strftime("%F %T"),
               "machine": bench.machine(), "drivers": {}}
    wanted = a.only.split(",") if a.only else [d.name for d in family.drivers]
    path = a.json or os.path.join(a.out, "frame_counts.json")
    # The runs are independent and each valgrind runs its guest's threads
    # one at a time: --jobs of them at once (the counts do not depend on
    # it; the figures are differences of deterministic counts).
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        drivers = [(d.name, c.driver(d, pool)) for d in family.drivers if d.name in wanted]
        floor_run = None
        if "floor" in wanted + ([] if a.only else ["floor"]):
            floor_run = pool.submit(floor, a, family)
        for name, figures_of in drivers:
            results["drivers"][name] = figures_of()
            with open(path, "w") as f:
                json.dump(results, f, indent=1)
        if floor_run is not None:
            results["floor"] = floor_run.result()
            with open(path, "w") as f:
                json.dump(results, f, indent=1)
    print(table(results))
    log("results and commands in %s" % path)
    return 0 if all("error" not in d for d in results["drivers"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
