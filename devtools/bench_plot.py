# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""PNG plots of devtools/bench.py's results.json (matplotlib, no display).

    python3 devtools/bench_plot.py DIR     # redraws DIR/*.png, rewrites DIR/tables.rst
"""

import json
import os
import sys


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _ok(rows):
    return [r for r in rows if isinstance(r, dict) and r.get("mpps") is not None]


def plot(res, out):
    try:
        plt = _plt()
    except ImportError:
        print("bench: no matplotlib (apt-get install python3-matplotlib): no plots")
        return []
    files = []
    title = "%s, %s CPUs" % (res.get("machine", {}).get("Model name", "?"), res.get("machine", {}).get("cpus"))

    def save(fig, name):
        path = os.path.join(out, name)
        fig.suptitle(title, fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)
        files.append(path)

    d2 = dpaa2_medians(res)
    if d2:
        cases = list(dict.fromkeys(_case(m) for m in d2))
        names = list(dict.fromkeys(m["name"] for m in d2))
        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2))
        for ax, field, xl in [(axes[0], "mpps_window", "Mpps forwarded (median)"),
                              (axes[1], "cycles_per_packet", "forwarding core cycles/packet (median)"),
                              (axes[2], "traps_per_frame", "trapped accesses per forwarded frame")]:
            for i, n in enumerate(names):
                rows = dict((_case(m), m) for m in d2 if m["name"] == n)
                ax.barh([c + i * 0.27 for c in range(len(cases))],
                        [(rows.get(c) or {}).get(field) or 0 for c in cases], height=0.27, label=n)
            ax.set_yticks([c + 0.27 for c in range(len(cases))])
            ax.set_yticklabels(cases if ax is axes[0] else [""] * len(cases), fontsize=7)
            ax.set(xlabel=xl)
            if ax is not axes[0]:
                ax.set_xscale("log")  # upstream's 1518-byte rows are 10 to 100 times the others
            ax.legend(fontsize=6)
        axes[0].set(title="modelled LX2160A-RDB, emulated VFIO fsl-mc")
        save(fig, "dpaa2.png")

    fw = _ok(res.get("forwarding", []) if isinstance(res.get("forwarding"), list) else [])
    if fw:
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
        for fwd in ["io", "mac"]:
            for vlan in [0, 100]:
                rows = sorted((r for r in fw if r["fwd"] == fwd and r["vlan"] == vlan), key=lambda r: r["size"])
                label = "%s %s" % (fwd, "802.1Q" if vlan else "untagged")
                ax1.plot([r["size"] for r in rows], [r["mpps"] for r in rows], marker="o", label=label)
                ax2.plot([r["size"] for r in rows], [r.get("cycles_per_packet") for r in rows], marker="o",
                         label=label)
        ax1.set(xlabel="frame size (bytes, with FCS)", ylabel="Mpps forwarded", title="testpmd through the model")
        ax2.set(xlabel="frame size (bytes, with FCS)", ylabel="cycles/packet (testpmd)",
                title="forwarding core, polls with frames")
        ax1.legend(fontsize=7)
        ax2.legend(fontsize=7)
        save(fig, "forwarding.png")

    refs = res.get("references")
    if isinstance(refs, dict):
        names, mpps, cyc = [], [], []
        for k, rows in refs.items():
            for r in _ok(rows):
                names.append(k + (" 802.1Q" if r.get("vlan") else ""))
                mpps.append(r["mpps"])
                cyc.append(r.get("cycles_per_packet") or 0)
        if names:
            fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
            ax1.barh(names, mpps)
            ax1.set(xlabel="Mpps, 64-byte frames", title="same testpmd, same cores")
            ax2.barh(names, cyc)
            ax2.set(xlabel="cycles/packet", title="forwarding core")
            save(fig, "references.png")

    ab = res.get("vlan_ab")
    if isinstance(ab, dict) and ab.get("medians"):
        keys = sorted(ab["medians"])
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
        vals = [ab["medians"][k] for k in keys]
        ax1.barh(keys, [v["mpps"] or 0 for v in vals])
        ax1.set(xlabel="Mpps (median of interleaved runs)", title="VLAN-strip A/B end to end")
        ax2.barh(keys, [v["cycles_per_frame"] or 0 for v in vals])
        ax2.set(xlabel="cycles/frame (polls with frames)", title="variant/tagging/pool mbufs")
        for ax in (ax1, ax2):
            ax.tick_params(axis="y", labelsize=7)
        save(fig, "vlan_ab.png")

    dp = [r for r in res.get("datapath", []) if isinstance(r, dict) and "cycles_per_frame" in r]
    vg = [r for r in res.get("valgrind", []) if isinstance(r, dict) and "instructions_per_frame" in r]
    if dp or vg:
        fig, axes = plt.subplots(1, 3, figsize=(13, 4))
        for i, r in enumerate(dp):
            c = r["cycles_per_frame"]
            label = "%s %s" % (r["cache"], "802.1Q" if r["tagged"] else "untagged")
            ks = list(c)
            axes[0].bar([j + i * 0.2 for j in range(len(ks))], [c[k] for k in ks], width=0.2, label=label)
            axes[0].set_xticks(range(len(ks)))
            axes[0].set_xticklabels(ks, rotation=30, fontsize=7)
        axes[0].set(ylabel="cycles/frame (median)", title="datapath-bench: bursts and floor")
        axes[0].legend(fontsize=6)
        for j, (field, name) in enumerate([("instructions_per_frame", "instructions/frame"),
                                           ("ll_misses_per_frame", "LL misses/frame (2 MiB LL)")]):
            ax = axes[j + 1]
            names = list(dict.fromkeys(r["variant"] for r in vg))
            for i, tagged in enumerate([True, False]):
                rows = [r for r in vg if r["tagged"] == tagged]
                ax.bar([names.index(r["variant"]) + i * 0.4 for r in rows], [r[field] for r in rows],
                       width=0.4, label="802.1Q" if tagged else "untagged")
            ax.set_xticks(range(len(names)))
            ax.set_xticklabels(names, rotation=30, fontsize=7)
            ax.set(title="valgrind: " + name)
            ax.legend(fontsize=6)
        save(fig, "datapath.png")

    sc = res.get("scaling")
    if isinstance(sc, dict):
        fig, axes = plt.subplots(1, 4, figsize=(14, 3.8))
        fwio = sorted((r for r in fw if r["fwd"] == "io" and r["vlan"] == 0), key=lambda r: r["size"])
        axes[0].plot([r["size"] for r in fwio], [r.get("cycles_per_packet") for r in fwio], marker="o")
        axes[0].set(xlabel="frame size", ylabel="cycles/packet")
        for ax, key, xl in [(axes[1], "flows", "flows"), (axes[2], "mbufs", "pool mbufs"),
                            (axes[3], "rx_queues", "Rx queues on 1 lcore")]:
            rows = _ok(sc.get(key, []))
            field = {"rx_queues": "queues"}.get(key, key)
            ax.plot([r[field] for r in rows], [r.get("cycles_per_packet") for r in rows], marker="o")
            ax.set(xlabel=xl)
            if key != "rx_queues":
                ax.set_xscale("log", base=2)
        save(fig, "scaling.png")
    for name, m in _plugins(res):
        if hasattr(m, "plot"):
            files += m.plot(res, out, plt)
    return files


def _plugins(res):
    """The plug-in sections of bench.py (PLUGINS) that results.json holds
    and whose module is here: [(name, module)]."""
    import bench
    here = os.path.dirname(os.path.abspath(__file__))
    return [(n, __import__("bench_%s" % n)) for n in bench.PLUGINS
            if isinstance(res.get(n), (dict, list)) and os.path.exists(os.path.join(here, "bench_%s.py" % n))]


def dpaa2_medians(res):
    d = res.get("dpaa2")
    return [m for m in d.get("medians", []) if m.get("runs")] if isinstance(d, dict) else []


def _case(m):
    return "%d %s %s" % (m["size"], "802.1Q" if m["vlan"] else "untagged", m["fwd"])




def _table(head, rows):
    cols = list(zip(*([head] + rows)))
    w = [max(len(str(x)) for x in c) for c in cols]
    rule = "  ".join("=" * n for n in w)
    line = lambda r: "  ".join(str(x).ljust(n) for x, n in zip(r, w)).rstrip()
    return "\n".join([rule, line(head), rule] + [line(r) for r in rows] + [rule, ""])


def _f(x, fmt="%.2f"):
    return "-" if x is None else fmt % x


def tables(res):
    """The guide's tables (reStructuredText) from results.json."""
    return "\n".join(t for _, t in section_tables(res))


def dpaa2_table(res):
    rows = []
    for m in dpaa2_medians(res):
        rel = m.get("mpps_vs_upstream")
        idle = m.get("model_idle_min")
        load = m.get("load") or [0, 0]
        rows.append([m["size"], "802.1Q" if m["vlan"] else "untagged", m["fwd"], m["name"],
                     _f(m.get("mpps_window") or m.get("mpps"), "%.3f"), "-" if rel is None else "%+.1f %%" % (rel * 100),
                     _f(m.get("cycles_per_packet"), "%.0f"), _f(m.get("rx_dropped"), "%.0f"),
                     _f(m.get("tx_dropped"), "%.0f"), _f(m.get("traps_per_frame"), "%.3f"),
                     "-" if idle is None else "%.0f %%" % (idle * 100), "%d/%d" % (m["ok"], m["runs"]),
                     "%.1f-%.1f" % tuple(load)])
    if not rows:
        return ""
    return _table(["bytes", "frames", "fwd", "driver", "Mpps", "vs upstream", "cycles/pkt", "Rx drops",
                   "Tx drops", "traps/frame", "model idle", "runs", "load"], rows)


def section_tables(res):
    """[(section name, reStructuredText table)] of the sections results.json
    holds, in bench.py's order."""
    out = []
    t = dpaa2_table(res)
    if t:
        out.append(("dpaa2", t))
    for name, m in _plugins(res):
        if hasattr(m, "tables"):
            out.append((name, m.tables(res)))
    fw = _ok(res.get("forwarding", []) if isinstance(res.get("forwarding"), list) else [])
    if fw:
        rows = []
        for r in sorted(fw, key=lambda r: (r["fwd"], r["size"], r["vlan"])):
            rows.append([r["fwd"], r["size"], "802.1Q" if r["vlan"] else "untagged", _f(r["mpps"], "%.3f"),
                         _f(r.get("cycles_per_packet"), "%.0f"), r.get("rx_dropped", "-"),
                         r.get("tx_dropped", "-"), r["load"][0]])
        out.append(("forwarding", _table(["fwd", "bytes", "frames", "Mpps", "cycles/pkt", "Rx drops", "Tx drops",
                                          "load"], rows)))
    refs = res.get("references")
    if isinstance(refs, dict):
        rows = []
        for k, rs in refs.items():
            for r in rs:
                if r.get("skipped") or r.get("mpps") is None:
                    rows.append([k, "-", "-", "skipped" if r.get("skipped") else "no samples"])
                else:
                    rows.append([k + (" 802.1Q" if r.get("vlan") else ""), _f(r["mpps"], "%.3f"),
                                 _f(r.get("cycles_per_packet"), "%.0f"), r["load"][0]])
        out.append(("references", _table(["64-byte frames, io", "Mpps", "cycles/pkt", "load"], rows)))
    ab = res.get("vlan_ab")
    if isinstance(ab, dict) and ab.get("medians"):
        rows = []
        for k in sorted(ab["medians"], key=lambda k: (int(k.split("/")[2]), k.split("/")[1], k)):
            v = ab["medians"][k]
            variant, tag, mbufs = k.split("/")
            # Medians of the ratios to shipped's window of the same run.
            rel = v.get("mpps_vs_shipped")
            crel = v.get("cycles_vs_shipped")
            slower = "-" if variant == "shipped" else "%s/%s" % (v.get("slower_than_shipped", "?"), v["runs"])
            rows.append([mbufs, tag, variant, _f(v["mpps"], "%.4f"),
                         "-" if variant == "shipped" else _f(rel * 100 if rel is not None else None, "%+.1f %%"),
                         _f(v["cycles_per_frame"], "%.0f"),
                         "-" if variant == "shipped" else _f(crel * 100 if crel is not None else None, "%+.1f %%"),
                         slower])
        out.append(("vlan_ab", _table(["mbufs", "frames", "variant", "Mpps", "Mpps vs shipped", "cycles/frame",
                                       "cycles vs shipped", "runs slower"], rows)))
    dp = [r for r in res.get("datapath", []) if isinstance(r, dict) and "cycles_per_frame" in r]
    if dp:
        ks = list(dp[0]["cycles_per_frame"])
        rows = [[r["cache"] + (" 802.1Q" if r["tagged"] else " untagged")] +
                [_f(r["cycles_per_frame"][k], "%.0f") for k in ks] +
                [_f(r["rx_over_floor"]), _f(r["tx_over_floor"]), r["load"][0]] for r in dp]
        out.append(("datapath", _table(["cycles/frame"] + ks + ["rx/floor", "tx/floor", "load"], rows)))
    vg = [r for r in res.get("valgrind", []) if isinstance(r, dict) and "instructions_per_frame" in r]
    if vg:
        rows = [[r["variant"], "802.1Q" if r["tagged"] else "untagged", _f(r["instructions_per_frame"], "%.1f"),
                 _f(r["l1d_misses_per_frame"]), _f(r["ll_misses_per_frame"])] for r in vg]
        out.append(("valgrind", _table(["variant", "frames", "instr/frame", "L1d miss/frame", "LL miss/frame"],
                                        rows)))
    sc = res.get("scaling")
    if isinstance(sc, dict):
        rows = []
        for key, field in [("flows", "flows"), ("mbufs", "mbufs"), ("rx_queues", "queues")]:
            for r in sc.get(key, []):
                if isinstance(r, dict) and r.get("mpps") is not None:
                    rows.append([key, r[field], _f(r["mpps"], "%.4f"), _f(r.get("cycles_per_packet"), "%.0f"),
                                 r["load"][0]])
        out.append(("scaling", _table(["varied", "value", "Mpps", "cycles/pkt", "load"], rows)))
    return out


if __name__ == "__main__":
    d = sys.argv[1]
    res = json.load(open(os.path.join(d, "results.json")))
    for f in plot(res, d):
        print(f)
    with open(os.path.join(d, "tables.rst"), "w") as f:
        f.write(tables(res))
    print(os.path.join(d, "tables.rst"))
