# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream DPDK's own C DPAA2 drivers (bus/fslmc, mempool/dpaa2,
net/dpaa2), unmodified, in build-upstream/, run on the modelled LX2160A-RDB
through the emulated VFIO fsl-mc kernel interface (libfslmc_emu.so,
LD_PRELOAD, configured by DPAA2_KERNEL_MODEL; the container is dprc.2, named
in DPRC as NXP's dynamic_dpl.sh exports it)."""

import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "upstream"))
sys.path.insert(0, os.path.join(HERE, "..", "apps"))

import frames as f  # noqa: E402
from testpmd import vlan_mix  # noqa: E402
import upstream  # noqa: E402
from upstream import L2FWD, L3FWD, TESTPMD, UPSTREAM_BUILD  # noqa: E402,F401

FSLMC_EMU = os.path.join(upstream.BUILD, "lib", "fslmc_emu", "libfslmc_emu.so")
DPAA2 = upstream.Family("dpaa2", FSLMC_EMU, "DPAA2_KERNEL_MODEL",
                        re.compile(r"fslmc_emu: model misuse: (\d+) \(([^)]*)\)"), None,
                        env={"DPRC": "dprc.2"})

# The board's two 10G ports (AQR107 10GBASE-T PHYs) and the DPNIs the
# container connects to them, in the order of the DPMACs: dpni.1 <-> dpmac.3
# is port 0, dpni.2 <-> dpmac.4 port 1.
PORT0, PORT1 = "dpmac.3", "dpmac.4"
DPNI0, DPNI1 = "dpni.1", "dpni.2"
# Their addresses: dynamic_dpl.sh creates each DPNI with
# --mac-addr=00:00:00:00:00:<dpmac id>, which the driver takes.
PORT_MACS = {0: "00:00:00:00:00:03", 1: "00:00:00:00:00:04"}

# Two lcores: the main one and one forwarding core; the model's thread
# shares the main lcore's CPU. Upstream's bus asks EAL for physical
# addresses on this build (RTE_LIBRTE_DPAA2_USE_PHYS_IOVA): a user without
# an IOMMU-backed physical view runs IOVA as VA.
EAL_ARGS = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1", "--iova-mode=va",
            "-a", "fslmc:" + DPNI0, "-a", "fslmc:" + DPNI1]
TESTPMD_ARGS = ["--total-num-mbufs=4096", "--no-flush-rx"]
# testpmd's dump_mempool: its pool's count, which upstream's ops take from
# the MC (dpbp_get_num_free_bufs).
POOL_COUNT = r"mempool <mb_pool_0>.*?common_pool_count=(\d+)"
SRC = f.mac("02:00:00:00:11:11")


def kernel_model(**wires):
    """DPAA2_KERNEL_MODEL for the LX2160A-RDB: kernel_model(dpmac_3="pcap:rx=a.pcap")."""
    items = ["board=lx2160a-rdb", "mode=threaded"]
    items += ["%s=%s" % (port.replace("_", "."), wire) for port, wire in wires.items()]
    return ";".join(items)


def wires(**ports):
    """kernel_model()'s keyword arguments for {"dpmac.3": "pcap:..."}."""
    return dict((port.replace(".", "_"), wire) for port, wire in ports.items())


def traffic(dst, count=48, flow_base=0):
    """Untagged, 802.1Q and QinQ frames over IPv4/UDP and IPv6/TCP, 8 flows."""
    return vlan_mix(dst, SRC, count, flow_base)


def missing_testpmd():
    """Why the suite cannot run, or None: the one reason it skips."""
    if not os.access(TESTPMD, os.X_OK):
        return "%s was not built (buildtools/build-upstream builds it)" % TESTPMD
    return None


class Dpaa2TestCase(upstream.UpstreamTestCase):
    family = DPAA2

    def setUp(self):
        why = missing_testpmd()
        if why:
            self.skipTest(why)
        super().setUp()


def main():
    """unittest's main; exit status 77 (meson's skip) when nothing can run."""
    why = missing_testpmd()
    if why:
        print("SKIP: " + why)
        sys.exit(77)
    unittest.main(verbosity=2)
