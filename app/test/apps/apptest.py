# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Run DPDK's applications for real on the modelled board.

Each test starts the real binary (dpdk-testpmd, dpdk-l2fwd, dpdk-l3fwd,
dpdk-l3fwd-power) with
DPAA_MODEL describing the board and its wires, talks to it through stdin when
it is interactive, and checks what reached the wires.
"""

import os
import pty
import re
import shlex
import subprocess
import tempfile
import threading
import time
import tty
import unittest

BUILD = os.environ.get("DPAA_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "build"))
DPDK_BUILD = os.path.join(BUILD, "subprojects", "dpdk")
TESTPMD = os.path.join(DPDK_BUILD, "app", "dpdk-testpmd")
L2FWD = os.path.join(DPDK_BUILD, "examples", "dpdk-l2fwd")
L3FWD = os.path.join(DPDK_BUILD, "examples", "dpdk-l3fwd")
L3FWD_POWER = os.path.join(DPDK_BUILD, "examples", "dpdk-l3fwd-power")

# What runs the applications when they are not built for this machine, e.g.
# "qemu-aarch64-static -cpu cortex-a72" for an arm64 build (see
# devtools/test-arm64.sh); empty: they run directly.
EXEC_WRAPPER = shlex.split(os.environ.get("DPAA_EXEC_WRAPPER", ""))

# The trees whose programs run under EXEC_WRAPPER: ours, and upstream's own
# drivers' (app/test/upstream) when the suite names it.
BUILT_HERE = [BUILD] + [os.environ[v] for v in ("DPAA_UPSTREAM_BUILD_DIR",) if os.environ.get(v)]


def wrapped(argv):
    """argv with EXEC_WRAPPER in front of the program built here that it runs,
    after the tools that may start it (unshare, sh -c, nsenter)."""
    if not EXEC_WRAPPER:
        return argv
    builds = tuple(os.path.realpath(b) + os.sep for b in BUILT_HERE)
    for i, a in enumerate(argv):
        if os.sep in a and os.path.realpath(a).startswith(builds):
            return argv[:i] + EXEC_WRAPPER + argv[i:]
    return EXEC_WRAPPER + argv


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


# What other threads may write while testpmd prints its prompt, even into
# the middle of it: on the board path the emulated kernel's messages (its
# dmesg: usdpaa_emu's, fslmc_emu's), upstream's fslmc bus's, logged when a
# forwarding lcore takes its portals, and testpmd's own link state change
# events, printed from the interrupt thread.
ASYNC_LOG = re.compile(r"(?:usdpaa_emu|fslmc_emu|fslmc): [^\n]*\n|\n*Port \d+: link state change event\n+")
PROMPT = "testpmd> "


class App:
    """A running application whose output is collected as it comes."""

    def __init__(self, argv, env_model, interactive=True, extra_env=None):
        env = platform_env(dict(os.environ, **(extra_env or {})), env_model)
        argv = platform_argv(argv)
        stdin = subprocess.PIPE if interactive else subprocess.DEVNULL
        # Line-buffered stdout: testpmd's printf output would otherwise sit in
        # stdio's buffer while its prompt (written unbuffered) goes out first.
        if not EXEC_WRAPPER:
            self.proc = subprocess.Popen(["stdbuf", "-oL"] + argv, env=env, stdin=stdin,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            self._pty = None
        else:
            # stdbuf's preloaded library is built for this machine, not for
            # the emulated binary: a terminal makes stdio line-buffered
            # instead (raw, so that lines keep their plain "\n").
            master, slave = pty.openpty()
            tty.setraw(slave)
            self.proc = subprocess.Popen(wrapped(argv), env=env, stdin=stdin,
                                         stdout=slave, stderr=slave)
            os.close(slave)
            self._pty = master
        self.output = ""
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        while True:
            if self._pty is None:
                chunk = self.proc.stdout.read1(65536)
            else:
                try:
                    chunk = os.read(self._pty, 65536)
                except OSError:  # EIO: the application's side has closed
                    chunk = b""
            if not chunk:
                if self._pty is not None:
                    os.close(self._pty)
                return
            with self._lock:
                self.output += chunk.decode(errors="replace")

    def text(self):
        with self._lock:
            return self.output

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def wait_for(self, pattern, timeout=30, start=0):
        """Wait until pattern appears in the output after offset 'start'."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern, re.M)
        while time.monotonic() < deadline:
            m = regex.search(self.text(), start)
            if m:
                return m
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        m = regex.search(self.text(), start)
        if m:
            return m
        raise AssertionError("no %r in the output:\n%s" % (pattern, self.text()[-4000:]))

    def wait_prompt(self, timeout=30, start=0):
        """Wait until testpmd's prompt ends the output after 'start', what
        other threads print (ASYNC_LOG) aside; return that output."""
        deadline = time.monotonic() + timeout
        while True:
            out = self.text()[start:]
            # A line-buffered printf of another thread ("\nPort 0: link
            # state change event\n") goes out in two writes, the first a
            # lone newline, which can land inside the prompt: newlines are
            # no part of what the prompt ends the output with.
            if ASYNC_LOG.sub("", out).replace("\n", "").endswith(PROMPT):
                return out
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("no prompt in the output:\n%s" % self.text()[-4000:])
            time.sleep(0.05)

    def command(self, line, timeout=20):
        """Send an interactive testpmd command; return what it printed."""
        start = len(self.text())
        self.send(line)
        return self.wait_prompt(timeout, start)

    def finish(self, timeout=30):
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("the application did not exit:\n" + self.text()[-4000:])
        self._reader.join(5)
        return rc

    def quit(self, timeout=15):
        """Type testpmd's quit; return whether it exited with status 0.

        A testpmd that does not exit in time (a port stop or close that hangs)
        is killed and fails the test."""
        self.send("quit")
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("testpmd did not exit within %ds of quit:\n%s"
                                 % (timeout, self.text()[-4000:]))
        self._reader.join(5)
        return self.proc.returncode == 0

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def wait_frames(read, path, count, timeout=30):
    """Wait until the pcap file holds at least 'count' frames."""
    deadline = time.monotonic() + timeout
    frames = read(path)
    while len(frames) < count and time.monotonic() < deadline:
        time.sleep(0.05)
        frames = read(path)
    return frames


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
        app = App(argv, env_model, interactive, extra_env)
        self.apps.append(app)
        return app
