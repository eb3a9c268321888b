#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# An application linking librte_net_dpaa and calling rte_pmd_dpaa_set_tx_loopback
# builds and runs three ways: in-tree (meson), and out of tree against a
# `meson install`ed DPDK through pkg-config, shared and static.
#
#   link_example.sh <build dir> <source dir of the example> <in-tree binary>
set -u
builddir=$(cd "$1" && pwd)
srcdir=$(cd "$2" && pwd)
intree=$3
# DPAA_EXEC_WRAPPER runs binaries built for another machine (an arm64 build
# under qemu, see devtools/test-arm64.sh); unset, they run directly.
read -ra wrap <<<"${DPAA_EXEC_WRAPPER:-}"
# The out-of-tree builds then need the matching compiler and pkg-config:
# CC and PKGCONF from the environment (make's own variables).
work=$(mktemp -d -p "$builddir" link-example.XXXXXX)
trap 'rm -rf "$work"' EXIT

fail() {
	echo "FAIL: $*"
	exit 1
}

# One frame burst per DPAA port on a looped-back MAC; the example checks what
# comes back. Without a modelled board it still checks the API's error codes.
export DPAA_MODEL=${DPAA_MODEL-"board=ls1046a-rdb;fm1-mac9=none;fm1-mac10=none"}
eal=(--no-huge -m 512 --no-pci --no-shconf -l 0 -a dpaa_bus:fm1-mac9 -a dpaa_bus:fm1-mac10)

check_output() {
	local name=$1 out=$2
	grep -q "invalid port: -ENODEV" "$out" || { cat "$out"; fail "$name: no -ENODEV for an invalid port"; }
	grep -q "0 failure(s)" "$out" || { cat "$out"; fail "$name: failures reported"; }
	grep -q "^2 DPAA port(s)" "$out" || { cat "$out"; fail "$name: fm1-mac9 and fm1-mac10 are not both DPAA ports"; }
	[ "$(grep -c 'tx loopback: 64 sent, 64 received' "$out")" = 2 ] ||
		{ cat "$out"; fail "$name: not every frame came back on both ports"; }
	echo "ok: $name: $(grep -c 'tx loopback:' "$out") DPAA port(s) looped back"
}

"${wrap[@]}" "$intree" "${eal[@]}" -- -n 64 >"$work/intree.out" 2>&1 || { cat "$work/intree.out"; fail "in-tree binary failed"; }
check_output in-tree "$work/intree.out"

meson install -C "$builddir" --no-rebuild --quiet --destdir "$work/root" >"$work/install.log" 2>&1 ||
	{ tail -n 20 "$work/install.log"; fail "meson install"; }
pcdir=$(dirname "$(find "$work/root" -name libdpdk.pc | head -n 1)")
[ -f "$pcdir/libdpdk.pc" ] || fail "meson install did not install libdpdk.pc"
libdir=$(dirname "$pcdir")
pmddir=$(find "$libdir" -maxdepth 2 -type d -name 'pmds-*' | head -n 1)
[ -f "$(find "$work/root" -name rte_pmd_dpaa.h | head -n 1)" ] || fail "rte_pmd_dpaa.h is not installed"
# The modelled SoC's library goes to the library folder, never the driver
# folder (EAL would load it into every process); the out-of-tree builds run
# on the installed copy.
[ -f "$libdir/librte_dpaa_model_platform.so" ] || fail "librte_dpaa_model_platform.so is not installed in $libdir"
[ -z "$(find "$pmddir" -name 'librte_dpaa_model_platform*')" ] || fail "the model's library is installed in the driver folder $pmddir"
export DPAA_MODEL_LIBRARY=$libdir/librte_dpaa_model_platform.so

export PKG_CONFIG_PATH=$pcdir PKG_CONFIG_SYSROOT_DIR=$work/root
cp -r "$srcdir" "$work/example"
# A prefix outside ld.so's search path: indirect dependencies of the shared
# drivers must be found at link time too.
make -s -C "$work/example" LDFLAGS="-Wl,-rpath-link,$libdir" shared static >"$work/make.log" 2>&1 || { cat "$work/make.log"; fail "out-of-tree make"; }

# The shared build gets its drivers from the installed plugin folder (-d), as
# an installed DPDK would from its default one. EAL refuses plugins below a
# world-writable folder (a build tree under /tmp): then preload them instead.
plugins=(-d "$pmddir")
if ! /usr/bin/python3 - "$pmddir" <<'PY'
import os, stat, sys
d = os.path.realpath(sys.argv[1])
while d != "/":
    if os.stat(d).st_mode & stat.S_IWOTH:
        sys.exit(1)
    d = os.path.dirname(d)
PY
then
	plugins=()
	export LD_PRELOAD=$libdir/librte_mempool_ring.so
fi
LD_LIBRARY_PATH=$libdir "${wrap[@]}" "$work/example/build/dpaa_tx_loopback-shared" "${eal[@]}" \
	"${plugins[@]}" -- -n 64 >"$work/shared.out" 2>&1 ||
	{ cat "$work/shared.out"; fail "shared build failed"; }
unset LD_PRELOAD
check_output "out-of-tree shared" "$work/shared.out"
# The ELF header, not ldd: it reads binaries of any architecture.
needed() { readelf -d "$1" | sed -n "s/.*(NEEDED).*\[\(.*\)\]/\1/p"; }
needed "$work/example/build/dpaa_tx_loopback-shared" | grep -q librte_net_dpaa || fail "shared build does not link librte_net_dpaa.so"

"${wrap[@]}" "$work/example/build/dpaa_tx_loopback-static" "${eal[@]}" -- -n 64 >"$work/static.out" 2>&1 ||
	{ cat "$work/static.out"; fail "static build failed"; }
check_output "out-of-tree static" "$work/static.out"
if needed "$work/example/build/dpaa_tx_loopback-static" | grep -q librte_; then
	fail "static build depends on shared DPDK libraries"
fi
echo "PASS: the example links librte_net_dpaa in-tree, shared and static"
