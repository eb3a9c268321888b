/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// DPIO commands (fsl_dpio_cmd.h): a DPIO is one QBMan software portal. The
// portal exists from the object's creation (the emulation maps its regions
// before the driver opens it); reset puts it back to its power-on state.
#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/swp.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

namespace
{
// QBMan's software portal window on the LX2160A and LS2088A: each portal's
// cache-enabled area 64 KiB apart from offset 0, its cache-inhibited area
// 64 KiB apart from 64 MiB. Only informational for DPDK, which maps the
// VFIO regions.
constexpr uint64_t kPortalStride = 0x10000;
constexpr uint64_t kCinhBase = 0x4000000;
// The QBMan clock in Hz as the MC reports it (platform clock / 2 on a
// 700 MHz platform); DPDK does not use it.
constexpr uint32_t kQbmanClockHz = 350000000;
constexpr uint8_t kChannelModeLocal = 1; // DPIO_LOCAL_CHANNEL
} // namespace

// Defined, not sent by DPDK, UNSUPPORTED_OP: create/destroy, get_stashing_dest,
// the 25.11 stashing-by-source/core-id commands (0x1241-0x1261).
Mc::McStatus Mc::dpio_command(DpioObject &o, McCommand &cmd)
{
	switch (cmd.cmd_id()) {
	case mc::kCmdReset:
		o.enabled = false;
		o.sdest = 0;
		o.swp->reset();
		return McStatus::ok;
	case mc::kCmdGetAttributes: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DpioAttributesResponse>();
		r.id.store(o.id);
		r.qbman_portal_id.store(uint16_t(o.portal_index));
		r.num_priorities = o.num_priorities;
		r.channel_mode = kChannelModeLocal;
		r.qbman_portal_ce_offset.store(o.portal_index * kPortalStride);
		r.qbman_portal_ci_offset.store(kCinhBase + o.portal_index * kPortalStride);
		r.qbman_version.store(qbman_.version());
		r.clk.store(kQbmanClockHz);
		return McStatus::ok;
	}
	case mc::kCmdDpioSetStashingDest:
		o.sdest = cmd.as<mc::DpioStashingDest>().sdest;
		o.swp->set_stash_destination(o.sdest);
		return McStatus::ok;
	case mc::kCmdDpioAddStaticDequeueChannel:
	case mc::kCmdDpioRemoveStaticDequeueChannel: {
		const unsigned dpcon_id =
			cmd.as<mc::DpioStaticDequeueChannelCommand>().dpcon_id.load();
		auto *con = objects_.find_as<DpconObject>(McObjType::dpcon, dpcon_id);
		if (!con)
			return misuse(McStatus::config_err, McMisuse::bad_parameter,
				      "dpio.%u static dequeue channel of dpcon.%u: no such DPCON",
				      o.id, dpcon_id);
		if (con->container != o.container)
			return misuse(McStatus::no_privilege, McMisuse::outside_container,
				      "dpio.%u static dequeue channel of dpcon.%u: not in dprc.%u",
				      o.id, dpcon_id, o.container);
		if (cmd.cmd_id() == mc::kCmdDpioRemoveStaticDequeueChannel)
			return o.swp->remove_static_dequeue_channel(con->channel)
				       ? McStatus::ok
				       : McStatus::config_err;
		const int index = o.swp->add_static_dequeue_channel(con->channel);
		if (index < 0)
			return McStatus::no_resource; // all 16 SDQCR channels taken
		cmd.clear_params();
		cmd.as<mc::DpioStaticDequeueChannelResponse>().channel_index = uint8_t(index);
		return McStatus::ok;
	}
	}
	return McStatus::unsupported_op;
}

} // namespace dpaa2::model
