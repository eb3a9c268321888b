/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Rx/Tx queue start/stop and deferred start of net_dpaa through the ethdev
// API, on the modelled LS1046A-RDB with a cable between fm1-mac9 (port A)
// and fm1-mac10 (port B). A stopped Rx queue's frames are dropped by the
// hardware and counted in imissed; every test ends with every buffer back in
// its pool.

#include <atomic>
#include <map>
#include <mutex>

#include <rte_alarm.h>
#include <rte_cycles.h>
#include <rte_lcore.h>

#include "dpaa_bus.hpp"
#include "dpaa_ethdev.hpp"
#include "dpaa_model/system.hpp"
#include "ethdev_test_support.hpp"
#include "model_access.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t A, B;

constexpr uint32_t kIpA = 0x0a000001, kIpB = 0x0a000002;
constexpr uint8_t kStarted = RTE_ETH_QUEUE_STATE_STARTED;
constexpr uint8_t kStopped = RTE_ETH_QUEUE_STATE_STOPPED;

rte_eth_stats stats(uint16_t port)
{
	rte_eth_stats st{};
	rte_eth_stats_get(port, &st);
	return st;
}

uint64_t xstat(uint16_t port, const char *name)
{
	uint64_t id, v = UINT64_MAX;
	if (rte_eth_xstats_get_id_by_name(port, name, &id) == 0)
		rte_eth_xstats_get_by_id(port, &id, &v, 1);
	return v;
}

// The hardware counts a dropped frame once the FMan has handled it: wait
// until the count reaches 'want' (or a long while passed); the count then.
uint64_t imissed_settle(uint16_t port, uint64_t want, unsigned ms = 5000)
{
	uint64_t n = stats(port).imissed;
	for (unsigned i = 0; i < ms && n < want; i++) {
		sleep_ms(1);
		n = stats(port).imissed;
	}
	return n;
}

// Wait until the FMan of 'port' has received 'want' frames in all.
void wait_port_frames(uint16_t port, uint64_t want, unsigned ms = 5000)
{
	for (unsigned i = 0; i < ms && xstat(port, "rx_fman_port_frames") < want; i++)
		sleep_ms(1);
}

uint8_t rxq_state(uint16_t port, uint16_t q)
{
	rte_eth_rxq_info info{};
	if (rte_eth_rx_queue_info_get(port, q, &info) != 0)
		return 0xff;
	return info.queue_state;
}

uint8_t txq_state(uint16_t port, uint16_t q)
{
	rte_eth_txq_info info{};
	if (rte_eth_tx_queue_info_get(port, q, &info) != 0)
		return 0xff;
	return info.queue_state;
}

uint16_t sport_of(const Bytes &f)
{
	// Untagged IPv4 with no options: the UDP header starts at byte 34.
	return static_cast<uint16_t>(f[34] << 8 | f[35]);
}

// Exactly n frames of a queue (fewer if they do not come), so that the
// rest stays queued.
std::vector<rte_mbuf *> take(uint16_t port, uint16_t q, unsigned n)
{
	std::vector<rte_mbuf *> out;
	for (int i = 0; i < 50000 && out.size() < n; i++) {
		rte_mbuf *m[32];
		const uint16_t got =
			rte_eth_rx_burst(port, q, m, static_cast<uint16_t>(n - out.size()));
		out.insert(out.end(), m, m + got);
		if (got == 0)
			rte_delay_us_sleep(100);
	}
	return out;
}

rte_mbuf *frame_mbuf(const Bytes &f)
{
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	if (m != nullptr)
		memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(f.size())), f.data(), f.size());
	return m;
}

class Queues : public ::testing::Test
{
protected:
	void SetUp() override { start_avail_ = pool_settle(g_pool, g_pool->size); }
	void TearDown() override
	{
		for (uint16_t p : {A, B}) {
			rx_flush(p);
			port_stop(p);
		}
		EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_) << "buffers lost";
	}

	void start_pair(PortSetup a = {}, PortSetup b = {})
	{
		a.pool = b.pool = g_pool;
		ASSERT_EQ(port_start(A, a), 0);
		ASSERT_EQ(port_start(B, b), 0);
		ASSERT_EQ(rte_eth_stats_reset(A), 0);
		ASSERT_EQ(rte_eth_stats_reset(B), 0);
	}

	static PortSetup rss(uint16_t nb_rxq)
	{
		PortSetup s;
		s.nb_rxq = nb_rxq;
		s.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		s.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
		return s;
	}

	// n frames A -> B told apart by their UDP source port (first, first + 1, ...).
	static std::vector<Bytes> numbered(uint16_t first, unsigned n)
	{
		std::vector<Bytes> v;
		for (unsigned i = 0; i < n; i++)
			v.push_back(ipv4_udp({port_mac(B), port_mac(A)}, kIpA, kIpB,
					     static_cast<uint16_t>(first + i), 9, 40 + i % 50));
		return v;
	}

	// One frame per flow, flows spread by KeyGen's hash over B's queues.
	static std::vector<Bytes> flows(unsigned n)
	{
		std::vector<Bytes> v;
		for (unsigned fl = 0; fl < n; fl++)
			v.push_back(ipv4_udp({port_mac(B), port_mac(A)}, kIpA + fl, kIpB,
					     static_cast<uint16_t>(1000 + fl), 53, 30));
		return v;
	}

	uint64_t start_avail_ = 0;
};

void expect_same(const std::vector<rte_mbuf *> &got, const std::vector<Bytes> &want)
{
	ASSERT_EQ(got.size(), want.size());
	for (size_t i = 0; i < got.size(); i++)
		EXPECT_EQ(mbuf_bytes(got[i]), want[i]) << "frame " << i;
}

// ------------------------------------------------------------- return codes

TEST_F(Queues, ReturnCodesAndStatesFollowEthdev)
{
	PortSetup b = rss(2);
	b.nb_txq = 2;
	start_pair({}, b);
	EXPECT_EQ(rxq_state(B, 0), kStarted);
	EXPECT_EQ(txq_state(B, 1), kStarted);

	EXPECT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0) << "start a started queue";
	EXPECT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
	EXPECT_EQ(rxq_state(B, 0), kStopped);
	EXPECT_EQ(rxq_state(B, 1), kStarted);
	EXPECT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0) << "stop a stopped queue";
	EXPECT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	EXPECT_EQ(rxq_state(B, 0), kStarted);

	EXPECT_EQ(rte_eth_dev_tx_queue_start(B, 1), 0) << "start a started queue";
	EXPECT_EQ(rte_eth_dev_tx_queue_stop(B, 1), 0);
	EXPECT_EQ(txq_state(B, 1), kStopped);
	EXPECT_EQ(txq_state(B, 0), kStarted);
	EXPECT_EQ(rte_eth_dev_tx_queue_stop(B, 1), 0) << "stop a stopped queue";
	EXPECT_EQ(rte_eth_dev_tx_queue_start(B, 1), 0);
	EXPECT_EQ(txq_state(B, 1), kStarted);

	EXPECT_EQ(rte_eth_dev_rx_queue_stop(B, 2), -EINVAL) << "queue out of range";
	EXPECT_EQ(rte_eth_dev_rx_queue_start(B, 2), -EINVAL);
	EXPECT_EQ(rte_eth_dev_tx_queue_stop(B, 2), -EINVAL);
	EXPECT_EQ(rte_eth_dev_tx_queue_start(B, 2), -EINVAL);

	ASSERT_EQ(port_stop(B), 0);
	EXPECT_EQ(rxq_state(B, 1), kStopped);
	EXPECT_EQ(txq_state(B, 0), kStopped);
	EXPECT_EQ(rte_eth_dev_rx_queue_start(B, 0), -EINVAL) << "port stopped";
	EXPECT_EQ(rte_eth_dev_tx_queue_start(B, 0), -EINVAL) << "port stopped";
	EXPECT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0) << "a stopped port's queues are stopped";
	EXPECT_EQ(rte_eth_dev_tx_queue_stop(B, 0), 0);
}

// ------------------------------------------------------------- deferred start

TEST_F(Queues, DeferredRxQueueDropsUntilStarted)
{
	PortSetup b;
	b.rx_deferred = 1;
	start_pair({}, b);
	rte_eth_rxq_info info{};
	ASSERT_EQ(rte_eth_rx_queue_info_get(B, 0, &info), 0);
	EXPECT_EQ(info.queue_state, kStopped);
	EXPECT_EQ(info.conf.rx_deferred_start, 1);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);

	const auto early = numbered(100, 20);
	ASSERT_EQ(send_frames(A, 0, g_pool, early), early.size());
	auto rx = rx_wait(B, 0, 1, 300);
	EXPECT_EQ(rx.size(), 0u);
	free_all(rx);
	EXPECT_EQ(imissed_settle(B, early.size()), early.size());
	EXPECT_EQ(xstat(B, "rx_fman_port_discards"), early.size());
	EXPECT_EQ(stats(B).ipackets, 0u);
	EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_)
		<< "the FMan returns a refused frame's buffer";

	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	ASSERT_EQ(rte_eth_rx_queue_info_get(B, 0, &info), 0);
	EXPECT_EQ(info.queue_state, kStarted);
	EXPECT_EQ(info.conf.rx_deferred_start, 1);
	const auto late = numbered(200, 20);
	ASSERT_EQ(send_frames(A, 0, g_pool, late), late.size());
	rx = rx_wait(B, 0, late.size() + 1, 300);
	expect_same(rx, late);
	free_all(rx);
	EXPECT_EQ(stats(B).ipackets, late.size());
	EXPECT_EQ(stats(B).imissed, early.size());

	// A port restart leaves a deferred queue stopped again.
	ASSERT_EQ(rte_eth_dev_stop(B), 0);
	ASSERT_EQ(rte_eth_dev_start(B), 0);
	EXPECT_EQ(rxq_state(B, 0), kStopped);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, early), early.size());
	EXPECT_EQ(imissed_settle(B, early.size()), early.size());
	rx = rx_wait(B, 0, 1, 100);
	EXPECT_EQ(rx.size(), 0u);
	free_all(rx);
}

TEST_F(Queues, DeferredTxQueueSendsNothingUntilStarted)
{
	PortSetup a;
	a.tx_deferred = 1;
	start_pair(a);
	rte_eth_txq_info info{};
	ASSERT_EQ(rte_eth_tx_queue_info_get(A, 0, &info), 0);
	EXPECT_EQ(info.queue_state, kStopped);
	EXPECT_EQ(info.conf.tx_deferred_start, 1);

	const auto f = numbered(100, 10);
	rte_mbuf *m = frame_mbuf(f[0]);
	ASSERT_NE(m, nullptr);
	EXPECT_EQ(rte_eth_tx_burst(A, 0, &m, 1), 0) << "the mbuf stays the application's";
	rte_pktmbuf_free(m);
	auto rx = rx_wait(B, 0, 1, 300);
	EXPECT_EQ(rx.size(), 0u);
	free_all(rx);
	EXPECT_EQ(stats(A).opackets, 0u);
	EXPECT_EQ(xstat(A, "tx_fman_port_frames"), 0u);

	ASSERT_EQ(rte_eth_dev_tx_queue_start(A, 0), 0);
	EXPECT_EQ(txq_state(A, 0), kStarted);
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	rx = rx_wait(B, 0, f.size() + 1, 300);
	expect_same(rx, f);
	free_all(rx);
	EXPECT_EQ(stats(A).opackets, f.size());
}

// ------------------------------------------------------------- Rx stop / start

TEST_F(Queues, RxStopFreesWhatTheQueueHeldAndTheHardwareDropsWhatFollows)
{
	start_pair();
	const uint64_t base = xstat(B, "rx_fman_port_frames");
	const auto before = numbered(100, 60);
	ASSERT_EQ(send_frames(A, 0, g_pool, before), before.size());
	// One frame taken binds the queue to this lcore: QMan pushes more
	// into its portal's ring, the rest wait in the FQ.
	auto one = take(B, 0, 1);
	ASSERT_EQ(one.size(), 1u);
	EXPECT_EQ(mbuf_bytes(one[0]), before[0]);
	free_all(one);
	wait_port_frames(B, base + before.size());
	EXPECT_LT(pool_avail(g_pool), start_avail_) << "the queue holds frames";

	ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
	EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_) << "held frames freed";
	EXPECT_EQ(rte_eth_rx_queue_count(B, 0), 0);
	rte_mbuf *pk[32];
	EXPECT_EQ(rte_eth_rx_burst(B, 0, pk, 32), 0);

	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	const auto during = numbered(200, 25);
	ASSERT_EQ(send_frames(A, 0, g_pool, during), during.size());
	EXPECT_EQ(imissed_settle(B, during.size()), during.size());
	EXPECT_EQ(rte_eth_rx_burst(B, 0, pk, 32), 0);
	EXPECT_EQ(stats(B).ipackets, 0u);
	EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_);

	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	const auto after = numbered(300, 30);
	ASSERT_EQ(send_frames(A, 0, g_pool, after), after.size());
	auto rx = rx_wait(B, 0, after.size() + 1, 300);
	expect_same(rx, after); // nothing of before the stop, nothing of while stopped
	free_all(rx);
	const rte_eth_stats st = stats(B);
	EXPECT_EQ(st.ipackets, after.size());
	EXPECT_EQ(st.imissed, during.size());
}

TEST_F(Queues, RxStopStartCycles)
{
	start_pair();
	for (int cycle = 0; cycle < 10; cycle++) {
		SCOPED_TRACE(cycle);
		const auto f = numbered(static_cast<uint16_t>(100 * cycle), 20);
		ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
		auto rx = take(B, 0, 5); // the rest stays queued
		EXPECT_EQ(rx.size(), 5u);
		free_all(rx);
		ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
		EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_);
		ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
		ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
		rx = rx_wait(B, 0, f.size() + 1, 300);
		expect_same(rx, f);
		free_all(rx);
	}
}

// ------------------------------------------------------------- Tx stop / start

TEST_F(Queues, TxStopLetsQueuedFramesLeaveThenHolds)
{
	start_pair();
	const auto f = numbered(100, 200);
	ASSERT_EQ(send_frames(A, 0, g_pool, f), f.size());
	ASSERT_EQ(rte_eth_dev_tx_queue_stop(A, 0), 0);
	EXPECT_EQ(txq_state(A, 0), kStopped);
	auto rx = rx_wait(B, 0, f.size() + 1, 300);
	expect_same(rx, f);
	free_all(rx);
	EXPECT_EQ(stats(A).opackets, f.size());
	EXPECT_EQ(stats(A).oerrors, 0u);

	rte_mbuf *m = frame_mbuf(f[0]);
	ASSERT_NE(m, nullptr);
	EXPECT_EQ(rte_eth_tx_burst(A, 0, &m, 1), 0);
	rte_pktmbuf_free(m);
	rx = rx_wait(B, 0, 1, 300);
	EXPECT_EQ(rx.size(), 0u);
	free_all(rx);
	EXPECT_EQ(stats(A).opackets, f.size());

	ASSERT_EQ(rte_eth_dev_tx_queue_start(A, 0), 0);
	const auto more = numbered(400, 10);
	ASSERT_EQ(send_frames(A, 0, g_pool, more), more.size());
	rx = rx_wait(B, 0, more.size() + 1, 300);
	expect_same(rx, more);
	free_all(rx);
}

// ------------------------------------------------------------- several queues

TEST_F(Queues, RssStoppedQueueLosesItsFlowsOthersKeepReceiving)
{
	start_pair({}, rss(4));
	constexpr unsigned kFlows = 64;
	const auto fl = flows(kFlows);
	std::map<uint16_t, uint16_t> queue_of; // source port -> queue
	ASSERT_EQ(send_frames(A, 0, g_pool, fl), fl.size());
	unsigned per_queue[4] = {};
	for (uint16_t q = 0; q < 4; q++) {
		auto rx = rx_wait(B, q, kFlows, 200);
		for (auto *m : rx)
			queue_of[sport_of(mbuf_bytes(m))] = q;
		per_queue[q] = rx.size();
		free_all(rx);
	}
	ASSERT_EQ(queue_of.size(), kFlows);
	ASSERT_GT(per_queue[1], 0u) << "queue 1 must have flows for this test to mean anything";

	ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 1), 0);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	std::vector<Bytes> twice = fl;
	twice.insert(twice.end(), fl.begin(), fl.end());
	ASSERT_EQ(send_frames(A, 0, g_pool, twice), twice.size());
	std::map<uint16_t, unsigned> seen;
	unsigned got = 0;
	for (uint16_t q : {0, 2, 3}) {
		auto rx = rx_wait(B, q, static_cast<unsigned>(twice.size()), 200);
		for (auto *m : rx) {
			const Bytes b = mbuf_bytes(m);
			const uint16_t sp = sport_of(b);
			EXPECT_EQ(queue_of[sp], q) << "flow " << sp << " moved";
			EXPECT_EQ(b, fl[sp - 1000u]);
			seen[sp]++;
		}
		got += rx.size();
		free_all(rx);
	}
	rte_mbuf *pk[32];
	EXPECT_EQ(rte_eth_rx_burst(B, 1, pk, 32), 0);
	EXPECT_EQ(got, 2 * (kFlows - per_queue[1]));
	for (auto &[sp, n] : seen)
		EXPECT_EQ(n, 2u) << "flow " << sp;
	EXPECT_EQ(imissed_settle(B, 2 * per_queue[1]), 2 * per_queue[1]);
	const rte_eth_stats st = stats(B);
	EXPECT_EQ(st.q_ipackets[1], 0u);
	EXPECT_EQ(st.ipackets, got);

	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 1), 0);
	ASSERT_EQ(send_frames(A, 0, g_pool, fl), fl.size());
	unsigned total = 0;
	for (uint16_t q = 0; q < 4; q++) {
		auto rx = rx_wait(B, q, kFlows, 200);
		EXPECT_EQ(rx.size(), per_queue[q]) << "queue " << q;
		for (auto *m : rx)
			EXPECT_EQ(queue_of[sport_of(mbuf_bytes(m))], q);
		total += rx.size();
		free_all(rx);
	}
	EXPECT_EQ(total, kFlows);
}

TEST_F(Queues, PortStopStartRestartsStoppedQueues)
{
	PortSetup a;
	a.nb_txq = 2;
	start_pair(a, rss(2));
	ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
	ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 1), 0);
	ASSERT_EQ(rte_eth_dev_tx_queue_stop(A, 1), 0);
	for (uint16_t p : {A, B}) {
		ASSERT_EQ(rte_eth_dev_stop(p), 0);
		ASSERT_EQ(rte_eth_dev_start(p), 0);
	}
	EXPECT_EQ(rxq_state(B, 0), kStarted);
	EXPECT_EQ(rxq_state(B, 1), kStarted);
	EXPECT_EQ(txq_state(A, 1), kStarted);
	const auto fl = flows(64);
	ASSERT_EQ(send_frames(A, 1, g_pool, fl), fl.size());
	unsigned total = 0;
	for (uint16_t q = 0; q < 2; q++) {
		auto rx = rx_wait(B, q, 64, 200);
		EXPECT_GT(rx.size(), 0u) << "queue " << q;
		total += rx.size();
		free_all(rx);
	}
	EXPECT_EQ(total, fl.size());
}

// ------------------------------------------------------------- another lcore's ring

// A worker that polls a queue until told to quit, keeping what it receives.
struct Worker {
	uint16_t port = 0, queue = 0;
	unsigned take_one = 0; // > 0: return after the first frame
	std::atomic<bool> quit{false};
	std::atomic<unsigned> got{0};
	std::mutex lock;
	std::vector<rte_mbuf *> frames;
};

int worker_lcore(void *arg)
{
	auto *w = static_cast<Worker *>(arg);
	const uint64_t give_up = rte_get_timer_cycles() + 30 * rte_get_timer_hz();
	while (!w->quit.load() && rte_get_timer_cycles() < give_up) {
		rte_mbuf *m[32];
		const uint16_t n = rte_eth_rx_burst(w->port, w->queue, m, w->take_one ? 1 : 32);
		if (n == 0) {
			rte_delay_us_sleep(20);
			continue;
		}
		{
			std::lock_guard<std::mutex> g(w->lock);
			w->frames.insert(w->frames.end(), m, m + n);
		}
		w->got += n;
		if (w->take_one)
			break;
	}
	return 0;
}

// Frames of B's queue 0 pushed into the ring of a worker that no longer
// polls: the worker takes one frame and returns, as a forwarding lcore that
// testpmd's "stop" halts. The queue is stopped meanwhile.
class WorkerRing : public Queues
{
protected:
	void SetUp() override
	{
		Queues::SetUp();
		worker_ = rte_get_next_lcore(-1, 1, 0);
		if (worker_ >= RTE_MAX_LCORE)
			GTEST_SKIP() << "needs two lcores";
		start_pair();
		// B's queue 0 without a portal of its own, so that it is
		// dequeued by the portal of the lcore that polls it: B
		// restarted while every spare portal is taken.
		ASSERT_EQ(rte_eth_dev_stop(B), 0);
		std::vector<dpaa::qbman::QmanPortal *> spare;
		while (auto *p = dpaa::bus::take_queue_portal(0))
			spare.push_back(p);
		const int started = rte_eth_dev_start(B);
		for (auto *p : spare)
			dpaa::bus::give_queue_portal(p);
		ASSERT_EQ(started, 0);
		ASSERT_EQ(rte_eth_stats_reset(B), 0);
		const uint64_t base = xstat(B, "rx_fman_port_frames");
		before_ = numbered(100, 40);
		ASSERT_EQ(send_frames(A, 0, g_pool, before_), before_.size());
		wait_port_frames(B, base + before_.size());
		Worker w;
		w.port = B;
		w.take_one = 1;
		ASSERT_EQ(rte_eal_remote_launch(worker_lcore, &w, worker_), 0);
		rte_eal_wait_lcore(worker_);
		ASSERT_EQ(w.got.load(), 1u);
		free_all(w.frames);
		ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
		EXPECT_EQ(rxq_state(B, 0), kStopped);
	}

	// The worker's frames, checked to hold nothing sent before the stop.
	std::vector<Bytes> collect(Worker &w)
	{
		std::vector<Bytes> out;
		std::lock_guard<std::mutex> g(w.lock);
		for (auto *m : w.frames) {
			out.push_back(mbuf_bytes(m));
			const uint16_t sp = sport_of(out.back());
			EXPECT_FALSE(sp >= 100 && sp < 100 + before_.size())
				<< "frame " << sp << " of before the stop";
		}
		free_all(w.frames);
		return out;
	}

	// The worker polls the stopped queue again: it hands out nothing and
	// frees what the worker's ring held of it, the FQ leaves service and
	// the queue drops until started; started, it receives.
	void expect_drops_until_started();

	// QMan's view of B's queue 0 FQ, read under the model's lock.
	dpaa::model::FqInfo rx_fq()
	{
		auto *sys = bus_model();
		dpaa::model::FqInfo info{};
		EXPECT_NE(sys, nullptr);
		if (sys == nullptr)
			return info;
		const auto *q = static_cast<const dpaa::net::RxQueue *>(
			rte_eth_devices[B].data->rx_queues[0]);
		std::lock_guard<std::mutex> hold(sys->soc().lock());
		EXPECT_TRUE(sys->soc().qman().fq_info(q->fqid, info));
		return info;
	}

	unsigned worker_ = RTE_MAX_LCORE;
	std::vector<Bytes> before_;
};

void WorkerRing::expect_drops_until_started()
{
	Worker w;
	w.port = B;
	ASSERT_EQ(rte_eal_remote_launch(worker_lcore, &w, worker_), 0);
	// Polling the stopped queue hands out nothing, and frees what the
	// worker's ring held of it; QMan then completes the FQ's retirement
	// and the control path takes it out of service, without a burst's
	// help: probes until QMan refuses one (a probe before that is freed
	// with the FQ's last frames).
	EXPECT_EQ(pool_settle(g_pool, start_avail_, 10000), start_avail_);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	const auto probe = numbered(900, 1);
	for (int i = 0; i < 10000 && stats(B).imissed == 0; i++) {
		ASSERT_EQ(send_frames(A, 0, g_pool, probe), 1u);
		sleep_ms(1);
	}
	ASSERT_GT(stats(B).imissed, 0u) << "the FQ never left service";
	ASSERT_EQ(pool_settle(g_pool, start_avail_, 10000), start_avail_);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	const auto during = numbered(200, 10);
	ASSERT_EQ(send_frames(A, 0, g_pool, during), during.size());
	EXPECT_EQ(imissed_settle(B, during.size()), during.size());
	EXPECT_EQ(w.got.load(), 0u);

	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	const auto after = numbered(300, 20);
	ASSERT_EQ(send_frames(A, 0, g_pool, after), after.size());
	for (int ms = 0; ms < 10000 && w.got.load() < after.size(); ms++)
		sleep_ms(1);
	w.quit = true;
	rte_eal_wait_lcore(worker_);
	const auto got = collect(w);
	ASSERT_EQ(got.size(), after.size());
	for (size_t i = 0; i < got.size(); i++)
		EXPECT_EQ(got[i], after[i]) << "frame " << i;
}

TEST_F(WorkerRing, StoppedQueuePolledByTheWorkerFreesItsRingThenDrops)
{
	expect_drops_until_started();
}

TEST_F(WorkerRing, QueueStoppedWhileStartingStaysStoppedOnceTheWorkerPolls)
{
	// Started while its FQ still retires (the start pending), stopped
	// again before the worker polls: the stop cancels the start, so the
	// retirement, once complete, leaves the FQ out of service.
	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	EXPECT_EQ(rxq_state(B, 0), kStarted);
	ASSERT_EQ(rte_eth_dev_rx_queue_stop(B, 0), 0);
	EXPECT_EQ(rxq_state(B, 0), kStopped);
	expect_drops_until_started();
}

// Holds the EAL's alarm thread, so that no alarm (the PMD's completion of
// pending queue stops among them) runs until released, at the latest when
// the test ends.
struct AlarmThreadHold {
	std::atomic<bool> entered{false};
	std::atomic<bool> release{false};

	~AlarmThreadHold()
	{
		release = true;
		rte_eal_alarm_cancel(run, this); // waits for a run in progress
	}

	static void run(void *arg)
	{
		auto *h = static_cast<AlarmThreadHold *>(arg);
		h->entered = true;
		while (!h->release.load())
			rte_pause();
	}
};

TEST_F(WorkerRing, StartFindsTheRetirementNoticeWaitingAndReceives)
{
	if (bus_model() == nullptr) {
		expect_drops_until_started(); // the worker's frames back first
		GTEST_SKIP() << "reads the FQ's state from the model, which the emulated kernel's "
				"board platform keeps to itself";
	}
	AlarmThreadHold hold;
	ASSERT_EQ(rte_eal_alarm_set(1, AlarmThreadHold::run, &hold), 0);
	for (int ms = 0; ms < 10000 && !hold.entered.load(); ms++)
		sleep_ms(1);
	ASSERT_TRUE(hold.entered.load());
	// One poll of the worker frees its ring: QMan completes the FQ's
	// retirement and posts the FQRN, which nobody reads meanwhile.
	Worker w;
	w.port = B;
	w.take_one = 1;
	ASSERT_EQ(rte_eal_remote_launch(worker_lcore, &w, worker_), 0);
	dpaa::model::FqInfo fq = rx_fq();
	for (int ms = 0; ms < 10000 && fq.retire_pending; ms++) {
		sleep_ms(1);
		fq = rx_fq();
	}
	w.quit = true;
	rte_eal_wait_lcore(worker_);
	EXPECT_EQ(w.got.load(), 0u);
	ASSERT_FALSE(fq.retire_pending) << "the worker's poll did not let the retirement complete";
	ASSERT_EQ(fq.state, dpaa::hw::qm::FqState::retired)
		<< "the FQ left service although nobody read the FQRN";
	// The start finds the FQRN waiting and puts the FQ back in service
	// itself, before any alarm runs.
	const int ret = rte_eth_dev_rx_queue_start(B, 0);
	const dpaa::model::FqInfo after_start = rx_fq();
	hold.release = true;
	ASSERT_EQ(ret, 0);
	EXPECT_EQ(rxq_state(B, 0), kStarted);
	EXPECT_NE(after_start.state, dpaa::hw::qm::FqState::retired);
	EXPECT_NE(after_start.state, dpaa::hw::qm::FqState::oos);

	Worker r;
	r.port = B;
	ASSERT_EQ(rte_eal_remote_launch(worker_lcore, &r, worker_), 0);
	const auto after = numbered(300, 20);
	ASSERT_EQ(send_frames(A, 0, g_pool, after), after.size());
	for (int ms = 0; ms < 10000 && r.got.load() < after.size(); ms++)
		sleep_ms(1);
	r.quit = true;
	rte_eal_wait_lcore(worker_);
	const auto got = collect(r);
	ASSERT_EQ(got.size(), after.size());
	for (size_t i = 0; i < got.size(); i++)
		EXPECT_EQ(got[i], after[i]) << "frame " << i;
}

TEST_F(WorkerRing, QueueStartedBeforeTheWorkerPollsAgainReceivesOnceItDoes)
{
	// The FQ cannot leave service while the worker's ring holds its
	// frames; once the worker's bursts free them, QMan completes the
	// retirement and the control path the start.
	ASSERT_EQ(rte_eth_dev_rx_queue_start(B, 0), 0);
	EXPECT_EQ(rxq_state(B, 0), kStarted);
	Worker w;
	w.port = B;
	ASSERT_EQ(rte_eal_remote_launch(worker_lcore, &w, worker_), 0);
	// Probes until one comes through: the queue receives again.
	const auto probe = numbered(900, 1);
	for (int i = 0; i < 10000 && w.got.load() == 0; i++) {
		ASSERT_EQ(send_frames(A, 0, g_pool, probe), 1u);
		sleep_ms(1);
	}
	ASSERT_GT(w.got.load(), 0u) << "the queue never received again";
	const auto after = numbered(300, 20);
	ASSERT_EQ(send_frames(A, 0, g_pool, after), after.size());
	auto received_after = [&] {
		std::lock_guard<std::mutex> g(w.lock);
		unsigned n = 0;
		for (auto *m : w.frames)
			n += sport_of(mbuf_bytes(m)) != 900;
		return n;
	};
	for (int ms = 0; ms < 10000 && received_after() < after.size(); ms++)
		sleep_ms(1);
	w.quit = true;
	rte_eal_wait_lcore(worker_);
	const auto got = collect(w);
	std::vector<Bytes> tail;
	for (const Bytes &f : got)
		if (sport_of(f) != 900)
			tail.push_back(f);
	ASSERT_EQ(tail.size(), after.size());
	for (size_t i = 0; i < tail.size(); i++)
		EXPECT_EQ(tail[i], after[i]) << "frame " << i;
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program(
		"board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded;throttle=off",
		{"-l", "0-1"}, [] {
			A = port_by_name("fm1-mac9");
			B = port_by_name("fm1-mac10");
			g_pool = dpaa_pool("pool", 4096);
			return ports_and_pools({A, B}, {g_pool});
		});
}
