#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The example command lines of doc/guides/nics/dpaa2_model.rst, run as
printed (read from the page itself, as test_doc_examples does for the DPAA1
guides): the test supplies only what the text asks the user for (an
in.pcap, what is typed at the prompt) and checks what reaches the far wire
byte by byte. The examples are typed at the top of the source tree; they run
there with their file names in a folder of their own."""

import os
import re
import shlex
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "apps"))

import frames as f  # noqa: E402
from testpmd import wait_frames  # noqa: E402
from test_doc_examples import isolated, read_doc, rst_blocks  # noqa: E402
from upstream_dpaa2 import DPAA2, Dpaa2TestCase, main, traffic  # noqa: E402
import upstream  # noqa: E402

DOC = "doc/guides/nics/dpaa2_model.rst"
# What the examples name relative to the top of the source tree.
PATHS = {"build/": upstream.BUILD + os.sep, "build-upstream/": upstream.UPSTREAM_BUILD + os.sep}


def examples():
    """(section, environment, argv) of each example that sets DPAA2_KERNEL_MODEL."""
    out = []
    for heading, body in rst_blocks(read_doc(DOC)):
        if not body.startswith("DPAA2_KERNEL_MODEL="):
            continue
        words = shlex.split(body.replace("\\\n", " "))
        env = {}
        while words and re.match(r"^[A-Z_0-9]+=", words[0]):
            key, value = words.pop(0).split("=", 1)
            env[key] = value
        out.append((heading, env, words))
    return out


def from_top(word):
    for rel, path in PATHS.items():
        if word.startswith(rel):
            return path + word[len(rel):]
    return word


class GuideExamples(Dpaa2TestCase):
    def run_example(self, env, argv):
        """The example's command with its own environment, in the test's folder."""
        self.assertEqual(set(env), {"DPAA2_KERNEL_MODEL", "DPRC", "LD_PRELOAD"},
                         "the examples set the model, the container and the emulation")
        self.assertEqual(env["LD_PRELOAD"], "build/lib/fslmc_emu/libfslmc_emu.so")
        self.assertEqual(from_top(env["LD_PRELOAD"]), DPAA2.emu)
        self.assertEqual(env["DPRC"], DPAA2.env["DPRC"])
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.dir.name)
        return self.start_upstream(isolated([from_top(w) for w in argv]), env["DPAA2_KERNEL_MODEL"])

    def test_the_page_has_these_examples(self):
        self.assertEqual([h for h, _, _ in examples()],
                         ["Running upstream's testpmd", "The VLAN-strip A/B on upstream's own code"],
                         "an example added to %s needs a test here" % DOC)

    def test_pcap_through_testpmd(self):
        (_, env, argv), = [e for e in examples() if e[0] == "Running upstream's testpmd"]
        sent = traffic(f.mac("02:00:00:00:77:01"))
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.run_example(env, argv)
        app.wait_prompt(120)
        app.command("start")
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), timeout=60)
        stats = app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual([a.hex() for a in sent], [b.hex() for b in got], stats)

    def test_vlan_strip_recipe(self):
        (_, env, argv), = [e for e in examples() if e[0] == "The VLAN-strip A/B on upstream's own code"]
        sent = traffic(f.mac("02:00:00:00:77:01"))
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.run_example(env, argv)
        app.wait_prompt(120)
        app.command("set verbose 1")
        app.send("start")  # the dump follows the prompt as the frames come
        got = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), timeout=60)
        stats = app.command("stop")
        self.assertTrue(app.quit(120), app.text()[-3000:])
        self.assert_no_misuse(app)
        self.assertEqual(len(got), len(sent), stats)
        for i, (a, b) in enumerate(zip(sent, got)):
            if struct.unpack("!H", a[12:14])[0] == f.ETH_P_VLAN:
                self.assertEqual(b.hex(), (a[:12] + a[16:]).hex(), "802.1Q frame %d" % i)
            else:
                self.assertEqual(b.hex(), a.hex(), "frame %d" % i)
        # What the page shows of the dump: each 802.1Q frame's TCI.
        for a in sent:
            if struct.unpack("!H", a[12:14])[0] == f.ETH_P_VLAN:
                self.assertIn(" - VLAN tci=0x%x " % struct.unpack("!H", a[14:16])[0], app.text())
        self.assertRegex(app.text(), r"ol_flags: .*RTE_MBUF_F_RX_VLAN .*RTE_MBUF_F_RX_VLAN_STRIPPED")


if __name__ == "__main__":
    main()
