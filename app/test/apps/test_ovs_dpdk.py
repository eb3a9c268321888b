#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Debian's Open vSwitch with DPDK (openvswitch-switch-dpdk) switching
between two network namespaces through our drivers, loaded as plugins of the
distribution's DPDK (see test_distro_dpdk), over TAP wires.

The commands of dpaa.rst's Open vSwitch block (in "Using the distribution's
DPDK") run as printed: ovs-ctl with the options of the package's
ovsdb-server and ovs-vswitchd systemd units, then ovs-vsctl. Liberties, none
in the commands but the names: the DPDK build is chosen through OVS_SBINDIR,
not update-alternatives (the package's alternative is left as it is); OVS's
files are in a folder of the test (OVS_RUNDIR, OVS_LOGDIR, OVS_DBDIR,
OVS_SYSCONFDIR); the plugin folder is the test's (see test_distro_dpdk);
the TAP interfaces' names are made this run's own; ovs-vswitchd runs in a
mount namespace of its own where /var/run/dpdk is empty (as
test_doc_examples' examples).

ovs-ctl raises the open-file limit to 65535 with the shell's ulimit, which
fails where the hard limit is lower and the shell may not raise it (no
CAP_SYS_RESOURCE); ovs-ctl goes on and ovs-vswitchd runs with the limit it
inherits, so nothing here depends on that limit. The test raises it first
when it may, and a failed start shows ovs-vswitchd's log, which holds the
reason.
"""

import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from test_distro_dpdk import GUIDE_DIR, install_plugins, section_blocks, unavailable
from test_doc_examples import isolated, tap_unavailable

OVS_CTL = "/usr/share/openvswitch/scripts/ovs-ctl"
OVS_DPDK = "/usr/lib/openvswitch-switch-dpdk/ovs-vswitchd-dpdk"
UNIT_OPTIONS = ["--no-monitor", "--system-id=random", "--no-record-hostname"]
# ovs-ctl's own open-file limit for ovs-vswitchd.
OVS_MAXFD = 65535
# The guide's TAP interfaces.
GUIDE_TAPS = ["dpaa0", "dpaa1"]


def guide_commands():
    """The lines of the guide's Open vSwitch block, continuations joined."""
    blocks = [b for b in section_blocks() if "ovs-vsctl add-br" in b]
    assert len(blocks) == 1, "dpaa.rst: one Open vSwitch block"
    return blocks[0].replace("\\\n", " ").splitlines()


def raise_open_files():
    """What ovs-ctl's ulimit asks, when this process may give it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < OVS_MAXFD:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (OVS_MAXFD, OVS_MAXFD))
        except (ValueError, OSError):
            pass


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
        cls.plugins = install_plugins(cls)

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
                        OVS_SYSCONFDIR=self.work + "/etc")
        self.addCleanup(self.cleanup)

    def cleanup(self):
        subprocess.run([OVS_CTL, "stop"], env=self.env, capture_output=True)
        for ns in self.ns:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def run_ok(self, argv, **kw):
        r = subprocess.run(argv, env=self.env, capture_output=True, text=True,
                           preexec_fn=raise_open_files, **kw)
        if r.returncode != 0 and OVS_CTL in argv and os.path.exists(self.log_path()):
            r.stderr += "\novs-vswitchd.log:\n" + self.log()
        self.assertEqual(r.returncode, 0, "%s: %s%s" % (" ".join(argv), r.stdout, r.stderr))
        return r.stdout

    def run_guide(self):
        """The guide's block, as printed but for the liberties above."""
        for line in guide_commands():
            line = line.replace(GUIDE_DIR, self.plugins)
            for guide, ours in zip(GUIDE_TAPS, self.taps):
                line = re.sub("tap:name=%s\\b" % guide, "tap:name=" + ours, line)
            words = shlex.split(line)
            if words[0] == "update-alternatives":
                # The alternative OVS_SBINDIR stands for.
                self.assertEqual(words[1:], ["--set", "ovs-vswitchd", OVS_DPDK])
                continue
            if words[0] == "export":
                key, value = words[1].split("=", 1)
                self.env[key] = value
                continue
            if words[0] == OVS_CTL:
                # Started as the package's units start them.
                self.assertEqual(words[1:-1][-len(UNIT_OPTIONS):], UNIT_OPTIONS, line)
                if "--no-ovsdb-server" in words:
                    words = isolated(words)
            self.run_ok(words, timeout=300)

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

    def log_path(self):
        return os.path.join(self.work, "log", "ovs-vswitchd.log")

    def log(self):
        with open(self.log_path()) as fh:
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
        self.run_guide()
        self.assertRegex(self.env["DPAA_MODEL"], "tap:name=%s;.*tap:name=%s$" % tuple(self.taps))
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
