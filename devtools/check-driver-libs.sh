#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The driver libraries a board user installs hold no modelled SoC: no symbol
# of lib/dpaa_model (nm -C: dpaa::model) in librte_bus_dpaa,
# librte_mempool_dpaa and librte_net_dpaa (.a and .so), and no libpcap among
# what the .so files need (readelf NEEDED; ldd as well where the libraries
# run on this machine). The model's own library, which the bus loads only
# when DPAA_MODEL is set, is checked to hold both, so that a check that sees
# nothing fails instead of passing.
#
# Nor does any of them hold the path of the source or build folder it was
# built from (strings of everything but debug information, which names its
# compilation folder by design): an installed library must not look for
# anything in a build tree it does not know. The control: the same search
# finds the name of the variable that names the model's library, which the
# bus holds as a string.
#
# With --board-only, LIB_DIR holds the three libraries of a board-only build
# (meson option dpaa_model=false; devtools/check-board-only.sh installs one):
# besides no lib/dpaa_model symbol, no path and no libpcap, they hold nothing
# of the model's host (drivers/bus/dpaa/model_host but its no_model.cpp: the
# loader, the State shared with secondaries, the rte_mp actions), no
# portal-driver hook for the model (qbman/model_hooks.hpp) and no string of
# the model's loader; nor is the model's library there. The controls: the same
# symbol search finds the portal drivers' own symbols, the string search the
# message with which the bus ignores DPAA_MODEL.
#
#   devtools/check-driver-libs.sh [BUILD_DIR]              last line "N passed, N failed"
#   devtools/check-driver-libs.sh --board-only LIB_DIR     likewise
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
board_only=0
if [ "${1:-}" = --board-only ]; then
	board_only=1
	libdir=${2:?"usage: $0 --board-only LIB_DIR"}
	drivers=$libdir
	model_lib=$libdir/librte_dpaa_model_platform.so
	builddir=$libdir
else
	builddir=${1:-${DPAA_BUILD_DIR:-$root/build}}
	drivers=$builddir/subprojects/dpdk/drivers
	model_lib=$drivers/bus/dpaa/librte_dpaa_model_platform.so
fi
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
# Cross builds name their binutils: nm and readelf read any ELF anyway.
NM=${NM:-nm}
READELF=${READELF:-readelf}

passed=0 failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

all_symbols() { # file: its symbols, defined or not, demangled
	{ "$NM" -C "$1" 2>/dev/null; "$NM" -C -D "$1" 2>/dev/null; } | sed -E 's/^[0-9a-f ]* [A-Za-z] //'
}

model_symbols() { # file: how many symbols (defined or not) of dpaa::model
	all_symbols "$1" | grep -c 'dpaa::model'
}

# A board-only build's bus: the model host's code (what no_model.cpp
# replaces: its own entry points, which answer "no model", are allowed, as
# is rte_dpaa_model_system, the bus API's accessor that answers NULL) and the
# portal drivers' hooks for the model.
model_host_re='ModelCore|ModelMpHost|ModelSharing|SecondaryModel|RemoteCcsr|platform::shared::|model_mp_serve\b|model_mp_unserve|model_state_|model_plugin|ModelPlugin|rte_dpaa_model_platform'
hook_re='WaitHook|EqcrFullHook|eqcr_full|wait_fn|set_wait_hook|call_hook'
board_only_allowed='^(dpaa::platform::(create_model_platform|check_model_syntax|model_platform_count|attach_primary_model|model_mp_serve_none)\(|rte_dpaa_model_system)'

needs_pcap() { # file: its NEEDED entries that are libpcap
	"$READELF" -d "$1" | grep NEEDED | grep -o 'libpcap[^]]*'
}

tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT
src_path=$(cd "$root" && pwd -P)
build_path=$(cd "$builddir" 2>/dev/null && pwd -P)
build_path=${build_path:-$src_path}
OBJCOPY=${OBJCOPY:-objcopy}
STRINGS=${STRINGS:-strings}

text_strings() { # file: the strings of all but its debug information
	local copy=$tmpdir/$(basename "$1")
	"$OBJCOPY" --strip-debug "$1" "$copy" 2>/dev/null || cp "$1" "$copy"
	"$STRINGS" -a "$copy"
}

board_only_checks() { # lib file strings
	local lib=$1 f=$2 strs=$3 name found
	name=$(basename "$f")
	found=$(all_symbols "$f" | grep -E "$model_host_re" | grep -vE "$board_only_allowed" | sort -u)
	if [ -z "$found" ]; then
		ok "$name: no symbol of the model's host"
	else
		fail "$name: $(wc -l <<<"$found") symbols of the model's host, e.g.:"
		head -n 5 <<<"$found"
	fi
	found=$(all_symbols "$f" | grep -E "$hook_re" | sort -u)
	if [ -z "$found" ]; then
		ok "$name: no model hook"
	else
		fail "$name: $(wc -l <<<"$found") model hook symbols, e.g.:"
		head -n 5 <<<"$found"
	fi
	# What the loader looks the library up by (its file name the compiler
	# may build from immediates, not keep as a string).
	found=$(grep -oE 'rte_dpaa_model_platform|DPAA_MODEL_LIBRARY' <<<"$strs" | sort -u | tr '\n' ' ')
	if [ -n "$found" ]; then
		fail "$name: holds the model loader's strings: $found"
	else
		ok "$name: no string of the model's loader"
	fi
	[ "$lib" = bus_dpaa ] || return 0
	# The controls: the searches see what is there.
	if [ "$(all_symbols "$f" | grep -c 'dpaa::qbman::QmanPortal::')" -gt 0 ]; then
		ok "$name: holds dpaa::qbman::QmanPortal's symbols (the symbol checks see symbols)"
	else
		fail "$name: no dpaa::qbman::QmanPortal symbol: the symbol checks see nothing"
	fi
	if grep -qF 'has no modelled SoC' <<<"$strs"; then
		ok "$name: holds its no-model notice (the string checks see strings)"
	else
		fail "$name: its no-model notice not found: the string checks see nothing"
	fi
}

lib_file() { # dir lib suffix: the library, as built (.so) or installed (.so.N)
	local f
	for f in "$1/librte_$2$3" "$1/librte_$2$3".*; do
		[ -f "$f" ] && { echo "$f"; return; }
	done
	echo "$1/librte_$2$3"
}

for lib in bus_dpaa mempool_dpaa net_dpaa; do
	for f in "$drivers/librte_$lib.a" "$(lib_file "$drivers" "$lib" .so)"; do
		if [ ! -f "$f" ]; then
			fail "$f: not built"
			continue
		fi
		n=$(model_symbols "$f")
		if [ "$n" -eq 0 ]; then
			ok "$(basename "$f"): no dpaa::model symbol"
		else
			fail "$(basename "$f"): $n dpaa::model symbols, e.g.:"
			"$NM" -C "$f" | grep 'dpaa::model' | head -n 5
		fi
		strs=$(text_strings "$f")
		paths=$(grep -F -e "$src_path" -e "$build_path" -e "$root" <<<"$strs" | sort -u)
		if [ -z "$paths" ]; then
			ok "$(basename "$f"): no source or build folder path"
		else
			fail "$(basename "$f") holds a path of this tree, e.g.:"
			head -n 3 <<<"$paths"
		fi
		if [ "$lib" = bus_dpaa ] && [ $board_only -eq 0 ]; then
			if grep -qF DPAA_MODEL_LIBRARY <<<"$strs"; then
				ok "$(basename "$f"): holds DPAA_MODEL_LIBRARY (the path check sees strings)"
			else
				fail "$(basename "$f"): DPAA_MODEL_LIBRARY not found: the path check sees nothing"
			fi
		fi
		[ $board_only -eq 1 ] && board_only_checks "$lib" "$f" "$strs"
		[[ $f == *.so* ]] || continue
		if pcap=$(needs_pcap "$f"); then
			fail "$(basename "$f") needs $pcap"
		else
			ok "$(basename "$f"): libpcap not needed"
		fi
		# ldd runs the dynamic loader on the file: only where it can.
		if out=$(ldd "$f" 2>/dev/null) && ! grep -q 'not a dynamic executable' <<<"$out"; then
			if grep -q libpcap <<<"$out"; then
				fail "$(basename "$f"): ldd lists $(grep -o 'libpcap[^ ]*' <<<"$out" | head -n 1)"
			else
				ok "$(basename "$f"): ldd lists no libpcap"
			fi
		fi
	done
done

# The control: the model is where it went (a board-only build has none).
if [ $board_only -eq 1 ]; then
	if ls "$libdir"/librte_dpaa_model_platform.so* >/dev/null 2>&1; then
		fail "$model_lib: built, in a board-only build"
	else
		ok "no librte_dpaa_model_platform.so in $libdir"
	fi
elif [ ! -f "$model_lib" ]; then
	fail "$model_lib: not built"
else
	n=$(model_symbols "$model_lib")
	if [ "$n" -gt 0 ]; then
		ok "$(basename "$model_lib"): $n dpaa::model symbols (the check sees them)"
	else
		fail "$(basename "$model_lib"): no dpaa::model symbol: the check would see none anywhere"
	fi
	if pcap=$(needs_pcap "$model_lib"); then
		ok "$(basename "$model_lib") needs $pcap (the check sees it)"
	else
		fail "$(basename "$model_lib"): no libpcap in NEEDED: the check would see none anywhere"
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
