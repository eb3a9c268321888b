/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Frames larger than one buffer: scatter/gather on Tx and Rx, and the MTU
// the port accepts with and without scattered Rx.

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, MultiSegmentTxArrivesWhole)
{
	start_pair();
	const Bytes f = ipv4_udp(to_b(), kIpA, kIpB, 3, 4, 1200);
	// Three segments of the dpaa pool: an SG frame, freed by the FMan.
	rte_mbuf *segs[3];
	const size_t cut[4] = {0, 100, 700, f.size()};
	for (int i = 0; i < 3; i++) {
		segs[i] = rte_pktmbuf_alloc(g_pool);
		ASSERT_NE(segs[i], nullptr);
		memcpy(rte_pktmbuf_append(segs[i], static_cast<uint16_t>(cut[i + 1] - cut[i])),
		       f.data() + cut[i], cut[i + 1] - cut[i]);
		if (i) {
			ASSERT_EQ(rte_pktmbuf_chain(segs[0], segs[i]), 0);
		}
	}
	ASSERT_EQ(rte_eth_tx_burst(A, 0, &segs[0], 1), 1);
	auto rx = rx_wait(B, 0, 1);
	ASSERT_EQ(rx.size(), 1u);
	EXPECT_EQ(mbuf_bytes(rx[0]), f);
	free_all(rx);
}

TEST_F(Cable, ScatteredRxBuildsMbufChains)
{
	PortSetup b;
	b.pool = g_small;
	b.conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	start_pair({}, b);
	ASSERT_EQ(rte_eth_promiscuous_enable(A), 0); // the echo keeps B's address
	const Bytes f = ipv4_tcp(to_b(), kIpA, kIpB, 3, 4, 1000);
	ASSERT_EQ(send_frames(A, 0, g_pool, {f}), 1u);
	auto rx = rx_wait(B, 0, 1);
	ASSERT_EQ(rx.size(), 1u);
	EXPECT_GT(rx[0]->nb_segs, 1);
	EXPECT_EQ(rx[0]->pkt_len, f.size());
	EXPECT_EQ(mbuf_bytes(rx[0]), f);
	EXPECT_EQ(rx[0]->packet_type & RTE_PTYPE_L4_MASK, RTE_PTYPE_L4_TCP);
	// Echo the chain back: an SG frame on Tx.
	ASSERT_EQ(rte_eth_tx_burst(B, 0, rx.data(), 1), 1);
	rx.clear();
	auto back = rx_wait(A, 0, 1);
	ASSERT_EQ(back.size(), 1u);
	const Bytes &want = f; // addresses as sent: the frame is byte-identical
	EXPECT_EQ(mbuf_bytes(back[0]), want);
	free_all(back);
}

TEST_F(Cable, WithoutScatterLargeMtuIsRefused)
{
	PortSetup b;
	b.pool = g_small;
	b.conf.rxmode.mtu = 1500;
	EXPECT_EQ(port_start(B, b), -EINVAL);
	port_stop(B);
	b.conf.rxmode.mtu = 0;
	b.pool = g_pool;
	ASSERT_EQ(port_start(B, b), 0);
	EXPECT_EQ(rte_eth_dev_set_mtu(B, 9000), -EINVAL);
	EXPECT_EQ(rte_eth_dev_set_mtu(B, 1800), 0);
}

TEST_F(Cable, OversizeFramesAreDroppedAndCounted)
{
	start_pair();
	ASSERT_EQ(rte_eth_dev_set_mtu(B, 1000), 0);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	const size_t max = 1000 + RTE_ETHER_HDR_LEN;
	std::vector<Bytes> f = {raw_frame(to_b(), max), raw_frame(to_b(), max + 200)};
	ASSERT_EQ(send_frames(A, 0, g_pool, f), 2u);
	auto rx = rx_wait(B, 0, 2, 200);
	ASSERT_EQ(rx.size(), 1u);
	EXPECT_EQ(rx[0]->pkt_len, max);
	free_all(rx);
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.ipackets, 1u);
	EXPECT_EQ(st.ierrors, 1u);
	ASSERT_EQ(rte_eth_dev_set_mtu(B, RTE_ETHER_MTU), 0);
}

} // namespace
