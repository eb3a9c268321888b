#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""dpdk-testpmd killed with SIGKILL while it forwards a flood, and started
again at once: nothing the first process left behind (its BMan pools full of
buffers, its portals, FQs and congestion groups mid-flight in the model of
the second) stops the second run from starting, forwarding and quitting."""

import re
import signal
import sys
import time
import unittest

from apptest import AppTestCase, EAL_ARGS, TESTPMD, TESTPMD_ARGS, model

FLOOD = model(fm1_mac9="gen:size=64:flows=64:rate=max", fm1_mac10="sink")


def rx_packets(stats, port):
    """RX-packets of 'port' in testpmd's "show port stats all" output."""
    blocks = re.split(r"#+ NIC statistics for port ", stats)
    for b in blocks[1:]:
        if b.startswith("%d " % port):
            return int(re.search(r"RX-packets:\s+(\d+)", b).group(1))
    raise AssertionError("no statistics for port %d:\n%s" % (port, stats))


class TestpmdKilled(AppTestCase):
    def run_testpmd(self):
        app = self.start([TESTPMD] + EAL_ARGS + ["--", "-i"] + TESTPMD_ARGS +
                         ["--forward-mode=io"], FLOOD)
        app.wait_for(r"testpmd> $", 60)
        app.command("start")
        deadline = time.monotonic() + 30
        stats = app.command("show port stats all")
        while rx_packets(stats, 0) == 0 and time.monotonic() < deadline:
            time.sleep(0.5)
            stats = app.command("show port stats all")
        self.assertGreater(rx_packets(stats, 0), 0, stats)
        return app

    def test_sigkill_mid_flood_then_an_immediate_restart_runs(self):
        first = self.run_testpmd()
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
        self.assertEqual(first.proc.returncode, -signal.SIGKILL)
        second = self.run_testpmd()
        stats = second.command("stop", timeout=60)
        self.assertRegex(stats, r"RX-packets: [1-9]")
        self.assertTrue(second.quit(60), "the second testpmd did not exit by itself:\n" +
                        second.text()[-3000:])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
