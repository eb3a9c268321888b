#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK's bonding PMD in active-backup mode (mode 1) over two of our
net_dpaa2 ports on the modelled LX2160A-RDB, driven by testpmd's bonding
commands as for DPAA1 (app/test/apps/test_bonding.py): when the primary's
link is set down, the bond is told by the link state change event and
sends on the backup."""

import re

from dpaa2_ethdev import (EAL_ARGS, TESTPMD, TESTPMD_ARGS, Dpaa2EthdevTestCase, f,  # noqa: E402
                          kernel_model, main, wires)
from apptest import wait_frames  # noqa: E402

SUMMARY_LINE = re.compile(r"^(\d+)\s+([0-9A-F:]{17})\s+(\S+)\s+(\S+)", re.M)


class Bonding(Dpaa2EthdevTestCase):
    def test_mode1_fails_over_when_the_primary_link_goes_down(self):
        # dpmac.17 (dpni.3) receives a steady stream and io forwarding sends
        # it out of the bond, whose primary is dpmac.3 (dpni.1); dpmac.4
        # (dpni.2) is the backup.
        config = kernel_model(**wires(**{
            "dpmac.3": "pcap:tx=%s" % self.path("primary.pcap"),
            "dpmac.4": "pcap:tx=%s" % self.path("backup.pcap"),
            "dpmac.17": "gen:size=64:rate=2000"}))
        eal = EAL_ARGS + ["-a", "fslmc:dpni.3"]
        app = self.start_ours([TESTPMD] + eal + ["--", "-i", "--forward-mode=io"] + TESTPMD_ARGS,
                              config)
        app.wait_prompt(120)
        summary = app.command("show port summary all")
        ids = {name: int(pid) for pid, _, name, _ in SUMMARY_LINE.findall(summary)}
        self.assertEqual(sorted(ids), ["dpni.1", "dpni.2", "dpni.3"], summary)
        primary, backup = ids["dpni.1"], ids["dpni.2"]
        app.command("port stop all")
        out = app.command("create bonded device 1 0")
        m = re.search(r"Created new bonded device \S+ on \(port (\d+)\)", out)
        self.assertIsNotNone(m, out)
        bond = int(m.group(1))
        for s in (primary, backup):
            self.assertNotIn("Failed", app.command("add bonding slave %d %d" % (s, bond)))
        self.assertNotIn("Failed", app.command("set bonding primary %d %d" % (primary, bond)))
        app.command("port start all")
        app.command("set portlist %d,%d" % (ids["dpni.3"], bond))
        app.command("start")
        wait_frames(f.read_pcap, self.path("primary.pcap"), 200)
        self.assertEqual(len(f.read_pcap(self.path("backup.pcap"))), 0,
                         "active-backup sent on the backup while the primary was up")

        app.command("set link-down port %d" % primary)
        got = wait_frames(f.read_pcap, self.path("backup.pcap"), 200)
        self.assertGreaterEqual(len(got), 200, "no failover to the backup")
        config = app.command("show bonding config %d" % bond)
        self.assertIn("Active Slaves (1): [%d]" % backup, config)
        app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)


if __name__ == "__main__":
    main()
