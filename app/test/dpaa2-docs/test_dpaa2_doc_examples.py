#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The example command lines of doc/guides/nics/dpaa2.rst, our net_dpaa2's
guide, run as printed with our dpdk-testpmd on the modelled LX2160A-RDB
through the emulated VFIO fsl-mc kernel interface.

Each example is read from the page itself, as test_doc_examples does for
the DPAA1 guides, so that the page and the tests cannot drift apart: an
example added or removed fails test_the_page_has_these_examples until a test
covers it. A literal block is the command (its lines joined where they end
in a backslash), then what the user types (after "testpmd> ") and sees. The
test supplies only what the text asks the user for (an in.pcap with 802.1Q,
QinQ and untagged frames), types what the page types, and checks that every
line the page shows is one testpmd printed and that the frames reach the far
wire byte for byte. The examples are typed at the top of the source tree;
they run there with their file names in a folder of their own."""

import os
import re
import shlex
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "dpaa2-ethdev"))

from dpaa2_ethdev import TESTPMD, DPAA2, Dpaa2EthdevTestCase, f, main, traffic  # noqa: E402
from testpmd import wait_frames  # noqa: E402
from test_doc_examples import isolated, read_doc, rst_blocks  # noqa: E402
import upstream  # noqa: E402

DOC = "doc/guides/nics/dpaa2.rst"
RUNNING = "Running testpmd on the modelled LX2160A-RDB"
VLAN = "VLAN tags"
# What the examples name relative to the top of the source tree.
PATHS = {"build/lib/fslmc_emu/libfslmc_emu.so": DPAA2.emu,
         "build/subprojects/dpdk/app/dpdk-testpmd": TESTPMD}
OTHER_HOST = f.mac("02:00:00:00:77:01")  # the page's dump shows this destination
PROMPT = "testpmd> "


def examples():
    """(section, environment, argv, transcript lines) of each example that
    sets DPAA2_KERNEL_MODEL."""
    out = []
    for heading, body in rst_blocks(read_doc(DOC)):
        if not body.startswith("DPAA2_KERNEL_MODEL="):
            continue
        lines = body.splitlines()
        n = 0
        while lines[n].rstrip().endswith("\\"):
            n += 1
        command = " ".join(l.rstrip().rstrip("\\") for l in lines[:n + 1])
        words = shlex.split(command)
        env = {}
        while words and re.match(r"^[A-Z_0-9]+=", words[0]):
            key, value = words.pop(0).split("=", 1)
            env[key] = value
        out.append((heading, env, words, lines[n + 1:]))
    return out


def shown(line):
    """A pattern for a line the page shows: "..." stands for what it leaves
    out; a burst's frame count is whatever the burst took."""
    pattern = re.escape(line.strip()).replace(re.escape("..."), ".*")
    if line.startswith("port "):
        pattern = re.sub(r"received\\ \d+", r"received\\ \\d+", pattern)
    return pattern


class GuideExamples(Dpaa2EthdevTestCase):
    def example(self, heading, index=0):
        found = [e for e in examples() if e[0] == heading]
        self.assertGreater(len(found), index, "%s: no example %d under %r" % (DOC, index, heading))
        return found[index]

    def run_example(self, env, argv):
        """The example's command with its own environment, in the test's folder."""
        self.assertEqual(set(env), {"DPAA2_KERNEL_MODEL", "DPRC", "LD_PRELOAD"},
                         "the examples set the model, the container and the emulation")
        self.assertEqual(PATHS.get(env["LD_PRELOAD"]), DPAA2.emu)
        self.assertEqual(env["DPRC"], DPAA2.env["DPRC"])
        self.assertEqual(PATHS.get(argv[0]), TESTPMD, "the example runs this build's testpmd")
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.dir.name)
        return self.start_ours(isolated([PATHS.get(w, w) for w in argv]), env["DPAA2_KERNEL_MODEL"])

    def assert_shown(self, text, lines):
        for line in lines:
            if line.strip() and not line.startswith(PROMPT):
                self.assertIsNotNone(re.search(shown(line), text),
                                     "the page shows %r:\n%s" % (line, text[-3000:]))

    def test_the_page_has_these_examples(self):
        self.assertEqual([h for h, _, _, _ in examples()], [RUNNING, VLAN, VLAN],
                         "an example added to %s needs a test here" % DOC)

    def test_pcap_through_testpmd(self):
        _, env, argv, transcript = self.example(RUNNING)
        self.assertEqual(transcript, [], "the page says what to type in its text")
        sent = traffic(OTHER_HOST)
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.run_example(env, argv)
        app.wait_prompt(120)
        app.command("start")  # the page: "then start at the testpmd> prompt"
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), timeout=60)
        stats = app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual([a.hex() for a in sent], [b.hex() for b in got], stats)
        # What the page says of the ports.
        self.assertIn("Port 0: 00:00:00:00:00:03", app.text())
        self.assertIn("Port 1: 00:00:00:00:00:04", app.text())

    def test_vlan_strip_refused_at_configure(self):
        _, env, argv, transcript = self.example(VLAN, 0)
        self.assertIn("--enable-hw-vlan-strip", argv)
        f.write_pcap(self.path("in.pcap"), traffic(OTHER_HOST))
        app = self.run_example(env, argv)
        app.wait_prompt(120)
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertTrue(transcript, "the page shows what testpmd prints")
        self.assert_shown(app.text(), transcript)

    def test_vlan_session_keeps_the_tags(self):
        _, env, argv, transcript = self.example(VLAN, 1)
        typed = [l[len(PROMPT):] for l in transcript if l.startswith(PROMPT)]
        self.assertEqual(typed, ["vlan set strip on 0", "set verbose 1", "start"])
        sent = traffic(OTHER_HOST)
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.run_example(env, argv)
        app.wait_prompt(120)
        for command in typed[:-1]:
            app.command(command)
        app.send(typed[-1])  # the dump follows the prompt as the frames come
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), timeout=60)
        stats = app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        text = app.text()
        self.assert_shown(text, transcript)
        # Every frame left as it came, its tags in it, and no mbuf said
        # otherwise.
        self.assertEqual([a.hex() for a in sent], [b.hex() for b in got], stats)
        self.assertEqual(len(re.findall(r"^  ol_flags:", text, re.M)), len(sent), text[-3000:])
        self.assertNotRegex(text, r"RTE_MBUF_F_RX_(VLAN|QINQ)")
        self.assertNotRegex(text, r"VLAN tci=")


if __name__ == "__main__":
    main()
