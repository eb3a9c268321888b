/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// DPRC commands DPDK sends (fsl_dprc_cmd.h): get_connection, for each DPNI,
// to learn what it is connected to (a DPMAC, another DPNI, a DPDMUX).
#include <cstring>

#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/wriop.hpp"
#include "dpaa2_model/dpmac.hpp"

namespace dpaa2::model
{

namespace mc = hw::mc;

// Defined by upstream's flib, not sent on DPDK's path, answered
// UNSUPPORTED_OP: dprc_get_attributes, get_obj_count/get_obj/get_obj_region
// (the kernel's bus scan; the emulation shows container_objects() instead),
// set/get_irq*, reset_container, connect/disconnect, assign/unassign.
Mc::McStatus Mc::dprc_command(DprcObject &, McCommand &cmd, unsigned caller_container)
{
	if (cmd.cmd_id() != mc::kCmdDprcGetConnection)
		return McStatus::unsupported_op;

	const auto &c = cmd.as<mc::DprcGetConnectionCommand>();
	char type[17] = {};
	std::memcpy(type, c.ep1_type, 16);
	const unsigned id = c.ep1_id.load();
	const unsigned if_id = c.ep1_interface_id.load();
	std::optional<McObjType> t = mc_obj_type(type);
	const McObject *o = t ? objects_.find(*t, id) : nullptr;
	if (!o)
		return misuse(McStatus::config_err, McMisuse::bad_parameter,
			      "dprc_get_connection of %.16s.%u: no such object", type, id);
	if (o->container != caller_container)
		return misuse(McStatus::no_privilege, McMisuse::outside_container,
			      "dprc_get_connection of %s from dprc.%u: it is in dprc.%u",
			      o->name().c_str(), caller_container, o->container);
	const McEndpoint *peer = objects_.peer({*t, id, if_id});
	// Not connected: the MC has no endpoint to report (DPDK logs it and
	// goes on).
	if (!peer)
		return McStatus::no_resource;

	// The link state: up when both ends have their link up (a DPNI's
	// link is its DPMAC's, while the DPNI is enabled).
	uint32_t state = 0;
	if (*t == McObjType::dpni && peer->type == McObjType::dpmac) {
		const auto *ni = objects_.find_as<DpniObject>(McObjType::dpni, id);
		state = ni->ni->link_state().up ? 1 : 0;
	}
	cmd.clear_params();
	auto &r = cmd.as<mc::DprcGetConnectionResponse>();
	r.ep2_id.store(peer->id);
	r.ep2_interface_id.store(uint16_t(peer->if_id));
	const char *name = mc_obj_type_name(peer->type); // at most 5 characters
	std::memcpy(r.ep2_type, name, std::strlen(name));
	r.state.store(state);
	return McStatus::ok;
}

} // namespace dpaa2::model
