#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Our drivers as plugins of the distribution's DPDK: the commands of
dpaa.rst's "Using the distribution's DPDK", run as printed, then Debian's own
dpdk-testpmd forwarding a generator's frames to a sink through our drivers.

Liberties, none in the commands: the plugin folder is one made for the run
(the guide's /opt/dpaa renamed; see plugin_folder), the plugins are built from this build
folder (DPAA_DISTRO_BUILD_DIR; the guide's default, a generic shared build of
its own, takes minutes to build, and CI has built these libraries already),
and testpmd runs in a mount namespace of its own where /var/run/dpdk is empty
(as test_doc_examples' examples). The distribution's DPAA drivers are put
back when the tests end.
"""

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import unittest

from apptest import BOARD, BUILD, EXEC_WRAPPER, AppTestCase
from test_doc_examples import ROOT, isolated, read_doc, rst_blocks

SECTION = "Using the distribution's DPDK"
GUIDE_DIR = "/opt/dpaa"
SCRIPT = "devtools/distro-plugins.sh"
OURS = ["librte_bus_dpaa.so.23", "librte_mempool_dpaa.so.23", "librte_net_dpaa.so.23"]


def section_blocks():
    return [body for heading, body in rst_blocks(read_doc("doc/guides/nics/dpaa.rst"))
            if heading == SECTION]


def world_writable(path):
    """The first of path and the folders above it that anyone may write to."""
    path = os.path.realpath(path)
    while True:
        if os.stat(path).st_mode & stat.S_IWOTH:
            return path
        if path == "/":
            return None
        path = os.path.dirname(path)


def plugin_folder():
    """A new folder for the plugins, root's and 0755, below folders nobody
    else may write to: EAL refuses a plugin below a world-writable folder,
    so not in the build tree, which may lie below /tmp."""
    for parent in ("/run", "/var/lib"):
        if os.path.isdir(parent) and not world_writable(parent):
            folder = tempfile.mkdtemp(prefix="dpaa-plugins-", dir=os.path.realpath(parent))
            os.chmod(folder, 0o755)
            return folder
    raise unittest.SkipTest("no folder for plugins: /run and /var/lib are world-writable")


def install_plugins(cls):
    """The guide's setup block run as printed into a plugin folder of the
    run's, which it returns; the folder is removed and the distribution's
    DPAA drivers put back when cls's tests end."""
    steps = [b for b in section_blocks() if b.startswith(SCRIPT)]
    assert len(steps) == 1, "dpaa.rst: one setup block"
    plugins = plugin_folder()
    cls.addClassCleanup(shutil.rmtree, plugins, True)
    cls.addClassCleanup(run_script, ["undivert"])
    for line in steps[0].splitlines():
        args = shlex.split(line.replace(GUIDE_DIR, plugins))[1:]
        r = run_script(args)
        assert r.returncode == 0, "%s: %s%s" % (line, r.stdout, r.stderr)
    return plugins


def run_script(args):
    env = dict(os.environ, DPAA_DISTRO_BUILD_DIR=BUILD)
    return subprocess.run([os.path.join(ROOT, SCRIPT)] + args, env=env, capture_output=True,
                          text=True, timeout=1200)


def unavailable():
    """Why the distribution's DPDK cannot be used here, or None."""
    if EXEC_WRAPPER:
        return "the plugins are built for another machine than this one's distribution"
    if BOARD:
        return "the distribution's DPDK runs our drivers on the model platform only"
    if os.geteuid() != 0:
        return "needs root: apt-get install and dpkg-divert"
    r = run_script(["packages"])
    if r.returncode != 0:
        # Only a package archive that cannot be reached skips; the script
        # has run apt-get update already.
        return "apt-get cannot install the distribution's DPDK: " + (r.stderr + r.stdout)[-600:]
    return None


class DistroDpdk(AppTestCase):
    @classmethod
    def setUpClass(cls):
        why = unavailable()
        if why:
            raise unittest.SkipTest(why)
        runs = [b for b in section_blocks() if b.startswith("LD_LIBRARY_PATH=")]
        assert len(runs) == 1, "dpaa.rst: one command"
        cls.plugins = install_plugins(cls)
        cls.command = runs[0].replace("\\\n", " ").replace(GUIDE_DIR, cls.plugins)

    def run_testpmd(self, line):
        words = shlex.split(line)
        env = {}
        while re.match(r"^[A-Z_]+=", words[0]):
            key, value = words.pop(0).split("=", 1)
            env[key] = value
        model = env.pop("DPAA_MODEL")
        self.assertEqual(words[0], "dpdk-testpmd")
        argv = [shutil.which("dpdk-testpmd")] + words[1:]
        self.assertTrue(argv[0].startswith("/usr/"), "Debian's dpdk-testpmd: %s" % argv[0])
        return self.start(isolated(argv), model, extra_env=env), model

    def test_debian_testpmd_forwards_with_our_plugins(self):
        app, model = self.run_testpmd(self.command)
        count = int(re.search(r"count=(\d+)", model).group(1))
        app.wait_for(r"testpmd> $", 120)
        # Ours, from the plugin folder, and none of the distribution's
        # DPAA libraries (testpmd links them, EAL loads its driver folder).
        with open("/proc/%d/maps" % app.proc.pid) as fh:
            maps = {line.split()[-1] for line in fh if "/" in line}
        for lib in OURS:
            self.assertIn(os.path.join(self.plugins, lib + ".0"), maps)
        upstream = re.compile(r"/librte_(bus_dpaa|mempool_dpaa|net_dpaa|crypto_dpaa_sec|"
                              r"event_dpaa|dma_dpaa|crypto_caam_jr)\.so")
        self.assertEqual(
            [m for m in maps if upstream.search(m) and not m.startswith(self.plugins + "/")], [])
        self.assertNotIn("rror", app.command("port start all", 120))
        app.command("start")
        deadline = time.monotonic() + 120
        rx = ""
        while time.monotonic() < deadline:
            rx = app.command("show port stats 0")
            m = re.search(r"RX-packets: +(\d+)", rx)
            if m and int(m.group(1)) >= count:
                break
            time.sleep(0.5)
        self.assertRegex(rx, r"RX-packets: +%d\s" % count)
        self.assertRegex(rx, r"RX-bytes: +%d\s" % (64 * count))
        self.assertRegex(rx, r"RX-missed: +0\s")
        # What testpmd received it sent, or counted as dropped when a Tx
        # burst took fewer frames than offered.
        fwd = app.command("stop")
        port1 = fwd[fwd.index("statistics for port 1"):]
        sent = int(re.search(r"TX-packets: +(\d+)", port1).group(1))
        dropped = int(re.search(r"TX-dropped: +(\d+)", port1).group(1))
        self.assertEqual(sent + dropped, count, fwd)
        tx = app.command("show port stats 1")
        self.assertRegex(tx, r"TX-packets: +%d\s" % sent)
        self.assertRegex(tx, r"TX-bytes: +%d\s" % (64 * sent))
        self.assertRegex(tx, r"TX-errors: +0\s")
        self.assertTrue(app.quit(60), app.text()[-3000:])
        out = app.text()
        self.assertNotIn("FATAL", out)
        # The sink checks each generator frame (checksums, length, flow,
        # sequence): every frame sent arrived intact, in order.
        sink = re.search(r"fm1-mac10 sink: (\d+) frames, (\d+) bytes; generator frames (\d+): "
                         r"(\d+) bad, \d+ lost, (\d+) out of order, (\d+) duplicates", out)
        self.assertIsNotNone(sink, out[-3000:])
        self.assertEqual([int(x) for x in sink.groups()], [sent, 64 * sent, sent, 0, 0, 0],
                         sink.group(0))
        self.assertGreater(sent, count // 2, fwd)

    def test_world_writable_folder_refused(self):
        # A world-writable folder (as /tmp is) of the safe one's: only its
        # mode differs, wherever the tree lies.
        unsafe = os.path.join(self.plugins, "world-writable")
        os.mkdir(unsafe)
        self.addCleanup(shutil.rmtree, unsafe)
        os.chmod(unsafe, 0o777)
        for lib in OURS:
            shutil.copy(os.path.join(self.plugins, lib), unsafe)
        line = self.command.replace(self.plugins + "/", unsafe + "/")
        # The loader still finds the libraries testpmd links in the safe
        # folder: only EAL's -d is refused.
        self.assertIn("LD_LIBRARY_PATH=%s " % self.plugins, line)
        app, _ = self.run_testpmd(line)
        rc = app.finish(60)
        out = app.text()
        self.assertNotEqual(rc, 0, out)
        self.assertIn("EAL: Error, directory path %s is world-writable and insecure" % unsafe, out)
        self.assertIn("EAL: FATAL: Cannot init plugins", out)


if __name__ == "__main__":
    unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:])
