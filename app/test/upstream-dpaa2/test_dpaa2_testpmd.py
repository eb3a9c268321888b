#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream's dpdk-testpmd, unmodified, with its net_dpaa2 on the modelled
LX2160A-RDB through the emulated VFIO fsl-mc kernel: bus scan and probe,
the link at the board's speed, byte-exact forwarding of a VLAN/QinQ mix
between dpmac.3 and dpmac.4 in both directions over pcap wires (io and mac
modes), the buffer pool's exact counts, ports stopped, started and closed;
the model counts no misuse at the end of each."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "apps"))

import frames as f  # noqa: E402
from testpmd import wait_frames  # noqa: E402
from upstream_dpaa2 import (DPNI0, DPNI1, EAL_ARGS, PORT0, PORT1, PORT_MACS, POOL_COUNT,  # noqa: E402
                            TESTPMD, TESTPMD_ARGS, Dpaa2TestCase, kernel_model, main, traffic, wires)

OTHER_HOST = f.mac("02:00:00:00:77:01")  # neither port's address: promiscuous mode lets it in
PEERS = {0: "02:00:00:00:00:a0", 1: "02:00:00:00:00:a1"}
LOGS = ["--log-level=pmd.net.dpaa2:info"]


class Testpmd(Dpaa2TestCase):
    def pcap_both_ways(self, options="", dst=None):
        """Frames into both ports, each port's output into a file of its own;
        options: the pcap wires' further options (":start=enable"); dst:
        the destination of each port's frames (default: neither port)."""
        dst = dst or {0: OTHER_HOST, 1: OTHER_HOST}
        sent = {0: traffic(dst[0]), 1: traffic(dst[1], count=40, flow_base=100)}
        f.write_pcap(self.path("in0.pcap"), sent[0])
        f.write_pcap(self.path("in1.pcap"), sent[1])
        config = kernel_model(**wires(**{
            PORT0: "pcap:rx=%s:tx=%s%s" % (self.path("in0.pcap"), self.path("out0.pcap"), options),
            PORT1: "pcap:rx=%s:tx=%s%s" % (self.path("in1.pcap"), self.path("out1.pcap"), options)}))
        return sent, config

    def run_forwarding(self, mode, extra=()):
        sent, config = self.pcap_both_ways()
        app = self.start_upstream([TESTPMD] + EAL_ARGS + LOGS + ["--", "-i"] + TESTPMD_ARGS +
                                  ["--forward-mode=" + mode] + list(extra) +
                                  ["--eth-peer=%d,%s" % kv for kv in PEERS.items()], config)
        app.wait_prompt(120)
        self.startup = app.text()
        macs = dict((int(p), m) for p, m in re.findall(r"^Port (\d): ([0-9A-F:]{17})", self.startup, re.M))
        app.command("start")
        # Port 0's frames leave by port 1 (dpmac.4) and port 1's by port 0.
        got = {1: wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0])),
               0: wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))}
        stats = app.command("stop")
        self.port_info = [app.command("show port info %d" % p) for p in (0, 1)]
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(len(got[1]), len(sent[0]), stats)
        self.assertEqual(len(got[0]), len(sent[1]), stats)
        return sent, got, macs

    def test_probe_and_link_at_the_board_speed(self):
        self.run_forwarding("io")
        out = self.startup
        self.assertIn("%s: netdev created, connected to %s" % (DPNI0, PORT0), out)
        self.assertIn("%s: netdev created, connected to %s" % (DPNI1, PORT1), out)
        self.assertIn("preferred mempool ops selected: dpaa2", out)
        for port, mac in PORT_MACS.items():
            self.assertIn("Port %d: %s" % (port, mac), out)
        for info in self.port_info:
            self.assertIn("Driver name: net_dpaa2", info)
            self.assertRegex(info, r"Link status: up")
            # dpmac.3 and dpmac.4: AQR107 10GBASE-T PHYs.
            self.assertRegex(info, r"Link speed: 10 Gbps")

    def test_io_forwarding_is_byte_exact_both_ways(self):
        sent, got, _ = self.run_forwarding("io")
        for rx, tx in ((0, 1), (1, 0)):
            for i, (a, b) in enumerate(zip(sent[rx], got[tx])):
                self.assertEqual(a.hex(), b.hex(), "port %d frame %d differs" % (rx, i))

    def test_mac_forwarding_rewrites_the_addresses_only(self):
        sent, got, macs = self.run_forwarding("mac")
        self.assertEqual(sorted(macs), [0, 1], self.startup[-2000:])
        for rx, tx in ((0, 1), (1, 0)):
            for i, (a, b) in enumerate(zip(sent[rx], got[tx])):
                where = "port %d frame %d" % (rx, i)
                self.assertEqual(b[0:6], f.mac(PEERS[tx]), where + ": destination")
                self.assertEqual(b[6:12], f.mac(macs[tx]), where + ": source")
                self.assertEqual(b[12:].hex(), a[12:].hex(), where + ": beyond the addresses")

    def pool_count(self, app):
        m = re.search(POOL_COUNT, app.command("dump_mempool", 60), re.S)
        self.assertIsNotNone(m, app.text()[-3000:])
        return int(m.group(1))

    def test_buffer_pool_counts_are_exact(self):
        # Upstream's mempool releases all 4096 mbufs to its DPBP at populate;
        # its count is the MC's (dpbp_get_num_free_bufs). Frames the ports
        # received and queued hold one buffer each; forwarded, WRIOP's Tx
        # releases them to their pool again. No per-lcore cache (--mbcache=0)
        # holds buffers back.
        # The frames play as soon as the DPNIs are enabled, before testpmd
        # turns promiscuous mode on: each is addressed to its port.
        sent, config = self.pcap_both_ways(":start=enable",
                                           dict((p, f.mac(m)) for p, m in PORT_MACS.items()))
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS + ["--mbcache=0"],
                                  config)
        app.wait_prompt(120)
        # The ports are enabled: both pcap files played into their Rx queues
        # without a poll, each frame in a buffer of the pool.
        queued = len(sent[0]) + len(sent[1])
        held = None
        for _ in range(100):
            held = 4096 - self.pool_count(app)
            if held >= queued:
                break
        self.assertEqual(held, queued, "buffers out of the pool with every frame queued")
        app.command("start")
        got1 = wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0]))
        got0 = wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))
        stats = app.command("stop")
        self.assertEqual((len(got1), len(got0)), (len(sent[0]), len(sent[1])), stats)
        self.assertEqual(self.pool_count(app), 4096, "every buffer back in the pool")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_ports_stop_start_and_close_cleanly(self):
        sent, config = self.pcap_both_ways()
        app = self.start_upstream([TESTPMD] + EAL_ARGS + LOGS + ["--", "-i"] + TESTPMD_ARGS, config)
        app.wait_prompt(120)
        self.assertEqual(self.pool_count(app), 4096, "the pool filled at populate")
        for cmd in ("port stop all", "port start all", "port stop 0", "port start 0",
                    "port stop 1", "port start 1"):
            out = app.command(cmd, 60)
            self.assertNotRegex(out, r"(?i)error|fail", cmd)
        for p in (0, 1):
            self.assertRegex(app.command("show port info %d" % p), r"Link status: up")
        # Restarted, the ports forward as before.
        app.command("start")
        got1 = wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0]))
        got0 = wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))
        stats = app.command("stop")
        self.assertEqual([a.hex() for a in sent[0]], [b.hex() for b in got1], stats)
        self.assertEqual([a.hex() for a in sent[1]], [b.hex() for b in got0], stats)
        out = app.command("port stop all", 60) + app.command("port close all", 60)
        self.assertNotRegex(out, r"(?i)error|fail", out)
        self.assertIn("%s: netdev deleted" % DPNI0, app.text())
        self.assertIn("%s: netdev deleted" % DPNI1, app.text())
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)


if __name__ == "__main__":
    main()
