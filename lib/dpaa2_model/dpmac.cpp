/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/dpmac.hpp"

#include <algorithm>

#include "dpaa2_model/dpni_datapath.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

Dpmac::Dpmac(Wriop &w, unsigned id, uint32_t max_speed_mbps, const char *phy)
    : w_(w), id_(id), max_speed_(max_speed_mbps), phy_(phy ? phy : "")
{
}

void Dpmac::attach_wire(dpaa::model::Wire *wire)
{
	wire_ = wire;
	if (wire_)
		wire_->attach(*this);
	if (ni_)
		ni_->link_changed();
}

bool Dpmac::link_up() const
{
	return wire_ && wire_->link_up();
}

uint32_t Dpmac::link_rate_mbps() const
{
	if (!link_up())
		return 0;
	// Autonegotiation settles at the slower end's speed.
	if (const dpaa::model::MacPort *far = wire_->far_mac())
		return std::min(max_speed_, far->max_speed_mbps());
	return max_speed_;
}

bool Dpmac::transmit(std::span<const uint8_t> frame)
{
	if (!wire_ || !wire_->transmit(frame)) {
		c_.tx_errors++;
		return false;
	}
	c_.tx_frames++;
	c_.tx_bytes += frame.size();
	return true;
}

bool Dpmac::wire_rx(std::span<const uint8_t> frame, bool fcs_ok)
{
	c_.rx_frames++;
	c_.rx_bytes += frame.size();
	if (!fcs_ok) {
		c_.rx_fcs_errors++;
		return true;
	}
	if (frame.size() > kMaxFrame) {
		c_.rx_oversize++;
		return true;
	}
	if (!ni_) {
		c_.rx_no_endpoint++;
		return true;
	}
	ni_->receive(frame);
	return true;
}

uint32_t Dpmac::speed_mbps() const
{
	const uint32_t r = link_rate_mbps();
	return r ? r : max_speed_;
}

bool Dpmac::rx_ready() const
{
	return ni_ && ni_->enabled();
}

uint32_t Dpmac::rx_dequeuers() const
{
	return rx_ready() && ni_->rx_pulled() ? 1u : 0u;
}

bool Dpmac::rx_backlogged() const
{
	if (!ni_ || !ni_->last_rx_fqid())
		return false;
	Qbman &q = w_.qbman();
	const uint32_t fq = ni_->last_rx_fqid();
	const Qbman::FqSettings *s = q.fq_settings(fq);
	if (!s || !s->taildrop || !s->taildrop_threshold)
		return false;
	const Qbman::FqCounts k = q.fq_counts(fq);
	return (s->taildrop_frames ? k.frames : k.bytes) >= s->taildrop_threshold;
}

uint64_t Dpmac::wire_time_ns() const
{
	return w_.now_ns();
}

} // namespace dpaa2::model
