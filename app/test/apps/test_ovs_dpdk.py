#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Debian's Open vSwitch with DPDK (openvswitch-switch-dpdk) switching
between two network namespaces through our drivers, loaded as plugins of the
distribution's DPDK (see test_distro_dpdk), over TAP wires.

OVS is started as its package starts it: ovs-ctl with the options of the
ovsdb-server and ovs-vswitchd systemd units, its files in a folder of the
test (OVS_RUNDIR, OVS_LOGDIR, OVS_DBDIR, OVS_SYSCONFDIR) and its DPDK build
chosen through OVS_SBINDIR (the package's alternative, ovs-vswitchd, is left
as it is).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from test_distro_dpdk import GUIDE_DIR, OURS, PLUGINS, SCRIPT, run_script, section_blocks, unavailable
from test_doc_examples import tap_unavailable

OVS_CTL = "/usr/share/openvswitch/scripts/ovs-ctl"
OVS_DPDK = "/usr/lib/openvswitch-switch-dpdk/ovs-vswitchd-dpdk"
UNIT_OPTIONS = ["--no-monitor", "--system-id=random", "--no-record-hostname"]


def install_ovs():
    r = subprocess.run(["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y",
                        "--no-install-recommends", "openvswitch-switch-dpdk"],
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
                       capture_output=True, text=True)
    if r.returncode != 0:
        return "apt-get cannot install openvswitch-switch-dpdk: " + r.stderr[-600:]
    return None


class OvsDpdk(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        why = unavailable() or tap_unavailable() or install_ovs()
        if why:
            raise unittest.SkipTest(why)
        cls.addClassCleanup(run_script, ["undivert"])
        steps = [b for b in section_blocks() if b.startswith(SCRIPT)][0]
        for line in steps.splitlines():
            r = run_script(shlex.split(line.replace(GUIDE_DIR, PLUGINS))[1:])
            assert r.returncode == 0, r.stdout + r.stderr

    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="dpaa-ovs-")
        self.addCleanup(shutil.rmtree, self.work, True)
        sbin = os.path.join(self.work, "sbin")
        os.makedirs(sbin)
        os.makedirs(os.path.join(self.work, "etc", "openvswitch"))
        os.symlink(OVS_DPDK, os.path.join(sbin, "ovs-vswitchd"))
        os.symlink("/usr/sbin/ovsdb-server", os.path.join(sbin, "ovsdb-server"))
        n = os.getpid() % 10000
        self.taps = ["dpo0-%d" % n, "dpo1-%d" % n]
        self.ns = ["dpaa-ovs0-%d" % n, "dpaa-ovs1-%d" % n]
        self.env = dict(os.environ, OVS_SBINDIR=sbin, OVS_RUNDIR=self.work + "/run",
                        OVS_LOGDIR=self.work + "/log", OVS_DBDIR=self.work + "/db",
                        OVS_SYSCONFDIR=self.work + "/etc",
                        DPAA_MODEL="board=ls1046a-rdb;fm1-mac9=tap:name=%s;fm1-mac10=tap:name=%s"
                        % tuple(self.taps))
        self.addCleanup(self.cleanup)

    def cleanup(self):
        subprocess.run([OVS_CTL, "stop"], env=self.env, capture_output=True)
        for ns in self.ns:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def run_ok(self, argv, **kw):
        r = subprocess.run(argv, env=self.env, capture_output=True, text=True, **kw)
        self.assertEqual(r.returncode, 0, "%s: %s%s" % (" ".join(argv), r.stdout, r.stderr))
        return r.stdout

    def vsctl(self, *args):
        return self.run_ok(["ovs-vsctl", "--timeout=60", "--db=unix:%s/run/db.sock" % self.work]
                           + list(args))

    def ping(self, count=3, size=None, expect=True):
        argv = ["ip", "netns", "exec", self.ns[0], "ping", "-c", str(count), "-i", "0.2",
                "-W", "2"]
        if size:
            argv += ["-s", str(size), "-M", "do"]
        r = subprocess.run(argv + ["192.0.2.2"], capture_output=True, text=True)
        if expect:
            self.assertIn("%d received" % count, r.stdout, r.stdout + r.stderr + self.log())
        else:
            self.assertIn(" 0 received", r.stdout, r.stdout + r.stderr)

    def log(self):
        with open(os.path.join(self.work, "log", "ovs-vswitchd.log")) as fh:
            return fh.read()[-3000:]

    def counters(self):
        """rx and tx packets of each DPAA port, read from the PMD now."""
        out = self.run_ok(["ovs-ofctl", "dump-ports", "br0"])
        got = {}
        for port, rx, tx in re.findall(r"port +(\d+): rx pkts=(\d+).*?\n +tx pkts=(\d+)", out):
            got[port] = (int(rx), int(tx))
        return got

    def assert_not_backwards(self, before, after):
        for port, (rx, tx) in before.items():
            self.assertGreaterEqual(after[port][0], rx, "port %s rx went back" % port)
            self.assertGreaterEqual(after[port][1], tx, "port %s tx went back" % port)

    def tcp_transfer(self, size=1 << 20):
        server = subprocess.Popen(
            ["ip", "netns", "exec", self.ns[1], sys.executable, "-c",
             "import socket\ns=socket.create_server(('192.0.2.2',5001))\nc,_=s.accept()\n"
             "n=0\nwhile True:\n d=c.recv(65536)\n if not d: break\n n+=len(d)\nprint(n)"],
            stdout=subprocess.PIPE, text=True)
        time.sleep(0.5)
        client = subprocess.run(
            ["ip", "netns", "exec", self.ns[0], sys.executable, "-c",
             "import socket,time\nfor i in range(20):\n try:\n  c=socket.create_connection("
             "('192.0.2.2',5001),timeout=5); break\n except OSError: time.sleep(0.5)\n"
             "c.sendall(bytes(%d)); c.close()" % size], capture_output=True, text=True, timeout=60)
        self.assertEqual(client.returncode, 0, client.stderr)
        out, _ = server.communicate(timeout=60)
        self.assertEqual(int(out.strip()), size)

    def test_switching_through_our_ports(self):
        extra = ("--no-huge --legacy-mem --no-shconf -m 1024 --no-pci " +
                 " ".join("-d %s/%s" % (PLUGINS, lib) for lib in OURS) +
                 " -a dpaa_bus:fm1-mac9 -a dpaa_bus:fm1-mac10")
        self.run_ok([OVS_CTL, "--no-ovs-vswitchd"] + UNIT_OPTIONS + ["start"])
        self.vsctl("--no-wait", "set", "Open_vSwitch", ".", "other_config:dpdk-init=true",
                   "other_config:per-port-memory=true", 'other_config:dpdk-extra="%s"' % extra)
        self.run_ok([OVS_CTL, "--no-ovsdb-server"] + UNIT_OPTIONS + ["start"])
        self.vsctl("add-br", "br0", "--", "set", "bridge", "br0", "datapath_type=netdev")
        for i, mac in enumerate(("fm1-mac9", "fm1-mac10")):
            self.vsctl("add-port", "br0", "p%d" % i, "--", "set", "Interface", "p%d" % i,
                       "type=dpdk", "options:dpdk-devargs=dpaa_bus:" + mac)
        for i in range(2):
            self.run_ok(["ip", "netns", "add", self.ns[i]])
            self.run_ok(["ip", "link", "set", self.taps[i], "netns", self.ns[i]])
            self.run_ok(["ip", "-n", self.ns[i], "addr", "add", "192.0.2.%d/24" % (i + 1), "dev",
                         self.taps[i]])
            self.run_ok(["ip", "-n", self.ns[i], "link", "set", self.taps[i], "up"])
        self.ping()
        self.tcp_transfer()
        before = self.counters()
        self.assertEqual(len(before), 2, before)

        # An OpenFlow rule that drops ICMP, then without it.
        self.run_ok(["ovs-ofctl", "add-flow", "br0", "priority=100,icmp,actions=drop"])
        self.ping(2, expect=False)
        self.run_ok(["ovs-ofctl", "--strict", "del-flows", "br0", "priority=100,icmp"])
        self.ping()

        # MTU 9000 on both ports (OVS reconfigures them), jumbo frames pass.
        for i in range(2):
            self.vsctl("set", "Interface", "p%d" % i, "mtu_request=9000")
            self.run_ok(["ip", "-n", self.ns[i], "link", "set", self.taps[i], "mtu", "9000"])
        self.assertEqual(self.vsctl("get", "Interface", "p0", "mtu").strip(), "9000")
        self.ping(size=8000)
        after_mtu = self.counters()
        self.assert_not_backwards(before, after_mtu)

        # Two Rx queues (another reconfigure).
        self.vsctl("set", "Interface", "p0", "options:n_rxq=2")
        self.ping()
        after_rxq = self.counters()
        self.assert_not_backwards(after_mtu, after_rxq)

        # Detach and attach again.
        self.vsctl("del-port", "br0", "p0")
        out = self.run_ok(["ovs-appctl", "netdev-dpdk/detach", "dpaa_bus:fm1-mac9"])
        self.assertIn("have been detached", out)
        self.vsctl("add-port", "br0", "p0", "--", "set", "Interface", "p0", "type=dpdk",
                   "options:dpdk-devargs=dpaa_bus:fm1-mac9", "mtu_request=9000")
        self.ping()

        self.run_ok([OVS_CTL, "stop"])
        log = self.log()
        self.assertNotRegex(log, r"\|(ERR|EMER)\|", log)


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
