/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan portal driver against the model running on its own thread: the same
// driver and model code as the stepped tests, now with real concurrency on
// the portal memory. No timing is asserted, only counts and order.

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::FqInit;

namespace
{

// Frames the stress test moves (a tenth of it with producer and consumer on
// threads of their own). DPAA_STRESS_FRAMES overrides it.
uint64_t stress_frames()
{
	if (const char *s = std::getenv("DPAA_STRESS_FRAMES"))
		return std::strtoull(s, nullptr, 0);
	return 10'000'000;
}

} // namespace

TEST(QmanThreaded, ManagementCommandsAndTrafficWithoutStepping)
{
	Soc soc;
	ASSERT_EQ(soc.start_thread(), 0);
	EXPECT_EQ(soc.start_thread(), -EBUSY);
	auto p = make_qman_portal(soc, 3, false);
	FqInit fi;
	fi.dest = p->channel();
	fi.context_b = 3;
	ASSERT_EQ(p->init_fq(hw::Fqid{0x1000}, fi), 0);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	constexpr uint64_t kFrames = 200000;
	uint64_t sent = 0, got = 0;
	while (got < kFrames) {
		bool progress = false;
		if (sent < kFrames && p->enqueue(hw::Fqid{0x1000}, seq_fd(sent)) == 0) {
			sent++;
			progress = true;
		}
		progress |= p->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			EXPECT_EQ(fd_seq(e.fd), got);
			EXPECT_EQ(e.context_b(), 3u);
			got++;
		}) > 0;
		if (!progress)
			std::this_thread::yield(); // the model thread may need this core
	}
	dpaa::qbman::FqNp np;
	ASSERT_EQ(p->query_fq_np(hw::Fqid{0x1000}, np), 0);
	EXPECT_EQ(np.frames, 0u);
	// Volatile dequeue across threads too.
	fi.schedule = false;
	ASSERT_EQ(p->init_fq(hw::Fqid{0x1001}, fi), 0);
	for (unsigned i = 0; i < 30; i++)
		while (p->enqueue(hw::Fqid{0x1001}, seq_fd(i)) != 0)
			std::this_thread::yield();
	do {
		ASSERT_EQ(p->query_fq_np(hw::Fqid{0x1001}, np), 0);
	} while (np.frames != 30);
	ASSERT_EQ(p->volatile_dequeue(hw::Fqid{0x1001}, 20, true), 0);
	unsigned vgot = 0;
	while (p->vdqcr_busy())
		if (p->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			    EXPECT_TRUE(e.stat & qm::dqrr_stat::kUnscheduled);
			    EXPECT_EQ(fd_seq(e.fd), vgot);
			    vgot++;
		    }) == 0)
			std::this_thread::yield();
	EXPECT_EQ(vgot, 20u);
	soc.stop_thread();
	expect_no_faults(soc);
}

namespace
{

// One FQ from portal 0 to portal 1's dedicated channel; the model on its own
// thread. With 'split' the producer and the consumer portal run on two
// threads (three with the model: more than the two cores of our machines,
// so the time slicing is exercised too); without, one application thread
// alternates between them (one core pair: application + model).
void stress(uint64_t frames, bool split)
{
	Soc soc;
	auto prod = make_qman_portal(soc, 0, false);
	auto cons = make_qman_portal(soc, 1, false);
	ASSERT_EQ(soc.start_thread(), 0);
	FqInit fi;
	fi.dest = cons->channel();
	ASSERT_EQ(prod->init_fq(hw::Fqid{0x2000}, fi), 0);
	cons->static_dequeue(qm::sdqcr::kChannelsDedicated);

	std::atomic<bool> failed{false};
	uint64_t next = 0, sent = 0;
	auto consume = [&]() {
		return cons->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			// One FQ: strict sequence means nothing lost or duplicated.
			if (fd_seq(e.fd) != next || e.fqid() != 0x2000)
				failed.store(true, std::memory_order_relaxed);
			next++;
		});
	};
	std::array<hw::Fd, 8> burst;
	auto produce = [&]() {
		const unsigned want = static_cast<unsigned>(std::min<uint64_t>(8, frames - sent));
		for (unsigned i = 0; i < want; i++)
			burst[i] = seq_fd(sent + i);
		const unsigned n =
			prod->enqueue_burst(hw::Fqid{0x2000}, std::span(burst.data(), want));
		sent += n;
		return n;
	};
	// Give the CPU away after a few fruitless polls: the model may be
	// waiting for it.
	constexpr unsigned kIdlePolls = 8;
	if (split) {
		std::thread consumer([&] {
			unsigned idle = 0;
			while (next < frames && !failed.load(std::memory_order_relaxed))
				if (consume() == 0 && ++idle > kIdlePolls) {
					idle = 0;
					std::this_thread::yield();
				}
		});
		unsigned idle = 0;
		while (sent < frames && !failed.load(std::memory_order_relaxed))
			if (produce() == 0 && ++idle > kIdlePolls) {
				idle = 0;
				std::this_thread::yield();
			}
		consumer.join();
	} else {
		unsigned idle = 0;
		while (next < frames && !failed.load(std::memory_order_relaxed)) {
			const unsigned n = (sent < frames ? produce() : 0) + consume();
			if (n == 0 && ++idle > kIdlePolls) {
				idle = 0;
				std::this_thread::yield();
			}
		}
	}
	EXPECT_FALSE(failed.load());
	EXPECT_EQ(sent, frames);
	EXPECT_EQ(next, frames);
	dpaa::qbman::FqNp np;
	ASSERT_EQ(prod->query_fq_np(hw::Fqid{0x2000}, np), 0);
	EXPECT_EQ(np.frames, 0u);
	soc.stop_thread();
	expect_no_faults(soc);
}

} // namespace

TEST(QmanThreaded, StressOneProducerOneConsumerPortal)
{
	stress(stress_frames(), false);
}

TEST(QmanThreaded, StressProducerAndConsumerOnTheirOwnThreads)
{
	stress(stress_frames() / 10, true);
}

TEST(QmanThreaded, ThreadCanBePinnedAndRestarted)
{
	Soc soc;
	ASSERT_EQ(soc.start_thread(0), 0);
	soc.stop_thread();
	EXPECT_FALSE(soc.threaded());
	EXPECT_EQ(soc.start_thread(100000), -EINVAL);
	ASSERT_EQ(soc.start_thread(), 0);
	auto p = make_qman_portal(soc, 4, false);
	FqInit fi;
	fi.dest = p->channel();
	EXPECT_EQ(p->init_fq(hw::Fqid{0x3000}, fi), 0);
	soc.stop_thread();
}
