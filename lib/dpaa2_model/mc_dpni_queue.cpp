/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// DPNI queue commands: the frame queues WRIOP created for the DPNI (Rx per
// TC and flow, Tx per channel and TC, Tx confirmation, Rx error) as QBMan
// holds them, configured with set_queue / set_taildrop /
// set_congestion_notification and read back with get_queue (the FQIDs the
// driver enqueues to and pulls from), and the Rx hash distribution.
#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/swp.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

namespace
{

constexpr uint8_t kCongestionUnitBytes = 0;
constexpr uint8_t kCongestionUnitFrames = 1;
constexpr uint16_t kCscnWriteMem = mc::kDpniCongOptWriteMemOnEnter | mc::kDpniCongOptWriteMemOnExit;

// The FQ a (qtype, tc, channel, index) names, 0 if none.
uint32_t queue_fqid(const DpniObject &o, uint8_t qtype, unsigned tc, unsigned channel,
		    unsigned index)
{
	const NiDatapath &ni = *o.ni;
	switch (static_cast<mc::DpniQueueType>(qtype)) {
	case mc::DpniQueueType::rx:
		if (tc >= o.attr.num_rx_tcs || index >= o.attr.num_queues || channel != 0)
			return 0;
		return ni.rx_fqid(tc, index);
	case mc::DpniQueueType::tx:
		// One Tx FQ per (channel, TC); the index is the sender, which
		// all share.
		if (tc >= o.attr.num_tx_tcs || channel >= o.attr.num_channels)
			return 0;
		return ni.tx_fqid(channel, tc);
	case mc::DpniQueueType::tx_confirm:
		// Affine: each Tx FQ's own; single: one for all; none while
		// confirmation is off.
		if (tc >= o.attr.num_tx_tcs || channel >= o.attr.num_channels)
			return 0;
		return ni.tx_conf_fqid(channel, tc);
	case mc::DpniQueueType::rx_err:
		return ni.rx_err_fqid();
	}
	return 0;
}

// The key size of one extract, as the MC composes it: the header field's
// full size, or the bytes the extract names.
unsigned extract_size(const mc::DpkgExtract &e)
{
	const auto type = static_cast<mc::DpkgExtractType>(e.extract_type & 0xF);
	if (type != mc::DpkgExtractType::from_hdr ||
	    static_cast<mc::DpkgHdrType>(e.efh_type & 0xF) != mc::DpkgHdrType::full_field)
		return e.size;
	const uint32_t f = e.field.load();
	switch (static_cast<mc::NetProt>(e.prot)) {
	case mc::NetProt::eth:
		return (f & mc::kFldEthDa ? 6 : 0) + (f & mc::kFldEthSa ? 6 : 0) +
		       (f & mc::kFldEthType ? 2 : 0);
	case mc::NetProt::vlan:
		return 2;
	case mc::NetProt::ip:
		// A generic IP address takes the frame's address size, 4 or 16
		// bytes (why upstream's flow code keeps those extracts last):
		// counted at the IPv4 size, the least the key can take.
		return (f & mc::kFldIpSrc ? 4 : 0) + (f & mc::kFldIpDst ? 4 : 0) +
		       (f & mc::kFldIpProto ? 1 : 0);
	case mc::NetProt::ipv6:
		return (f & mc::kFldIpv6Src ? 16 : 0) + (f & mc::kFldIpv6Dst ? 16 : 0) +
		       (f & mc::kFldIpv6NextHdr ? 1 : 0);
	case mc::NetProt::ipv4:
		return (f & mc::kFldIpv4Src ? 4 : 0) + (f & mc::kFldIpv4Dst ? 4 : 0) +
		       (f & mc::kFldIpv4Proto ? 1 : 0);
	case mc::NetProt::tcp:
	case mc::NetProt::udp:
	case mc::NetProt::sctp:
		return (f & mc::kFldL4PortSrc ? 2 : 0) + (f & mc::kFldL4PortDst ? 2 : 0);
	default:
		return e.size;
	}
}

// The header fields an extract hashes, as WRIOP's distribution knows them.
uint64_t extract_fields(const mc::DpkgExtract &e)
{
	if (static_cast<mc::DpkgExtractType>(e.extract_type & 0xF) != mc::DpkgExtractType::from_hdr)
		return 0;
	const uint32_t f = e.field.load();
	uint64_t out = 0;
	switch (static_cast<mc::NetProt>(e.prot)) {
	case mc::NetProt::eth:
		out |= f & mc::kFldEthDa ? dist_field::kEthDst : 0;
		out |= f & mc::kFldEthSa ? dist_field::kEthSrc : 0;
		out |= f & mc::kFldEthType ? dist_field::kEthType : 0;
		break;
	case mc::NetProt::vlan:
		out |= f & mc::kFldVlanTci ? dist_field::kVlanTci : 0;
		break;
	case mc::NetProt::ip:
		out |= f & mc::kFldIpSrc ? dist_field::kIpSrc : 0;
		out |= f & mc::kFldIpDst ? dist_field::kIpDst : 0;
		out |= f & mc::kFldIpProto ? dist_field::kIpProto : 0;
		break;
	case mc::NetProt::ipv4:
		out |= f & mc::kFldIpv4Src ? dist_field::kIpSrc : 0;
		out |= f & mc::kFldIpv4Dst ? dist_field::kIpDst : 0;
		out |= f & mc::kFldIpv4Proto ? dist_field::kIpProto : 0;
		break;
	case mc::NetProt::ipv6:
		out |= f & mc::kFldIpv6Src ? dist_field::kIpSrc : 0;
		out |= f & mc::kFldIpv6Dst ? dist_field::kIpDst : 0;
		out |= f & mc::kFldIpv6NextHdr ? dist_field::kIpProto : 0;
		break;
	case mc::NetProt::tcp:
	case mc::NetProt::udp:
	case mc::NetProt::sctp:
		out |= f & mc::kFldL4PortSrc ? dist_field::kL4Src : 0;
		out |= f & mc::kFldL4PortDst ? dist_field::kL4Dst : 0;
		break;
	default:
		break;
	}
	return out;
}

} // namespace

Mc::McStatus Mc::dpni_queue_command(DpniObject &o, McCommand &cmd, bool &handled)
{
	NiDatapath &ni = *o.ni;
	handled = true;
	switch (cmd.cmd_id()) {
	case mc::dpni::kSetQueue: {
		const auto c = cmd.as<mc::DpniSetQueueCommand>();
		const uint32_t fqid = queue_fqid(o, c.qtype, c.tc, c.channel_id, c.index);
		Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(
				McStatus::config_err, McMisuse::bad_parameter,
				"dpni.%u set_queue: no queue type %u tc %u channel %u index %u",
				o.id, c.qtype, c.tc, c.channel_id, c.index);
		if (c.options & mc::kDpniQueueOptSetCgid && c.cgid >= o.attr.num_cgs)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_queue: congestion group %u of %u", o.id, c.cgid,
				      o.attr.num_cgs);
		DpniObject::QueueDest &d = o.dest[fqid];
		if (c.options & mc::kDpniQueueOptDest) {
			const uint8_t type = c.flags & mc::kDpniQueueFlagsDestTypeMask;
			const uint32_t dest_id = c.dest_id.load();
			uint16_t channel = 0;
			if (type == uint8_t(mc::DpniDestType::dpio)) {
				auto *io = objects_.find_as<DpioObject>(McObjType::dpio, dest_id);
				if (!io || io->container != o.container)
					return misuse(McStatus::config_err, McMisuse::bad_parameter,
						      "dpni.%u set_queue: destination dpio.%u",
						      o.id, dest_id);
				channel = io->swp->channel();
			} else if (type == uint8_t(mc::DpniDestType::dpcon)) {
				auto *con =
					objects_.find_as<DpconObject>(McObjType::dpcon, dest_id);
				if (!con || con->container != o.container)
					return misuse(McStatus::config_err, McMisuse::bad_parameter,
						      "dpni.%u set_queue: destination dpcon.%u",
						      o.id, dest_id);
				channel = con->channel;
			} else if (type != uint8_t(mc::DpniDestType::none)) {
				return misuse(McStatus::config_err, McMisuse::bad_parameter,
					      "dpni.%u set_queue: destination type %u", o.id, type);
			}
			d.type = type;
			d.id = dest_id;
			d.prio = c.dest_prio;
			s->scheduled = type != uint8_t(mc::DpniDestType::none);
			s->dest_channel = channel;
			s->dest_prio = c.dest_prio;
		}
		if (c.options & mc::kDpniQueueOptUserCtx)
			s->user_context = c.user_context.load();
		if (c.options & mc::kDpniQueueOptFlc) {
			s->flc = c.flc.load();
			s->stash = c.flags & mc::kDpniQueueFlagStashCtrl;
		}
		if (c.options & mc::kDpniQueueOptHoldActive)
			d.hold_active = c.flags & mc::kDpniQueueFlagHoldActive;
		return McStatus::ok;
	}
	case mc::dpni::kGetQueue: {
		const auto c = cmd.as<mc::DpniGetQueueCommand>();
		const uint32_t fqid = queue_fqid(o, c.qtype, c.tc, c.channel_id, c.index);
		const Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(
				McStatus::config_err, McMisuse::bad_parameter,
				"dpni.%u get_queue: no queue type %u tc %u channel %u index %u",
				o.id, c.qtype, c.tc, c.channel_id, c.index);
		const DpniObject::QueueDest d =
			o.dest.count(fqid) ? o.dest[fqid] : DpniObject::QueueDest{};
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniGetQueueResponse>();
		r.dest_id.store(d.id);
		r.dest_prio = d.prio;
		r.flags = uint8_t((d.type & mc::kDpniQueueFlagsDestTypeMask) |
				  (s->stash ? mc::kDpniQueueFlagStashCtrl : 0) |
				  (d.hold_active ? mc::kDpniQueueFlagHoldActive : 0));
		r.flc.store(s->flc);
		r.user_context.store(s->user_context);
		r.fqid.store(fqid);
		// The queuing destination the FQ is reached through: the
		// DPNI's queue index within its type.
		r.qdbin.store(uint16_t(c.tc * o.attr.num_queues + c.index));
		return McStatus::ok;
	}
	case mc::dpni::kSetTaildrop: {
		const auto c = cmd.as<mc::DpniSetTaildropCommand>();
		if (c.congestion_point != uint8_t(mc::DpniCongestionPoint::queue))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_taildrop on congestion point %u: the DPNI has "
				      "no congestion groups (DPNI_OPT_CUSTOM_CG)",
				      o.id, c.congestion_point);
		const uint32_t fqid = queue_fqid(o, c.qtype, c.tc, c.channel_id, c.index);
		Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_taildrop: no queue type %u tc %u index %u", o.id,
				      c.qtype, c.tc, c.index);
		const bool enable = c.enable_oal_lo & 1;
		const uint32_t threshold = c.threshold.load();
		if (enable && (threshold == 0 || c.units > kCongestionUnitFrames))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_taildrop: threshold %u in units %u", o.id,
				      threshold, c.units);
		s->taildrop = enable;
		s->taildrop_frames = c.units == kCongestionUnitFrames;
		s->taildrop_threshold = threshold;
		o.taildrop_oal[fqid] = uint16_t((c.enable_oal_lo >> 1) | (c.oal_hi & 0x1F) << 7);
		return McStatus::ok;
	}
	case mc::dpni::kGetTaildrop: {
		const auto c = cmd.as<mc::DpniGetTaildropCommand>();
		const uint32_t fqid = c.congestion_point == 0
					      ? queue_fqid(o, c.qtype, c.tc, c.channel_id, c.index)
					      : 0;
		const Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u get_taildrop: no queue type %u tc %u index %u", o.id,
				      c.qtype, c.tc, c.index);
		const uint16_t oal = o.taildrop_oal.count(fqid) ? o.taildrop_oal[fqid] : 0;
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniGetTaildropResponse>();
		r.enable_oal_lo = uint8_t((s->taildrop ? 1 : 0) | (oal & 0x7F) << 1);
		r.oal_hi = uint8_t(oal >> 7 & 0x1F);
		r.units = s->taildrop_frames ? kCongestionUnitFrames : kCongestionUnitBytes;
		r.threshold.store(uint32_t(s->taildrop_threshold));
		return McStatus::ok;
	}
	case mc::dpni::kSetCongestionNotification: {
		const auto c = cmd.as<mc::DpniSetCongestionNotificationCommand>();
		if (c.congestion_point != uint8_t(mc::DpniCongestionPoint::queue))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_congestion_notification on congestion point "
				      "%u: the DPNI has no congestion groups",
				      o.id, c.congestion_point);
		const uint32_t fqid = queue_fqid(o, c.qtype, c.tc, c.channel_id, 0);
		Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_congestion_notification: no queue type %u tc "
				      "%u channel %u",
				      o.id, c.qtype, c.tc, c.channel_id);
		const uint16_t mode = c.notification_mode.load();
		const uint64_t iova = c.message_iova.load();
		const uint32_t entry = c.threshold_entry.load(), exit = c.threshold_exit.load();
		const uint8_t units = c.type_units >> mc::kDpniCongUnitsShift & 0x3;
		if (units > kCongestionUnitFrames || (entry && exit > entry))
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u set_congestion_notification: thresholds %u/%u in "
				      "units %u",
				      o.id, entry, exit, units);
		if (entry && (mode & kCscnWriteMem)) {
			// QBMan writes a 16-byte record there.
			if (iova % 16)
				return misuse(McStatus::config_err, McMisuse::bad_parameter,
					      "dpni.%u set_congestion_notification: message iova "
					      "0x%llx is not 16-byte aligned",
					      o.id, static_cast<unsigned long long>(iova));
			if (!mem_.to_host(iova, 16))
				return misuse(McStatus::dma_err, McMisuse::unmapped_iova,
					      "dpni.%u set_congestion_notification: message iova "
					      "0x%llx is not mapped",
					      o.id, static_cast<unsigned long long>(iova));
		}
		s->cscn = entry != 0;
		s->cscn_iova = iova;
		s->cscn_ctx = c.message_ctx.load();
		s->cscn_entry = entry;
		s->cscn_exit = exit;
		s->cscn_mode = mode;
		s->cscn_frames = units == kCongestionUnitFrames;
		o.cscn[fqid] = {c.dest_id.load(), uint8_t(c.type_units & mc::kDpniCongDestTypeMask),
				c.dest_priority, units};
		// QBMan writes the record with the queue's state now.
		qbman_.fq_configure(fqid);
		return McStatus::ok;
	}
	case mc::dpni::kGetCongestionNotification: {
		const auto c = cmd.as<mc::DpniSetCongestionNotificationCommand>();
		const uint32_t fqid =
			c.congestion_point == 0 ? queue_fqid(o, c.qtype, c.tc, c.channel_id, 0) : 0;
		const Qbman::FqSettings *s = fqid ? qbman_.fq_settings(fqid) : nullptr;
		if (!s)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u get_congestion_notification: no queue type %u tc %u",
				      o.id, c.qtype, c.tc);
		const DpniObject::Cscn k = o.cscn.count(fqid) ? o.cscn[fqid] : DpniObject::Cscn{};
		cmd.clear_params();
		auto &r = cmd.as<mc::DpniSetCongestionNotificationCommand>();
		r.dest_id.store(k.dest_id);
		r.notification_mode.store(s->cscn_mode);
		r.dest_priority = k.dest_prio;
		r.type_units = uint8_t(k.dest_type | k.units << mc::kDpniCongUnitsShift);
		r.message_iova.store(s->cscn_iova);
		r.message_ctx.store(s->cscn_ctx);
		r.threshold_entry.store(s->cscn ? s->cscn_entry : 0);
		r.threshold_exit.store(s->cscn_exit);
		return McStatus::ok;
	}
	case mc::dpni::kSetRxHashDist:
	case mc::dpni::kSetRxTcDist: {
		unsigned dist_size, tc;
		bool enable;
		uint64_t iova;
		if (cmd.cmd_id() == mc::dpni::kSetRxHashDist) {
			const auto &c = cmd.as<mc::DpniRxHashDistCommand>();
			dist_size = c.dist_size.load();
			tc = c.tc_id;
			enable = c.enable & 1;
			iova = c.key_cfg_iova.load();
		} else {
			const auto &c = cmd.as<mc::DpniRxTcDistCommand>();
			dist_size = c.dist_size.load();
			tc = c.tc_id;
			enable = (c.flags & 0xF) == 1; // DPNI_DIST_MODE_HASH
			iova = c.key_cfg_iova.load();
		}
		if (tc >= o.attr.num_rx_tcs || dist_size == 0 || dist_size > o.attr.num_queues)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u rx distribution: tc %u size %u (%u tcs, %u queues)",
				      o.id, tc, dist_size, o.attr.num_rx_tcs, o.attr.num_queues);
		if (!enable) {
			ni.set_hash_distribution(tc, 1, 0);
			return McStatus::ok;
		}
		const auto *area = static_cast<const mc::DpkgExtractArea *>(
			mem_.to_host(iova, sizeof(mc::DpkgExtractArea)));
		if (!area)
			return misuse(McStatus::dma_err, McMisuse::unmapped_iova,
				      "dpni.%u rx distribution: key configuration at 0x%llx is not "
				      "mapped",
				      o.id, static_cast<unsigned long long>(iova));
		if (area->num_extracts > mc::kDpkgMaxExtracts)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u rx distribution: %u extracts (at most %u)", o.id,
				      area->num_extracts, mc::kDpkgMaxExtracts);
		unsigned key_size = 0;
		uint64_t fields = 0;
		for (unsigned i = 0; i < area->num_extracts; i++) {
			key_size += extract_size(area->extracts[i]);
			fields |= extract_fields(area->extracts[i]);
		}
		if (key_size > o.attr.dist_key_size)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpni.%u rx distribution: a %u-byte key, the DPNI's is %u",
				      o.id, key_size, o.attr.dist_key_size);
		ni.set_hash_distribution(tc, dist_size, fields);
		return McStatus::ok;
	}
	}
	handled = false;
	return McStatus::ok;
}

} // namespace dpaa2::model
