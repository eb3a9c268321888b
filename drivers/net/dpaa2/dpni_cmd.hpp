/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The DPNI commands net_dpaa2 sends, typed: each builds its command from the
// layouts of dpaa2_hw/mc_commands.hpp, sends it through the bus's MC portal
// and decodes the answer. Every function returns 0 or a negative errno (the
// MC's status as mc_status_errno() maps it, or -ETIMEDOUT). Open, close,
// enable, disable, reset and is_enabled are the bus's (mc/mc_api.hpp).
//
// Plain C++ with no DPDK dependency.
#pragma once

#include <cstdint>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_hw/mc_commands.hpp"
#include "mc/mc_api.hpp"
#include "mc/mc_io.hpp"

namespace dpaa2::net::dpni
{

using fslmc::McIo;
using fslmc::mc::McObject;
using QueueType = hw::mc::DpniQueueType;

struct Attributes {
	uint32_t options = 0;
	uint8_t num_queues = 0;
	uint8_t num_rx_tcs = 0;
	uint8_t num_tx_tcs = 0;
	uint8_t mac_filter_entries = 0;
	uint8_t vlan_filter_entries = 0;
	uint8_t num_channels = 0;
	uint8_t num_cgs = 0;
	uint16_t wriop_version = 0;
};
int get_attributes(McIo &io, const McObject &o, Attributes &out) noexcept;

// Addresses in their usual byte order (the command's is reversed).
int get_primary_mac(McIo &io, const McObject &o, uint8_t mac[6]) noexcept;
int set_primary_mac(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept;
int get_port_mac(McIo &io, const McObject &o, uint8_t mac[6]) noexcept;

struct BufferLayout {
	uint16_t options = 0; // kDpniBufLayoutOpt*: the fields that change
	bool pass_ts = false, pass_pr = false, pass_fs = false;
	uint16_t private_data_size = 0;
	uint16_t data_align = 0;
	uint16_t head_room = 0;
	uint16_t tail_room = 0;
};
int set_buffer_layout(McIo &io, const McObject &o, QueueType qtype, const BufferLayout &l) noexcept;

// One pool: the DPBP and the size of its buffers.
int set_pools(McIo &io, const McObject &o, uint16_t dpbp_id, uint16_t buffer_size) noexcept;

struct QueueConfig {
	uint8_t options = 0; // kDpniQueueOpt*
	uint8_t flags = 0;   // kDpniQueueFlag* and the destination type
	uint32_t dest_id = 0;
	uint8_t dest_prio = 0;
	uint64_t flc = 0;
	uint64_t user_context = 0;
};
int set_queue(McIo &io, const McObject &o, QueueType qtype, uint8_t tc, uint8_t index,
	      const QueueConfig &c) noexcept;
// The FQID behind a queue.
int get_queue_fqid(McIo &io, const McObject &o, QueueType qtype, uint8_t tc, uint8_t index,
		   uint32_t &fqid) noexcept;

int set_offload(McIo &io, const McObject &o, hw::mc::DpniOffload which, bool on) noexcept;
int set_max_frame_length(McIo &io, const McObject &o, uint16_t len) noexcept;
int set_tx_confirmation_mode(McIo &io, const McObject &o,
			     hw::mc::DpniConfirmationMode mode) noexcept;
int set_errors_behavior(McIo &io, const McObject &o, uint32_t errors,
			hw::mc::DpniErrorAction action, bool set_annotation) noexcept;
int set_unicast_promisc(McIo &io, const McObject &o, bool on) noexcept;
int set_multicast_promisc(McIo &io, const McObject &o, bool on) noexcept;

// Hash distribution of TC `tc` over `dist_size` queues on the key the
// extract area at `key_cfg_iova` composes (dist_size 1 turns it off).
int set_rx_hash_dist(McIo &io, const McObject &o, uint8_t tc, uint16_t dist_size,
		     uint64_t key_cfg_iova) noexcept;

struct LinkState {
	bool up = false;
	bool valid = false;
	uint32_t rate_mbps = 0;
	uint64_t options = 0; // kDpniLinkOpt*
};
int get_link_state(McIo &io, const McObject &o, LinkState &out) noexcept;
// The speeds the DPMAC behind the DPNI runs: bit n for DpmacLinkSpeed n.
int get_speed_capability(McIo &io, const McObject &o, uint32_t &dpmac_speeds) noexcept;

// Statistics page `page` (0..6): its seven counters.
int get_statistics(McIo &io, const McObject &o, uint8_t page, uint64_t out[7]) noexcept;
int reset_statistics(McIo &io, const McObject &o) noexcept;

// The object's interrupt `index` (0: the DPNI's only one).
inline constexpr uint32_t kIrqEventLinkChanged = 0x1; // DPNI_IRQ_EVENT_LINK_CHANGED
int set_irq_mask(McIo &io, const McObject &o, uint8_t index, uint32_t mask) noexcept;
int set_irq_enable(McIo &io, const McObject &o, uint8_t index, bool on) noexcept;
int get_irq_status(McIo &io, const McObject &o, uint8_t index, uint32_t &status) noexcept;
int clear_irq_status(McIo &io, const McObject &o, uint8_t index, uint32_t status) noexcept;

} // namespace dpaa2::net::dpni
