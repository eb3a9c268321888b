#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""A modelled board that cannot be built stops dpdk-testpmd at EAL
initialisation, with the model's message naming the item: bad syntax, and
wires that cannot open (pcap files, TAP interfaces), alike."""

import fcntl
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

from apptest import EAL_ARGS, TESTPMD, model, wrapped

TUNSETIFF = 0x400454CA
IFF_TAP, IFF_NO_PI = 0x0002, 0x1000


def testpmd(dpaa_model):
    env = dict(os.environ, DPAA_MODEL=dpaa_model)
    r = subprocess.run(wrapped([TESTPMD] + EAL_ARGS + ["--", "-i", "--total-num-mbufs=2048"]),
                       env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


class Refusals(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="dpaa-errors-")
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def refused(self, item_text, message):
        """testpmd with item_text after board, mode and a sink on fm1-mac10:
        item 4."""
        rc, out = testpmd(model(fm1_mac10="sink") + ";" + item_text)
        want = 'DPAA_MODEL: item 4 "%s": %s' % (item_text, message)
        self.assertNotEqual(rc, 0, out)
        self.assertIn(want, out)
        self.assertEqual(out.count(want), 1, "said once: " + out)
        self.assertIn('failed to parse device "dpaa_bus:fm1-mac9"', out)
        self.assertIn("Cannot init EAL", out)
        self.assertNotIn("Configuring Port", out)
        return out


class ModelErrors(Refusals):
    def test_missing_pcap(self):
        f = self.path("missing.pcap")
        self.refused("fm1-mac9=pcap:rx=" + f,
                     "cannot read pcap file %s: %s: No such file or directory" % (f, f))

    def test_unreadable_pcap(self):
        d = self.path("a-directory.pcap")
        os.mkdir(d)
        out = self.refused("fm1-mac9=pcap:rx=" + d, "cannot read pcap file %s: " % d)
        self.assertRegex(out, r"Is a directory")

    def test_not_a_capture(self):
        f = self.path("notes.pcap")
        with open(f, "w") as fh:
            fh.write("these are not frames\n" * 4)
        self.refused("fm1-mac9=pcap:rx=" + f, "cannot read pcap file %s: unknown file format" % f)

    def test_not_ethernet(self):
        f = self.path("raw-ip.pcap")
        with open(f, "wb") as fh:
            fh.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 101))
        # libpcap reports the link type as its DLT value (DLT_RAW).
        self.refused("fm1-mac9=pcap:rx=" + f, "pcap file %s is not Ethernet (link type " % f)

    def test_unwritable_output(self):
        f = self.path("no-such-dir/out.pcap")
        self.refused("fm1-mac9=pcap:tx=" + f, "cannot write pcap file %s: " % f)

    def test_cpu_the_machine_does_not_have(self):
        cpu = os.cpu_count()
        with open("/sys/devices/system/cpu/online") as fh:
            online = fh.read().strip()
        self.refused("cpu=%d" % cpu, "cpu=%d: no such CPU online (online CPUs: %s)" % (cpu, online))

    def test_huge_board_value_is_echoed_once_cut(self):
        value = "x" * 100000
        rc, out = testpmd("board=" + value + ";fm1-mac10=sink")
        self.assertNotEqual(rc, 0)
        line = [l for l in out.splitlines() if "DPAA_MODEL:" in l]
        self.assertEqual(len(line), 1, out[:3000])
        self.assertEqual(line[0].count("x" * 58), 1, line[0][:300])
        self.assertIn('..." (100006 characters): unknown board (expected ', line[0])
        self.assertLess(len(line[0]), 300)


@unittest.skipUnless(os.path.exists("/dev/net/tun") and os.geteuid() == 0,
                     "needs /dev/net/tun and root to create TAP interfaces")
class TapErrors(Refusals):
    def test_tap_name_of_another_kind(self):
        self.refused("fm1-mac9=tap:name=lo", "cannot create TAP lo: Invalid argument (an "
                     "interface of that name exists and is not a TAP)")

    def test_tap_in_use(self):
        name = "dpaa-busy%d" % (os.getpid() % 10000)
        fd = os.open("/dev/net/tun", os.O_RDWR)
        self.addCleanup(os.close, fd)
        fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TAP | IFF_NO_PI))
        self.refused("fm1-mac9=tap:name=" + name, "cannot create TAP %s: Device or resource "
                     "busy (a TAP of that name is in use by another process)" % name)


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
