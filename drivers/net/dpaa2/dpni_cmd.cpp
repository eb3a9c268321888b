/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpni_cmd.hpp"

#include <cerrno>

namespace dpaa2::net::dpni
{

namespace hmc = dpaa2::hw::mc;
using hw::McCommand;

namespace
{

McCommand make(uint16_t id, const McObject &o) noexcept
{
	return McCommand::make(id, o.token);
}

int send(McIo &io, const McObject &o, McCommand &c) noexcept
{
	if (!o.open)
		return -EBADF;
	return io.send(c);
}

// A command whose only parameter is one enable byte.
int set_flag(McIo &io, const McObject &o, uint16_t id, bool on) noexcept
{
	McCommand c = make(id, o);
	c.as<hmc::DpniEnable>().enable = on ? 1 : 0;
	return send(io, o, c);
}

} // namespace

int get_attributes(McIo &io, const McObject &o, Attributes &out) noexcept
{
	McCommand c = make(hmc::dpni::kGetAttributes, o);
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpniAttributesResponse>();
	out.options = r.options.load();
	out.num_queues = r.num_queues;
	out.num_rx_tcs = r.num_rx_tcs;
	out.num_tx_tcs = r.num_tx_tcs;
	out.mac_filter_entries = r.mac_filter_entries;
	out.vlan_filter_entries = r.vlan_filter_entries;
	out.num_channels = r.num_channels;
	out.num_cgs = r.num_cgs;
	out.wriop_version = r.wriop_version.load();
	return 0;
}

static int get_mac(McIo &io, const McObject &o, uint16_t id, uint8_t mac[6]) noexcept
{
	McCommand c = make(id, o);
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpniMacAddr>();
	for (unsigned i = 0; i < 6; i++)
		mac[i] = r.mac_addr[5 - i];
	return 0;
}

int get_primary_mac(McIo &io, const McObject &o, uint8_t mac[6]) noexcept
{
	return get_mac(io, o, hmc::dpni::kGetPrimaryMac, mac);
}

int get_port_mac(McIo &io, const McObject &o, uint8_t mac[6]) noexcept
{
	return get_mac(io, o, hmc::dpni::kGetPortMacAddr, mac);
}

int set_primary_mac(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept
{
	McCommand c = make(hmc::dpni::kSetPrimaryMac, o);
	auto &p = c.as<hmc::DpniMacAddr>();
	for (unsigned i = 0; i < 6; i++)
		p.mac_addr[5 - i] = mac[i];
	return send(io, o, c);
}

int set_buffer_layout(McIo &io, const McObject &o, QueueType qtype, const BufferLayout &l) noexcept
{
	McCommand c = make(hmc::dpni::kSetBufferLayout, o);
	auto &p = c.as<hmc::DpniSetBufferLayoutCommand>();
	p.qtype = static_cast<uint8_t>(qtype);
	p.options.store(l.options);
	p.flags = static_cast<uint8_t>((l.pass_ts ? hmc::kDpniPassTs : 0) |
				       (l.pass_pr ? hmc::kDpniPassPr : 0) |
				       (l.pass_fs ? hmc::kDpniPassFs : 0));
	p.private_data_size.store(l.private_data_size);
	p.data_align.store(l.data_align);
	p.head_room.store(l.head_room);
	p.tail_room.store(l.tail_room);
	return send(io, o, c);
}

int set_pools(McIo &io, const McObject &o, uint16_t dpbp_id, uint16_t buffer_size) noexcept
{
	McCommand c = make(hmc::dpni::kSetPools, o);
	auto &p = c.as<hmc::DpniSetPoolsCommand>();
	p.num_dpbp = 1;
	p.pool[0].dpbp_id.store(dpbp_id);
	p.pool[0].priority_mask = 0; // every priority
	p.buffer_size[0].store(buffer_size);
	return send(io, o, c);
}

int set_queue(McIo &io, const McObject &o, QueueType qtype, uint8_t tc, uint8_t index,
	      const QueueConfig &c) noexcept
{
	McCommand cmd = make(hmc::dpni::kSetQueue, o);
	auto &p = cmd.as<hmc::DpniSetQueueCommand>();
	p.qtype = static_cast<uint8_t>(qtype);
	p.tc = tc;
	p.index = index;
	p.options = c.options;
	p.dest_id.store(c.dest_id);
	p.dest_prio = c.dest_prio;
	p.flags = c.flags;
	p.flc.store(c.flc);
	p.user_context.store(c.user_context);
	return send(io, o, cmd);
}

int get_queue_fqid(McIo &io, const McObject &o, QueueType qtype, uint8_t tc, uint8_t index,
		   uint32_t &fqid) noexcept
{
	McCommand c = make(hmc::dpni::kGetQueue, o);
	auto &p = c.as<hmc::DpniGetQueueCommand>();
	p.qtype = static_cast<uint8_t>(qtype);
	p.tc = tc;
	p.index = index;
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	fqid = c.as<hmc::DpniGetQueueResponse>().fqid.load() & hw::kFqidMask;
	return 0;
}

int set_offload(McIo &io, const McObject &o, hmc::DpniOffload which, bool on) noexcept
{
	McCommand c = make(hmc::dpni::kSetOffload, o);
	auto &p = c.as<hmc::DpniOffloadCommand>();
	p.dpni_offload = static_cast<uint8_t>(which);
	p.config.store(on ? 1 : 0);
	return send(io, o, c);
}

int set_max_frame_length(McIo &io, const McObject &o, uint16_t len) noexcept
{
	McCommand c = make(hmc::dpni::kSetMaxFrameLength, o);
	c.as<hmc::DpniMaxFrameLength>().max_frame_length.store(len);
	return send(io, o, c);
}

int set_tx_confirmation_mode(McIo &io, const McObject &o, hmc::DpniConfirmationMode mode) noexcept
{
	// Version 1, DPDK 22.11's (the firmware it is laid out for).
	McCommand c = make(hmc::dpni::kSetTxConfirmationModeV1, o);
	c.as<hmc::DpniTxConfirmationModeCommand>().confirmation_mode = static_cast<uint8_t>(mode);
	return send(io, o, c);
}

int set_errors_behavior(McIo &io, const McObject &o, uint32_t errors, hmc::DpniErrorAction action,
			bool set_annotation) noexcept
{
	McCommand c = make(hmc::dpni::kSetErrorsBehavior, o);
	auto &p = c.as<hmc::DpniErrorsBehaviorCommand>();
	p.errors.store(errors);
	p.flags = static_cast<uint8_t>((static_cast<uint8_t>(action) & hmc::kDpniErrorActionMask) |
				       (set_annotation ? hmc::kDpniErrorSetFrameAnnotation : 0));
	return send(io, o, c);
}

int set_unicast_promisc(McIo &io, const McObject &o, bool on) noexcept
{
	return set_flag(io, o, hmc::dpni::kSetUnicastPromisc, on);
}

int set_multicast_promisc(McIo &io, const McObject &o, bool on) noexcept
{
	return set_flag(io, o, hmc::dpni::kSetMcastPromisc, on);
}

int set_rx_hash_dist(McIo &io, const McObject &o, uint8_t tc, uint16_t dist_size,
		     uint64_t key_cfg_iova) noexcept
{
	McCommand c = make(hmc::dpni::kSetRxHashDist, o);
	auto &p = c.as<hmc::DpniRxHashDistCommand>();
	p.dist_size.store(dist_size);
	p.enable = dist_size > 1 ? 1 : 0;
	p.tc_id = tc;
	p.key_cfg_iova.store(dist_size > 1 ? key_cfg_iova : 0);
	return send(io, o, c);
}

int get_link_state(McIo &io, const McObject &o, LinkState &out) noexcept
{
	McCommand c = make(hmc::dpni::kGetLinkState, o);
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpniLinkStateResponse>();
	out.up = r.flags & hmc::kDpniLinkStateUp;
	out.valid = r.flags & hmc::kDpniLinkStateValid;
	out.rate_mbps = r.rate.load();
	out.options = r.options.load();
	return 0;
}

int get_speed_capability(McIo &io, const McObject &o, uint32_t &dpmac_speeds) noexcept
{
	McCommand c = make(hmc::dpni::kGetMacSpeedCapability, o);
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	dpmac_speeds = c.as<hmc::DpniMacSpeedCapabilityResponse>().speed_cap.load();
	return 0;
}

int get_statistics(McIo &io, const McObject &o, uint8_t page, uint64_t out[7]) noexcept
{
	McCommand c = make(hmc::dpni::kGetStatistics, o);
	c.as<hmc::DpniGetStatisticsCommand>().page_number = page;
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	const auto &r = c.as<hmc::DpniStatisticsResponse>();
	for (unsigned i = 0; i < 7; i++)
		out[i] = r.counter[i].load();
	return 0;
}

int reset_statistics(McIo &io, const McObject &o) noexcept
{
	McCommand c = make(hmc::dpni::kResetStatistics, o);
	return send(io, o, c);
}

int set_irq_mask(McIo &io, const McObject &o, uint8_t index, uint32_t mask) noexcept
{
	McCommand c = make(hmc::kCmdSetIrqMask, o);
	auto &p = c.as<hmc::IrqWordCommand>();
	p.value.store(mask);
	p.irq_index = index;
	return send(io, o, c);
}

int set_irq_enable(McIo &io, const McObject &o, uint8_t index, bool on) noexcept
{
	McCommand c = make(hmc::kCmdSetIrqEnable, o);
	auto &p = c.as<hmc::IrqEnableCommand>();
	p.enable = on ? 1 : 0;
	p.irq_index = index;
	return send(io, o, c);
}

int get_irq_status(McIo &io, const McObject &o, uint8_t index, uint32_t &status) noexcept
{
	McCommand c = make(hmc::kCmdGetIrqStatus, o);
	auto &p = c.as<hmc::IrqWordCommand>();
	p.value.store(status);
	p.irq_index = index;
	if (int ret = send(io, o, c); ret < 0)
		return ret;
	status = c.as<hmc::IrqWordResponse>().value.load();
	return 0;
}

int clear_irq_status(McIo &io, const McObject &o, uint8_t index, uint32_t status) noexcept
{
	McCommand c = make(hmc::kCmdClearIrqStatus, o);
	auto &p = c.as<hmc::IrqWordCommand>();
	p.value.store(status);
	p.irq_index = index;
	return send(io, o, c);
}

} // namespace dpaa2::net::dpni
