/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// The MAC address filters: exact-match addresses, multicast list,
// all-multicast, promiscuous mode and a new primary address.

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, AddressFilterMatrix)
{
	start_pair();
	const rte_ether_addr other = {{0x02, 0x11, 0x22, 0x33, 0x44, 0x55}};
	const rte_ether_addr mcast = {{0x01, 0x00, 0x5e, 0x00, 0x00, 0x09}};
	const rte_ether_addr bcast = {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	auto delivered = [&](const rte_ether_addr &dst) {
		L2 l2 = to_b();
		l2.dst = dst;
		EXPECT_EQ(send_frames(A, 0, g_pool, {raw_frame(l2, 80)}), 1u);
		auto rx = rx_wait(B, 0, 1, 100);
		const bool got = !rx.empty();
		free_all(rx);
		return got;
	};
	EXPECT_TRUE(delivered(port_mac(B)));
	EXPECT_TRUE(delivered(bcast));
	EXPECT_FALSE(delivered(other));
	EXPECT_FALSE(delivered(mcast));
	// An extra exact-match address.
	rte_ether_addr extra = other;
	ASSERT_EQ(rte_eth_dev_mac_addr_add(B, &extra, 0), 0);
	EXPECT_TRUE(delivered(other));
	ASSERT_EQ(rte_eth_dev_mac_addr_remove(B, &extra), 0);
	EXPECT_FALSE(delivered(other));
	// All seven extra slots, then no more.
	std::vector<rte_ether_addr> added;
	for (uint8_t i = 0; i < 7; i++) {
		rte_ether_addr a = {{0x02, 0x00, 0x00, 0x00, 0x01, i}};
		ASSERT_EQ(rte_eth_dev_mac_addr_add(B, &a, 0), 0);
		added.push_back(a);
	}
	rte_ether_addr one_more = {{0x02, 0x00, 0x00, 0x00, 0x02, 0x00}};
	EXPECT_EQ(rte_eth_dev_mac_addr_add(B, &one_more, 0), -ENOSPC);
	EXPECT_TRUE(delivered(added[6]));
	for (auto &a : added)
		rte_eth_dev_mac_addr_remove(B, &a);
	rte_ether_addr multi = mcast;
	EXPECT_LT(rte_eth_dev_mac_addr_add(B, &multi, 0), 0);
	// A multicast list (the mEMAC's hash buckets).
	rte_ether_addr groups[1] = {mcast};
	ASSERT_EQ(rte_eth_dev_set_mc_addr_list(B, groups, 1), 0);
	EXPECT_TRUE(delivered(mcast));
	ASSERT_EQ(rte_eth_dev_set_mc_addr_list(B, nullptr, 0), 0);
	EXPECT_FALSE(delivered(mcast));
	rte_ether_addr not_group[1] = {other};
	EXPECT_EQ(rte_eth_dev_set_mc_addr_list(B, not_group, 1), -EINVAL);
	// All-multicast.
	ASSERT_EQ(rte_eth_allmulticast_enable(B), 0);
	EXPECT_EQ(rte_eth_allmulticast_get(B), 1);
	EXPECT_TRUE(delivered(mcast));
	EXPECT_FALSE(delivered(other));
	ASSERT_EQ(rte_eth_allmulticast_disable(B), 0);
	EXPECT_FALSE(delivered(mcast));
	// Promiscuous.
	ASSERT_EQ(rte_eth_promiscuous_enable(B), 0);
	EXPECT_EQ(rte_eth_promiscuous_get(B), 1);
	EXPECT_TRUE(delivered(other));
	EXPECT_TRUE(delivered(mcast));
	ASSERT_EQ(rte_eth_promiscuous_disable(B), 0);
	EXPECT_FALSE(delivered(other));
	// A new primary address.
	rte_ether_addr old = port_mac(B), fresh = {{0x02, 0xaa, 0xbb, 0xcc, 0xdd, 0xee}};
	ASSERT_EQ(rte_eth_dev_default_mac_addr_set(B, &fresh), 0);
	EXPECT_TRUE(delivered(fresh));
	EXPECT_FALSE(delivered(old));
	ASSERT_EQ(rte_eth_dev_default_mac_addr_set(B, &old), 0);
}

} // namespace
