/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The MC's own commands (fsl_dpmng_cmd.h): its firmware version and the
// SoC's identity. DPDK's bus refuses an MC older than 10.32 (22.11) or
// 10.39 (25.11), and takes the SoC family (LX2160A or not) from the SVR.
#include "dpaa2_model/mc.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

Mc::McStatus Mc::dpmng_command(McCommand &cmd, bool &handled)
{
	handled = true;
	switch (cmd.cmd_id()) {
	case mc::kCmdMcGetVersion: {
		cmd.clear_params();
		auto &r = cmd.as<mc::McVersionResponse>();
		r.revision.store(board_.mc_revision);
		r.major.store(board_.mc_major);
		r.minor.store(board_.mc_minor);
		return McStatus::ok;
	}
	case mc::kCmdMcGetSocVersion: {
		cmd.clear_params();
		auto &r = cmd.as<mc::SocVersionResponse>();
		r.svr.store(board_.svr);
		r.pvr.store(board_.pvr);
		return McStatus::ok;
	}
	}
	handled = false;
	return McStatus::ok;
}

} // namespace dpaa2::model
