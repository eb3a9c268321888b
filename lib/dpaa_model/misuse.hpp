/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Every driver-misuse counter of a modelled SoC (its portals' and FMans'),
// the non-zero ones named: what a test suite's teardown asserts is empty.
#pragma once

#include <string>

#include "dpaa_model/system.hpp"

namespace dpaa::model
{

// "bad_mc_verb 2, read_only_write 1", or empty when the driver misused
// nothing.
inline std::string misuse_summary(System &sys)
{
	std::string out;
	auto add = [&out](const char *name, uint64_t n) {
		if (n == 0)
			return;
		if (!out.empty())
			out += ", ";
		out += std::string(name) + " " + std::to_string(n);
	};
	const PortalFaults p = sys.soc().faults();
	add("bad_eqcr_verb", p.bad_eqcr_verb);
	add("bad_mc_verb", p.bad_mc_verb);
	add("bad_consume", p.bad_consume);
	add("vdqcr_busy", p.vdqcr_busy);
	add("bad_rcr_entry", p.bad_rcr_entry);
	add("bad_ccsr_write", p.bad_ccsr_write);
	for (unsigned f = 0; f < sys.num_fmans(); f++) {
		const FmanFaults x = sys.fman(f).faults();
		add("read_only_write", x.read_only_write);
		add("pools_not_ascending", x.pools_not_ascending);
		add("ic_overlaps_frame", x.ic_overlaps_frame);
		add("dtc_without_rpd", x.dtc_without_rpd);
		add("bad_release_bpid", x.bad_release_bpid);
		add("keygen_bad_access", x.keygen_bad_access);
		add("tx_buffers_leaked", x.tx_buffers_leaked);
	}
	return out;
}

} // namespace dpaa::model
