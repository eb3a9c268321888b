# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Run DPDK's applications for real on the modelled board.

Each test starts the real binary (dpdk-testpmd, dpdk-l2fwd, dpdk-l3fwd,
dpdk-l3fwd-power) with
DPAA_MODEL describing the board and its wires, talks to it through stdin when
it is interactive, and checks what reached the wires.
"""

import os
import re
import tempfile
import unittest

# The process, its prompt and its output: one helper for every suite.
from testpmd import App, BUILD, EXEC_WRAPPER, wait_frames, wrapped  # noqa: F401

DPDK_BUILD = os.path.join(BUILD, "subprojects", "dpdk")
TESTPMD = os.path.join(DPDK_BUILD, "app", "dpdk-testpmd")
L2FWD = os.path.join(DPDK_BUILD, "examples", "dpdk-l2fwd")
L3FWD = os.path.join(DPDK_BUILD, "examples", "dpdk-l3fwd")
L3FWD_POWER = os.path.join(DPDK_BUILD, "examples", "dpdk-l3fwd-power")

# Two lcores: the main one and one forwarding core; the model's thread shares
# the main lcore's CPU, which testpmd leaves idle while forwarding.
EAL_ARGS = ["--no-huge", "-m", "256", "--no-pci", "--no-shconf", "-l", "0,1",
            "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"]

# testpmd's default pool (155456 mbufs) takes long to fill the BMan pool: a
# small pool is plenty for these tests. A pcap wire plays once testpmd's
# forwarding lcores poll the ports (dpaa_model_wires.rst), after the start-up
# flush, which --no-flush-rx merely skips; test_doc_examples runs without it.
TESTPMD_ARGS = ["--total-num-mbufs=4096", "--no-flush-rx"]


# DPAA_TEST_PLATFORM=board: the same tests on the board platform, through the
# emulated USDPAA kernel interface (libusdpaa_emu.so preloaded, the model
# described by DPAA_KERNEL_MODEL). The emulation's model takes the process's
# virtual addresses as bus addresses, so EAL runs IOVA as VA (see the guide).
BOARD = os.environ.get("DPAA_TEST_PLATFORM", "model") == "board"
EMU = os.path.join(BUILD, "lib", "usdpaa_emu", "libusdpaa_emu.so")


def platform_env(env, env_model):
    """env with the model described for the platform the suite runs on."""
    if BOARD and env_model != "":
        env.pop("DPAA_MODEL", None)
        env["DPAA_KERNEL_MODEL"] = env_model
        env["LD_PRELOAD"] = EMU
    else:
        env["DPAA_MODEL"] = env_model
    return env


def platform_argv(argv):
    """argv (a DPDK application's) with what the platform needs of EAL."""
    if not BOARD or "--iova-mode=va" in argv:
        return argv
    # After the DPDK binary, which a wrapper (unshare, ...) may precede.
    for i, a in enumerate(argv):
        if os.path.basename(a).startswith("dpdk-"):
            return argv[:i + 1] + ["--iova-mode=va"] + argv[i + 1:]
    return argv


def model(**wires):
    """DPAA_MODEL for the LS1046A-RDB: model(fm1_mac9="pcap:rx=a.pcap")."""
    # The model thread is not pinned: pinned on the main lcore's CPU it starves
    # while the BMan busy-waits do not yield (being fixed on the bus side).
    items = ["board=ls1046a-rdb", "mode=threaded"]
    items += ["%s=%s" % (port.replace("_", "-"), wire) for port, wire in wires.items()]
    return ";".join(items)


# What says the drivers misused the modelled hardware (reserved bits, bad
# releases, bad commands): our bus at cleanup on the model platform, the
# emulated kernel at exit on the board platform (all of its counters).
MISUSE_MODEL = re.compile(r"dpaa_bus: the drivers misused the modelled hardware: (.*)")
MISUSE_KERNEL = re.compile(r"usdpaa_emu: model misuse: (\d+) \(([^)]*)\)")


def misuse(text):
    """What the output says the drivers misused, or None."""
    m = MISUSE_MODEL.search(text)
    if m:
        return m.group(1)
    m = MISUSE_KERNEL.search(text) if BOARD else None
    if m and int(m.group(1)) != 0:
        return m.group(2)
    return None


class AppTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="dpaa-apps-")
        self.apps = []

    def tearDown(self):
        misused = []
        for app in self.apps:
            exited = app.proc.poll() is not None
            app.kill()
            # Only an application that went through its own cleanup
            # printed the counters.
            if exited:
                app._reader.join(5)
                found = misuse(app.text())
                if found:
                    misused.append("%s: %s" % (app.proc.args[-1], found))
        self.dir.cleanup()
        self.assertEqual(misused, [], "the drivers misused the modelled hardware")

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def start(self, argv, env_model, interactive=True, extra_env=None):
        """Our application on the platform the suite runs on, the model
        described by env_model, with extra_env beside it."""
        env = dict(os.environ, **(extra_env or {}))
        return self.start_app(platform_argv(argv), platform_env(env, env_model), interactive)

    def start_app(self, argv, env, interactive=True):
        """argv with the environment env, stopped and checked for misuse at
        the end of the test."""
        app = App(argv, env, interactive)
        self.apps.append(app)
        return app
