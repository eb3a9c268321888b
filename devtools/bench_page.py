#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The benchmark page's figures, generated from one devtools/bench.sh run.

usage: bench_page.py RESULTS_JSON > doc/guides/nics/dpaa_benchmarks_run.rst
       bench_page.py --frame FRAME_COUNTS_JSON... \
           > doc/guides/nics/dpaa2_frame_counts.rst (or dpaa_frame_counts.rst)

Writes reStructuredText for doc/guides/nics/dpaa_benchmarks.rst to include:
the run's date, machine and load, who limits the DPAA2 rate (the emulated
kernel's traps against the forwarding core's cycles, the model thread's
idle share), and every table of bench_plot.py, each under a caption that
says what was run. Nothing in it is typed by hand: run bench.sh, then this,
and commit the two together with the run's date in the message.

--frame writes the per-frame tables of the dpaa2_frame section alone
from devtools/frame_counts.py's JSON files of either family (runs made in parts with --only
are joined, a later file's drivers and floor over an earlier one's): the
figures the page's DPAA2 per-frame section includes, regenerated without a
whole bench.sh run.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_plot  # noqa: E402  (section_tables, dpaa2_medians)

CAPTIONS = {
    "dpaa2": "DPAA2, the modelled LX2160A-RDB through the emulated VFIO fsl-mc kernel (``dpaa2`` section): "
             "testpmd forwarding from a generator at the model's maximum rate on dpmac.3 to a sink on dpmac.4, "
             "one forwarding core; *upstream* is upstream's ``net_dpaa2`` (the seed's \"after\"), "
             "*upstream-strip* the same with ``--enable-hw-vlan-strip`` (its \"before\"), *ours* our "
             "``net_dpaa2``. Medians of the interleaved runs; *vs upstream* the median of each run's Mpps "
             "against upstream's run of the same round; *traps/frame* the emulated kernel's trapped "
             "accesses per forwarded frame; *model idle* the least share of the forwarding time the model's "
             "thread was idle; *runs* the runs that forwarded, of those made; *load* the load average at "
             "the start of the first and last run.",
    "forwarding": "DPAA1, testpmd through the modelled LS1046A-RDB (``forwarding`` section), our ``net_dpaa`` "
                  "on its model platform, the generator at ``rate=max``:",
    "references": "The same testpmd on the same cores with other drivers, 64-byte frames, io forwarding "
                  "(``references`` section):",
    "vlan_ab": "DPAA1, the strip transplanted into ``net_dpaa``'s Rx end to end (``vlan-ab-bench --variant "
               "all``, ``vlan_ab`` section; Mpps and cycles medians, the ratios medians against shipped's "
               "window of the same run, *runs slower* how many of them forwarded less than that window):",
    "datapath": "DPAA1, the bursts against their floor (``datapath-bench``, ``datapath`` section; cycles per "
                "frame, medians of the rounds):",
    "valgrind": "DPAA1, instructions and misses per frame (callgrind's cache simulation with the LS1046A's "
                "caches, one ``datapath-bench`` run per tagging, each variant's timed bursts, "
                "``valgrind`` section):",
    "scaling": "DPAA1, how the cost grows with flows, pool size and Rx queues (``scaling`` section):",
}


# The seed's measurement on hardware: DPDK commit 87dd2307c069 ("net/dpaa2:
# drop fake software VLAN strip offload", net/dpaa2), its message's figures:
# one DPAA2 core at 2 GHz, 64-byte untagged frames, before (the strip in the
# Rx burst) and after (no strip). Upstream's DPAA1 driver never stripped.
SEED = [("Mpps", "4.22", "5.00", "+18 %"), ("IPC", "0.93", "1.25", "+34 %"),
        ("L2 refills in 10 s", "319 M", "200 M", "-37 %")]


def seed_table(res):
    """The seed's figures beside the model's: upstream's net_dpaa2 with the
    strip (before) and without (after), and ours, in the seed's case."""
    ms = dict((m["name"], m) for m in bench_plot.dpaa2_medians(res)
              if (m["size"], m["vlan"], m["fwd"]) == (64, 0, "io"))
    if not ms.get("upstream") or not ms.get("upstream-strip"):
        return ""
    before, after, ours = ms["upstream-strip"], ms["upstream"], ms.get("ours") or {}

    def rate(m):
        return m.get("mpps_window") or m.get("mpps")

    def clock(m):
        return m["tsc_mhz"] / rate(m) if m.get("tsc_mhz") and rate(m) else None

    def change(b, a):
        return "-" if not (a and b) else "%+.0f %%" % ((a / b - 1) * 100)

    rel = before.get("mpps_vs_upstream")
    rows = [["seed, 2 GHz DPAA2 core: " + what, b, a, c, "-"] for what, b, a, c in SEED]
    rows.append(["model: Mpps (median)", bench_plot._f(rate(before), "%.3f"), bench_plot._f(rate(after), "%.3f"),
                 change(rate(before), rate(after)) + ("" if rel is None else " (paired: %+.0f %%)"
                                                      % ((1 / (1 + rel) - 1) * 100)),
                 bench_plot._f(rate(ours), "%.3f")])
    rows.append(["model: core cycles per frame (clock / rate)", bench_plot._f(clock(before), "%.0f"),
                 bench_plot._f(clock(after), "%.0f"), change(clock(before), clock(after)),
                 bench_plot._f(clock(ours), "%.0f")])
    rows.append(["model: cycles/packet (polls with frames)", bench_plot._f(before.get("cycles_per_packet"), "%.0f"),
                 bench_plot._f(after.get("cycles_per_packet"), "%.0f"),
                 change(before.get("cycles_per_packet"), after.get("cycles_per_packet")),
                 bench_plot._f(ours.get("cycles_per_packet"), "%.0f")])
    rows.append(["model: trapped accesses per frame", bench_plot._f(before.get("traps_per_frame"), "%.3f"),
                 bench_plot._f(after.get("traps_per_frame"), "%.3f"),
                 change(before.get("traps_per_frame"), after.get("traps_per_frame")),
                 bench_plot._f(ours.get("traps_per_frame"), "%.3f")])
    return bench_plot._table(["64-byte untagged frames, io, one core", "before (strip)", "after", "change",
                              "ours"], rows)


def _loads(res):
    loads = []

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("load"), list) and x["load"] and isinstance(x["load"][0], str):
                loads.append(float(x["load"][0]))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(res)
    return loads


def who_limits(res):
    """Sentences on the DPAA2 rows: what the trapped accesses cost per frame
    (traps per frame times trap-bench's least cost of one) against the
    forwarding core's cycles per frame, and the model thread's idle share."""
    d = res.get("dpaa2") if isinstance(res.get("dpaa2"), dict) else {}
    trap_ns = (d.get("trap") or {}).get("trap_ns_min")
    out = []
    if trap_ns:
        out.append("- one trapped access cost at least %.1f us (``trap-bench``: the least of %d rounds of %d "
                   "stores; median %.1f us; a store to memory %.2f ns);" % (
                       trap_ns / 1e3, d["trap"]["rounds"], d["trap"]["accesses"], d["trap"]["trap_ns_median"] / 1e3,
                       d["trap"]["store_ns_min"]))
    for m in bench_plot.dpaa2_medians(res):
        cyc = m.get("cycles_per_forwarded") or m.get("cycles_per_packet")
        traps = m.get("traps_per_frame")
        if not (cyc and traps):
            continue
        idle = m.get("model_idle_min")
        text = "- %d-byte %s frames, %s forwarding, %s: %.3f trapped accesses per forwarded frame" % (
            m["size"], "802.1Q" if m["vlan"] else "untagged", m["fwd"], m["name"], traps)
        rate = m.get("mpps_window") or m.get("mpps")
        if trap_ns and m.get("tsc_mhz") and rate:
            # The forwarding core polls all the time: its clock over the
            # rate is what each frame took of it, empty polls included,
            # where testpmd's cycles/packet counts the polls with frames.
            text += (" (empty polls' included), at least %.0f cycles each frame in traps, of the %.0f the "
                     "forwarding core's clock gave each frame (%.0f in testpmd's polls that returned frames)"
                     % (traps * trap_ns * m["tsc_mhz"] / 1e3, m["tsc_mhz"] / rate, cyc))
        else:
            text += ", the forwarding core's %.0f cycles per forwarded frame" % cyc
        if idle is not None:
            text += "; the model's thread idle at least %.0f %% of the forwarding time" % (idle * 100)
        out.append(text + ";")
    if out:
        out[-1] = out[-1][:-1] + "."
    return out


def page(res):
    m = res.get("machine", {})
    loads = _loads(res)
    lines = ["..  SPDX-License-Identifier: BSD-3-Clause", "    Copyright 2026 The DPAA C++ PMD authors", "",
             ".. Generated by devtools/bench_page.py from a devtools/bench.sh results.json: do not edit.", ""]
    lines.append("One ``devtools/bench.sh`` run (``%s``), from %s to %s, on a %s-CPU x86-64 machine (%s, "
                 "Linux %s) shared with other work: the load average ranged from %.1f to %.1f while it ran."
                 % (" ".join("--%s %s" % (k.replace("_", "-"), v) for k, v in
                             sorted((res.get("options") or {}).items())
                             if k in ("dpaa2_runs", "dpaa2_other_runs", "dpaa2_seconds", "runs", "seconds"))
                    + (" --quick" if (res.get("options") or {}).get("quick") else ""),
                    res.get("started", "?"), res.get("finished", "?"), m.get("cpus", "?"),
                    m.get("Model name", "?"), m.get("kernel", "?"), min(loads or [0]), max(loads or [0])))
    lines.append("")
    seed = seed_table(res)
    if seed:
        lines += ["The seed's figures beside the model's (upstream's ``net_dpaa2`` with "
                  "``--enable-hw-vlan-strip``, its \"before\", and without, its \"after\"; medians of the "
                  "``dpaa2`` section's runs; *paired* the median of each round's after against its before):", "",
                  seed]
    limits = who_limits(res)
    if limits:
        lines += ["Who limits the DPAA2 rate (from the table below):", ""] + limits + [""]
    for name, table in bench_plot.section_tables(res):
        if not table:
            continue
        lines += [CAPTIONS.get(name, "Section ``%s``:" % name), "", table]
    for name, v in res.items():
        rows = v if isinstance(v, list) else [v]
        if rows and all(isinstance(r, dict) and r.get("skipped") for r in rows):
            lines += ["Section ``%s`` skipped: %s." % (name, rows[0]["skipped"].rstrip(".")), ""]
    return "\n".join(lines).rstrip() + "\n"


def frame_page(paths):
    import bench_dpaa2_frame
    res = {"dpaa2_frame": bench_dpaa2_frame.merge(paths)}
    return "\n".join(["..  SPDX-License-Identifier: BSD-3-Clause", "    Copyright 2026 The DPAA C++ PMD authors", "",
                      ".. Generated by devtools/bench_page.py --frame from devtools/frame_counts.py's JSON: "
                      "do not edit.", "", bench_dpaa2_frame.tables(res)]).rstrip() + "\n"


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--frame":
        sys.stdout.write(frame_page(sys.argv[2:]))
        return 0
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        sys.stdout.write(page(json.load(f)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
