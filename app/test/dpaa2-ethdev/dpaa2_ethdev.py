# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Our net_dpaa2 (with our bus/fslmc and mempool/dpaa2) in our dpdk-testpmd,
dpdk-l2fwd and dpdk-l3fwd, on the modelled LX2160A-RDB (and LS2088A-RDB)
through the emulated VFIO fsl-mc kernel interface: libfslmc_emu.so
preloaded, configured by DPAA2_KERNEL_MODEL, the container dprc.2 named in
DPRC, exactly as upstream's driver runs in suite upstream-dpaa2."""

import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "upstream"))
sys.path.insert(0, os.path.join(HERE, "..", "upstream-dpaa2"))
sys.path.insert(0, os.path.join(HERE, "..", "apps"))

import apptest  # noqa: E402
import frames as f  # noqa: E402
import upstream  # noqa: E402
from upstream_dpaa2 import DPAA2, PORT0, PORT1, DPNI0, DPNI1, PORT_MACS, SRC, traffic  # noqa: E402,F401

APPS = os.path.join(upstream.BUILD, "subprojects", "dpdk")
TESTPMD = os.path.join(APPS, "app", "dpdk-testpmd")
L2FWD = os.path.join(APPS, "examples", "dpdk-l2fwd")
L3FWD = os.path.join(APPS, "examples", "dpdk-l3fwd")

# Two lcores: the main one and one forwarding core; IOVA as VA, the
# addresses the dpaa2 mempool gives QBMan.
EAL_ARGS = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1", "--iova-mode=va",
            "-a", "fslmc:" + DPNI0, "-a", "fslmc:" + DPNI1]
LOGS = ["--log-level=pmd.net.dpaa2:info"]
TESTPMD_ARGS = ["--total-num-mbufs=4096", "--no-flush-rx"]
POOL_COUNT = r"mempool <mb_pool_0>.*?common_pool_count=(\d+)"
OTHER_HOST = f.mac("02:00:00:00:77:01")  # neither port's address: promiscuous mode lets it in

# The LS2088A-RDB (direct-mode portals): its first two 10G ports.
LS2_PORT0, LS2_PORT1 = "dpmac.1", "dpmac.2"


def kernel_model(board="lx2160a-rdb", **wires):
    """DPAA2_KERNEL_MODEL: kernel_model(dpmac_3="pcap:rx=a.pcap")."""
    items = ["board=" + board, "mode=threaded"]
    items += ["%s=%s" % (port.replace("_", "."), wire) for port, wire in wires.items()]
    return ";".join(items)


def wires(**ports):
    """kernel_model()'s keyword arguments for {"dpmac.3": "pcap:..."}."""
    return dict((port.replace(".", "_"), wire) for port, wire in ports.items())


def missing():
    """Why the suite cannot run, or None."""
    for path in (TESTPMD, DPAA2.emu):
        if not os.path.exists(path):
            return "%s was not built (ninja -C build builds it)" % path
    return None


def dpaa2_env(config):
    """The environment of an application of this build on the emulated VFIO
    fsl-mc kernel. Our DPAA1 bus is in the same binary: DPAA_MODEL must be
    unset, not empty (empty asks it for its default modelled board, whose
    ports it would probe beside the DPNIs)."""
    env = dict(os.environ)
    env.pop("DPAA_MODEL", None)
    env.pop("DPAA_KERNEL_MODEL", None)
    env[DPAA2.model_variable] = config
    env["LD_PRELOAD"] = DPAA2.emu
    env.update(DPAA2.env)
    return env


class Dpaa2EthdevTestCase(apptest.AppTestCase):
    def setUp(self):
        why = missing()
        if why:
            self.skipTest(why)
        super().setUp()

    def start_ours(self, argv, config, interactive=True):
        return self.start_app(argv, dpaa2_env(config), interactive)

    def assert_no_misuse(self, app):
        m = DPAA2.misuse.search(app.text())
        self.assertIsNotNone(m, "the emulation printed no report at exit:\n" + app.text()[-3000:])
        counters = dict((k, int(v)) for k, v in re.findall(r"(\w+) (\d+)", m.group(2)))
        self.assertTrue(counters, m.group(0))
        self.assertEqual(int(m.group(1)), 0, "the model counted driver misuse: " + m.group(0))
        self.assertEqual(counters, dict((k, 0) for k in counters), m.group(0))

    def pool_count(self, app):
        m = re.search(POOL_COUNT, app.command("dump_mempool", 60), re.S)
        self.assertIsNotNone(m, app.text()[-3000:])
        return int(m.group(1))


def main():
    """unittest's main; exit status 77 (meson's skip) when nothing can run."""
    why = missing()
    if why:
        print("SKIP: " + why)
        sys.exit(77)
    unittest.main(verbosity=2)
