#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Set everything up on a Debian 12 machine: packages, the DPDK source with our
# drivers overlaid, and a build in build/. Safe to run again: each step is
# skipped when already done.
#
#   devtools/setup.sh [--reconfigure]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
builddir=${DPAA_BUILD_DIR:-build}

packages=(
	build-essential meson ninja-build pkg-config python3 python3-pyelftools
	libnuma-dev libpcap-dev libbsd-dev libsystemd-dev libdbus-1-dev libelf-dev zlib1g-dev libjansson-dev
	libgtest-dev libgmock-dev libbenchmark-dev tcpdump iproute2 dpkg-dev
	xz-utils ca-certificates iputils-ping
)

# DPDK's build scripts need pyelftools; a python3 earlier on PATH (pyenv, a
# virtualenv) usually lacks it, so the distribution's comes first.
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "setup: missing packages; as root run:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	echo "setup: installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

buildtools/get-dpdk

if [ ! -f "$builddir/build.ninja" ]; then
	meson setup "$builddir" >"$root/.setup.log" 2>&1 || {
		tail -n 40 "$root/.setup.log" >&2
		echo "setup: meson setup failed; the whole log is in .setup.log" >&2
		exit 1
	}
elif [ "${1:-}" = "--reconfigure" ]; then
	meson setup --reconfigure "$builddir" >"$root/.setup.log" 2>&1
fi

echo "setup: building in $builddir/"
ninja -C "$builddir" >"$root/.build.log" 2>&1 || {
	grep -E -B2 -A12 'error|FAILED' "$root/.build.log" | head -n 80 >&2
	echo "setup: the build failed; the whole log is in .build.log" >&2
	exit 1
}
# Upstream's own C DPAA drivers, unmodified, for the upstream suite.
buildtools/build-upstream
echo "setup: done"
