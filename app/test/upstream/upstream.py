# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream DPDK's own C drivers, unmodified (build-upstream/), run on a
modelled board through an emulated kernel interface, LD_PRELOADed:
  DPAA1 (net_dpaa): the USDPAA kernel, libusdpaa_emu.so, DPAA_KERNEL_MODEL;
  DPAA2 (net_dpaa2): the VFIO fsl-mc kernel, libfslmc_emu.so,
  DPAA2_KERNEL_MODEL, and the container named in DPRC.
Suites upstream and upstream-dpaa2 share this module."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "apps"))

import apptest  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BUILD = os.environ.get("DPAA_BUILD_DIR", os.path.join(ROOT, "build"))
UPSTREAM_BUILD = os.environ.get("DPAA_UPSTREAM_BUILD_DIR", os.path.join(ROOT, "build-upstream"))
TESTPMD = os.path.join(UPSTREAM_BUILD, "app", "dpdk-testpmd")
EMU = os.path.join(BUILD, "lib", "usdpaa_emu", "libusdpaa_emu.so")
L2FWD = os.path.join(UPSTREAM_BUILD, "examples", "dpdk-l2fwd")
L3FWD = os.path.join(UPSTREAM_BUILD, "examples", "dpdk-l3fwd")


class Family:
    """What differs between the DPAA1 and DPAA2 emulations for a test."""

    def __init__(self, name, emu, model_variable, misuse, counters, env=None):
        self.name = name
        self.emu = emu
        self.model_variable = model_variable
        self.misuse = misuse          # the emulation's report line at exit
        self.counters = counters      # how many counters that line names (None: any)
        self.env = env or {}          # what a user sets beside the model


DPAA1 = Family("dpaa", EMU, "DPAA_KERNEL_MODEL",
               re.compile(r"usdpaa_emu: model misuse: (\d+) \(([^)]*)\)"), 12)

# Upstream's bus asks EAL for physical addresses; the emulation gives the
# model the process's virtual addresses as bus addresses (see the guide).
EAL_ARGS = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1", "--iova-mode=va",
            "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"]
TESTPMD_ARGS = ["--total-num-mbufs=4096", "--no-flush-rx"]


def kernel_model(**wires):
    """DPAA_KERNEL_MODEL for the LS1046A-RDB: kernel_model(fm1_mac9="pcap:rx=a.pcap")."""
    items = ["board=ls1046a-rdb", "mode=threaded"]
    items += ["%s=%s" % (port.replace("_", "-"), wire) for port, wire in wires.items()]
    return ";".join(items)


MISUSE = DPAA1.misuse


def family_env(family, config, extra_env=None):
    """The environment of an application on the emulation of 'family' with
    the model 'config'. DPAA_MODEL is empty: our DPAA1 bus is not in
    upstream's build, and the emulation reads its own variable only."""
    env = dict(os.environ)
    env["DPAA_MODEL"] = ""
    env[family.model_variable] = config
    env["LD_PRELOAD"] = family.emu
    env.update(family.env)
    env.update(extra_env or {})
    return env


class UpstreamTestCase(apptest.AppTestCase):
    family = DPAA1

    def setUp(self):
        super().setUp()
        for path in (TESTPMD, self.family.emu):
            self.assertTrue(os.access(path, os.X_OK) or os.path.exists(path),
                            "%s is missing: run devtools/setup.sh" % path)

    def start_upstream(self, argv, config, interactive=True, extra_env=None):
        return self.start_app(argv, family_env(self.family, config, extra_env), interactive)

    def assert_no_misuse(self, app):
        m = self.family.misuse.search(app.text())
        self.assertIsNotNone(m, "the emulation printed no report at exit:\n" + app.text()[-3000:])
        counters = dict((k, int(v)) for k, v in re.findall(r"(\w+) (\d+)", m.group(2)))
        if self.family.counters is not None:
            self.assertEqual(len(counters), self.family.counters, m.group(2))
        self.assertTrue(counters, m.group(0))
        self.assertEqual(int(m.group(1)), sum(counters.values()), m.group(0))
        self.assertEqual(counters, dict((k, 0) for k in counters),
                         "the model counted driver misuse: " + m.group(2))
