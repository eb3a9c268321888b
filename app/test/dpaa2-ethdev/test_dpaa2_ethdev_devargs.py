#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream's net_dpaa2 device arguments in our dpdk-testpmd on the modelled
LX2160A-RDB: drv_no_prefetch=1 gives the Rx burst that waits for its own
pull (the burst mode says so) and io forwarding stays byte-exact;
drv_tx_conf=1 keeps Tx confirmation on a port testpmd configures with
MBUF_FAST_FREE (the Tx burst mode says which), forwarding byte-exact
either way; the arguments ours does not implement (drv_loopback,
drv_err_queue) and values other than 0 and 1 fail the port's probe with
the reason, and the other port, without arguments, still probes."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dpaa2_ethdev import (DPNI0, DPNI1, EAL_ARGS, LOGS, OTHER_HOST, PORT0, PORT1,  # noqa: E402
                          TESTPMD, TESTPMD_ARGS, Dpaa2EthdevTestCase, f, kernel_model, main,
                          traffic, wires)
from testpmd import wait_frames  # noqa: E402


def eal_args(args0, args1):
    """EAL_ARGS with device arguments on each DPNI ("" for none)."""
    out = list(EAL_ARGS)
    for dpni, args in ((DPNI0, args0), (DPNI1, args1)):
        if args:
            out[out.index("fslmc:" + dpni)] += "," + args
    return out


class Devargs(Dpaa2EthdevTestCase):
    def config(self):
        sent = {0: traffic(OTHER_HOST), 1: traffic(OTHER_HOST, count=40, flow_base=100)}
        f.write_pcap(self.path("in0.pcap"), sent[0])
        f.write_pcap(self.path("in1.pcap"), sent[1])
        return sent, kernel_model(**wires(**{
            PORT0: "pcap:rx=%s:tx=%s" % (self.path("in0.pcap"), self.path("out0.pcap")),
            PORT1: "pcap:rx=%s:tx=%s" % (self.path("in1.pcap"), self.path("out1.pcap"))}))

    def test_no_prefetch_forwards_byte_exact(self):
        sent, config = self.config()
        app = self.start_ours([TESTPMD] + eal_args("drv_no_prefetch=1", "drv_no_prefetch=1") + LOGS
                              + ["--", "-i"] + TESTPMD_ARGS + ["--forward-mode=io"], config)
        app.wait_prompt(120)
        self.assertRegex(app.command("show rxq info 0 0"), r"Burst mode: Scalar pull dequeue, .*no prefetch")
        self.forward_byte_exact(app, sent)

    def forward_byte_exact(self, app, sent):
        """start, every frame at the far wires, stop, quit: byte-exact, no misuse."""
        app.send("start")
        got = {1: wait_frames(f.read_pcap, self.path("out1.pcap"), len(sent[0])),
               0: wait_frames(f.read_pcap, self.path("out0.pcap"), len(sent[1]))}
        stats = app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        for rx, tx in ((0, 1), (1, 0)):
            self.assertEqual([b.hex() for b in got[tx]], [a.hex() for a in sent[rx]], stats)

    def test_tx_conf_keeps_confirmation_under_fast_free(self):
        sent, config = self.config()
        app = self.start_ours([TESTPMD] + eal_args("drv_tx_conf=1", "") + LOGS
                              + ["--", "-i"] + TESTPMD_ARGS + ["--forward-mode=io"], config)
        app.wait_prompt(120)
        # testpmd asks for MBUF_FAST_FREE wherever a port offers it.
        for port in (0, 1):
            self.assertRegex(app.command("show port %d tx_offload configuration" % port),
                             r"Port : .*MBUF_FAST_FREE")
        self.assertRegex(app.command("show txq info 0 0"),
                         r"Burst mode: Scalar enqueue, buffers released by WRIOP or confirmed")
        self.assertRegex(app.command("show txq info 1 0"),
                         r"Burst mode: Scalar enqueue, buffers released by WRIOP, no confirmation \(fast free\)")
        self.forward_byte_exact(app, sent)

    def test_what_ours_does_not_implement_is_refused_with_the_reason(self):
        _, config = self.config()
        for args, reason in (("drv_loopback=1", "drv_loopback=1 is not supported: upstream's benchmark mode"),
                             ("drv_err_queue=1", "drv_err_queue=1 is not supported: frames in error are "
                                                 "discarded and counted"),
                             ("drv_no_prefetch=yes", "drv_no_prefetch=yes: the value must be 0 or 1")):
            with self.subTest(args=args):
                app = self.start_ours([TESTPMD] + eal_args(args, "") + LOGS + ["--", "-i"] + TESTPMD_ARGS,
                                      config)
                app.wait_prompt(120)
                out = app.text()
                self.assertIn("net_dpaa2: %s: %s" % (DPNI0, reason), out)
                # dpni.1 has no port; dpni.2 is port 0.
                self.assertNotIn("net_dpaa2: %s: port" % DPNI0, out)
                self.assertIn("net_dpaa2: %s: port 0," % DPNI1, out)
                self.assertTrue(app.quit(120), app.text()[-3000:])
                self.assert_no_misuse(app)


if __name__ == "__main__":
    main()
