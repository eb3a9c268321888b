/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Soc::drain_eqcr: QMan takes a portal's EQCR entries on the caller's thread,
// as silicon consumes them whatever the CPUs do; the next step enqueues them.
// Stepped tests assert exact counts and order; the threaded ones run the
// drain against the model's thread and assert nothing is lost or reordered.

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::EqcrFullHook;
using dpaa::qbman::FqInit;

namespace
{

constexpr uint32_t kFqid = 0x4000;
constexpr unsigned kEqcrFree = qm::kEqcrSize - 1; // the driver keeps one entry empty
constexpr unsigned kStaged = dpaa::model::QmanSwPortal::kEqcrStaged;

struct HookCount {
	Soc *soc;
	unsigned calls = 0;
};

bool drain_hook(void *arg, unsigned portal)
{
	auto *h = static_cast<HookCount *>(arg);
	h->calls++;
	return h->soc->drain_eqcr(portal);
}

std::vector<hw::Fd> seq_fds(uint64_t first, unsigned n)
{
	std::vector<hw::Fd> v;
	for (unsigned i = 0; i < n; i++)
		v.push_back(seq_fd(first + i));
	return v;
}

class EqcrDrainStepped : public ::testing::Test
{
protected:
	void SetUp() override
	{
		p0 = make_qman_portal(soc, 0, true);
		// Parked: the frames stay in the FQ, where the test counts them.
		FqInit fi;
		fi.dest = p0->channel();
		fi.schedule = false;
		ASSERT_EQ(p0->init_fq(hw::Fqid{kFqid}, fi), 0);
	}
	void TearDown() override { expect_no_faults(soc); }

	uint32_t fq_frames()
	{
		dpaa::model::FqInfo info{};
		EXPECT_TRUE(soc.qman().fq_info(kFqid, info));
		return info.frames;
	}

	// Everything the FQ holds, in order, by volatile dequeues.
	std::vector<uint64_t> dequeue_all()
	{
		std::vector<uint64_t> seqs;
		EXPECT_EQ(p0->volatile_dequeue(hw::Fqid{kFqid}, 0, false), 0);
		for (unsigned i = 0; i < 100000 && p0->vdqcr_busy(); i++) {
			soc.step();
			p0->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
				if (e.has_frame())
					seqs.push_back(fd_seq(e.fd));
			});
		}
		return seqs;
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p0;
};

} // namespace

TEST_F(EqcrDrainStepped, FreesAFullRingWithoutAStep)
{
	auto fds = seq_fds(0, 2 * kEqcrFree);
	ASSERT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, fds), kEqcrFree) << "no hook: the ring fills";
	EXPECT_EQ(p0->eqcr_update(), 0u);
	const uint64_t steps = soc.steps();
	EXPECT_TRUE(soc.drain_eqcr(0));
	EXPECT_EQ(soc.steps(), steps) << "a drain is not a step";
	EXPECT_EQ(p0->eqcr_update(), kEqcrFree) << "EQCR_CI published";
	EXPECT_EQ(fq_frames(), 0u) << "taken, not yet enqueued";
	ASSERT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, std::span(fds).subspan(kEqcrFree)), kEqcrFree);
	soc.run_until_idle();
	EXPECT_EQ(fq_frames(), 2 * kEqcrFree);
	std::vector<uint64_t> want;
	for (uint64_t i = 0; i < 2 * kEqcrFree; i++)
		want.push_back(i);
	EXPECT_EQ(dequeue_all(), want);
}

// A driver that saw EQCR_CI move may issue a command about the FQ next (a
// Tx queue stop does): the taken entries are enqueued before it runs.
TEST_F(EqcrDrainStepped, TakenEntriesPrecedeALaterCommand)
{
	auto fds = seq_fds(0, kEqcrFree);
	ASSERT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, fds), kEqcrFree);
	EXPECT_TRUE(soc.drain_eqcr(0));
	EXPECT_EQ(p0->eqcr_update(), kEqcrFree);
	dpaa::qbman::FqNp np;
	ASSERT_EQ(p0->query_fq_np(hw::Fqid{kFqid}, np), 0);
	EXPECT_EQ(np.frames, kEqcrFree);
}

TEST_F(EqcrDrainStepped, NothingToTakeIsFalse)
{
	EXPECT_FALSE(soc.drain_eqcr(0)) << "empty EQCR";
	EXPECT_FALSE(soc.drain_eqcr(5)) << "a portal no driver configured";
	EXPECT_FALSE(soc.drain_eqcr(Soc::num_qman_portals())) << "no such portal";
	ASSERT_EQ(p0->enqueue(hw::Fqid{kFqid}, seq_fd(1)), 0);
	EXPECT_TRUE(soc.drain_eqcr(0));
	EXPECT_FALSE(soc.drain_eqcr(0)) << "already taken";
	soc.run_until_idle();
	EXPECT_EQ(fq_frames(), 1u);
}

// Silicon's QMan takes every EQCR entry into its FQ, which holds any number
// of frames: the hook keeps a burst going as long as the driver offers, the
// staging queue's entries going to the FQ when it is full (DPDK's
// pmd_perf_autotest primes its ports with 2048 frames each, bursts of 32,
// until one takes nothing).
TEST_F(EqcrDrainStepped, DriverHookKeepsTheBurstGoingAsQmanWould)
{
	HookCount h{&soc};
	p0->set_eqcr_full_hook(EqcrFullHook{drain_hook, &h});
	constexpr unsigned kFrames = 4096;
	auto fds = seq_fds(0, kFrames);
	// No step: only the hook frees the ring.
	const uint64_t steps = soc.steps();
	for (unsigned done = 0; done < kFrames; done += 32)
		ASSERT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, std::span(fds).subspan(done, 32)), 32u)
			<< "after " << done << " frames";
	EXPECT_EQ(soc.steps(), steps) << "a drain is not a step";
	EXPECT_GT(h.calls, kFrames / kStaged);
	soc.run_until_idle();
	EXPECT_EQ(fq_frames(), kFrames);
	std::vector<uint64_t> want;
	for (uint64_t i = 0; i < fds.size(); i++)
		want.push_back(i);
	EXPECT_EQ(dequeue_all(), want);
}

// A model whose lock another thread holds for good (a stalled QMan, which
// silicon never is) cannot enqueue: the hook frees the ring until the
// staging queue is full, then gives up (after a bounded wait) and the ring
// stays full until the model runs again. Nothing is lost or reordered.
TEST_F(EqcrDrainStepped, AStalledModelLeavesTheRingFullAfterTheStagingQueue)
{
	HookCount h{&soc};
	p0->set_eqcr_full_hook(EqcrFullHook{drain_hook, &h});
	const unsigned room = kStaged + kEqcrFree;
	auto fds = seq_fds(0, room + 10);
	{
		std::mutex m;
		std::unique_lock<std::mutex> l(m);
		bool held = false, release = false;
		std::condition_variable cv;
		std::thread stall([&] {
			std::lock_guard<std::mutex> stalled(soc.lock());
			std::unique_lock<std::mutex> t(m);
			held = true;
			cv.notify_all();
			cv.wait(t, [&] { return release; });
		});
		cv.wait(l, [&] { return held; });
		l.unlock();
		EXPECT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, fds), room);
		const unsigned calls = h.calls;
		EXPECT_EQ(p0->enqueue(hw::Fqid{kFqid}, fds[room]), -EBUSY);
		EXPECT_EQ(h.calls, calls + 1) << "the hook is asked, and frees nothing";
		l.lock();
		release = true;
		cv.notify_all();
		l.unlock();
		stall.join();
	}
	soc.run_until_idle();
	EXPECT_EQ(fq_frames(), room);
	// The model has enqueued the staged entries: the hook frees the ring again.
	EXPECT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, std::span(fds).subspan(room)), 10u);
	soc.run_until_idle();
	std::vector<uint64_t> want;
	for (uint64_t i = 0; i < fds.size(); i++)
		want.push_back(i);
	EXPECT_EQ(dequeue_all(), want);
}

TEST_F(EqcrDrainStepped, RingWithRoomNeverCallsTheHook)
{
	HookCount h{&soc};
	p0->set_eqcr_full_hook(EqcrFullHook{drain_hook, &h});
	for (uint64_t i = 0; i < 100; i++) {
		auto fds = seq_fds(i * kEqcrFree, kEqcrFree);
		ASSERT_EQ(p0->enqueue_burst(hw::Fqid{kFqid}, fds), kEqcrFree);
		soc.step();
	}
	EXPECT_EQ(h.calls, 0u);
	EXPECT_EQ(fq_frames(), 100 * kEqcrFree);
}

TEST_F(EqcrDrainStepped, StagedEntriesToAnOutOfServiceFqGetTheirErn)
{
	const hw::Fd fd = seq_fd(7, 99);
	ASSERT_EQ(p0->enqueue(hw::Fqid{0x4801}, fd), 0); // never initialised
	EXPECT_TRUE(soc.drain_eqcr(0));
	EXPECT_EQ(p0->poll_mr([](const qm::MrEntry &) {}), 0u) << "not enqueued yet";
	soc.run_until_idle();
	std::vector<qm::MrEntry> msgs;
	p0->poll_mr([&](const qm::MrEntry &m) { msgs.push_back(m); });
	ASSERT_EQ(msgs.size(), 1u);
	EXPECT_TRUE(qm::mr_verb::is_sw_ern(msgs[0].verb));
	EXPECT_EQ(msgs[0].rc & qm::mr_rc::kMask, qm::mr_rc::kError);
	EXPECT_EQ(msgs[0].fqid(), 0x4801u);
	EXPECT_EQ(msgs[0].fd, fd);
}

// The model's thread holds the model's lock (a long step, or a thread that
// lost its CPU mid-step): the drain needs none, so the driver still gets its
// ring consumed, up to the staging queue.
TEST(EqcrDrainThreaded, DrainsWhileTheModelIsBusy)
{
	Soc soc;
	ASSERT_EQ(soc.start_thread(), 0);
	auto p = make_qman_portal(soc, 2, false);
	FqInit fi;
	fi.dest = p->channel();
	ASSERT_EQ(p->init_fq(hw::Fqid{kFqid}, fi), 0);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	HookCount h{&soc};
	p->set_eqcr_full_hook(EqcrFullHook{drain_hook, &h});
	const unsigned room = kStaged + kEqcrFree;
	auto fds = seq_fds(0, room + 20);
	{
		std::lock_guard<std::mutex> busy(soc.lock());
		EXPECT_EQ(p->enqueue_burst(hw::Fqid{kFqid}, fds), room);
	}
	unsigned sent = room, next = 0;
	for (unsigned i = 0; i < 1000000 && next < fds.size(); i++) {
		sent += p->enqueue_burst(hw::Fqid{kFqid}, std::span(fds).subspan(sent));
		if (p->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			    EXPECT_EQ(fd_seq(e.fd), next);
			    next++;
		    }) == 0)
			std::this_thread::yield();
	}
	EXPECT_EQ(next, fds.size());
	soc.stop_thread();
	expect_no_faults(soc);
}

// The driver's thread drains while the model's thread consumes the same
// EQCR: every frame exactly once, in order.
TEST(EqcrDrainThreaded, ConcurrentDrainAndModelLoseNothing)
{
	Soc soc;
	auto prod = make_qman_portal(soc, 0, false);
	auto cons = make_qman_portal(soc, 1, false);
	HookCount h{&soc};
	prod->set_eqcr_full_hook(EqcrFullHook{drain_hook, &h});
	ASSERT_EQ(soc.start_thread(), 0);
	FqInit fi;
	fi.dest = cons->channel();
	ASSERT_EQ(prod->init_fq(hw::Fqid{kFqid}, fi), 0);
	cons->static_dequeue(qm::sdqcr::kChannelsDedicated);
	constexpr uint64_t kFrames = 300000;
	std::atomic<bool> failed{false};
	std::atomic<uint64_t> next{0};
	std::thread consumer([&] {
		uint64_t n = 0;
		while (n < kFrames && !failed.load(std::memory_order_relaxed)) {
			const unsigned got = cons->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
				if (fd_seq(e.fd) != n || e.fqid() != kFqid)
					failed.store(true, std::memory_order_relaxed);
				n++;
			});
			if (got == 0)
				std::this_thread::yield();
		}
		next.store(n);
	});
	std::array<hw::Fd, 32> burst;
	uint64_t sent = 0;
	while (sent < kFrames && !failed.load(std::memory_order_relaxed)) {
		const unsigned want = static_cast<unsigned>(std::min<uint64_t>(32, kFrames - sent));
		for (unsigned i = 0; i < want; i++)
			burst[i] = seq_fd(sent + i);
		const unsigned n =
			prod->enqueue_burst(hw::Fqid{kFqid}, std::span(burst.data(), want));
		sent += n;
		if (n < want)
			std::this_thread::yield();
	}
	consumer.join();
	EXPECT_FALSE(failed.load());
	EXPECT_EQ(sent, kFrames);
	EXPECT_EQ(next.load(), kFrames);
	EXPECT_GT(h.calls, 0u);
	soc.stop_thread();
	expect_no_faults(soc);
}
