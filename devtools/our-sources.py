#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The C++ files of this repository that the build compiles, from meson's
# compile_commands.json: one absolute path a line, as the compilation
# database names it (our drivers are compiled through subprojects/dpdk, where
# they are symbolic links), each file once.
#
#   devtools/our-sources.py build/compile_commands.json [source root]
import json
import os
import sys


def main():
    db_path = sys.argv[1]
    root = os.path.realpath(sys.argv[2] if len(sys.argv) > 2 else ".")
    with open(db_path, encoding="utf-8") as f:
        db = json.load(f)
    seen = set()
    for entry in db:
        name = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
        real = os.path.realpath(name)
        rel = os.path.relpath(real, root)
        if rel.startswith("..") or rel.startswith("subprojects" + os.sep):
            continue
        if not rel.endswith(".cpp") or real in seen:
            continue
        seen.add(real)
        print(name)


if __name__ == "__main__":
    main()
