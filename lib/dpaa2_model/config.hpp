/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The DPAA2 model's configuration: one string, usually the
// DPAA2_KERNEL_MODEL environment variable, in DPAA_MODEL's syntax.
//
//   board=lx2160a-rdb;dpmac.3=pcap:rx=in.pcap;dpmac.4=pcap:tx=out.pcap;mode=threaded;cpu=1
//
// Items are separated by ';'. Global items:
//   board=lx2160a-rdb|ls2088a-rdb   (default lx2160a-rdb)
//   mode=threaded|stepped           (default threaded)
//   cpu=<n>                         pin the model thread (default: not pinned)
//   throttle=line|off               wires run at the MAC speed (default line)
// the DPDK container's objects (NXP's dynamic_dpl.sh's numbers by default):
//   dpio=<n>   (1..64, default 10)  software portals
//   dpbp=<n>   (1..64, default 4)   buffer pools
//   dpcon=<n>  (0..64, default 5)   channels (eventdev)
//   dpmcp=<n>  (1..64, default 1)   MC portals (one per DPDK process)
// and one item per DPMAC that has a wire, dpmac.<id>=<wire>, the wires of
// DPAA_MODEL (none, loopback, cable:dpmac.<id>, pcap, tap, gen, sink; see
// lib/dpaa_model/config.hpp). Every DPMAC named gets a DPNI in the
// container, connected to it, as dynamic_dpl.sh does for each dpmac.X it is
// given (none: a DPNI whose link is down). Every error names the item:
//   DPAA2_KERNEL_MODEL: item 2 "dpmac.99=sink": no dpmac.99 on lx2160a-rdb (dpmac.1 .. dpmac.18)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "dpaa2_model/board.hpp"
#include "dpaa_model/config.hpp"
#include "dpaa_model/wire_config.hpp"

namespace dpaa2::model
{

using dpaa::model::PortWire;
using dpaa::model::RunMode;
using dpaa::model::Throttle;

inline constexpr std::string_view kConfigVariable = "DPAA2_KERNEL_MODEL";

struct ModelConfig {
	const BoardDesc *board = nullptr; // never null after a successful parse
	RunMode mode = RunMode::threaded;
	int cpu = -1; // -1: not pinned
	Throttle throttle = Throttle::line;
	// The container's objects besides the DPNIs (dynamic_dpl.sh: 1 DPMCP,
	// 4 DPBP, 5 DPCON, 10 DPIO).
	unsigned num_dpio = 10;
	unsigned num_dpbp = 4;
	unsigned num_dpcon = 5;
	unsigned num_dpmcp = 1;
	// dprtc=1: the board's 1588 timer (dprtc.0) assigned to DPDK's
	// container, for IEEE 1588 (off: dynamic_dpl.sh leaves it to the
	// kernel).
	unsigned dprtc = 0;
	// Every DPMAC of the board, in id order, each with its wire ("dpmac.3").
	std::vector<PortWire> dpmacs;

	const PortWire *dpmac(unsigned id) const;
	// The DPMACs an item names, in id order: each gets a DPNI.
	std::vector<unsigned> named_dpmacs() const;
	bool throttled() const { return mode == RunMode::threaded && throttle == Throttle::line; }
};

// false, and error = "DPAA2_KERNEL_MODEL: item <n> \"<text>\": <what was
// expected>", on any error.
bool parse_config(std::string_view text, ModelConfig &out, std::string &error);

} // namespace dpaa2::model
