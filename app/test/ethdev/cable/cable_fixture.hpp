/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the cable tests share: net_dpaa through the ethdev API on the
// modelled LS1046A-RDB with a cable between fm1-mac9 (port A) and fm1-mac10
// (port B): what A transmits, B receives, and the other way round. The model
// runs in its own thread, unthrottled. Every test ends with every buffer back
// in its pool. Each test_cable_*.cpp holds the tests of one feature; all of
// them run in one program, as EAL starts once per process.

#pragma once

#include <cstdint>

#include "ethdev_test_support.hpp"
#include "rte_pmd_dpaa.h"

namespace cable_test
{

extern rte_mempool *g_pool;	 // 2 KiB buffers, dpaa
extern rte_mempool *g_small;	 // 256-byte data room, dpaa (scattered Rx)
extern rte_mempool *g_ring_pool; // not a dpaa pool: Tx copy path
extern uint16_t A, B;

inline constexpr uint32_t kIpA = 0x0a000001, kIpB = 0x0a000002;

class Cable : public ::testing::Test
{
protected:
	void SetUp() override
	{
		start_avail_ = dpaa_test::pool_settle(g_pool, g_pool->size);
		start_small_ = dpaa_test::pool_settle(g_small, g_small->size);
	}
	void TearDown() override
	{
		for (uint16_t p : {A, B}) {
			rte_pmd_dpaa_set_tx_loopback(p, 0);
			dpaa_test::rx_flush(p);
			dpaa_test::port_stop(p);
			rte_eth_promiscuous_disable(p);
			rte_eth_allmulticast_disable(p);
		}
		EXPECT_EQ(dpaa_test::pool_settle(g_pool, start_avail_), start_avail_)
			<< "buffers lost";
		EXPECT_EQ(dpaa_test::pool_settle(g_small, start_small_), start_small_)
			<< "small buffers lost";
	}

	// Both ports with one queue each, B promiscuous off; A -> B.
	void start_pair(dpaa_test::PortSetup a = {}, dpaa_test::PortSetup b = {})
	{
		if (!a.pool)
			a.pool = g_pool;
		if (!b.pool)
			b.pool = g_pool;
		ASSERT_EQ(dpaa_test::port_start(A, a), 0);
		ASSERT_EQ(dpaa_test::port_start(B, b), 0);
	}

	dpaa_test::L2 to_b(int vlan = -1, int outer = -1) const
	{
		dpaa_test::L2 l2{dpaa_test::port_mac(B), dpaa_test::port_mac(A), vlan, outer};
		return l2;
	}

	uint64_t start_avail_ = 0, start_small_ = 0;
};

// An lcore's Rx queue to poll (rte_eal_remote_launch's argument).
struct PollArgs {
	uint16_t port, queue;
	unsigned want;
	unsigned got;
};

// Receives up to 'want' frames (rx_wait), frees them and counts them in 'got'.
int poll_lcore(void *arg);

} // namespace cable_test
