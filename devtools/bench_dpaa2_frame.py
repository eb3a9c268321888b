#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""bench.py's dpaa2_frame section: the DPAA2 bursts per frame under
callgrind (devtools/frame_counts.py), the three drivers under testpmd and
our bursts against their floor, and the section's tables for the
benchmark page.

run(bench) runs devtools/frame-counts.sh --family dpaa2 (it builds
build-valgrind and build-upstream-valgrind the first time) and returns its
JSON. tables(res) is the section's reStructuredText, from that JSON under
res["dpaa2_frame"]: what bench_page.py includes in the page (and, from
a --family dpaa JSON, the DPAA1 page's table: bench_page.py --frame).
merge(paths) joins frame_counts JSON files of runs made in parts (--only),
later files' drivers and floor over earlier ones'.
"""

import json
import os
import subprocess

import bench_plot  # _table, _f

DRIVERS = ("upstream", "upstream-strip", "ours", "ours-model")
FIGURES = ("instructions", "l1d_misses", "ll_misses")


def run(bench):
    out = os.path.join(bench.a.out, "frame-counts-dpaa2")
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "frame_counts.json")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = [os.path.join(root, "devtools", "frame-counts.sh"), "--family", "dpaa2", "--out", out, "--json", path]
    p = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    if not os.path.exists(path):
        return {"skipped": "frame-counts.sh wrote no JSON: %s" % (p.stdout + p.stderr)[-500:]}
    with open(path) as f:
        got = json.load(f)
    got["command"] = " ".join(cmd[1:])
    return got


def merge(paths):
    res = {}
    for path in paths:
        with open(path) as f:
            part = json.load(f)
        drivers = dict(res.get("drivers", {}))
        drivers.update(part.get("drivers", {}))
        floor = part.get("floor", res.get("floor"))
        res.update(part)
        res["drivers"] = drivers
        if floor is not None:
            res["floor"] = floor
    return res


def _row(name, what, x):
    return [name, what] + [bench_plot._f(x.get(k), "%.1f" if k == "instructions" else "%.2f") for k in FIGURES]


def tables(res):
    """The drivers' table, then the floor's, from res["dpaa2_frame"]."""
    fc = res.get("dpaa2_frame") if isinstance(res.get("dpaa2_frame"), dict) else {}
    head = ["per frame", "dir", "instructions", "L1D misses", "last-level misses"]
    out = []
    rows = []
    notes = []
    for name in DRIVERS:
        d = fc.get("drivers", {}).get(name)
        if d is None:
            continue
        if "error" in d and "rx" not in d:
            notes.append("*%s*: %s." % (name, d["error"].strip().splitlines()[-1]))
        for what in ("rx", "tx"):
            if what in d and "error" in d[what]:
                notes.append("*%s %s*: %s." % (name, what, d[what]["error"]))
                rows.append([name, what, "no figure", "", "", "", ""])
            elif what in d and not (what == "tx" and not d[what].get("frames")):
                took = d[what].get("frames") if what == "rx" else None
                if took is not None and took < fc.get("frames", 0):
                    notes.append("*%s rx*: per frame of the %d its Rx queue took of the %d queued "
                                   "(the rest tail-dropped)." % (name, took, fc["frames"]))
                t = d[what].get("traps") or {}
                rows.append(_row(name, what, d[what]) +
                            [bench_plot._f(t.get("per_frame"), "%.3f"), bench_plot._f(t.get("instructions"), "%.0f")])
            else:
                rows.append([name, what, "no figure", "", "", "", ""])
    if rows:
        out.append("The drivers under testpmd (``frame_counts.py --family %s``: %d queued 64-byte frames "
                   "drained by testpmd's start; after one burst on each port, ``start tx_first %d``; started %s). "
                   "*Traps*: the "
                   "emulated kernel's trapped accesses (each doorbell or register access of a portal) while "
                   "the drain and the ``tx_first`` bursts ran, per frame; *trap instructions*: its handler's "
                   "instructions meanwhile, per frame, counted apart from the driver's (on silicon a "
                   "doorbell is one store):\n\n%s"
                   % (fc.get("family", "dpaa2"), fc.get("frames", 0), fc.get("tx_bursts", 0),
                      fc.get("started", "?"), bench_plot._table(head + ["traps", "trap instructions"], rows)))
        if notes:
            out.append("Notes:\n\n%s\n" % "\n".join("- " + m for m in notes))
    fl = fc.get("floor")
    if isinstance(fl, dict) and "rx" in fl:
        rows = [_row("ours" if v in ("rx", "tx") else v, v.split("-")[0], fl[v])
                for v in ("rx", "rx-floor", "tx", "tx-floor")]
        for d in ("rx", "tx"):
            r = fl[d + "_over_floor"]
            rows.append(["ours / floor", d] + [bench_plot._f(r.get(k)) for k in FIGURES])
        bench = "``dpaa2-datapath-bench --warm``" if fc.get("family", "dpaa2") == "dpaa2" else \
            "``datapath-bench --warm --untagged``, the model stepped on its own platform"
        out.append("Our bursts against their floor (%s under callgrind, ``frame_counts.py --only floor``):\n\n%s"
                   % (bench, bench_plot._table(head, rows)))
    return "\n".join(out)
