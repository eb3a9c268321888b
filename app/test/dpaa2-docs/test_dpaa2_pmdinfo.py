#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK's usertools/dpdk-pmdinfo.py lists net_dpaa2 from our built driver
library and from the testpmd that links it, with the device arguments the
driver announces (FSLMC_PMD_REGISTER_PARAM_STRING, the bus's spelling of
RTE_PMD_REGISTER_PARAM_STRING for C++, in drivers/net/dpaa2), as a user
checks which drivers a binary holds."""

import glob
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
BUILD = os.environ.get("DPAA_BUILD_DIR", os.path.join(ROOT, "build"))
DPDK = os.path.join(BUILD, "subprojects", "dpdk")
PMDINFO = os.path.join(ROOT, "subprojects", "dpdk", "usertools", "dpdk-pmdinfo.py")
LIBRARY = os.path.join(DPDK, "drivers", "librte_net_dpaa2.so")
TESTPMD = os.path.join(DPDK, "app", "dpdk-testpmd")
# pyelftools, which the script needs, is the distribution's.
PYTHON = "/usr/bin/python3"


def announced():
    """The device arguments drivers/net/dpaa2 announces, as pmdinfo joins them."""
    params = []
    for path in sorted(glob.glob(os.path.join(ROOT, "drivers", "net", "dpaa2", "*.cpp"))):
        with open(path) as fh:
            text = fh.read()
        for m in re.finditer(r"(?:RTE|FSLMC)_PMD_REGISTER_PARAM_STRING\s*\(\s*net_dpaa2\s*,((?:\s*\"[^\"]*\")+)\s*\)",
                             text):
            params.append("".join(re.findall(r"\"([^\"]*)\"", m.group(1))))
    return "".join(params) or None


# dpdk-pmdinfo.py finds the libraries a binary links with ldd, which reads
# only the machine's own ELF files: for an arm64 build (devtools/
# test-arm64.sh) an ldd that asks the arm64 dynamic loader, run under
# DPAA_EXEC_WRAPPER (qemu), comes first on PATH.
EM_AARCH64 = 183
ARM64_LOADER = "/lib/ld-linux-aarch64.so.1"


def elf_machine(path):
    with open(path, "rb") as fh:
        head = fh.read(20)
    return int.from_bytes(head[18:20], "little" if head[5] == 1 else "big")


def foreign_ldd_dir(path):
    """A folder holding an ldd for path's machine, or None when it is this machine's."""
    if elf_machine(path) != EM_AARCH64 or platform.machine() == "aarch64":
        return None
    wrapper = os.environ.get("DPAA_EXEC_WRAPPER", "qemu-aarch64-static -cpu cortex-a72")
    folder = tempfile.mkdtemp(prefix="dpaa2-pmdinfo-")
    ldd = os.path.join(folder, "ldd")
    with open(ldd, "w") as fh:
        fh.write("#!/bin/sh\nexec %s %s --list \"$1\"\n" % (wrapper, shlex.quote(ARM64_LOADER)))
    os.chmod(ldd, 0o755)
    return folder


def pmdinfo(path):
    env = dict(os.environ)
    folder = foreign_ldd_dir(path)
    if folder:
        env["PATH"] = folder + os.pathsep + env.get("PATH", "")
    try:
        r = subprocess.run([PYTHON, PMDINFO, path], capture_output=True, text=True, timeout=120,
                           env=env)
    finally:
        if folder:
            os.unlink(os.path.join(folder, "ldd"))
            os.rmdir(folder)
    if r.returncode != 0:
        raise AssertionError("dpdk-pmdinfo.py %s: %s" % (path, r.stderr))
    return dict((d["name"], d) for d in json.loads(r.stdout))


class PmdInfo(unittest.TestCase):
    def test_net_dpaa2_with_its_devargs(self):
        expected = announced()
        for path in (LIBRARY, TESTPMD):
            with self.subTest(path=os.path.basename(path)):
                drivers = pmdinfo(path)
                self.assertIn("net_dpaa2", drivers, sorted(drivers))
                self.assertEqual(drivers["net_dpaa2"].get("params"), expected)
        # The control: a driver that announces device arguments shows them.
        self.assertIn("rx_mode=", pmdinfo(TESTPMD).get("net_dpaa", {}).get("params", ""))


if __name__ == "__main__":
    missing = [p for p in (LIBRARY, TESTPMD, PMDINFO) if not os.path.exists(p)]
    if missing or subprocess.run([PYTHON, "-c", "import elftools"], capture_output=True).returncode:
        print("SKIP: %s" % (", ".join(missing) or "no pyelftools for " + PYTHON))
        sys.exit(77)
    unittest.main(verbosity=2)
