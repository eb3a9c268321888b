/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_set.hpp"

#include "dpaa_model/wire_loopback.hpp"

#include <atomic>

namespace dpaa::model
{

namespace
{
std::atomic<WireWarningFn> warning_fn{nullptr};
} // namespace

void set_wire_warning(WireWarningFn fn) noexcept
{
	warning_fn.store(fn);
}

void wire_warning(const std::string &message)
{
	if (WireWarningFn fn = warning_fn.load())
		fn(message);
}

std::unique_ptr<WireSet> WireSet::create(const ModelConfig &cfg, std::string &error)
{
	std::vector<PortWire> ports(cfg.ports.begin(), cfg.ports.end());
	Options opts;
	opts.throttle = cfg.throttled();
	opts.threaded = cfg.mode == RunMode::threaded;
	return create(std::move(ports), opts, error);
}

std::unique_ptr<WireSet> WireSet::create(std::vector<PortWire> ports, const Options &opts,
					 std::string &error)
{
	std::unique_ptr<WireSet> set(new WireSet);
	set->ports_ = std::move(ports);
	const bool throttle = opts.throttle;
	for (const PortWire &p : set->ports_) {
		std::unique_ptr<Wire> w;
		std::string why;
		if (std::holds_alternative<wirespec::None>(p.wire)) {
			w = std::make_unique<NoneWire>();
		} else if (std::holds_alternative<wirespec::Loopback>(p.wire)) {
			w = std::make_unique<LoopbackWire>(p.port, throttle);
		} else if (auto *c = std::get_if<wirespec::Cable>(&p.wire)) {
			auto end = std::make_unique<CableEnd>(p.port, throttle);
			if (c->inject.empty() || end->load_inject(c->inject, why))
				w = std::move(end);
		} else if (std::holds_alternative<wirespec::Sink>(p.wire)) {
			w = std::make_unique<SinkWire>(p.port);
		} else if (auto *g = std::get_if<GenParams>(&p.wire)) {
			w = std::make_unique<GenWire>(p.port, *g, throttle);
		} else if (auto *pc = std::get_if<PcapParams>(&p.wire)) {
			w = PcapWire::open(p.port, *pc, throttle, opts.threaded, why);
		} else if (auto *t = std::get_if<TapParams>(&p.wire)) {
			w = TapWire::open(*t, why);
		}
		if (!w) {
			error = std::string(opts.variable) + ": item " + std::to_string(p.item) +
				" \"" + p.item_text + "\": " + why;
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

std::vector<std::string> WireSet::summary() const
{
	std::vector<std::string> lines;
	for (const Entry &e : entries_) {
		const WireSpec &spec = e.port->wire;
		std::string l = e.port->port;
		l += ' ';
		if (std::holds_alternative<wirespec::None>(spec))
			continue;
		if (std::holds_alternative<wirespec::Sink>(spec)) {
			SinkWire::Counters c = static_cast<const SinkWire &>(*e.wire).counters();
			l += "sink: " + std::to_string(c.frames) + " frames, " +
			     std::to_string(c.bytes) + " bytes; generator frames " +
			     std::to_string(c.generated) + ": " + std::to_string(c.bad) + " bad, " +
			     std::to_string(c.lost) + " lost, " + std::to_string(c.out_of_order) +
			     " out of order, " + std::to_string(c.duplicates) + " duplicates";
		} else if (std::holds_alternative<GenParams>(spec)) {
			const GenWire &g = static_cast<const GenWire &>(*e.wire);
			l += e.wire->describe() + ": " + std::to_string(g.sent()) + " frames, " +
			     std::to_string(g.sent_bytes()) + " bytes sent; " +
			     std::to_string(g.refused()) + " refused by the MAC; " +
			     std::to_string(g.from_mac()) + " frames from the MAC";
		} else if (std::holds_alternative<PcapParams>(spec)) {
			const PcapWire &p = static_cast<const PcapWire &>(*e.wire);
			l += e.wire->describe() + ": " + std::to_string(p.received()) +
			     " frames received, " + std::to_string(p.written()) + " written";
		} else if (std::holds_alternative<TapParams>(spec)) {
			const TapWire &t = static_cast<const TapWire &>(*e.wire);
			l += e.wire->describe() + ": " + std::to_string(t.from_kernel()) +
			     " frames from the kernel, " + std::to_string(t.to_kernel()) +
			     " to it, " + std::to_string(t.dropped()) + " dropped";
		} else {
			CableEnd::Stats st = static_cast<const CableEnd &>(*e.wire).stats();
			l += e.wire->describe() + ": " + std::to_string(st.tx_frames) +
			     " frames in, " + std::to_string(st.rx_frames) + " out, " +
			     std::to_string(st.tx_dropped) + " dropped (cable full or down)";
		}
		lines.push_back(std::move(l));
	}
	return lines;
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
