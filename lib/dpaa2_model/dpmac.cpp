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
	if (!wire_ || !wire_->link_up() || !phy_powered())
		return false;
	const dpaa::model::MacPort *far = wire_->far_mac();
	return far == nullptr || far->phy_powered();
}

bool Dpmac::phy_powered() const
{
	return ni_ == nullptr || ni_->enabled();
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
	// A runt (the wire's frames come without their 4-byte FCS) never
	// reaches the DPNI: an undersized frame, or a fragment when its FCS
	// is bad too (the mEMAC's RUND and RFRG, which the DPMAC reports).
	if (frame.size() + 4 < kMinFrameWithFcs) {
		if (fcs_ok)
			c_.rx_undersized++;
		else
			c_.rx_fragments++;
		return true;
	}
	// Too long: oversized with a good FCS, a jabber with a bad one
	// (DPMAC_CNT_ING_OVERSIZED and _JABBER); an FCS error is a frame of
	// legal length.
	if (frame.size() > kMaxFrame) {
		if (fcs_ok)
			c_.rx_oversize++;
		else
			c_.rx_jabbers++;
		return true;
	}
	if (!fcs_ok) {
		c_.rx_fcs_errors++;
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
	if (!rx_ready())
		return 0;
	// MacPort's mask has 32 bits and QBMan's portals are up to 64: fold
	// the upper half in. What a wire reads from it is whether it is zero
	// and when it changes, which the fold keeps (a portal's bit changes
	// the mask unless its twin 32 apart already pulled).
	const uint64_t m = ni_->rx_pullers();
	return static_cast<uint32_t>(m | (m >> 32));
}

bool Dpmac::rx_backlogged() const
{
	if (!ni_ || !ni_->last_rx_fqid())
		return false;
	// Held back while the longest frame the DPNI takes would be dropped:
	// the same test as the enqueue's, so that a generator never offers a
	// frame the queue's tail drop would reject (its next frame's length is
	// the wire's to know, not the MAC's), nor one that would find no
	// buffer in any of the DPNI's pools (a driver that sets no tail drop
	// fills its pools first: a generator that went on would keep the
	// model's thread making frames WRIOP then discards).
	if (w_.qbman().fq_would_drop(ni_->last_rx_fqid(), ni_->max_frame_length))
		return true;
	for (unsigned i = 0; i < ni_->num_pools && i < ni_->pools.size(); i++)
		if (w_.qbman().bp_count(ni_->pools[i].bpid) != 0)
			return false;
	return ni_->num_pools != 0;
}

uint64_t Dpmac::wire_time_ns() const
{
	return w_.now_ns();
}

} // namespace dpaa2::model
