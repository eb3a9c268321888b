#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The seed's A/B in cost on upstream's own net_dpaa2 (build-upstream/), on
the modelled LX2160A-RDB through the emulated VFIO fsl-mc kernel: the same
driver with and without the VLAN strip offload (--enable-hw-vlan-strip),
which differ only by the rte_vlan_strip() call of the Rx burst.

usage: dpaa2-vlan-ab.py [--build build] [--upstream build-upstream]
                        [--valgrind-upstream build-upstream-valgrind] [--out DIR]
                        [--runs 5] [--seconds 5] [--frames 1024] [--no-callgrind] [--no-cycles]

Two figures for each of four variants (64-byte frames untagged, as the seed
measured, and 802.1Q-tagged; the strip off and on):

  callgrind   instructions, L1 and last-level misses per frame of the Rx
              burst (dpaa2_dev_prefetch_rx, upstream's default), with
              callgrind's cache simulator set to an A72 of the LX2160A
              (L1D 32 KiB 2-way, L1I 48 KiB 3-way, the cluster's 1 MiB
              16-way L2 as the last level). A pcap wire queues --frames
              frames in the Rx queue before forwarding starts; testpmd's
              start drains them on the main lcore in full bursts
              (flush_fwd_rx_queues), and the figure is the Rx burst's cost
              under that caller (inclusive) less the same run's with no
              frame, divided by the frames: the empty bursts that end each
              drain, and the main lcore's portal affine in its first burst,
              cancel out. The
              emulation's trap handler (each doorbell) runs as a signal
              handler, which callgrind does not count in the burst.
              testpmd's flush polls a queue for at most a second of
              wall time, which under valgrind is about 30 bursts: the
              burst counts in results.json (bursts, bursts_without_frames)
              say whether all the frames went through it (--frames / 32
              bursts more). Deterministic: one run each. valgrind 3.19 does not decode
              the AVX-512 code of a native build: callgrind runs upstream's
              testpmd of a generic x86-64 build (build-upstream-valgrind/,
              built by buildtools/build-upstream when missing).
  cycles      CPU cycles per packet of the forwarding core
              (testpmd --record-core-cycles), generator at the model's
              maximum rate into dpmac.3, io forwarding to a sink on dpmac.4;
              --runs runs of each variant, interleaved, and their median.

Figures from a model on a shared x86 machine: the signs and sizes say
nothing about silicon (the x86 build's Rx differs from an arm64 dpaa build,
and every burst crosses trapped doorbells).
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench  # noqa: E402  (parse_testpmd, run, med, load)
import run_report  # noqa: E402  (emulation_figures)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "app", "test", "apps"))
import frames as frames_py  # noqa: E402  (the tests' frame builder and pcap writer)

VLAN = 100
# dpni.1's address (dynamic_dpl.sh's 00:00:00:00:00:<dpmac id>), and a source.
PORT0_MAC = frames_py.mac("00:00:00:00:00:03")
SRC = frames_py.mac("02:00:00:00:11:11")
VARIANTS = [(tagged, strip) for tagged in (False, True) for strip in (False, True)]
RX_BURST = "dpaa2_dev_prefetch_rx"
CALLER = "flush_fwd_rx_queues"
CACHES = ["--D1=32768,2,64", "--I1=49152,3,64", "--LL=1048576,16,64"]
EAL = ["--no-huge", "-m", "512", "--no-pci", "--no-shconf", "--iova-mode=va",
       "-a", "fslmc:dpni.1", "-a", "fslmc:dpni.2", "--log-level=pmd.net.dpaa2:warning"]


def name(tagged, strip):
    return "%s/%s" % ("tagged" if tagged else "untagged", "strip" if strip else "no-strip")


class Ab:
    def __init__(self, a):
        self.a = a
        self.testpmd = os.path.join(a.upstream, "app", "dpdk-testpmd")
        self.ours_testpmd = os.path.join(a.build, "subprojects", "dpdk", "app", "dpdk-testpmd")
        self.valgrind_testpmd = os.path.join(a.valgrind_upstream, "app", "dpdk-testpmd")
        self.emu = os.path.abspath(os.path.join(a.build, "lib", "fslmc_emu", "libfslmc_emu.so"))
        self.prefix = 0

    def env(self, model):
        e = dict(os.environ, DPAA2_KERNEL_MODEL=model, DPRC="dprc.2")
        e.pop("DPAA_MODEL", None)
        return e

    def model(self, tagged, frames=None, size=64):
        """The generator of 'size'-byte frames (with the FCS) into dpmac.3
        at the model's maximum rate; with 'frames', that many 64-byte frames of a pcap file instead, played
        as soon as the port is enabled and addressed to it (promiscuous
        mode comes later), so that they wait in the Rx queue for start."""
        if frames is None:
            gen = "gen:size=%d:flows=64:rate=max" % (size - 4) + (":vlan=%d" % VLAN if tagged else "")
        elif frames == 0:
            gen = "none"
        else:
            path = os.path.abspath(os.path.join(self.a.out, "%s.%d.pcap" % (name(tagged, False).split("/")[0],
                                                                             frames)))
            frames_py.write_pcap(path, [frames_py.udp4_frame(PORT0_MAC, SRC, i % 64, size=60,
                                                             vlan=VLAN if tagged else None)
                                        for i in range(frames)])
            gen = "pcap:rx=%s:start=enable" % path
        return "board=lx2160a-rdb;dpmac.3=%s;dpmac.4=sink;mode=threaded" % gen

    # ------------------------------------------------------------ callgrind

    def callgrind(self, tagged, strip, frames):
        """One testpmd under callgrind: frames queued, then drained by start."""
        out = os.path.join(self.a.out, "callgrind.%s.%d" % (name(tagged, strip).replace("/", "."), frames))
        # The emulation decodes each trapped access from the registers and
        # the instruction pointer of the signal's context, and resumes with
        # the registers it changed: valgrind must keep them exact at every
        # instruction, not chase jumps, and not optimise its IR (with it,
        # callgrind resumed with registers the handler never set). None of
        # this changes what is counted: the guest's instructions.
        # stdbuf: testpmd's printf output line by line into the pipe.
        cmd = (["stdbuf", "-oL", "valgrind", "--tool=callgrind", "--cache-sim=yes",
                "--vex-iropt-register-updates=allregs-at-each-insn", "--vex-guest-chase=no",
                "--vex-iropt-level=0"] + CACHES +
               ["--callgrind-out-file=" + out, self.valgrind_testpmd, "-l", "0,1"] + EAL +
               ["--", "-i", "--forward-mode=io", "--nb-cores=1", "--total-num-mbufs=2048"] +
               (["--enable-hw-vlan-strip"] if strip else []))
        e = self.env(self.model(tagged, frames))
        e["LD_PRELOAD"] = self.emu
        p = subprocess.Popen(cmd, env=e, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, bufsize=1)
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
                if line.startswith("testpmd>") and pattern == r"testpmd>":
                    return buf
            raise RuntimeError("no %r from testpmd under valgrind:\n%s" % (pattern, "".join(text)[-3000:]))

        def command(line, pattern=r"testpmd>", timeout=600):
            p.stdin.write(line + "\n")
            p.stdin.flush()
            return until(pattern, timeout)

        try:
            # testpmd's prompt is not followed by a newline: ask for a line.
            command("show port info 0", r"Link status", 1800)
            # The generator starts when the port is enabled; wait until the
            # DPNI has taken all its frames (its ingress counter).
            deadline = time.monotonic() + 600
            while frames:
                stats = command("show port stats 0", r"TX-packets")
                m = re.search(r"RX-packets: +(\d+)", stats)
                if (m and int(m.group(1)) >= frames) or time.monotonic() > deadline:
                    break
                time.sleep(2)
            command("start", r"Start automatic packet forwarding|forwarding", 600)
            command("stop", r"Done\.|Accumulated forward statistics", 600)
            p.stdin.write("quit\n")
            p.stdin.flush()
            rest, _ = p.communicate(timeout=1800)
            text.append(rest)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
        arc = burst_cost(out)
        arc.update(command=" ".join("%s=%s" % (k, e[k]) for k in ("DPAA2_KERNEL_MODEL", "DPRC", "LD_PRELOAD"))
                   + " " + " ".join(cmd), frames=frames)
        if not arc.get("calls"):
            arc["error"] = "".join(text)[-3000:]
        return arc

    def callgrind_runs(self):
        rows = {}
        for strip in (False, True):
            base = self.callgrind(False, strip, 0)
            for tagged in (False, True):
                run = self.callgrind(tagged, strip, self.a.frames)
                per = {}
                for ev in ("Ir", "D1mr", "D1mw", "DLmr", "DLmw", "ILmr"):
                    per[ev] = (run["events"].get(ev, 0) - base["events"].get(ev, 0)) / float(self.a.frames)
                rows[name(tagged, strip)] = {
                    "instructions_per_frame": per["Ir"],
                    "l1d_misses_per_frame": per["D1mr"] + per["D1mw"],
                    "ll_misses_per_frame": per["DLmr"] + per["DLmw"] + per["ILmr"],
                    "bursts": run["calls"], "bursts_without_frames": base["calls"],
                    "run": run, "baseline": base}
        return rows

    # ------------------------------------------------------------ cycles

    def forward(self, driver, tagged, strip=False, size=64, fwd="io", seconds=None):
        """One testpmd run forwarding on the modelled LX2160A-RDB: the
        generator at the model's maximum rate into dpmac.3, 'fwd' forwarding
        (io or mac) to a sink on dpmac.4, 'size'-byte frames with the FCS;
        'driver' is "upstream" (build-upstream/, with --enable-hw-vlan-strip
        when 'strip') or "ours" (build/). The clock starts when forwarding
        does (testpmd's first statistics), as in devtools/run.sh: the
        start on the emulated kernel takes seconds, and more under load.
        Returns bench.parse_testpmd's figures, the emulated kernel's and the
        model thread's (run_report.emulation_figures), and the command."""
        seconds = seconds or self.a.seconds
        self.prefix += 1
        testpmd = self.testpmd if driver == "upstream" else self.ours_testpmd
        cmd = ([testpmd, "--lcores", "0@0,1@1", "--file-prefix", "dpaa2ab%d" % self.prefix] + EAL +
               ["--", "--forward-mode=" + fwd, "--nb-cores=1", "--record-core-cycles", "--stats-period=1",
                "--total-num-mbufs=8192"] + (["--enable-hw-vlan-strip"] if strip else []))
        e = self.env(self.model(tagged, size=size))
        e["LD_PRELOAD"] = self.emu
        before = bench.load()
        started = time.monotonic()
        with tempfile.TemporaryFile() as log:
            p = subprocess.Popen(cmd, env=e, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
            forwarding = until(p, log, b"NIC statistics for port", started + 600)
            if forwarding is not None:
                time.sleep(seconds)
            stopped = time.monotonic()
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
                # Forwarding goes on until testpmd's main thread, which
                # shares a CPU with the model's, handles the signal: the
                # window ends when it tells the cores to stop.
                stopped = until(p, log, b"Telling cores to stop", stopped + 120) or stopped
            try:
                p.wait(120)  # closing the ports over the emulation
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
            log.seek(0)
            out = bench.ANSI.sub("", log.read().decode(errors="replace"))
        r = bench.parse_testpmd(out)
        r.update(run_report.emulation_figures(out))
        r.update(load=before, driver=driver, variant=name(tagged, strip), size=size, vlan=VLAN if tagged else 0,
                 fwd=fwd, startup_s=round((forwarding or stopped) - started, 1),
                 command="DPAA2_KERNEL_MODEL=\"%s\" DPRC=dprc.2 LD_PRELOAD=%s %s"
                 % (e["DPAA2_KERNEL_MODEL"], self.emu, " ".join(cmd)))
        if forwarding is not None:
            r["forwarding_s"] = round(stopped - forwarding, 2)
            if r.get("tx_packets") is not None:
                # From the totals: on a loaded machine testpmd may print
                # too few 1-second samples for a median.
                r["mpps_window"] = r["tx_packets"] / r["forwarding_s"] / 1e6
            if r.get("model_busy_s") is not None:
                # All the model's busy time counted in the forwarding window
                # (start-up's work too): the least the thread idled then.
                r["model_idle_min"] = max(0.0, 1 - r["model_busy_s"] / r["forwarding_s"])
        if r.get("cycles_per_packet") is None:
            r["error"] = out[-2000:]
        elif r.get("tx_packets"):
            # testpmd divides by the frames the port received (the DPNI's
            # ingress counter, frames its Rx queue dropped included): per
            # frame forwarded is the forwarding core's cost.
            r["cycles_per_forwarded"] = r["cycles_per_packet"] * r["rx_packets"] / r["tx_packets"]
            if r.get("trapped") is not None:
                # Start-up's and exit's traps included (some thousands).
                r["traps_per_frame"] = r["trapped"] / r["tx_packets"]
        return r

    def cycles(self, tagged, strip):
        return self.forward("upstream", tagged, strip)

    def cycles_runs(self):
        runs = []
        for i in range(self.a.runs):
            # Interleaved, each round in another order: the machine's speed
            # drifts more between runs far apart in time.
            order = VARIANTS[i % 4:] + VARIANTS[:i % 4]
            for tagged, strip in order:
                r = self.cycles(tagged, strip)
                r["round"] = i
                runs.append(r)
                bench.log("cycles %s round %d: %s (load %s)" % (name(tagged, strip), i,
                                                               r.get("cycles_per_packet"), " ".join(r["load"])))
        medians = {}
        for tagged, strip in VARIANTS:
            v = [r.get("cycles_per_packet") for r in runs if r["variant"] == name(tagged, strip)]
            fwd = [r.get("cycles_per_forwarded") for r in runs if r["variant"] == name(tagged, strip)]
            medians[name(tagged, strip)] = {"cycles_per_packet": bench.med(v), "runs": v,
                                            "cycles_per_forwarded": bench.med(fwd), "forwarded_runs": fwd,
                                            "mpps": bench.med([r.get("mpps") for r in runs
                                                               if r["variant"] == name(tagged, strip)])}
        return {"medians": medians, "runs": runs}


def until(p, log, text, deadline):
    """When 'text' appeared in the file 'log' that process 'p' writes (its
    time.monotonic(), within 50 ms), or None if it exited or 'deadline'
    passed first."""
    while time.monotonic() < deadline:
        log.seek(0)
        if text in log.read():
            return time.monotonic()
        if p.poll() is not None:
            return None
        time.sleep(0.05)
    return None


def burst_cost(path, caller=CALLER, burst=RX_BURST):
    """The inclusive cost of 'burst' called by 'caller' in a callgrind
    file: {"calls", "events": {name: count}}."""
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return {"calls": 0, "events": {}}
    events = []
    names = {}
    fn = cfn = pending = None  # the cost line after a calls= line is that call's
    calls = 0
    total = {}

    def ref(text):
        # Compressed names: "(12) name" defines id 12, "(12)" refers to it.
        m = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not m:
            return text
        if m.group(2):
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), text)

    for line in lines:
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("fn="):
            fn = ref(line[3:])
        elif line.startswith("cfn="):
            cfn = ref(line[4:])
        elif line.startswith("calls="):
            pending = (fn, cfn, int(line[6:].split()[0]))
        elif pending and line and (line[0].isdigit() or line[0] in "+-*"):
            src, callee, n = pending
            pending = None
            if src == caller and callee == burst:
                calls += n
                for e, c in zip(events, (int(x) for x in line.split()[1:])):
                    total[e] = total.get(e, 0) + c
    return {"calls": calls, "events": total}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build")
    p.add_argument("--upstream", default="build-upstream")
    p.add_argument("--valgrind-upstream", default="build-upstream-valgrind")
    p.add_argument("--out", default="build/dpaa2-vlan-ab")
    p.add_argument("--runs", type=int, default=5, help="interleaved cycle runs of each variant")
    p.add_argument("--seconds", type=int, default=5, help="forwarding time of each cycle run")
    p.add_argument("--frames", type=int, default=1024, help="frames drained in each callgrind run")
    p.add_argument("--no-callgrind", action="store_true")
    p.add_argument("--no-cycles", action="store_true")
    a = p.parse_args()
    # Paths are the source tree's, as in devtools/run.sh.
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    os.makedirs(a.out, exist_ok=True)
    ab = Ab(a)
    for path in (ab.testpmd, ab.emu):
        if not os.path.exists(path):
            print("dpaa2-vlan-ab: %s is missing (devtools/setup.sh builds it)" % path, file=sys.stderr)
            return 1
    if not a.no_callgrind and not os.path.exists(ab.valgrind_testpmd):
        bench.log("building %s (a generic x86-64 build for valgrind)" % a.valgrind_upstream)
        env = dict(os.environ, DPAA_UPSTREAM_BUILD_DIR=a.valgrind_upstream,
                   DPAA_UPSTREAM_MESON_ARGS="-Dcpu_instruction_set=generic")
        if subprocess.run(["buildtools/build-upstream"], env=env).returncode != 0:
            return 1
    results = {"machine": bench.machine(), "started": time.strftime("%F %T"), "options": vars(a)}
    if not a.no_callgrind:
        bench.log("callgrind: 2 runs without frames, 4 with %d frames each" % a.frames)
        results["callgrind"] = ab.callgrind_runs()
    if not a.no_cycles:
        results["cycles"] = ab.cycles_runs()
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)

    print("variant               instr/frame  L1D miss/frame  LL miss/frame  cycles/packet  cycles/forwarded"
          " (medians)")
    for tagged, strip in VARIANTS:
        n = name(tagged, strip)
        c = results.get("callgrind", {}).get(n, {})
        y = results.get("cycles", {}).get("medians", {}).get(n, {})

        def fmt(v, spec):
            return spec % v if v is not None else "-"
        print("%-20s  %11s  %14s  %13s  %13s  %s" % (n, fmt(c.get("instructions_per_frame"), "%.1f"),
                                                      fmt(c.get("l1d_misses_per_frame"), "%.2f"),
                                                      fmt(c.get("ll_misses_per_frame"), "%.2f"),
                                                      fmt(y.get("cycles_per_packet"), "%.1f"),
                                                      fmt(y.get("cycles_per_forwarded"), "%.1f")))
    print("dpaa2-vlan-ab: results and commands in %s" % os.path.join(a.out, "results.json"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
