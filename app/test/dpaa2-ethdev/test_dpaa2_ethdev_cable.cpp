/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Two ports of the modelled LX2160A-RDB cabled to each other (dpmac.3 and
// dpmac.4, dpni.1 and dpni.2 in the container): what one sends the other
// receives. Frames of every kind arrive byte-exact both ways, tags in the
// frame and no VLAN flag, with the packet type the parse gives and the
// checksum flags WRIOP's validation gives (none when it is off); frames
// too long for the receiver's MTU are dropped and counted by the DPNI,
// frames up to it arrive; jumbo frames go out as SG frames and come in as
// mbuf chains with scattered Rx. Every test ends with both pools full, as
// the mempool and the MC count them.

#include <cstring>

#include <rte_cycles.h>

#include "dpaa2_ethdev_support.hpp"

using namespace dpaa_test;

namespace
{

constexpr unsigned kPoolSize = 2048;
constexpr uint16_t kJumboRoom = 10240 + RTE_PKTMBUF_HEADROOM;
// dpni_get_statistics page 2 (fsl_dpni.h): ingress discarded frames.
constexpr uint8_t kPageDrops = 2;
constexpr unsigned kIngressDiscarded = 1;

rte_mempool *g_pool; // Rx buffers of both ports, and Tx mbufs
rte_mempool *g_big;  // Tx mbufs that hold a jumbo frame whole
uint16_t A, B;	     // dpni.1 (dpmac.3) and dpni.2 (dpmac.4)

L2 l2_to(uint16_t port, int vlan = -1, int outer = -1)
{
	L2 l{};
	l.dst = port_mac(port);
	l.src = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x99}};
	l.vlan = vlan;
	l.outer_vlan = outer;
	return l;
}

// Sends 'f' from 'port' as a chain of mbufs of g_pool of 'seg' bytes each
// (WRIOP releases them all: an SG frame); whether it went out.
bool send_chain(uint16_t port, const Bytes &f, size_t seg)
{
	rte_mbuf *head = nullptr;
	for (size_t off = 0; off < f.size(); off += seg) {
		rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
		if (m == nullptr)
			break;
		const size_t n = std::min(seg, f.size() - off);
		memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(n)), f.data() + off, n);
		if (head == nullptr)
			head = m;
		else if (rte_pktmbuf_chain(head, m) != 0)
			rte_pktmbuf_free(m);
	}
	if (head == nullptr || head->pkt_len != f.size()) {
		rte_pktmbuf_free(head);
		return false;
	}
	return rte_eth_tx_burst(port, 0, &head, 1) == 1;
}

class Cable : public ::testing::Test
{
protected:
	void SetUp() override
	{
		ASSERT_NE(g_pool, nullptr);
		start_both();
	}
	void TearDown() override
	{
		rx_flush(A);
		rx_flush(B);
		port_stop(A);
		port_stop(B);
		EXPECT_EQ(pool_settle(g_pool, kPoolSize), kPoolSize) << "buffers lost";
		EXPECT_EQ(dpbp_free(g_pool), kPoolSize) << "the DPBP lost buffers";
	}
	void start_both(uint64_t rx_offloads = 0, uint32_t mtu_a = 0, uint32_t mtu_b = 0)
	{
		PortSetup s;
		s.pool = g_pool;
		s.conf.rxmode.offloads = rx_offloads;
		s.conf.rxmode.mtu = mtu_a;
		if (mtu_a > RTE_ETHER_MTU)
			s.conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
		ASSERT_EQ(port_start(A, s), 0);
		s.conf.rxmode.offloads = rx_offloads;
		s.conf.rxmode.mtu = mtu_b;
		if (mtu_b > RTE_ETHER_MTU)
			s.conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
		ASSERT_EQ(port_start(B, s), 0);
	}
	// Sends 'frames' from 'from' and checks that 'to' receives them in
	// order, byte-exact, each with the packet type 'ptypes' gives and no
	// VLAN flag; the mbufs, for more checks.
	std::vector<rte_mbuf *> cross(uint16_t from, uint16_t to, const std::vector<Bytes> &frames,
				      const std::vector<uint32_t> &ptypes)
	{
		EXPECT_EQ(send_frames(from, 0, g_pool, frames), frames.size());
		std::vector<rte_mbuf *> got = rx_wait(to, 0, static_cast<unsigned>(frames.size()));
		EXPECT_EQ(got.size(), frames.size());
		for (size_t i = 0; i < got.size() && i < frames.size(); i++) {
			EXPECT_EQ(mbuf_bytes(got[i]), frames[i]) << "frame " << i;
			EXPECT_EQ(got[i]->packet_type, ptypes[i])
				<< "frame " << i << ": 0x" << std::hex << got[i]->packet_type;
			EXPECT_EQ(got[i]->ol_flags &
					  (RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED |
					   RTE_MBUF_F_RX_QINQ | RTE_MBUF_F_RX_QINQ_STRIPPED),
				  0u)
				<< "frame " << i;
			EXPECT_EQ(got[i]->port, to);
		}
		return got;
	}
};

TEST_F(Cable, FramesOfEveryKindArriveByteExactBothWaysWithTheirTypes)
{
	constexpr uint32_t e = RTE_PTYPE_L2_ETHER, v = RTE_PTYPE_L2_ETHER_VLAN,
			   qq = RTE_PTYPE_L2_ETHER_QINQ;
	constexpr uint32_t v4 = RTE_PTYPE_L3_IPV4, v6 = RTE_PTYPE_L3_IPV6;
	constexpr uint32_t udp = RTE_PTYPE_L4_UDP, tcp = RTE_PTYPE_L4_TCP;
	for (const auto &[from, to] : {std::pair{A, B}, std::pair{B, A}}) {
		std::vector<Bytes> frames = {
			ipv4_udp(l2_to(to), 0x0a000001, 0x0a000002, 1000, 2000, 18),
			ipv4_tcp(l2_to(to), 0x0a000001, 0x0a000002, 1001, 2001, 200),
			ipv6_udp(l2_to(to), 1002, 2002, 64),
			ipv6_tcp(l2_to(to), 1003, 2003, 1000),
			ipv4_udp(l2_to(to, 100), 0x0a000001, 0x0a000002, 1004, 2004, 100),
			ipv6_tcp(l2_to(to, 4095), 1005, 2005, 300),
			ipv4_tcp(l2_to(to, 7, 300), 0x0a000001, 0x0a000002, 1006, 2006, 40),
			ipv6_udp(l2_to(to, 0, 1), 1007, 2007, 1400),
			raw_frame(l2_to(to), 60),
			raw_frame(l2_to(to, 5), 1514),
		};
		const std::vector<uint32_t> ptypes = {
			e | v4 | udp,
			e | v4 | tcp,
			e | v6 | udp,
			e | v6 | tcp,
			v | v4 | udp,
			v | v6 | tcp,
			qq | v4 | tcp,
			qq | v6 | udp,
			e,
			v,
		};
		auto got = cross(from, to, frames, ptypes);
		for (rte_mbuf *m : got)
			EXPECT_EQ(m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK, 0u)
				<< "no checksum offload asked: nothing said";
		free_all(got);
	}
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.ierrors, 0u);
	EXPECT_EQ(st.imissed, 0u);
}

TEST_F(Cable, ChecksumFlagsSayWhatWriopValidated)
{
	start_both(RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM |
		   RTE_ETH_RX_OFFLOAD_TCP_CKSUM);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	Bytes bad_ip = ipv4_udp(l2_to(B), 0x0a000001, 0x0a000002, 1, 2, 50);
	bad_ip[RTE_ETHER_HDR_LEN + 10] ^= 0x5a; // the IPv4 header checksum
	const std::vector<Bytes> frames = {
		ipv4_udp(l2_to(B), 0x0a000001, 0x0a000002, 1, 2, 50),
		ipv4_tcp(l2_to(B, 10), 0x0a000001, 0x0a000002, 1, 2, 50),
		ipv4_udp(l2_to(B), 0x0a000001, 0x0a000002, 1, 2, 50, false),
		ipv4_tcp(l2_to(B, 20, 30), 0x0a000001, 0x0a000002, 1, 2, 50, false),
		bad_ip,
	};
	constexpr uint64_t ip_good = RTE_MBUF_F_RX_IP_CKSUM_GOOD,
			   ip_bad = RTE_MBUF_F_RX_IP_CKSUM_BAD,
			   l4_good = RTE_MBUF_F_RX_L4_CKSUM_GOOD,
			   l4_bad = RTE_MBUF_F_RX_L4_CKSUM_BAD;
	const uint64_t want[] = {ip_good | l4_good, ip_good | l4_good, ip_good | l4_bad,
				 ip_good | l4_bad, ip_bad};
	ASSERT_EQ(send_frames(A, 0, g_pool, frames), frames.size());
	auto got = rx_wait(B, 0, static_cast<unsigned>(frames.size()));
	ASSERT_EQ(got.size(), frames.size()) << "frames of a bad checksum are delivered, flagged";
	for (size_t i = 0; i < got.size(); i++) {
		EXPECT_EQ(mbuf_bytes(got[i]), frames[i]) << i;
		const uint64_t f = got[i]->ol_flags &
				   (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK);
		if (i == 4)
			EXPECT_EQ(f & RTE_MBUF_F_RX_IP_CKSUM_MASK, want[i]) << i;
		else
			EXPECT_EQ(f, want[i]) << i << ": flags 0x" << std::hex << f;
	}
	free_all(got);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.ipackets, frames.size());
	EXPECT_EQ(st.ierrors, 0u) << "a flagged frame is no receive error";
}

TEST_F(Cable, FramesLongerThanTheMtuAreDroppedAndCountedByTheDpni)
{
	// B takes frames of MTU 1500 (and two tags); A sends up to 9000.
	start_both(0, 9000, 1500);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	const uint64_t discarded = dpni_counter(2, kPageDrops, kIngressDiscarded);
	const std::vector<Bytes> frames = {
		raw_frame(l2_to(B), 1514),	      // MTU: arrives
		raw_frame(l2_to(B), 1600),	      // dropped
		raw_frame(l2_to(B, 1, 2), 1514 + 8),  // MTU and two tags: arrives
		raw_frame(l2_to(B), 9000),	      // dropped
		ipv4_udp(l2_to(B), 1, 2, 3, 4, 2000), // dropped
		raw_frame(l2_to(B), 64),	      // arrives
	};
	for (const Bytes &f : frames)
		ASSERT_TRUE(send_chain(A, f, 1024));
	auto got = rx_wait(B, 0, 3);
	EXPECT_EQ(got.size(), 3u);
	if (got.size() == 3) {
		EXPECT_EQ(mbuf_bytes(got[0]), frames[0]);
		EXPECT_EQ(mbuf_bytes(got[1]), frames[2]);
		EXPECT_EQ(mbuf_bytes(got[2]), frames[5]);
	}
	free_all(got);
	EXPECT_EQ(dpni_counter(2, kPageDrops, kIngressDiscarded), discarded + 3);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_EQ(st.ipackets, 3u);
	EXPECT_EQ(st.ierrors, 3u);
	EXPECT_EQ(st.imissed, 0u);
}

TEST_F(Cable, JumboFramesGoOutAsSgFramesAndComeInAsChains)
{
	start_both(0, 9600, 9600);
	// Chains of mbufs of g_pool: SG frames at Tx.
	const Bytes f = ipv4_udp(l2_to(B, 42), 0x0a000001, 0x0a000002, 7, 8, 9000);
	ASSERT_EQ(rte_eth_stats_reset(A), 0);
	ASSERT_TRUE(send_chain(A, f, 1500));
	ASSERT_TRUE(send_chain(A, f, 700));
	// One mbuf of a pool of other ops: WRIOP may not release it, so it goes
	// out whole, confirmed, and returns to its pool once the confirmation
	// is taken (no copy, no drop).
	EXPECT_EQ(send_frames(A, 0, g_big, {f}), 1u);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(A, &st), 0);
	EXPECT_EQ(st.opackets, 3u);
	EXPECT_EQ(st.oerrors, 0u);
	auto got = rx_wait(B, 0, 3);
	EXPECT_EQ(got.size(), 3u);
	for (int i = 0; i < 2000 && rte_mempool_avail_count(g_big) < 16; i++) {
		rte_eth_tx_done_cleanup(A, 0, 0);
		rte_delay_us_sleep(1000);
	}
	EXPECT_EQ(rte_mempool_avail_count(g_big), 16u);
	for (rte_mbuf *m : got) {
		EXPECT_GT(m->nb_segs, 1) << "a 9 KB frame in 2 KB buffers is a chain";
		EXPECT_EQ(m->pkt_len, f.size());
		EXPECT_EQ(mbuf_bytes(m), f);
		EXPECT_EQ(m->packet_type,
			  RTE_PTYPE_L2_ETHER_VLAN | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP);
		EXPECT_EQ(m->ol_flags & (RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED), 0u);
	}
	free_all(got);
}

TEST_F(Cable, WithoutScatterAnMtuBeyondTheBufferIsRefused)
{
	port_stop(B);
	PortSetup s;
	s.pool = g_pool;
	s.conf.rxmode.mtu = 9000;
	EXPECT_LT(port_start(B, s), 0) << "9000-byte frames do not fit 2 KiB buffers";
	s.conf.rxmode.mtu = 1500;
	EXPECT_EQ(port_start(B, s), 0);
}

TEST_F(Cable, AStartThatFailsOnARunningPortLosesNoBuffer)
{
	PortSetup s;
	s.pool = g_pool;
	s.conf.rxmode.mtu = 9000;
	EXPECT_EQ(port_start(A, s), -EINVAL);
	EXPECT_EQ(pool_settle(g_pool, kPoolSize), kPoolSize);
	s.conf.rxmode.mtu = 1500;
	EXPECT_EQ(port_start(A, s), 0);
	EXPECT_EQ(pool_settle(g_pool, kPoolSize), kPoolSize);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return dpaa2_program(
		"board=lx2160a-rdb;dpmac.3=cable:dpmac.4;mode=threaded", {},
		[] {
			A = port_by_name("dpni.1");
			B = port_by_name("dpni.2");
			g_pool = dpaa2_pool("cable", kPoolSize);
			g_big = rte_pktmbuf_pool_create_by_ops("big", 16, 0, 0, kJumboRoom,
							       SOCKET_ID_ANY, "ring_mp_mc");
			return ports_and_pools({A, B}, {g_pool, g_big});
		},
		[] {
			rte_mempool_free(g_pool);
			rte_mempool_free(g_big);
		});
}
