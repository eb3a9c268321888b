#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The emulated USDPAA kernel answers bad input as the kernel would: an
errno, logged once, never a crash; and a bad DPAA_KERNEL_MODEL is a clear
error naming the item."""

import errno
import os
import signal
import tempfile
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))

from upstream import EMU  # noqa: E402

CALLS = os.path.join(os.path.dirname(__file__), "kernel_calls.py")
# ELF e_machine of the machines the suite runs on.
ELF_MACHINES = {"x86_64": 62, "aarch64": 183}


def emulation_fits_python():
    """Whether this python can preload EMU: an arm64 build's emulation
    (devtools/test-arm64.sh) does not fit the x86-64 python that runs the
    calls, which only its own kernel's programs run under qemu."""
    with open(EMU, "rb") as lib:
        header = lib.read(20)
    return int.from_bytes(header[18:20], "little") == ELF_MACHINES.get(os.uname().machine)


def run(config, *calls):
    env = dict(os.environ, LD_PRELOAD=EMU, DPAA_KERNEL_MODEL=config)
    p = subprocess.run(["/usr/bin/python3", CALLS] + list(calls), env=env, capture_output=True,
                       text=True, timeout=60)
    results = {}
    for line in p.stdout.splitlines():
        name, *rest = line.split()
        results[name] = rest
    return p, results


class EmulatedKernel(unittest.TestCase):
    def test_unknown_ioctl_is_einval_logged_once(self):
        p, r = run("board=ls1046a-rdb", "unknown-ioctl", "unknown-ioctl-again", "version")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(r["unknown-ioctl"], ["-1", str(errno.EINVAL)])
        self.assertEqual(r["unknown-ioctl-again"], ["-1", str(errno.EINVAL)])
        self.assertEqual(p.stderr.count("ioctl 0xc0087599 is not one"), 1, p.stderr)
        self.assertEqual(r["version"], ["2", "0"])

    def test_mapping_nothing_of_the_board(self):
        p, r = run("board=ls1046a-rdb", "mmap-nowhere")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(r["mmap-nowhere"], ["-1", str(errno.EINVAL)])
        self.assertIn("/dev/mem: nothing of the board at 0x12340000", p.stderr)

    def test_device_tree_path_not_provided(self):
        p, r = run("board=ls1046a-rdb", "dt-missing", "dt-soc-id")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(r["dt-missing"], ["-1", str(errno.ENOENT)])
        self.assertEqual(r["dt-soc-id"], ["svr:0x87070010"])

    def test_portal_taken_twice(self):
        p, r = run("board=ls1046a-rdb", "portal-3", "portal-3", "portal-any")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(r["portal-3"], ["-1", str(errno.EBUSY)])  # the second answer
        self.assertEqual(r["portal-any"], ["0", "0"])  # the lowest free index
        self.assertEqual(p.stderr.count("QMan portal 3 is mapped already"), 1, p.stderr)

    def test_id_ranges_of_the_device_tree(self):
        # BPIDs 32..63 as an LS1046A tree gives them; the Rx FQIDs of the
        # fsl,dpa-ethernet-init nodes can be reserved once.
        p, r = run("board=ls1046a-rdb", "bpids-32", "bpids-1", "reserve-fqid-0x61",
                   "reserve-fqid-0x61")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(r["bpids-32"], ["32", "0"])
        self.assertEqual(r["bpids-1"], ["-1", str(errno.ENOMEM)])
        self.assertEqual(r["reserve-fqid-0x61"], ["-1", str(errno.EBUSY)])  # the second answer

    def test_folder_of_a_killed_process_is_removed_at_next_start(self):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, LD_PRELOAD=EMU, DPAA_KERNEL_MODEL="board=ls1046a-rdb", TMPDIR=tmp)
            # The emulation starts on the first access to one of its files.
            killed = subprocess.Popen(["/usr/bin/python3", CALLS, "dt-soc-id", "tmp-folders", "wait"],
                                      env=env, stdout=subprocess.PIPE, text=True)
            try:
                killed.stdout.readline()
                first = killed.stdout.readline().split()
            finally:
                killed.send_signal(signal.SIGKILL)
                killed.wait(30)
                killed.stdout.close()
            self.assertEqual(first[0], "tmp-folders")
            self.assertEqual(len(first), 2, first)  # its own folder
            self.assertEqual(os.listdir(tmp), [first[1]])  # left behind by SIGKILL
            p = subprocess.run(["/usr/bin/python3", CALLS, "dt-soc-id", "tmp-folders"], env=env,
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(p.returncode, 0, p.stderr)
            now = p.stdout.splitlines()[1].split()
            self.assertEqual(len(now), 2, now)
            self.assertNotEqual(now[1], first[1])  # the stale one is gone, the new one is there
            self.assertEqual(os.listdir(tmp), [], "the exit removes the second folder")

    def test_bad_configuration_names_the_item(self):
        p, r = run("board=ls1046a-rdb;fm1-mac9=warp", "dt-missing")
        self.assertIn('usdpaa_emu: DPAA_KERNEL_MODEL: item 2 "fm1-mac9=warp"', p.stderr)
        self.assertEqual(r["dt-missing"], ["-1", str(errno.ENOENT)])


if __name__ == "__main__":
    if not emulation_fits_python():
        print("SKIP: %s is built for another machine than this python" % EMU)
        sys.exit(77)  # meson's skip
    unittest.main(verbosity=2)
