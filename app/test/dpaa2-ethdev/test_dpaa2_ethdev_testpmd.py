#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Our dpdk-testpmd with our net_dpaa2 on the modelled LX2160A-RDB through
the emulated VFIO fsl-mc kernel: the ports probe with the board's addresses
and link speed; io forwarding of the VLAN/QinQ/untagged mix is byte-exact in
both directions with the tags in the frames, and the verbose dump shows the
VLAN and QinQ packet types without any RX_VLAN flag; runts never reach the
DPNI; the VLAN strip offload is refused at configure and at run time with
ethdev's messages; two Rx
queues share the flows by WRIOP's hash, which the mbufs carry; checksums
are flagged good or bad as WRIOP validated them and inserted at Tx; jumbo frames
go through as SG frames; ports stop, start and close; the buffer pool's
count is exact; ieee1588 forwarding between cabled ports prints Rx and Tx
timestamps that increase with drv_tx_conf=1 (Tx stamps come back in Tx
confirmations), and without it is refused with the reason, testpmd asking
for MBUF_FAST_FREE; the model counts no misuse at the end of each."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dpaa2_ethdev import (DPNI0, DPNI1, EAL_ARGS, LOGS, OTHER_HOST, PORT0, PORT1,  # noqa: E402
                          PORT_MACS, SRC, TESTPMD, TESTPMD_ARGS, Dpaa2EthdevTestCase, f,
                          kernel_model, main, traffic, wires)
from testpmd import wait_frames  # noqa: E402
from test_testpmd_ptp import check_ieee1588_forwarding, sync_message  # noqa: E402

PEERS = {0: "02:00:00:00:00:a0", 1: "02:00:00:00:00:a1"}


def received(dump):
    """The verbose dump's received mbufs: (length, hw ptype, ol_flags)."""
    out = []
    for pkt in re.finditer(r"^  src=(.*?)^  ol_flags: ([^\n]*)", dump, re.M | re.S):
        length = re.search(r" - length=(\d+)", pkt.group(1))
        ptype = re.search(r" - hw ptype: (.*?) - sw ptype", pkt.group(1))
        out.append((int(length.group(1)), ptype.group(1).split() if ptype else [], pkt.group(2).split()))
    return out


class Testpmd(Dpaa2EthdevTestCase):
    def pcap_both_ways(self, options="", dst=None, sent=None):
        dst = dst or {0: OTHER_HOST, 1: OTHER_HOST}
        sent = sent or {0: traffic(dst[0]), 1: traffic(dst[1], count=40, flow_base=100)}
        f.write_pcap(self.path("in0.pcap"), sent[0])
        f.write_pcap(self.path("in1.pcap"), sent[1])
        config = kernel_model(**wires(**{
            PORT0: "pcap:rx=%s:tx=%s%s" % (self.path("in0.pcap"), self.path("out0.pcap"), options),
            PORT1: "pcap:rx=%s:tx=%s%s" % (self.path("in1.pcap"), self.path("out1.pcap"), options)}))
        return sent, config

    def forward(self, app, sent, verbose=False):
        """start, wait for every frame at the far wires, stop: (got, the
        output since start)."""
        if verbose:
            app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = {1: wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0])),
               0: wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))}
        stats = app.command("stop")
        self.assertEqual(len(got[1]), len(sent[0]), stats)
        self.assertEqual(len(got[0]), len(sent[1]), stats)
        return got, app.text()[start:]

    def assert_byte_exact(self, sent, got):
        for rx, tx in ((0, 1), (1, 0)):
            for i, (a, b) in enumerate(zip(sent[rx], got[tx])):
                self.assertEqual(a.hex(), b.hex(), "port %d frame %d differs" % (rx, i))

    def ieee1588_config(self):
        # As DPAA1's test_testpmd_ptp: the board's DPRTC in the container,
        # the two ports cabled, a sync message injected at port 0's end.
        f.write_pcap(self.path("sync.pcap"), [sync_message()])
        return kernel_model(dprtc="1", **wires(**{
            PORT0: "cable:%s:inject=%s" % (PORT1, self.path("sync.pcap"))}))

    def test_ieee1588_forwarding_between_cabled_ports(self):
        # testpmd enables timesync when forwarding begins, on started
        # ports; their Tx stamps need Tx confirmation, which testpmd's
        # MBUF_FAST_FREE turns off unless drv_tx_conf=1 keeps it.
        eal = [a + ",drv_tx_conf=1" if a.startswith("fslmc:") else a for a in EAL_ARGS]
        app = self.start_ours([TESTPMD] + eal + ["--", "-i"] + TESTPMD_ARGS +
                              ["--forward-mode=ieee1588"], self.ieee1588_config())
        app.wait_prompt(120)
        check_ieee1588_forwarding(self, app)
        self.assert_no_misuse(app)

    def test_ieee1588_without_tx_confirmation_is_refused(self):
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                              ["--forward-mode=ieee1588"], self.ieee1588_config())
        app.wait_prompt(120)
        out = app.command("start")
        self.assertIn("Port 0 enable PTP failed, ret = -95", out)
        self.assertIn("Packet forwarding is not ready", out)
        self.assertIn("net_dpaa2: %s: no IEEE 1588 Tx timestamps without Tx confirmation, which "
                      "the DPNI runs without under RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE: add "
                      "drv_tx_conf=1 to the device's arguments" % DPNI0, app.text())
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_probe_with_the_board_addresses_and_link_speed(self):
        _, config = self.pcap_both_ways()
        app = self.start_ours([TESTPMD] + EAL_ARGS + LOGS + ["--", "-i"] + TESTPMD_ARGS, config)
        app.wait_prompt(120)
        out = app.text()
        self.assertIn("net_dpaa2: %s: port 0, connected to %s, %s" % (DPNI0, PORT0, PORT_MACS[0]), out)
        self.assertIn("net_dpaa2: %s: port 1, connected to %s, %s" % (DPNI1, PORT1, PORT_MACS[1]), out)
        self.assertIn("preferred mempool ops selected: dpaa2", out)
        for port, mac in PORT_MACS.items():
            self.assertIn("Port %d: %s" % (port, mac.upper()), out)
            info = app.command("show port info %d" % port)
            self.assertIn("Driver name: net_dpaa2", info)
            self.assertIn("Link status: up", info)
            # dpmac.3 and dpmac.4: AQR107 10GBASE-T PHYs, up to 10G.
            self.assertIn("Link speed: 10 Gbps", info)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_io_forwarding_is_byte_exact_with_the_tags_in_the_frame(self):
        sent, config = self.pcap_both_ways()
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS + ["--forward-mode=io"],
                              config)
        app.wait_prompt(120)
        got, dump = self.forward(app, sent, verbose=True)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assert_byte_exact(sent, got)
        rx = received(dump)
        self.assertEqual(len(rx), len(sent[0]) + len(sent[1]), dump[-3000:])
        ptypes = {}
        for length, ptype, flags in rx:
            # The tags stay in the frame, and nothing says otherwise.
            self.assertNotIn("RTE_MBUF_F_RX_VLAN_STRIPPED", flags)
            self.assertNotIn("RTE_MBUF_F_RX_QINQ_STRIPPED", flags)
            self.assertNotIn("RTE_MBUF_F_RX_VLAN", flags)
            ptypes[" ".join(ptype)] = ptypes.get(" ".join(ptype), 0) + 1
        # traffic(): untagged IPv4/UDP, 802.1Q IPv4/UDP, QinQ IPv4/UDP,
        # 802.1Q IPv6/TCP, a quarter each.
        self.assertEqual(ptypes, {"L2_ETHER L3_IPV4 L4_UDP": 22, "L2_ETHER_VLAN L3_IPV4 L4_UDP": 22,
                                  "L2_ETHER_QINQ L3_IPV4 L4_UDP": 22, "L2_ETHER_VLAN L3_IPV6 L4_TCP": 22},
                         dump[-2000:])

    def test_rss_spreads_flows_over_the_queues_with_their_hash(self):
        sent = traffic(OTHER_HOST)
        f.write_pcap(self.path("in0.pcap"), sent)
        config = kernel_model(**wires(**{PORT0: "pcap:rx=%s" % self.path("in0.pcap"),
                                         PORT1: "pcap:tx=%s" % self.path("out1.pcap")}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                              ["--rxq=2", "--txq=2", "--rss-ip"], config)
        app.wait_prompt(120)
        app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent))
        stats = app.command("stop")
        dump = app.text()[start:]
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(sorted(a.hex() for a in sent), sorted(b.hex() for b in got), stats)
        queue_of = {}
        frames = re.findall(r"RSS hash=(0x[0-9a-f]+) - RSS queue=0x[0-9a-f]+ .*?Receive queue=(0x[0-9a-f]+)\n"
                            r"  ol_flags: ([^\n]*)", dump)
        self.assertEqual(len(frames), len(sent), dump[-3000:])
        for rss, queue, flags in frames:
            self.assertIn("RTE_MBUF_F_RX_RSS_HASH", flags)
            # A flow's frames all go to the queue its hash names.
            self.assertEqual(queue_of.setdefault(rss, queue), queue, rss)
        self.assertEqual(sorted(set(queue_of.values())), ["0x0", "0x1"], queue_of)

    def test_runts_are_dropped_by_the_mac(self):
        # Frames shorter than 64 bytes with their FCS (60 without, what a
        # sender's MAC pads to) between good ones: the DPMAC drops them
        # before the DPNI, which neither delivers nor counts them.
        good = traffic(OTHER_HOST)[:8]
        runts = [good[0][:40], good[1][:59]]
        wire = [good[0], runts[0]] + good[1:5] + [runts[1]] + good[5:]
        f.write_pcap(self.path("in0.pcap"), wire)
        config = kernel_model(**wires(**{PORT0: "pcap:rx=%s" % self.path("in0.pcap"),
                                         PORT1: "pcap:tx=%s" % self.path("out1.pcap")}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS, config)
        app.wait_prompt(120)
        app.send("start")
        got = wait_frames(f.read_pcap, self.path("out1.pcap"), len(good))
        app.command("stop")
        stats = app.command("show port stats 0")
        xstats = app.command("show port xstats 0")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual([b.hex() for b in got], [a.hex() for a in good], stats)
        self.assertRegex(stats, r"RX-packets: %d\s" % len(good))
        self.assertRegex(stats, r"RX-errors: 0\s")
        self.assertRegex(xstats, r"ingress_all_frames: %d\n" % len(good))

    def test_checksums_validated_at_rx_and_inserted_at_tx(self):
        # Untagged IPv4/UDP frames, every other one with its IPv4 header
        # checksum zeroed: WRIOP's Rx validation flags those bad and the
        # others good; its Tx insertion (the port's offload) leaves every
        # frame with a right IPv4 checksum and the rest unchanged.
        good = [f.udp4_frame(OTHER_HOST, SRC, i, size=100) for i in range(16)]
        sent = [g if i % 2 == 0 else g[:24] + b"\0\0" + g[26:] for i, g in enumerate(good)]
        f.write_pcap(self.path("in0.pcap"), sent)
        config = kernel_model(**wires(**{PORT0: "pcap:rx=%s" % self.path("in0.pcap"),
                                         PORT1: "pcap:tx=%s" % self.path("out1.pcap")}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                              ["--enable-rx-cksum", "--tx-offloads=0x6"], config)
        app.wait_prompt(120)
        app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent))
        stats = app.command("stop")
        dump = app.text()[start:]
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(len(got), len(sent), stats)
        for i, (a, b) in enumerate(zip(good, got)):
            self.assertEqual(f.csum(b[14:34]), 0, "frame %d: IPv4 checksum" % i)
            self.assertEqual(b.hex(), a.hex(), "frame %d" % i)
        rx = received(dump)
        self.assertEqual(len(rx), len(sent), dump[-3000:])
        for i, (_, _, flags) in enumerate(rx):
            want = "RTE_MBUF_F_RX_IP_CKSUM_BAD" if i % 2 else "RTE_MBUF_F_RX_IP_CKSUM_GOOD"
            self.assertIn(want, flags, "frame %d" % i)
            self.assertIn("RTE_MBUF_F_RX_L4_CKSUM_GOOD", flags, "frame %d" % i)

    def test_vlan_strip_is_refused_at_configure(self):
        _, config = self.pcap_both_ways()
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS + ["--enable-hw-vlan-strip"],
                              config)
        app.wait_prompt(120)
        out = app.text()
        self.assertRegex(out, r"Ethdev port_id=0 requested Rx offloads 0x1 doesn't match Rx offloads "
                              r"capabilities 0x[0-9a-f]+ in rte_eth_dev_configure\(\)")
        self.assertIn("Fail to configure port 0", out)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_vlan_set_strip_on_fails_with_ethdev_message(self):
        _, config = self.pcap_both_ways()
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS, config)
        app.wait_prompt(120)
        out = app.command("vlan set strip on 0")
        self.assertRegex(out, r"requested new added VLAN offloads 0x1 must be within Rx offloads "
                              r"capabilities 0x[0-9a-f]+ in rte_eth_dev_set_vlan_offload\(\)")
        self.assertRegex(out, r"(?i)fail|error")
        self.assertNotIn("VLAN_STRIP", app.command("show port 0 rx_offload configuration"))
        self.assertNotIn("VLAN_STRIP", app.command("show port 0 rx_offload capabilities"))
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_jumbo_frames_go_through_as_sg_frames(self):
        # 2176-byte mbufs: a 9000-byte frame takes five buffers at Rx (an SG
        # frame from WRIOP) and leaves as an SG frame of the same chain.
        sizes = [1500, 2100, 3000, 5000, 9000]
        sent = {0: [f.udp4_frame(OTHER_HOST, SRC, i, size=s) for i, s in enumerate(sizes)],
                1: [f.udp4_frame(OTHER_HOST, SRC, i, size=s, vlan=5) for i, s in enumerate(sizes)]}
        _, config = self.pcap_both_ways(sent=sent)
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                              ["--max-pkt-len=9600", "--enable-scatter", "--tx-offloads=0x8000", "--mbcache=0"],
                              config)
        app.wait_prompt(120)
        got, _ = self.forward(app, sent)
        self.assert_byte_exact(sent, got)
        self.assertEqual(self.pool_count(app), 4096, "every buffer back in the pool")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_buffer_pool_counts_are_exact(self):
        # The frames play as soon as the DPNIs are enabled: each is
        # addressed to its port. Queued, each holds one buffer; forwarded,
        # WRIOP's Tx releases it to its pool again. No per-lcore cache.
        sent, config = self.pcap_both_ways(":start=enable",
                                           dict((p, f.mac(m)) for p, m in PORT_MACS.items()))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS + ["--mbcache=0"], config)
        app.wait_prompt(120)
        queued = len(sent[0]) + len(sent[1])
        held = None
        for _ in range(100):
            held = 4096 - self.pool_count(app)
            if held >= queued:
                break
        self.assertEqual(held, queued, "buffers out of the pool with every frame queued")
        got, _ = self.forward(app, sent)
        self.assert_byte_exact(sent, got)
        self.assertEqual(self.pool_count(app), 4096, "every buffer back in the pool")
        stats = app.command("show port stats all")
        self.assertRegex(stats, r"RX-packets: %d +RX-missed: 0 +RX-bytes: +%d" %
                         (len(sent[0]), sum(len(x) for x in sent[0])))
        self.assertRegex(stats, r"TX-packets: %d +TX-errors: 0 +TX-bytes: +%d" %
                         (len(sent[0]), sum(len(x) for x in sent[0])))
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_ports_stop_start_and_close_cleanly(self):
        sent, config = self.pcap_both_ways()
        app = self.start_ours([TESTPMD] + EAL_ARGS + LOGS + ["--", "-i"] + TESTPMD_ARGS + ["--mbcache=0"],
                              config)
        app.wait_prompt(120)
        self.assertEqual(self.pool_count(app), 4096, "the pool filled at populate")
        for cmd in ("port stop all", "port start all", "port stop 0", "port start 0",
                    "port stop 1", "port start 1"):
            out = app.command(cmd, 60)
            self.assertNotRegex(out, r"(?i)error|fail", cmd)
        for p in (0, 1):
            self.assertRegex(app.command("show port info %d" % p), r"Link status: up")
        got, _ = self.forward(app, sent)
        self.assert_byte_exact(sent, got)
        out = app.command("port stop all", 60) + app.command("port close all", 60)
        self.assertNotRegex(out, r"(?i)error|fail", out)
        self.assertIn("net_dpaa2: %s: port 0 closed" % DPNI0, app.text())
        self.assertIn("net_dpaa2: %s: port 1 closed" % DPNI1, app.text())
        self.assertEqual(self.pool_count(app), 4096, "every buffer back in the pool")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)


if __name__ == "__main__":
    main()
