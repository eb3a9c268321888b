#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Build doc/guides as HTML the way DPDK builds its own guides: sphinx-build
# with warnings as errors (-W), here with --keep-going so that every warning
# is listed at once. Sphinx and DPDK's theme come from the distribution
# (python3-sphinx, python3-sphinx-rtd-theme), installed when missing as root.
#
#   devtools/build-docs.sh [output directory, default build/doc/guides]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-${DPAA_BUILD_DIR:-build}/doc/guides}
export PATH=/usr/bin:/bin:/usr/sbin:/sbin:$PATH

packages=(python3-sphinx python3-sphinx-rtd-theme)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "build-docs: missing packages; as root run:" >&2
		echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	echo "build-docs: installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$out"
log=$out/sphinx.log
# -E: read every source again, so that a warning is never hidden by a cache.
if ! sphinx-build -W --keep-going -E -q -j auto -b html -d "$out/doctrees" doc/guides "$out/html" >"$log" 2>&1; then
	cat "$log" >&2
	echo "build-docs: FAIL: doc/guides does not build without warnings (log: $log)" >&2
	exit 1
fi
echo "PASS: doc/guides built without warnings into $out/html"
