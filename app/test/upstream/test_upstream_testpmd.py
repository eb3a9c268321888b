#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream's dpdk-testpmd, unmodified, on the modelled LS1046A-RDB through
the emulated USDPAA kernel interface: bus scan, probe, BMan fill, port start,
and byte-exact forwarding of a VLAN/QinQ mix between fm1-mac9 and fm1-mac10
over pcap wires."""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "apps"))

import frames as f  # noqa: E402
from testpmd import sink_report, vlan_mix, wait_frames  # noqa: E402
from upstream import EAL_ARGS, TESTPMD, TESTPMD_ARGS, UpstreamTestCase, kernel_model  # noqa: E402

SRC = f.mac("02:00:00:00:11:11")
DST = f.mac("02:00:00:D9:01:09")  # fm1-mac9's local-mac-address in the device tree

# Upstream's Rx queues: push mode (its default: up to 4 queues dequeued
# statically through a portal of their own) and pull mode (VDQCR per burst).
PUSH_MODE = {}
PULL_MODE = {"DPAA_PUSH_QUEUES_NUMBER": "0"}
# testpmd's dump_mempool: the count of the pool's ops (BMan's POOL_CONTENT).
POOL_COUNT = r"mempool <mb_pool_0>.*?common_pool_count=(\d+)"


def traffic(count=48):
    """Untagged, 802.1Q and QinQ frames over IPv4/UDP and IPv6/TCP, 8 flows."""
    return vlan_mix(DST, SRC, count)


class UpstreamTestpmd(UpstreamTestCase):
    rx_mode = PUSH_MODE

    def run_forwarding(self, mode):
        sent = traffic()
        f.write_pcap(self.path("in.pcap"), sent)
        config = kernel_model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                              fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                                  ["--forward-mode=" + mode, "--eth-peer=1,02:00:00:00:00:aa"],
                                  config, extra_env=self.rx_mode)
        app.wait_for(r"testpmd> $", 60)
        self.startup = app.text()
        port1 = app.wait_for(r"^Port 1: ([0-9A-F:]{17})").group(1)
        app.command("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        stats = app.command("stop")
        self.port_info = app.command("show port info 0")
        app.send("quit")
        self.assertEqual(app.finish(60), 0, app.text()[-3000:])
        self.assert_no_misuse(app)
        return sent, got, port1, stats

    def test_bus_probe_and_start(self):
        _, _, port1, _ = self.run_forwarding("io")
        out = self.startup
        self.assertIn("EAL: DPAA Bus Detected", out)
        self.assertIn("PMD: net: dpaa: fm1-mac9: 02:00:00:D9:01:09", out)
        self.assertIn("PMD: net: dpaa: fm1-mac10: 02:00:00:D9:01:0A", out)
        self.assertIn("preferred mempool ops selected: dpaa", out)
        self.assertEqual(port1, "02:00:00:D9:01:0A")
        self.assertIn("Driver name: net_dpaa", self.port_info)
        self.assertRegex(self.port_info, r"Link status: up")
        self.assertRegex(self.port_info, r"Link speed: 10 Gbps")

    def test_io_forwarding_is_byte_exact(self):
        sent, got, _, stats = self.run_forwarding("io")
        self.assertEqual(len(got), len(sent), stats)
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(a.hex(), b.hex(), "frame %d differs" % i)

    def test_mac_forwarding_rewrites_addresses_only(self):
        sent, got, port1, stats = self.run_forwarding("mac")
        self.assertEqual(len(got), len(sent), stats)
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:aa"), "frame %d destination" % i)
            self.assertEqual(b[6:12], f.mac(port1), "frame %d source" % i)
            self.assertEqual(b[12:].hex(), a[12:].hex(), "frame %d beyond the addresses" % i)

    def test_bman_holds_exactly_the_mempool(self):
        # Upstream's mempool releases every mbuf to its BMan pool at
        # populate, and its count is BMan's (POOL_CONTENT). After a
        # forwarding run, whose buffers the FMan took from the pool at Rx and
        # returned to it at Tx, BMan holds the whole pool again: no buffer
        # lost or doubled. (Before "start" the count may be lower by the
        # frames the port received and queued already.)
        sent = traffic()
        f.write_pcap(self.path("in.pcap"), sent)
        config = kernel_model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                              fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                                  ["--mbcache=0"],  # no per-lcore cache holding mbufs back
                                  config, extra_env=self.rx_mode)
        app.wait_for(r"testpmd> $", 60)
        app.command("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        stats = app.command("stop")
        self.assertEqual(len(got), len(sent), stats)
        after = re.search(POOL_COUNT, app.command("dump_mempool", 60), re.S)
        self.assertIsNotNone(after)
        self.assertEqual(int(after.group(1)), 4096)
        app.send("quit")
        self.assertEqual(app.finish(60), 0, app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_generator_frames_all_reach_the_sink(self):
        # Thousands of frames through the emulated kernel, not a pcap's
        # few dozen: the EQCR, the DQRR and BMan's release ring wrap around
        # hundreds of times. The generator holds its frames while the Rx
        # FQ's congestion group would tail-drop them (rate=max), so every
        # one of them reaches the sink however slowly the machine runs.
        # Promiscuous mode is on before the ports start: the generator
        # sends to 02:00:00:00:00:01, which the MAC's filter would drop.
        count = 5000
        config = kernel_model(fm1_mac9="gen:size=64:flows=16:rate=max:count=%d" % count,
                              fm1_mac10="sink")
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                                  ["--disable-device-start"], config, extra_env=self.rx_mode)
        app.wait_for(r"testpmd> $", 60)
        stats = app.forward_until_sent(count, port=1)
        app.send("quit")
        self.assertEqual(app.finish(120), 0, app.text()[-3000:])
        out = app.text()
        line, counts = sink_report(out, "fm1-mac10")
        self.assertEqual(counts, [count, count, 0, 0, 0, 0], (line or out[-3000:]) + "\n" + stats)
        self.assert_no_misuse(app)

    def test_ports_close_cleanly_without_misuse(self):
        # Upstream creates one congestion group per Rx FQ and deletes it
        # at close: the model must answer INITCGR/QUERYCGR/MODIFYCGR (before
        # it did, upstream deleted a CGR it never linked and crashed).
        config = kernel_model(fm1_mac9="loopback", fm1_mac10="loopback")
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS, config,
                                  extra_env=self.rx_mode)
        app.wait_for(r"testpmd> $", 60)
        # No frame on the wires: BMan holds the whole mempool (4096 mbufs).
        filled = re.search(POOL_COUNT, app.command("dump_mempool", 60), re.S)
        self.assertIsNotNone(filled)
        self.assertEqual(int(filled.group(1)), 4096)
        for cmd in ("port stop all", "port start all", "port stop all"):
            self.assertNotIn("rror", app.command(cmd, 60))
        app.send("quit")
        self.assertEqual(app.finish(60), 0, app.text()[-3000:])
        self.assert_no_misuse(app)


class UpstreamTestpmdPull(UpstreamTestpmd):
    """The same with upstream's pull-mode Rx queues."""
    rx_mode = PULL_MODE


if __name__ == "__main__":
    unittest.main(verbosity=2)
