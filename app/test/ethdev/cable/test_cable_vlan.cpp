/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// The VLAN contract: the FMan does not strip tags, so the offload cannot
// be configured, and tagged frames arrive byte for byte with their types.

#include <cstdlib>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

TEST_F(Cable, VlanStripCannotBeConfigured)
{
	rte_eth_conf conf{};
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	EXPECT_LT(rte_eth_dev_configure(A, 1, 1, &conf), 0);
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_QINQ_STRIP;
	EXPECT_LT(rte_eth_dev_configure(A, 1, 1, &conf), 0);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(A, s), 0);
	EXPECT_LT(rte_eth_dev_set_vlan_offload(A, RTE_ETH_VLAN_STRIP_OFFLOAD), 0);
	EXPECT_EQ(rte_eth_dev_get_vlan_offload(A) & RTE_ETH_VLAN_STRIP_OFFLOAD, 0);
	// Queue-level request of the offload fails too.
	port_stop(A);
	rte_eth_rxconf rxc{};
	rxc.offloads = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	EXPECT_LT(rte_eth_rx_queue_setup(A, 0, 512, SOCKET_ID_ANY, &rxc, g_pool), 0);
}

struct VlanCase {
	const char *name;
	int vlan, outer;
	uint32_t l2_ptype;
};

TEST_F(Cable, TaggedFramesArriveByteIdenticalWithTheirTypes)
{
	start_pair();
	const VlanCase cases[] = {
		{"untagged", -1, -1, RTE_PTYPE_L2_ETHER},
		{"802.1Q", 0x0123, -1, RTE_PTYPE_L2_ETHER_VLAN},
		{"QinQ", 0x0456, 0x0789, RTE_PTYPE_L2_ETHER_QINQ},
	};
	for (const VlanCase &c : cases) {
		SCOPED_TRACE(c.name);
		const L2 l2 = to_b(c.vlan, c.outer);
		struct {
			Bytes f;
			uint32_t l3l4;
		} frames[] = {
			{ipv4_udp(l2, kIpA, kIpB, 1000, 2000, 100),
			 RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP},
			{ipv4_tcp(l2, kIpA, kIpB, 1001, 2001, 60),
			 RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_TCP},
			{ipv6_udp(l2, 1002, 2002, 80), RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_UDP},
			{ipv6_tcp(l2, 1003, 2003, 40), RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_TCP},
			{raw_frame(l2, 100), 0},
		};
		std::vector<Bytes> out;
		for (auto &f : frames)
			out.push_back(f.f);
		ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
		auto rx = rx_wait(B, 0, out.size());
		if (getenv("DPAA_TEST_DEBUG"))
			dump_xstats({A, B});
		ASSERT_EQ(rx.size(), out.size());
		for (size_t i = 0; i < rx.size(); i++) {
			const rte_mbuf *m = rx[i];
			EXPECT_EQ(mbuf_bytes(m), out[i]) << "frame " << i;
			EXPECT_EQ(m->data_len, out[i].size());
			EXPECT_EQ(m->pkt_len, out[i].size());
			EXPECT_EQ(m->nb_segs, 1);
			EXPECT_EQ(m->port, B);
			EXPECT_EQ(m->packet_type & RTE_PTYPE_L2_MASK, c.l2_ptype);
			EXPECT_EQ(m->packet_type & (RTE_PTYPE_L3_MASK | RTE_PTYPE_L4_MASK),
				  frames[i].l3l4)
				<< "frame " << i;
			EXPECT_EQ(m->ol_flags & (RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED |
						 RTE_MBUF_F_RX_QINQ | RTE_MBUF_F_RX_QINQ_STRIPPED),
				  0u);
			EXPECT_EQ(m->vlan_tci, 0);
			EXPECT_EQ(m->vlan_tci_outer, 0);
		}
		free_all(rx);
	}
}

} // namespace
