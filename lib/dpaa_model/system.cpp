/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/system.hpp"

#include <cstdio>

namespace dpaa::model
{

std::unique_ptr<System> System::create(std::string_view config, BusMemory &mem, std::string &error)
{
	ModelConfig cfg;
	if (!parse_config(config, cfg, error))
		return nullptr;
	return create(std::move(cfg), mem, error);
}

std::unique_ptr<System> System::create(ModelConfig config, BusMemory &mem, std::string &error)
{
	std::unique_ptr<System> s(new System);
	s->cfg_ = std::move(config);
	// The wires first: a file or TAP that cannot be opened fails before
	// anything else is built.
	s->wires_ = WireSet::create(s->cfg_, error);
	if (!s->wires_)
		return nullptr;
	s->soc_ = std::make_unique<Soc>();
	for (const FmanDesc &f : s->cfg_.board->fmans) {
		s->fmans_.push_back(std::make_unique<Fman>(*s->soc_, mem, f.index,
							   std::span<const MacDesc>(f.macs)));
		// Threaded: the model runs in real time, and so does its 1588 timer.
		if (s->cfg_.mode == RunMode::threaded)
			s->fmans_.back()->use_wall_clock();
		s->soc_->add_block(*s->fmans_.back());
	}
	// Each Fman attaches the wire to the MAC and polls it in its own poll(),
	// right after the MAC's Tx work, so the wires need no Block of their own.
	// The set's entries are in the configuration's port order.
	std::vector<WireSet::Entry> &entries = s->wires_->entries();
	for (size_t i = 0; i < entries.size(); i++) {
		const PortConfig &p = s->cfg_.ports[i];
		s->fmans_[p.fman]->attach_wire(p.cell, *entries[i].wire);
	}
	return s;
}

System::~System()
{
	stop();
	if (soc_)
		for (auto &f : fmans_)
			soc_->remove_block(*f);
}

std::vector<std::string> System::wire_summary() const
{
	std::vector<std::string> lines = wires_->summary();
	const Soc::ThreadStats t = soc_->thread_stats();
	if (t.run_ns == 0)
		return lines;
	char buf[256];
	std::snprintf(buf, sizeof(buf),
		      "model thread: %.1f%% busy (%.3f of %.3f s), %llu steps with work, %llu idle "
		      "polls",
		      100.0 * double(t.busy_ns) / double(t.run_ns), double(t.busy_ns) / 1e9,
		      double(t.run_ns) / 1e9, static_cast<unsigned long long>(t.busy_steps),
		      static_cast<unsigned long long>(t.idle_steps));
	lines.emplace_back(buf);
	if (t.profiled) {
		// Stage times in ms: a reader divides by the frames it counted.
		std::string stages = "model stages (ms):";
		for (unsigned i = 0; i < t.stage_ns.size(); i++) {
			std::snprintf(buf, sizeof(buf), " %s %.1f", kStageNames[i],
				      double(t.stage_ns[i]) / 1e6);
			stages += buf;
		}
		lines.push_back(std::move(stages));
	}
	return lines;
}

int System::start()
{
	if (cfg_.mode == RunMode::stepped || soc_->threaded())
		return 0;
	Soc::ThreadConfig t;
	t.cpu = cfg_.cpu;
	t.profile = cfg_.profile;
	return soc_->start_thread(t);
}

void System::stop()
{
	if (soc_ && soc_->threaded())
		soc_->stop_thread();
	if (wires_)
		wires_->flush();
}

} // namespace dpaa::model
