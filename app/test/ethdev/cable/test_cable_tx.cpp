/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Tx paths other than a dpaa pool's direct mbuf (another pool's, shared or
// indirect mbufs), and the port's Tx loopback.

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, MbufsOfOtherPoolsSharedOrIndirectAreSentAndFreed)
{
	start_pair();
	const Bytes f = ipv4_udp(to_b(), kIpA, kIpB, 11, 12, 200);
	const unsigned ring_start = rte_mempool_avail_count(g_ring_pool);
	// Another pool's mbuf.
	ASSERT_EQ(send_frames(A, 0, g_ring_pool, {f}), 1u);
	// A shared one (refcnt 2): the application keeps its reference.
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(f.size())), f.data(), f.size());
	rte_mbuf_refcnt_update(m, 1);
	ASSERT_EQ(rte_eth_tx_burst(A, 0, &m, 1), 1);
	// An indirect one.
	rte_mbuf *ind = rte_pktmbuf_clone(m, g_pool);
	ASSERT_NE(ind, nullptr);
	ASSERT_EQ(rte_eth_tx_burst(A, 0, &ind, 1), 1);
	auto rx = rx_wait(B, 0, 3);
	ASSERT_EQ(rx.size(), 3u);
	for (auto *r : rx)
		EXPECT_EQ(mbuf_bytes(r), f);
	free_all(rx);
	EXPECT_EQ(rte_mbuf_refcnt_read(m), 1);
	EXPECT_EQ(mbuf_bytes(m), f) << "the application's copy is untouched";
	rte_pktmbuf_free(m);
	EXPECT_EQ(rte_mempool_avail_count(g_ring_pool), ring_start);
	rte_eth_xstat_name names[128];
	rte_eth_xstat xs[128];
	const int n = rte_eth_xstats_get_names(A, names, 128);
	ASSERT_EQ(rte_eth_xstats_get(A, xs, 128), n);
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i].name, "tx_copied_packets") == 0) {
			EXPECT_GE(xs[i].value, 3u);
		}
	}
}

TEST_F(Cable, TxLoopbackReturnsFramesToTheSender)
{
	start_pair();
	EXPECT_EQ(rte_pmd_dpaa_set_tx_loopback(RTE_MAX_ETHPORTS, 1), -ENODEV);
	ASSERT_EQ(rte_pmd_dpaa_set_tx_loopback(A, 1), 0);
	ASSERT_EQ(rte_eth_promiscuous_enable(A), 0);
	const Bytes f = raw_frame(to_b(), 90);
	ASSERT_EQ(send_frames(A, 0, g_pool, {f, f}), 2u);
	auto back = rx_wait(A, 0, 2);
	EXPECT_EQ(back.size(), 2u);
	for (auto *m : back)
		EXPECT_EQ(mbuf_bytes(m), f);
	free_all(back);
	auto none = rx_wait(B, 0, 1, 100);
	EXPECT_EQ(none.size(), 0u);
	free_all(none);
	ASSERT_EQ(rte_pmd_dpaa_set_tx_loopback(A, 0), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, {f}), 1u);
	auto there = rx_wait(B, 0, 1);
	EXPECT_EQ(there.size(), 1u);
	free_all(there);
}

} // namespace
