/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Ports A and B of the cable: what the port says it implements (device
// info, firmware version) and the packet types it claims, and that an ARP
// frame gets the type the port claims.

#include <set>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, InfoAdvertisesExactlyWhatIsImplemented)
{
	rte_eth_dev_info info;
	ASSERT_EQ(rte_eth_dev_info_get(A, &info), 0);
	EXPECT_STREQ(info.driver_name, "net_dpaa");
	EXPECT_EQ(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_STRIP, 0u);
	EXPECT_EQ(info.rx_queue_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_STRIP, 0u);
	EXPECT_EQ(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_QINQ_STRIP, 0u);
	EXPECT_EQ(info.rx_offload_capa,
		  RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM |
			  RTE_ETH_RX_OFFLOAD_TCP_CKSUM | RTE_ETH_RX_OFFLOAD_SCATTER |
			  RTE_ETH_RX_OFFLOAD_RSS_HASH | RTE_ETH_RX_OFFLOAD_TIMESTAMP);
	EXPECT_EQ(info.tx_offload_capa,
		  RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
			  RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_MULTI_SEGS);
	EXPECT_EQ(info.max_mac_addrs, 8u);
	EXPECT_EQ(info.max_rx_queues, 8u);
	EXPECT_EQ(info.speed_capa & RTE_ETH_LINK_SPEED_10G, RTE_ETH_LINK_SPEED_10G);
	char fw[64];
	ASSERT_EQ(rte_eth_dev_fw_version_get(A, fw, sizeof(fw)), 0);
	EXPECT_STREQ(fw, "FMan 6.3 ucode 106.4.18");
	char tiny[4];
	EXPECT_EQ(rte_eth_dev_fw_version_get(A, tiny, sizeof(tiny)),
		  static_cast<int>(strlen("FMan 6.3 ucode 106.4.18") + 1));
}

TEST_F(Cable, SupportedPtypesNameVlanAndQinq)
{
	uint32_t pt[32];
	const int n = rte_eth_dev_get_supported_ptypes(A, RTE_PTYPE_ALL_MASK, pt, 32);
	ASSERT_GT(n, 0);
	std::set<uint32_t> s(pt, pt + n);
	for (uint32_t t :
	     {RTE_PTYPE_L2_ETHER, RTE_PTYPE_L2_ETHER_VLAN, RTE_PTYPE_L2_ETHER_QINQ,
	      RTE_PTYPE_L3_IPV4, RTE_PTYPE_L3_IPV6, RTE_PTYPE_L4_TCP, RTE_PTYPE_L4_UDP})
		EXPECT_TRUE(s.count(t)) << std::hex << t;
}

// What rte_eth_dev_get_supported_ptypes() claims is what frames get: an
// ARP request arrives as RTE_PTYPE_L2_ETHER_ARP (from the parse result's
// next header), a tagged one as VLAN (the L2 type names the first ethertype).
TEST_F(Cable, ArpArrivesWithTheClaimedPtype)
{
	start_pair();
	uint32_t pt[32];
	const int n = rte_eth_dev_get_supported_ptypes(B, RTE_PTYPE_ALL_MASK, pt, 32);
	ASSERT_GT(n, 0);
	const std::set<uint32_t> claimed(pt, pt + n);
	// Request: Ethernet, IPv4, lengths 6 and 4, opcode 1, then the addresses.
	Bytes arp = {0x00, 0x01, 0x08, 0x00, 6, 4, 0x00, 0x01};
	arp.resize(28, 0x5a);
	arp.resize(46, 0); // padded to the minimum frame, as the sender's MAC would
	L2 to_b_bcast = to_b();
	to_b_bcast.dst = {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	L2 tagged = to_b_bcast;
	tagged.vlan = 5;
	const std::vector<Bytes> out = {eth_frame(to_b_bcast, RTE_ETHER_TYPE_ARP, arp),
					eth_frame(tagged, RTE_ETHER_TYPE_ARP, arp)};
	const uint32_t want[] = {RTE_PTYPE_L2_ETHER_ARP, RTE_PTYPE_L2_ETHER_VLAN};
	ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
	auto rx = rx_wait(B, 0, out.size());
	ASSERT_EQ(rx.size(), out.size());
	for (size_t i = 0; i < rx.size(); i++) {
		EXPECT_EQ(mbuf_bytes(rx[i]), out[i]) << "frame " << i;
		EXPECT_EQ(rx[i]->packet_type, want[i])
			<< "frame " << i << ": " << std::hex << rx[i]->packet_type;
		EXPECT_TRUE(claimed.count(rx[i]->packet_type & RTE_PTYPE_L2_MASK))
			<< "frame " << i << ": L2 type not claimed";
	}
	free_all(rx);
}

} // namespace
