/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa through the ethdev API on the modelled LS1046A-RDB with a cable
// between fm1-mac9 (port A) and fm1-mac10 (port B): what A transmits, B
// receives, and the other way round. The model runs in its own thread,
// unthrottled. Every test ends with every buffer back in its pool.

#include <algorithm>
#include <atomic>
#include <map>
#include <set>

#include <rte_cycles.h>
#include <rte_lcore.h>

#include "dpaa_model/system.hpp"
#include "ethdev_test_support.hpp"
#include "rte_pmd_dpaa.h"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;	  // 2 KiB buffers, dpaa
rte_mempool *g_small;	  // 256-byte data room, dpaa (scattered Rx)
rte_mempool *g_ring_pool; // not a dpaa pool: Tx copy path
uint16_t A, B;

constexpr uint32_t kIpA = 0x0a000001, kIpB = 0x0a000002;

class Cable : public ::testing::Test
{
protected:
	void SetUp() override
	{
		start_avail_ = pool_settle(g_pool, g_pool->size);
		start_small_ = pool_settle(g_small, g_small->size);
	}
	void TearDown() override
	{
		for (uint16_t p : {A, B}) {
			rte_pmd_dpaa_set_tx_loopback(p, 0);
			rx_flush(p);
			port_stop(p);
			rte_eth_promiscuous_disable(p);
			rte_eth_allmulticast_disable(p);
		}
		EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_) << "buffers lost";
		EXPECT_EQ(pool_settle(g_small, start_small_), start_small_) << "small buffers lost";
	}

	// Both ports with one queue each, B promiscuous off; A -> B.
	void start_pair(PortSetup a = {}, PortSetup b = {})
	{
		if (!a.pool)
			a.pool = g_pool;
		if (!b.pool)
			b.pool = g_pool;
		ASSERT_EQ(port_start(A, a), 0);
		ASSERT_EQ(port_start(B, b), 0);
	}

	L2 to_b(int vlan = -1, int outer = -1) const
	{
		L2 l2{port_mac(B), port_mac(A), vlan, outer};
		return l2;
	}

	uint64_t start_avail_ = 0, start_small_ = 0;
};

// ------------------------------------------------------------- information

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

// ------------------------------------------------------------- the VLAN contract

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

// Rx FQs stash the annotation's first line (parse result, hash) and the
// frame's first line with each DQRR entry (FQ context A), as upstream's
// driver asks: on a board both are in the polling core's cache when the
// burst and the application read them. The model counts what it stashed.
TEST_F(Cable, RxFqsStashTheAnnotationAndTheFirstFrameLine)
{
	dpaa::model::System *sys = model_system();
	if (sys == nullptr)
		GTEST_SKIP() << "the board platform's model is the emulated kernel's";
	start_pair();
	auto stashed = [sys] {
		std::lock_guard<std::mutex> quiet(sys->soc().lock());
		return sys->soc().stashed();
	};
	const dpaa::model::StashCounts before = stashed();
	const std::vector<Bytes> out(8, raw_frame(to_b(), 200));
	ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
	auto rx = rx_wait(B, 0, out.size());
	ASSERT_EQ(rx.size(), out.size());
	free_all(rx);
	const dpaa::model::StashCounts after = stashed();
	EXPECT_EQ(after.entries - before.entries, out.size());
	EXPECT_EQ(after.annotation_lines - before.annotation_lines, out.size());
	EXPECT_EQ(after.data_lines - before.data_lines, out.size());
	EXPECT_EQ(after.context_lines - before.context_lines, 0u);
}

// ------------------------------------------------------------- configuration errors

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

// ------------------------------------------------------------- link

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

// ------------------------------------------------------------- checksums

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

// ------------------------------------------------------------- scatter/gather

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

// ------------------------------------------------------------- Tx slow paths

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

// ------------------------------------------------------------- RSS and queues

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

struct PollArgs {
	uint16_t port, queue;
	unsigned want;
	unsigned got;
};

int poll_lcore(void *arg)
{
	auto *a = static_cast<PollArgs *>(arg);
	auto rx = rx_wait(a->port, a->queue, a->want, 300);
	a->got = rx.size();
	free_all(rx);
	return 0;
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

// The worker takes one frame and returns, leaving the rest of what QMan
// pushed in its portal's ring (DQRR), as a forwarding lcore that stops.
int take_one_lcore(void *arg)
{
	auto *a = static_cast<PollArgs *>(arg);
	rte_mbuf *m = nullptr;
	for (unsigned tries = 0; tries < 100000 && a->got == 0; tries++) {
		if (rte_eth_rx_burst(a->port, a->queue, &m, 1) == 1) {
			rte_pktmbuf_free(m);
			a->got = 1;
		} else {
			rte_delay_us_sleep(10);
		}
	}
	return 0;
}

// Polls B's queue 0 until told to quit, as a forwarding lcore does.
struct Drainer {
	std::atomic<bool> quit{false};
};

int drain_lcore(void *arg)
{
	auto *d = static_cast<Drainer *>(arg);
	while (!d->quit.load()) {
		rte_mbuf *m[32];
		const uint16_t n = rte_eth_rx_burst(B, 0, m, 32);
		if (n)
			rte_pktmbuf_free_bulk(m, n);
	}
	return 0;
}

// A frame QMan pushes to a worker's DQRR after the worker stopped polling
// keeps its buffer until that lcore polls again (a port stop cannot take
// another portal's ring): the test's worker polls until the pool is whole
// before it leaves, as a forwarding lcore that is started again would. A
// fixed quiet time is not the end of the traffic where the model's thread
// may wait long for a CPU (emulation, a loaded machine).
void drain_on(unsigned worker, uint64_t want)
{
	Drainer d;
	if (rte_eal_remote_launch(drain_lcore, &d, worker) != 0)
		return;
	pool_settle(g_pool, want);
	d.quit = true;
	rte_eal_wait_lcore(worker);
}

// Interactive testpmd "stop" / port stop / port start / "start" while
// traffic flows: the port stops with its frames still in the worker's DQRR
// (the Rx FQ cannot leave the retiring state until the worker polls again),
// and the next start must still deliver everything sent after it to the
// same worker.
class CableStopStart : public Cable
{
protected:
	void run(bool reconfigure);
};

void CableStopStart::run(bool reconfigure)
{
	const unsigned worker = rte_get_next_lcore(-1, 1, 0);
	if (worker >= RTE_MAX_LCORE)
		GTEST_SKIP() << "needs two lcores";
	start_pair();
	std::vector<Bytes> before, after;
	for (unsigned i = 0; i < 40; i++)
		before.push_back(
			ipv4_udp(to_b(), kIpA, kIpB, static_cast<uint16_t>(100 + i), 7, 30));
	for (unsigned i = 0; i < 20; i++)
		after.push_back(
			ipv4_udp(to_b(), kIpA, kIpB, static_cast<uint16_t>(200 + i), 7, 30));
	ASSERT_EQ(send_frames(A, 0, g_pool, before), before.size());
	sleep_ms(100); // all of them queued or pushed to the worker's ring
	PollArgs w{B, 0, 1, 0};
	ASSERT_EQ(rte_eal_remote_launch(take_one_lcore, &w, worker), 0);
	rte_eal_wait_lcore(worker);
	ASSERT_EQ(w.got, 1u);

	if (reconfigure) {
		PortSetup b;
		b.pool = g_pool;
		ASSERT_EQ(port_start(B, b), 0); // stop, configure, queue setup, start
	} else {
		ASSERT_EQ(rte_eth_dev_stop(B), 0);
		ASSERT_EQ(rte_eth_dev_start(B), 0);
	}
	// testpmd's "start" flushes the Rx queues from the main lcore first.
	for (int round = 0; round < 2; round++) {
		rte_mbuf *pk[32];
		uint16_t n;
		while ((n = rte_eth_rx_burst(B, 0, pk, 32)) > 0)
			rte_pktmbuf_free_bulk(pk, n);
		sleep_ms(10);
	}
	ASSERT_EQ(send_frames(A, 0, g_pool, after), after.size());
	PollArgs w2{B, 0, 1000, 0};
	ASSERT_EQ(rte_eal_remote_launch(poll_lcore, &w2, worker), 0);
	rte_eal_wait_lcore(worker);
	// Frames left in the ring over the stop may be dropped or delivered;
	// every frame sent after the start arrives.
	EXPECT_GE(w2.got, after.size());
	EXPECT_LE(w2.got, after.size() + before.size() - 1);
	drain_on(worker, start_avail_);
}

TEST_F(CableStopStart, StopStartWithFramesInAWorkersRing)
{
	run(false);
}

TEST_F(CableStopStart, ReconfigureWithFramesInAWorkersRing)
{
	run(true);
}

// A worker that polls in small bursts (leaving frames in its DQRR) until
// told to pause, as testpmd's forwarding lcore between "start" and "stop".
struct PausingWorker {
	uint16_t port;
	std::atomic<bool> quit{false};
	std::atomic<bool> pause{false};
	std::atomic<bool> paused{false};
	std::atomic<unsigned> got{0};
};

int pausing_worker_lcore(void *arg)
{
	auto *a = static_cast<PausingWorker *>(arg);
	while (!a->quit.load()) {
		if (a->pause.load()) {
			a->paused = true;
			continue;
		}
		a->paused = false;
		rte_mbuf *m[4];
		const uint16_t n = rte_eth_rx_burst(a->port, 0, m, 4);
		if (n) {
			rte_pktmbuf_free_bulk(m, n);
			a->got += n;
		}
	}
	return 0;
}

// Repeated forwarding stop / port stop / port start / forwarding start with
// frames in flight: after every start, all frames sent afterwards arrive.
TEST_F(Cable, RepeatedStopStartWithFramesInFlight)
{
	const unsigned worker = rte_get_next_lcore(-1, 1, 0);
	if (worker >= RTE_MAX_LCORE)
		GTEST_SKIP() << "needs two lcores";
	start_pair();
	std::vector<Bytes> f;
	for (unsigned i = 0; i < 20; i++)
		f.push_back(ipv4_udp(to_b(), kIpA, kIpB, static_cast<uint16_t>(100 + i), 7, 30));
	PausingWorker w;
	w.port = B;
	ASSERT_EQ(rte_eal_remote_launch(pausing_worker_lcore, &w, worker), 0);
	for (int cycle = 0; cycle < 20; cycle++) {
		const unsigned base = w.got.load();
		ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
		// Pause once the first frames arrived: the rest are in flight.
		const uint64_t until = rte_get_timer_cycles() + 2 * rte_get_timer_hz();
		while (w.got.load() == base && rte_get_timer_cycles() < until)
			rte_pause();
		w.pause = true;
		while (!w.paused.load())
			rte_pause();
		ASSERT_EQ(rte_eth_dev_stop(B), 0);
		ASSERT_EQ(rte_eth_dev_start(B), 0);
		const unsigned before = w.got.load();
		w.pause = false;
		ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
		for (int ms = 0; ms < 2000 && w.got.load() < before + f.size(); ms++)
			sleep_ms(1);
		EXPECT_GE(w.got.load(), before + f.size()) << "cycle " << cycle;
		if (w.got.load() < before + f.size())
			break;
	}
	// A frame kept over a stop may have been counted instead of one of the
	// last 20, which is still on its way: the worker polls until every
	// buffer is back (see drain_on).
	pool_settle(g_pool, start_avail_);
	w.quit = true;
	rte_eal_wait_lcore(worker);
}

// ------------------------------------------------------------- filters

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

// ------------------------------------------------------------- MTU

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

// ------------------------------------------------------------- statistics

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

// ------------------------------------------------------------- Rx queue depth

TEST_F(Cable, RxQueueCountAndTailDrop)
{
	PortSetup b;
	b.nb_rxd = 64;
	start_pair({}, b);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	EXPECT_EQ(rte_eth_rx_queue_count(B, 0), 0);
	std::vector<Bytes> few(10, raw_frame(to_b(), 1500));
	ASSERT_EQ(send_frames(A, 0, g_pool, few), 10u);
	for (int i = 0; i < 200 && rte_eth_rx_queue_count(B, 0) < 10; i++)
		sleep_ms(1);
	EXPECT_EQ(rte_eth_rx_queue_count(B, 0), 10);
	// Far more than 64 full-size frames while nobody polls: QMan tail-drops.
	std::vector<Bytes> many(300, raw_frame(to_b(), 1500));
	ASSERT_EQ(send_frames(A, 0, g_pool, many), 300u);
	sleep_ms(200);
	auto rx = rx_wait(B, 0, 310, 200);
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_GT(st.imissed, 0u);
	EXPECT_LE(rx.size(), 80u);
	EXPECT_EQ(rx.size() + st.imissed, 310u);
	EXPECT_EQ(st.ipackets, rx.size());
	free_all(rx);
}

// ------------------------------------------------------------- tx loopback

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

// ------------------------------------------------------------- flow control and more

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

int main(int argc, char **argv)
{
	testing::InitGoogleTest(&argc, argv);
	if (eal_start(argv[0],
		      "board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded;throttle=off",
		      {"-l", "0-1"}) < 0) {
		fprintf(stderr, "EAL initialisation failed\n");
		return 1;
	}
	A = port_by_name("fm1-mac9");
	B = port_by_name("fm1-mac10");
	g_pool = dpaa_pool("pool", 4096);
	g_small = dpaa_pool("small", 1024, RTE_PKTMBUF_HEADROOM + 256);
	g_ring_pool = rte_pktmbuf_pool_create_by_ops(
		"ring_pool", 256, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY, "ring_mp_mc");
	if (A >= RTE_MAX_ETHPORTS || B >= RTE_MAX_ETHPORTS || !g_pool || !g_small || !g_ring_pool) {
		fprintf(stderr, "no DPAA ports or pools (ports %u %u)\n", A, B);
		return 1;
	}
	const int ret = RUN_ALL_TESTS();
	rte_eth_dev_close(A);
	rte_eth_dev_close(B);
	rte_eal_cleanup();
	return ret;
}
