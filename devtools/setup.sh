#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Set everything up on a Debian 12 machine: packages, the DPDK source with our
# drivers overlaid, and a build in build/. Safe to run again: each step is
# skipped when already done, and says so. Each step prints what it does and
# how long it took; the build shows ninja's progress.
#
#   devtools/setup.sh [--reconfigure] [--allow-unverified]
#
# --reconfigure        run "meson setup --reconfigure" on an existing build/
# --allow-unverified   passed to buildtools/get-dpdk: accept a DPDK source
#                      whose hash is not known (another 22.11.x), with a warning
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}

reconfigure=0
get_dpdk_args=()
for arg in "$@"; do
	case "$arg" in
	--reconfigure) reconfigure=1 ;;
	--allow-unverified) get_dpdk_args+=("$arg") ;;
	*)
		echo "setup: unknown option '$arg' (expected --reconfigure, --allow-unverified)" >&2
		exit 2
		;;
	esac
done

packages=(
	build-essential meson ninja-build pkg-config python3 python3-pyelftools
	libnuma-dev libpcap-dev libbsd-dev libsystemd-dev libdbus-1-dev libelf-dev zlib1g-dev libjansson-dev
	libgtest-dev libgmock-dev libbenchmark-dev tcpdump iproute2 dpkg-dev
	xz-utils ca-certificates iputils-ping
	# devtools/check.sh and devtools/build-docs.sh
	clang-format-14 clang-tidy-14 python3-sphinx python3-sphinx-rtd-theme
)

# DPDK's build scripts need pyelftools; a python3 earlier on PATH (pyenv, a
# virtualenv) usually lacks it, so the distribution's comes first.
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

setup_start=$EPOCHREALTIME
step_name=
step_start=

# "12.3s" or "4m05s" since $1 (an $EPOCHREALTIME).
elapsed() {
	local ms=$(((${EPOCHREALTIME/./} - ${1/./}) / 1000))
	if [ $ms -lt 60000 ]; then
		printf '%d.%ds' $((ms / 1000)) $((ms % 1000 / 100))
	else
		printf '%dm%02ds' $((ms / 60000)) $((ms % 60000 / 1000))
	fi
}
step() {
	step_name=$1
	step_start=$EPOCHREALTIME
	echo "setup: $step_name: $2"
}
step_done() { echo "setup: $step_name: ${1:-done} ($(elapsed "$step_start"))"; }
skipped() { echo "setup: $step_name: skipped, $1"; }
fail() {
	echo "setup: $step_name failed after $(elapsed "$step_start"): $1" >&2
	exit 1
}

# ninja's "[N/M] description" lines become one self-overwriting line on a
# terminal, or a line at every tenth of the build otherwise (CI logs).
show_progress() {
	local tty=$1 width=${COLUMNS:-80}
	awk -v tty="$tty" -v width="$width" '
	match($0, /^\[[0-9]+\/[0-9]+\] /) {
		split(substr($0, 2, RLENGTH - 3), nm, "/")
		n = nm[1] + 0; m = nm[2] + 0
		if (n == 0) next	# "[0/1] Regenerating build files.": meson, not the build
		pct = m ? int(100 * n / m) : 100
		if (tty) {
			line = sprintf("setup: build: [%d/%d] %3d%% %s", n, m, pct, substr($0, RLENGTH + 1))
			printf "\r\033[K%s", substr(line, 1, width - 1)
			shown = 1
		} else if (pct >= next_pct || n == m) {
			printf "setup: build: [%d/%d] %d%%\n", n, m, pct
			while (next_pct <= pct) next_pct += 10
		}
		fflush()
	}
	END { if (tty && shown) printf "\r\033[K" }'
}

step packages "checking ${#packages[@]} Debian packages"
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	skipped "all installed"
else
	if [ "$(id -u)" != 0 ]; then
		echo "setup: missing packages; as root run:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	echo "setup: packages: installing ${missing[*]}"
	apt-get update -qq || fail "apt-get update"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		fail "apt-get install ${missing[*]}"
	step_done "installed ${#missing[@]}"
fi

step "DPDK source" "subprojects/dpdk with our drivers overlaid"
if buildtools/get-dpdk --check; then
	skipped "subprojects/dpdk is ready ($(cat subprojects/dpdk/.dpaa-overlay))"
else
	buildtools/get-dpdk "${get_dpdk_args[@]}" || fail "buildtools/get-dpdk (its error is above)"
	step_done
fi

if [ ! -f "$builddir/build.ninja" ]; then
	step configure "meson setup $builddir (log: .setup.log)"
	meson setup "$builddir" >"$root/.setup.log" 2>&1 || {
		tail -n 40 "$root/.setup.log" >&2
		fail "meson setup; the whole log is in .setup.log"
	}
	step_done
elif [ $reconfigure = 1 ]; then
	step configure "meson setup --reconfigure $builddir (log: .setup.log)"
	meson setup --reconfigure "$builddir" >"$root/.setup.log" 2>&1 || {
		tail -n 40 "$root/.setup.log" >&2
		fail "meson setup --reconfigure; the whole log is in .setup.log"
	}
	step_done
else
	step configure "meson setup $builddir"
	# A folder configured before a driver joined the tree's list gets it.
	changed=$(buildtools/sync-driver-list "$builddir") ||
		fail "buildtools/sync-driver-list $builddir (its error is above)"
	if [ -n "$changed" ]; then
		step_done "$changed"
	else
		skipped "$builddir/ is configured (--reconfigure to redo it)"
	fi
fi

step build "ninja -C $builddir (log: .build.log)"
tty=0
[ -t 1 ] && tty=1
set +e
ninja -C "$builddir" 2>&1 | tee "$root/.build.log" | show_progress $tty
rc=${PIPESTATUS[0]}
set -e
if [ "$rc" -ne 0 ]; then
	grep -E -B2 -A12 'error|FAILED' "$root/.build.log" | head -n 80 >&2
	fail "the whole log is in .build.log"
fi
if grep -q '^ninja: no work to do' "$root/.build.log"; then
	if grep -q '^\[0/[0-9]*\] Regenerating build files' "$root/.build.log"; then
		step_done "meson regenerated the build files; nothing to rebuild"
	else
		skipped "everything is up to date"
	fi
else
	step_done "$(grep -c '^\[[0-9]*/[0-9]*\] ' "$root/.build.log") build steps"
fi
step upstream "upstream's own C DPAA drivers, unmodified (build-upstream/, for the upstream suite)"
buildtools/build-upstream || fail "buildtools/build-upstream (its error is above)"
step_done
echo "setup: done in $(elapsed "$setup_start")"
