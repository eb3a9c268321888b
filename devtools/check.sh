#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The checks a DPDK reviewer runs, on our files (git ls-files):
#   format      clang-format 14 with the tree's .clang-format (check-format.sh)
#   tidy        clang-tidy 14 with the committed .clang-tidy, no warnings, on
#               every C++ file the build compiles (build/compile_commands.json)
#   c-header    drivers/net/dpaa/rte_pmd_dpaa.h compiles as C11 with -pedantic
#               -Werror (gcc and clang)
#   vlan-strip  no software VLAN strip in drivers/ (check-no-vlan-strip.sh)
#   patch       checkpatch-style rules that apply to C++: the SPDX line first,
#               no trailing whitespace, no space before a tab in indentation,
#               no path outside the repository named in it
#
#   devtools/check.sh [check...]    all of them by default; last line "N passed, N failed"
#
# The test suite runs each as a test of the "check" suite.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
jobs=${DPAA_CHECK_JOBS:-$(nproc)}

need() {
	command -v "$1" >/dev/null && return 0
	echo "FAIL: $1 is not installed (devtools/setup.sh installs it: apt-get install $2)"
	return 1
}

check_format() {
	need clang-format-14 clang-format-14 || return 1
	CLANG_FORMAT=clang-format-14 devtools/check-format.sh
}

check_tidy() {
	need clang-tidy-14 clang-tidy-14 || return 1
	local db=$builddir/compile_commands.json
	[ -f "$db" ] || {
		echo "FAIL: no $db: run devtools/setup.sh first"
		return 1
	}
	local files out start=$EPOCHREALTIME
	files=$(devtools/our-sources.py "$db" "$root") || return 1
	[ -n "$files" ] || {
		echo "FAIL: $db names none of our C++ files"
		return 1
	}
	out=$(mktemp)
	# One clang-tidy per file, $jobs at a time; --quiet drops the
	# "N warnings generated" lines of the DPDK headers it does not report.
	echo "$files" | xargs -P "$jobs" -n 1 clang-tidy-14 --quiet -p "$builddir" >"$out" 2>&1
	local rc=$?
	local n ms
	n=$(echo "$files" | wc -l)
	ms=$(((${EPOCHREALTIME/./} - ${start/./}) / 1000))
	if [ $rc -ne 0 ] || grep -q -E '(warning|error): ' "$out"; then
		cat "$out"
		echo "FAIL: clang-tidy found problems in our C++ (.clang-tidy; $n files, $((ms / 1000))s)"
		rm -f "$out"
		return 1
	fi
	rm -f "$out"
	echo "PASS: clang-tidy: no warnings in $n C++ files ($((ms / 1000))s, $jobs jobs)"
}

check_c_header() {
	local header=drivers/net/dpaa/rte_pmd_dpaa.h cc ok=0
	for cc in gcc clang-14; do
		command -v $cc >/dev/null || continue
		if ! printf '#include "%s"\n' "$header" |
			$cc -std=c11 -pedantic -Werror -Wall -Wextra -fsyntax-only -I. -x c -; then
			echo "FAIL: $header does not compile as C11 with $cc -pedantic -Werror"
			return 1
		fi
		ok=$((ok + 1))
	done
	[ $ok -gt 0 ] || {
		echo "FAIL: no C compiler (gcc, clang-14) to compile $header"
		return 1
	}
	echo "PASS: $header compiles as C11 with -pedantic -Werror ($ok compilers)"
}

check_vlan_strip() { devtools/check-no-vlan-strip.sh; }

# Files git tracks that are ours and text (not generated, not binary).
tracked_text() { git ls-files -z | xargs -0 grep -I -l '' --; }

spdx_ok() {
	local f=$1 first second
	first=$(sed -n 1p "$f")
	second=$(sed -n 2p "$f")
	case "$f" in
	*.c | *.h | *.cpp | *.hpp) [[ $first == "/* SPDX-License-Identifier: BSD-3-Clause"* ]] ;;
	*.rst) [[ $first == "..  SPDX-License-Identifier: BSD-3-Clause" ]] ;;
	*)
		# Scripts: after the #! line; other files: first.
		[[ $first == "# SPDX-License-Identifier: BSD-3-Clause" ]] ||
			{ [[ $first == '#!'* ]] && [[ $second == "# SPDX-License-Identifier: BSD-3-Clause" ]]; }
		;;
	esac
}

check_patch() {
	local bad=0 f outside
	# Files DPDK's checkpatch exempts from the SPDX rule too: data, not code.
	local no_spdx='(^|/)(version\.map|exports\.map|sources\.list|MAINTAINERS|\.gitignore|README\.md)$|\.(ini|pcap|txt|json)$'
	while IFS= read -r f; do
		if ! [[ $f =~ $no_spdx ]] && ! spdx_ok "$f"; then
			echo "$f:1: the first line (after #!) is not the SPDX-License-Identifier line"
			bad=1
		fi
	done < <(tracked_text)
	if tracked_text | xargs grep -n -E '[[:space:]]+$' --; then
		echo "^ trailing whitespace"
		bad=1
	fi
	if tracked_text | xargs grep -n -P '^\t* +\t' --; then
		echo "^ a space before a tab in the indentation"
		bad=1
	fi
	# No absolute path into the directory that holds this checkout (another
	# checkout, the machine's own work areas) or into a home directory. This
	# file names the patterns, so it is left out.
	# A checkout in a directory every machine has (/tmp, where CI may clone)
	# says nothing of the machine: tests name /tmp files on purpose.
	local patterns=(-e "/home/" -e "/Users/") parent
	parent=$(dirname "$root")
	case $parent in
	/ | /tmp | /var/tmp | /run | /srv | /opt | /mnt) ;;
	*) patterns+=(-e "$parent/") ;;
	esac
	if tracked_text | grep -v -x devtools/check.sh | xargs grep -n -F "${patterns[@]}" --; then
		echo "^ names a path outside the repository"
		bad=1
	fi
	[ $bad -eq 0 ] && echo "PASS: SPDX lines, whitespace, indentation and paths of $(tracked_text | wc -l) files"
	return $bad
}

all=(format tidy c-header vlan-strip patch)
[ $# -gt 0 ] || set -- "${all[@]}"
passed=0
failed=0
for c in "$@"; do
	case "$c" in
	format | tidy | c-header | vlan-strip | patch) ;;
	*)
		echo "check: unknown check '$c' (expected: ${all[*]})" >&2
		exit 2
		;;
	esac
	echo "check: $c"
	if "check_${c//-/_}"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
