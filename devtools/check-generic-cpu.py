#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
"""The plugins for the distribution's DPDK run on any x86-64 CPU: checked
without building them (their build, devtools/distro-plugins.sh build, sets
up a second tree and takes minutes).

1. devtools/distro-plugins.sh sets its build up with
   -Dcpu_instruction_set=generic and -Ddpdk_library=shared (its "options").
2. net_dpaa's code, the datapath, compiled as that build compiles it (this
   build's compile commands with -march=native swapped for corei7, DPDK
   22.11's generic x86-64 baseline in subprojects/dpdk/config/meson.build)
   holds no AVX instruction: no ymm or zmm register in objdump's listing.
   What would put one there is our code's, not the build's: a target
   attribute, an intrinsic, inline assembly.
3. The same objects of this build (-march=native) are counted too: where the
   build machine has AVX they hold some, which shows that the check sees them.

    devtools/check-generic-cpu.py [BUILD_DIR]    last line "N passed, N failed";
                                                 exit status 77 (skip) when
                                                 BUILD_DIR is not an x86-64
                                                 -march=native build
"""

import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = "libnet_dpaa_cpp.a.p"
GENERIC_X86_64 = "-march=corei7"
AVX_REGISTER = re.compile(r"%[yz]mm\d+")


def avx_instructions(obj):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True,
                         text=True, check=True).stdout
    return sum(1 for line in out.splitlines() if AVX_REGISTER.search(line))


def compile_generic(entry, outdir):
    """entry's object compiled for the generic CPU into outdir; its path."""
    argv = shlex.split(entry["command"])
    out = os.path.join(outdir, os.path.basename(entry["output"]))
    generic, skip = [], 0
    for i, a in enumerate(argv):
        if skip:
            skip -= 1
            continue
        if a in ("-MD", "-MMD"):
            continue
        if a in ("-MQ", "-MF", "-MT"):
            skip = 1
            continue
        if a == "-o":
            generic += ["-o", out]
            skip = 1
            continue
        generic.append(GENERIC_X86_64 if a == "-march=native" else a)
    subprocess.run(generic, cwd=entry["directory"], check=True)
    return out


def main():
    build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                            os.environ.get("DPAA_BUILD_DIR", os.path.join(ROOT, "build")))
    passed = failed = 0

    def result(ok, text):
        nonlocal passed, failed
        print(("ok: " if ok else "FAIL: ") + text)
        passed, failed = passed + ok, failed + (not ok)

    options = subprocess.run([os.path.join(ROOT, "devtools", "distro-plugins.sh"), "options"],
                             capture_output=True, text=True, check=True).stdout.split()
    for wanted in ("-Dcpu_instruction_set=generic", "-Ddpdk_library=shared"):
        result(wanted in options, "devtools/distro-plugins.sh builds with %s (%s)" %
               (wanted, " ".join(options)))

    with open(os.path.join(build, "compile_commands.json")) as fh:
        entries = [e for e in json.load(fh) if LIBRARY in e["output"]]
    if os.uname().machine != "x86_64" or not entries or \
            any("-march=native" not in e["command"] for e in entries):
        print("skip: %s is no x86-64 -march=native build of %s" % (build, LIBRARY))
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        generic = list(pool.map(lambda e: compile_generic(e, tmp), entries))
        found = {os.path.basename(o): n for o, n in zip(generic, map(avx_instructions, generic))
                 if n}
        result(not found, "%d objects of net_dpaa compiled %s: %s" %
               (len(generic), GENERIC_X86_64,
                "AVX instructions in %s" % found if found else "no AVX instruction"))
    native = [os.path.join(e["directory"], e["output"]) for e in entries]
    if all(os.path.exists(o) for o in native):
        n = sum(map(avx_instructions, native))
        print("info: the same objects of this build (-march=native): %d AVX instructions%s" %
              (n, "" if n else " (this CPU has no AVX, or the compiler used none)"))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
