/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa2 used wrongly and through its whole life, on the modelled
// LX2160A-RDB, or the LS2088A-RDB (DPAA2_TEST_BOARD), dpni.1 with its DPMAC
// looped back (what it sends it receives):
// calls before configure, queue ids that do not exist, bursts on a stopped
// port, calls after close fail with clear return codes and move no frame;
// an empty pool drops frames, counted as missed, and traffic resumes when
// the buffers come back; configure, start, stop and reconfigure cycles
// and a close give every buffer back; a closed DPNI is probed again as a
// fresh port that forwards. run_checked.py fails the run on model misuse.

#include <cstring>

#include <rte_bus.h>
#include <rte_dev.h>

#include "dpaa2_ethdev_support.hpp"

using namespace dpaa_test;

namespace
{

constexpr unsigned kPoolSize = 1024;
rte_mempool *g_pool;	// the port's Rx buffers
rte_mempool *g_tx_pool; // a second DPBP, for frames sent
uint16_t P;

L2 self()
{
	L2 l{};
	l.dst = port_mac(P);
	l.src = {{0x02, 0, 0, 0, 0, 0x42}};
	return l;
}

void start_port()
{
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
}

class Misuse : public ::testing::Test
{
protected:
	void TearDown() override
	{
		if (rte_eth_dev_is_valid_port(P))
			expect_dpaa2_pool_back(P, g_pool, kPoolSize);
	}
};

TEST_F(Misuse, CallsBeforeConfigureFail)
{
	EXPECT_LT(rte_eth_rx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr, g_pool), 0);
	EXPECT_LT(rte_eth_tx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr), 0);
	EXPECT_LT(rte_eth_dev_start(P), 0);
	EXPECT_LT(rte_eth_dev_rx_queue_start(P, 0), 0);
	EXPECT_LT(rte_eth_dev_tx_queue_stop(P, 0), 0);
	rte_eth_stats st{};
	EXPECT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.ipackets + st.opackets + st.ierrors + st.oerrors, 0u);
}

TEST_F(Misuse, ConfigureBeyondTheDpniAndQueueIdsOutOfRangeFail)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(P, &info), 0);
	rte_eth_conf conf{};
	EXPECT_LT(rte_eth_dev_configure(P, info.max_rx_queues + 1, 1, &conf), 0);
	EXPECT_LT(rte_eth_dev_configure(P, 1, info.max_tx_queues + 1, &conf), 0);
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	EXPECT_EQ(rte_eth_dev_configure(P, 1, 1, &conf), -EINVAL);
	conf.rxmode.offloads = 0;
	conf.rxmode.mtu = 20000;
	EXPECT_EQ(rte_eth_dev_configure(P, 1, 1, &conf), -EINVAL);
	conf.rxmode.mtu = 0;
	ASSERT_EQ(rte_eth_dev_configure(P, 2, 2, &conf), 0);
	EXPECT_EQ(rte_eth_rx_queue_setup(P, 2, 512, SOCKET_ID_ANY, nullptr, g_pool), -EINVAL);
	EXPECT_EQ(rte_eth_tx_queue_setup(P, 5, 512, SOCKET_ID_ANY, nullptr), -EINVAL);
	EXPECT_EQ(rte_eth_dev_rx_queue_stop(P, 3), -EINVAL);
	EXPECT_EQ(rte_eth_dev_tx_queue_start(P, 3), -EINVAL);
	rte_eth_rxq_info ri;
	EXPECT_EQ(rte_eth_rx_queue_info_get(P, 2, &ri), -EINVAL);
}

TEST_F(Misuse, StartWithAQueueNotSetUpFails)
{
	rte_eth_conf conf{};
	ASSERT_EQ(rte_eth_dev_configure(P, 2, 2, &conf), 0);
	ASSERT_EQ(rte_eth_rx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr, g_pool), 0);
	ASSERT_EQ(rte_eth_tx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr), 0);
	EXPECT_LT(rte_eth_dev_start(P), 0) << "Rx queue 1 and Tx queue 1 are not set up";
}

TEST_F(Misuse, BurstsOnAStoppedPortMoveNothing)
{
	start_port();
	ASSERT_EQ(port_stop(P), 0);
	rte_mbuf *pk[8];
	EXPECT_EQ(rte_eth_rx_burst(P, 0, pk, 8), 0);
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	ASSERT_NE(m, nullptr);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, &m, 1), 0);
	rte_pktmbuf_free(m);
	EXPECT_EQ(rte_eth_dev_rx_queue_start(P, 0), -EINVAL) << "the port is stopped";
	EXPECT_EQ(port_stop(P), 0) << "a second stop is harmless";
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.opackets + st.ipackets, 0u);
}

TEST_F(Misuse, AnEmptyPoolDropsFramesAsMissedAndTrafficResumes)
{
	start_port();
	const Bytes f = ipv4_udp(self(), 0x0a000001, 0x0a000002, 5, 6, 64);
	// Frames go out from g_tx_pool (WRIOP releases them there) and come
	// in to g_pool, of which the test holds all but 8 buffers.
	std::vector<rte_mbuf *> held;
	for (rte_mbuf *m; pool_avail(g_pool) > 8 && (m = rte_pktmbuf_alloc(g_pool));)
		held.push_back(m);
	ASSERT_EQ(pool_avail(g_pool), 8u);
	ASSERT_EQ(send_frames(P, 0, g_tx_pool, std::vector<Bytes>(8, f)), 8u);
	auto got = rx_wait(P, 0, 8);
	EXPECT_EQ(got.size(), 8u);
	// The pool is empty: these find no buffer.
	ASSERT_EQ(send_frames(P, 0, g_tx_pool, std::vector<Bytes>(4, f)), 4u);
	auto none = rx_wait(P, 0, 4, 300);
	EXPECT_EQ(none.size(), 0u);
	free_all(none);
	rte_eth_stats st{};
	for (unsigned i = 0; i < 2000 && st.imissed < 4; i++) {
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
		sleep_ms(1);
	}
	EXPECT_EQ(st.ipackets, 8u);
	EXPECT_EQ(st.imissed, 4u) << "every frame without a buffer counted as missed";
	EXPECT_EQ(st.ierrors, 0u);
	// The buffers come back: traffic resumes.
	for (rte_mbuf *m : held)
		rte_pktmbuf_free(m);
	free_all(got);
	ASSERT_EQ(send_frames(P, 0, g_tx_pool, std::vector<Bytes>(16, f)), 16u);
	auto after = rx_wait(P, 0, 16);
	EXPECT_EQ(after.size(), 16u);
	for (rte_mbuf *m : after)
		EXPECT_EQ(mbuf_bytes(m), f);
	free_all(after);
	EXPECT_EQ(pool_settle(g_tx_pool, 64), 64u);
}

TEST_F(Misuse, CyclesWithFramesInFlightLoseNoBuffer)
{
	const Bytes f = ipv4_udp(self(), 0x0a000001, 0x0a000002, 7, 8, 200);
	for (unsigned cycle = 0; cycle < 20; cycle++) {
		PortSetup s;
		s.pool = g_pool;
		s.nb_rxq = static_cast<uint16_t>(1 + cycle % 4);
		s.conf.rxmode.mq_mode = s.nb_rxq > 1 ? RTE_ETH_MQ_RX_RSS : RTE_ETH_MQ_RX_NONE;
		s.conf.rx_adv_conf.rss_conf.rss_hf = s.nb_rxq > 1 ? RTE_ETH_RSS_IP : 0;
		ASSERT_EQ(port_start(P, s), 0) << "cycle " << cycle;
		// Frames left in the queues, and some in flight, at the stop.
		ASSERT_EQ(send_frames(P, 0, g_pool, std::vector<Bytes>(32, f)), 32u);
		if (cycle % 2) {
			auto got = rx_wait(P, 0, 4, 50);
			free_all(got);
		}
		ASSERT_EQ(port_stop(P), 0);
	}
	// The last configuration's queues still hold frames: a reconfigure
	// releases them.
	start_port();
	port_stop(P);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
}

// Last but one: the port is gone afterwards.
TEST_F(Misuse, CallsAfterCloseFail)
{
	start_port();
	const Bytes f = ipv4_udp(self(), 0x0a000001, 0x0a000002, 9, 9, 100);
	ASSERT_EQ(send_frames(P, 0, g_pool, std::vector<Bytes>(8, f)), 8u);
	ASSERT_EQ(port_stop(P), 0);
	ASSERT_EQ(rte_eth_dev_close(P), 0);
	// A close gives every buffer back.
	expect_dpaa2_pool_back(P, g_pool, kPoolSize);
	expect_port_closed(P);
}

// After the close: the DPNI is probed again (testpmd's "port attach"), as a
// new port whose counters start from zero, and it forwards.
TEST_F(Misuse, AClosedDpniCanBeProbedAgain)
{
	ASSERT_FALSE(rte_eth_dev_is_valid_port(P));
	P = expect_probed_again_forwards("fslmc:dpni.1", "dpni.1", g_pool);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return dpaa2_program(
		dpaa2_loopback_model(), {"-a", "fslmc:dpni.1"},
		[] {
			P = port_by_name("dpni.1");
			g_pool = dpaa2_pool("misuse", kPoolSize);
			g_tx_pool = dpaa2_pool("misuse-tx", 64);
			return ports_and_pools({P}, {g_pool, g_tx_pool});
		},
		[] {
			rte_mempool_free(g_pool);
			rte_mempool_free(g_tx_pool);
		});
}
