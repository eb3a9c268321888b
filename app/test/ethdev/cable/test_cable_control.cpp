/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// The control path: configuration errors, start/stop cycles, link state,
// flow control, queue information and reset.

#include <cstring>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, ConfigureErrors)
{
	rte_eth_conf conf{};
	EXPECT_EQ(rte_eth_dev_configure(A, 3, 1, &conf), -EINVAL) << "not a power of two";
	EXPECT_LT(rte_eth_dev_configure(A, 9, 1, &conf), 0);
	EXPECT_LT(rte_eth_dev_configure(A, 1, 9, &conf), 0);
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_VMDQ_ONLY;
	EXPECT_LT(rte_eth_dev_configure(A, 1, 1, &conf), 0);
	conf = rte_eth_conf{};
	ASSERT_EQ(rte_eth_dev_configure(A, 1, 1, &conf), 0);
	EXPECT_EQ(rte_eth_rx_queue_setup(A, 0, 512, SOCKET_ID_ANY, nullptr, g_ring_pool), -EINVAL)
		<< "not a dpaa pool";
	EXPECT_LT(rte_eth_rx_queue_setup(A, 0, 16, SOCKET_ID_ANY, nullptr, g_pool), 0)
		<< "below the descriptor minimum";
	EXPECT_LT(rte_eth_rx_queue_setup(A, 1, 512, SOCKET_ID_ANY, nullptr, g_pool), 0)
		<< "queue out of range";
	EXPECT_EQ(rte_eth_dev_start(A), -EINVAL) << "queues not set up";
}

TEST_F(Cable, StartStopReconfigureCycles)
{
	for (int cycle = 0; cycle < 3; cycle++) {
		SCOPED_TRACE(cycle);
		PortSetup b;
		b.nb_rxq = static_cast<uint16_t>(1u << cycle);
		b.conf.rxmode.mq_mode = b.nb_rxq > 1 ? RTE_ETH_MQ_RX_RSS : RTE_ETH_MQ_RX_NONE;
		b.conf.rx_adv_conf.rss_conf.rss_hf = b.nb_rxq > 1 ? RTE_ETH_RSS_IP : 0;
		start_pair({}, b);
		std::vector<Bytes> f(20, ipv4_udp(to_b(), kIpA, kIpB, 1, 2, 50));
		ASSERT_EQ(send_frames(A, 0, g_pool, f), 20u);
		unsigned got = 0;
		for (uint16_t q = 0; q < b.nb_rxq; q++) {
			auto rx = rx_wait(B, q, 20, 100);
			got += rx.size();
			free_all(rx);
		}
		EXPECT_EQ(got, 20u);
		EXPECT_EQ(port_stop(A), 0);
		EXPECT_EQ(port_stop(B), 0);
		EXPECT_EQ(port_stop(B), 0) << "stop twice";
	}
}

TEST_F(Cable, LinkUpAfterStartDownAfterStop)
{
	start_pair();
	rte_eth_link link;
	ASSERT_EQ(rte_eth_link_get(B, &link), 0);
	EXPECT_EQ(link.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(link.link_speed, RTE_ETH_SPEED_NUM_10G);
	EXPECT_EQ(link.link_duplex, RTE_ETH_LINK_FULL_DUPLEX);
	ASSERT_EQ(rte_eth_dev_set_link_down(B), 0);
	ASSERT_EQ(rte_eth_link_get_nowait(B, &link), 0);
	EXPECT_EQ(link.link_status, RTE_ETH_LINK_DOWN);
	// Frames sent to a port that is administratively down are not received.
	std::vector<Bytes> f(5, ipv4_udp(to_b(), kIpA, kIpB, 1, 2, 50));
	ASSERT_EQ(send_frames(A, 0, g_pool, f), 5u);
	auto rx = rx_wait(B, 0, 5, 100);
	EXPECT_EQ(rx.size(), 0u);
	free_all(rx);
	ASSERT_EQ(rte_eth_dev_set_link_up(B), 0);
	ASSERT_EQ(rte_eth_link_get_nowait(B, &link), 0);
	EXPECT_EQ(link.link_status, RTE_ETH_LINK_UP);
	port_stop(B);
	ASSERT_EQ(rte_eth_link_get_nowait(B, &link), 0);
	EXPECT_EQ(link.link_status, RTE_ETH_LINK_DOWN);
}

TEST_F(Cable, FlowControlGetSet)
{
	start_pair();
	rte_eth_fc_conf fc{};
	ASSERT_EQ(rte_eth_dev_flow_ctrl_get(A, &fc), 0);
	fc.mode = RTE_ETH_FC_FULL;
	fc.pause_time = 0x1000;
	ASSERT_EQ(rte_eth_dev_flow_ctrl_set(A, &fc), 0);
	rte_eth_fc_conf got{};
	ASSERT_EQ(rte_eth_dev_flow_ctrl_get(A, &got), 0);
	EXPECT_EQ(got.mode, RTE_ETH_FC_FULL);
	EXPECT_EQ(got.pause_time, 0x1000);
	fc.mode = RTE_ETH_FC_NONE;
	ASSERT_EQ(rte_eth_dev_flow_ctrl_set(A, &fc), 0);
	ASSERT_EQ(rte_eth_dev_flow_ctrl_get(A, &got), 0);
	EXPECT_EQ(got.mode, RTE_ETH_FC_NONE);
	fc.autoneg = 1;
	EXPECT_EQ(rte_eth_dev_flow_ctrl_set(A, &fc), -ENOTSUP);
}

TEST_F(Cable, QueueInfoAndBurstModes)
{
	start_pair();
	rte_eth_rxq_info ri;
	ASSERT_EQ(rte_eth_rx_queue_info_get(B, 0, &ri), 0);
	EXPECT_EQ(ri.mp, g_pool);
	EXPECT_EQ(ri.nb_desc, 512);
	rte_eth_txq_info ti;
	ASSERT_EQ(rte_eth_tx_queue_info_get(B, 0, &ti), 0);
	EXPECT_EQ(ti.nb_desc, 512);
	rte_eth_burst_mode bm;
	ASSERT_EQ(rte_eth_rx_burst_mode_get(B, 0, &bm), 0);
	EXPECT_NE(strstr(bm.info, "Push"), nullptr);
	ASSERT_EQ(rte_eth_tx_burst_mode_get(B, 0, &bm), 0);
	EXPECT_EQ(rte_eth_dev_rx_intr_enable(B, 0), -EINVAL) << "started without intr_conf.rxq";
}

TEST_F(Cable, ResetReturnsToTheProbedState)
{
	start_pair();
	rte_ether_addr perm = port_mac(B), fresh = {{0x02, 1, 2, 3, 4, 5}};
	ASSERT_EQ(rte_eth_dev_default_mac_addr_set(B, &fresh), 0);
	ASSERT_EQ(rte_eth_dev_reset(B), 0);
	rte_ether_addr now = port_mac(B);
	EXPECT_TRUE(rte_is_same_ether_addr(&now, &perm));
	PortSetup b;
	b.pool = g_pool;
	ASSERT_EQ(port_start(B, b), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, {raw_frame(to_b(), 64)}), 1u);
	auto rx = rx_wait(B, 0, 1);
	EXPECT_EQ(rx.size(), 1u);
	free_all(rx);
}

} // namespace
