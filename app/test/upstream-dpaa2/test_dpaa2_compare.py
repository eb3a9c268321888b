#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""devtools/compare-upstream.sh --dpaa2, functional part: our net_dpaa2 and
upstream's unmodified one forward the same VLAN/QinQ mix on the same
modelled LX2160A-RDB through the same emulated VFIO fsl-mc kernel. The
frames at the far wires must be byte-identical for both, the counters of
"show port stats all" and the extended statistics both name alike the same;
a packet type or Rx flag that differs must be one of those
doc/guides/nics/dpaa2.rst explains (each explanation is looked for in the
page), and anything else fails."""

import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "dpaa2-ethdev"))
sys.path.insert(0, os.path.join(HERE, "..", "apps"))

from dpaa2_ethdev import missing  # noqa: E402
import upstream  # noqa: E402
from test_doc_examples import read_doc  # noqa: E402
from upstream_dpaa2 import missing_testpmd  # noqa: E402

COMPARE = os.path.join(HERE, "..", "..", "..", "devtools", "compare_upstream.py")
GUIDE = "doc/guides/nics/dpaa2.rst"

# Packet types upstream 22.11 gives tagged frames (its slow parse ORs values
# that are not bit flags), against ours: (ours, upstream, what the guide says).
PTYPES = [
    ("L2_ETHER_VLAN L3_IPV4 L4_UDP", "L2_ETHER_QINQ L3_IPV4 L4_NONFRAG", "L2_ETHER_QINQ L3_IPV4 L4_NONFRAG"),
    ("L2_ETHER_QINQ L3_IPV4 L4_UDP", "L2_ETHER_QINQ L3_IPV4 L4_NONFRAG", "L2_ETHER_QINQ L3_IPV4 L4_NONFRAG"),
    ("L2_ETHER_VLAN L3_IPV6 L4_TCP", "L2_ETHER_QINQ L3_IPV6 L4_IGMP", "L2_ETHER_QINQ L3_IPV6 L4_IGMP"),
]
# Rx flags only upstream sets, each explained in the guide.
UPSTREAM_ONLY_FLAGS = {"RTE_MBUF_F_RX_VLAN", "RTE_MBUF_F_RX_QINQ", "RTE_MBUF_F_RX_RSS_HASH"}
# Extended statistics upstream 22.11 leaves at zero (its stats_get sets
# q_ibytes and q_obytes to 0), explained in the guide: "differs" lines that
# are these, with upstream's value 0.
UPSTREAM_ZERO_XSTATS = re.compile(r"^differs: port \d (?:rx|tx)_q\d+_bytes: ours \d+, upstream 0$", re.M)


def words(text):
    return " ".join(text.split())


class CompareWithUpstream(unittest.TestCase):
    def setUp(self):
        # devtools/compare_upstream.py starts both testpmds through the
        # tests' helper (app/test/apps/testpmd.py): under DPAA_EXEC_WRAPPER
        # for a cross build (devtools/test-arm64.sh), as every other test.
        why = missing() or missing_testpmd()
        if why:
            self.skipTest(why)

    def test_every_difference_is_explained(self):
        guide = words(read_doc(GUIDE))
        for flag in UPSTREAM_ONLY_FLAGS:
            self.assertIn("``%s``" % flag, guide, "%s does not explain %s" % (GUIDE, flag))
        self.assertIn("``q_ibytes`` and ``q_obytes`` at zero", guide)
        for _, _, shown in PTYPES:
            self.assertIn(shown, guide, "%s does not explain %s" % (GUIDE, shown))
        r = subprocess.run([sys.executable, COMPARE, "1", "--functional", "--dpaa2"],
                           capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, DPAA_BUILD_DIR=upstream.BUILD))
        out = r.stdout
        self.assertEqual(r.returncode, 0, out + r.stderr)
        self.assertRegex(out, r"(?m)^frames byte-identical \(of 96\) +96 +96 *$", out)
        # Counters: the same for both, rows marked "differs" otherwise.
        counters = re.findall(r"(?m)^port \d (?:RX|TX)-\w+ .*$", out)
        self.assertEqual(len(counters), 12, out)
        self.assertEqual([c for c in counters if c.endswith("differs")], [], out)
        alike = re.search(r"(?m)^xstats named alike +(\d+)$", out)
        same = re.search(r"(?m)^xstats named alike, same value +(\d+)$", out)
        self.assertIsNotNone(alike, out)
        self.assertGreater(int(alike.group(1)), 0, out)
        zero_upstream = len(UPSTREAM_ZERO_XSTATS.findall(out))
        self.assertEqual(int(same.group(1)) + zero_upstream, int(alike.group(1)), out)
        # Every frame shown by both dumps is compared.
        for port in (0, 1):
            self.assertRegex(out, r"(?m)^port %d packet type same \(of 48 shown\)" % port, out)
        unexplained = []
        for kind, ours, theirs in re.findall(r"(?m)^differs: port \d (packet type|Rx ol_flags): "
                                             r"ours '([^']*)', upstream '([^']*)'", out):
            if kind == "packet type":
                if (ours, theirs) not in [(o, u) for o, u, _ in PTYPES]:
                    unexplained.append((kind, ours, theirs))
            elif set(ours.split()) - set(theirs.split()) or \
                    set(theirs.split()) - set(ours.split()) - UPSTREAM_ONLY_FLAGS:
                unexplained.append((kind, ours, theirs))
        self.assertEqual(unexplained, [], "differences %s does not explain:\n%s" % (GUIDE, out))
        self.assertNotRegex(UPSTREAM_ZERO_XSTATS.sub("", out),
                            r"(?m)^differs: (?!port \d (packet type|Rx ol_flags))", out)


if __name__ == "__main__":
    why = missing() or missing_testpmd()
    if why:
        print("SKIP: " + why)
        sys.exit(77)
    unittest.main(verbosity=2)
