#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""dpdk-l2fwd, dpdk-l3fwd and dpdk-l3fwd-power, unmodified, on fm1-mac9 and
fm1-mac10 of the modelled LS1046A-RDB."""

import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import unittest

import frames as f
from apptest import AppTestCase, EAL_ARGS, L2FWD, L3FWD, L3FWD_POWER, model, wait_frames

SRC = f.mac("02:00:00:00:11:11")
# fm1-mac9's own address: l2fwd and l3fwd run here without -P (promiscuous
# mode off), as a user's would.
PORT0 = f.mac("02:00:00:D9:01:09")


def port_macs(app):
    """Port MAC addresses as the examples print them at start-up."""
    text = app.wait_for(r"Port 1, MAC address: ([0-9A-F:]{17})|Port 1: ([0-9A-F:]{17})", 30)
    return text


class L2fwd(AppTestCase):
    def test_frames_cross_with_l2fwd_mac_rewrite(self):
        sent = [f.udp4_frame(PORT0, SRC, i, size=64 + 8 * i) for i in range(32)]
        f.write_pcap(self.path("in.pcap"), sent)
        env = model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        app = self.start([L2FWD] + EAL_ARGS + ["--", "-p", "0x3", "-T", "0"], env, interactive=False)
        mac1 = app.wait_for(r"Port 1, MAC address: ([0-9A-F:]{17})", 30).group(1)
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(), 0)
        self.assertEqual(len(got), len(sent))
        for i, (a, b) in enumerate(zip(sent, got)):
            # l2fwd: destination 02:00:00:00:00:<tx port>, source the tx port's MAC.
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:01"), "frame %d" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d" % i)
            self.assertEqual(b[12:].hex(), a[12:].hex(), "frame %d" % i)


def ipv4_checksum_ok(header):
    return f.csum(header) == 0


class L3fwd(AppTestCase):
    NEXT_HOP = {0: "02:00:00:00:00:a0", 1: "02:00:00:00:00:a1"}

    def l3fwd(self, env):
        args = [L3FWD] + EAL_ARGS + ["--", "-p", "0x3", "-P", "--lookup=lpm",
                                     "--config=(0,0,1),(1,0,1)"]
        args += ["--eth-dest=%d,%s" % (p, m) for p, m in self.NEXT_HOP.items()]
        return self.start(args, env, interactive=False)

    def test_lpm_routes_decrement_ttl_and_rewrite(self):
        # 198.18.1.0/24 goes out of port 1 in l3fwd's default LPM table.
        sent = [f.udp4_frame(PORT0, SRC, i, size=80, ttl=10 + i,
                             dst_ip=bytes([198, 18, 1, 1 + i])) for i in range(16)]
        f.write_pcap(self.path("in.pcap"), sent)
        env = model(fm1_mac9="pcap:rx=%s" % self.path("in.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        app = self.l3fwd(env)
        mac1 = app.wait_for(r"Initializing port 1 \.\.\. .*?Address:([0-9A-F:]{17})", 30).group(1)
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(), 0)
        self.assertEqual(len(got), len(sent), app.text()[-2000:])
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b[0:6], f.mac(self.NEXT_HOP[1]), "frame %d next hop" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d source" % i)
            self.assertEqual(b[22], a[22] - 1, "frame %d TTL" % i)
            self.assertTrue(ipv4_checksum_ok(b[14:34]), "frame %d IPv4 checksum" % i)
            self.assertEqual(b[12:22] + b[23:24] + b[26:], a[12:22] + a[23:24] + a[26:], "frame %d" % i)


class L3fwdPower(AppTestCase):
    """l3fwd-power in interrupt-only mode: its lcore sleeps in epoll on the
    queues' Rx interrupts and wakes for each frame of a slow stream."""
    FRAMES = 16

    def test_sleeps_between_frames_and_forwards_every_one(self):
        # 2.1.1.0/24 goes out of port 1 in l3fwd-power's LPM table.
        sent = [f.udp4_frame(PORT0, SRC, i, size=80, ttl=10 + i,
                             dst_ip=bytes([2, 1, 1, 1 + i])) for i in range(self.FRAMES)]
        f.write_pcap(self.path("in.pcap"), sent)
        # 20 frames/s: the lcore goes to sleep between two frames.
        env = model(fm1_mac9="pcap:rx=%s:rate=20" % self.path("in.pcap"),
                    fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))
        args = [L3FWD_POWER] + EAL_ARGS + ["--", "-p", "0x3", "-P", "--config=(0,0,1),(1,0,1)",
                                           "--interrupt-only"]
        app = self.start(args, env, interactive=False)
        mac1 = app.wait_for(r"Initializing port 1 \.\.\. .*?Address:([0-9A-F:]{17})", 30).group(1)
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(), 0)
        text = app.text()
        self.assertEqual(len(got), len(sent), text[-2000:])
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:01"), "frame %d next hop" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d source" % i)
            self.assertEqual(b[22], a[22] - 1, "frame %d TTL" % i)
            self.assertTrue(ipv4_checksum_ok(b[14:34]), "frame %d IPv4 checksum" % i)
        self.assertIn("Selected operation mode: interrupt-only", text)
        self.assertIn("sleeps until interrupt triggers", text)
        wakes = text.count("is waked up from rx interrupt on port 0 queue 0")
        self.assertGreater(wakes, 0, "never woken by an Rx interrupt:\n" + text[-2000:])
        # One wake-up per frame at most (a frame can also be taken by the
        # poll that follows another's wake-up); the two queues share the
        # lcore's portal, so both are reported each time. Spurious wake-ups
        # would show as hundreds.
        self.assertLessEqual(wakes, 2 * self.FRAMES, text[-2000:])


@unittest.skipUnless(os.path.exists("/dev/net/tun") and shutil.which("ip") and os.geteuid() == 0,
                     "needs /dev/net/tun, iproute2 and root: the kernel is the peer")
class L3fwdTap(AppTestCase):
    """The kernel's stack pings through l3fwd: two TAP wires, each moved into a
    network namespace of its own so the kernel cannot route between them."""

    def run_ip(self, *args):
        subprocess.run(["ip"] + list(args), check=True, capture_output=True)

    def test_kernel_peer_pings_through_the_router(self):
        ns = ["dpaa-l3a-%d" % os.getpid(), "dpaa-l3b-%d" % os.getpid()]
        taps = ["dpaat0-%d" % (os.getpid() % 10000), "dpaat1-%d" % (os.getpid() % 10000)]
        peer = ["02:00:00:00:00:a0", "02:00:00:00:00:a1"]
        env = model(fm1_mac9="tap:name=" + taps[0], fm1_mac10="tap:name=" + taps[1])
        args = [L3FWD] + EAL_ARGS + ["--", "-p", "0x3", "-P", "--lookup=lpm", "--config=(0,0,1),(1,0,1)",
                                     "--eth-dest=0,%s" % peer[0], "--eth-dest=1,%s" % peer[1]]
        app = self.start(args, env, interactive=False)
        try:
            macs = [app.wait_for(r"Initializing port %d \.\.\. .*?Address:([0-9A-F:]{17})" % p, 30).group(1) for p in (0, 1)]
            for i in (0, 1):
                self.run_ip("netns", "add", ns[i])
                self.run_ip("link", "set", taps[i], "netns", ns[i])
                ipn = ["-n", ns[i]]
                self.run_ip(*ipn, "link", "set", taps[i], "address", peer[i], "up")
                self.run_ip(*ipn, "addr", "add", "198.18.%d.2/24" % i, "dev", taps[i])
                self.run_ip(*ipn, "route", "add", "default", "via", "198.18.%d.1" % i)
                # l3fwd answers no ARP: the router's address is pinned to its port.
                self.run_ip(*ipn, "neigh", "add", "198.18.%d.1" % i, "lladdr", macs[i], "dev", taps[i])
            app.wait_for(r"entering main loop on lcore", 30)
            ping = subprocess.run(["ip", "netns", "exec", ns[0], "ping", "-c", "3", "-i", "0.2", "-w", "10",
                                   "198.18.1.2"], capture_output=True, text=True)
            self.assertEqual(ping.returncode, 0, ping.stdout + ping.stderr + app.text()[-2000:])
            self.assertIn("3 received", ping.stdout)
        finally:
            app.proc.send_signal(signal.SIGINT)
            app.finish()
            for n in ns:
                subprocess.run(["ip", "netns", "del", n], capture_output=True)


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
