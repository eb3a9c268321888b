/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// nb_rx_desc bounds an Rx queue as a count of frames: a generator floods
// fm1-mac9 while the application does not poll; the queue never holds more
// than nb_desc frames (rte_eth_rx_queue_count, what testpmd's "show port 0
// rxq 0 desc used count" prints), QMan drops the rest and they are counted
// in imissed; every frame is either received or counted, and every buffer
// goes back to the pool.

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;

constexpr unsigned kFrames = 3000; // what the generator sends (gen:count)

uint64_t imissed(uint16_t port)
{
	rte_eth_stats st{};
	rte_eth_stats_get(port, &st);
	return st.imissed;
}

TEST(RxQueueBound, QueueHoldsAtMostNbDescFramesAndTheRestIsCountedAsMissed)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	s.nb_rxd = 256;
	// The generator's frames are for 02:00:00:00:00:01, not the port's
	// address, and it sends from the moment the MAC's Rx is enabled: the
	// port must be promiscuous before it starts, or what arrives before
	// the mode is set is filtered out (counted by the MAC, not in imissed;
	// a few hundred frames where the start takes longer, under emulation).
	ASSERT_EQ(rte_eth_promiscuous_enable(P), 0);
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_promiscuous_get(P), 1);
	// Not polled: the frames wait in the queue's FQ. Wait until the
	// generator is done and every frame is either queued or missed.
	uint64_t queued = 0, missed = 0;
	for (unsigned i = 0; i < 500; i++) {
		const int c = rte_eth_rx_queue_count(P, 0);
		ASSERT_GE(c, 0);
		queued = static_cast<uint64_t>(c);
		EXPECT_LE(queued, s.nb_rxd) << "after " << i * 10 << " ms";
		missed = imissed(P);
		if (queued + missed >= kFrames)
			break;
		sleep_ms(10);
	}
	EXPECT_EQ(queued, s.nb_rxd) << "the queue fills up to its descriptor count";
	EXPECT_EQ(queued + missed, kFrames);
	// What was queued is what the application receives.
	auto rx = rx_wait(P, 0, kFrames, 300);
	EXPECT_EQ(rx.size(), queued);
	free_all(rx);
	rte_eth_stats st{};
	rte_eth_stats_get(P, &st);
	EXPECT_EQ(st.ipackets, queued);
	EXPECT_EQ(st.imissed, missed);
	EXPECT_EQ(rte_eth_rx_queue_count(P, 0), 0);
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=gen:size=60:rate=200000:count=" +
				     std::to_string(kFrames) + ";fm1-mac10=sink;mode=threaded",
			     {"-a", "dpaa_bus:fm1-mac9"}, [] {
				     P = port_by_name("fm1-mac9");
				     g_pool = dpaa_pool("pool", 4096);
				     return ports_and_pools({P}, {g_pool});
			     });
}
