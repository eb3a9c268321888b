#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Our net_dpaa2 on the modelled LS2088A-RDB: QBMan 4.1's direct-mode
portals, and no parse summary in the FD, so that every packet type comes
from the parse results. io forwarding of the VLAN/QinQ/untagged mix between
dpmac.1 and dpmac.2 is byte-exact both ways with the same packet types as
on the LX2160A; the model counts no misuse."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dpaa2_ethdev import (LS2_PORT0, LS2_PORT1, OTHER_HOST, TESTPMD, TESTPMD_ARGS,  # noqa: E402
                          Dpaa2EthdevTestCase, f, kernel_model, main, traffic, wires)
from testpmd import wait_frames  # noqa: E402
from test_dpaa2_ethdev_testpmd import received  # noqa: E402

EAL_ARGS = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1", "--iova-mode=va",
            "-a", "fslmc:dpni.1", "-a", "fslmc:dpni.2"]


class Ls2088a(Dpaa2EthdevTestCase):
    def test_io_forwarding_is_byte_exact_with_parse_results_ptypes(self):
        sent = {0: traffic(OTHER_HOST), 1: traffic(OTHER_HOST, count=40, flow_base=100)}
        f.write_pcap(self.path("in0.pcap"), sent[0])
        f.write_pcap(self.path("in1.pcap"), sent[1])
        config = kernel_model("ls2088a-rdb", **wires(**{
            LS2_PORT0: "pcap:rx=%s:tx=%s" % (self.path("in0.pcap"), self.path("out0.pcap")),
            LS2_PORT1: "pcap:rx=%s:tx=%s" % (self.path("in1.pcap"), self.path("out1.pcap"))}))
        app = self.start_ours([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                              ["--forward-mode=io", "--enable-rx-cksum"], config)
        app.wait_prompt(120)
        app.command("set verbose 1")
        start = len(app.text())
        app.send("start")
        got = {1: wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0])),
               0: wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))}
        stats = app.command("stop")
        dump = app.text()[start:]
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual((len(got[1]), len(got[0])), (len(sent[0]), len(sent[1])), stats)
        for rx, tx in ((0, 1), (1, 0)):
            for i, (a, b) in enumerate(zip(sent[rx], got[tx])):
                self.assertEqual(a.hex(), b.hex(), "port %d frame %d differs" % (rx, i))
        rx = received(dump)
        self.assertEqual(len(rx), 88, dump[-3000:])
        ptypes = {}
        for _, ptype, flags in rx:
            self.assertNotIn("RTE_MBUF_F_RX_VLAN", flags)
            # WRIOP validated every checksum (--enable-rx-cksum), all good.
            self.assertIn("RTE_MBUF_F_RX_L4_CKSUM_GOOD", flags)
            ptypes[" ".join(ptype)] = ptypes.get(" ".join(ptype), 0) + 1
        self.assertEqual(ptypes, {"L2_ETHER L3_IPV4 L4_UDP": 22, "L2_ETHER_VLAN L3_IPV4 L4_UDP": 22,
                                  "L2_ETHER_QINQ L3_IPV4 L4_UDP": 22, "L2_ETHER_VLAN L3_IPV6 L4_TCP": 22})


if __name__ == "__main__":
    main()
