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
#   devtools/check-driver-libs.sh [BUILD_DIR]    last line "N passed, N failed"
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
builddir=${1:-${DPAA_BUILD_DIR:-$root/build}}
drivers=$builddir/subprojects/dpdk/drivers
model_lib=$drivers/bus/dpaa/librte_dpaa_model_platform.so
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
# Cross builds name their binutils: nm and readelf read any ELF anyway.
NM=${NM:-nm}
READELF=${READELF:-readelf}

passed=0 failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

model_symbols() { # file: how many symbols (defined or not) of dpaa::model
	{ "$NM" -C "$1" 2>/dev/null; "$NM" -C -D "$1" 2>/dev/null; } | grep -c 'dpaa::model'
}

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

for lib in bus_dpaa mempool_dpaa net_dpaa; do
	for f in "$drivers/librte_$lib.a" "$drivers/librte_$lib.so"; do
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
		if [ "$lib" = bus_dpaa ]; then
			if grep -qF DPAA_MODEL_LIBRARY <<<"$strs"; then
				ok "$(basename "$f"): holds DPAA_MODEL_LIBRARY (the path check sees strings)"
			else
				fail "$(basename "$f"): DPAA_MODEL_LIBRARY not found: the path check sees nothing"
			fi
		fi
		[[ $f == *.so ]] || continue
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

# The control: the model is where it went.
if [ ! -f "$model_lib" ]; then
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
