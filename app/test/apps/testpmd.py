# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""dpdk-testpmd (and DPDK's other applications) as every test that runs
them drives it: started under DPAA_EXEC_WRAPPER when built for another
machine, its output collected as it comes, its prompt waited for, commands
sent, "show port stats" parsed, and quit with its exit status checked.

The suites apps, board, upstream, upstream-dpaa2, dpaa2-ethdev and
dpaa2-docs and devtools/compare_upstream.py import this module; each says
only which driver, kernel emulation and model the application runs on (the
environment it passes to App)."""

import os
import pty
import re
import shlex
import subprocess
import threading
import time
import tty

import frames as f

BUILD = os.environ.get("DPAA_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "build"))

# What runs the applications when they are not built for this machine, e.g.
# "qemu-aarch64-static -cpu cortex-a72" for an arm64 build (see
# devtools/test-arm64.sh); empty: they run directly.
EXEC_WRAPPER = shlex.split(os.environ.get("DPAA_EXEC_WRAPPER", ""))

# The trees whose programs run under EXEC_WRAPPER: ours, and upstream's own
# drivers' (app/test/upstream, devtools/compare_upstream.py) when the suite
# names it.
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


# This machine's own build of the tree (the one devtools/test.sh makes): under
# EXEC_WRAPPER its emulation libraries serve the host programs that an
# emulated one starts.
HOST_BUILD = os.environ.get("DPAA_HOST_BUILD_DIR",
                            os.path.join(os.path.dirname(__file__), "..", "..", "..", "build"))


def host_preload(env):
    """env with its LD_PRELOAD of an emulation library of BUILD also valid in
    host programs. Under EXEC_WRAPPER (qemu-user) a program the emulated one
    starts inherits its environment but runs natively: upstream's DPIO setup
    writes an irq's affinity from a shell, whose loader cannot preload an
    arm64 library ("ERROR: ld.so: ... cannot be preloaded"), so the write
    misses the emulation's /proc/irq. Named by its file name alone, the
    library is looked up in LD_LIBRARY_PATH, where each loader skips the
    other architecture's build and takes its own."""
    lib = env.get("LD_PRELOAD", "")
    if not EXEC_WRAPPER or os.sep not in lib or ":" in lib or " " in lib:
        return env
    emulated = os.path.realpath(lib)
    rel = os.path.relpath(emulated, os.path.realpath(BUILD))
    host = os.path.join(HOST_BUILD, rel)
    if rel.startswith("..") or not os.path.exists(host):
        return env
    paths = [os.path.dirname(emulated), os.path.dirname(os.path.realpath(host))]
    if env.get("LD_LIBRARY_PATH"):
        paths.append(env["LD_LIBRARY_PATH"])
    env["LD_PRELOAD"] = os.path.basename(emulated)
    env["LD_LIBRARY_PATH"] = ":".join(paths)
    return env


# What other threads may write while testpmd prints its prompt, even into
# the middle of it: on the board path the emulated kernel's messages (its
# dmesg: usdpaa_emu's, fslmc_emu's), upstream's fslmc bus's, logged when a
# forwarding lcore takes its portals, and testpmd's own link state change
# events, printed from the interrupt thread.
ASYNC_LOG = re.compile(r"(?:usdpaa_emu|fslmc_emu|fslmc): [^\n]*\n|\n*Port \d+: link state change event\n+")
PROMPT = "testpmd> "


class App:
    """A running application whose output is collected as it comes."""

    def __init__(self, argv, env=None, interactive=True, cwd=None):
        """Start argv (under EXEC_WRAPPER when built here) with the
        environment env (os.environ's when None)."""
        stdin = subprocess.PIPE if interactive else subprocess.DEVNULL
        env = host_preload(dict(os.environ if env is None else env))
        # Line-buffered stdout: testpmd's printf output would otherwise sit in
        # stdio's buffer while its prompt (written unbuffered) goes out first.
        if not EXEC_WRAPPER:
            self.proc = subprocess.Popen(["stdbuf", "-oL"] + argv, env=env, stdin=stdin,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=cwd)
            self._pty = None
        else:
            # stdbuf's preloaded library is built for this machine, not for
            # the emulated binary: a terminal makes stdio line-buffered
            # instead (raw, so that lines keep their plain "\n").
            master, slave = pty.openpty()
            tty.setraw(slave)
            self.proc = subprocess.Popen(wrapped(argv), env=env, stdin=stdin,
                                         stdout=slave, stderr=slave, cwd=cwd)
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

    def port_stats(self, port="all", timeout=60):
        """testpmd's "show port stats <port>", parsed: see port_stats()."""
        return port_stats(self.command("show port stats %s" % port, timeout))

    def stats_until(self, done, port="all", timeout=30, interval=0.1):
        """Repeat port_stats(port) every 'interval' seconds until
        done(stats) holds; the last stats. A long interval leaves the CPU
        to a modelled SoC's thread that shares it with the main lcore."""
        deadline = time.monotonic() + timeout
        stats = self.port_stats(port)
        while not done(stats) and time.monotonic() < deadline:
            time.sleep(interval)
            stats = self.port_stats(port)
        return stats

    def forward_until_sent(self, count, port=1):
        """Start the ports (stopped: --disable-device-start) and forwarding,
        wait until 'port' has sent 'count' frames, and stop forwarding;
        what the stop printed (the forward statistics)."""
        out = self.command("port start all", 120)
        if "rror" in out:
            raise AssertionError("port start all:\n" + out)
        self.command("start")
        self.stats_until(lambda s: s.get(port, {}).get("TX-packets", 0) >= count, port=port,
                         timeout=300, interval=1)
        return self.command("stop", 60)

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


# The report a modelled sink wire prints at exit: the frames it took, then of
# those that a generator made: how many, bad, lost, out of order, duplicated.
_SINK_REPORT = (r"%s sink: (\d+) frames, \d+ bytes; generator frames (\d+): "
                r"(\d+) bad, (\d+) lost, (\d+) out of order, (\d+) duplicates")


def sink_report(text, wire):
    """The line of the sink wire 'wire' in 'text' and its six counts, as
    integers: ("", None) when there is none."""
    m = re.search(_SINK_REPORT % re.escape(wire), text)
    return (m.group(0), [int(x) for x in m.groups()]) if m else ("", None)


# One port's block of "show port stats": "NIC statistics for port N", then
# lines of "Name: value" pairs, up to the closing row of '#'.
_STATS_BLOCK = re.compile(r"NIC statistics for port (\d+)\s+#+\n(.*?)\n\s*#{20,}", re.S)
_COUNTER = re.compile(r"([A-Za-z][\w-]*): +(\d+)")


def port_stats(text):
    """{port: {counter: value}} from testpmd's "show port stats" output
    (RX-packets, RX-missed, RX-bytes, RX-errors, RX-nombuf, TX-packets,
    TX-errors, TX-bytes, Rx-pps, ...); the last block of each port counts."""
    stats = {}
    for port, block in _STATS_BLOCK.findall(text):
        stats[int(port)] = dict((name, int(value)) for name, value in _COUNTER.findall(block))
    return stats


def vlan_mix(dst, src, count=48, flow_base=0):
    """Untagged, 802.1Q and QinQ frames over IPv4/UDP and IPv6/TCP, 8 flows:
    the traffic every forwarding test and the upstream comparison send."""
    out = []
    for i in range(count):
        flow = flow_base + i % 8
        kind = i % 4
        if kind == 0:
            out.append(f.udp4_frame(dst, src, flow, size=64 + i))
        elif kind == 1:
            out.append(f.udp4_frame(dst, src, flow, size=128, vlan=100 + i % 8))
        elif kind == 2:
            out.append(f.udp4_frame(dst, src, flow, size=256, qinq=(10, 20 + i % 8)))
        else:
            out.append(f.tcp6_frame(dst, src, flow, vlan=7))
    return out
