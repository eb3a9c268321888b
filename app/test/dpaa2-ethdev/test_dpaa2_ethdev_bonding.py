#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK's bonding PMD in active-backup mode (mode 1) over two of our
net_dpaa2 ports on the modelled LX2160A-RDB, driven by testpmd's bonding
commands as for DPAA1 (app/test/apps/test_bonding.py): when the primary's
link is set down, the bond is told by the link state change event and
sends on the backup."""

from dpaa2_ethdev import (EAL_ARGS, TESTPMD, TESTPMD_ARGS, Dpaa2EthdevTestCase,  # noqa: E402
                          kernel_model, main, wires)
from bonding import check_active_backup_failover, port_ids  # noqa: E402


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
        ids, summary = port_ids(app)
        self.assertEqual(sorted(ids), ["dpni.1", "dpni.2", "dpni.3"], summary)
        check_active_backup_failover(self, app, ids["dpni.3"], ids["dpni.1"], ids["dpni.2"],
                                     self.path("primary.pcap"), self.path("backup.pcap"))
        app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)


if __name__ == "__main__":
    main()
