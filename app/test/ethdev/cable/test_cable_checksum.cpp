/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Checksum offloads: Rx flags for good and bad checksums, and the
// checksums the FMan inserts on Tx.

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, RxChecksumFlagsGoodAndBad)
{
	start_pair();
	std::vector<Bytes> f = {
		ipv4_udp(to_b(), kIpA, kIpB, 5, 6, 64, true),
		ipv4_tcp(to_b(), kIpA, kIpB, 5, 6, 64, true),
		ipv4_udp(to_b(), kIpA, kIpB, 5, 6, 64, false),
		ipv4_tcp(to_b(), kIpA, kIpB, 5, 6, 64, false),
	};
	Bytes bad_ip = ipv4_udp(to_b(), kIpA, kIpB, 5, 6, 64, true);
	bad_ip[RTE_ETHER_HDR_LEN + 10] ^= 0xff; // IPv4 header checksum
	f.push_back(bad_ip);
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	auto rx = rx_wait(B, 0, f.size());
	ASSERT_EQ(rx.size(), f.size());
	const uint64_t ip_mask = RTE_MBUF_F_RX_IP_CKSUM_MASK, l4_mask = RTE_MBUF_F_RX_L4_CKSUM_MASK;
	EXPECT_EQ(rx[0]->ol_flags & ip_mask, RTE_MBUF_F_RX_IP_CKSUM_GOOD);
	EXPECT_EQ(rx[0]->ol_flags & l4_mask, RTE_MBUF_F_RX_L4_CKSUM_GOOD);
	EXPECT_EQ(rx[1]->ol_flags & l4_mask, RTE_MBUF_F_RX_L4_CKSUM_GOOD);
	EXPECT_EQ(rx[2]->ol_flags & l4_mask, RTE_MBUF_F_RX_L4_CKSUM_BAD);
	EXPECT_EQ(rx[3]->ol_flags & l4_mask, RTE_MBUF_F_RX_L4_CKSUM_BAD);
	EXPECT_EQ(rx[4]->ol_flags & ip_mask, RTE_MBUF_F_RX_IP_CKSUM_BAD);
	for (size_t i = 0; i < rx.size(); i++)
		EXPECT_EQ(mbuf_bytes(rx[i]), f[i]);
	free_all(rx);
}

TEST_F(Cable, TxChecksumOffloadInsertsCorrectChecksums)
{
	PortSetup a;
	a.conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
				 RTE_ETH_TX_OFFLOAD_TCP_CKSUM;
	start_pair(a);
	for (int vlan : {-1, 7}) {
		SCOPED_TRACE(vlan);
		const L2 l2 = to_b(vlan);
		const size_t l2l = l2_len(l2);
		for (bool tcp : {false, true}) {
			Bytes f = tcp ? ipv4_tcp(l2, kIpA, kIpB, 9, 10, 77)
				      : ipv4_udp(l2, kIpA, kIpB, 9, 10, 77);
			const Bytes want = f;
			// Zero the checksums: the FMan must insert them.
			f[l2l + 10] = f[l2l + 11] = 0;
			const size_t l4c = l2l + 20 + (tcp ? 16 : 6);
			f[l4c] = f[l4c + 1] = 0;
			const uint64_t flags =
				RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM |
				(tcp ? RTE_MBUF_F_TX_TCP_CKSUM : RTE_MBUF_F_TX_UDP_CKSUM);
			ASSERT_EQ(send_frames(A, 0, g_pool, {f}, flags, static_cast<uint8_t>(l2l),
					      20),
				  1u);
			auto rx = rx_wait(B, 0, 1);
			ASSERT_EQ(rx.size(), 1u);
			const Bytes got = mbuf_bytes(rx[0]);
			EXPECT_TRUE(ipv4_cksum_ok(got, l2l));
			EXPECT_TRUE(l4_cksum_ok(got, l2l));
			EXPECT_EQ(got, want);
			EXPECT_EQ(rx[0]->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
				  RTE_MBUF_F_RX_L4_CKSUM_GOOD);
			free_all(rx);
		}
	}
}

} // namespace
