#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Count the results in meson's testlog.json (one JSON object per test) the
# way meson's own summary does, and print "passed failed skipped".
#
#   devtools/testlog-summary.py build/meson-logs/testlog.json
import json
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
FAILED = {"FAIL", "TIMEOUT", "UNEXPECTEDPASS", "ERROR", "INTERRUPT"}
SKIPPED = {"SKIP"}


def main():
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    with open(sys.argv[1], encoding="utf-8") as log:
        for n, line in enumerate(log, 1):
            if not line.strip():
                continue
            result = json.loads(line).get("result")
            if result in PASSED:
                counts["passed"] += 1
            elif result in SKIPPED:
                counts["skipped"] += 1
            else:
                # FAILED, and anything a newer meson may add: not a pass.
                if result not in FAILED:
                    print(f"testlog line {n}: unknown result {result!r}, counted as failed",
                          file=sys.stderr)
                counts["failed"] += 1
    print(counts["passed"], counts["failed"], counts["skipped"])


if __name__ == "__main__":
    main()
