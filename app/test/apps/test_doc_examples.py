#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The example command lines of README.md, doc/guides/nics/dpaa.rst and
doc/guides/nics/dpaa_model_wires.rst, run as printed.

Each command is read from the document itself, so that the documents and the
tests cannot drift apart: a changed example is the example tested, and an
example added or removed fails the count below until a test covers it. The
test only supplies what the text asks the user for (an in.pcap, typing
"start" at the prompt) and checks what reaches the far wire byte by byte.

Two liberties, neither in the command: each example runs in a directory of
its own, in a mount namespace of its own where /var/run/dpdk is empty (when
root), so that it cannot meet another DPDK process of the same file prefix on
a shared machine; and the TAP and namespace names of the TAP examples get a
suffix of this process's, so that two runs cannot take each other's.
"""

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import unittest

import frames as f
from apptest import AppTestCase, L2FWD, L3FWD, TESTPMD, wait_frames

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
PROGRAMS = {"dpdk-testpmd": TESTPMD, "dpdk-l2fwd": L2FWD, "dpdk-l3fwd": L3FWD}


def read_doc(name):
    with open(os.path.join(ROOT, name)) as fh:
        return fh.read()


def markdown_blocks(text):
    """The fenced code blocks of a Markdown text, with the heading above each."""
    blocks, heading = [], ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("#"):
            heading = lines[i].lstrip("#").strip()
        if lines[i].startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            blocks.append((heading, "\n".join(lines[i + 1:j])))
            i = j
        i += 1
    return blocks


def rst_blocks(text):
    """The literal blocks (after '::') of an rst text, with their section title."""
    blocks, heading = [], ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if i + 1 < len(lines) and lines[i] and re.fullmatch(r"[-=~]{3,}", lines[i + 1]):
            heading = lines[i].strip()
        if lines[i].rstrip().endswith("::"):
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            indent = len(lines[j]) - len(lines[j].lstrip()) if j < len(lines) else 0
            body = []
            while j < len(lines) and (not lines[j].strip() or
                                      len(lines[j]) - len(lines[j].lstrip()) >= indent > 0):
                body.append(lines[j][indent:])
                j += 1
            blocks.append((heading, "\n".join(body).strip("\n")))
            i = j
            continue
        i += 1
    return blocks


def commands(blocks):
    """(section, command) for each block that is a command with DPAA_MODEL set."""
    out = []
    for heading, body in blocks:
        if body.startswith("DPAA_MODEL=") and " dpdk-" in body.replace("\n", " "):
            out.append((heading, body.replace("\\\n", " ")))
    return out


def scripts(blocks):
    """(section, lines) for each block that is a series of ip commands."""
    out = []
    for heading, body in blocks:
        lines = [l for l in body.splitlines() if l.strip()]
        if lines and all(l.startswith("ip ") for l in lines):
            out.append((heading, lines))
    return out


def split_command(line):
    """The environment and argv of a shell command line of the documents."""
    words = shlex.split(line)
    env = {}
    while words and re.match(r"^[A-Z_]+=", words[0]):
        key, value = words.pop(0).split("=", 1)
        env[key] = value
    return env, [PROGRAMS.get(words[0], words[0])] + words[1:]


def isolated(argv):
    """argv in a mount namespace of its own with an empty /var/run/dpdk."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return argv
    os.makedirs("/var/run/dpdk", exist_ok=True)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            'mount -t tmpfs none /var/run/dpdk && exec "$@"', "sh"] + argv


class DocExample(AppTestCase):
    def run_example(self, line, renames=None, interactive=True):
        env, argv = split_command(line)
        model = env.pop("DPAA_MODEL")
        for old, new in (renames or {}).items():
            model = model.replace("name=" + old, "name=" + new)
        self.assertEqual(env, {}, "only DPAA_MODEL is set by the examples")
        # The examples name their files relative to where the user is.
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.dir.name)
        return self.start(isolated(argv), model, interactive)


def traffic():
    """What a user's in.pcap holds: frames to a host that is not the port
    (which only promiscuous mode lets in), broadcast, tagged, IPv6."""
    other = f.mac("02:00:00:00:77:01")
    src = f.mac("02:00:00:00:11:11")
    sent = [f.udp4_frame(other, src, i, size=64 + 24 * i) for i in range(16)]
    sent += [f.udp4_frame(f.mac("ff:ff:ff:ff:ff:ff"), src, 100)]
    sent += [f.udp4_frame(other, src, 101, vlan=42), f.tcp6_frame(other, src, 102)]
    return sent


class ReadmeExample(DocExample):
    def test_modelled_board_pcap_through_testpmd(self):
        found = [c for h, c in commands(markdown_blocks(read_doc("README.md")))
                 if h == "The modelled board"]
        self.assertEqual(len(found), 1, "README.md: one example under 'The modelled board'")
        check_pcap_example(self, found[0])


def check_pcap_example(test, line):
    """in.pcap -> fm1-mac9 -> testpmd (typed: start) -> fm1-mac10 -> out.pcap."""
    sent = traffic()
    f.write_pcap(test.path("in.pcap"), sent)
    app = test.run_example(line)
    app.wait_for(r"testpmd> $", 120)
    time.sleep(1)  # a user types, which takes longer than this
    app.command("start")
    got = wait_frames(f.read_pcap, test.path("out.pcap"), len(sent), timeout=60)
    stats = app.command("stop")
    app.quit(60)
    test.assertEqual(len(got), len(sent), stats + app.text()[-3000:])
    for i, (a, b) in enumerate(zip(sent, got)):
        test.assertEqual(a.hex(), b.hex(), "frame %d differs" % i)


class GuideExample(DocExample):
    def test_generator_to_sink_through_testpmd(self):
        found = [c for h, c in commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
                 if h == "Forwarding with testpmd on the modelled LS1046A-RDB"]
        self.assertEqual(len(found), 1, "dpaa.rst: one example under 'Forwarding with testpmd'")
        app = self.run_example(found[0], interactive=False)
        # A --stats-period run: it forwards until interrupted, as the guide says.
        app.wait_for(r"Port statistics", 120)
        time.sleep(3)
        app.proc.send_signal(signal.SIGINT)
        rc = app.finish(60)
        text = app.text()
        m = re.search(r"fm1-mac10 sink: (\d+) frames, (\d+) bytes; generator frames (\d+): "
                      r"(\d+) bad, (\d+) lost, (\d+) out of order, (\d+) duplicates", text)
        self.assertIsNotNone(m, text[-3000:])
        frames, nbytes, generated, bad, _, disorder, dups = (int(x) for x in m.groups())
        self.assertEqual(rc, 0, text[-3000:])
        self.assertGreater(frames, 1000, text[-3000:])
        self.assertEqual(nbytes, 64 * frames, "64-byte frames, as the generator sent them")
        # The sink checks every generator frame: checksums, length, flow, sequence.
        self.assertEqual(generated, frames)
        self.assertEqual(bad, 0)
        self.assertEqual(disorder, 0)
        self.assertEqual(dups, 0)

    def test_ieee1588_between_cabled_ports(self):
        found = [c for h, c in commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
                 if h == "IEEE 1588 and timestamps"]
        self.assertEqual(len(found), 1, "dpaa.rst: one example under 'IEEE 1588 and timestamps'")
        # The block: the command, then what the user types and sees.
        line, _, shown = found[0].partition("testpmd> start")
        # sync.pcap: a PTP sync message, the user's file.
        msg = bytes([0x00, 0x02, 0x00, 44]) + bytes(42)
        sync = f.mac("01:1b:19:00:00:00") + f.mac("02:00:00:00:11:11") + bytes([0x88, 0xf7]) + msg
        f.write_pcap(self.path("sync.pcap"), [sync])
        app = self.run_example(line.strip())
        app.wait_for(r"testpmd> $", 120)
        # The forwarding lcore prints stamps around the prompt of "start".
        start = len(app.text())
        app.send("start")
        app.wait_for(r"Port 0 TX timestamp value", 60, start)
        app.command("stop")
        app.quit(60)
        text = app.text()
        # Every line the guide shows is one testpmd prints, numbers aside.
        for shown_line in shown.strip().splitlines():
            if shown_line.strip() == "...":
                continue
            pattern = re.sub(r"[0-9]+", lambda m: "[0-9]+", re.escape(shown_line.strip()))
            self.assertRegex(text, pattern, "the guide shows %r" % shown_line)

    def test_bonding_mode4_as_printed(self):
        found = [c for h, c in commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
                 if h == "Bonding"]
        self.assertEqual(len(found), 1, "dpaa.rst: one example under 'Bonding'")
        # The block: the command, then what the user types at the prompt.
        line, *typed = [part.strip() for part in found[0].split("testpmd> ")]
        app = self.run_example(line)
        app.wait_for(r"testpmd> $", 120)
        for command in typed[:-1]:
            out = app.command(command)
            self.assertNotRegex(out, r"Failed|Invalid|Bad arguments", command)
        show = typed[-1]
        self.assertTrue(show.startswith("show bonding lacp info"), show)
        # "Within a few seconds every slave shows ...": both of the bond's.
        deadline = time.time() + 30
        while True:
            out = app.command(show)
            if (out.count("selection: SELECTED") == 2 and
                    out.count("COLLECTING DISTRIBUTING") == 4) or time.time() > deadline:
                break
            time.sleep(0.5)
        self.assertEqual(out.count("selection: SELECTED"), 2, out)
        self.assertEqual(out.count("COLLECTING DISTRIBUTING"), 4, out)
        app.command("stop")
        app.quit(60)

    def examples_program(self, program):
        found = [c for h, c in commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
                 if h == "Forwarding with l2fwd and l3fwd" and (" %s " % program) in c]
        self.assertEqual(len(found), 1, "dpaa.rst: one %s example under 'Forwarding with "
                         "l2fwd and l3fwd'" % program)
        return found[0]

    def forward_pcap(self, line, sent):
        """in.pcap -> fm1-mac9 -> the example -> fm1-mac10 -> out.pcap: what
        reached out.pcap, once the example has exited on Ctrl-C."""
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.run_example(line, interactive=False)
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), timeout=60)
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(60), 0, app.text()[-3000:])
        self.assertEqual(len(got), len(sent), app.text()[-3000:])
        return app, got

    def test_l2fwd_as_printed(self):
        sent = traffic()
        app, got = self.forward_pcap(self.examples_program("dpdk-l2fwd"), sent)
        mac1 = re.search(r"Port 1, MAC address: ([0-9A-F:]{17})", app.text()).group(1)
        for i, (a, b) in enumerate(zip(sent, got)):
            # "the destination 02:00:00:00:00:01 and fm1-mac10's address as source"
            self.assertEqual(b[0:6], f.mac("02:00:00:00:00:01"), "frame %d" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d" % i)
            self.assertEqual(b[12:].hex(), a[12:].hex(), "frame %d" % i)

    def test_l3fwd_as_printed(self):
        line = self.examples_program("dpdk-l3fwd")
        hop = re.search(r"--eth-dest=1,([0-9a-f:]{17})", line).group(1)
        # "198.18.1.0/24 leaves by port 1"; to an address that is not the port's.
        sent = [f.udp4_frame(f.mac("02:00:00:00:77:01"), f.mac("02:00:00:00:11:11"), i,
                             size=80 + 8 * i, ttl=10 + i, dst_ip=bytes([198, 18, 1, 1 + i]))
                for i in range(16)]
        app, got = self.forward_pcap(line, sent)
        mac1 = re.search(r"Initializing port 1 \.\.\. .*?Address:([0-9A-F:]{17})",
                         app.text(), re.S).group(1)
        for i, (a, b) in enumerate(zip(sent, got)):
            self.assertEqual(b[0:6], f.mac(hop), "frame %d next hop" % i)
            self.assertEqual(b[6:12], f.mac(mac1), "frame %d source" % i)
            self.assertEqual(b[22], a[22] - 1, "frame %d TTL" % i)
            self.assertEqual(f.csum(b[14:34]), 0, "frame %d IPv4 checksum" % i)
            self.assertEqual(b[12:22] + b[23:24] + b[26:], a[12:22] + a[23:24] + a[26:],
                             "frame %d" % i)

    def test_dpaa_guide_has_no_other_example(self):
        found = commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
        # "Secondary processes" needs hugepages: test_multiprocess runs it.
        self.assertEqual([h for h, _ in found],
                         ["Forwarding with testpmd on the modelled LS1046A-RDB",
                          "Forwarding with l2fwd and l3fwd", "Forwarding with l2fwd and l3fwd",
                          "Bonding", "IEEE 1588 and timestamps", "Secondary processes"],
                         "an example added to dpaa.rst needs a test here")


class WiresGuideDoc(DocExample):
    DOC = "doc/guides/nics/dpaa_model_wires.rst"

    def examples(self):
        found = commands(rst_blocks(read_doc(self.DOC)))
        self.assertEqual([h for h, _ in found], ["Examples"] * 3,
                         "dpaa_model_wires.rst: pcap, TAP with testpmd, TAP with l2fwd")
        return [c for _, c in found]


class WiresGuide(WiresGuideDoc):
    def test_pcap_through_testpmd(self):
        check_pcap_example(self, self.examples()[0])


def tap_unavailable():
    if os.geteuid() != 0 or not shutil.which("ip") or not os.path.exists("/dev/net/tun"):
        return "needs root, iproute2 and /dev/net/tun"
    ns = "dpaa-probe-%d" % os.getpid()
    r = subprocess.run(["ip", "netns", "add", ns], capture_output=True, text=True)
    if r.returncode != 0:
        return "the kernel refuses a network namespace: " + r.stderr.strip()
    subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    return None


class WiresGuideTap(WiresGuideDoc):
    """ping between two namespaces through the model, ARP included."""

    def setUp(self):
        super().setUp()
        why = tap_unavailable()
        if why:
            self.skipTest(why)
        n = os.getpid() % 100000
        # The documents' names, made this run's own (at most 15 characters).
        self.names = {"dpaa-left": "dpl-%05d" % n, "dpaa-right": "dpr-%05d" % n,
                      "left": "dpaa-l-%d" % os.getpid(), "right": "dpaa-r-%d" % os.getpid()}
        self.addCleanup(self.remove_namespaces)

    def remove_namespaces(self):
        for ns in (self.names["left"], self.names["right"]):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def shell_steps(self):
        found = scripts(rst_blocks(read_doc(self.DOC)))
        self.assertEqual(len(found), 1, "dpaa_model_wires.rst: one series of ip commands")
        steps = []
        for line in found[0][1]:
            steps.append([self.names.get(w, w) for w in shlex.split(line)])
        self.assertEqual(steps[-1][:3], ["ip", "netns", "exec"], "the series ends with the ping")
        return steps[:-1], steps[-1]

    def wait_for_tap(self, name, app):
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if subprocess.run(["ip", "link", "show", name], capture_output=True).returncode == 0:
                return
            if app.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.fail("TAP %s never appeared:\n%s" % (name, app.text()[-3000:]))

    def ping_across(self, app):
        setup, ping = self.shell_steps()
        for name in ("dpaa-left", "dpaa-right"):
            self.wait_for_tap(self.names[name], app)
        for step in setup:
            r = subprocess.run(step, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, "%s: %s" % (" ".join(step), r.stderr))
        r = subprocess.run(ping + ["-w", "20"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr + app.text()[-3000:])
        self.assertIn("3 received", r.stdout)
        # No static neighbour entry was given: the kernel resolved it by ARP.
        neigh = subprocess.run(["ip", "-n", self.names["left"], "neigh", "show", "192.0.2.2"],
                               capture_output=True, text=True).stdout
        self.assertRegex(neigh, r"lladdr [0-9a-f:]{17}", neigh)
        self.assertNotIn("PERMANENT", neigh)

    def test_ping_through_testpmd(self):
        app = self.run_example(self.examples()[1], self.names)
        app.wait_for(r"testpmd> $", 120)
        app.command("start")
        self.ping_across(app)
        # The links stayed up though both TAPs moved to other namespaces.
        for port in (0, 1):
            info = app.command("show port info %d" % port)
            self.assertRegex(info, r"Link status: up", info)
        stats = app.command("show port stats all")
        self.assertNotRegex(stats, r"RX-errors: [1-9]", stats)
        # A TAP taken down: what is sent to it is a transmit error, not a frame sent.
        before = int(re.search(r"tx_mac_errors: (\d+)",
                               app.command("show port xstats 0")).group(1))
        self.assertEqual(before, 0)
        left, right = self.names["left"], self.names["right"]
        subprocess.run(["ip", "-n", left, "link", "set", self.names["dpaa-left"], "down"], check=True)
        # testpmd shows the state the port's last link event reported.
        deadline = time.monotonic() + 10
        info = app.command("show port info 0")
        while "Link status: down" not in info and time.monotonic() < deadline:
            time.sleep(0.2)
            info = app.command("show port info 0")
        self.assertIn("Link status: down", info)
        subprocess.run(["ip", "netns", "exec", right, "ping", "-c", "3", "-i", "0.2", "-W", "1",
                        "192.0.2.1"], capture_output=True)
        xstats = app.command("show port xstats 0")
        lost = int(re.search(r"tx_mac_errors: (\d+)", xstats).group(1))
        self.assertGreaterEqual(lost, 3, xstats)
        app.command("stop")
        app.quit(60)

    def test_ping_through_l2fwd(self):
        app = self.run_example(self.examples()[2], self.names, interactive=False)
        self.ping_across(app)
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.finish(60), 0, app.text()[-3000:])


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
