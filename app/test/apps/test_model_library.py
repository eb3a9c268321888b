#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The modelled SoC is a library the bus loads only when DPAA_MODEL is set
(librte_dpaa_model_platform.so): dpdk-testpmd finds it by itself, says where
it looked when it is missing, and never loads it without DPAA_MODEL."""

import os
import subprocess
import sys
import tempfile
import unittest

from apptest import DPDK_BUILD, EAL_ARGS, EXEC_WRAPPER, TESTPMD, model

LIBRARY = os.path.join(DPDK_BUILD, "drivers", "bus", "dpaa", "librte_dpaa_model_platform.so")
CANNOT_LOAD = "DPAA_MODEL is set but the modelled SoC's library cannot be loaded"


def testpmd(env_changes, eal_args=EAL_ARGS):
    env = dict(os.environ)
    for k in ("DPAA_MODEL", "DPAA_MODEL_LIBRARY", "DPAA_KERNEL_MODEL", "LD_PRELOAD"):
        env.pop(k, None)
    env.update(env_changes)
    r = subprocess.run(EXEC_WRAPPER + [TESTPMD] + eal_args + ["--log-level=bus.dpaa:debug", "--",
                       "-i", "--total-num-mbufs=2048"], env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


class ModelLibrary(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="dpaa-model-lib-")
        self.addCleanup(self.dir.cleanup)

    def refused(self, library, reason):
        rc, out = testpmd({"DPAA_MODEL": model(fm1_mac10="sink"), "DPAA_MODEL_LIBRARY": library})
        self.assertNotEqual(rc, 0, out)
        self.assertIn(CANNOT_LOAD + " (set DPAA_MODEL_LIBRARY to its path); tried:", out)
        self.assertIn("  %s: %s" % (library, reason), out)
        self.assertIn('failed to parse device "dpaa_bus:fm1-mac9"', out)
        self.assertIn("Cannot init EAL", out)
        self.assertNotIn("Configuring Port", out)

    def test_found_in_the_build_without_being_told(self):
        rc, out = testpmd({"DPAA_MODEL": model(fm1_mac10="sink")})
        self.assertEqual(rc, 0, out)
        self.assertIn("dpaa_bus: the modelled SoC: " + os.path.realpath(LIBRARY), out)
        self.assertIn("dpaa_bus: fm1-mac9: 10G mEMAC, 10000 Mb/s (model ls1046a-rdb)", out)
        self.assertIn("Port 0:", out)
        self.assertNotIn(CANNOT_LOAD, out)

    def test_named_by_dpaa_model_library(self):
        rc, out = testpmd({"DPAA_MODEL": model(fm1_mac10="sink"), "DPAA_MODEL_LIBRARY": LIBRARY})
        self.assertEqual(rc, 0, out)
        self.assertIn("dpaa_bus: the modelled SoC: " + LIBRARY, out)
        self.assertIn("Port 1:", out)

    def test_missing_library_stops_eal(self):
        f = os.path.join(self.dir.name, "librte_dpaa_model_platform.so")
        self.refused(f, "cannot open shared object file: No such file or directory")

    def test_not_a_library_stops_eal(self):
        f = os.path.join(self.dir.name, "not-a-library.so")
        with open(f, "w") as fh:
            fh.write("this is not an ELF object\n" * 100)
        self.refused(f, "invalid ELF header")

    def test_no_model_no_library(self):
        # A board user's run: no DPAA_MODEL. A library named but missing
        # would stop EAL if the bus looked for it.
        missing = os.path.join(self.dir.name, "missing.so")
        args = [a for a in EAL_ARGS if not a.startswith("dpaa_bus:") and a != "-a"]
        rc, out = testpmd({"DPAA_MODEL_LIBRARY": missing}, args)
        self.assertEqual(rc, 0, out)
        self.assertIn("dpaa_bus: no DPAA hardware and no modelled board: no device", out)
        self.assertNotIn(CANNOT_LOAD, out)
        self.assertNotIn("the modelled SoC:", out)


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
