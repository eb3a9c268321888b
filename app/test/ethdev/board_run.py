#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""Run an ethdev test program on the board platform (the emulated USDPAA
kernel interface named by DPAA_TEST_PRELOAD, preloaded) and fail it when the
emulated kernel's report at exit says the drivers misused the modelled
hardware, or when it printed no report (the emulation did not run, so the
test did not test the board path).

    board_run.py <test program> [arguments]
"""

import os
import re
import shlex
import subprocess
import sys

MISUSE = re.compile(r"usdpaa_emu: model misuse: (\d+) \(([^)]*)\)")

# A program built for another machine runs under DPAA_EXEC_WRAPPER (qemu for
# an arm64 build, devtools/test-arm64.sh), which hands the environment, and
# so the preloaded emulation, to the program it runs.
wrapper = shlex.split(os.environ.get("DPAA_EXEC_WRAPPER", ""))
env = dict(os.environ)
env["LD_PRELOAD"] = env["DPAA_TEST_PRELOAD"]
proc = subprocess.run(wrapper + sys.argv[1:], env=env, stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT)
out = proc.stdout.decode(errors="replace")
sys.stdout.write(out)
m = MISUSE.search(out)
if m is None:
    print("board_run: the emulated USDPAA kernel printed no report: not the board path")
    sys.exit(1)
if int(m.group(1)) != 0:
    print("board_run: the drivers misused the modelled hardware: " + m.group(2))
    sys.exit(1)
sys.exit(proc.returncode)
