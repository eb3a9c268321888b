# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Upstream DPDK's own C DPAA drivers, unmodified (build-upstream/), run on
the modelled board through the emulated USDPAA kernel interface
(libusdpaa_emu.so, LD_PRELOAD, configured by DPAA_KERNEL_MODEL)."""

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


MISUSE = re.compile(r"usdpaa_emu: model misuse: (\d+) \(([^)]*)\)")


class UpstreamApp(apptest.App):
    """An application with the emulation preloaded."""

    def __init__(self, argv, config, interactive=True, extra_env=None):
        saved = dict(os.environ)
        os.environ["DPAA_KERNEL_MODEL"] = config
        os.environ["LD_PRELOAD"] = EMU
        os.environ.pop("DPAA_MODEL", None)
        os.environ.update(extra_env or {})
        try:
            super().__init__(argv, "", interactive)
        finally:
            os.environ.clear()
            os.environ.update(saved)


class UpstreamTestCase(apptest.AppTestCase):
    def setUp(self):
        super().setUp()
        for path in (TESTPMD, EMU):
            self.assertTrue(os.access(path, os.X_OK) or os.path.exists(path),
                            "%s is missing: run devtools/setup.sh" % path)

    def start_upstream(self, argv, config, interactive=True, extra_env=None):
        app = UpstreamApp(argv, config, interactive, extra_env)
        # App() set DPAA_MODEL to "": our bus driver is not in this build,
        # and the emulation reads its own variable only.
        self.apps.append(app)
        return app

    def assert_no_misuse(self, app):
        m = MISUSE.search(app.text())
        self.assertIsNotNone(m, "the emulation printed no report at exit:\n" + app.text()[-3000:])
        counters = dict((k, int(v)) for k, v in re.findall(r"(\w+) (\d+)", m.group(2)))
        self.assertEqual(len(counters), 11, m.group(2))
        self.assertEqual(counters, dict((k, 0) for k in counters),
                         "the model counted driver misuse: " + m.group(2))
