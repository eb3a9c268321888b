#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Every C and C++ file in the tree is formatted with the tree's .clang-format.
#   devtools/check-format.sh        list the files that are not
#   devtools/check-format.sh -i     reformat them
set -u
cd "$(dirname "$0")/.."
# clang-format 14, the version the tree is formatted with, when installed.
cf=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format)}
[ -n "$cf" ] || { echo "SKIP: clang-format is not installed"; exit 77; }
bad=0
for f in $(git ls-files '*.cpp' '*.hpp' '*.h' '*.c'); do
	if [ "${1:-}" = "-i" ]; then
		"$cf" -i "$f"
	elif ! "$cf" --dry-run -Werror "$f" >/dev/null 2>&1; then
		echo "not formatted: $f"
		bad=1
	fi
done
[ $bad -eq 0 ] && echo "PASS: every C/C++ file is formatted"
exit $bad
