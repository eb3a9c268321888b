/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The wire items of a model configuration, shared by the DPAA1 (DPAA_MODEL)
// and DPAA2 (DPAA2_KERNEL_MODEL) configurations: one item per port that has
// a wire, <port>=<kind>[:...] (the kinds and their options are described in
// config.hpp), parsed into a WireSpec, and the text helpers both parsers use
// so that their messages read the same:
//   <VARIABLE>: item <n> "<text>": <what was expected>
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dpaa_model/pacer.hpp"
#include "dpaa_model/wire_gen.hpp"
#include "dpaa_model/wire_pcap.hpp"
#include "dpaa_model/wire_tap.hpp"

namespace dpaa::model
{

// How the model's thread runs, the same in every family's configuration.
enum class RunMode { threaded, stepped };
enum class Throttle { line, off };

namespace wirespec
{
struct None {
	bool operator==(const None &) const = default;
};
struct Loopback {
	bool operator==(const Loopback &) const = default;
};
struct Cable {
	std::string peer;
	// A capture file whose frames enter the cable at this end once, towards
	// the peer, as from a device tapped in (a PTP master's sync message).
	std::string inject;
	bool operator==(const Cable &) const = default;
};
struct Sink {
	bool operator==(const Sink &) const = default;
};
} // namespace wirespec

using WireSpec = std::variant<wirespec::None, wirespec::Loopback, wirespec::Cable, PcapParams,
			      TapParams, GenParams, wirespec::Sink>;

// The name of a WireSpec's kind as the configuration spells it ("cable").
const char *wire_kind_name(const WireSpec &spec);

// One port and its wire, with the item that gave it (for errors found later,
// when a file or a TAP is opened).
struct PortWire {
	std::string port;      // "fm1-mac9", "dpmac.3"
	WireSpec wire;	       // wirespec::None when no item names the port
	unsigned item = 0;     // 1-based; 0: implied
	std::string item_text; // that item
};

// One item of a configuration string: its 1-based number and its text.
struct ConfigItem {
	unsigned n = 0;
	std::string_view text;
};

namespace config_text
{
// Whitespace off both ends.
std::string_view trim(std::string_view s);
// The parts between separators, each trimmed (empty parts kept).
std::vector<std::string_view> split(std::string_view s, char sep);
// Decimal digits only: no sign, no spaces, no overflow.
bool to_u64(std::string_view s, uint64_t &v);
// Text from the configuration, quoted for a message, a long one cut.
std::string quote(std::string_view s);
// The same without quotes, for a value after its key.
std::string cut(std::string_view s);
// Whether 'cpu' is online; 'list' is the kernel's list ("0-1,4"). True
// when the list cannot be read.
bool cpu_online(uint64_t cpu, std::string &list);
// The items of a configuration: split on ';', empty ones dropped, numbered
// as written.
std::vector<ConfigItem> items(std::string_view text);
// The one item that sets `key`, wherever it stands (the board, against which
// every other item is checked, is read first): `item` is null when no item
// sets it; `twice` is a second one, `what` the message to report against it.
struct SingleItem {
	const ConfigItem *item = nullptr;
	std::string_view value;
	const ConfigItem *twice = nullptr;
	std::string what;
};
SingleItem single_item(const std::vector<ConfigItem> &items, std::string_view key);

// The model thread's settings that every family takes: mode, throttle,
// cpu. not_mine for another key; bad, with `what` to report against the
// item, for a value that is not one of the key's.
enum class RunSetting { not_mine, ok, bad };
RunSetting run_setting(std::string_view key, std::string_view value, RunMode &mode,
		       Throttle &throttle, int &cpu, std::string &what);
// "<variable>: item <n> \"<text>\": <what>"
std::string item_error(std::string_view variable, const ConfigItem &it, const std::string &what);
} // namespace config_text

// The ports a configuration may wire, for the wire items' checks (a cable's
// peer) and messages.
struct WirePorts {
	std::string_view variable; // "DPAA_MODEL", for messages
	std::string_view board;	   // the board's name, for messages
	std::string list;	   // the ports, as messages list them
	std::vector<PortWire *> ports;

	PortWire *find(std::string_view name) const;
};

// Parses the wire of one item, "<kind>[:...]", for 'port'. false, and error
// naming the item, when it is not one.
bool parse_wire_item(const WirePorts &ports, const ConfigItem &it, std::string_view port,
		     std::string_view text, WireSpec &out, std::string &error);

// A cable given on one end is the other end's wire too; given on both ends,
// the two must name each other. 'items' are those of the configuration.
bool resolve_cables(const WirePorts &ports, const std::vector<ConfigItem> &items,
		    std::string &error);

} // namespace dpaa::model
