#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Build the libFuzzer targets of app/fuzz with the distribution's clang
# (AddressSanitizer and UndefinedBehaviorSanitizer on, any report fatal) into
# build-fuzz/, then run each for a while from its committed seed corpus.
#
#   devtools/fuzz.sh [--time SECONDS] [--build-only] [target...]
#
# --time SECONDS   how long each target runs (default 60)
# --build-only     build, do not run
# target           fd_to_mbuf, parser, model_config, pcap_reader (default: all)
#
# Each target's corpus grows in build-fuzz/corpus/<target> (seeded from
# app/fuzz/corpus/<target>); a finding is written to
# build-fuzz/findings/<target>-crash-*, and replays with
#   build-fuzz/fuzz_<target> build-fuzz/findings/<target>-crash-...
# The last line is "fuzz: N clean, N with findings".
#
# fd_to_mbuf compiles drivers/net/dpaa/dpaa_rx.cpp as the DPDK build does (its
# command from build/compile_commands.json), so build/ must be configured:
# devtools/setup.sh does it, and this runs it when build/ is missing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH
builddir=${DPAA_BUILD_DIR:-build}
out=build-fuzz
all_targets=(fd_to_mbuf parser model_config pcap_reader)

seconds=60
build_only=0
targets=()
while [ $# -gt 0 ]; do
	case "$1" in
	--time)
		seconds=${2:?--time needs a number of seconds}
		shift
		;;
	--build-only) build_only=1 ;;
	fd_to_mbuf | parser | model_config | pcap_reader) targets+=("$1") ;;
	*)
		echo "fuzz: unknown argument '$1' (expected --time N, --build-only or a target: ${all_targets[*]})" >&2
		exit 2
		;;
	esac
	shift
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

# clang 14 (Debian 12's) has libFuzzer in libclang-rt-14-dev, which the clang
# package only recommends.
packages=(clang libclang-rt-14-dev libpcap-dev)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "fuzz: missing packages; as root run: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	echo "fuzz: installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
cxx=(clang++)
command -v ccache >/dev/null && cxx=(ccache clang++)
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char *, unsigned long) { return 0; }' |
	clang++ -x c++ -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
	echo "fuzz: $(clang++ --version | head -n 1) cannot link -fsanitize=fuzzer (libclang-rt-14-dev?)" >&2
	exit 1
fi

[ -f "$builddir/compile_commands.json" ] || devtools/setup.sh

sanitize=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
common=(-std=gnu++20 -O1 -g "${sanitize[@]}" -Wall -Wextra -Werror)
mkdir -p "$out/obj" "$out/findings"

# The modelled SoC's sources, as lib/dpaa_model/meson.build lists them.
model_objs=()
while IFS= read -r src; do
	case "$src" in '' | '#'*) continue ;; esac
	obj=$out/obj/model_${src%.cpp}.o
	"${cxx[@]}" "${common[@]}" -fsanitize=fuzzer-no-link -Ilib -c "lib/dpaa_model/$src" -o "$obj"
	model_objs+=("$obj")
done <lib/dpaa_model/sources.list

build_model_target() {
	local t=$1
	"${cxx[@]}" "${common[@]}" -fsanitize=fuzzer -Ilib "app/fuzz/fuzz_$t.cpp" "${model_objs[@]}" \
		-lpcap -pthread -o "$out/fuzz_$t"
}

# dpaa_rx.cpp's own command, retargeted at clang and at the fuzz target that
# includes it; gcc's -Wno-volatile is clang's -Wno-deprecated-volatile.
build_fd_to_mbuf() {
	local flags
	flags=$(/usr/bin/python3 - "$builddir" <<'EOF'
import json, shlex, sys
builddir = sys.argv[1]
for e in json.load(open(builddir + "/compile_commands.json")):
    if e["file"].endswith("drivers/net/dpaa/dpaa_rx.cpp"):
        args = shlex.split(e["command"])
        keep, skip = [], False
        for a in args[1:]:
            if skip:
                skip = False
                continue
            if a in ("-o", "-c", "-MQ", "-MF"):
                skip = True
                continue
            if a in ("c++", "g++", "-MD", "-fdiagnostics-color=always") or a.startswith("-O") \
                    or a.endswith("dpaa_rx.cpp"):
                continue
            if a.startswith("-I") and not a[2:].startswith("/"):
                a = "-I" + e["directory"] + "/" + a[2:]
            keep.append("-Wno-deprecated-volatile" if a == "-Wno-volatile" else a)
        print(" ".join(shlex.quote(a) for a in keep))
        break
else:
    sys.exit("fuzz: " + builddir + "/compile_commands.json does not compile dpaa_rx.cpp")
EOF
)
	eval "set -- $flags"
	# The Rx path's out-of-line checks, beside the file the target includes.
	local extra=() src obj
	for src in drivers/net/dpaa/dpaa_rx_check.cpp; do
		[ -f "$src" ] || continue
		obj=$out/obj/$(basename "${src%.cpp}").o
		"${cxx[@]}" "$@" -O1 -g "${sanitize[@]}" -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
		extra+=("$obj")
	done
	"${cxx[@]}" "$@" -O1 -g "${sanitize[@]}" -fsanitize=fuzzer -Wno-unused-parameter -Wno-bitwise-instead-of-logical \
		-Idrivers/net/dpaa app/fuzz/fuzz_fd_to_mbuf.cpp "${extra[@]}" -o "$out/fuzz_fd_to_mbuf"
}

for t in "${targets[@]}"; do
	start=$EPOCHSECONDS
	if [ "$t" = fd_to_mbuf ]; then
		build_fd_to_mbuf
	else
		build_model_target "$t"
	fi
	echo "fuzz: built $out/fuzz_$t ($((EPOCHSECONDS - start))s)"
done
[ $build_only = 1 ] && exit 0

clean=0
found=0
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for t in "${targets[@]}"; do
	corpus=$out/corpus/$t
	mkdir -p "$corpus"
	cp -n app/fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
	log=$out/fuzz_$t.log
	echo "fuzz: $t for ${seconds}s (log: $log)"
	set +e
	"$out/fuzz_$t" -max_total_time="$seconds" -max_len=4096 -print_final_stats=1 \
		-artifact_prefix="$out/findings/$t-" "$corpus" >"$log" 2>&1
	rc=$?
	set -e
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ $rc -eq 0 ]; then
		echo "fuzz: $t: clean, ${runs:-?} inputs, corpus $(ls "$corpus" | wc -l) files"
		clean=$((clean + 1))
	else
		grep -E 'ERROR|SUMMARY|fuzz_[a-z_]+: |runtime error' "$log" | head -n 5 >&2
		echo "fuzz: $t: FINDING after ${runs:-?} inputs: $(ls -t "$out/findings/$t-"* 2>/dev/null | head -n 1)" >&2
		found=$((found + 1))
	fi
done
echo "fuzz: $clean clean, $found with findings"
[ $found -eq 0 ]
