/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// RSS over several Rx queues, and two queues polled by two lcores.

#include <map>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, RssSpreadsFlowsAndHashIsStablePerFlow)
{
	PortSetup b;
	b.nb_rxq = 4;
	b.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	b.conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_RSS_HASH;
	b.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
	start_pair({}, b);
	rte_eth_rss_conf rc{};
	ASSERT_EQ(rte_eth_dev_rss_hash_conf_get(B, &rc), 0);
	EXPECT_EQ(rc.rss_hf, RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP);
	std::vector<Bytes> f;
	constexpr unsigned kFlows = 64, kPer = 3;
	for (unsigned r = 0; r < kPer; r++)
		for (unsigned fl = 0; fl < kFlows; fl++)
			f.push_back(ipv4_udp(to_b(), kIpA + fl, kIpB,
					     static_cast<uint16_t>(1000 + fl), 53, 30));
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	std::map<uint16_t, std::pair<uint16_t, uint32_t>> flow; // sport -> queue, hash
	unsigned total = 0;
	for (uint16_t q = 0; q < 4; q++) {
		auto rx = rx_wait(B, q, kFlows * kPer, 200);
		EXPECT_GT(rx.size(), 0u) << "queue " << q;
		total += rx.size();
		for (auto *m : rx) {
			EXPECT_TRUE(m->ol_flags & RTE_MBUF_F_RX_RSS_HASH);
			EXPECT_EQ(m->hash.rss & 3u, q) << "the queue is the hash's low bits";
			const Bytes b = mbuf_bytes(m);
			const uint16_t sport = static_cast<uint16_t>(b[34] << 8 | b[35]);
			auto it = flow.find(sport);
			if (it == flow.end())
				flow[sport] = {q, m->hash.rss};
			else {
				EXPECT_EQ(it->second.first, q);
				EXPECT_EQ(it->second.second, m->hash.rss);
			}
		}
		free_all(rx);
	}
	EXPECT_EQ(total, kFlows * kPer);
	EXPECT_EQ(flow.size(), kFlows);
	rte_eth_rss_conf off{};
	off.rss_hf = 0;
	EXPECT_EQ(rte_eth_dev_rss_hash_update(B, &off), 0);
	uint8_t key[40] = {1};
	rte_eth_rss_conf with_key{key, 40, RTE_ETH_RSS_IP};
	EXPECT_LT(rte_eth_dev_rss_hash_update(B, &with_key), 0);
}

TEST_F(Cable, TwoQueuesPolledByTwoLcores)
{
	const unsigned worker = rte_get_next_lcore(-1, 1, 0);
	if (worker >= RTE_MAX_LCORE)
		GTEST_SKIP() << "needs two lcores";
	PortSetup b;
	b.nb_rxq = 2;
	b.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	b.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
	start_pair({}, b);
	// The counters of earlier tests stay until a reset.
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	std::vector<Bytes> f;
	for (unsigned fl = 0; fl < 200; fl++)
		f.push_back(ipv4_udp(to_b(), kIpA + fl, kIpB, static_cast<uint16_t>(fl), 7, 30));
	PollArgs w{B, 1, 1000, 0};
	ASSERT_EQ(rte_eal_remote_launch(poll_lcore, &w, worker), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	auto rx = rx_wait(B, 0, 1000, 300);
	const unsigned got0 = rx.size();
	free_all(rx);
	rte_eal_wait_lcore(worker);
	EXPECT_GT(got0, 0u);
	EXPECT_GT(w.got, 0u);
	EXPECT_EQ(got0 + w.got, f.size());
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.q_ipackets[0], got0);
	EXPECT_EQ(st.q_ipackets[1], w.got);
}

} // namespace
