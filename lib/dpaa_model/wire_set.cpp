/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_set.hpp"

#include "dpaa_model/wire_loopback.hpp"

namespace dpaa::model
{

std::unique_ptr<WireSet> WireSet::create(const ModelConfig &cfg, std::string &error)
{
	std::unique_ptr<WireSet> set(new WireSet);
	const bool throttle = cfg.throttled();
	for (const PortConfig &p : cfg.ports) {
		std::unique_ptr<Wire> w;
		std::string why;
		if (std::holds_alternative<wirespec::None>(p.wire)) {
			w = std::make_unique<NoneWire>();
		} else if (std::holds_alternative<wirespec::Loopback>(p.wire)) {
			w = std::make_unique<LoopbackWire>(p.port, throttle);
		} else if (std::holds_alternative<wirespec::Cable>(p.wire)) {
			w = std::make_unique<CableEnd>(p.port, throttle);
		} else if (std::holds_alternative<wirespec::Sink>(p.wire)) {
			w = std::make_unique<SinkWire>(p.port);
		} else if (auto *g = std::get_if<GenParams>(&p.wire)) {
			w = std::make_unique<GenWire>(p.port, *g, throttle);
		} else if (auto *pc = std::get_if<PcapParams>(&p.wire)) {
			w = PcapWire::open(p.port, *pc, throttle, cfg.mode == RunMode::threaded,
					   why);
		} else if (auto *t = std::get_if<TapParams>(&p.wire)) {
			w = TapWire::open(*t, why);
		}
		if (!w) {
			error = "DPAA_MODEL: item " + std::to_string(p.item) + " \"" + p.item_text +
				"\": " + why;
			return nullptr;
		}
		set->entries_.push_back({&p, std::move(w)});
	}
	// Cable ends find each other by port name.
	for (Entry &e : set->entries_) {
		auto *c = std::get_if<wirespec::Cable>(&e.port->wire);
		if (!c)
			continue;
		const Entry *peer = set->find(c->peer);
		CableEnd::connect(static_cast<CableEnd &>(*e.wire),
				  static_cast<CableEnd &>(*peer->wire));
	}
	return set;
}

bool WireSet::poll()
{
	bool worked = false;
	for (Entry &e : entries_)
		worked |= e.wire->poll();
	return worked;
}

void WireSet::flush()
{
	for (Entry &e : entries_)
		if (std::holds_alternative<PcapParams>(e.port->wire))
			static_cast<PcapWire &>(*e.wire).flush();
}

const WireSet::Entry *WireSet::find(std::string_view port) const
{
	for (const Entry &e : entries_)
		if (e.port->port == port)
			return &e;
	return nullptr;
}

Wire *WireSet::wire(std::string_view port)
{
	const Entry *e = find(port);
	return e ? e->wire.get() : nullptr;
}

} // namespace dpaa::model
