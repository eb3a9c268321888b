#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# A board-only build (meson option dpaa_model=false) and what it installs:
# configures DPDK with our drivers overlaid (subprojects/dpdk) in
# build-board-only/, with only the three DPAA1 driver libraries and what they
# need (no application, no example, no other driver, no optional library),
# shared, installs it into build-board-only/install/, and has
# devtools/check-driver-libs.sh --board-only look at the installed
# librte_bus_dpaa, librte_mempool_dpaa and librte_net_dpaa: no model symbol,
# no model hook, no build path. Then it runs EAL on the installed libraries
# with DPAA_MODEL set, which must start, told once that the build has no
# model; and, as a control, it checks that the library check fails on the
# model's build in build/. A tree of its own, so that build/ stays as
# every other script expects it; ccache serves what it can.
#
#   devtools/check-board-only.sh         last line "board-only: N passed, N failed"
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
dir=build-board-only
dest=$dir/install

elapsed() {
	local s=$((EPOCHSECONDS - $1))
	printf '%dm%02ds' $((s / 60)) $((s % 60))
}
fail() {
	echo "board-only: $*" >&2
	echo "board-only: 0 passed, 1 failed"
	exit 1
}

buildtools/get-dpdk >/dev/null || fail "buildtools/get-dpdk failed"
start=$EPOCHSECONDS
if [ ! -f "$dir/build.ninja" ]; then
	echo "board-only: configuring $dir (log: $dir/board-only-setup.log)"
	mkdir -p "$dir"
	# DPDK's own build, not the super-project's (which builds our tests and
	# the model for them). The libraries the three drivers need are DPDK's
	# mandatory ones; every optional one goes.
	meson setup "$dir" subprojects/dpdk -Ddpaa_model=false -Ddefault_library=shared \
		-Dbuildtype=release -Dprefix=/usr/local \
		-Denable_drivers=bus/dpaa,mempool/dpaa,net/dpaa -Ddisable_libs='*' \
		-Ddisable_apps='*' -Dexamples= -Dtests=false -Denable_docs=false \
		-Denable_kmods=false -Dcpp_std=gnu++20 -Dwerror=false \
		>"$dir/board-only-setup.log" 2>&1 || {
		tail -n 30 "$dir/board-only-setup.log" >&2
		fail "meson setup $dir failed"
	}
fi
echo "board-only: building and installing $dir (log: $dir/board-only-build.log)"
rm -rf "$dest"
{ ninja -C "$dir" && DESTDIR=$root/$dest meson install -C "$dir" --no-rebuild; } \
	>"$dir/board-only-build.log" 2>&1 || {
	grep -E -A12 'FAILED|error' "$dir/board-only-build.log" | head -n 40 >&2
	fail "the build of $dir failed"
}
echo "board-only: built and installed in $(elapsed "$start")"

libdir=$(dirname "$(find "$dest" -name 'librte_bus_dpaa.so' -not -path '*/pmds-*' | head -n 1)")
[ -n "$libdir" ] && [ "$libdir" != . ] || fail "no librte_bus_dpaa.so installed under $dest"
out=$(devtools/check-driver-libs.sh --board-only "$libdir")
rc=$?
echo "$out" | sed '$d'
read -r passed failed < <(tail -n 1 <<<"$out" | grep -oE '[0-9]+' | tr '\n' ' ')
[ "$rc" -eq 0 ] || [ "${failed:-0}" -gt 0 ] || failed=1

# What a user of the installed libraries sees with DPAA_MODEL set: EAL
# starts (a DPAA device named on the command line too), and the bus says
# once that this build has no model and looks for a board instead.
prog=$dir/no-model-eal
cat >"$prog.c" <<'EOF_C'
#include <stdio.h>
#include <rte_eal.h>
int main(int argc, char **argv)
{
	int ret = rte_eal_init(argc, argv);
	printf("rte_eal_init: %d\n", ret);
	if (ret >= 0)
		rte_eal_cleanup();
	return ret < 0;
}
EOF_C
if ! ${CC:-cc} "$prog.c" -o "$prog" -I"$libdir/../../include" -include rte_config.h \
	-L"$libdir" -lrte_eal -Wl,-rpath,"$libdir" 2>"$prog.log"; then
	echo "FAIL: cannot build $prog against the installed headers and libraries:"
	head -n 5 "$prog.log"
	failed=$((failed + 1))
else
	eal=$(DPAA_MODEL= LD_LIBRARY_PATH=$libdir "$prog" --no-huge --no-shconf --file-prefix "board-only-$$" -m 128 --no-pci \
		--no-telemetry -d "$libdir/librte_bus_dpaa.so" -d "$libdir/librte_mempool_dpaa.so" \
		-d "$libdir/librte_net_dpaa.so" -a dpaa_bus:fm1-mac9 2>&1)
	said=$(grep -c 'DPAA_MODEL is set, but this build of the DPAA bus has no modelled SoC' <<<"$eal")
	if grep -q '^rte_eal_init: [0-9]' <<<"$eal" && [ "$said" -eq 1 ]; then
		echo "ok: with DPAA_MODEL set, EAL starts and the bus says once that it has no model"
		passed=$((passed + 1))
	else
		echo "FAIL: with DPAA_MODEL set (warned $said times):"
		tail -n 8 <<<"$eal"
		failed=$((failed + 1))
	fi
fi

# The control: the same check on the model's build (build/, when there is
# one) fails, on the model host's symbols and hooks.
model_drivers=${DPAA_BUILD_DIR:-build}/subprojects/dpdk/drivers
if [ -f "$model_drivers/librte_bus_dpaa.so" ]; then
	control=$(devtools/check-driver-libs.sh --board-only "$model_drivers")
	if [ $? -ne 0 ] && grep -q "symbols of the model's host" <<<"$control" &&
		grep -q "model hook symbols" <<<"$control"; then
		echo "ok: the same check fails on the model's build ($model_drivers)"
		passed=$((passed + 1))
	else
		echo "FAIL: the same check passes on the model's build ($model_drivers): it sees nothing"
		failed=$((failed + 1))
	fi
fi
echo "board-only: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
