#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The rows of doc/guides/nics/features/dpaa2.ini that suite dpaa2-ethdev's
other tests do not show, each checked as a user of our dpdk-testpmd would on
the modelled LX2160A-RDB (through the emulated VFIO fsl-mc kernel): what
testpmd prints of the port, and which frames reach the far wire, byte for
byte. The frames of a pcap wire play once the port's Rx queue is polled, in
order: a frame a test expects to be dropped comes before one it waits for,
so no test waits for something not to happen."""

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "dpaa2-ethdev"))

from dpaa2_ethdev import (DPNI0, EAL_ARGS, OTHER_HOST, PORT0, PORT1, PORT_MACS, SRC,  # noqa: E402
                          TESTPMD, TESTPMD_ARGS, Dpaa2EthdevTestCase, f, kernel_model, main,
                          traffic, wires)
from testpmd import wait_frames  # noqa: E402

MULTICAST = f.mac("01:00:5e:00:00:fb")
BROADCAST = f.mac("ff:ff:ff:ff:ff:ff")


def dump(text):
    """The verbose dump's received mbufs, in order: (port, queue, line, ol_flags)."""
    out = []
    # A burst's header can follow testpmd's prompt on its line.
    for m in re.finditer(r"^(?:testpmd> )?port (\d+)/queue (\d+): received \d+ packets\n((?:  .*\n)+)",
                         text, re.M):
        lines = m.group(3).splitlines()
        for src, flags in zip(lines[0::2], lines[1::2]):
            out.append((int(m.group(1)), int(m.group(2)), src, flags.split()[1:]))
    return out


def with_bytes(frame, offset, value):
    return frame[:offset] + bytes(value) + frame[offset + len(value):]


class Features(Dpaa2EthdevTestCase):
    def start(self, sent, extra=(), wire_options=""):
        """testpmd on dpmac.3 (port 0) and dpmac.4 (port 1), each fed by a
        pcap of its own and writing what it sends to another."""
        for port, frames in sent.items():
            f.write_pcap(self.path("in%d.pcap" % port), frames)
        config = kernel_model(**wires(**{
            PORT0: "pcap:rx=%s:tx=%s%s" % (self.path("in0.pcap"), self.path("out0.pcap"), wire_options),
            PORT1: "pcap:rx=%s:tx=%s%s" % (self.path("in1.pcap"), self.path("out1.pcap"), wire_options)}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS + list(extra), config)
        app.wait_prompt(120)
        return app

    def out(self, port, count):
        """The frames sent on port's wire, once there are count of them."""
        return wait_frames(f.read_pcap, self.path("out%d.pcap" % port), count)

    def finish(self, app):
        app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    # Speed capabilities, Burst mode info, Fast mbuf free
    def test_speed_capabilities_and_burst_modes(self):
        app = self.start({0: traffic(OTHER_HOST, 4), 1: traffic(OTHER_HOST, 4)})
        info = app.command("show device info fslmc:" + DPNI0)
        # dpmac.3: an AQR107 10GBASE-T PHY on USXGMII, 10M to 10G.
        self.assertRegex(info, r"Device speed capability:.*100 Mbps full-duplex .*1 Gbps .*10 Gbps", info)
        self.assertNotIn("25 Gbps", info)
        rxq = app.command("show rxq info 0 0")
        # The LX2160A's burst reads its parse summary; testpmd asks for no
        # checksum or hash here, so the burst that takes neither.
        self.assertRegex(rxq, r"Burst mode: Scalar pull dequeue, LX2 parse summary\r?\n", rxq)
        # Fast mbuf free: testpmd asks for it where a port offers it; the
        # DPNI then confirms nothing, WRIOP releasing every frame.
        txq = app.command("show txq info 0 0")
        self.assertRegex(txq, r"Burst mode: Scalar enqueue, buffers released by WRIOP, "
                              r"no confirmation \(fast free\)", txq)
        app.command("port stop 0")
        app.command("port config 0 tx_offload mbuf_fast_free off")
        app.command("port start 0", 60)
        txq = app.command("show txq info 0 0")
        self.assertRegex(txq, r"Burst mode: Scalar enqueue, buffers released by WRIOP or confirmed", txq)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    # Extended stats, Stats per queue, FW version
    def test_extended_and_per_queue_stats_and_the_firmware_version(self):
        sent = {0: traffic(OTHER_HOST, 8), 1: []}
        app = self.start(sent)
        # The MC's version as upstream prints it: the SoC's SVR (LX2160A
        # rev 2.0), then the MC firmware's.
        self.assertIn("Firmware-version: 87360020-10.39.0", app.command("show port info 0"))
        app.send("start")
        self.assertEqual([a.hex() for a in sent[0]], [b.hex() for b in self.out(1, len(sent[0]))])
        app.command("stop")
        xstats = app.command("show port xstats 1")
        values = dict(re.findall(r"^(\w+): (\d+)\r?$", xstats, re.M))
        # The DPNI's pages, under upstream's names, and the queues' own.
        self.assertEqual(values.get("egress_all_frames"), "8", xstats)
        self.assertEqual(values.get("egress_discarded_frames"), "0", xstats)
        self.assertEqual(values.get("tx_q0_packets"), "8", xstats)
        self.assertEqual(values.get("rx_q0_packets"), "0", xstats)
        stats = app.command("show port stats 0")
        self.assertRegex(stats, r"RX-packets: 8 ", stats)
        self.finish(app)

    # Queue start/stop
    def test_a_stopped_rx_queue_receives_nothing_until_started(self):
        sent = {0: traffic(OTHER_HOST, 16), 1: traffic(OTHER_HOST, 16, flow_base=100)}
        app = self.start(sent)
        self.assertNotRegex(app.command("port 0 rxq 0 stop"), r"(?i)fail|error")
        self.assertIn("Rx queue state: stopped", app.command("show rxq info 0 0"))
        app.send("start")
        # Port 1 forwards while port 0's queue is stopped.
        self.assertEqual([a.hex() for a in sent[1]], [b.hex() for b in self.out(0, len(sent[1]))])
        # testpmd starts and stops queues only while it does not forward.
        app.command("stop")
        stats = app.command("show port stats 0")
        self.assertRegex(stats, r"RX-packets: 0 ", stats)
        self.assertNotRegex(app.command("port 0 rxq 0 start"), r"(?i)fail|error|please")
        self.assertIn("Rx queue state: started", app.command("show rxq info 0 0"))
        app.send("start")
        self.assertEqual([a.hex() for a in sent[0]], [b.hex() for b in self.out(1, len(sent[0]))])
        self.finish(app)

    # MTU update
    def test_mtu_sets_the_largest_frame_the_port_takes(self):
        big = f.udp4_frame(OTHER_HOST, SRC, 1, size=2010)
        small = f.udp4_frame(OTHER_HOST, SRC, 2, size=1000)
        for mtu, expected in ((None, [small]), (2000, [big, small])):
            with self.subTest(mtu=mtu):
                app = self.start({0: [big, small], 1: [small]})
                if mtu:
                    for cmd in ("port stop 0", "port config mtu 0 %d" % mtu, "port start 0"):
                        self.assertNotRegex(app.command(cmd, 60), r"(?i)fail|error|invalid", cmd)
                    self.assertIn("MTU: %d" % mtu, app.command("show port info 0"))
                app.send("start")
                # The 2010-byte frame comes first: when the small one is
                # out, the big one was taken or dropped.
                got = self.out(1, len(expected))
                self.finish(app)
                self.assertEqual([a.hex() for a in expected], [b.hex() for b in got])

    # Promiscuous mode, Allmulticast mode
    def test_promiscuous_and_allmulticast_modes_filter_by_destination(self):
        def frames(own):
            # Dropped or taken by the mode, then always taken (the last
            # one shows every frame before it was decided).
            return [f.udp4_frame(OTHER_HOST, SRC, 1), f.udp4_frame(MULTICAST, SRC, 2),
                    f.udp4_frame(BROADCAST, SRC, 3), f.udp4_frame(own, SRC, 4)]
        sent = {0: frames(f.mac(PORT_MACS[0])), 1: frames(f.mac(PORT_MACS[1]))}
        app = self.start(sent)
        for cmd in ("set promisc all off", "set allmulti 0 off", "set allmulti 1 on"):
            self.assertNotRegex(app.command(cmd), r"(?i)fail|error", cmd)
        self.assertIn("Promiscuous mode: disabled", app.command("show port info 0"))
        self.assertIn("Allmulticast mode: enabled", app.command("show port info 1"))
        app.send("start")
        got1, got0 = self.out(1, 2), self.out(0, 3)
        self.finish(app)
        # Port 0: neither promiscuous nor all-multicast; port 1 all-multicast.
        self.assertEqual([a.hex() for a in sent[0][2:]], [b.hex() for b in got1])
        self.assertEqual([a.hex() for a in sent[1][1:]], [b.hex() for b in got0])

    # L3 checksum offload, L4 checksum offload
    def test_rx_checksum_flags_say_good_and_bad(self):
        good = f.udp4_frame(OTHER_HOST, SRC, 1, size=128)
        bad_ip = with_bytes(good, 14 + 10, [good[24] ^ 0xff, good[25]])
        bad_udp = with_bytes(good, 14 + 20 + 6, [good[40] ^ 0x55, good[41] ^ 0xaa])
        sent = {0: [good, bad_ip, bad_udp, f.tcp6_frame(OTHER_HOST, SRC, 2)], 1: []}
        app = self.start(sent, ["--enable-rx-cksum"])
        app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = self.out(1, len(sent[0]))
        self.finish(app)
        # Frames with a wrong checksum reach the application, as they came.
        self.assertEqual([a.hex() for a in sent[0]], [b.hex() for b in got])
        flags = [d[3] for d in dump(app.text()[start:])]
        self.assertEqual(len(flags), 4, app.text()[-3000:])
        self.assertIn("RTE_MBUF_F_RX_IP_CKSUM_GOOD", flags[0])
        self.assertIn("RTE_MBUF_F_RX_L4_CKSUM_GOOD", flags[0])
        self.assertIn("RTE_MBUF_F_RX_IP_CKSUM_BAD", flags[1])
        self.assertIn("RTE_MBUF_F_RX_IP_CKSUM_GOOD", flags[2])
        self.assertIn("RTE_MBUF_F_RX_L4_CKSUM_BAD", flags[2])
        # IPv6 has no header checksum; its TCP checksum is checked.
        self.assertNotIn("RTE_MBUF_F_RX_IP_CKSUM_GOOD", flags[3])
        self.assertIn("RTE_MBUF_F_RX_L4_CKSUM_GOOD", flags[3])

    # RSS hash
    def test_rss_spreads_flows_over_the_queues_with_their_hash(self):
        sent = {0: [f.udp4_frame(OTHER_HOST, SRC, flow) for flow in range(32)], 1: []}
        app = self.start(sent, ["--rxq=2", "--txq=2", "--rss-udp"])
        app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = self.out(1, len(sent[0]))
        self.finish(app)
        self.assertEqual(sorted(a.hex() for a in sent[0]), sorted(b.hex() for b in got))
        rx = dump(app.text()[start:])
        self.assertEqual(len(rx), len(sent[0]), app.text()[-3000:])
        queues = set(q for _, q, _, _ in rx)
        self.assertEqual(queues, {0, 1}, "32 flows over 2 queues")
        hashes = {}
        for _, q, line, flags in rx:
            self.assertIn("RTE_MBUF_F_RX_RSS_HASH", flags)
            h = re.search(r"RSS hash=(0x[0-9a-f]+)", line)
            self.assertIsNotNone(h, line)
            hashes.setdefault(h.group(1), set()).add(q)
        # One queue per hash value, and the flows' hashes differ.
        self.assertEqual([qs for qs in hashes.values() if len(qs) > 1], [])
        self.assertGreater(len(hashes), 2, hashes)

    # Unicast MAC filter, VLAN filter
    def test_address_and_vlan_filters_pass_what_they_list(self):
        own = f.mac(PORT_MACS[0])
        listed = f.mac("02:00:00:00:77:02")
        # In order: dropped by the filters or passed by what the commands
        # add; the last one passes in any case.
        sent = [f.udp4_frame(listed, SRC, 1), f.udp4_frame(OTHER_HOST, SRC, 2),
                f.udp4_frame(own, SRC, 3, vlan=200), f.udp4_frame(own, SRC, 4, vlan=100),
                f.udp4_frame(own, SRC, 5)]
        app = self.start({0: sent, 1: []})
        for cmd in ("set promisc all off", "mac_addr add 0 02:00:00:00:77:02",
                    "vlan set filter on 0", "rx_vlan add 100 0"):
            self.assertNotRegex(app.command(cmd), r"(?i)fail|error|invalid", cmd)
        self.assertRegex(app.command("show port info 0"), r"filter on", "VLAN filter on")
        app.send("start")
        got = self.out(1, 3)
        self.finish(app)
        self.assertEqual([sent[0].hex(), sent[3].hex(), sent[4].hex()], [b.hex() for b in got])

    # Flow control
    def test_flow_control_modes_are_set_and_shown(self):
        app = self.start({0: traffic(OTHER_HOST, 2), 1: traffic(OTHER_HOST, 2)})
        shown = app.command("show port 0 flow_ctrl")
        self.assertRegex(shown, r"Rx pause: off\s+Tx pause: off", shown)
        out = app.command("set flow_ctrl rx on tx on 0 0 0 0 mac_ctrl_frame_fwd off autoneg on 0")
        self.assertNotRegex(out, r"(?i)fail|error|bad", out)
        shown = app.command("show port 0 flow_ctrl")
        self.assertRegex(shown, r"Rx pause: on\s+Tx pause: on", shown)
        app.command("set flow_ctrl rx on tx off 0 0 0 0 mac_ctrl_frame_fwd off autoneg on 0")
        shown = app.command("show port 0 flow_ctrl")
        self.assertRegex(shown, r"Rx pause: on\s+Tx pause: off", shown)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)

    # Link status event
    def test_link_down_on_one_port_is_an_event_on_both_ends_of_a_cable(self):
        config = kernel_model(**wires(**{PORT0: "cable:" + PORT1}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS, config)
        app.wait_prompt(120)
        start = len(app.text())
        app.command("set link-down port 1")
        events = wait_text(app, r"Port 0: link state change event", start)
        self.assertIsNotNone(events, app.text()[start:])
        self.assertRegex(app.text()[start:], r"Port 1: link state change event")
        summary = app.command("show port summary all")
        self.assertRegex(summary, r"\n0 .* down ", summary)
        self.assertRegex(summary, r"\n1 .* down ", summary)
        start = len(app.text())
        app.command("set link-up port 1")
        self.assertIsNotNone(wait_text(app, r"Port 0: link state change event", start),
                             app.text()[start:])
        summary = app.command("show port summary all")
        self.assertRegex(summary, r"\n0 .* up ", summary)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)


def wait_text(app, pattern, start, polls=600):
    """Waits for testpmd to print `pattern` after offset `start` (it prints
    events from its interrupt thread); None if it does not."""
    for _ in range(polls):
        m = re.search(pattern, app.text()[start:])
        if m:
            return m
        app.command("show port summary all")
    return None


if __name__ == "__main__":
    main()
