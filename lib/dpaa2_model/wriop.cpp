/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/wriop.hpp"

#include <chrono>
#include <cstdio>

namespace dpaa2::model
{

Wriop::Wriop(Qbman &qbman, BusMemory &mem, bool lx2_frc_summary)
    : qbman_(qbman), mem_(mem), lx2_(lx2_frc_summary)
{
}

Wriop::~Wriop()
{
	nis_.clear();
	macs_.clear();
}

Dpmac &Wriop::add_mac(unsigned id, uint32_t max_speed_mbps, const char *phy)
{
	auto &m = macs_[id];
	if (!m)
		m = std::make_unique<Dpmac>(*this, id, max_speed_mbps, phy);
	return *m;
}

Dpmac *Wriop::mac(unsigned id)
{
	auto it = macs_.find(id);
	return it == macs_.end() ? nullptr : it->second.get();
}

void Wriop::attach_wire(unsigned mac_id, dpaa::model::Wire &w)
{
	if (Dpmac *m = mac(mac_id))
		m->attach_wire(&w);
}

NiDatapath &Wriop::add_ni(unsigned dpni_id, unsigned num_rx_tcs, unsigned num_queues,
			  unsigned num_tx_tcs, unsigned num_channels)
{
	auto &n = nis_[dpni_id];
	if (!n)
		n = std::make_unique<NiDatapath>(*this, dpni_id, num_rx_tcs, num_queues, num_tx_tcs,
						 num_channels);
	return *n;
}

NiDatapath *Wriop::ni(unsigned dpni_id)
{
	auto it = nis_.find(dpni_id);
	return it == nis_.end() ? nullptr : it->second.get();
}

void Wriop::remove_ni(unsigned dpni_id)
{
	nis_.erase(dpni_id);
}

std::vector<std::string> Wriop::rx_summary() const
{
	std::vector<std::string> lines;
	for (const auto &[id, ni] : nis_) {
		const NiDatapath::Counters &c = ni->counters();
		if (c.in_frames == 0)
			continue;
		char buf[256];
		std::snprintf(
			buf, sizeof(buf),
			"dpni.%u rx: %llu frames, %llu filtered, %llu discarded, %llu without "
			"buffers, %llu tail-dropped; %llu enqueued",
			id, static_cast<unsigned long long>(c.in_frames),
			static_cast<unsigned long long>(c.in_filtered),
			static_cast<unsigned long long>(c.in_discarded),
			static_cast<unsigned long long>(c.in_nobuffer),
			static_cast<unsigned long long>(c.cgr_reject_frames),
			static_cast<unsigned long long>(c.in_enqueued));
		lines.emplace_back(buf);
	}
	return lines;
}

bool Wriop::poll()
{
	bool any = false;
	// Tx first (what the application sent leaves before more arrives),
	// then the wires bring frames in; a change of link is reported.
	for (auto &[id, n] : nis_)
		any |= n->transmit_pending();
	for (auto &[id, m] : macs_)
		if (m->wire())
			any |= m->wire()->poll();
	links_changed();
	return any;
}

void Wriop::links_changed()
{
	for (auto &[id, n] : nis_)
		n->link_changed();
}

uint64_t Wriop::now_ns() const
{
	return source_ns() + clock_offset_.load(std::memory_order_relaxed);
}

void Wriop::set_time_ns(uint64_t t)
{
	clock_offset_.store(t - source_ns(), std::memory_order_relaxed);
}

uint64_t Wriop::source_ns() const
{
	if (clock_fn_)
		return clock_fn_(clock_ctx_);
	return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
					     std::chrono::steady_clock::now().time_since_epoch())
					     .count());
}

} // namespace dpaa2::model
