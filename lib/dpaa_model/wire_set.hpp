/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The wires a configuration plugs into the board's MACs, built from a
// ModelConfig (DPAA1) or from any list of ports and their wire items (DPAA2's
// DPMACs). In a System each Fman polls the wires attached to its MACs; the
// set is also a Block, for a scheduler that has no FMan (tools, tests).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dpaa_model/block.hpp"
#include "dpaa_model/config.hpp"
#include "dpaa_model/wire.hpp"
#include "dpaa_model/wire_cable.hpp"
#include "dpaa_model/wire_gen.hpp"
#include "dpaa_model/wire_none.hpp"
#include "dpaa_model/wire_pcap.hpp"
#include "dpaa_model/wire_sink.hpp"
#include "dpaa_model/wire_tap.hpp"

namespace dpaa::model
{

class WireSet final : public Block
{
public:
	struct Entry {
		const PortWire *port; // the set's copy of what create() was given
		std::unique_ptr<Wire> wire;
	};
	struct Options {
		std::string_view variable = "DPAA_MODEL"; // names the items in errors
		bool throttle = true;			  // wires pace themselves
		bool threaded = true;			  // a model thread runs them
	};

	// One wire per port, in the order given (entries() keeps it); nullptr
	// and error naming the item when a file or TAP cannot be opened.
	static std::unique_ptr<WireSet> create(std::vector<PortWire> ports, const Options &opts,
					       std::string &error);
	// The same for every port of a DPAA1 configuration, in cfg.ports' order.
	static std::unique_ptr<WireSet> create(const ModelConfig &cfg, std::string &error);

	bool poll() override;
	// Writes out what file wires buffered (pcap outputs).
	void flush();
	// One line per wire that carries traffic (not none), what it counted:
	// "fm1-mac10 sink: 1000 frames, 64000 bytes; generator frames 1000: 0 bad,
	// 0 lost, 0 out of order, 0 duplicates". Any thread may call it.
	std::vector<std::string> summary() const;

	std::vector<Entry> &entries() { return entries_; }
	Wire *wire(std::string_view port);
	// The wire of that port if it is of that kind, else nullptr.
	SinkWire *sink(std::string_view port) { return as<SinkWire, wirespec::Sink>(port); }
	GenWire *gen(std::string_view port) { return as<GenWire, GenParams>(port); }
	TapWire *tap(std::string_view port) { return as<TapWire, TapParams>(port); }
	PcapWire *pcap(std::string_view port) { return as<PcapWire, PcapParams>(port); }
	CableEnd *cable(std::string_view port)
	{
		if (CableEnd *c = as<CableEnd, wirespec::Cable>(port))
			return c;
		return as<CableEnd, wirespec::Loopback>(port);
	}

private:
	WireSet() = default;
	const Entry *find(std::string_view port) const;
	// Kinds are known from the configuration: no RTTI needed.
	template <class W, class Spec> W *as(std::string_view port)
	{
		const Entry *e = find(port);
		if (!e || !std::holds_alternative<Spec>(e->port->wire))
			return nullptr;
		return static_cast<W *>(e->wire.get());
	}

	std::vector<PortWire> ports_; // never resized after create(): entries point here
	std::vector<Entry> entries_;
};

} // namespace dpaa::model
