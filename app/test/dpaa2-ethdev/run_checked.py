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
import shlex
import subprocess
import sys

MISUSE = re.compile(r"fslmc_emu: model misuse: (\d+) \(([^)]*)\)")

# A program built for another machine runs under DPAA_EXEC_WRAPPER (qemu for
# an arm64 build, devtools/test-arm64.sh), which hands the environment, and
# so the preloaded emulation, to the program it runs: meson's exe_wrapper
# covers only the programs a test names, not those a script starts.
wrapper = shlex.split(os.environ.get("DPAA_EXEC_WRAPPER", ""))
env = dict(os.environ)
env["LD_PRELOAD"] = os.environ["DPAA2_TEST_PRELOAD"]
out = subprocess.run(wrapper + sys.argv[1:], env=env, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT).stdout
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
