#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""run_checked.py PROGRAM [ARGS...]: runs a test program on the emulated
VFIO fsl-mc kernel and fails when the program fails or when the emulation's
report at exit counts model misuse or says nothing. The emulation named
by DPAA2_TEST_PRELOAD is preloaded into the program only, not into the
python that runs it."""

import os
import re
import subprocess
import sys

MISUSE = re.compile(r"fslmc_emu: model misuse: (\d+) \(([^)]*)\)")

env = dict(os.environ)
env["LD_PRELOAD"] = os.environ["DPAA2_TEST_PRELOAD"]
out = subprocess.run(sys.argv[1:], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout
text = out.decode(errors="replace")
sys.stdout.write(text)
m = MISUSE.search(text)
if m is None:
    print("run_checked: the emulation printed no report at exit")
    sys.exit(1)
if int(m.group(1)) != 0:
    print("run_checked: the model counted driver misuse: " + m.group(0))
    sys.exit(1)
sys.exit(0 if "[  PASSED  ]" in text and "[  FAILED  ]" not in text else 1)
