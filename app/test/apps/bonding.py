# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK's bonding PMD driven from testpmd's own bonding commands, as its
guide types them, over either family's ports: the bonding tests of DPAA1
(app/test/apps/test_bonding.py) and DPAA2
(app/test/dpaa2-ethdev/test_dpaa2_ethdev_bonding.py) run the same
sequences on their own ports and wires."""

import re

import frames as f
from testpmd import wait_frames

SUMMARY_LINE = re.compile(r"^(\d+)\s+([0-9A-F:]{17})\s+(\S+)\s+(\S+)", re.M)


def port_ids(app):
    """{port name: port id} from testpmd's "show port summary all"."""
    summary = app.command("show port summary all")
    return {name: int(pid) for pid, _, name, _ in SUMMARY_LINE.findall(summary)}, summary


def create_bond(test, app, mode, slaves, primary=None):
    """A bonded device of 'mode' over the ports 'slaves' (stopped), with
    'primary' its primary when given; its port id."""
    out = app.command("create bonded device %d 0" % mode)
    m = re.search(r"Created new bonded device \S+ on \(port (\d+)\)", out)
    test.assertIsNotNone(m, out)
    bond = int(m.group(1))
    for s in slaves:
        test.assertNotIn("Failed", app.command("add bonding slave %d %d" % (s, bond)))
    if primary is not None:
        test.assertNotIn("Failed", app.command("set bonding primary %d %d" % (primary, bond)))
    return bond


def check_active_backup_failover(test, app, rx_port, primary, backup, primary_pcap, backup_pcap):
    """With testpmd in io forwarding and a steady stream coming in on
    'rx_port': an active-backup bond (mode 1) of 'primary' and 'backup'
    (whose wires write the pcap files named) sends on the primary alone,
    then, once the primary's link is set down, on the backup, which the
    bond then names its one active slave. Forwarding runs on; the bond's
    port id."""
    app.command("port stop all")
    bond = create_bond(test, app, 1, [primary, backup], primary)
    app.command("port start all")
    app.command("set portlist %d,%d" % (rx_port, bond))
    app.command("start")
    wait_frames(f.read_pcap, primary_pcap, 200)
    test.assertEqual(len(f.read_pcap(backup_pcap)), 0,
                     "active-backup sent on the backup while the primary was up")

    app.command("set link-down port %d" % primary)
    got = wait_frames(f.read_pcap, backup_pcap, 200)
    test.assertGreaterEqual(len(got), 200, "no failover to the backup")
    config = app.command("show bonding config %d" % bond)
    test.assertIn("Active Slaves (1): [%d]" % backup, config)
    return bond
