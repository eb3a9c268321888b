#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK secondary processes on the ports of a dpdk-testpmd primary.

dpdk-proc-info, dpdk-pdump and a secondary of our own (mp-secondary) attach
to testpmd running on the modelled LS1046A-RDB. Multi-process needs
hugepages (--no-huge has no shared memory): the test reserves 2 MiB pages
and, if none is mounted, mounts hugetlbfs in a private folder. Where the
kernel refuses either, the whole test is skipped (exit code 77).
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import frames as f
from apptest import BUILD, DPDK_BUILD, TESTPMD, AppTestCase, model, wait_frames, wrapped
from test_doc_examples import commands, isolated, read_doc, rst_blocks, split_command

PDUMP = os.path.join(DPDK_BUILD, "app", "dpdk-pdump")
PROC_INFO = os.path.join(DPDK_BUILD, "app", "dpdk-proc-info")
MP_SECONDARY = os.path.join(BUILD, "app", "test", "apps", "mp-secondary")

# The guide's example runs testpmd with its default pool (155k mbufs), then
# dpdk-pdump adds a pool of its own (64k mbufs) and its rings.
HUGEPAGES = 512
SKIP = 77

SRC = f.mac("02:00:00:00:11:11")
DST = f.mac("02:00:00:D9:01:09")
MBUFS = 4096


def meminfo(key):
    with open("/proc/meminfo") as m:
        for line in m:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def hugetlbfs_mount():
    """A mounted hugetlbfs of 2 MiB pages, or None."""
    with open("/proc/mounts") as m:
        for line in m:
            dev, path, fstype, opts = line.split()[:4]
            if fstype == "hugetlbfs" and ("pagesize=2M" in opts or "pagesize" not in opts):
                return path
    return None



def pool_count(app):
    """testpmd's pool's buffers in the hardware pool plus those in lcore caches."""
    out = app.command("dump_mempool mb_pool_0")
    common = int(re.search(r"common_pool_count=(\d+)", out).group(1))
    cached = int(re.search(r"total_cache_count=(\d+)", out).group(1))
    return common + cached


def check_secondary_traffic(test, app, run, ops, rx_name, complaints):
    """What mp-secondary's "traffic 300" run `run` and the primary testpmd
    `app` show: the secondary's pool of the platform's ops, 300 frames sent
    from port 0 and received byte-exact on port 1 (named rx_name), no line
    matching `complaints`, and the primary's ports up and counting them."""
    test.assertEqual(run.returncode, 0, run.stdout + run.stderr)
    test.assertIn("secondary: pool ops %s" % ops, run.stdout)
    test.assertIn("secondary: sent 300, received 300, mismatches 0", run.stdout)
    test.assertRegex(run.stdout, r"%s stats: 0, ipackets 300 " % re.escape(rx_name))
    test.assertNotRegex(run.stdout + run.stderr, complaints)
    test.assertRegex(app.command("show port info 1"), r"Link status: up")
    stats = app.command("show port stats all")
    test.assertRegex(stats.split("port 1")[1], r"RX-packets: 300 +RX-missed: 0")
    test.assertRegex(stats.split("port 1")[0], r"TX-packets: 300 ")

def orphan_run(test, app, orphan, end_primary):
    """What mp-secondary's "orphan" run `orphan` prints once the primary
    `app` has read counters with it and then ended by end_primary(app)."""
    orphan.wait_for(r"secondary: ready", 60)
    test.assertIn("secondary: stats: 0", orphan.text())
    end_primary(app)
    orphan.send("go")
    test.assertEqual(orphan.finish(), 0, orphan.text()[-3000:])
    return orphan.text()


class Hugepages:
    """2 MiB pages reserved (added to what is there) and a hugetlbfs folder."""

    def __init__(self):
        self.mounted = None
        self.dir = None
        self.restore = None

    def setup(self):
        if meminfo("Hugepagesize") != 2048:
            return "the default hugepage size is not 2 MiB"
        free = meminfo("HugePages_Free")
        if free < HUGEPAGES:
            total = meminfo("HugePages_Total")
            try:
                with open("/proc/sys/vm/nr_hugepages", "w") as n:
                    n.write(str(total + HUGEPAGES - free))
                self.restore = total
            except OSError as e:
                return "cannot reserve hugepages (/proc/sys/vm/nr_hugepages): %s" % e
            if meminfo("HugePages_Free") < HUGEPAGES:
                return "the kernel gave %d of %d hugepages" % (meminfo("HugePages_Free"), HUGEPAGES)
        self.dir = hugetlbfs_mount()
        if self.dir is None:
            self.mounted = tempfile.mkdtemp(prefix="dpaa-mp-huge-")
            r = subprocess.run(["mount", "-t", "hugetlbfs", "-o", "pagesize=2M", "none", self.mounted],
                               capture_output=True, text=True)
            if r.returncode != 0:
                os.rmdir(self.mounted)
                self.mounted = None
                return "cannot mount hugetlbfs: %s" % r.stderr.strip()
            self.dir = self.mounted
        return None

    def teardown(self):
        if self.mounted:
            subprocess.run(["umount", self.mounted])
            os.rmdir(self.mounted)
        if self.restore is not None:
            # Pages still in use elsewhere stay (as surplus) until freed.
            with open("/proc/sys/vm/nr_hugepages", "w") as n:
                n.write(str(self.restore))


HUGE = Hugepages()


def xstats(text):
    """{port: {name: value}} from testpmd's or proc-info's xstats output."""
    out = {}
    for block in re.split(r"#+ NIC extended statistics for port ", text)[1:]:
        port = int(block.split()[0])
        out[port] = {k: int(v) for k, v in re.findall(r"^(\w+): (\d+)$", block, re.M)}
    return out


def contiguous_run(part, whole):
    """Index of 'part' as a contiguous, byte-exact run in 'whole', or -1."""
    if not part:
        return -1
    hexes = [x.hex() for x in whole]
    want = [x.hex() for x in part]
    for i, h in enumerate(hexes):
        if h == want[0] and hexes[i:i + len(want)] == want:
            return i
    return -1


class MultiProcess(AppTestCase):
    def setUp(self):
        super().setUp()
        self.prefix = "dpaa-mp-%d-%s" % (os.getpid(), self.id().split(".")[-1][-12:])

    def tearDown(self):
        super().tearDown()
        # The primary's runtime files: DPDK leaves them behind.
        subprocess.run(["rm", "-rf", "/var/run/dpdk/" + self.prefix])

    def primary(self, env, args=()):
        eal = ["-l", "0,1", "--file-prefix", self.prefix, "--huge-dir", HUGE.dir, "-m", "128",
               "-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"]
        app = self.start([TESTPMD] + eal + ["--", "-i", "--no-flush-rx", "--total-num-mbufs=%d" % MBUFS] + list(args),
                         env)
        app.wait_for(r"testpmd> $", 60)
        return app

    def secondary_eal(self):
        return ["-l", "0", "--file-prefix", self.prefix]

    def pdump(self, env, port_files):
        args = []
        for port, (rx, tx) in port_files.items():
            args += ["--pdump", "port=%d,queue=*,rx-dev=%s,tx-dev=%s" % (port, rx, tx)]
        app = self.start([PDUMP] + self.secondary_eal() + ["--"] + args, env, interactive=False)
        app.wait_for(r"capture for \(%d\) tuples" % len(port_files), 60)
        return app

    def pool_count(self, app):
        return pool_count(app)

    def test_proc_info_prints_testpmd_counters(self):
        app = self.primary(model(fm1_mac9="cable:fm1-mac10"))
        app.command("set fwd rxonly")
        app.command("start tx_first")  # 32 frames each way over the cable
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            x = xstats(app.command("show port xstats all"))
            if x[0]["rx_good_packets"] >= 32 and x[1]["rx_good_packets"] >= 32:
                break
            time.sleep(0.2)
        app.command("stop")
        testpmd = xstats(app.command("show port xstats all"))
        stats = app.command("show port stats all")

        env = model()
        r = subprocess.run(wrapped([PROC_INFO, "--file-prefix", self.prefix, "--", "--xstats"]), env=dict(os.environ, DPAA_MODEL=env),
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        info = xstats(r.stdout)
        self.assertEqual(sorted(info), [0, 1], r.stdout)
        for port in (0, 1):
            self.assertEqual(testpmd[port]["rx_good_packets"], 32, testpmd[port])
            self.assertEqual(testpmd[port]["tx_good_packets"], 32, testpmd[port])
            self.assertEqual(testpmd[port]["rx_mac_good_packets"], 32, testpmd[port])
            self.assertEqual(info[port], testpmd[port], "port %d: proc-info vs testpmd" % port)

        r = subprocess.run(wrapped([PROC_INFO, "--file-prefix", self.prefix, "--", "--stats"]), env=dict(os.environ, DPAA_MODEL=env),
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        for port in (0, 1):
            block = r.stdout.split("NIC statistics for port %d " % port)[1]
            self.assertRegex(block, r"RX-packets: +32 +RX-errors: +0 +RX-bytes: +\d+")
            self.assertRegex(block, r"TX-packets: +32 +TX-errors: +0")
        self.assertEqual(len(re.findall(r"RX-packets: 32 +RX-missed: 0", stats)), 2, stats)
        self.assertTrue(app.quit(), app.text()[-3000:])

    def paced_traffic(self, n=1000, rate=250):
        sent = [f.udp4_frame(DST, SRC, i % 16, size=64 + i % 200) for i in range(n)]
        f.write_pcap(self.path("in.pcap"), sent)
        return sent, model(fm1_mac9="pcap:rx=%s:rate=%d" % (self.path("in.pcap"), rate),
                           fm1_mac10="pcap:tx=%s" % self.path("out.pcap"))

    def test_pdump_captures_forwarded_frames_byte_exact(self):
        # 8 s of traffic: dpdk-pdump joins after testpmd has started
        # forwarding, and takes over 3 s to start under emulation (qemu).
        sent, env = self.paced_traffic(n=2000)
        app = self.primary(env)
        # testpmd refuses to start forwarding once dpdk-pdump's capture
        # ports exist, so it forwards first and the capture joins it.
        app.command("start")
        files = {0: (self.path("p0rx.pcap"), self.path("p0tx.pcap")),
                 1: (self.path("p1rx.pcap"), self.path("p1tx.pcap"))}
        dump = self.pdump(model(), files)
        # Every frame copied to the capture slows forwarding down: a
        # generous bound, which a passing run does not wait for.
        wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), 120)
        dump.proc.send_signal(signal.SIGINT)
        self.assertEqual(dump.finish(), 0, dump.text()[-3000:])
        stats = app.command("stop")
        self.assertTrue(app.quit(), app.text()[-3000:])

        out = f.read_pcap(self.path("out.pcap"))
        self.assertEqual(len(out), len(sent), stats)
        self.assertEqual([x.hex() for x in out], [x.hex() for x in sent], "testpmd forwards byte-exact")
        p0rx, p1tx = f.read_pcap(files[0][0]), f.read_pcap(files[1][1])
        self.assertEqual(f.read_pcap(files[0][1]), [], "port 0 sent nothing")
        self.assertEqual(f.read_pcap(files[1][0]), [], "port 1 received nothing")
        # What the capture saw is an unbroken, byte-exact run of what the
        # far wire saw: every frame forwarded while dpdk-pdump ran.
        self.assertGreater(len(p0rx), 100, "the capture ran for a while")
        self.assertGreaterEqual(contiguous_run(p0rx, out), 0, "port 0 Rx capture")
        self.assertGreaterEqual(contiguous_run(p1tx, out), 0, "port 1 Tx capture")
        self.assertGreater(len(p1tx), 100)

    def test_secondary_polls_and_transmits_on_the_primarys_queues(self):
        app = self.primary(model(fm1_mac9="cable:fm1-mac10"))
        app.command("clear port stats all")
        r = subprocess.run(wrapped([MP_SECONDARY] + self.secondary_eal() + ["--proc-type=secondary", "--",
                           "traffic", "300"]), env=dict(os.environ, DPAA_MODEL=model()),
                           capture_output=True, text=True, timeout=120)
        # Its exit leaves the primary's ports alone, and says nothing of them.
        check_secondary_traffic(self, app, r, "dpaa", "fm1-mac10", r"cannot stop|remove by .* failed")
        # The frames came from testpmd's pool and went back to it from the
        # secondary's portal.
        app.command("port stop all")
        self.assertEqual(self.pool_count(app), MBUFS)
        self.assertTrue(app.quit(), app.text()[-3000:])

    def test_a_dead_secondarys_portals_are_taken_over(self):
        app = self.primary(model(fm1_mac9="cable:fm1-mac10"))
        holder = self.start([MP_SECONDARY] + self.secondary_eal() + ["--proc-type=secondary", "--", "hold"],
                            model())
        holder.wait_for(r"secondary: holding", 60)
        dead = holder.proc.pid
        holder.kill()  # SIGKILL with a portal pair claimed
        r = subprocess.run(wrapped([MP_SECONDARY] + self.secondary_eal() + ["--proc-type=secondary", "--",
                           "traffic", "50"]), env=dict(os.environ, DPAA_MODEL=model()),
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertRegex(r.stdout + r.stderr, r"dpaa_bus: portal \d+: its owner, process %d, has exited: "
                                              r"taken over" % dead)
        self.assertIn("secondary: sent 50, received 50, mismatches 0", r.stdout)
        self.assertTrue(app.quit(), app.text()[-3000:])

    def test_primary_exits_first(self):
        app = self.primary(model(fm1_mac9="cable:fm1-mac10"))
        orphan = self.start([MP_SECONDARY] + self.secondary_eal() + ["--proc-type=secondary", "--", "orphan"],
                            model())
        out = orphan_run(self, app, orphan, lambda a: self.assertTrue(a.quit(), a.text()[-3000:]))
        self.assertIn("secondary: stats after the primary exited: -19 (No such device)", out)
        self.assertRegex(out, r"dpaa_bus: the primary process \(pid \d+\) has exited: the modelled "
                              r"ls1046a-rdb it ran is gone")

    def test_pdump_sees_the_primary_exit(self):
        sent, env = self.paced_traffic()
        app = self.primary(env)
        app.command("start")
        dump = self.pdump(model(), {0: (self.path("p0rx.pcap"), self.path("p0tx.pcap"))})
        wait_frames(f.read_pcap, self.path("p0rx.pcap"), 50)
        app.command("stop")
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assertEqual(dump.finish(), 0, dump.text()[-3000:])
        self.assertIn("Primary process is no longer active, exiting", dump.text())
        self.assertGreaterEqual(contiguous_run(f.read_pcap(self.path("p0rx.pcap")), sent), 0)

    def test_killed_secondary_leaves_the_primary_whole(self):
        sent, env = self.paced_traffic()
        app = self.primary(env)
        app.command("start")
        dump = self.pdump(model(), {0: (self.path("p0rx.pcap"), self.path("p0tx.pcap")),
                                    1: (self.path("p1rx.pcap"), self.path("p1tx.pcap"))})
        time.sleep(1)
        dump.kill()  # SIGKILL: no clean-up of its own
        # testpmd forwards on, its Rx callbacks still copying into the dead
        # capture's pool and rings.
        out = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        self.assertEqual([x.hex() for x in out], [x.hex() for x in sent])
        stop = app.command("stop")
        self.assertRegex(stop, r"RX-packets: %d +RX-dropped: 0" % len(sent))
        app.command("port stop all")
        self.assertEqual(self.pool_count(app), MBUFS, "every buffer of testpmd's pool is back")
        self.assertTrue(app.quit(), app.text()[-3000:])


class GuideExample(AppTestCase):
    """The commands of the guide's "Secondary processes", as printed.

    The primary runs in a mount namespace of its own with an empty
    /var/run/dpdk (test_doc_examples' isolated()), so that it meets no other
    DPDK process of the default file prefix; the secondaries join that
    namespace (nsenter), as a user's second shell shares the first's."""

    SECTION = "Secondary processes"

    def blocks(self):
        return [b for h, b in rst_blocks(read_doc("doc/guides/nics/dpaa.rst")) if h == self.SECTION]

    def joined(self, pid, line):
        argv = split_command(line.replace("\\\n", " "))[1]
        tool = {"dpdk-pdump": PDUMP, "dpdk-proc-info": PROC_INFO}[os.path.basename(argv[0])]
        # -w: the second shell is in the same folder (setns alone would leave it
        # in the namespace's root).
        return ["nsenter", "-t", str(pid), "-m", "-w", "--", tool] + argv[1:]

    def test_capture_and_counters_as_printed(self):
        if os.geteuid() != 0:
            self.skipTest("the example's processes share a private /var/run/dpdk: needs root")
        found = [c for h, c in commands(rst_blocks(read_doc("doc/guides/nics/dpaa.rst")))
                 if h == self.SECTION]
        self.assertEqual(len(found), 1, "dpaa.rst: one testpmd command under %r" % self.SECTION)
        pdump_line = [b for b in self.blocks() if b.startswith("dpdk-pdump")]
        info_lines = [l for b in self.blocks() if b.startswith("dpdk-proc-info") for l in b.splitlines()]
        self.assertEqual(len(pdump_line), 1)
        self.assertEqual(len(info_lines), 2)

        env, argv = split_command(found[0])
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.dir.name)
        app = self.start(isolated(argv), env.pop("DPAA_MODEL"))
        app.wait_for(r"testpmd> $", 180)
        app.command("start")
        pid = app.proc.pid  # unshare and sh exec testpmd: the same process
        dump = self.start(self.joined(pid, pdump_line[0]), model(), interactive=False)
        dump.wait_for(r"capture for \(2\) tuples", 120)
        time.sleep(3)  # the capture files are written out when it stops
        dump.proc.send_signal(signal.SIGINT)
        self.assertEqual(dump.finish(60), 0, dump.text()[-3000:])

        for line in info_lines:
            r = subprocess.run(wrapped(self.joined(pid, line)), capture_output=True, text=True, timeout=120,
                               env=dict(os.environ, DPAA_MODEL=model()))
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertRegex(r.stdout, r"NIC (extended )?statistics for port 1")
        app.command("stop")
        self.assertTrue(app.quit(60), app.text()[-3000:])

        out = f.read_pcap(self.path("out.pcap"))
        rx0, tx1 = f.read_pcap(self.path("rx0.pcap")), f.read_pcap(self.path("tx1.pcap"))
        self.assertGreater(len(tx1), 100, "%d frames forwarded; dpdk-pdump: %s" % (len(out), dump.text()[-2000:]))
        self.assertGreaterEqual(contiguous_run(tx1, out), 0, "tx1.pcap: a run of out.pcap")
        self.assertGreaterEqual(contiguous_run(rx0, out), 0, "rx0.pcap: a run of out.pcap")


def main_with_hugepages():
    """unittest.main() with the hugepages a primary and its secondaries
    share reserved (and mounted) for the run, given back after it; exits
    SKIP when the kernel refuses them."""
    reason = HUGE.setup()
    if reason:
        print("SKIP: multi-process needs hugepages: %s" % reason)
        sys.exit(SKIP)
    try:
        result = unittest.main(verbosity=2, argv=[sys.argv[0]] + sys.argv[1:], exit=False).result
    finally:
        HUGE.teardown()
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main_with_hugepages()
