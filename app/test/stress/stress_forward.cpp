/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Stress: two forwarding lcores, four queues, DPAA_STRESS_FRAMES frames
// (default 10^8) from fm1-mac9's generator (a mix of sizes, 802.1Q-tagged,
// 4096 flows, at DPAA_STRESS_RATE: a gen rate=, default max, as fast as the
// modelled MAC takes them) to fm1-mac10's sink.
// Each lcore forwards two of fm1-mac9's Rx queues (RSS over IP) to the same
// Tx queues of fm1-mac10, so a flow keeps one path. Both lcores share CPU 0
// and the model's thread has CPU 1 to itself: on a 2-CPU machine, a model
// thread that shares a CPU with a busy-polling lcore is starved (10^6 frames
// took 134 s that way, 3.5 s this way). At the end every frame
// the generator sent is either delivered to the sink or counted in a drop
// counter (the Rx port's imissed and ierrors, the frames a Tx burst did not
// take), none arrives twice or out of its flow's order, and the pool is
// whole. Prints the figures: frames, time, drops.

#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>

#include <rte_cycles.h>
#include <rte_launch.h>
#include <rte_lcore.h>

#include "dpaa_model/wire_sink.hpp"
#include "eal_test_main.hpp"
#include "ethdev_test_support.hpp"
#include "model_access.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
dpaa::model::System *g_sys;
uint16_t RX, TX;
uint64_t g_frames;
std::atomic<bool> g_stop{false};
constexpr uint16_t kQueues = 4;

struct Worker {
	uint16_t first_queue;
	uint64_t forwarded = 0;
	uint64_t tx_dropped = 0; // frames a Tx burst did not take, freed here
};
Worker g_workers[2] = {{0}, {2}};

int forward_loop(void *arg)
{
	Worker &w = *static_cast<Worker *>(arg);
	while (!g_stop.load(std::memory_order_relaxed)) {
		for (unsigned q = w.first_queue; q < w.first_queue + kQueues / 2u; q++) {
			rte_mbuf *b[32];
			const uint16_t n = rte_eth_rx_burst(RX, static_cast<uint16_t>(q), b, 32);
			if (n == 0)
				continue;
			const uint16_t k = rte_eth_tx_burst(TX, static_cast<uint16_t>(q), b, n);
			for (uint16_t i = k; i < n; i++)
				rte_pktmbuf_free(b[i]);
			w.forwarded += k;
			w.tx_dropped += n - k;
		}
	}
	return 0;
}

TEST(Stress, EveryFrameDeliveredOrCountedInOrderWithoutDuplicates)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	s.nb_rxq = kQueues;
	s.nb_txq = kQueues;
	s.nb_rxd = 1024;
	s.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	s.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
	ASSERT_EQ(port_start(TX, s), 0);
	// The generator's frames are not for the port's address, and it sends
	// from the moment the MAC's Rx is enabled: promiscuous before the
	// start, or the first frames are filtered (counted by the MAC only).
	ASSERT_EQ(rte_eth_promiscuous_enable(RX), 0);
	ASSERT_EQ(port_start(RX, s), 0);
	const uint64_t t0 = rte_get_timer_cycles();
	unsigned lcore, i = 0;
	RTE_LCORE_FOREACH_WORKER(lcore)
	{
		if (i < 2) {
			ASSERT_EQ(rte_eal_remote_launch(forward_loop, &g_workers[i++], lcore), 0);
		}
	}
	ASSERT_EQ(i, 2u) << "needs two worker lcores";

	// Until every generated frame is accounted for at fm1-mac9, or the
	// counts stop moving for 5 s.
	rte_eth_stats st{};
	uint64_t last = 0, last_change = rte_get_timer_cycles();
	const uint64_t hz = rte_get_timer_hz();
	for (;;) {
		sleep_ms(1000);
		ASSERT_EQ(rte_eth_stats_get(RX, &st), 0);
		const uint64_t seen = st.ipackets + st.imissed + st.ierrors;
		if (seen >= g_frames)
			break;
		if (seen != last) {
			last = seen;
			last_change = rte_get_timer_cycles();
		} else if (rte_get_timer_cycles() - last_change > 5 * hz) {
			break;
		}
	}
	sleep_ms(500); // what was received is forwarded
	g_stop = true;
	rte_eal_mp_wait_lcore();
	const double secs = static_cast<double>(rte_get_timer_cycles() - t0) / hz;

	ASSERT_EQ(rte_eth_stats_get(RX, &st), 0);
	rte_eth_stats tx{};
	ASSERT_EQ(rte_eth_stats_get(TX, &tx), 0);
	const uint64_t forwarded = g_workers[0].forwarded + g_workers[1].forwarded;
	const uint64_t tx_dropped = g_workers[0].tx_dropped + g_workers[1].tx_dropped;
	dpaa::model::SinkWire *sink = g_sys->sink("fm1-mac10");
	ASSERT_NE(sink, nullptr);
	dpaa::model::SinkWire::Counters c = sink->counters();
	for (int k = 0; k < 5000 && c.frames < tx.opackets; k++) {
		sleep_ms(1);
		c = sink->counters();
	}
	printf("stress: %" PRIu64 " frames generated in %.1f s (%.0f pps offered and taken "
	       "by the MAC); delivered %" PRIu64 " (%.0f pps); dropped: %" PRIu64
	       " imissed, %" PRIu64 " ierrors, %" PRIu64 " at Tx (ring full), %" PRIu64
	       " oerrors; sink: %" PRIu64 " lost, %" PRIu64 " out of order, %" PRIu64
	       " duplicates, %" PRIu64 " bad; queues: %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
	       "\n",
	       g_frames, secs, g_frames / secs, c.frames, c.frames / secs, st.imissed, st.ierrors,
	       tx_dropped, tx.oerrors, c.lost, c.out_of_order, c.duplicates, c.bad,
	       st.q_ipackets[0], st.q_ipackets[1], st.q_ipackets[2], st.q_ipackets[3]);
	EXPECT_EQ(st.ipackets + st.imissed + st.ierrors, g_frames)
		<< "every generated frame received or counted at Rx";
	EXPECT_EQ(st.ipackets, forwarded + tx_dropped);
	EXPECT_EQ(tx.opackets, forwarded);
	EXPECT_EQ(c.frames, tx.opackets - tx.oerrors) << "the sink got what went out";
	EXPECT_EQ(c.generated, c.frames);
	EXPECT_EQ(c.duplicates, 0u);
	EXPECT_EQ(c.out_of_order, 0u);
	EXPECT_EQ(c.bad, 0u);
	// The sink sees a gap only once a later frame of the flow arrives.
	EXPECT_LE(c.lost, g_frames - c.frames);
	for (unsigned q = 0; q < kQueues; q++)
		EXPECT_GT(st.q_ipackets[q], 0u) << "RSS spread the flows to queue " << q;
	port_stop(RX);
	port_stop(TX);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers lost";
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program;
	program.start_eal = [](const char *argv0) {
		const char *e = getenv("DPAA_STRESS_FRAMES");
		g_frames = e ? strtoull(e, nullptr, 10) : 100000000;
		const char *rate = getenv("DPAA_STRESS_RATE");
		const std::string model =
			"board=ls1046a-rdb;fm1-mac9=gen:size=64,128,512,1518,60,256:"
			"flows=4096:vlan=100:rate=" +
			std::string(rate ? rate : "max") + ":count=" + std::to_string(g_frames) +
			";fm1-mac10=sink;mode=threaded;cpu=1";
		return eal_start(argv0, model,
				 {"--lcores=0@0,1@0,2@0", "-a", "dpaa_bus:fm1-mac9", "-a",
				  "dpaa_bus:fm1-mac10"});
	};
	program.set_up = []() -> std::string {
		RX = port_by_name("fm1-mac9");
		TX = port_by_name("fm1-mac10");
		g_pool = dpaa_pool("pool", 16384);
		g_sys = dpaa_test::bus_model();
		if (RX >= RTE_MAX_ETHPORTS || TX >= RTE_MAX_ETHPORTS || g_pool == nullptr ||
		    g_sys == nullptr)
			return "no DPAA ports, pool or model";
		return "";
	};
	return program;
}
