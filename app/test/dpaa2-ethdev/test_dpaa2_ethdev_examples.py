#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Our dpdk-l2fwd and dpdk-l3fwd with our net_dpaa2 on dpmac.3 and dpmac.4 of
the modelled LX2160A-RDB: both forward, rewrite what they must and nothing
else; the model counts no misuse."""

import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dpaa2_ethdev import (EAL_ARGS, L2FWD, L3FWD, OTHER_HOST, PORT0, PORT1, SRC,  # noqa: E402
                          Dpaa2EthdevTestCase, f, kernel_model, main, wires)
from testpmd import wait_frames  # noqa: E402


class Examples(Dpaa2EthdevTestCase):
    def setUp(self):
        super().setUp()
        self.sent = self.frames()
        f.write_pcap(self.path("in.pcap"), self.sent)
        self.config = kernel_model(**wires(**{PORT0: "pcap:rx=%s" % self.path("in.pcap"),
                                              PORT1: "pcap:tx=%s" % self.path("out.pcap")}))

    def run_example(self, argv, mac_pattern):
        app = self.start_ours(argv, self.config, interactive=False)
        mac1 = app.wait_for(mac_pattern, 120).group(1)
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(self.sent), timeout=60)
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(120), 0, app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(len(got), len(self.sent), app.text()[-3000:])
        return got, mac1


class L2fwd(Examples):
    def frames(self):
        return [f.udp4_frame(OTHER_HOST, SRC, i, size=64 + 8 * i) for i in range(32)]

    def test_l2fwd_forwards_and_rewrites_the_addresses(self):
        got, mac1 = self.run_example([L2FWD] + EAL_ARGS + ["--", "-p", "0x3", "-P", "-T", "0"],
                                     r"Port 1, MAC address: ([0-9A-F:]{17})")
        self.assertEqual(mac1, "00:00:00:00:00:04")
        for i, (a, b) in enumerate(zip(self.sent, got)):
            # l2fwd: destination 02:00:00:00:00:<tx port>, source the tx port's MAC.
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:01"), "frame %d" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d" % i)
            self.assertEqual(b[12:].hex(), a[12:].hex(), "frame %d" % i)


class L3fwd(Examples):
    NEXT_HOP = {0: "02:00:00:00:00:a0", 1: "02:00:00:00:00:a1"}

    def frames(self):
        # 198.18.1.0/24 goes out of port 1 in l3fwd's default LPM table.
        return [f.udp4_frame(OTHER_HOST, SRC, i, size=80, ttl=10 + i, dst_ip=bytes([198, 18, 1, 1 + i]))
                for i in range(16)]

    def test_l3fwd_routes_decrements_ttl_and_rewrites(self):
        argv = [L3FWD] + EAL_ARGS + ["--", "-p", "0x3", "-P", "--lookup=lpm", "--config=(0,0,1),(1,0,1)"]
        argv += ["--eth-dest=%d,%s" % kv for kv in self.NEXT_HOP.items()]
        got, mac1 = self.run_example(argv, r"Initializing port 1 \.\.\. .*?Address:([0-9A-F:]{17})")
        for i, (a, b) in enumerate(zip(self.sent, got)):
            self.assertEqual(b[0:6], f.mac(self.NEXT_HOP[1]), "frame %d next hop" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d source" % i)
            self.assertEqual(b[22], a[22] - 1, "frame %d TTL" % i)
            self.assertEqual(f.csum(b[14:34]), 0, "frame %d IPv4 checksum" % i)
            self.assertEqual(b[12:22] + b[23:24] + b[26:], a[12:22] + a[23:24] + a[26:], "frame %d" % i)


if __name__ == "__main__":
    main()
