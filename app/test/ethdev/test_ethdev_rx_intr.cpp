/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Rx queue interrupts, used as l3fwd-power uses them: the queue's eventfd in
// the thread's epoll set (rte_eth_dev_rx_intr_ctl_q), enable after an empty
// poll, sleep in rte_epoll_wait, disable and poll on wake-up.
// fm1-mac9 (A) and fm1-mac10 (B) are cabled together; fm1-mac5 (C) runs in
// pull mode. Threaded model: the interrupt comes from the model's thread.

#include <rte_epoll.h>
#include <rte_interrupts.h>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t A, B, C;

constexpr uint32_t kIpA = 0x0a000001, kIpB = 0x0a000002;
// How long a test waits for an interrupt that must come: far beyond what the
// model needs, even on a loaded machine.
constexpr int kMustWakeMs = 5000;
// How long it waits to see that none comes.
constexpr int kQuietMs = 300;

void *queue_tag(uint16_t port, uint16_t queue)
{
	return reinterpret_cast<void *>(uintptr_t{port} << 16 | queue);
}

uint64_t mac_rx_frames()
{
	uint64_t id = 0, value = 0;
	if (rte_eth_xstats_get_id_by_name(B, "rx_mac_good_packets", &id) != 0 ||
	    rte_eth_xstats_get_by_id(B, &id, &value, 1) != 1)
		return UINT64_MAX;
	return value;
}

// Events for this thread within ms: their tags.
std::vector<void *> wait_events(int ms)
{
	rte_epoll_event ev[8];
	const int n = rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, 8, ms);
	std::vector<void *> tags;
	tags.reserve(n > 0 ? static_cast<size_t>(n) : 0);
	for (int i = 0; i < n; i++)
		tags.push_back(ev[i].epdata.data);
	return tags;
}

class RxIntr : public ::testing::Test
{
protected:
	void SetUp() override { start_avail_ = pool_settle(g_pool, g_pool->size); }
	void TearDown() override
	{
		for (uint16_t q = 0; q < registered_; q++)
			rte_eth_dev_rx_intr_ctl_q(B, q, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_DEL,
						  nullptr);
		for (uint16_t p : {A, B}) {
			rx_flush(p);
			port_stop(p);
		}
		EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_) << "buffers lost";
	}

	// A sends; B receives with Rx interrupts on its nb_rxq queues, each
	// in this thread's epoll set.
	void start(uint16_t nb_rxq = 1)
	{
		PortSetup a;
		a.pool = g_pool;
		ASSERT_EQ(port_start(A, a), 0);
		PortSetup b;
		b.pool = g_pool;
		b.nb_rxq = nb_rxq;
		b.conf.intr_conf.rxq = 1;
		if (nb_rxq > 1) {
			b.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
			b.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
		}
		ASSERT_EQ(port_start(B, b), 0);
		for (uint16_t q = 0; q < nb_rxq; q++) {
			ASSERT_EQ(rte_eth_dev_rx_intr_ctl_q(B, q, RTE_EPOLL_PER_THREAD,
							    RTE_INTR_EVENT_ADD, queue_tag(B, q)),
				  0);
			registered_ = q + 1;
		}
	}

	std::vector<Bytes> frames(unsigned n, uint16_t first_port = 1000) const
	{
		std::vector<Bytes> v;
		const L2 l2{port_mac(B), port_mac(A)};
		for (unsigned i = 0; i < n; i++)
			v.push_back(ipv4_udp(l2, kIpA, kIpB, static_cast<uint16_t>(first_port + i),
					     2000, 64));
		return v;
	}

	// The empty poll an application makes before it sleeps.
	static void poll_empty(uint16_t queue)
	{
		rte_mbuf *m[32];
		const uint16_t n = rte_eth_rx_burst(B, queue, m, 32);
		ASSERT_EQ(n, 0);
	}

	uint64_t start_avail_ = 0;
	uint16_t registered_ = 0;
};

TEST_F(RxIntr, SleepsUntilAFrameArrives)
{
	start();
	poll_empty(0);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	EXPECT_TRUE(wait_events(kQuietMs).empty()) << "woken with nothing received";

	const auto out = frames(1);
	ASSERT_EQ(send_frames(A, 0, g_pool, out), 1u);
	const auto tags = wait_events(kMustWakeMs);
	ASSERT_EQ(tags.size(), 1u) << "not woken by a frame";
	EXPECT_EQ(tags[0], queue_tag(B, 0));
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);

	auto rx = rx_wait(B, 0, 1);
	ASSERT_EQ(rx.size(), 1u);
	EXPECT_EQ(mbuf_bytes(rx[0]), out[0]);
	free_all(rx);
}

// The race every interrupt-driven loop has: a frame lands between the last
// empty poll and the enable. The enable must wake at once, not at the next
// frame.
TEST_F(RxIntr, FrameBeforeEnableWakesAtOnce)
{
	start();
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	poll_empty(0);
	const auto out = frames(3);
	ASSERT_EQ(send_frames(A, 0, g_pool, out), 3u);
	// Until the MAC has them, and then long enough for QMan to put them in
	// the portal's ring.
	for (int i = 0; i < kMustWakeMs && mac_rx_frames() < 3; i++)
		sleep_ms(1);
	ASSERT_EQ(mac_rx_frames(), 3u);
	sleep_ms(100);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	EXPECT_EQ(wait_events(kMustWakeMs).size(), 1u) << "frames waiting, no wake-up";
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
	auto rx = rx_wait(B, 0, 3);
	ASSERT_EQ(rx.size(), 3u);
	for (size_t i = 0; i < rx.size(); i++)
		EXPECT_EQ(mbuf_bytes(rx[i]), out[i]);
	free_all(rx);
}

TEST_F(RxIntr, NoWakeUpWhileDisabled)
{
	start();
	poll_empty(0);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, frames(2)), 2u);
	EXPECT_TRUE(wait_events(kQuietMs).empty()) << "woken while disabled";
	auto rx = rx_wait(B, 0, 2);
	EXPECT_EQ(rx.size(), 2u);
	free_all(rx);
}

// Sleep, wake, drain, sleep again: every burst of frames wakes the loop once
// more, and every frame is received.
TEST_F(RxIntr, EveryBurstWakesTheLoopAgain)
{
	start();
	unsigned received = 0;
	for (unsigned round = 0; round < 5; round++) {
		SCOPED_TRACE(round);
		poll_empty(0);
		ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
		ASSERT_EQ(send_frames(A, 0, g_pool, frames(4, static_cast<uint16_t>(round * 10))),
			  4u);
		ASSERT_EQ(wait_events(kMustWakeMs).size(), 1u);
		ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
		auto rx = rx_wait(B, 0, 4);
		received += static_cast<unsigned>(rx.size());
		free_all(rx);
	}
	EXPECT_EQ(received, 20u);
}

// An application arms the interrupt microseconds after the burst that
// emptied the ring: the frames it just took must not wake it again.
TEST_F(RxIntr, ArmRightAfterADrainingBurstStaysAsleep)
{
	start();
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	poll_empty(0);
	const auto out = frames(4);
	ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
	for (int i = 0; i < kMustWakeMs && mac_rx_frames() < out.size(); i++)
		sleep_ms(1);
	sleep_ms(100);
	rte_mbuf *m[32];
	const uint16_t n = rte_eth_rx_burst(B, 0, m, 32);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	EXPECT_EQ(n, out.size());
	rte_pktmbuf_free_bulk(m, n);
	EXPECT_TRUE(wait_events(kQuietMs).empty()) << "woken by frames already received";
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
}

// QMan interrupts per portal: the queues one lcore polls share its portal,
// so a frame for either wakes the lcore, which then polls both.
TEST_F(RxIntr, TwoQueuesOnOneLcore)
{
	start(2);
	poll_empty(0);
	poll_empty(1);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 1), 0);
	const auto out = frames(16);
	ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
	EXPECT_FALSE(wait_events(kMustWakeMs).empty());
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 1), 0);
	auto q0 = rx_wait(B, 0, 16, 200);
	auto q1 = rx_wait(B, 1, 16, 200);
	EXPECT_EQ(q0.size() + q1.size(), out.size());
	EXPECT_FALSE(q0.empty()) << "RSS put every flow on queue 1";
	EXPECT_FALSE(q1.empty()) << "RSS put every flow on queue 0";
	free_all(q0);
	free_all(q1);
}

// Restart: the application takes the queue's eventfd out of its epoll set
// before stop and puts the new one in after start.
TEST_F(RxIntr, WorksAgainAfterStopStart)
{
	start();
	ASSERT_EQ(
		rte_eth_dev_rx_intr_ctl_q(B, 0, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_DEL, nullptr),
		0);
	registered_ = 0;
	ASSERT_EQ(port_stop(B), 0);
	start();
	poll_empty(0);
	ASSERT_EQ(rte_eth_dev_rx_intr_enable(B, 0), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, frames(1)), 1u);
	EXPECT_EQ(wait_events(kMustWakeMs).size(), 1u);
	ASSERT_EQ(rte_eth_dev_rx_intr_disable(B, 0), 0);
	auto rx = rx_wait(B, 0, 1);
	EXPECT_EQ(rx.size(), 1u);
	free_all(rx);
}

TEST_F(RxIntr, ErrorsWithoutIntrConf)
{
	PortSetup b;
	b.pool = g_pool;
	ASSERT_EQ(port_start(B, b), 0);
	EXPECT_EQ(rte_eth_dev_rx_intr_enable(B, 0), -EINVAL);
	EXPECT_EQ(rte_eth_dev_rx_intr_disable(B, 0), -EINVAL);
	EXPECT_EQ(
		rte_eth_dev_rx_intr_ctl_q(B, 0, RTE_EPOLL_PER_THREAD, RTE_INTR_EVENT_ADD, nullptr),
		-EPERM);
	EXPECT_EQ(rte_eth_dev_rx_intr_ctl_q_get_fd(B, 0), -1);
}

TEST(RxIntrPull, PullModeRefusesRxInterrupts)
{
	rte_eth_conf conf{};
	conf.intr_conf.rxq = 1;
	EXPECT_EQ(rte_eth_dev_configure(C, 1, 1, &conf), -ENOTSUP);
	conf.intr_conf.rxq = 0;
	EXPECT_EQ(rte_eth_dev_configure(C, 1, 1, &conf), 0);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;fm1-mac5=loopback;"
			     "mode=threaded;throttle=off",
			     {"-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10", "-a",
			      "dpaa_bus:fm1-mac5,rx_mode=pull"},
			     [] {
				     A = port_by_name("fm1-mac9");
				     B = port_by_name("fm1-mac10");
				     C = port_by_name("fm1-mac5");
				     g_pool = dpaa_pool("pool", 2048);
				     return ports_and_pools({A, B, C}, {g_pool});
			     });
}
