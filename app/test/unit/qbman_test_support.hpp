/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Shared helpers: drivers bound to the model's portals, and a wait hook that
// advances a stepped model while a driver waits for a management response.
// A stepped model checks the drivers' CE cache contract (Soc::
// check_cache_contract; the portal drivers here build with kChecking).
#pragma once

#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa_model/soc.hpp"
#include "qbman/bman_portal.hpp"
#include "qbman/qman_portal.hpp"

namespace dpaa::test
{

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;
namespace bm = dpaa::hw::bm;
using dpaa::model::Soc;
using dpaa::qbman::BmanPortal;
using dpaa::qbman::QmanPortal;

inline void step_model(void *soc)
{
	static_cast<Soc *>(soc)->step();
}

inline std::unique_ptr<QmanPortal>
make_qman_portal(Soc &soc, unsigned idx, bool stepped,
		 qbman::DqrrConsume mode = qbman::DqrrConsume::ci_register)
{
	auto &mp = soc.qman_portal(idx);
	if (stepped)
		soc.check_cache_contract();
	auto p = std::make_unique<QmanPortal>(
		qbman::QmanPortalConfig{mp.ce(), mp.ci(), hw::Channel{mp.channel()}, idx});
	EXPECT_EQ(p->init(mode), 0);
	if (stepped)
		p->set_wait_hook({step_model, &soc});
	return p;
}

inline std::unique_ptr<BmanPortal> make_bman_portal(Soc &soc, unsigned idx, bool stepped)
{
	auto &mp = soc.bman_portal(idx);
	if (stepped)
		soc.check_cache_contract();
	auto p = std::make_unique<BmanPortal>(
		qbman::BmanPortalConfig{mp.ce(), mp.ci(), idx, &soc.bman().ccsr()});
	EXPECT_EQ(p->init(), 0);
	if (stepped)
		p->set_wait_hook({step_model, &soc});
	return p;
}

// An FD that carries a sequence number in its address, so that tests can
// check order, loss and duplication from the dequeued FDs alone.
inline hw::Fd seq_fd(uint64_t seq, uint32_t len = 64)
{
	return hw::Fd::contig(0x10'0000'0000ull | (seq & 0xfffffffffull), 1, 64, len);
}
inline uint64_t fd_seq(const hw::Fd &fd)
{
	return fd.addr() & 0xfffffffffull;
}

inline void expect_no_faults(const Soc &soc)
{
	const auto f = soc.faults();
	EXPECT_EQ(f.bad_eqcr_verb, 0u);
	EXPECT_EQ(f.bad_mc_verb, 0u);
	EXPECT_EQ(f.bad_consume, 0u);
	EXPECT_EQ(f.vdqcr_busy, 0u);
	EXPECT_EQ(f.bad_rcr_entry, 0u);
	EXPECT_EQ(f.bad_ccsr_write, 0u);
	EXPECT_EQ(f.unflushed_entry, 0u);
}

} // namespace dpaa::test
