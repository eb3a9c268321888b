/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa with frames from and to pcap files (fm1-mac9, push mode), and the
// pull Rx mode chosen by devarg (fm1-mac10, rx_mode=pull, on a loopback
// wire). The model runs in its own thread, the wires at line rate (the pcap
// file replays at 20000 frames/s).

#include <cstdio>
#include <set>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P, L; // P: pcap wire, push mode. L: loopback wire, pull mode.
std::string g_dir;
std::vector<Bytes> g_in; // what the rx pcap holds

constexpr uint32_t kIp1 = 0xc0a80001, kIp2 = 0xc0a80002;

std::vector<Bytes> input_frames()
{
	const rte_ether_addr bcast = {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	const rte_ether_addr src = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x01}};
	std::vector<Bytes> v;
	for (int vlan : {-1, 100}) {
		for (int outer : {-1, 200}) {
			if (outer >= 0 && vlan < 0)
				continue;
			const L2 l2{bcast, src, vlan, outer};
			v.push_back(ipv4_udp(l2, kIp1, kIp2, 1, 2, 18));
			v.push_back(ipv4_tcp(l2, kIp1, kIp2, 3, 4, 100));
			v.push_back(ipv6_udp(l2, 5, 6, 200));
			v.push_back(ipv6_tcp(l2, 7, 8, 1000));
		}
	}
	return v;
}

uint32_t expected_ptype(size_t i)
{
	static const uint32_t l2[] = {RTE_PTYPE_L2_ETHER, RTE_PTYPE_L2_ETHER_VLAN,
				      RTE_PTYPE_L2_ETHER_QINQ};
	static const uint32_t l34[] = {
		RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP, RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_TCP,
		RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_UDP, RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_TCP};
	return l2[i / 4] | l34[i % 4];
}

TEST(Pcap, FramesFromTheWireArriveByteExactWithTheirMetadata)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	// The file loops: collect until each of its frames was seen.
	std::vector<bool> seen(g_in.size());
	unsigned distinct = 0, total = 0;
	for (int round = 0; round < 200 && distinct < g_in.size(); round++) {
		auto rx = rx_wait(P, 0, 64, 20);
		for (rte_mbuf *m : rx) {
			total++;
			const Bytes b = mbuf_bytes(m);
			bool matched = false;
			for (size_t i = 0; i < g_in.size(); i++) {
				if (b != g_in[i])
					continue;
				matched = true;
				EXPECT_EQ(m->packet_type & (RTE_PTYPE_L2_MASK | RTE_PTYPE_L3_MASK |
							    RTE_PTYPE_L4_MASK),
					  expected_ptype(i))
					<< "frame " << i;
				EXPECT_EQ(m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK,
					  RTE_MBUF_F_RX_L4_CKSUM_GOOD);
				EXPECT_EQ(m->ol_flags & (RTE_MBUF_F_RX_VLAN |
							 RTE_MBUF_F_RX_VLAN_STRIPPED),
					  0u);
				EXPECT_EQ(m->data_len, g_in[i].size());
				if (!seen[i]) {
					seen[i] = true;
					distinct++;
				}
			}
			EXPECT_TRUE(matched)
				<< "a frame that is not in the file, " << b.size() << " bytes";
		}
		free_all(rx);
	}
	EXPECT_EQ(distinct, g_in.size());
	EXPECT_GT(total, 0u);
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

TEST(Pcap, TransmittedFramesReachTheWireByteExact)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	const rte_ether_addr dst = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x99}};
	std::vector<Bytes> out;
	out.reserve(5);
	for (int i = 0; i < 5; i++)
		out.push_back(ipv4_udp(L2{dst, port_mac(P), i == 2 ? 42 : -1, -1}, kIp2, kIp1,
				       static_cast<uint16_t>(i), 9, 60 + i * 100));
	out.push_back(
		raw_frame(L2{dst, port_mac(P), -1, -1}, 60)); // minimum size, no padding needed
	ASSERT_EQ(send_frames(P, 0, g_pool, out), out.size());
	const std::vector<Bytes> got = wait_pcap(g_dir + "/out.pcap", out.size(), 2000);
	ASSERT_EQ(got.size(), out.size());
	for (size_t i = 0; i < out.size(); i++)
		EXPECT_EQ(got[i], out[i]) << "frame " << i;
	// The file keeps looping in: stop drains and frees what is queued.
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

TEST(Pull, PullModeReceivesEverythingInOrder)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(L, s), 0);
	rte_eth_burst_mode bm;
	ASSERT_EQ(rte_eth_rx_burst_mode_get(L, 0, &bm), 0);
	EXPECT_NE(strstr(bm.info, "Pull"), nullptr);
	const L2 self{port_mac(L), port_mac(L), 5, -1};
	std::vector<Bytes> f;
	f.reserve(100);
	for (int i = 0; i < 100; i++)
		f.push_back(ipv4_udp(self, kIp1, kIp2, static_cast<uint16_t>(i), 1, 30 + i));
	ASSERT_EQ(send_frames(L, 0, g_pool, f), f.size());
	auto rx = rx_wait(L, 0, f.size());
	ASSERT_EQ(rx.size(), f.size());
	for (size_t i = 0; i < rx.size(); i++) {
		EXPECT_EQ(mbuf_bytes(rx[i]), f[i]);
		EXPECT_EQ(rx[i]->packet_type & RTE_PTYPE_L2_MASK, RTE_PTYPE_L2_ETHER_VLAN);
	}
	free_all(rx);
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(L, &st), 0);
	EXPECT_EQ(st.ipackets, f.size());
	port_stop(L);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

// A stopped pull-mode queue: what its FQ and the portal's ring held is
// freed, the hardware drops (and counts) what follows; started again, it
// receives only what came after.
TEST(Pull, StoppedQueueDropsUntilStartedAgain)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(L, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(L), 0);
	const L2 self{port_mac(L), port_mac(L), -1, -1};
	auto frames = [&](uint16_t first, unsigned n) {
		std::vector<Bytes> v;
		for (unsigned i = 0; i < n; i++)
			v.push_back(ipv4_udp(self, kIp1, kIp2, static_cast<uint16_t>(first + i), 1,
					     40));
		return v;
	};
	const auto before = frames(100, 30);
	ASSERT_EQ(send_frames(L, 0, g_pool, before), before.size());
	rte_mbuf *pk[32];
	uint16_t n = 0;
	for (int i = 0; i < 50000 && n == 0; i++) {
		n = rte_eth_rx_burst(L, 0, pk, 4); // the rest stays queued
		if (n == 0)
			rte_delay_us_sleep(100);
	}
	ASSERT_GT(n, 0);
	rte_pktmbuf_free_bulk(pk, n);

	ASSERT_EQ(rte_eth_dev_rx_queue_stop(L, 0), 0);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "held frames freed";
	EXPECT_EQ(rte_eth_rx_burst(L, 0, pk, 32), 0);
	const auto during = frames(200, 10);
	ASSERT_EQ(send_frames(L, 0, g_pool, during), during.size());
	rte_eth_stats st{};
	for (int ms = 0; ms < 5000 && st.imissed < during.size(); ms++) {
		sleep_ms(1);
		rte_eth_stats_get(L, &st);
	}
	EXPECT_EQ(st.imissed, during.size());
	EXPECT_EQ(rte_eth_rx_burst(L, 0, pk, 32), 0);

	ASSERT_EQ(rte_eth_dev_rx_queue_start(L, 0), 0);
	const auto after = frames(300, 20);
	ASSERT_EQ(send_frames(L, 0, g_pool, after), after.size());
	auto rx = rx_wait(L, 0, after.size() + 1, 300);
	ASSERT_EQ(rx.size(), after.size());
	for (size_t i = 0; i < rx.size(); i++)
		EXPECT_EQ(mbuf_bytes(rx[i]), after[i]) << "frame " << i;
	free_all(rx);
	port_stop(L);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

// One lcore polls a pull-mode queue and a push-mode queue of another port
// (testpmd's default with two ports): frames of the pull queue's volatile
// dequeue that arrive after its burst returned sit in the lcore's ring,
// where the push queue's burst meets them first. Each is delivered by the
// pull queue's own burst, in order; none is dropped or counted as an error.
TEST(Pull, PullQueueSharingItsLcoreWithAPushQueueLosesNothing)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(L, s), 0);
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(L), 0);
	const L2 self{port_mac(L), port_mac(L), -1, -1};
	constexpr unsigned kFrames = 600;
	std::vector<Bytes> sent;
	std::vector<rte_mbuf *> got;
	unsigned from_p = 0;
	rte_mbuf *pk[32];
	for (unsigned i = 0; i < kFrames; i += 6) {
		std::vector<Bytes> v;
		for (unsigned k = 0; k < 6; k++)
			v.push_back(
				ipv4_udp(self, kIp1, kIp2, static_cast<uint16_t>(i + k), 1, 40));
		ASSERT_EQ(send_frames(L, 0, g_pool, v), v.size());
		sent.insert(sent.end(), v.begin(), v.end());
		// The pull queue asks for more than has come; the rest of its
		// dequeue lands while the push queue polls.
		for (int round = 0; round < 4; round++) {
			const uint16_t n = rte_eth_rx_burst(L, 0, pk, 32);
			got.insert(got.end(), pk, pk + n);
			rte_delay_us_sleep(50);
			const uint16_t m = rte_eth_rx_burst(P, 0, pk, 32);
			from_p += m;
			rte_pktmbuf_free_bulk(pk, m);
		}
	}
	for (int idle = 0; idle < 300 && got.size() < kFrames; idle++) {
		const uint16_t m = rte_eth_rx_burst(P, 0, pk, 32);
		from_p += m;
		rte_pktmbuf_free_bulk(pk, m);
		const uint16_t n = rte_eth_rx_burst(L, 0, pk, 32);
		got.insert(got.end(), pk, pk + n);
		if (n == 0)
			sleep_ms(1);
	}
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(L, &st), 0);
	EXPECT_EQ(st.ierrors, 0u);
	EXPECT_EQ(st.imissed, 0u);
	ASSERT_EQ(got.size(), kFrames) << "frames of the pull queue lost";
	for (size_t i = 0; i < got.size(); i++)
		EXPECT_EQ(mbuf_bytes(got[i]), sent[i]) << "frame " << i;
	EXPECT_GT(from_p, 0u) << "the push queue received nothing: the lcore never shared";
	free_all(got);
	port_stop(P);
	port_stop(L);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return pcap_program(
		"dpaa-ethdev-pcap",
		[](const std::string &dir) {
			g_dir = dir;
			g_in = input_frames();
			write_pcap(dir + "/in.pcap", g_in);
			return "board=ls1046a-rdb;fm1-mac9=pcap:rx=" + dir + "/in.pcap:tx=" + dir +
			       "/out.pcap:rate=20000:loop=0;fm1-mac10=loopback;mode=threaded";
		},
		{"-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10,rx_mode=pull"},
		[] {
			P = port_by_name("fm1-mac9");
			L = port_by_name("fm1-mac10");
			g_pool = dpaa_pool("pool", 4096);
			return ports_and_pools({P, L}, {g_pool});
		});
}
