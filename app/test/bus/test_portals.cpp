/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Per-thread portal affinity on the modelled LS1046A (10 QMan and 10 BMan
// software portals): each lcore gets its own pair on first use and keeps it;
// pairs come back on release, thread exit and last-port close; a thread
// beyond the tenth gets a clear error.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

#include <rte_errno.h>
#include <rte_launch.h>
#include <rte_lcore.h>

#include "dpaa_bus.hpp"
#include "eal_child.hpp"
#include "qbman/bman_portal.hpp"
#include "qbman/qman_portal.hpp"

namespace
{

struct LcoreResult {
	int qindex = -1; // -1: no portal
	int bindex = -1;
	int err = 0;
	bool stable = false; // the second call returned the same portals
	int channel = -1;
};

LcoreResult results[RTE_MAX_LCORE];

int take_portals(void *) noexcept
{
	LcoreResult &r = results[rte_lcore_id()];
	r = LcoreResult{};
	dpaa::qbman::QmanPortal *q = dpaa::bus::qman_portal();
	if (q == nullptr) {
		r.err = rte_errno;
		return 0;
	}
	dpaa::qbman::BmanPortal *b = dpaa::bus::bman_portal();
	r.qindex = static_cast<int>(q->index());
	r.bindex = b ? static_cast<int>(b->index()) : -1;
	r.channel = q->channel().value;
	r.stable = dpaa::bus::qman_portal() == q && dpaa::bus::bman_portal() == b;
	return 0;
}

int release_portals(void *) noexcept
{
	return dpaa::bus::release_thread_portals();
}

// Every lcore (main included) takes its portals; returns how many got one.
unsigned take_on_all(std::string &out)
{
	rte_eal_mp_remote_launch(take_portals, nullptr, CALL_MAIN);
	rte_eal_mp_wait_lcore();
	unsigned ok = 0, busy = 0;
	std::set<int> qidx, chans;
	bool same_pair = true, stable = true;
	unsigned lcore;
	RTE_LCORE_FOREACH(lcore)
	{
		const LcoreResult &r = results[lcore];
		if (r.qindex >= 0) {
			ok++;
			qidx.insert(r.qindex);
			chans.insert(r.channel);
			same_pair &= r.qindex == r.bindex;
			stable &= r.stable;
		} else if (r.err == EBUSY) {
			busy++;
		}
	}
	out += "with portal: " + std::to_string(ok) + ", EBUSY: " + std::to_string(busy) +
	       ", distinct portals: " + std::to_string(qidx.size()) +
	       ", distinct channels: " + std::to_string(chans.size()) +
	       ", same index Q/B: " + std::to_string(same_pair) +
	       ", stable: " + std::to_string(stable) + "\n";
	return ok;
}

} // namespace

TEST(Portals, EachLcoreGetsItsOwnPortalPair)
{
	EalRun r = run_eal("board=ls1046a-rdb", {"--lcores=(0-3)@(0,1)"}, [](std::string &out) {
		take_on_all(out);
		out += "in use: " + std::to_string(dpaa::bus::portals_in_use()) + "\n";
		unsigned lcore;
		RTE_LCORE_FOREACH_WORKER(lcore)
		{
			rte_eal_remote_launch(release_portals, nullptr, lcore);
		}
		rte_eal_mp_wait_lcore();
		out += "after workers released: " + std::to_string(dpaa::bus::portals_in_use()) +
		       "\n";
		// A second release by the same thread has nothing to give back.
		const int first = dpaa::bus::release_thread_portals();
		const int second = dpaa::bus::release_thread_portals();
		out += "release twice: " + std::to_string(first) + " " + std::to_string(second) +
		       "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("with portal: 4, EBUSY: 0, distinct portals: 4, distinct channels: 4, "
			     "same index Q/B: 1, stable: 1\n"),
		  std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("in use: 4\nafter workers released: 1\nrelease twice: 0 -2\n"),
		  std::string::npos)
		<< r.out;
}

TEST(Portals, MoreThreadsThanPortalsIsEBUSYWithTheLimitLogged)
{
	EalRun r = run_eal("board=ls1046a-rdb", {"--lcores=(0-11)@(0,1)"}, [](std::string &out) {
		take_on_all(out);
		// A worker gives its pair back: a refused one now gets one.
		unsigned refused = RTE_MAX_LCORE, holder = RTE_MAX_LCORE, lcore;
		RTE_LCORE_FOREACH_WORKER(lcore)
		{
			if (results[lcore].qindex < 0)
				refused = lcore;
			else
				holder = lcore;
		}
		if (refused != RTE_MAX_LCORE && holder != RTE_MAX_LCORE) {
			rte_eal_remote_launch(release_portals, nullptr, holder);
			rte_eal_wait_lcore(holder);
			rte_eal_remote_launch(take_portals, nullptr, refused);
			rte_eal_wait_lcore(refused);
			out += "retry after a release: " +
			       std::to_string(results[refused].qindex >= 0) + "\n";
		}
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("with portal: 10, EBUSY: 2, distinct portals: 10"), std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("retry after a release: 1\n"), std::string::npos) << r.out << r.log;
	EXPECT_NE(r.log.find("all 10 QMan/BMan portal pairs are taken"), std::string::npos)
		<< r.log;
}

TEST(Portals, ThreadExitAndLastPortCloseGiveThemBack)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, [](std::string &out) {
		dpaa::qbman::QmanPortal *mine = dpaa::bus::qman_portal();
		std::thread t([] { dpaa::bus::bman_portal(); });
		std::thread u([] { dpaa::bus::qman_portal(); });
		t.join();
		u.join();
		out += "after two threads exited: " + std::to_string(dpaa::bus::portals_in_use()) +
		       "\n";
		dpaa::bus::port_opened();
		dpaa::bus::port_opened();
		std::thread v([] { dpaa::bus::qman_portal(); });
		v.join();
		dpaa::bus::port_closed();
		out += "one of two ports closed: " + std::to_string(dpaa::bus::portals_in_use()) +
		       "\n";
		dpaa::bus::port_closed();
		out += "last port closed: " + std::to_string(dpaa::bus::portals_in_use()) + "\n";
		out += "cache cleared: " + std::to_string(rte_dpaa_tls_qman_portal == nullptr) +
		       "\n";
		out += "taken again: " + std::to_string(dpaa::bus::qman_portal() != nullptr) + " " +
		       std::to_string(mine != nullptr) + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("after two threads exited: 1\none of two ports closed: 1\nlast port "
			     "closed: 0\ncache cleared: 1\ntaken again: 1 1\n"),
		  std::string::npos)
		<< r.out << r.log;
}
