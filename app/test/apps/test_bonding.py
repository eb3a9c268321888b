#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK's bonding PMD over our ports, driven from testpmd's own bonding
commands as its guide types them: active-backup (mode 1) fails over when
the primary's link goes down, and two 802.3ad (mode 4) bonds of our ports,
cabled to each other, negotiate LACP and carry traffic."""

import re
import sys
import time
import unittest

from apptest import AppTestCase, TESTPMD, TESTPMD_ARGS, model
from bonding import check_active_backup_failover, create_bond, port_ids
import frames as f

EAL_BASE = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1"]


def eal(ports):
    return EAL_BASE + [a for p in ports for a in ("-a", "dpaa_bus:" + p)]


class Bonding(AppTestCase):
    def start_testpmd(self, ports, env, extra=()):
        app = self.start([TESTPMD] + eal(ports) + ["--", "-i"] + TESTPMD_ARGS + list(extra), env)
        app.wait_prompt(60)
        ids, summary = port_ids(app)
        self.assertEqual(sorted(ids), sorted(ports), summary)
        return app, ids

    def test_mode1_fails_over_when_the_primary_link_goes_down(self):
        # fm1-mac5 receives a steady stream and io forwarding sends it out of
        # the bond, whose primary is fm1-mac9; fm1-mac10 is the backup.
        env = model(fm1_mac5="gen:size=64:rate=2000",
                    fm1_mac9="pcap:tx=%s" % self.path("primary.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("backup.pcap"))
        app, ids = self.start_testpmd(["fm1-mac5", "fm1-mac9", "fm1-mac10"], env,
                                      ["--forward-mode=io"])
        primary = ids["fm1-mac9"]
        check_active_backup_failover(self, app, ids["fm1-mac5"], primary, ids["fm1-mac10"],
                                     self.path("primary.pcap"), self.path("backup.pcap"))
        # The downed primary sends nothing more.
        before = len(f.read_pcap(self.path("primary.pcap")))
        time.sleep(0.5)
        self.assertEqual(len(f.read_pcap(self.path("primary.pcap"))), before)
        app.command("stop")
        app.quit()

    def lacp_selected(self, app, bond, slaves):
        """Whether LACP has every slave of the bond collecting and
        distributing, with a partner that does too, in one aggregator."""
        info = app.command("show bonding lacp info %d" % bond)
        found = {}
        for block in info.split("Slave Port: ")[1:]:
            port = int(block.split("\n", 1)[0])
            states = re.findall(r"port state: ([A-Z ]*)", block)
            agg = re.search(r"Aggregator port id: (\d+)", block)
            found[port] = ("selection: SELECTED" in block and len(states) == 2 and
                           all("COLLECTING DISTRIBUTING" in s for s in states),
                           agg.group(1) if agg else None)
        return (sorted(found) == sorted(slaves) and all(ok for ok, _ in found.values()) and
                len({a for _, a in found.values()}) == 1), info

    def test_mode4_two_bonds_negotiate_lacp_over_cables(self):
        # Bond A (fm1-mac3, fm1-mac4) cabled to bond B (fm1-mac5, fm1-mac6).
        # Without dedicated queues the bonding PMD sends and takes its
        # LACPDUs inside the application's own bursts: io forwarding from a
        # generator into each bond keeps both sending, at a rate the Rx
        # queues hold (a LACPDU tail-dropped behind a flood is resent only
        # at the slow period, 29 s).
        env = model(fm1_mac3="cable:fm1-mac5", fm1_mac4="cable:fm1-mac6",
                    fm1_mac9="gen:size=64:rate=2000", fm1_mac10="gen:size=64:rate=2000")
        ports = ["fm1-mac3", "fm1-mac4", "fm1-mac5", "fm1-mac6", "fm1-mac9", "fm1-mac10"]
        app, ids = self.start_testpmd(ports, env, ["--forward-mode=io"])
        app.command("port stop all")
        a_slaves = [ids["fm1-mac3"], ids["fm1-mac4"]]
        b_slaves = [ids["fm1-mac5"], ids["fm1-mac6"]]
        a = create_bond(self, app, 4, a_slaves)
        b = create_bond(self, app, 4, b_slaves)
        app.command("port start all")
        # io pairs the list's ports in twos: fm1-mac9 with A, fm1-mac10 with B.
        app.command("set portlist %d,%d,%d,%d" % (ids["fm1-mac9"], a, ids["fm1-mac10"], b))
        app.command("start")
        deadline = time.time() + 30
        ok_a = ok_b = False
        while not (ok_a and ok_b) and time.time() < deadline:
            if not ok_a:
                ok_a, info_a = self.lacp_selected(app, a, a_slaves)
            if not ok_b:
                ok_b, info_b = self.lacp_selected(app, b, b_slaves)
            time.sleep(0.5)
        self.assertTrue(ok_a, info_a)
        self.assertTrue(ok_b, info_b)
        # Traffic crosses once both sides distribute: each bond receives
        # what the other's generator sends.
        app.command("clear port stats all")
        time.sleep(2)
        stats = app.command("stop")
        for bond in (a, b):
            m = re.search(r"Forward statistics for port %d\s+-+\s+RX-packets: (\d+)" % bond, stats)
            self.assertIsNotNone(m, stats)
            self.assertGreater(int(m.group(1)), 0, stats)
        app.quit()


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
