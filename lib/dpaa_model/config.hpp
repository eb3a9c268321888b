/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The model's configuration: one string, usually the DPAA_MODEL environment
// variable, parsed into a plain struct.
//
//   board=ls1046a-rdb;fm1-mac9=gen:size=64:flows=16;fm1-mac10=sink;mode=threaded;cpu=1
//
// Items are separated by ';' (whitespace around items, keys and values is
// ignored, empty items too). Global items:
//   board=ls1046a-rdb|ls1043a-rdb   (default ls1046a-rdb)
//   mode=threaded|stepped           (default threaded)
//   cpu=<n>                         pin the model thread (default: not pinned)
//   throttle=line|off               wires run at the MAC speed (default line)
//   profile=on|off                  time the model thread's stages (default off)
// and one item per port that has a wire, <port>=<kind>[:...]:
//   none | loopback | sink
//   cable:<peer-port>[:inject=<file>]
//                                   both ends get the cable; inject: the
//                                   frames of a pcap file enter it once at
//                                   this end, towards the peer
//   pcap:rx=<file>:tx=<file>[:rate=<pps>|line|max][:loop=<n>][:start=poll|enable]
//       [:fcs=yes|no]
//                                   at least one of rx, tx; loop=0: forever;
//                                   start: play rx once the application
//                                   polls the port (default) or at enable;
//                                   fcs=yes: records end with the FCS
//   tap[:name=<ifname>]             default name: the port's
//   gen[:size=<n>[,<n>...]][:vlan=<id>][:qinq=<outer>.<inner>][:flows=<n>]
//      [:rate=<pps>|line|max][:count=<n>]
// Ports without an item have the wire "none" (link down). Every error names
// the item (number and text) and what was expected. The wire items are
// parsed by wire_config.hpp, which DPAA2's configuration shares.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dpaa_model/board.hpp"
#include "dpaa_model/wire_config.hpp"

namespace dpaa::model
{

struct PortConfig : PortWire {
	unsigned fman = 0; // 0 = fm1
	unsigned cell = 0;
};

struct ModelConfig {
	const BoardDesc *board = nullptr; // never null after a successful parse
	RunMode mode = RunMode::threaded;
	int cpu = -1; // -1: not pinned
	Throttle throttle = Throttle::line;
	bool profile = false; // the model thread's stage profile
	// Every port of the board, in device order, each with its wire.
	std::vector<PortConfig> ports;

	const PortConfig *port(std::string_view name) const;
	// Whether wires pace themselves: threaded mode with throttle=line.
	bool throttled() const { return mode == RunMode::threaded && throttle == Throttle::line; }
};

// false, and error = "DPAA_MODEL: item <n> \"<text>\": <what was expected>",
// on any error.
bool parse_config(std::string_view text, ModelConfig &out, std::string &error);

} // namespace dpaa::model
