#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# The test suites under the sanitizers, each in a build tree of its own next
# to build/ (DPDK included: meson's b_sanitize reaches the subproject).
#
#   devtools/sanitize.sh [--asan] [--tsan] [--valgrind] [--all]   (default --asan)
#
# --asan      build-asan/, -Db_sanitize=address,undefined: the unit, bus and
#             ethdev suites; any AddressSanitizer, LeakSanitizer or
#             UndefinedBehaviorSanitizer report fails its test
# --tsan      build-tsan/, -Db_sanitize=thread: the tests that run the model
#             on its own thread (the unit suite's *Threaded* tests and the
#             ethdev suite); reports fail the test, except those
#             devtools/tsan.supp suppresses, each with its reason; the
#             tree is built with RTE_FORCE_INTRINSICS so that TSan sees
#             DPDK's spinlocks
# --valgrind  valgrind memcheck on build/'s stepped-model tests (the unit
#             suite but its *Threaded* tests); any error or definite leak
#             fails
# --all       the three
#
# Each mode prints how long it took; the last line is
# "sanitize: N passed, N failed" over the modes run.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

modes=()
for arg in "$@"; do
	case "$arg" in
	--asan) modes+=(asan) ;;
	--tsan) modes+=(tsan) ;;
	--valgrind) modes+=(valgrind) ;;
	--all) modes+=(asan tsan valgrind) ;;
	*)
		echo "sanitize: unknown option '$arg' (expected --asan, --tsan, --valgrind, --all)" >&2
		exit 2
		;;
	esac
done
[ ${#modes[@]} -gt 0 ] || modes=(asan)

elapsed() {
	local s=$((EPOCHSECONDS - $1))
	printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# Configure a sanitizer tree once; build only the executables of the given
# suites' tests (not testpmd, the examples or the upstream tree).
build_tree() {
	local dir=$1 sanitize=$2
	shift 2
	# TSan cannot see a lock taken in inline assembly, which is what
	# DPDK's rte_spinlock is on x86 unless RTE_FORCE_INTRINSICS puts it on
	# compiler atomics: without it, every access under EAL's alarm and
	# interrupt locks or our portal_irq lock is reported as a race.
	local extra=()
	[ "$sanitize" = thread ] && extra=(-Dc_args=-DRTE_FORCE_INTRINSICS -Dcpp_args=-DRTE_FORCE_INTRINSICS)
	if [ -f "$dir/build.ninja" ] && [ ${#extra[@]} -gt 0 ] &&
		! grep -q RTE_FORCE_INTRINSICS "$dir/compile_commands.json" 2>/dev/null; then
		echo "sanitize: reconfiguring $dir with ${extra[*]}"
		meson configure "$dir" "${extra[@]}" >"$dir/sanitize-setup.log" 2>&1 || return 1
	fi
	if [ ! -f "$dir/build.ninja" ]; then
		echo "sanitize: configuring $dir (-Db_sanitize=$sanitize${extra:+ ${extra[*]}})"
		mkdir -p "$dir"
		meson setup "$dir" -Db_sanitize="$sanitize" -Ddebug=true -Dperf_tests=false "${extra[@]}" \
			>"$dir/sanitize-setup.log" 2>&1 || {
			tail -n 30 "$dir/sanitize-setup.log" >&2
			echo "sanitize: meson setup $dir failed (log: $dir/sanitize-setup.log)" >&2
			return 1
		}
	fi
	local targets
	targets=$(meson introspect "$dir" --tests | /usr/bin/python3 -c '
import json, os, sys
root, suites = sys.argv[1], sys.argv[2:]
seen = []
for t in json.load(sys.stdin):
    if any(s.split(":")[-1] in suites for s in t["suite"]) and t["cmd"][0].startswith(root + "/"):
        rel = os.path.relpath(t["cmd"][0], root)
        if rel not in seen:
            seen.append(rel)
print(" ".join(seen))' "$root/$dir" "$@")
	echo "sanitize: building the tests of $* in $dir (log: $dir/sanitize-build.log)"
	# shellcheck disable=SC2086 # one target a word
	ninja -C "$dir" $targets >"$dir/sanitize-build.log" 2>&1 || {
		grep -E -A12 'FAILED|error' "$dir/sanitize-build.log" | head -n 40 >&2
		echo "sanitize: the build of $dir failed (log: $dir/sanitize-build.log)" >&2
		return 1
	}
}

# meson test in a tree without rebuilding everything; counts as test.sh does.
run_suites() {
	local dir=$1
	shift
	local log=$dir/meson-logs/testlog.json passed failed skipped
	rm -f "$log"
	meson test -C "$dir" --no-rebuild --print-errorlogs "$@"
	local rc=$?
	[ -s "$log" ] || return 1
	read -r passed failed skipped < <(devtools/testlog-summary.py "$log")
	echo "sanitize: $dir: $passed passed, $failed failed, $skipped skipped"
	[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
}

mode_asan() {
	build_tree build-asan address,undefined unit bus ethdev || return 1
	# DPDK's guide: ASan needs no option of its own at run time. UBSan
	# reports are fatal, as ASan's are. The instrumented code runs 5 to 20
	# times slower (the threaded-model tests most), so each test gets
	# SANITIZE_TIMEOUT_MULTIPLIER times its timeout, and the QMan stress
	# test (10^7 frames, 48 s unsanitized) moves 10^6: the same code paths.
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0} \
		UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
		DPAA_STRESS_FRAMES=${DPAA_STRESS_FRAMES:-1000000} \
		run_suites build-asan --timeout-multiplier "${SANITIZE_TIMEOUT_MULTIPLIER:-4}" \
		--suite unit --suite bus --suite ethdev
}

mode_tsan() {
	local opts="halt_on_error=0:exitcode=66:second_deadlock_stack=1"
	opts+=":suppressions=$root/devtools/tsan.supp"
	export TSAN_OPTIONS=${TSAN_OPTIONS:-$opts}
	# The unit suite's threaded-model tests are its *Threaded* ones (the
	# QMan stress tests with fewer frames: TSan runs them 5-15 times
	# slower), in three of its executables.
	build_tree build-tsan thread unit || return 1
	local bin rc=0 log start
	for bin in dpaa-unit-tests dpaa-fman-tests dpaa-wire-tests; do
		log=build-tsan/threaded-$bin.log
		start=$EPOCHSECONDS
		DPAA_STRESS_FRAMES=${DPAA_STRESS_FRAMES:-200000} "build-tsan/app/test/unit/$bin" \
			--gtest_filter='*Threaded*' >"$log" 2>&1 || rc=1
		echo "sanitize: $bin --gtest_filter='*Threaded*': $(grep -E '^\[  (PASSED|FAILED)  \]' "$log" | tr '\n' ' ')($(elapsed "$start"), log: $log)"
		grep -E 'WARNING: ThreadSanitizer|^SUMMARY' "$log"
	done
	[ $rc -eq 0 ] || return 1
	# The ethdev suite runs the model threaded throughout.
	build_tree build-tsan thread ethdev || return 1
	run_suites build-tsan --timeout-multiplier "${SANITIZE_TIMEOUT_MULTIPLIER:-4}" --suite ethdev
}

mode_valgrind() {
	command -v valgrind >/dev/null || {
		if [ "$(id -u)" = 0 ]; then
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null || return 1
		else
			echo "sanitize: valgrind is not installed; as root run: apt-get install -y valgrind" >&2
			return 1
		fi
	}
	[ -f build/build.ninja ] || devtools/setup.sh || return 1
	# The unit suite's executables that step the model without EAL, so none
	# of DPDK's machine-specific (AVX-512) code that valgrind cannot decode;
	# not dpaa-rx-fd-check-tests, which registers DPDK's log types with that
	# code, nor dpaa-mmio-trap-tests, whose SIGSEGV handler resumes the
	# trapped store by editing the signal context, which valgrind ignores.
	local bins=(dpaa-unit-tests dpaa-fman-tests dpaa-wire-tests dpaa-fman-ctl-tests
		dpaa-platform-tests dpaa-hw-wait-tests) bin ok=0 log
	ninja -C build "${bins[@]/#/app/test/unit/}" >/dev/null || return 1
	for bin in "${bins[@]}"; do
		log=build/valgrind-$bin.log
		local start=$EPOCHSECONDS
		# --fair-sched: valgrind runs one thread at a time, and without a
		# fair hand-over a test's spinning reader threads kept its main
		# thread off for minutes (BusAddr.ReadersOnSeveralThreads*: 396 s
		# once, 82 ms with it).
		valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
			--show-leak-kinds=definite --track-origins=yes --quiet --fair-sched=yes \
			"build/app/test/unit/$bin" --gtest_filter='-*Threaded*:*Stress*' >"$log" 2>&1
		local rc=$?
		if [ $rc -eq 0 ]; then
			echo "sanitize: valgrind $bin: clean, $(grep -E '^\[  PASSED  \]' "$log") ($(elapsed "$start"))"
		else
			grep -E '==[0-9]+== (Invalid|Conditional|Use of|Mismatched|.*definitely lost)|FAILED' "$log" |
				head -n 10 >&2
			echo "sanitize: valgrind $bin: FAILED (exit $rc, log: $log)" >&2
			ok=1
		fi
	done
	return $ok
}

passed=0
failed=0
for m in "${modes[@]}"; do
	start=$EPOCHSECONDS
	echo "sanitize: $m"
	if "mode_$m"; then
		echo "sanitize: $m: PASS ($(elapsed "$start"))"
		passed=$((passed + 1))
	else
		echo "sanitize: $m: FAIL ($(elapsed "$start"))"
		failed=$((failed + 1))
	fi
done
echo "sanitize: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
