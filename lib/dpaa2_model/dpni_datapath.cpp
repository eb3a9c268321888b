/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/dpni_datapath.hpp"

#include <algorithm>
#include <cstring>

#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

NiDatapath::NiDatapath(Wriop &w, unsigned dpni_id, unsigned num_rx_tcs, unsigned num_queues,
		       unsigned num_tx_tcs, unsigned num_channels)
    : w_(w), id_(dpni_id), num_rx_tcs_(std::clamp(num_rx_tcs, 1u, 8u)),
      num_queues_(std::max(num_queues, 1u)), num_tx_tcs_(std::clamp(num_tx_tcs, 1u, 8u)),
      num_channels_(std::max(num_channels, 1u))
{
	Qbman &q = w_.qbman();
	rx_fqids_.resize(num_rx_tcs_ * num_queues_);
	for (uint32_t &fq : rx_fqids_)
		fq = q.fq_alloc();
	tx_fqids_.resize(num_tx_tcs_ * num_channels_);
	for (uint32_t &fq : tx_fqids_) {
		fq = q.fq_alloc();
		// WRIOP takes a Tx FQ's frames as they are enqueued, as the
		// hardware's Tx channel does: no pull.
		q.fq_set_consumer(
			fq,
			[](void *ctx, uint32_t) {
				static_cast<NiDatapath *>(ctx)->transmit_pending();
			},
			this);
	}
	rx_err_fqid_ = q.fq_alloc();
	dist_size_.fill(1);
}

NiDatapath::~NiDatapath()
{
	Qbman &q = w_.qbman();
	for (uint32_t fq : tx_fqids_) {
		q.fq_set_consumer(fq, nullptr, nullptr);
		q.fq_free(fq);
	}
	for (uint32_t fq : rx_fqids_)
		q.fq_free(fq);
	q.fq_free(rx_err_fqid_);
	for (uint32_t fq : tx_conf_fqids_)
		q.fq_free(fq);
	if (mac_)
		mac_->set_endpoint(nullptr);
}

bool NiDatapath::add_mac_filter(const std::array<uint8_t, 6> &mac)
{
	if (std::find(mac_filters_.begin(), mac_filters_.end(), mac) != mac_filters_.end())
		return true;
	if (mac_filters_.size() >= mac_filter_entries_)
		return false;
	mac_filters_.push_back(mac);
	return true;
}

bool NiDatapath::remove_mac_filter(const std::array<uint8_t, 6> &mac)
{
	auto it = std::find(mac_filters_.begin(), mac_filters_.end(), mac);
	if (it == mac_filters_.end())
		return false;
	mac_filters_.erase(it);
	return true;
}

void NiDatapath::clear_mac_filters(bool unicast, bool multicast)
{
	std::erase_if(mac_filters_, [&](const std::array<uint8_t, 6> &m) {
		return (m[0] & 1) ? multicast : unicast;
	});
}

bool NiDatapath::add_vlan(uint16_t vid)
{
	vid &= 0x0fff;
	if (std::find(vlans_.begin(), vlans_.end(), vid) != vlans_.end())
		return true;
	if (vlans_.size() >= vlan_filter_entries_)
		return false;
	vlans_.push_back(vid);
	return true;
}

bool NiDatapath::remove_vlan(uint16_t vid)
{
	vid &= 0x0fff;
	auto it = std::find(vlans_.begin(), vlans_.end(), vid);
	if (it == vlans_.end())
		return false;
	vlans_.erase(it);
	return true;
}

void NiDatapath::set_hash_distribution(unsigned tc, unsigned dist_size, uint64_t fields)
{
	if (tc >= num_rx_tcs_)
		return;
	dist_size_[tc] = std::clamp(dist_size, 1u, num_queues_);
	dist_fields_[tc] = fields;
}

uint32_t NiDatapath::rx_fqid(unsigned tc, unsigned flow) const
{
	if (tc >= num_rx_tcs_ || flow >= num_queues_)
		return 0;
	return rx_fqids_[tc * num_queues_ + flow];
}

uint32_t NiDatapath::tx_fqid(unsigned channel, unsigned tc) const
{
	if (channel >= num_channels_ || tc >= num_tx_tcs_)
		return 0;
	return tx_fqids_[channel * num_tx_tcs_ + tc];
}

void NiDatapath::set_tx_confirmation(TxConfirmation mode)
{
	// The MC makes a DPNI's confirmation FQs with it and keeps them (what
	// they hold stays there) whatever the mode: made here the first time
	// confirmation is on, so that a DPNI that never confirms takes none.
	if (mode != TxConfirmation::disable && tx_conf_fqids_.empty()) {
		tx_conf_fqids_.resize(tx_fqids_.size());
		for (uint32_t &fq : tx_conf_fqids_)
			fq = w_.qbman().fq_alloc();
	}
	tx_conf_mode_ = mode;
}

uint32_t NiDatapath::tx_conf_fqid(unsigned channel, unsigned tc) const
{
	if (channel >= num_channels_ || tc >= num_tx_tcs_ || tx_conf_fqids_.empty())
		return 0;
	switch (tx_conf_mode_) {
	case TxConfirmation::affine:
		return tx_conf_fqids_[channel * num_tx_tcs_ + tc];
	case TxConfirmation::single:
		return tx_conf_fqids_[0];
	case TxConfirmation::disable:
		break;
	}
	return 0;
}

void NiDatapath::enable(bool on)
{
	enabled_ = on;
	if (on)
		transmit_pending();
	// The DPMAC's PHY follows (Dpmac::phy_powered): this DPNI's link and
	// that of a DPNI cabled to it change now, and the MC says so at once
	// rather than at WRIOP's next poll.
	w_.links_changed();
}

void NiDatapath::connect(Dpmac *mac)
{
	if (mac_ == mac)
		return;
	if (mac_)
		mac_->set_endpoint(nullptr);
	mac_ = mac;
	if (mac_)
		mac_->set_endpoint(this);
	link_changed();
}

NiDatapath::LinkState NiDatapath::link_state() const
{
	// The DPNI's link is its DPMAC's, while the DPNI is enabled.
	if (!mac_ || !enabled_ || !mac_->link_up())
		return {false, 0, false};
	return {true, mac_->link_rate_mbps(), false};
}

void NiDatapath::link_changed()
{
	const bool up = link_state().up;
	if (up == last_link_up_)
		return;
	last_link_up_ = up;
	if (link_fn_)
		link_fn_(link_ctx_);
}

void NiDatapath::set_link_change_notify(void (*fn)(void *ctx), void *ctx)
{
	link_fn_ = fn;
	link_ctx_ = ctx;
	last_link_up_ = link_state().up;
}

void NiDatapath::statistics(unsigned page, uint64_t out[7]) const
{
	std::fill(out, out + 7, uint64_t{0});
	switch (page) {
	case 0:
		out[0] = c_.in_frames;
		out[1] = c_.in_bytes;
		out[2] = c_.in_mcast_frames;
		out[3] = c_.in_mcast_bytes;
		out[4] = c_.in_bcast_frames;
		out[5] = c_.in_bcast_bytes;
		break;
	case 1:
		out[0] = c_.out_frames;
		out[1] = c_.out_bytes;
		out[2] = c_.out_mcast_frames;
		out[3] = c_.out_mcast_bytes;
		out[4] = c_.out_bcast_frames;
		out[5] = c_.out_bcast_bytes;
		break;
	case 2:
		out[0] = c_.in_filtered;
		out[1] = c_.in_discarded;
		out[2] = c_.in_nobuffer;
		out[3] = c_.out_discarded;
		out[4] = c_.out_confirmed;
		break;
	case 4:
		out[0] = c_.cgr_reject_frames;
		out[1] = c_.cgr_reject_bytes;
		break;
	default:
		break;
	}
}

void NiDatapath::reset_statistics()
{
	c_ = Counters{};
}

uint64_t NiDatapath::rx_pullers() const
{
	uint64_t pullers = 0;
	for (uint32_t fq : rx_fqids_)
		pullers |= w_.qbman().fq_counts(fq).pullers;
	return pullers;
}

} // namespace dpaa2::model
