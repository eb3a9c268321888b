#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""dpdk-testpmd, unmodified, forwarding between fm1-mac9 and fm1-mac10 of the
modelled LS1046A-RDB with pcap wires, and answering interactive commands."""

import re
import sys
import time
import unittest

import frames as f
from apptest import AppTestCase, EAL_ARGS, TESTPMD, TESTPMD_ARGS, model
from testpmd import sink_report, vlan_mix, wait_frames

SRC = f.mac("02:00:00:00:11:11")
# fm1-mac9's own address: the pcap wire plays its frames as soon as the port
# starts, before testpmd turns promiscuous mode on, so frames to any other
# address would be dropped by the MAC's filter (rx_mac_dropped_packets).
DST = f.mac("02:00:00:D9:01:09")


def traffic(count=48):
    """Untagged, 802.1Q and QinQ frames over IPv4/UDP and IPv6/TCP, 8 flows."""
    return vlan_mix(DST, SRC, count)


class TestpmdForwarding(AppTestCase):
    def forward(self, mode, eal_extra=()):
        sent = traffic()
        f.write_pcap(self.path("in.pcap"), sent)
        env = model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        app = self.start([TESTPMD] + EAL_ARGS + list(eal_extra) + ["--", "-i"] + TESTPMD_ARGS +
                         ["--forward-mode=" + mode, "--eth-peer=1,02:00:00:00:00:aa"], env)
        self.pool_ops = app.wait_for(r"preferred mempool ops selected: (\w+)").group(1)
        app.wait_for(r"testpmd> $", 30)
        port1 = app.wait_for(r"^Port 1: ([0-9A-F:]{17})").group(1)
        app.command("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        stats = app.command("stop")
        app.quit()
        return sent, got, port1, stats

    def test_io_forwarding_is_byte_exact_with_tags_untouched(self):
        sent, got, _, stats = self.forward("io")
        self.assertEqual(self.pool_ops, "dpaa", "the default pool ops of a DPAA port")
        self.assertEqual(len(got), len(sent), stats)
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(a.hex(), b.hex(), "frame %d differs" % i)

    def test_mac_forwarding_rewrites_addresses_only(self):
        sent, got, port1, _ = self.forward("mac")
        self.assertEqual(len(got), len(sent))
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:aa"), "frame %d destination" % i)
            self.assertEqual(b[6:12], f.mac(port1), "frame %d source" % i)
            self.assertEqual(b[12:].hex(), a[12:].hex(), "frame %d beyond the addresses" % i)

    def test_dpaa_mempool_ops(self):
        # An EAL option in 22.11: before "--".
        sent, got, _, _ = self.forward("io", ["--mbuf-pool-ops-name", "dpaa"])
        self.assertEqual(self.pool_ops, "dpaa")
        self.assertEqual([x.hex() for x in got], [x.hex() for x in sent])


class TestpmdGenerator(AppTestCase):
    def test_generator_frames_all_reach_the_sink(self):
        # Thousands of frames, not a pcap's few dozen: the EQCR, the DQRR
        # and BMan's release ring wrap around hundreds of times (on the
        # board platform through the emulated kernel's trapped portals). The
        # generator holds its frames while the Rx FQ's congestion group
        # would tail-drop them (rate=max), so every one of them reaches the
        # sink however slowly the machine runs. Promiscuous mode is on
        # before the ports start: the generator sends to 02:00:00:00:00:01,
        # which the MAC's filter would drop.
        count = 5000
        env = model(fm1_mac9="gen:size=64:flows=16:rate=max:count=%d" % count, fm1_mac10="sink")
        app = self.start([TESTPMD] + EAL_ARGS + ["--log-level=bus.dpaa:info", "--", "-i"] +
                         TESTPMD_ARGS + ["--disable-device-start"], env)
        app.wait_for(r"testpmd> $", 60)
        # testpmd drops what a full Tx ring refuses. On a loaded machine the
        # model's thread (QMan, for the board platform behind the emulated
        # kernel) may not run for milliseconds, and the driver returns short
        # after a few microseconds of a full EQCR: an application that must
        # lose nothing retries, as testpmd's io retry does.
        app.command("set fwd io retry")
        app.command("set burst tx delay 1000 retry 1000")
        stats = app.forward_until_sent(count, port=1)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        out = app.text()
        # The wires' report at exit: our bus's on the model platform, the
        # emulated kernel's on the board platform.
        line, counts = sink_report(out, "fm1-mac10")
        self.assertEqual(counts, [count, count, 0, 0, 0, 0], (line or out[-3000:]) + "\n" + stats)


class TestpmdCommands(AppTestCase):
    def setUp(self):
        super().setUp()
        env = model(fm1_mac9="cable:fm1-mac10")
        self.app = self.start([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS, env)
        self.app.wait_for(r"testpmd> $", 30)

    def tearDown(self):
        try:
            self.app.quit()
        finally:
            super().tearDown()

    def test_show_port_info(self):
        out = self.app.command("show port info 0")
        self.assertIn("Device name: fm1-mac9", out)
        self.assertIn("Driver name: net_dpaa", out)
        self.assertRegex(out, r"Link status: up")
        self.assertRegex(out, r"Link speed: 10 Gbps")
        self.assertRegex(out, r"Max possible number of RXQs per queue: *\d+|Max possible RX queues: *\d+")

    def test_stats_and_xstats(self):
        out = self.app.command("show port stats 0")
        self.assertRegex(out, r"RX-packets: 0 +RX-missed: 0")
        out = self.app.command("show port xstats 0")
        self.assertRegex(out, r"rx_good_packets: 0")
        self.assertRegex(out, r"tx_good_packets: 0")

    def test_promisc_allmulti_mtu(self):
        self.assertNotIn("rror", self.app.command("set promisc 0 off"))
        self.assertIn("Promiscuous mode: disabled", self.app.command("show port info 0"))
        self.assertNotIn("rror", self.app.command("set promisc 0 on"))
        self.assertIn("Promiscuous mode: enabled", self.app.command("show port info 0"))
        self.assertNotIn("rror", self.app.command("set allmulti 0 on"))
        self.assertIn("Allmulticast mode: enabled", self.app.command("show port info 0"))
        self.app.command("port stop 0")
        out = self.app.command("port config mtu 0 1600")
        self.assertNotIn("rror", out)
        self.app.command("port start 0")
        self.assertRegex(self.app.command("show port info 0"), r"MTU: 1600")

    def test_tx_loopback(self):
        out = self.app.command("set port 0 tx_loopback on")
        self.assertNotIn("not implemented", out)
        self.assertNotIn("invalid", out)
        out = self.app.command("set port 0 tx_loopback off")
        self.assertNotIn("not implemented", out)

    def test_vlan_strip_is_refused_clearly(self):
        out = self.app.command("vlan set strip on 0")
        self.assertIn("rx_vlan_strip_set(port_pi=0, on=1) failed", out)
        self.assertNotIn("VLAN_STRIP", self.app.command("show port 0 rx_offload configuration"))

    def test_port_stop_start(self):
        out = self.app.command("port stop 0")
        self.assertRegex(out, r"Stopping ports\.\.\.")
        out = self.app.command("port start 0")
        self.assertRegex(out, r"Port 0: [0-9A-F:]{17}")
        self.assertRegex(self.app.command("show port info 0"), r"Link status: up")

    def stats_until(self, done, timeout=30):
        """{port: (RX-packets, RX-missed, TX-packets)} once done() holds of
        it, or the last after timeout."""
        def triples(stats):
            return dict((p, (c["RX-packets"], c["RX-missed"], c["TX-packets"])) for p, c in stats.items())
        return triples(self.app.stats_until(lambda s: done(triples(s)), timeout=timeout))

    def test_queue_stop_start(self):
        # The cable: what port 0 sends, port 1 receives. Port 1's only queues
        # stopped: txonly forwarding sends nothing from port 1 (testpmd skips
        # a stopped Tx queue's stream), and everything port 0 sends is
        # dropped by the hardware and counted as missed. Started again, the
        # queues work.
        for q in ("rxq", "txq"):
            out = self.app.command("port 1 %s 0 stop" % q)
            self.assertNotIn("not supported", out)
        self.assertIn("Rx queue state: stopped", self.app.command("show rxq info 1 0"))
        self.assertIn("Tx queue state: stopped", self.app.command("show txq info 1 0"))
        self.app.command("clear port stats all")
        self.app.command("set fwd txonly")
        self.app.command("start")
        self.stats_until(lambda s: s[1][1] >= 100)
        self.app.command("stop")
        # Frames still on their way when forwarding stopped are counted too.
        stats = self.stats_until(lambda s: s[1][1] == s[0][2])
        self.assertGreaterEqual(stats[0][2], 100, stats)
        self.assertEqual(stats[1], (0, stats[0][2], 0), "port 1: RX-packets, RX-missed, TX-packets")
        self.assertEqual(stats[0][:2], (0, 0), "port 0: RX-packets, RX-missed")

        for q in ("rxq", "txq"):
            out = self.app.command("port 1 %s 0 start" % q)
            self.assertNotIn("not supported", out)
        self.assertIn("Rx queue state: started", self.app.command("show rxq info 1 0"))
        self.assertIn("Tx queue state: started", self.app.command("show txq info 1 0"))
        self.app.command("clear port stats all")
        self.app.command("set fwd rxonly")
        self.app.command("start tx_first")  # a burst of 32 from each port
        stats = self.stats_until(lambda s: s[1][0] >= 32 and s[0][0] >= 32)
        self.app.command("stop")
        self.assertEqual(stats[1], (32, 0, 32), "port 1: RX-packets, RX-missed, TX-packets")
        self.assertEqual(stats[0], (32, 0, 32), "port 0: RX-packets, RX-missed, TX-packets")

    def test_rss_hash(self):
        # The PMD reports hash_key_size 0 (KeyGen's hash has no software key),
        # so testpmd refuses to show the hash configuration: it says why.
        out = self.app.command("show port 0 rss-hash")
        self.assertIn("dev_info did not provide a valid hash key size", out)
        info = self.app.command("show port info 0")
        self.assertRegex(info, r"Supported RSS offload flow types:\s+ipv4\s+ipv4-frag\s+ipv4-tcp\s+ipv4-udp")


class TestpmdRss(AppTestCase):
    def test_two_queues_two_cores_split_the_flows(self):
        sent = [f.udp4_frame(DST, SRC, flow, size=64) for flow in range(256)]
        f.write_pcap(self.path("in.pcap"), sent)
        env = model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        eal = [a for a in EAL_ARGS if a not in ("-l", "0,1")] + ["--lcores", "0@0,1@1,2@1"]
        app = self.start([TESTPMD] + eal + ["--", "-i"] + TESTPMD_ARGS + ["--rxq=2", "--txq=2", "--rss-ip",
                                            "--nb-cores=2"], env)
        app.wait_for(r"testpmd> $", 30)
        app.command("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        stats = app.command("stop")
        app.quit()
        self.assertEqual(sorted(x.hex() for x in got), sorted(x.hex() for x in sent))
        per_queue = {int(q): int(n) for q, n in re.findall(
            r"RX Port= 0/Queue= (\d) -> TX Port= 1/Queue= \d -+\n  RX-packets: (\d+)", stats)}
        self.assertEqual(sorted(per_queue), [0, 1], stats)
        self.assertEqual(sum(per_queue.values()), len(sent))
        for q, n in per_queue.items():
            self.assertGreater(n, len(sent) // 4, "queue %d got %d of %d" % (q, n, len(sent)))


class TestpmdStartFlush(AppTestCase):
    """testpmd's plain start (without --no-flush-rx): its main lcore polls
    every Rx queue to empty it, then a forwarding lcore takes the queues over
    while frames keep arriving. Every frame the MAC accepted must reach the
    application: none may wait, uncounted, in the main lcore's portal until
    the port stops."""

    def xstats(self, app):
        out = app.command("show port xstats 0")
        return {k: int(v) for k, v in re.findall(r"^(\w+): (\d+)$", out, re.M)}

    def test_no_frame_stranded_by_the_start_flush(self):
        count = 500
        env = model(fm1_mac9="gen:rate=10000:count=%d" % count, fm1_mac10="sink")
        args = [a for a in TESTPMD_ARGS if a != "--no-flush-rx"]
        app = self.start([TESTPMD] + EAL_ARGS + ["--", "-i"] + args, env)
        app.wait_prompt(30)
        app.command("start")
        # The generator's frames all counted by the MAC (those before
        # testpmd turned promiscuous mode on are dropped by its filter),
        # then the application's count settles.
        deadline = time.monotonic() + 30
        x = self.xstats(app)
        while time.monotonic() < deadline and not (
                x["rx_mac_good_packets"] + x["rx_mac_dropped_packets"] == count
                and x["rx_good_packets"] == x["rx_mac_good_packets"]):
            time.sleep(0.1)
            x = self.xstats(app)
        accepted = x["rx_mac_good_packets"]
        self.assertEqual(accepted + x["rx_mac_dropped_packets"], count, x)
        self.assertGreater(accepted, 0, x)
        self.assertEqual(x["rx_good_packets"], accepted, "frames the application received")
        self.assertEqual(x["rx_queue_errors"], 0, x)
        fwd = app.command("stop")
        app.command("port stop 0")
        # Nothing was left for the stop to find.
        x = self.xstats(app)
        self.assertEqual(x["rx_good_packets"], accepted, x)
        self.assertEqual(x["rx_queue_errors"], 0, x)
        stats = app.command("show port stats 0")
        self.assertRegex(stats, r"RX-packets: %d " % accepted)
        self.assertRegex(stats, r"RX-errors: 0\n")
        # What the forwarding lcore received went out of port 1.
        rx = int(re.search(r"Forward statistics for port 0 .*?RX-packets: (\d+)", fwd, re.S).group(1))
        tx = int(re.search(r"Forward statistics for port 1 .*?TX-packets: (\d+)", fwd, re.S).group(1))
        self.assertEqual(tx, rx, fwd)
        self.assertTrue(app.quit())


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
