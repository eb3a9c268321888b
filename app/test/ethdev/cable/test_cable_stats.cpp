/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Statistics: basic stats and xstats counted exactly, RMON size buckets,
// and error frames counted with their buffers returned.

#include <string>
#include <iterator>
#include <set>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

uint64_t xstat(uint16_t port, const char *name)
{
	uint64_t id;
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0)
		return UINT64_MAX;
	uint64_t v = UINT64_MAX;
	rte_eth_xstats_get_by_id(port, &id, &v, 1);
	return v;
}

// RMON's size buckets end at the maximum frame length: at MTU 1500 a
// 5018-byte frame (FCS included, as a jumbo-frame test plan sends it) is an
// oversize error and in no size bucket, 1519-to-max included.
TEST_F(Cable, OversizeFramesAreInNoSizeBucket)
{
	start_pair();
	ASSERT_EQ(rte_eth_dev_set_mtu(B, RTE_ETHER_MTU), 0);
	ASSERT_EQ(rte_eth_xstats_reset(B), 0);
	const Bytes big = raw_frame(to_b(), 5018 - RTE_ETHER_CRC_LEN);
	// Three segments of the pool's 2 KiB buffers.
	rte_mbuf *segs[3];
	const size_t cut[4] = {0, 2000, 4000, big.size()};
	for (int i = 0; i < 3; i++) {
		segs[i] = rte_pktmbuf_alloc(g_pool);
		ASSERT_NE(segs[i], nullptr);
		memcpy(rte_pktmbuf_append(segs[i], static_cast<uint16_t>(cut[i + 1] - cut[i])),
		       big.data() + cut[i], cut[i + 1] - cut[i]);
		if (i) {
			ASSERT_EQ(rte_pktmbuf_chain(segs[0], segs[i]), 0);
		}
	}
	ASSERT_EQ(rte_eth_tx_burst(A, 0, &segs[0], 1), 1);
	const Bytes fits = raw_frame(to_b(), RTE_ETHER_MAX_LEN - RTE_ETHER_CRC_LEN);
	ASSERT_EQ(send_frames(A, 0, g_pool, {fits}), 1u);
	auto rx = rx_wait(B, 0, 2, 200);
	ASSERT_EQ(rx.size(), 1u);
	EXPECT_EQ(mbuf_bytes(rx[0]), fits);
	free_all(rx);
	EXPECT_EQ(xstat(B, "rx_oversize_errors"), 1u);
	EXPECT_EQ(xstat(B, "rx_size_1519_to_max_packets"), 0u);
	EXPECT_EQ(xstat(B, "rx_size_1024_to_1518_packets"), 1u);
}

TEST_F(Cable, StatsAndXstatsAreExact)
{
	start_pair();
	ASSERT_EQ(rte_eth_stats_reset(A), 0);
	ASSERT_EQ(rte_eth_xstats_reset(B), 0);
	constexpr unsigned kN = 50;
	const Bytes f = raw_frame(to_b(), 100);
	std::vector<Bytes> frames(kN, f);
	ASSERT_EQ(send_frames(A, 0, g_pool, frames), kN);
	auto rx = rx_wait(B, 0, kN);
	EXPECT_EQ(rx.size(), kN);
	free_all(rx);
	rte_eth_stats sa, sb;
	ASSERT_EQ(rte_eth_stats_get(A, &sa), 0);
	ASSERT_EQ(rte_eth_stats_get(B, &sb), 0);
	EXPECT_EQ(sa.opackets, kN);
	EXPECT_EQ(sa.obytes, kN * f.size());
	EXPECT_EQ(sa.oerrors, 0u);
	EXPECT_EQ(sb.ipackets, kN);
	EXPECT_EQ(sb.ibytes, kN * f.size());
	EXPECT_EQ(sb.imissed, 0u);
	EXPECT_EQ(sb.ierrors, 0u);
	EXPECT_EQ(sb.q_ipackets[0], kN);
	EXPECT_EQ(xstat(B, "rx_good_packets"), kN);
	EXPECT_EQ(xstat(B, "rx_unicast_packets"), kN);
	EXPECT_EQ(xstat(B, "rx_size_65_to_127_packets"), kN) << "100 bytes + FCS";
	EXPECT_EQ(xstat(B, "rx_mac_good_bytes"), kN * (f.size() + 4)) << "with FCS";
	EXPECT_EQ(xstat(B, "rx_fman_port_frames"), kN);
	EXPECT_EQ(xstat(A, "tx_mac_good_packets"), kN);
	EXPECT_EQ(xstat(A, "tx_fman_port_frames"), kN);
	EXPECT_EQ(xstat(A, "tx_fman_port_dealloc_buffers"), kN);
	EXPECT_EQ(xstat(B, "rx_q0_packets"), kN);
	EXPECT_EQ(xstat(B, "rx_vlan_packets"), 0u);
	// 802.1Q-tagged frames, which the mEMAC counts (RVLAN, TVLAN).
	constexpr unsigned kTagged = 10;
	Bytes tagged = f;
	const uint8_t tag[] = {0x81, 0x00, 0x00, 0x64};
	tagged.insert(tagged.begin() + 12, std::begin(tag), std::end(tag));
	ASSERT_EQ(send_frames(A, 0, g_pool, std::vector<Bytes>(kTagged, tagged)), kTagged);
	auto rx_tagged = rx_wait(B, 0, kTagged);
	EXPECT_EQ(rx_tagged.size(), kTagged);
	free_all(rx_tagged);
	EXPECT_EQ(xstat(A, "tx_vlan_packets"), kTagged);
	EXPECT_EQ(xstat(B, "rx_vlan_packets"), kTagged);
	EXPECT_EQ(xstat(B, "rx_good_packets"), kN + kTagged);
	// Names are unique.
	rte_eth_xstat_name names[256];
	const int n = rte_eth_xstats_get_names(B, names, 256);
	ASSERT_GT(n, 0);
	std::set<std::string> uniq;
	for (int i = 0; i < n; i++)
		EXPECT_TRUE(uniq.insert(names[i].name).second) << names[i].name;
	// Reset.
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	ASSERT_EQ(rte_eth_stats_get(B, &sb), 0);
	EXPECT_EQ(sb.ipackets, 0u);
	EXPECT_EQ(sb.ibytes, 0u);
	EXPECT_EQ(xstat(B, "rx_unicast_packets"), 0u);
	ASSERT_EQ(rte_eth_xstats_reset(A), 0);
	EXPECT_EQ(xstat(A, "tx_mac_good_packets"), 0u);
}

TEST_F(Cable, ErrorFramesAreCountedAndTheirBuffersReturn)
{
	start_pair();
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	// An IPv4 ethertype with a version-5 header: the parser flags it and
	// the FMan sends it to the error FQ.
	Bytes bad = ipv4_udp(to_b(), kIpA, kIpB, 1, 2, 40);
	bad[RTE_ETHER_HDR_LEN] = 0x55;
	std::vector<Bytes> f(10, bad);
	f.push_back(raw_frame(to_b(), 80));
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	auto rx = rx_wait(B, 0, f.size(), 200);
	EXPECT_EQ(rx.size(), 1u);
	free_all(rx);
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.ierrors, 10u);
	EXPECT_EQ(st.ipackets, 1u);
}

} // namespace
