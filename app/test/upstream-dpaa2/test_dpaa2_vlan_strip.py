#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The seed's A/B on upstream's own net_dpaa2, functionally: no DPAA2
hardware strips a VLAN tag, and upstream's VLAN strip offload is
rte_vlan_strip() in its Rx burst. With the offload asked for
(--enable-hw-vlan-strip, or "vlan set strip on 0" at run time) 802.1Q frames
leave io forwarding without their tag, and the verbose dump shows the mbuf
flagged RTE_MBUF_F_RX_VLAN_STRIPPED with the TCI in vlan_tci; without it they
leave as they came. QinQ (0x88a8 outer tag) and untagged frames leave
unchanged either way."""

import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "apps"))

import frames as f  # noqa: E402
from testpmd import wait_frames  # noqa: E402
from upstream_dpaa2 import (EAL_ARGS, PORT0, PORT1, TESTPMD, TESTPMD_ARGS, Dpaa2TestCase,  # noqa: E402
                            kernel_model, main, traffic, wires)

DST = f.mac("02:00:00:00:77:01")


def stripped(frame):
    """What rte_vlan_strip() leaves of a frame: an 802.1Q tag removed."""
    if struct.unpack("!H", frame[12:14])[0] == f.ETH_P_VLAN:
        return frame[:12] + frame[16:]
    return frame


def tci(frame):
    return struct.unpack("!H", frame[14:16])[0] if frame[12:14] == b"\x81\x00" else None


class VlanStrip(Dpaa2TestCase):
    def forward(self, testpmd_args=(), commands=()):
        """io forwarding dpmac.3 -> dpmac.4 of the mix, verbose; returns
        (sent, got, the verbose dump of port 0's Rx)."""
        sent = traffic(DST)
        f.write_pcap(self.path("in.pcap"), sent)
        config = kernel_model(**wires(**{PORT0: "pcap:rx=%s" % self.path("in.pcap"),
                                         PORT1: "pcap:tx=%s" % self.path("out.pcap")}))
        app = self.start_upstream([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                                  ["--forward-mode=io"] + list(testpmd_args), config)
        app.wait_prompt(120)
        for cmd in commands:
            out = app.command(cmd)
            self.assertNotRegex(out, r"(?i)error|fail|invalid", cmd + ": " + out)
        app.command("set verbose 1")
        start = len(app.text())
        # The dump follows the prompt as the frames come: no prompt to wait
        # for until "stop".
        app.send("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        stats = app.command("stop")
        dump = app.text()[start:]
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(len(got), len(sent), stats)
        return sent, got, dump

    def received(self, dump):
        """The received mbufs of the verbose dump (only port 0 receives):
        (length, vlan_tci or None, ol_flags) in order."""
        out = []
        for pkt in re.finditer(r"^  src=(.*?)^  ol_flags: ([^\n]*)", dump, re.M | re.S):
            length = re.search(r" - length=(\d+)", pkt.group(1))
            vlan = re.search(r" - VLAN tci=0x([0-9a-f]+)", pkt.group(1))
            out.append((int(length.group(1)) if length else None, int(vlan.group(1), 16) if vlan else None,
                        pkt.group(2).split()))
        return out

    def assert_stripped(self, sent, got, dump):
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b.hex(), stripped(a).hex(), "frame %d" % i)
        rx = self.received(dump)
        self.assertEqual(len(rx), len(sent), dump[-3000:])
        for i, (a, (length, vlan_tci, flags)) in enumerate(zip(sent, rx)):
            if tci(a) is not None:
                self.assertIn("RTE_MBUF_F_RX_VLAN_STRIPPED", flags, "frame %d" % i)
                self.assertIn("RTE_MBUF_F_RX_VLAN", flags, "frame %d" % i)
                self.assertEqual(vlan_tci, tci(a), "frame %d: vlan_tci" % i)
                self.assertEqual(length, len(a) - 4, "frame %d: the mbuf's length" % i)
            else:
                self.assertNotIn("RTE_MBUF_F_RX_VLAN_STRIPPED", flags, "frame %d" % i)
                self.assertEqual(length, len(a), "frame %d" % i)

    def test_without_the_offload_frames_leave_unchanged(self):
        sent, got, dump = self.forward()
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b.hex(), a.hex(), "frame %d" % i)
        rx = self.received(dump)
        self.assertEqual(len(rx), len(sent), dump[-3000:])
        for i, (a, (length, vlan_tci, flags)) in enumerate(zip(sent, rx)):
            self.assertNotIn("RTE_MBUF_F_RX_VLAN_STRIPPED", flags, "frame %d" % i)
            self.assertEqual(length, len(a), "frame %d" % i)
        # The parse results still say "VLAN" (upstream's slow parse reads the
        # TCI from the frame), which is not a strip.
        tagged = [r for a, r in zip(sent, rx) if tci(a) is not None]
        self.assertTrue(all("RTE_MBUF_F_RX_VLAN" in flags for _, _, flags in tagged), tagged)

    def test_enable_hw_vlan_strip_strips_802_1q_only(self):
        sent, got, dump = self.forward(["--enable-hw-vlan-strip"])
        self.assertTrue(any(tci(a) is not None for a in sent))
        self.assertTrue(any(a[12:14] == b"\x88\xa8" for a in sent))
        self.assert_stripped(sent, got, dump)

    def test_vlan_set_strip_on_at_run_time(self):
        sent, got, dump = self.forward(commands=["vlan set strip on 0"])
        self.assert_stripped(sent, got, dump)


if __name__ == "__main__":
    main()
