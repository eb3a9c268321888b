/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// DPBP, DPCON, DPRTC and DPMAC commands (fsl_dpbp_cmd.h, fsl_dpcon_cmd.h,
// fsl_dprtc_cmd.h, dpmac-cmd.h). A DPBP is one QBMan buffer pool, its BPID
// fixed at creation; a DPCON is one QBMan channel, for event-driven (static
// dequeue) receive; a DPRTC is the SoC's IEEE 1588 timer, WRIOP's clock; a
// DPMAC is one of WRIOP's MACs, of the root container (its counters).
#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/wriop.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

// Defined, not sent by DPDK, UNSUPPORTED_OP: create/destroy,
// set/get_notifications (BPSCN).
Mc::McStatus Mc::dpbp_command(DpbpObject &o, McCommand &cmd)
{
	switch (cmd.cmd_id()) {
	case mc::kCmdReset: {
		// Back to the state of a new pool: disabled and empty.
		o.enabled = false;
		uint64_t addr;
		while (qbman_.bp_acquire(o.bpid, addr))
			;
		return McStatus::ok;
	}
	case mc::kCmdGetAttributes: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DpbpAttributesResponse>();
		r.bpid.store(o.bpid);
		r.id.store(o.id);
		return McStatus::ok;
	}
	case mc::kCmdDpbpGetFreeBuffersNum:
		cmd.clear_params();
		cmd.as<mc::DpbpFreeBuffersResponse>().num_free_bufs.store(qbman_.bp_count(o.bpid));
		return McStatus::ok;
	}
	return McStatus::unsupported_op;
}

// Defined, not sent by DPDK, UNSUPPORTED_OP: create/destroy,
// set_notification (CDAN to a DPIO).
Mc::McStatus Mc::dpcon_command(DpconObject &o, McCommand &cmd)
{
	switch (cmd.cmd_id()) {
	case mc::kCmdReset:
		o.enabled = false;
		return McStatus::ok;
	case mc::kCmdGetAttributes: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DpconAttributesResponse>();
		r.id.store(o.id);
		r.qbman_ch_id.store(o.channel);
		r.num_priorities = o.num_priorities;
		return McStatus::ok;
	}
	}
	return McStatus::unsupported_op;
}

// Defined, not sent by DPDK, UNSUPPORTED_OP: create/destroy, the clock
// offset and frequency compensation, alarms, periodic pulses and external
// triggers.
Mc::McStatus Mc::dprtc_command(DprtcObject &o, McCommand &cmd)
{
	switch (cmd.cmd_id()) {
	case mc::kCmdReset:
		o.enabled = false;
		return McStatus::ok;
	case mc::kCmdGetAttributes: {
		cmd.clear_params();
		auto &r = cmd.as<mc::DprtcAttributesResponse>();
		r.id.store(o.id);
		r.little_endian = 1; // the LX2160A's and LS2088A's timer
		return McStatus::ok;
	}
	case mc::kCmdDprtcGetTime:
		cmd.clear_params();
		cmd.as<mc::DprtcTime>().time.store(wriop_.now_ns());
		return McStatus::ok;
	case mc::kCmdDprtcSetTime:
		// The timer runs whether or not the object is enabled.
		wriop_.set_time_ns(cmd.as<mc::DprtcTime>().time.load());
		return McStatus::ok;
	}
	return McStatus::unsupported_op;
}

// The MAC's counters its owner (the kernel's dpaa2-mac, in the root
// container) reads; a counter the model does not keep is UNSUPPORTED_OP
// rather than a made-up zero.
Mc::McStatus Mc::dpmac_command(DpmacObject &o, McCommand &cmd)
{
	if (cmd.cmd_id() != mc::kCmdDpmacGetCounter)
		return McStatus::unsupported_op;
	namespace id = mc::dpmac_counter;
	const Dpmac::Counters &c = o.mac->counters();
	uint64_t v = 0;
	switch (cmd.as<mc::DpmacGetCounterCommand>().id) {
	case id::kIngFrag:
		v = c.rx_fragments;
		break;
	case id::kIngJabber:
		v = c.rx_jabbers;
		break;
	case id::kIngOversized:
		v = c.rx_oversize;
		break;
	case id::kIngAllFrame:
		v = c.rx_frames;
		break;
	case id::kIngFcsErr:
		v = c.rx_fcs_errors;
		break;
	case id::kIngUndersized:
		v = c.rx_undersized;
		break;
	case id::kEgrAllFrame:
		v = c.tx_frames;
		break;
	default:
		return McStatus::unsupported_op;
	}
	cmd.clear_params();
	cmd.as<mc::DpmacGetCounterResponse>().counter.store(v);
	return McStatus::ok;
}

} // namespace dpaa2::model
