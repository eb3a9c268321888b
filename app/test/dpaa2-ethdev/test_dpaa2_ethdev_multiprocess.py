#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""DPDK secondary processes on our net_dpaa2 ports: dpdk-proc-info and
dpdk-pdump attach to dpdk-testpmd forwarding on the modelled LX2160A-RDB
through the emulated VFIO fsl-mc kernel, as on a board: the secondary gets
the primary's VFIO group over EAL's channel, an MC portal of its own (the
container's second DPMCP) and software portals the primary does not use.
proc-info's basic and extended counters are testpmd's; dpdk-pdump's
capture is byte-exact; a secondary of our own (suite apps' mp-secondary)
sends and receives on the primary's queues from a dpaa2 pool of its own; a
secondary's exit says nothing of the primary's ports and leaves them
forwarding.

Multi-process needs hugepages (--no-huge has no shared memory): as suite
apps' test_multiprocess, the test reserves 2 MiB pages and, if none is
mounted, mounts hugetlbfs in a private folder; where the kernel refuses
either, the whole test is skipped (exit code 77)."""

import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from dpaa2_ethdev import (APPS, DPNI0, DPNI1, LS2_PORT0, LS2_PORT1, PORT0, PORT1, TESTPMD,  # noqa: E402
                          Dpaa2EthdevTestCase, dpaa2_env, f, kernel_model, missing, wires)
from testpmd import wait_frames, wrapped  # noqa: E402
from test_multiprocess import (HUGE, SKIP, check_secondary_traffic, contiguous_run, main_with_hugepages,  # noqa: E402
                               orphan_run, pool_count, xstats)
import upstream  # noqa: E402

MP_SECONDARY = os.path.join(upstream.BUILD, "app", "test", "apps", "mp-secondary")
PDUMP = os.path.join(APPS, "app", "dpdk-pdump")
PROC_INFO = os.path.join(APPS, "app", "dpdk-proc-info")
MBUFS = 4096
DST = f.mac("02:00:00:00:77:01")
SRC = f.mac("02:00:00:00:11:11")
# What a secondary must not say: the DPAA1 defect of issue 29 (its exit
# stopping the primary's ports), or any error.
COMPLAINTS = r"cannot stop|remove by .* failed|Operation not supported|ERR|[Ee]rror:|[Ff]ail"


def config(board="lx2160a-rdb", **ports):
    """DPAA2_KERNEL_MODEL with a second DPMCP in the container: the
    secondary's MC portal."""
    return kernel_model(board, **wires(**ports)) + ";dpmcp=2"


class MultiProcess(Dpaa2EthdevTestCase):
    """On the LX2160A-RDB: memory-backed software portals."""
    BOARD, PORT0, PORT1 = "lx2160a-rdb", PORT0, PORT1

    def board_config(self, port_wires):
        """config() on this board: {0 or 1: that port's wire}."""
        return config(self.BOARD, **{(self.PORT0, self.PORT1)[k]: v for k, v in port_wires.items()})

    def setUp(self):
        super().setUp()
        self.prefix = "dpaa2-mp-%d-%s" % (os.getpid(), self.id().split(".")[-1][-12:])
        self.config = None

    def tearDown(self):
        super().tearDown()
        subprocess.run(["rm", "-rf", "/var/run/dpdk/" + self.prefix])

    def primary(self, cfg):
        self.config = cfg
        eal = ["-l", "0,1", "--file-prefix", self.prefix, "--huge-dir", HUGE.dir, "-m", "128", "--no-pci",
               "--iova-mode=va", "-a", "fslmc:" + DPNI0, "-a", "fslmc:" + DPNI1]
        app = self.start_ours([TESTPMD] + eal + ["--", "-i", "--no-flush-rx", "--total-num-mbufs=%d" % MBUFS], cfg)
        app.wait_prompt(120)
        return app

    def proc_info(self, *args):
        r = subprocess.run(wrapped([PROC_INFO, "--file-prefix", self.prefix, "--"] + list(args)),
                           env=dpaa2_env(self.config), capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertNotRegex(r.stdout + r.stderr, COMPLAINTS)
        return r.stdout

    def pool_count(self, app):
        return pool_count(app)

    def rx_packets(self, app, port):
        return int(re.findall(r"RX-packets: +(\d+)", app.command("show port stats %d" % port))[0])

    def secondary(self, *args):
        """mp-secondary started on the primary's ports."""
        return self.start_ours([MP_SECONDARY, "-l", "0", "--file-prefix", self.prefix, "--proc-type=secondary",
                                "--"] + list(args), self.config)

    def run_secondary_with(self, eal, *args):
        """mp-secondary, with EAL arguments `eal` of its own, run to its end."""
        return subprocess.run(wrapped([MP_SECONDARY, "-l", "0", "--file-prefix", self.prefix,
                                       "--proc-type=secondary"] + eal + ["--"] + list(args)),
                              env=dpaa2_env(self.config), capture_output=True, text=True, timeout=600)

    def run_secondary(self, *args):
        """mp-secondary run to its end (it gives up after 20 s without a
        frame sent or received; on the LS2088A-RDB each of its portal
        accesses is served by the primary's model, minutes on a loaded
        machine)."""
        return subprocess.run(wrapped([MP_SECONDARY, "-l", "0", "--file-prefix", self.prefix,
                                       "--proc-type=secondary", "--"] + list(args)),
                              env=dpaa2_env(self.config), capture_output=True, text=True, timeout=600)

    def assert_forwards_on(self, app):
        """testpmd forwards port 0 to port 1, whose wire is a cable back to
        port 0: 32 frames go round for ever."""
        app.command("start tx_first")
        before = self.rx_packets(app, 0)
        for _ in range(600):
            if self.rx_packets(app, 0) > before + 1000:
                break
        self.assertGreater(self.rx_packets(app, 0), before + 1000, "testpmd forwards on")
        app.command("stop")

    def test_proc_info_reads_testpmd_counters_while_it_forwards(self):
        sent = [f.udp4_frame(DST, SRC, i % 16, size=64 + i % 200) for i in range(100)]
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.primary(self.board_config({0: "pcap:rx=%s" % self.path("in.pcap"),
                                                1: "pcap:tx=%s" % self.path("out.pcap")}))
        app.command("start")
        out = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent))
        self.assertEqual([x.hex() for x in out], [x.hex() for x in sent])
        # Forwarding goes on while the secondaries read.
        testpmd = xstats(app.command("show port xstats all"))
        info = xstats(self.proc_info("--xstats"))
        self.assertEqual(sorted(info), [0, 1])
        self.assertEqual(testpmd[0]["rx_good_packets"], 100, testpmd[0])
        self.assertEqual(testpmd[1]["tx_good_packets"], 100, testpmd[1])
        for port in (0, 1):
            self.assertEqual(info[port], testpmd[port], "port %d: proc-info vs testpmd" % port)
        stats = self.proc_info("--stats")
        port0, port1 = stats.split("NIC statistics for port 0 ")[1].split("NIC statistics for port 1 ")
        rx_bytes = sum(len(x) for x in sent)
        self.assertRegex(port0, r"RX-packets: +100 +RX-errors: +0 +RX-bytes: +%d\b" % rx_bytes)
        self.assertRegex(port1, r"TX-packets: +100 +TX-errors: +0 +TX-bytes: +%d\b" % rx_bytes)
        self.assertRegex(app.command("show port info 0"), r"Link status: up")
        stop = app.command("stop")
        self.assertRegex(stop, r"RX-packets: 100 +RX-dropped: 0")
        app.command("port stop all")
        self.assertEqual(self.pool_count(app), MBUFS, "every buffer of testpmd's pool is back")
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_pdump_captures_forwarded_frames_byte_exact(self):
        # 6 s of paced traffic: dpdk-pdump joins after testpmd has started
        # forwarding (testpmd refuses to start once the capture's ports
        # exist) and takes a few seconds to start.
        sent = [f.udp4_frame(DST, SRC, i % 16, size=64 + i % 200) for i in range(1500)]
        f.write_pcap(self.path("in.pcap"), sent)
        app = self.primary(self.board_config({0: "pcap:rx=%s:rate=250" % self.path("in.pcap"),
                                                1: "pcap:tx=%s" % self.path("out.pcap")}))
        app.command("start")
        files = {0: (self.path("p0rx.pcap"), self.path("p0tx.pcap")),
                 1: (self.path("p1rx.pcap"), self.path("p1tx.pcap"))}
        args = []
        for port, (rx, tx) in files.items():
            args += ["--pdump", "port=%d,queue=*,rx-dev=%s,tx-dev=%s" % (port, rx, tx)]
        dump = self.start_ours([PDUMP, "-l", "0", "--file-prefix", self.prefix, "--"] + args, self.config,
                               interactive=False)
        dump.wait_for(r"capture for \(2\) tuples", 60)
        out = wait_frames(f.read_pcap, self.path("out.pcap"), len(sent), 120)
        dump.proc.send_signal(signal.SIGINT)
        self.assertEqual(dump.finish(), 0, dump.text()[-3000:])
        self.assertNotRegex(dump.text(), COMPLAINTS)
        self.assertEqual([x.hex() for x in out], [x.hex() for x in sent], "testpmd forwards byte-exact")
        p0rx, p1tx = f.read_pcap(files[0][0]), f.read_pcap(files[1][1])
        self.assertEqual(f.read_pcap(files[0][1]), [], "port 0 sent nothing")
        self.assertEqual(f.read_pcap(files[1][0]), [], "port 1 received nothing")
        # An unbroken, byte-exact run of what the far wire saw.
        self.assertGreater(len(p0rx), 20, "the capture ran for a while")
        self.assertGreaterEqual(contiguous_run(p0rx, out), 0, "port 0 Rx capture")
        self.assertGreater(len(p1tx), 20)
        self.assertGreaterEqual(contiguous_run(p1tx, out), 0, "port 1 Tx capture")
        stop = app.command("stop")
        self.assertRegex(stop, r"RX-packets: %d +RX-dropped: 0" % len(sent))
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_secondary_polls_and_transmits_on_the_primarys_queues(self):
        # testpmd's ports are started, not forwarding; a cable joins them.
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}))
        app.command("clear port stats all")
        r = self.run_secondary("traffic", "300", DPNI0, DPNI1)
        check_secondary_traffic(self, app, r, "dpaa2", DPNI1, COMPLAINTS)
        # The frames came from testpmd's pool (Rx) and the secondary's own
        # (Tx), and went back to each from the secondary's portal.
        app.command("port stop all")
        self.assertEqual(self.pool_count(app), MBUFS)
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_a_secondarys_exit_leaves_the_primarys_ports_forwarding(self):
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}))
        app.command("start tx_first")
        self.proc_info("--stats")
        app.command("stop")
        self.assertRegex(app.command("show port info 0"), r"Link status: up")
        self.assertRegex(app.command("show port info 1"), r"Link status: up")
        self.assert_forwards_on(app)
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_a_secondary_leaves_what_it_is_told_to_block(self):
        # Three DPMCPs: the primary takes dpmcp.1, a secondary the last
        # (dpmcp.3), or, with DPMCPs blocked, the first one that is not,
        # as upstream's bus chooses; blocked DPIOs are no one's portals.
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}).replace(";dpmcp=2", ";dpmcp=3"))
        app.command("clear port stats all")
        log = ["--log-level=bus.fslmc:debug"]
        plain = self.run_secondary_with(log, "traffic", "300", DPNI0, DPNI1)
        self.assertEqual(plain.returncode, 0, plain.stdout + plain.stderr)
        self.assertRegex(plain.stderr + plain.stdout, r"MC firmware [\d.]+ through dpmcp\.3\b")
        taken = set(re.findall(r"lcore 0: dpio\.(\d+)", plain.stdout + plain.stderr))
        self.assertEqual(len(taken), 1, plain.stdout + plain.stderr)
        dpio = taken.pop()
        app.command("clear port stats all")
        told = self.run_secondary_with(log + ["-b", "fslmc:dpmcp.1", "-b", "fslmc:dpio." + dpio],
                                       "traffic", "300", DPNI0, DPNI1)
        check_secondary_traffic(self, app, told, "dpaa2", DPNI1, COMPLAINTS)
        out = told.stdout + told.stderr
        self.assertRegex(out, r"MC firmware [\d.]+ through dpmcp\.2\b")
        self.assertRegex(out, r"lcore 0: dpio\.\d+ ")
        self.assertNotRegex(out, r"lcore 0: dpio\.%s " % dpio)
        app.command("port stop all")
        self.assertEqual(self.pool_count(app), MBUFS)
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_a_killed_secondarys_portals_serve_the_next(self):
        # On a board the kernel closes a killed process's device fds; here
        # the next secondary finds the dead one's DPIO and DPBP claims and
        # takes them, and the MC portal (the container's last DPMCP) over.
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}))
        app.command("clear port stats all")
        holder = self.secondary("hold")
        holder.wait_for(r"secondary: holding", 60)
        dead = holder.proc.pid
        holder.kill()  # SIGKILL with a DPIO, a DPBP and the DPMCP in use
        r = self.run_secondary("traffic", "300", DPNI0, DPNI1)
        check_secondary_traffic(self, app, r, "dpaa2", DPNI1, COMPLAINTS)
        self.assertRegex(r.stdout + r.stderr, r"dpio\.\d+: its owner, process %d, has exited: taken over" % dead)
        self.assertRegex(r.stdout + r.stderr, r"dpbp\.\d+: its owner, process %d, has exited: taken over" % dead)
        self.assertRegex(self.proc_info("--stats"), r"RX-packets: +300 ")
        self.assert_forwards_on(app)
        self.assertTrue(app.quit(), app.text()[-3000:])
        self.assert_no_misuse(app)

    def test_primary_exits_first(self):
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}))
        orphan = self.secondary("orphan", DPNI0)
        out = orphan_run(self, app, orphan, lambda a: self.assertTrue(a.quit(), a.text()[-3000:]))
        # testpmd closed its ports as it quit: they are gone, as on a board.
        self.assertIn("secondary: stats after the primary exited: -19 (No such device)", out)
        self.assertRegex(out, r"port 0: the primary process has closed it")

    def test_primary_killed_first(self):
        app = self.primary(self.board_config({0: "cable:" + self.PORT1}))
        orphan = self.secondary("orphan", DPNI0)
        out = orphan_run(self, app, orphan, lambda a: a.kill())
        # On a board the DPNI stays open and enabled (the secondary's fds
        # keep the container); here the model died with the primary: the
        # secondary's MC commands fail, and it neither hangs nor crashes.
        self.assertRegex(out, r"secondary: stats after the primary exited: -\d+ ")
        self.assertRegex(out, r"dpni_get_statistics page \d+: ")


class MultiProcessLs2088a(MultiProcess):
    """On the LS2088A-RDB: direct-mode software portals, whose every
    access a secondary makes runs on the primary's model."""
    BOARD, PORT0, PORT1 = "ls2088a-rdb", LS2_PORT0, LS2_PORT1


if __name__ == "__main__":
    why = missing()
    if why:
        print("SKIP: " + why)
        sys.exit(SKIP)
    main_with_hugepages()
