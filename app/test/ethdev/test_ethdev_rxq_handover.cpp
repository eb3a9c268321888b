/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A push-mode Rx queue polled by one thread, then a second, then a third,
// while frames arrive: what testpmd does when its main lcore flushes
// the queues at start and a forwarding lcore then takes them over, and what
// Open vSwitch does when it rebalances Rx queues between its PMD threads.
// DPDK lets an application move a queue between threads as long as one
// polls it at a time; every frame the port received must reach the
// application, whichever thread polls when, and none may be counted as an
// error or left for the port's stop to find.

#include <atomic>
#include <thread>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;

constexpr unsigned kFrames = 600; // what the generator sends (gen:count)
constexpr unsigned kRate = 3000;  // frames per second: 200 ms of traffic

// Poll queue 0 until 'want' frames have arrived in all or the port has been
// quiet for quiet_ms; the frames are freed, their count added to *got.
void poll_until(unsigned want, std::atomic<unsigned> *got, unsigned quiet_ms)
{
	auto last = std::chrono::steady_clock::now();
	while (got->load() < want) {
		rte_mbuf *b[32];
		const uint16_t n = rte_eth_rx_burst(P, 0, b, 32);
		rte_pktmbuf_free_bulk(b, n);
		got->fetch_add(n);
		const auto now = std::chrono::steady_clock::now();
		if (n != 0) {
			last = now;
			continue;
		}
		if (now - last > std::chrono::milliseconds(quiet_ms))
			return;
		std::this_thread::sleep_for(std::chrono::microseconds(100));
	}
}

TEST(RxQueueHandover, EveryFrameReachesTheThreadThatPollsTheQueueNext)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	s.nb_rxd = 1024; // more than the generator sends: nothing is missed
	// The generator sends from the moment the MAC's Rx is enabled: the
	// port is promiscuous before it starts (its frames are for another
	// address).
	ASSERT_EQ(rte_eth_promiscuous_enable(P), 0);
	ASSERT_EQ(port_start(P, s), 0);

	std::atomic<unsigned> got{0};
	// This thread polls first, as testpmd's main lcore flushes, then never
	// again while frames keep arriving.
	poll_until(kFrames / 4, &got, 2000);
	ASSERT_GE(got.load(), kFrames / 4);
	sleep_ms(20);
	// A second thread takes the queue over for a while, then stops polling
	// but lives on (an OVS PMD thread whose queue was moved elsewhere).
	std::atomic<bool> done{false};
	std::atomic<bool> handed_over{false};
	std::thread first([&] {
		poll_until(kFrames / 2, &got, 2000);
		handed_over = true;
		while (!done)
			std::this_thread::sleep_for(std::chrono::milliseconds(1));
	});
	while (!handed_over)
		sleep_ms(1);
	sleep_ms(20);
	// A third polls until the generator is done and the port is quiet.
	std::thread second([&got] { poll_until(kFrames, &got, 500); });
	second.join();
	done = true;
	first.join();
	ASSERT_GE(got.load(), kFrames / 2);

	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(got.load(), kFrames) << "frames the application received";
	EXPECT_EQ(st.ipackets, kFrames);
	EXPECT_EQ(st.ierrors, 0u);
	EXPECT_EQ(st.imissed, 0u);
	EXPECT_EQ(rte_eth_rx_queue_count(P, 0), 0);
	port_stop(P);
	// Nothing was left for the stop to find.
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.ipackets, kFrames);
	EXPECT_EQ(st.ierrors, 0u);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program(
		"board=ls1046a-rdb;fm1-mac9=gen:size=60:rate=" + std::to_string(kRate) +
			":count=" + std::to_string(kFrames) + ";fm1-mac10=sink;mode=threaded",
		{"-a", "dpaa_bus:fm1-mac9"}, [] {
			P = port_by_name("fm1-mac9");
			g_pool = dpaa_pool("pool", 4096);
			return ports_and_pools({P}, {g_pool});
		});
}
