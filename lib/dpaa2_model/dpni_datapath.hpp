/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// One DPNI's data path in WRIOP: what the MC's DPNI commands configure
// (buffer layouts, pools, offloads, filters, distribution, error
// behaviour), its frame queues, its statistics, and the Rx and Tx work on
// its frames (wriop_rx.cpp, wriop_tx.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "dpaa2_hw/fd.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace dpaa2::model
{

class Wriop;
class Dpmac;

// Header fields a distribution key extracts (set_hash_distribution).
namespace dist_field
{
inline constexpr uint64_t kEthDst = 1u << 0;
inline constexpr uint64_t kEthSrc = 1u << 1;
inline constexpr uint64_t kEthType = 1u << 2;
inline constexpr uint64_t kVlanTci = 1u << 3;
inline constexpr uint64_t kIpSrc = 1u << 4;
inline constexpr uint64_t kIpDst = 1u << 5;
inline constexpr uint64_t kIpProto = 1u << 6;
inline constexpr uint64_t kL4Src = 1u << 7; // TCP/UDP/SCTP source port
inline constexpr uint64_t kL4Dst = 1u << 8;
} // namespace dist_field

// DPNI_ERROR_ACTION_*.
namespace error_action
{
inline constexpr uint8_t kDiscard = 0;
inline constexpr uint8_t kContinue = 1;
inline constexpr uint8_t kSendToErrorQueue = 2;
} // namespace error_action

class NiDatapath
{
public:
	NiDatapath(Wriop &w, unsigned dpni_id, unsigned num_rx_tcs, unsigned num_queues,
		   unsigned num_tx_tcs, unsigned num_channels);
	~NiDatapath();
	NiDatapath(const NiDatapath &) = delete;
	NiDatapath &operator=(const NiDatapath &) = delete;

	struct BufferLayout {
		bool pass_ts = false, pass_pr = false, pass_fs = false, pass_swo = false;
		uint16_t private_data_size = 0, data_align = 64, head_room = 0, tail_room = 0;
	};
	BufferLayout rx_layout, tx_layout, tx_conf_layout;
	struct Pool {
		uint16_t bpid;
		uint16_t buffer_size;
	};
	std::array<Pool, 8> pools{};
	unsigned num_pools = 0;
	uint16_t max_frame_length = 1536;
	bool rx_l3_csum = false, rx_l4_csum = false, tx_l3_csum = false, tx_l4_csum = false;
	bool flc_hash = false; // DPNI_FLCTYPE_HASH: the distribution hash in FD.FLC[63:32]
	bool unicast_promisc = false, multicast_promisc = false;
	std::array<uint8_t, 6> primary_mac{};
	// The filter tables' sizes (dpni_attr.mac_filter_entries and
	// vlan_filter_entries): an add to a full table fails.
	void set_filter_sizes(unsigned mac_entries, unsigned vlan_entries)
	{
		mac_filter_entries_ = mac_entries;
		vlan_filter_entries_ = vlan_entries;
	}
	bool add_mac_filter(const std::array<uint8_t, 6> &mac);
	bool remove_mac_filter(const std::array<uint8_t, 6> &mac);
	void clear_mac_filters(bool unicast, bool multicast);
	bool vlan_filter = false;
	bool add_vlan(uint16_t vid);
	bool remove_vlan(uint16_t vid);
	uint32_t error_behavior_errors = 0; // FAS error bits the action applies to
	uint8_t error_action = error_action::kContinue;
	bool error_fas = false;

	// Spread frames over dist_size of the TC's queues by a hash of the
	// fields (dist_field::); dist_size 1 or fields 0: queue 0.
	void set_hash_distribution(unsigned tc, unsigned dist_size, uint64_t fields);
	uint32_t rx_fqid(unsigned tc, unsigned flow) const;
	uint32_t tx_fqid(unsigned channel, unsigned tc) const;
	uint32_t rx_err_fqid() const { return rx_err_fqid_; }
	// Tx confirmation (dpni_set_tx_confirmation_mode): each sent FD goes
	// back to software on a confirmation FQ instead of its buffers to
	// their pools. Affine: the Tx FQ of (channel, TC) has its own; single:
	// one for all; disable: none, buffers released. A frame's FAEAD may
	// override it (wriop_tx.cpp).
	enum class TxConfirmation : uint8_t { affine = 0, single = 1, disable = 2 };
	void set_tx_confirmation(TxConfirmation mode);
	void set_tx_confirmation(bool on)
	{
		set_tx_confirmation(on ? TxConfirmation::affine : TxConfirmation::disable);
	}
	TxConfirmation tx_confirmation() const { return tx_conf_mode_; }
	// The confirmation FQ of the Tx FQ of (channel, TC), 0 if none.
	uint32_t tx_conf_fqid(unsigned channel = 0, unsigned tc = 0) const;

	void enable(bool on);
	bool enabled() const { return enabled_; }
	void connect(Dpmac *mac);
	Dpmac *endpoint() const { return mac_; }
	unsigned id() const { return id_; }
	unsigned num_queues() const { return num_queues_; }

	struct LinkState {
		bool up;
		uint32_t rate_mbps;
		bool half_duplex;
	};
	LinkState link_state() const;
	// Pages 0, 1, 2, 4 of dpni_get_statistics (others: zero).
	void statistics(unsigned page, uint64_t out[7]) const;
	void reset_statistics();
	void set_link_change_notify(void (*fn)(void *ctx), void *ctx);

	// ---- WRIOP's side ----
	// A frame from the MAC (without FCS): the Rx path (wriop_rx.cpp).
	void receive(std::span<const uint8_t> frame);
	// Take and send what the Tx FQs hold (wriop_tx.cpp); true if any.
	bool transmit_pending();
	void link_changed();
	// The Rx FQ the last frame went to, 0 before any.
	uint32_t last_rx_fqid() const { return last_rx_fqid_; }
	// The software portals that pulled from the Rx FQs, a bit per portal.
	uint64_t rx_pullers() const;

	struct Counters {
		uint64_t in_frames, in_bytes, in_mcast_frames, in_mcast_bytes, in_bcast_frames,
			in_bcast_bytes;
		uint64_t out_frames, out_bytes, out_mcast_frames, out_mcast_bytes, out_bcast_frames,
			out_bcast_bytes;
		uint64_t in_filtered, in_discarded, in_nobuffer, out_discarded, out_confirmed;
		uint64_t cgr_reject_frames, cgr_reject_bytes;
		uint64_t in_enqueued; // to an Rx or error FQ
		uint64_t in_oversize; // also in in_discarded
		uint64_t tx_misuse;   // bad FDs (also in out_discarded)
	};
	const Counters &counters() const { return c_; }

private:
	bool accept_destination(std::span<const uint8_t> frame) const;
	bool accept_vlan(std::span<const uint8_t> frame, const dpaa::model::FrameFacts &f) const;
	uint32_t flow_hash(std::span<const uint8_t> p, const dpaa::model::FrameFacts &f) const;
	bool rx_to_buffers(std::span<const uint8_t> frame, const dpaa::model::FrameFacts &f,
			   uint32_t fas, uint32_t hash, hw::Fd &fd);
	void release_fd_buffers(const hw::Fd &fd);
	// What a Tx frame's egress action descriptor asks: where it is
	// confirmed (0: released instead) and whether the time it left is
	// written into its annotation for the confirmation.
	struct TxActions {
		uint32_t conf_fqid;
		bool stamp;
	};
	bool transmit_fd(const hw::Fd &fd, const TxActions &act);
	TxActions tx_actions_of(const hw::Fd &fd, uint32_t queue_conf) const;
	void write_tx_stamp(const hw::Fd &fd, uint64_t ns);
	bool gather(const hw::Fd &fd, std::vector<uint8_t> &out, bool &release);
	void release_tx_buffers(const hw::Fd &fd);

	Wriop &w_;
	unsigned id_;
	unsigned num_rx_tcs_, num_queues_, num_tx_tcs_, num_channels_;
	std::vector<uint32_t> rx_fqids_; // [tc * num_queues + flow]
	std::vector<uint32_t> tx_fqids_; // [channel * num_tx_tcs + tc]
	uint32_t rx_err_fqid_ = 0;
	std::vector<uint32_t> tx_conf_fqids_; // [channel * num_tx_tcs + tc], made on first use
	TxConfirmation tx_conf_mode_ = TxConfirmation::disable;
	std::array<unsigned, 8> dist_size_{};
	std::array<uint64_t, 8> dist_fields_{};
	std::vector<std::array<uint8_t, 6>> mac_filters_;
	std::vector<uint16_t> vlans_;
	unsigned mac_filter_entries_ = 64, vlan_filter_entries_ = 16;
	bool enabled_ = false;
	Dpmac *mac_ = nullptr;
	void (*link_fn_)(void *) = nullptr;
	void *link_ctx_ = nullptr;
	bool last_link_up_ = false;
	uint32_t last_rx_fqid_ = 0;
	Counters c_{};
	std::vector<uint8_t> tx_scratch_;
};

} // namespace dpaa2::model
