#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Run our net_dpaa and upstream's on the same modelled LS1046A-RDB, both
through the same emulated USDPAA kernel (ours on its board platform, as on
a board: both pay the same trapped portal and register accesses),
interleaved, and print one table; with --dpaa2, our net_dpaa2 and
upstream's on the same modelled LX2160A-RDB, both through the emulated VFIO
fsl-mc kernel.

usage: compare_upstream.py [runs] [--functional] [--dpaa2] [--counts]

--functional leaves out the timing runs. --counts adds the per-frame
counts of devtools/frame_counts.py (callgrind: instructions, misses and
trapped accesses per frame of each driver's Rx and Tx bursts, the traps'
cost apart), for DPAA1 our driver on its model platform as a second table.

testpmd runs as the tests run it (app/test/apps/testpmd.py): under
DPAA_EXEC_WRAPPER when the builds are for another machine (qemu for an
arm64 build), its commands typed one at a time at its prompt.

Each run forwards the VLAN/QinQ mix of the upstream suite in both
directions with dpdk-testpmd (io mode) over pcap wires, once with each
driver, and compares the frames at the far wires byte for byte and the
counters both drivers expose under the same name (testpmd's "show port
stats all", and every extended statistic both name alike in "show port
xstats all"), and, frame by frame, the packet type and Rx offload flags
each driver gives the mbuf (testpmd's "set verbose 1" dump); then,
interleaved again, devtools/run.sh with each driver at 1 Mpps offered and
at the generator's maximum: frames forwarded per second and the forwarding
core's cycles per packet, median of the runs; for DPAA1, our driver on its
model platform too, in a second table.
"""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "app", "test", "apps"))
sys.path.insert(0, os.path.join(ROOT, "app", "test", "upstream"))

import frames as f  # noqa: E402
import testpmd  # noqa: E402

BUILD = os.environ.get("DPAA_BUILD_DIR", os.path.join(ROOT, "build"))
OURS = os.path.join(BUILD, "subprojects", "dpdk", "app", "dpdk-testpmd")
UPSTREAM = os.path.join(ROOT, os.environ.get("DPAA_UPSTREAM_BUILD_DIR", "build-upstream"), "app",
                        "dpdk-testpmd")
EMU = os.path.join(BUILD, "lib", "usdpaa_emu", "libusdpaa_emu.so")
EAL = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1",
       "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"]


class Family:
    """Where the two drivers run: the board, its two ports and their
    addresses, and how each driver's testpmd is started on it."""

    def __init__(self, board, ports, macs, eal, run_args, testpmd_args=()):
        self.board, self.ports, self.macs, self.eal, self.run_args = board, ports, macs, eal, run_args
        self.testpmd_args = list(testpmd_args)

    def model(self, tmp):
        a, b = self.ports
        return ("board=%s;mode=threaded;%s=pcap:rx=%s/a.pcap:tx=%s/b_out.pcap;"
                "%s=pcap:rx=%s/b.pcap:tx=%s/a_out.pcap" % (self.board, a, tmp, tmp, b, tmp, tmp))

    def command(self, driver, tmp, env):
        """argv, with env set up for driver: both on the emulated USDPAA
        kernel (ours finds no DPAA_MODEL and opens it, as on a board)."""
        env.pop("DPAA_MODEL", None)
        env.update(DPAA_KERNEL_MODEL=self.model(tmp), LD_PRELOAD=EMU)
        return [OURS if driver == "ours" else UPSTREAM] + self.eal + ["--iova-mode=va"]


class Dpaa2(Family):
    """Both drivers on the emulated VFIO fsl-mc kernel: the container
    dynamic_dpl.sh makes for dpmac.3 and dpmac.4 (dprc.2; dpni.1 is port 0),
    IOVA as VA. Our DPAA1 bus is in our testpmd too: DPAA_MODEL stays unset."""

    def command(self, driver, tmp, env):
        env.pop("DPAA_MODEL", None)
        env.update(DPAA2_KERNEL_MODEL=self.model(tmp), DPRC="dprc.2",
                   LD_PRELOAD=os.path.join(BUILD, "lib", "fslmc_emu", "libfslmc_emu.so"))
        return [OURS if driver == "ours" else UPSTREAM] + self.eal


FAMILIES = {
    "dpaa": Family("ls1046a-rdb", ("fm1-mac9", "fm1-mac10"), ("02:00:00:D9:01:09", "02:00:00:D9:01:0A"),
                   EAL, []),
    "dpaa2": Dpaa2("lx2160a-rdb", ("dpmac.3", "dpmac.4"), ("00:00:00:00:00:03", "00:00:00:00:00:04"),
                   ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1", "--iova-mode=va",
                    "-a", "fslmc:dpni.1", "-a", "fslmc:dpni.2"], ["--board", "lx2160a-rdb"],
                   # Bursts of 8: testpmd's verbose dump of a burst is cut
                   # at 8 KiB, which 32 frames of this mix exceed, and a
                   # frame cut out of one driver's dump would pair the
                   # others wrongly.
                   ["--burst=8"]),
}
FAMILY = FAMILIES["dpaa"]
COUNTERS = ("RX-packets", "RX-missed", "RX-errors", "RX-nombuf", "TX-packets", "TX-errors")


SRC = f.mac("02:00:00:00:11:11")


def rx_dump(out):
    """Per port, in arrival order: (hw ptype, ol_flags) of each received frame."""
    per_port = {}
    port = None
    for line in out.splitlines():
        m = re.match(r"port (\d+)/queue \d+: (received|sent) \d+ packets", line)
        if m:
            port = m.group(1) if m.group(2) == "received" else None
            continue
        if port is None:
            continue
        if line.startswith("  src="):
            # testpmd cuts a burst's dump at 8 KiB: such a frame's line
            # ends early and shows nothing to compare.
            if " - sw ptype" not in line:
                per_port.setdefault(port, []).append(None)
                continue
            m = re.search(r" - hw ptype: (.*?) +- sw ptype", line)
            per_port.setdefault(port, []).append([m.group(1) if m else "none", ""])
        elif line.startswith("  ol_flags:") and per_port.get(port) and per_port[port][-1]:
            per_port[port][-1][1] = " ".join(sorted(line.split()[1:]))
    return per_port


def xstats(out):
    """Each port's "show port xstats all" block: {"port N name": value}."""
    got = {}
    parts = re.split(r"#+ NIC extended statistics for port (\d+) *\n", out)
    for port, text in zip(parts[1::2], parts[2::2]):
        text = re.split(r"#{6}", text)[0]
        for name, value in re.findall(r"^\s*(\w+): (\d+)\s*$", text, re.M):
            got["port %s %s" % (port, name)] = int(value)
    return got


def outputs(tmp):
    return [f.read_pcap(os.path.join(tmp, n)) if os.path.exists(os.path.join(tmp, n)) else []
            for n in ("a_out.pcap", "b_out.pcap")]


def play(driver, tmp):
    """One driver's testpmd forwards the mix both ways: (frames row, the
    counters of COUNTERS, the verbose Rx dump, the extended statistics)."""
    a, b = testpmd.vlan_mix(f.mac(FAMILY.macs[0]), SRC), testpmd.vlan_mix(f.mac(FAMILY.macs[1]), SRC)
    f.write_pcap(os.path.join(tmp, "a.pcap"), a)
    f.write_pcap(os.path.join(tmp, "b.pcap"), b)
    for n in ("a_out.pcap", "b_out.pcap"):
        if os.path.exists(os.path.join(tmp, n)):
            os.unlink(os.path.join(tmp, n))
    env = dict(os.environ)
    argv = FAMILY.command(driver, tmp, env)
    # testpmd as the tests run it: under DPAA_EXEC_WRAPPER for a cross build.
    app = testpmd.App(argv + ["--", "-i", "--total-num-mbufs=4096", "--no-flush-rx"] + FAMILY.testpmd_args,
                      env, cwd=tmp)
    try:
        app.wait_prompt(300)
        app.command("set verbose 1")
        start = len(app.text())
        app.command("start", 60)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            got = outputs(tmp)
            if len(got[0]) >= len(a) and len(got[1]) >= len(b):
                break
            time.sleep(0.5)
        app.command("stop", 120)
        dump = app.text()[start:]
        app.command("set verbose 0")
        port_stats = testpmd.port_stats(app.command("show port stats all", 60))
        port_xstats = xstats(app.command("show port xstats all", 60))
        if not app.quit(120):
            raise RuntimeError("%s testpmd exited with an error:\n%s" % (driver, app.text()[-3000:]))
    finally:
        app.kill()
    dump = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", dump)
    # testpmd's prompt, and the echo of "stop" typed while the forwarding
    # lcore still prints, can land in the middle of a line of the dump and
    # split it in two: no line of testpmd's dump ends in one.
    dump = re.sub(r"testpmd> (?:stop)?\n?", "", dump)
    dump = re.sub(r"(?<!\n)stop\n", "", dump)
    stats = {}
    for port, counters in port_stats.items():
        for name in COUNTERS:
            stats["port %s %s" % (port, name)] = counters.get(name)
    got = outputs(tmp)
    exact = sum(1 for x, y in zip(a, got[0]) if x == y) + sum(1 for x, y in zip(b, got[1]) if x == y)
    return {"frames byte-identical (of %d)" % (len(a) + len(b)): exact}, stats, rx_dump(dump), port_xstats


def compare_frames(dumps):
    """Rows: how many received frames got the same packet type and flags from both drivers."""
    rows = {}
    samples = []
    for port in sorted(set(dumps["ours"]) | set(dumps["upstream"])):
        pairs = [(x, y) for x, y in zip(dumps["ours"].get(port, []), dumps["upstream"].get(port, []))
                 if x and y]
        for i, what in ((0, "packet type"), (1, "Rx ol_flags")):
            same = sum(1 for x, y in pairs if x[i] == y[i])
            rows["port %s %s same (of %d shown)" % (port, what, len(pairs))] = same
            kinds = {}
            for x, y in pairs:
                if x[i] != y[i]:
                    k = "port %s %s: ours '%s', upstream '%s'" % (port, what, x[i], y[i])
                    kinds[k] = kinds.get(k, 0) + 1
            samples += ["%s (%d frames)" % (k, n) for k, n in kinds.items()]
    return rows, samples


def compare_xstats(xs):
    """Rows for the extended statistics both drivers name alike."""
    common = sorted(set(xs["ours"]) & set(xs["upstream"]))
    rows = {"xstats named alike": len(common),
            "xstats named alike, same value": sum(1 for k in common if xs["ours"][k] == xs["upstream"][k])}
    samples = ["%s: ours %d, upstream %d" % (k, xs["ours"][k], xs["upstream"][k])
               for k in common if xs["ours"][k] != xs["upstream"][k]]
    return rows, samples


def forward(driver, rate):
    """devtools/run.sh for 6 s: (pps forwarded, cycles per packet).
    "ours-model": our net_dpaa on its model platform."""
    args = list(FAMILY.run_args)
    if FAMILY is FAMILIES["dpaa"]:
        # Ours through the emulated USDPAA kernel upstream's runs on, or
        # on its model platform (no kernel interface, no traps).
        args = {"ours": ["--platform", "board"], "ours-model": ["--platform", "model"]}.get(driver, [])
    p = subprocess.run([os.path.join(ROOT, "devtools", "run.sh"), "--driver", driver.split("-")[0],
                        "--duration", "6", "--rate", rate] + args,
                       capture_output=True, text=True, timeout=600)
    pps = re.search(r"^Forwarded: .*\((\d+) pps\)", p.stdout, re.M)
    cpp = re.search(r"^Forwarding core: ([\d.]+) cycles/packet", p.stdout, re.M)
    return (int(pps.group(1)) if pps else 0, float(cpp.group(1)) if cpp else 0.0)


def counts(family):
    """devtools/frame_counts.py's table for the family; its exit status."""
    p = subprocess.run([os.path.join(ROOT, "devtools", "frame-counts.sh"), "--family", family],
                       capture_output=True, text=True)
    rows = [r for r in p.stdout.splitlines() if not r.startswith("frame-counts:")]
    board = [r for r in rows if " model " not in r]
    model = [rows[0]] + [r for r in rows if " model " in r] if len(rows) > 1 else []
    print("\nPer frame, callgrind (devtools/frame_counts.py --family %s), through the emulated kernel:"
          % family)
    print("\n".join(board))
    if len(model) > 1:
        print("\nOur driver on its model platform (no emulated kernel, no traps):")
        print("\n".join(model))
    if p.returncode != 0:
        print(p.stderr[-2000:])
    return p.returncode


def main(runs, timed=True, with_counts=False):
    results = {"ours": [], "upstream": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            for driver in ("ours", "upstream"):
                results[driver].append(play(driver, tmp))
    timing = {}
    drivers = ["ours", "upstream"] + (["ours-model"] if FAMILY is FAMILIES["dpaa"] else [])
    for i in range(runs if timed else 0):
        for rate in ("1000000", "max"):
            for driver in drivers:
                timing.setdefault((rate, driver), []).append(forward(driver, rate))
    rows = {}
    notes = []
    for driver, rs in results.items():
        for frames_row, stats, _, _ in rs:
            for k, v in list(frames_row.items()) + list(stats.items()):
                rows.setdefault(k, {}).setdefault(driver, []).append(v)
    for i in range(runs):
        for compare, index in ((compare_frames, 2), (compare_xstats, 3)):
            got, samples = compare({d: results[d][i][index] for d in results})
            for k, v in got.items():
                rows.setdefault(k, {}).setdefault("both", []).append(v)
            notes += [s for s in samples if s not in notes]
    print("%-40s %-24s %-24s" % ("(%d interleaved runs, each value per run)" % runs, "ours", "upstream"))
    for k, v in rows.items():
        if "both" in v:
            print("%-40s %s" % (k, ",".join(str(x) for x in v["both"])))
            continue
        o = ",".join(str(x) for x in v.get("ours", []))
        u = ",".join(str(x) for x in v.get("upstream", []))
        print("%-40s %-24s %-24s%s" % (k, o, u, "" if o == u else "  differs"))
    for n in notes:
        print("differs: " + n)
    for rate in ("1000000", "max") if timed else ():
        for i, what in ((0, "pps forwarded"), (1, "cycles/packet")):
            o = statistics.median(t[i] for t in timing[(rate, "ours")])
            u = statistics.median(t[i] for t in timing[(rate, "upstream")])
            print("%-40s %-24.0f %-24.0f" % ("%s at %s offered (median)" % (what, rate), o, u))
    if timed and "ours-model" in drivers:
        print("\nOur net_dpaa on its model platform (devtools/run.sh --platform model), the same runs:")
        for rate in ("1000000", "max"):
            for i, what in ((0, "pps forwarded"), (1, "cycles/packet")):
                m = statistics.median(t[i] for t in timing[(rate, "ours-model")])
                print("%-40s %-24.0f" % ("%s at %s offered (median)" % (what, rate), m))
    if with_counts:
        return counts("dpaa2" if FAMILY is FAMILIES["dpaa2"] else "dpaa")
    return 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a not in ("--functional", "--dpaa2", "--counts")]
    if "--dpaa2" in sys.argv[1:]:
        FAMILY = FAMILIES["dpaa2"]
    sys.exit(main(int(args[0]) if args else 5, "--functional" not in sys.argv[1:], "--counts" in sys.argv[1:]))
