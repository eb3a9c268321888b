/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// DPNI commands (fsl_dpni_cmd.h) other than the queue ones (mc_dpni_queue.cpp):
// what net_dpaa2 sends at init, configure, start, stop and close (study §5),
// applied to WRIOP's NiDatapath. The "allowed only when the DPNI is
// disabled" commands (dpni.c: set_pools, set_buffer_layout, set_offload,
// set_tx_priorities) are refused with INVALID_STATE on an enabled DPNI.
#include <algorithm>

#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

namespace
{

// Upstream's DPAA2_MAX_RX_PKT_LEN, the largest frame a DPMAC takes.
constexpr uint32_t kMaxFrameLength = Dpmac::kMaxFrame;
constexpr uint32_t kMinFrameLength = 64;
constexpr unsigned kStatisticsPages = 7; // pages 0..6

// The wire format lists the address last byte first.
void mac_to_wire(const std::array<uint8_t, 6> &mac, uint8_t out[6])
{
	for (unsigned i = 0; i < 6; i++)
		out[5 - i] = mac[i];
}

std::array<uint8_t, 6> mac_from_wire(const uint8_t in[6])
{
	std::array<uint8_t, 6> mac;
	for (unsigned i = 0; i < 6; i++)
		mac[i] = in[5 - i];
	return mac;
}

NiDatapath::BufferLayout *layout_of(NiDatapath &ni, uint8_t qtype)
{
	switch (static_cast<mc::DpniQueueType>(qtype)) {
	case mc::DpniQueueType::rx:
		return &ni.rx_layout;
	case mc::DpniQueueType::tx:
		return &ni.tx_layout;
	case mc::DpniQueueType::tx_confirm:
		return &ni.tx_conf_layout;
	default:
		return nullptr;
	}
}

} // namespace

void Mc::dpni_reset(DpniObject &o)
{
	NiDatapath &ni = *o.ni;
	ni.enable(false);
	o.enabled = false;
	ni.rx_layout = ni.tx_layout = ni.tx_conf_layout = NiDatapath::BufferLayout{};
	ni.pools = {};
	ni.num_pools = 0;
	ni.max_frame_length = 1536;
	o.max_frame_length = 1536;
	ni.rx_l3_csum = ni.rx_l4_csum = ni.tx_l3_csum = ni.tx_l4_csum = false;
	ni.flc_hash = false;
	o.offload = {};
	ni.unicast_promisc = ni.multicast_promisc = false;
	ni.primary_mac = o.create_mac;
	ni.clear_mac_filters(true, true);
	ni.vlan_filter = false;
	ni.error_behavior_errors = 0;
	ni.error_action = error_action::kContinue;
	ni.error_fas = false;
	for (unsigned tc = 0; tc < o.attr.num_rx_tcs; tc++)
		ni.set_hash_distribution(tc, 1, 0);
	// The MC's default: every transmitted frame confirmed (the driver
	// sets the mode it wants at its first Tx queue setup).
	ni.set_tx_confirmation(true);
	o.tx_confirmation_mode = uint8_t(mc::DpniConfirmationMode::affine);
	// Every queue back to its state at creation: no context, no
	// destination, no taildrop or notification.
	std::vector<uint32_t> fqids;
	for (unsigned tc = 0; tc < o.attr.num_rx_tcs; tc++)
		for (unsigned q = 0; q < o.attr.num_queues; q++)
			fqids.push_back(ni.rx_fqid(tc, q));
	for (unsigned ch = 0; ch < o.attr.num_channels; ch++)
		for (unsigned tc = 0; tc < o.attr.num_tx_tcs; tc++)
			fqids.push_back(ni.tx_fqid(ch, tc));
	for (unsigned ch = 0; ch < o.attr.num_channels; ch++)
		for (unsigned tc = 0; tc < o.attr.num_tx_tcs; tc++)
			fqids.push_back(ni.tx_conf_fqid(ch, tc));
	fqids.push_back(ni.rx_err_fqid());
	for (uint32_t fqid : fqids)
		if (fqid)
			qbman_.fq_configure(fqid, Qbman::FqSettings{});
	o.dest.clear();
	o.taildrop_oal.clear();
	o.cscn.clear();
	o.link_cfg = {};
}

Mc::McStatus Mc::dpni_command(DpniObject &o, McCommand &cmd)
{
	NiDatapath &ni = *o.ni;
	const uint16_t id = cmd.cmd_id();

	bool handled = false;
	McStatus s = dpni_queue_command(o, cmd, handled);
	if (handled)
		return s;

	// WRIOP reads these while it runs: the MC refuses to change them then.
	const bool disabled_only = id == mc::dpni::kSetPools || id == mc::dpni::kSetBufferLayout ||
				   id == mc::dpni::kSetOffload || id == mc::dpni::kSetTxPriorities;
	if (disabled_only && o.enabled)
		return misuse(McStatus::invalid_state, McMisuse::enabled_dpni,
			      "command 0x%04x on dpni.%u while it is enabled: allowed only when "
			      "the DPNI is disabled",
			      id, o.id);

	switch (id) {
	case mc::kCmdEnable:
		o.enabled = true;
		ni.enable(true);
		return McStatus::ok;
	case mc::kCmdDisable:
		o.enabled = false;
		ni.enable(false);
		return McStatus::ok;
	case mc::kCmdIsEnabled:
		cmd.clear_params();
		cmd.as<mc::IsEnabledResponse>().enabled = o.enabled;
		return McStatus::ok;
	case mc::kCmdReset:
		dpni_reset(o);
		return McStatus::ok;

	case mc::dpni::kGetAttributes: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniAttributesResponse>();
		r.options.store(o.attr.options);
		r.num_queues = o.attr.num_queues;
		r.num_rx_tcs = o.attr.num_rx_tcs;
		r.mac_filter_entries = o.attr.mac_filter_entries;
		r.num_tx_tcs = o.attr.num_tx_tcs;
		r.vlan_filter_entries = o.attr.vlan_filter_entries;
		r.num_channels = o.attr.num_channels;
		r.qos_entries = o.attr.qos_entries;
		r.fs_entries.store(o.attr.fs_entries);
		r.num_opr.store(o.attr.num_opr);
		r.qos_key_size = o.attr.qos_key_size;
		r.fs_key_size = o.attr.fs_key_size;
		r.wriop_version.store(board_.wriop_version);
		r.num_cgs = o.attr.num_cgs;
		return McStatus::ok;
	}

	case mc::dpni::kSetPools: {
		const auto &c = cmd.as<mc::DpniSetPoolsCommand>();
		if (c.num_dpbp == 0 || c.num_dpbp > ni.pools.size())
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_pools with %u pools (1..8)", o.id, c.num_dpbp);
		std::array<NiDatapath::Pool, 8> pools{};
		for (unsigned i = 0; i < c.num_dpbp; i++) {
			const unsigned dpbp_id = c.pool[i].dpbp_id.load();
			auto *bp = objects_.find_as<DpbpObject>(McObjType::dpbp, dpbp_id);
			if (!bp)
				return misuse(McStatus::config_err, McMisuse::bad_parameter,
					      "dpni.%u set_pools: no dpbp.%u", o.id, dpbp_id);
			if (bp->container != o.container)
				return misuse(McStatus::no_privilege, McMisuse::outside_container,
					      "dpni.%u set_pools: dpbp.%u is not in dprc.%u", o.id,
					      dpbp_id, o.container);
			pools[i] = {bp->bpid, c.buffer_size[i].load()};
			if (pools[i].buffer_size == 0)
				return misuse(McStatus::config_err, McMisuse::bad_parameter,
					      "dpni.%u set_pools: dpbp.%u with buffer size 0", o.id,
					      dpbp_id);
		}
		ni.pools = pools;
		ni.num_pools = c.num_dpbp;
		return McStatus::ok;
	}

	case mc::dpni::kSetErrorsBehavior: {
		const auto &c = cmd.as<mc::DpniErrorsBehaviorCommand>();
		const uint8_t action = c.flags & mc::kDpniErrorActionMask;
		if (action > uint8_t(mc::DpniErrorAction::error_queue))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_errors_behavior: action %u", o.id, action);
		ni.error_behavior_errors = c.errors.load();
		ni.error_action = action;
		ni.error_fas = c.flags & mc::kDpniErrorSetFrameAnnotation;
		return McStatus::ok;
	}

	case mc::dpni::kGetLinkState: {
		const NiDatapath::LinkState ls = ni.link_state();
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniLinkStateResponse>();
		r.flags = uint8_t((ls.up ? mc::kDpniLinkStateUp : 0) | mc::kDpniLinkStateValid);
		r.rate.store(ls.up ? ls.rate_mbps : 0);
		// The pause bits are those of the last set_link_cfg (what the
		// kernel's dpaa2-eth reads back for its pause parameters).
		r.options.store(
			mc::kDpniLinkOptAutoneg |
			(ls.half_duplex ? mc::kDpniLinkOptHalfDuplex : 0) |
			(o.link_cfg.options & (mc::kDpniLinkOptPause | mc::kDpniLinkOptAsymPause)));
		r.advertising.store(o.link_cfg.advertising);
		return McStatus::ok;
	}
	case mc::dpni::kSetLinkCfg: {
		const auto &c = cmd.as<mc::DpniLinkCfg>();
		o.link_cfg = {c.rate.load(), c.options.load(), c.advertising.load()};
		return McStatus::ok;
	}
	case mc::dpni::kGetLinkCfg: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniLinkCfg>();
		const NiDatapath::LinkState ls = ni.link_state();
		r.rate.store(o.link_cfg.rate ? o.link_cfg.rate : ls.rate_mbps);
		r.options.store(o.link_cfg.options);
		r.advertising.store(o.link_cfg.advertising);
		return McStatus::ok;
	}

	case mc::dpni::kSetMaxFrameLength: {
		const uint32_t len = cmd.as<mc::DpniMaxFrameLength>().max_frame_length.load();
		if (len < kMinFrameLength || len > kMaxFrameLength)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u max frame length %u (%u..%u)", o.id, len,
				      kMinFrameLength, kMaxFrameLength);
		o.max_frame_length = len;
		ni.max_frame_length = uint16_t(len);
		return McStatus::ok;
	}
	case mc::dpni::kGetMaxFrameLength:
		cmd.clear_params();
		cmd.as<mc::DpniMaxFrameLength>().max_frame_length.store(
			uint16_t(o.max_frame_length));
		return McStatus::ok;

	case mc::dpni::kSetMcastPromisc:
		ni.multicast_promisc = cmd.as<mc::DpniEnable>().enable & 1;
		return McStatus::ok;
	case mc::dpni::kGetMcastPromisc:
		cmd.clear_params();
		cmd.as<mc::DpniEnable>().enable = ni.multicast_promisc;
		return McStatus::ok;
	case mc::dpni::kSetUnicastPromisc:
		ni.unicast_promisc = cmd.as<mc::DpniEnable>().enable & 1;
		return McStatus::ok;
	case mc::dpni::kGetUnicastPromisc:
		cmd.clear_params();
		cmd.as<mc::DpniEnable>().enable = ni.unicast_promisc;
		return McStatus::ok;

	case mc::dpni::kSetPrimaryMac:
		ni.primary_mac = mac_from_wire(cmd.as<mc::DpniMacAddr>().mac_addr);
		return McStatus::ok;
	case mc::dpni::kGetPrimaryMac:
		cmd.clear_params();
		mac_to_wire(ni.primary_mac, cmd.as<mc::DpniMacAddr>().mac_addr);
		return McStatus::ok;
	case mc::dpni::kGetPortMacAddr:
		// The DPMAC's own address: none unless the DPL gives one, and
		// dynamic_dpl.sh gives the DPNI's instead. The driver then keeps
		// the primary address.
		cmd.clear_params();
		return McStatus::ok;
	case mc::dpni::kAddMacAddr: {
		const auto mac = mac_from_wire(cmd.as<mc::DpniAddMacAddrCommand>().mac_addr);
		if (o.attr.options & mc::kDpniOptNoMacFilter)
			return McStatus::unsupported_op;
		return ni.add_mac_filter(mac) ? McStatus::ok : McStatus::no_resource;
	}
	case mc::dpni::kRemoveMacAddr: {
		const auto mac = mac_from_wire(cmd.as<mc::DpniMacAddr>().mac_addr);
		return ni.remove_mac_filter(mac) ? McStatus::ok : McStatus::config_err;
	}
	case mc::dpni::kClearMacFilters: {
		const uint8_t flags = cmd.as<mc::DpniEnable>().enable;
		ni.clear_mac_filters(flags & 1, flags & 2);
		return McStatus::ok;
	}

	case mc::dpni::kEnableVlanFilter:
		ni.vlan_filter = cmd.as<mc::DpniEnable>().enable & 1;
		return McStatus::ok;
	case mc::dpni::kAddVlanId: {
		const uint16_t vid = cmd.as<mc::DpniVlanIdCommand>().vlan_id.load();
		if (vid > 4095)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u add_vlan_id %u", o.id, vid);
		return ni.add_vlan(vid) ? McStatus::ok : McStatus::no_resource;
	}
	case mc::dpni::kRemoveVlanId:
		return ni.remove_vlan(cmd.as<mc::DpniVlanIdCommand>().vlan_id.load())
			       ? McStatus::ok
			       : McStatus::config_err;

	case mc::dpni::kGetStatistics: {
		const auto &c = cmd.as<mc::DpniGetStatisticsCommand>();
		const unsigned page = c.page_number;
		if (page >= kStatisticsPages)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u get_statistics page %u", o.id, page);
		uint64_t counters[7];
		ni.statistics(page, counters);
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniStatisticsResponse>();
		for (unsigned i = 0; i < 7; i++)
			r.counter[i].store(counters[i]);
		return McStatus::ok;
	}
	case mc::dpni::kResetStatistics:
		ni.reset_statistics();
		return McStatus::ok;

	case mc::dpni::kSetBufferLayout: {
		const auto &c = cmd.as<mc::DpniSetBufferLayoutCommand>();
		NiDatapath::BufferLayout *l = layout_of(ni, c.qtype);
		if (!l)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_buffer_layout of queue type %u", o.id, c.qtype);
		// Only what the options name changes.
		const uint16_t opt = c.options.load();
		if (opt & mc::kDpniBufLayoutOptTimestamp)
			l->pass_ts = c.flags & mc::kDpniPassTs;
		if (opt & mc::kDpniBufLayoutOptParserResult)
			l->pass_pr = c.flags & mc::kDpniPassPr;
		if (opt & mc::kDpniBufLayoutOptFrameStatus)
			l->pass_fs = c.flags & mc::kDpniPassFs;
		if (opt & mc::kDpniBufLayoutOptSwOpaque)
			l->pass_swo = c.flags & mc::kDpniPassSwo;
		if (opt & mc::kDpniBufLayoutOptPrivateDataSize)
			l->private_data_size = c.private_data_size.load();
		if (opt & mc::kDpniBufLayoutOptDataAlign)
			l->data_align = c.data_align.load();
		if (opt & mc::kDpniBufLayoutOptHeadRoom)
			l->head_room = c.head_room.load();
		if (opt & mc::kDpniBufLayoutOptTailRoom)
			l->tail_room = c.tail_room.load();
		return McStatus::ok;
	}
	case mc::dpni::kGetBufferLayout: {
		NiDatapath::BufferLayout *l = layout_of(ni, cmd.as<mc::DpniQtypeCommand>().qtype);
		if (!l)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u get_buffer_layout of queue type %u", o.id,
				      cmd.as<mc::DpniQtypeCommand>().qtype);
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniGetBufferLayoutResponse>();
		r.flags = uint8_t(
			(l->pass_ts ? mc::kDpniPassTs : 0) | (l->pass_pr ? mc::kDpniPassPr : 0) |
			(l->pass_fs ? mc::kDpniPassFs : 0) | (l->pass_swo ? mc::kDpniPassSwo : 0));
		r.private_data_size.store(l->private_data_size);
		r.data_align.store(l->data_align);
		r.head_room.store(l->head_room);
		r.tail_room.store(l->tail_room);
		return McStatus::ok;
	}

	case mc::dpni::kSetOffload: {
		const auto &c = cmd.as<mc::DpniOffloadCommand>();
		const bool on = c.config.load() != 0;
		switch (static_cast<mc::DpniOffload>(c.dpni_offload)) {
		case mc::DpniOffload::rx_l3_csum:
			ni.rx_l3_csum = on;
			break;
		case mc::DpniOffload::rx_l4_csum:
			ni.rx_l4_csum = on;
			break;
		case mc::DpniOffload::tx_l3_csum:
			ni.tx_l3_csum = on;
			break;
		case mc::DpniOffload::tx_l4_csum:
			ni.tx_l4_csum = on;
			break;
		case mc::DpniOffload::flctype_hash:
			ni.flc_hash = on;
			break;
		default:
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_offload of offload %u", o.id, c.dpni_offload);
		}
		o.offload[c.dpni_offload] = c.config.load();
		return McStatus::ok;
	}
	case mc::dpni::kGetOffload: {
		const uint8_t which = cmd.as<mc::DpniOffloadCommand>().dpni_offload;
		if (which > uint8_t(mc::DpniOffload::flctype_hash))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u get_offload of offload %u", o.id, which);
		cmd.clear_params();
		cmd.as<mc::DpniGetOffloadResponse>().config.store(o.offload[which]);
		return McStatus::ok;
	}

	case mc::dpni::kSetTxConfirmationModeV1:
	case mc::dpni::kSetTxConfirmationModeV2: {
		const auto &c = cmd.as<mc::DpniTxConfirmationModeCommand>();
		if (c.confirmation_mode > uint8_t(mc::DpniConfirmationMode::disable))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_tx_confirmation_mode %u", o.id,
				      c.confirmation_mode);
		if (id == mc::dpni::kSetTxConfirmationModeV2 &&
		    c.ceetm_ch_idx >= o.attr.num_channels)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_tx_confirmation_mode on channel %u", o.id,
				      c.ceetm_ch_idx);
		o.tx_confirmation_mode = c.confirmation_mode;
		ni.set_tx_confirmation(NiDatapath::TxConfirmation{c.confirmation_mode});
		return McStatus::ok;
	}
	case mc::dpni::kGetTxConfirmationModeV1:
	case mc::dpni::kGetTxConfirmationModeV2:
		cmd.clear_params();
		cmd.as<mc::DpniTxConfirmationModeCommand>().confirmation_mode =
			o.tx_confirmation_mode;
		return McStatus::ok;

	case mc::dpni::kSetTxPriorities:
		// Strict priority between the Tx TCs is what WRIOP does anyway
		// for the model's single-rate MAC: accepted, nothing to change.
		return McStatus::ok;

	case mc::dpni::kGetMacSpeedCapability: {
		const Dpmac *mac = ni.endpoint();
		if (!mac)
			return McStatus::no_resource;
		static constexpr uint32_t kSpeeds[] = {10,    100,   1000,  2500,  5000,
						       10000, 25000, 40000, 50000, 100000};
		uint32_t cap = 0;
		for (unsigned i = 0; i < std::size(kSpeeds); i++)
			if (kSpeeds[i] <= mac->max_speed_mbps())
				cap |= 1u << i;
		cmd.clear_params();
		cmd.as<mc::DpniMacSpeedCapabilityResponse>().speed_cap.store(cap);
		return McStatus::ok;
	}
	case mc::dpni::kGetSingleStepCfg:
		// One-step PTP timestamping off: no offset, no register base.
		cmd.clear_params();
		return McStatus::ok;
	}
	// Defined, not sent on testpmd's path, UNSUPPORTED_OP: create/destroy,
	// get_qdid, get_sp_info, get_tx_data_offset, set_tx_shaping,
	// clear_vlan_filters, the QoS and flow-steering tables, policing,
	// early drop, OPR, soft parser sequences, custom TPIDs,
	// set_single_step_cfg, set/get_port_cfg (recycle loopback), dump_table,
	// get_mac_statistics.
	return McStatus::unsupported_op;
}

} // namespace dpaa2::model
