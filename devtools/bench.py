#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The benchmarks of devtools/bench.sh: run them, write results.json and plots.

usage: bench.py --out DIR [--build build] [--upstream build-upstream]
                [--valgrind-build build-valgrind] [--seconds S] [--runs N] [--quick]
                [--dpaa2-cases SIZE:VLAN:io|mac,...] [--dpaa2-runs N] [--dpaa2-other-runs N]
                [--dpaa2-seconds S]
                [--sections NAME,...]

Every figure is measured in this run; each timing figure carries the load
average (uptime) of the moment it was taken. Sections (--sections, in this
order by default):
  dpaa2       testpmd on the modelled LX2160A-RDB through the emulated VFIO
              fsl-mc kernel, three drivers in interleaved runs (each round
              starting one driver further on): upstream's net_dpaa2 without
              the VLAN strip (the seed's "after"), upstream's with
              --enable-hw-vlan-strip (its "before"), and ours; 64-byte
              untagged frames first (the seed's case), then 802.1Q, mac
              forwarding and larger frames (--dpaa2-cases); medians of
              Mpps, the forwarding core's cycles per packet, drops, the
              emulated kernel's trapped accesses per frame and the least
              share of the forwarding time the model's thread was idle;
  dpaa2_frame the DPAA2 bursts per frame (callgrind) and against their
              floor: a section of its own module, devtools/bench_dpaa2_frame.py
              (see PLUGINS below), skipped while that module is missing;
  forwarding  testpmd io and mac forwarding through the modelled LS1046A-RDB
              (generator at the model's maximum rate -> net_dpaa -> sink),
              64..1518-byte frames, untagged and 802.1Q;
  references  the same testpmd on the same cores with net_ring, net_null,
              net_memif between two processes, and upstream's net_dpaa on the
              same model through the emulated USDPAA kernel interface;
  vlan_ab     the seed's A/B end to end (app/bench/vlan-ab-bench): shipped Rx,
              strip in the burst's conversion, strip by the application;
              interleaved runs, medians; at several pool sizes;
  datapath    app/bench/datapath-bench: the bursts against their floor, warm
              and evicted, tagged and untagged;
  valgrind    instructions and last-level misses per frame of each Rx
              variant (valgrind's cache simulator, LS1046A-like caches);
  scaling     cycles per frame against frame size, flows, pool size and Rx
              queues per lcore.
"""

import argparse
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import time

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# The sections in their default order. A section kept in a module of its
# own plugs in here by name: devtools/bench_<name>.py defines run(bench)
# (bench: the Bench below, its options in bench.a, its output folder in
# bench.a.out), which returns the section's JSON, and may define
# tables(results) (reStructuredText) and plot(results, out, plt) (the
# PNG files it wrote), which bench_plot.py calls. A plug-in's module that
# is missing leaves its section {"skipped": ...}.
SECTIONS = ["dpaa2", "dpaa2_frame", "forwarding", "references", "vlan_ab", "datapath", "valgrind", "scaling"]
PLUGINS = ["dpaa2_frame"]
# The DPAA2 section's drivers, in the order of its first round: name ->
# (driver, --enable-hw-vlan-strip).
DPAA2_DRIVERS = {"upstream": ("upstream", False), "upstream-strip": ("upstream", True), "ours": ("ours", False)}
SIZES = [64, 128, 256, 512, 1024, 1518]
VLAN = 100
VARIANTS = ["shipped", "burst-strip", "app-strip", "app-strip-prefetch"]
# The seed's case first (64-byte untagged frames, io forwarding), then
# 802.1Q, mac forwarding and the largest frames.
DPAA2_CASES = "64:0:io,64:100:io,64:0:mac,1518:0:io"


def log(msg):
    print("bench: " + msg, flush=True)


def load():
    return open("/proc/loadavg").read().split()[0:3]


class Bench:
    def __init__(self, a):
        self.a = a
        self.root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.testpmd = os.path.join(a.build, "subprojects/dpdk/app/dpdk-testpmd")
        self.bench_dir = os.path.join(a.build, "app/bench")
        self.results = {"machine": machine(), "commands": {}, "started": time.strftime("%F %T")}
        self.prefix = 0

    # ------------------------------------------------------------ testpmd

    def run_testpmd(self, eal, app, env=None, testpmd=None, seconds=None, fwd_cpu=1, mem=512, startup=4,
                    shconf=False):
        """One testpmd run; returns its figures (Mpps from the 1-second
        samples after the first, cycles per packet, drops)."""
        seconds = seconds or self.a.seconds
        self.prefix += 1
        cmd = ([testpmd or self.testpmd, "--lcores", "0@0,1@%d" % fwd_cpu, "--no-huge", "-m", str(mem),
                "--no-pci"] + ([] if shconf else ["--no-shconf"]) + ["--file-prefix", "bench%d" % self.prefix,
                "--log-level", "pmd.net.dpaa:warning"]
               + eal + ["--", "--nb-cores=1", "--record-core-cycles", "--stats-period=1"] + app)
        e = dict(os.environ)
        e.update(env or {})
        before = load()
        # Start-up (2-3 s here) plus the samples wanted; a testpmd that has
        # printed its totals but is still closing its ports after 3 s is
        # killed (closing the modelled ports takes that long under load).
        out = run(["timeout", "-s", "INT", "-k", "3", str(seconds + startup)] + cmd, e)
        r = parse_testpmd(out)
        r["load"] = before
        r["command"] = " ".join(("%s=%s " % kv for kv in (env or {}).items())) + " ".join(cmd)
        if r.get("mpps") is None:
            r["error"] = out[-1500:]
        return r

    def ours(self, size=64, vlan=0, fwd="io", flows=64, mbufs=8192, queues=1, seconds=None):
        gen = "gen:size=%d:flows=%d:rate=max" % (size - 4, flows)
        if vlan:
            gen += ":vlan=%d" % vlan
        model = "board=ls1046a-rdb;fm1-mac9=%s;fm1-mac10=sink;mode=threaded;cpu=0" % gen
        app = ["--forward-mode=" + fwd, "--total-num-mbufs=%d" % mbufs, "--rxq=%d" % queues, "--txq=%d" % queues]
        if queues > 1:
            app.append("--rss-ip")
        r = self.run_testpmd(["-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"], app,
                             {"DPAA_MODEL": model}, seconds=seconds, mem=max(512, mbufs // 256 + 256))
        r.update(size=size, vlan=vlan, fwd=fwd, flows=flows, mbufs=mbufs, queues=queues)
        return r

    def upstream(self, size=64, vlan=0, fwd="io"):
        gen = "gen:size=%d:flows=64:rate=max" % (size - 4)
        if vlan:
            gen += ":vlan=%d" % vlan
        model = "board=ls1046a-rdb;fm1-mac9=%s;fm1-mac10=sink;mode=threaded;cpu=0" % gen
        testpmd = os.path.join(self.a.upstream, "app/dpdk-testpmd")
        emu = os.path.abspath(os.path.join(self.a.build, "lib/usdpaa_emu/libusdpaa_emu.so"))
        if not (os.path.exists(testpmd) and os.path.exists(emu)):
            return {"skipped": "no %s or %s (buildtools/build-upstream builds it)" % (testpmd, emu)}
        env = {"DPAA_KERNEL_MODEL": model, "LD_PRELOAD": emu, "DPAA_PUSH_QUEUES_NUMBER": "0"}
        r = self.run_testpmd(["--iova-mode=va", "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"],
                             ["--forward-mode=" + fwd, "--total-num-mbufs=8192"], env, testpmd=testpmd,
                             startup=12)  # its start on the emulation takes longer
        r.update(size=size, vlan=vlan, fwd=fwd)
        return r

    def ring(self, size=64):
        # One ring port in loop topology: a burst sent first circulates.
        r = self.run_testpmd(["--vdev", "net_ring0"],
                             ["--forward-mode=io", "--port-topology=loop", "--tx-first", "--txpkts=%d" % (size - 4),
                              "--total-num-mbufs=8192"])
        r.update(size=size)
        return r

    def null(self, size=64):
        r = self.run_testpmd(["--vdev", "net_null0,size=%d" % (size - 4)],
                             ["--forward-mode=io", "--port-topology=loop", "--total-num-mbufs=8192"])
        r.update(size=size)
        return r

    def memif(self, size=64):
        if not os.path.exists(os.path.join(self.a.build, "subprojects/dpdk/drivers/librte_net_memif.a")):
            return {"skipped": "net_memif not built: build/ was configured before net/memif joined the "
                    "drivers; run meson configure %s -Ddpdk:enable_drivers=<the list in meson.build>"
                    % self.a.build}
        sock = os.path.abspath(os.path.join(self.a.out, "memif.sock"))
        if os.path.exists(sock):
            os.unlink(sock)
        # The peer (server, txonly) on CPU 0 where the model's thread runs
        # for net_dpaa; the measured testpmd (client -> net_null sink) on CPU 1.
        self.prefix += 1
        peer_cmd = [self.testpmd, "--lcores", "0@0,1@0", "--no-huge", "-m", "512", "--no-pci",
                    "--file-prefix", "bench%d" % self.prefix, "--vdev",
                    "net_memif0,role=server,socket=%s" % sock, "--", "--nb-cores=1", "--forward-mode=txonly",
                    "--txpkts=%d" % (size - 4), "--port-topology=loop", "--total-num-mbufs=8192",
                    "--stats-period=1"]  # without it testpmd quits at the end of its stdin
        peer = subprocess.Popen(peer_cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            time.sleep(1.5)
            r = self.run_testpmd(["--vdev", "net_memif0,role=client,socket=%s" % sock, "--vdev",
                                  "net_null0,no-rx=1"], ["--forward-mode=io", "--total-num-mbufs=8192"],
                               shconf=True)  # memif's probe registers a multi-process action
        finally:
            peer.send_signal(signal.SIGINT)
            try:
                peer.wait(15)
            except subprocess.TimeoutExpired:
                peer.kill()
                peer.wait()
        r.update(size=size, peer=" ".join(peer_cmd))
        return r

    # ------------------------------------------------------------ our tools

    def vlan_ab(self, vlan, mbufs=8192, seconds=None):
        """All three variants in one process, in turn, --runs times."""
        cmd = [os.path.join(self.bench_dir, "vlan-ab-bench"), "--variant", "all", "--runs", str(self.a.runs),
               "--vlan", str(vlan), "--mbufs", str(mbufs), "--seconds", str(seconds or self.a.ab_seconds)]
        before = load()
        out = run(cmd, dict(os.environ), timeout=300)
        rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        for r in rows:
            r.update(load=before, command=" ".join(cmd))
        return rows or [{"error": out[-1500:], "command": " ".join(cmd)}]

    def datapath(self, warm, tagged, rounds):
        cmd = [os.path.join(self.bench_dir, "datapath-bench"), "--rounds", str(rounds)]
        cmd += ["--warm"] if warm else []
        cmd += [] if tagged else ["--untagged"]
        before = load()
        out = run(cmd, dict(os.environ), timeout=600)
        r = last_json(out) or {"error": out[-1500:]}
        r.update(load=before, command=" ".join(cmd))
        return r

    # datapath-bench's call sites, one per variant (its enum Variant), and
    # what each variant's figure counts under its call site.
    VALGRIND_SITES = {"rx": ("rx", 0), "rx-app-strip": ("rx", 1), "rx-burst-strip": ("rx", 2),
                      "rx-floor": ("rx", 3), "tx": ("tx", 4), "tx-floor": ("tx", 5)}
    VALGRIND_BURSTS = {"rx": r"rx_burst<", "rx-app-strip": r"rx_burst<", "rx-burst-strip": r"rx_burst<",
                       "rx-floor": r"rx_floor", "tx": r"tx_burst<", "tx-floor": r"tx_floor"}

    def valgrind(self, variants, tagged, rounds):
        """callgrind with its cache simulator (the one cachegrind has) on
        one datapath-bench run of all its variants, alternating round by
        round: each variant's figure is the inclusive cost of its burst
        called from its own call site (the strip of rx-app-strip, called
        apart, added), per frame; the rows of the variants asked for.
        One process per tagging instead of one per variant: the counts
        are exact, and valgrind's start-up (EAL, the model) took most of
        each run's time."""
        exe = os.path.join(self.a.valgrind_build, "app/bench/datapath-bench")
        if not os.path.exists(exe):
            return [{"skipped": "no %s: devtools/bench.sh builds it (valgrind 3.19 does not decode the "
                     "AVX-512 code of a -march=native build)" % exe}]
        import frame_counts
        outf = os.path.join(self.a.out, "callgrind.datapath.%s" % ("tagged" if tagged else "untagged"))
        cmd = (["valgrind", "--tool=callgrind", "--cache-sim=yes", "--D1=32768,2,64", "--I1=49152,3,64",
                "--LL=2097152,16,64", "--callgrind-out-file=" + outf]
               + [exe, "--rounds", str(rounds)] + ([] if tagged else ["--untagged"]))
        out = run(cmd, dict(os.environ), timeout=1200)
        d = last_json(out)
        try:
            prof = frame_counts.Profile(outf)
        except OSError:
            return [{"error": out[-1500:], "command": " ".join(cmd)}]
        rows = []
        for variant in variants:
            kind, index = self.VALGRIND_SITES[variant]
            ev, calls = {}, 0
            for site in prof.match(r"^unsigned short %s_call<%d>" % (kind, index)):
                n, cost = prof.calls(site, self.VALGRIND_BURSTS[variant])
                calls += n
                ev = _add(ev, cost)
            if variant == "rx-app-strip":
                ev = _add(ev, prof.inclusive(r"strip_after_burst"))
            batch = 7 if kind == "tx" else 15
            frames = rounds * batch
            row = {"variant": variant, "tagged": tagged, "frames": frames, "bursts": calls,
                   "short_rounds": d.get("short_rounds") if d else None, "command": " ".join(cmd)}
            if not calls:
                row["error"] = "no call of %s from its call site: %s" % (self.VALGRIND_BURSTS[variant], out[-1000:])
            else:
                row.update({k + "_per_frame": v for k, v in frame_counts.figures(ev, frames).items()})
            rows.append(row)
        return rows

    # ------------------------------------------------------------ sections

    def section(self, name, fn):
        t0 = time.time()
        log("%s ..." % name)
        try:
            self.results[name] = fn()
        except Exception as e:  # a section that fails must not lose the others
            self.results[name] = {"error": repr(e)}
        took = time.time() - t0
        # Where a run's time goes, for the next cut.
        self.results.setdefault("section_seconds", {})[name] = round(took)
        log("%s done in %.0fs (load %s)" % (name, took, " ".join(load())))
        self.save()

    def dpaa2(self):
        """Rounds of the three drivers, each round starting one driver
        further on, case by case; the medians of each case and driver."""
        ab = dpaa2_ab().Ab(argparse.Namespace(upstream=self.a.upstream, build=self.a.build, out=self.a.out,
                                              valgrind_upstream="build-upstream-valgrind",
                                              seconds=self.a.dpaa2_seconds))
        missing = [p for p in (ab.testpmd, ab.ours_testpmd, ab.emu) if not os.path.exists(p)]
        if missing:
            return {"skipped": "missing %s (devtools/setup.sh and buildtools/build-upstream build them)"
                    % ", ".join(missing)}
        cases = dpaa2_cases(self.a.dpaa2_cases if not self.a.quick else "64:0:io")
        names = list(DPAA2_DRIVERS)
        out = {"runs": [], "medians": [], "trap": self.trap_cost()}
        for c, (size, vlan, fwd) in enumerate(cases):
            # The first case (the seed's) has --dpaa2-runs rounds: its
            # strip-or-not difference is small against the spread of single
            # runs. The others compare drivers whose rates differ by whole
            # factors, which fewer rounds show as well.
            rounds = 1 if self.a.quick else (self.a.dpaa2_runs if c == 0 else self.a.dpaa2_other_runs)
            for i in range(rounds):
                for n in names[i % len(names):] + names[:i % len(names)]:
                    driver, strip = DPAA2_DRIVERS[n]
                    r = ab.forward(driver, bool(vlan), strip, size=size, fwd=fwd)
                    r.update(name=n, round=i)
                    out["runs"].append(r)
                    log("dpaa2 %d %s %s %s round %d: %s Mpps, %s cycles/pkt (load %s)"
                        % (size, "802.1Q" if vlan else "untagged", fwd, n, i, _fmt(dpaa2_rate(r), "%.3f"),
                           _fmt(r.get("cycles_per_packet"), "%.0f"), " ".join(r["load"])))
                self.save_partial("dpaa2", out)
            for n in names:
                rs = [r for r in out["runs"] if (r["size"], r["vlan"], r["fwd"], r["name"]) == (size, vlan, fwd, n)]
                # Against upstream's run without the strip of the same round.
                base = dict((r["round"], r) for r in out["runs"] if (r["size"], r["vlan"], r["fwd"], r["name"])
                            == (size, vlan, fwd, "upstream"))
                pairs = [(r, base[r["round"]]) for r in rs if r["round"] in base and dpaa2_rate(r)
                         and dpaa2_rate(base[r["round"]])]
                m = {"size": size, "vlan": vlan, "fwd": fwd, "name": n, "runs": len(rs),
                     "ok": sum(1 for r in rs if dpaa2_rate(r)),
                     "load": [min(float(r["load"][0]) for r in rs), max(float(r["load"][0]) for r in rs)],
                     "mpps_vs_upstream": med([dpaa2_rate(r) / dpaa2_rate(b) - 1 for r, b in pairs])
                     if n != "upstream"
                     else None}
                for k in ("mpps", "mpps_window", "tsc_mhz", "cycles_per_packet", "cycles_per_forwarded", "rx_dropped", "tx_dropped",
                          "traps_per_frame", "model_idle_min", "model_busy_percent", "startup_s"):
                    m[k] = med([r.get(k) for r in rs])
                out["medians"].append(m)
        return out

    def trap_cost(self):
        """app/bench/trap-bench: what one trapped access costs."""
        cmd = [os.path.join(self.bench_dir, "trap-bench")]
        if not os.path.exists(cmd[0]):
            return {"skipped": "no %s" % cmd[0]}
        before = load()
        r = last_json(run(cmd, dict(os.environ), timeout=120)) or {"error": "no figures"}
        r.update(load=before, command=" ".join(cmd))
        return r

    def plugin(self, name):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_%s.py" % name)
        if not os.path.exists(path):
            return {"skipped": "no devtools/bench_%s.py" % name}
        return __import__("bench_%s" % name).run(self)

    def forwarding(self):
        rows = []
        sizes = SIZES if not self.a.quick else [64, 1518]
        for fwd in ["io", "mac"]:
            for size in sizes:
                for vlan in [0, VLAN]:
                    rows.append(self.ours(size=size, vlan=vlan, fwd=fwd))
        return rows

    def references(self):
        return {"net_dpaa": [self.ours(), self.ours(vlan=VLAN)],
                "upstream_net_dpaa": [self.upstream(), self.upstream(vlan=VLAN)],
                "net_ring": [self.ring()], "net_null": [self.null()], "net_memif": [self.memif()]}

    def vlan_ab_runs(self):
        out = {"runs": [], "medians": {}}
        pools = [8192] if self.a.quick else [2048, 8192, 65536]
        for mbufs in pools:
            for tag in [0, VLAN]:
                if tag == 0 and mbufs != 8192:
                    continue  # untagged frames: at the default pool only
                out["runs"] += self.vlan_ab(tag, mbufs)
                for v in VARIANTS:
                    rs = [r for r in out["runs"] if r.get("variant") == v and r.get("vlan") == tag
                          and r.get("mbufs") == mbufs]
                    key = "%s/%s/%d" % (v, "tagged" if tag else "untagged", mbufs)
                    # Paired with shipped's window of the same run (adjacent
                    # in time): the machine's speed drifts more between runs
                    # than between neighbouring windows.
                    base = dict((r["run"], r) for r in out["runs"] if r.get("variant") == "shipped"
                                and r.get("vlan") == tag and r.get("mbufs") == mbufs)
                    pairs = [(r, base[r["run"]]) for r in rs if r.get("run") in base]
                    out["medians"][key] = {
                        "mpps": med([r["mpps"] for r in rs]),
                        "cycles_per_frame": med([r["busy_cycles_per_frame"] for r in rs]),
                        "mpps_vs_shipped": med([r["mpps"] / b["mpps"] - 1 for r, b in pairs if b["mpps"]]),
                        "cycles_vs_shipped": med([r["busy_cycles_per_frame"] / b["busy_cycles_per_frame"] - 1
                                                  for r, b in pairs if b["busy_cycles_per_frame"]]),
                        "slower_than_shipped": sum(1 for r, b in pairs if r["mpps"] < b["mpps"]),
                        "runs": len(rs)}
        return out

    def datapath_runs(self):
        rounds = 100 if self.a.quick else self.a.rounds
        return [self.datapath(warm, tagged, rounds) for warm in [False, True] for tagged in [True, False]]

    def valgrind_runs(self):
        rounds = 30 if self.a.quick else 100
        # The floors and Tx do not look at the tag: tagged frames only.
        return (self.valgrind(["rx", "rx-burst-strip", "rx-app-strip", "rx-floor", "tx", "tx-floor"], True, rounds)
                + self.valgrind(["rx", "rx-burst-strip", "rx-app-strip"], False, rounds))

    def scaling(self):
        q = self.a.quick
        flows = [1, 65536] if q else [1, 16, 256, 4096, 65536]
        pools = [2048, 65536] if q else [2048, 8192, 32768, 131072]
        queues = [1, 2] if q else [1, 2, 4, 8]
        return {"flows": [self.ours(flows=f) for f in flows],
                "mbufs": [self.ours(mbufs=m) for m in pools],
                "rx_queues": [self.ours(queues=n) for n in queues]}

    def save_partial(self, name, value):
        """A long section's figures so far, in results.json."""
        self.results[name] = value
        self.save()

    def save(self):
        with open(os.path.join(self.a.out, "results.json"), "w") as f:
            json.dump(self.results, f, indent=1)


def _add(a, b):
    return {e: a.get(e, 0) + b.get(e, 0) for e in set(a) | set(b)}


def dpaa2_ab():
    """devtools/dpaa2-vlan-ab.py, whose runs on the modelled LX2160A-RDB
    the dpaa2 section makes."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "dpaa2_vlan_ab", os.path.join(os.path.dirname(os.path.abspath(__file__)), "dpaa2-vlan-ab.py"))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def dpaa2_rate(r):
    """A DPAA2 run's Mpps: its frames sent over its forwarding window (a
    loaded machine may leave testpmd too few 1-second samples)."""
    return r.get("mpps_window") or r.get("mpps")


def dpaa2_cases(text):
    """"64:0:io,64:100:io" -> [(64, 0, "io"), (64, 100, "io")]: frame size
    with the FCS, VLAN ID (0: untagged), forwarding mode."""
    cases = []
    for item in text.split(","):
        size, vlan, fwd = item.split(":")
        if fwd not in ("io", "mac"):
            raise ValueError("--dpaa2-cases: forwarding mode %r is not io or mac" % fwd)
        cases.append((int(size), int(vlan), fwd))
    return cases


def _fmt(x, spec):
    return "-" if x is None else spec % x


def machine():
    m = {"kernel": platform.release(), "cpus": os.cpu_count()}
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for k in ["Model name", "L1d cache", "L2 cache", "L3 cache", "CPU max MHz"]:
            g = re.search(r"^%s:\s+(.*)$" % k, lscpu, re.M)
            if g:
                m[k] = g.group(1).strip()
    except OSError:
        pass
    return m


def run(cmd, env, timeout=300):
    try:
        p = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        return ANSI.sub("", p.stdout.decode(errors="replace"))
    except subprocess.TimeoutExpired as e:
        return ANSI.sub("", (e.stdout or b"").decode(errors="replace")) + "\nbench: timed out"


def last_json(out):
    for line in reversed(out.splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def med(v):
    v = [x for x in v if x is not None]
    return statistics.median(v) if v else None


def parse_testpmd(text):
    # One block per port per --stats-period print; a print's Tx-pps summed
    # over the ports is what the forwarding core sent that second.
    samples = {}
    for b in re.finditer(r"NIC statistics for port (\d+).*?Rx-pps: +(\d+).*?Tx-pps: +(\d+)", text, re.S):
        samples.setdefault(int(b.group(1)), []).append(int(b.group(3)))
    r = {"mpps": None}
    if samples:
        n = min(len(s) for s in samples.values())
        per = [sum(s[i] for s in samples.values()) for i in range(n)]
        per = per[1:] or per  # the first second holds the start-up
        r["mpps"] = statistics.median(per) / 1e6
        r["samples"] = len(per)
    t = re.search(r"Accumulated forward statistics for all ports.*?RX-packets: (\d+) +RX-dropped: (\d+) +"
                  r"RX-total: (\d+).*?TX-packets: (\d+) +TX-dropped: (\d+)", text, re.S)
    if t:
        r.update(rx_packets=int(t.group(1)), rx_dropped=int(t.group(2)), tx_packets=int(t.group(4)),
                 tx_dropped=int(t.group(5)))
    c = re.search(r"CPU cycles/packet=([\d.]+).* at (\d+) MHz", text)
    if c:
        r["cycles_per_packet"] = float(c.group(1))
        r["tsc_mhz"] = int(c.group(2))
    missed = re.findall(r"RX-missed: +(\d+)", text)
    if missed:
        r["rx_missed_last"] = [int(x) for x in missed[-2:]]
    return r


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--build", default="build")
    p.add_argument("--upstream", default="build-upstream")
    p.add_argument("--valgrind-build", default="build-valgrind")
    p.add_argument("--seconds", type=int, default=2, help="forwarding time of each testpmd run")
    p.add_argument("--ab-seconds", type=float, default=1.0, help="timed window of each A/B run")
    p.add_argument("--runs", type=int, default=5, help="interleaved A/B runs per variant")
    p.add_argument("--rounds", type=int, default=200, help="datapath-bench rounds")
    p.add_argument("--quick", action="store_true", help="a few points of each section (a smoke run)")
    p.add_argument("--dpaa2-cases", default=DPAA2_CASES,
                   help="the dpaa2 section's cases, in order: SIZE:VLAN:io|mac,... (VLAN 0: untagged)")
    p.add_argument("--dpaa2-runs", type=int, default=5,
                   help="interleaved rounds of the three DPAA2 drivers in the first case (the seed's)")
    p.add_argument("--dpaa2-other-runs", type=int, default=3,
                   help="interleaved rounds of the three DPAA2 drivers in the other cases")
    p.add_argument("--dpaa2-seconds", type=int, default=2, help="forwarding time of each DPAA2 testpmd run")
    p.add_argument("--sections", default=",".join(SECTIONS))
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    b = Bench(a)
    b.results["options"] = vars(a)
    sections = {"dpaa2": b.dpaa2, "forwarding": b.forwarding, "references": b.references,
                "vlan_ab": b.vlan_ab_runs, "datapath": b.datapath_runs, "valgrind": b.valgrind_runs,
                "scaling": b.scaling}
    for name in PLUGINS:
        sections[name] = (lambda n: lambda: b.plugin(n))(name)
    for name in a.sections.split(","):
        b.section(name, sections[name])
    b.results["finished"] = time.strftime("%F %T")
    b.save()
    import bench_plot
    for f in bench_plot.plot(b.results, a.out):
        log("plot " + f)
    with open(os.path.join(a.out, "tables.rst"), "w") as f:
        f.write(bench_plot.tables(b.results))
    log("tables (reStructuredText, as in the guide) in %s" % os.path.join(a.out, "tables.rst"))
    log("results in %s" % os.path.join(a.out, "results.json"))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
