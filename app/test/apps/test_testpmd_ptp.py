#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""dpdk-testpmd, unmodified, on the modelled LS1046A-RDB: "port config <p>
speed ... duplex ..." takes effect on the link or is refused with the
driver's reason, and the ieee1588 forwarding mode between two cabled ports
prints Rx and Tx timestamps that increase and differ by the cable's delay."""

import re
import time
import unittest

import frames as f
from apptest import AppTestCase, TESTPMD, TESTPMD_ARGS, model

WIRE_DELAY_NS = 50  # the modelled cable's propagation delay
TIMER_STEP_NS = 2   # the 1588 timer's TCLK_PERIOD as the kernel sets it


def eal(*ports):
    args = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1"]
    for p in ports:
        args += ["-a", "dpaa_bus:" + p]
    return args


class TestpmdLinkSpeed(AppTestCase):
    def setUp(self):
        super().setUp()
        env = model(fm1_mac3="cable:fm1-mac4", fm1_mac9="cable:fm1-mac10")
        # Ports 0, 1: fm1-mac3, fm1-mac4 (1G); 2: fm1-mac9 (10G, the
        # rate-adapting AQR106 PHY); 3: fm1-mac10 (10G, the SFP+ cage).
        self.app = self.start([TESTPMD] + eal("fm1-mac3", "fm1-mac4", "fm1-mac9", "fm1-mac10") +
                              ["--", "-i"] + TESTPMD_ARGS, env)
        self.app.wait_for(r"testpmd> $", 30)

    def tearDown(self):
        self.app.quit()
        super().tearDown()

    def set_speed(self, port, speed, duplex):
        self.app.command("port stop %d" % port)
        out = self.app.command("port config %d speed %s duplex %s" % (port, speed, duplex))
        return out + self.app.command("port start %d" % port)

    def info(self, port, until=None):
        """show port info; with until, again (up to 2 s) until it matches:
        testpmd shows the link state the driver's LSC sampling (every 100 ms)
        last reported, and a far end's change shows at its next sample."""
        deadline = time.monotonic() + 2
        while True:
            out = self.app.command("show port info %d" % port)
            if until is None or re.search(until, out) or time.monotonic() > deadline:
                return out
            time.sleep(0.1)

    def test_speed_1000_full_on_fm1_mac3(self):
        out = self.set_speed(0, "1000", "full")
        self.assertNotIn("Fail", out)
        info = self.info(0)
        self.assertRegex(info, r"Link status: up")
        self.assertRegex(info, r"Link speed: 1 Gbps")
        self.assertRegex(info, r"Link duplex: full-duplex")
        self.assertRegex(info, r"Autoneg status: Off")

    def test_speed_100_half_both_ends(self):
        self.assertNotIn("Fail", self.set_speed(0, "100", "half"))
        # The far end still negotiates: it takes the fixed end's setting.
        info = self.info(1, until=r"Link speed: 100 Mbps")
        self.assertRegex(info, r"Link speed: 100 Mbps")
        self.assertRegex(info, r"Link duplex: half-duplex")
        self.assertRegex(info, r"Autoneg status: On")
        # Both fixed but different: no link.
        self.assertNotIn("Fail", self.set_speed(1, "10", "full"))
        self.assertRegex(self.info(0, until=r"Link status: down"), r"Link status: down")

    def test_impossible_speeds_are_refused(self):
        out = self.set_speed(0, "10000", "full")
        self.assertIn("net_dpaa: fm1-mac3: link speed 10 Gbps full duplex is not supported "
                      "(1G mEMAC: 10 or 100 Mbps full or half duplex, 1 Gbps full duplex)", out)
        self.assertRegex(out, r"Fail to configure port 0")
        # (testpmd 22.11 has no "2500"; the ethdev suite tests 2.5G.)
        out = self.set_speed(3, "100", "full")
        self.assertIn("net_dpaa: fm1-mac10: link speed 100 Mbps full duplex is not supported "
                      "(10G mEMAC on a fixed link or SFP+ cage: 1 or 10 Gbps full duplex)", out)
        self.assertRegex(out, r"Fail to configure port 3")
        # Back to what the MAC runs: the port starts again.
        out = self.set_speed(3, "10000", "full")
        self.assertNotIn("Fail", out)
        self.assertRegex(self.info(3), r"Link speed: 10 Gbps")

    def test_rate_adapting_phy_on_fm1_mac9(self):
        # 100 Mb/s is the PHY's, not the far SFP+ cage's: taken, no link.
        self.assertNotIn("Fail", self.set_speed(2, "100", "full"))
        self.assertRegex(self.info(2, until=r"Link status: down"), r"Link status: down")
        # Both ends at 1 Gb/s: up, the MAC on XFI behind the PHY.
        self.assertNotIn("Fail", self.set_speed(3, "1000", "full"))
        self.assertNotIn("Fail", self.set_speed(2, "1000", "full"))
        info = self.info(2, until=r"Link speed: 1 Gbps")
        self.assertRegex(info, r"Link status: up")
        self.assertRegex(info, r"Link speed: 1 Gbps")


def sync_message():
    """A PTP version 2 sync message over Ethernet (type 0x88F7), padded to 60 bytes."""
    msg = bytes([0x00, 0x02, 0x00, 44]) + bytes(42)
    return f.mac("01:1b:19:00:00:00") + f.mac("02:00:00:00:11:11") + bytes([0x88, 0xf7]) + msg


# Not anchored at a line's start: the forwarding lcore writes each stamp
# line at once, but testpmd's main thread may have written the prompt or
# part of the echo of what the test types ("st", then "op") before it.
STAMP = re.compile(r"Port (\d) (RX|TX) timestamp value (\d+) s (\d+) ns")


def check_ieee1588_forwarding(tc, app, wire_delay_ns=None, step_ns=TIMER_STEP_NS):
    """Runs testpmd's ieee1588 forwarding (app at its prompt, its ports 0 and
    1 cabled, a sync message injected at port 1's far end) until 20 stamps
    of each kind, quits it and checks what it printed: every message filtered
    and stamped by the hardware, Rx then Tx on each port alternately, the
    stamps increasing; with wire_delay_ns, Tx on one port and Rx on the other
    that far apart (within the timer's step)."""
    # Not command(), which waits for the output to end with the prompt:
    # the forwarding lcore prints stamps before and after it.
    start = len(app.text())
    app.send("start")
    app.wait_for(r"ieee1588 packet forwarding", 30, start)
    # The sync message goes to and fro on the cable: 20 of each stamp.
    deadline = time.monotonic() + 30
    while len(STAMP.findall(app.text())) < 40 and time.monotonic() < deadline:
        time.sleep(0.05)
    app.command("stop")
    app.quit()
    text = app.text()
    tc.assertIn("IEEE1588 PTP V2 SYNC Message filtered by hardware", text)
    tc.assertNotIn("not timestamped", text)
    tc.assertNotIn("registers not valid", text)
    tc.assertNotIn("not filtered by hardware", text)
    stamps = [(int(p), kind, int(s) * 1000000000 + int(ns))
              for p, kind, s, ns in STAMP.findall(text)]
    tc.assertGreaterEqual(len(stamps), 40, text[-3000:])
    # Port 1 receives first (the message enters at its far end), then each
    # port: RX, TX of the same frame; the next RX is the other port's.
    tc.assertEqual(stamps[0][:2], (1, "RX"))
    for (p0, k0, t0), (p1, k1, t1) in zip(stamps, stamps[1:]):
        tc.assertGreater(t1, t0, "timestamps increase: %s" % stamps[:8])
        if k0 == "RX":
            tc.assertEqual((p1, k1), (p0, "TX"), text[-3000:])
        else:
            tc.assertEqual((p1, k1), (1 - p0, "RX"), text[-3000:])
            if wire_delay_ns is not None:
                # Tx on one port, Rx on the other: the cable's delay.
                tc.assertGreaterEqual(t1 - t0, wire_delay_ns - step_ns)
                tc.assertLessEqual(t1 - t0, wire_delay_ns + step_ns)
    print("first stamps:", stamps[:6])


class TestpmdIeee1588(AppTestCase):
    def test_timestamps_between_cabled_ports(self):
        f.write_pcap(self.path("sync.pcap"), [sync_message()])
        env = model(fm1_mac9="cable:fm1-mac10:inject=" + self.path("sync.pcap"))
        app = self.start([TESTPMD] + eal("fm1-mac9", "fm1-mac10") + ["--", "-i"] + TESTPMD_ARGS +
                         ["--forward-mode=ieee1588"], env)
        app.wait_for(r"testpmd> $", 30)
        check_ieee1588_forwarding(self, app, WIRE_DELAY_NS)


if __name__ == "__main__":
    unittest.main()
