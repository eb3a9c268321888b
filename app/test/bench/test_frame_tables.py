#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The per-frame tables of the benchmark page (devtools/bench_page.py
--frame) from frame_counts.py's JSON: every driver counted gets its rows,
one that could not be counted says so and why, never a figure, and one
whose Rx queue took fewer frames than were queued says of how many."""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def figures(instr, traps):
    return {"instructions": instr, "l1d_misses": 1.5, "ll_misses": 1.25, "bursts": 20,
            "traps": {"per_frame": traps, "instructions": 60.0}}


RESULTS = {
    "family": "dpaa", "frames": 512, "tx_bursts": 4, "started": "2026-12-05 23:15:48",
    "drivers": {
        "upstream": {"platform": "board",
                     "rx": dict(figures(103.7, 0.035), frames=257),
                     "tx": dict(figures(5862858.0, 1.5), frames=256,
                                error="the Tx bursts waited for the model's thread")},
        "ours": {"platform": "board", "rx": dict(figures(109.0, 1.729), frames=512),
                 "tx": dict(figures(105.3, 3.891), frames=256)},
        "ours-model": {"platform": "model",
                       "error": "log line\nthe drain took 437 of the 512 frames queued"},
    },
    "floor": dict([(v, {"instructions": i, "l1d_misses": 2.0, "ll_misses": 1.0})
                   for v, i in (("rx", 60.0), ("rx-floor", 50.0), ("tx", 66.0), ("tx-floor", 55.0))] +
                  [(d + "_over_floor", {"instructions": r, "l1d_misses": 1.0, "ll_misses": 1.0})
                   for d, r in (("rx", 1.2), ("tx", 1.2))]),
}


class FrameTables(unittest.TestCase):
    def page(self, results):
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            json.dump(results, f)
            f.flush()
            return subprocess.run([sys.executable, os.path.join(ROOT, "devtools", "bench_page.py"), "--frame",
                                   f.name], capture_output=True, text=True, check=True).stdout

    def row(self, text, name, what, table=0):
        """The cells after NAME and WHAT of that row of the table-th table."""
        tables = text.split("Our bursts against their floor")
        pattern = re.compile(r"^%s +%s +(.*)$" % (re.escape(name), what))
        rows = [m.group(1).split() for m in map(pattern.match, tables[table].splitlines()) if m]
        self.assertEqual(len(rows), 1, text)
        return rows[0]

    def test_counted_rows_carry_their_figures(self):
        text = self.page(RESULTS)
        self.assertIn("``frame_counts.py --family dpaa``", text)
        self.assertEqual(self.row(text, "ours", "rx"), ["109.0", "1.50", "1.25", "1.729", "60"])
        self.assertEqual(self.row(text, "upstream", "rx")[:3], ["103.7", "1.50", "1.25"])

    def test_a_driver_not_counted_has_no_figure_and_the_reason(self):
        text = self.page(RESULTS)
        self.assertEqual(self.row(text, "upstream", "tx"), ["no", "figure"])
        self.assertNotIn("5862858", text)
        self.assertEqual(self.row(text, "ours-model", "rx"), ["no", "figure"])
        self.assertIn("- *upstream tx*: the Tx bursts waited for the model's thread.", text)
        self.assertIn("- *ours-model*: the drain took 437 of the 512 frames queued.", text)

    def test_a_queue_that_took_fewer_frames_says_so(self):
        text = self.page(RESULTS)
        self.assertIn("- *upstream rx*: per frame of the 257 its Rx queue took of the 512 queued "
                      "(the rest tail-dropped).", text)
        self.assertNotIn("*ours rx*", text)

    def test_the_floor_names_the_familys_benchmark(self):
        text = self.page(RESULTS)
        self.assertIn("``datapath-bench --warm --untagged``", text)
        self.assertEqual(self.row(text, "ours", "rx", 1), ["60.0", "2.00", "1.00"])
        self.assertEqual(self.row(text, "rx-floor", "rx", 1), ["50.0", "2.00", "1.00"])
        self.assertEqual(self.row(text, "ours / floor", "tx", 1), ["1.20", "1.00", "1.00"])


if __name__ == "__main__":
    unittest.main()
