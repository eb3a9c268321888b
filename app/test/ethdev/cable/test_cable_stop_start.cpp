/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// Stopping and starting a port while a worker lcore polls it and frames are
// in flight or in the worker's ring, as testpmd's stop/start does.

#include <atomic>

#include <rte_cycles.h>
#include <rte_lcore.h>

#include "cable_fixture.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

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

} // namespace
