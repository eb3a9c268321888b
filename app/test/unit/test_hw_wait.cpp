/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Every driver-side wait on QMan/BMan (management commands, release-ring room)
// yields the CPU once a short spin is over, even when the platform installed a
// wait hook (the model platform always does: in threaded mode it is a no-op,
// and the model's thread may share the CPU with the waiting one). The hook
// here answers only after kLatePolls polls, as a model thread that the waiter
// keeps off its CPU would; this executable counts the waiter's sched_yield()
// calls by defining sched_yield itself (its own objects bind to it first).

#include <atomic>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

#include "qbman_test_support.hpp"

namespace
{
std::atomic<unsigned long> yields{0};
} // namespace

extern "C" int sched_yield() noexcept
{
	yields.fetch_add(1, std::memory_order_relaxed);
	return static_cast<int>(syscall(SYS_sched_yield));
}

using namespace dpaa::test;

namespace
{

// Past the spin by a few polls, each of which yields: the answer must not
// depend on how long a yield takes. On a loaded machine (or a niced sanitizer
// run) one yield can cost several milliseconds, and thousands of them would
// run into the wait's own kWaitTimeoutNs.
constexpr unsigned long kLatePolls = dpaa::qbman::kWaitSpinPolls + 16;

// Steps the model only once the driver has polled kLatePolls times.
struct LateModel {
	Soc *soc;
	unsigned long calls = 0;
	static void hook(void *arg)
	{
		auto *m = static_cast<LateModel *>(arg);
		if (++m->calls >= kLatePolls)
			m->soc->step();
	}
};

} // namespace

TEST(HwWait, BmanCommandYieldsWhileTheModelIsLate)
{
	Soc soc;
	auto p = make_bman_portal(soc, 0, true);
	const uint64_t bufs[2] = {0x1000, 0x2000};
	ASSERT_EQ(p->release(hw::Bpid{3}, bufs), 0);
	soc.run_until_idle();
	LateModel late{&soc};
	p->set_wait_hook({LateModel::hook, &late});
	yields = 0;
	uint64_t out[2] = {};
	EXPECT_EQ(p->acquire(hw::Bpid{3}, out), 2);
	EXPECT_EQ(out[0] + out[1], 0x3000u);
	EXPECT_GE(late.calls, kLatePolls);
	EXPECT_GT(yields.load(), 0u);
}

TEST(HwWait, BmanReleaseRingWaitYieldsWhileTheModelIsLate)
{
	Soc soc;
	auto p = make_bman_portal(soc, 0, false);
	// Fill the release ring with the model stopped.
	uint64_t addr = 0x1000;
	unsigned released = 0;
	for (;; released++) {
		const uint64_t one[1] = {addr};
		if (p->release(hw::Bpid{4}, one) == -EBUSY)
			break;
		addr += 0x1000;
	}
	ASSERT_GT(released, 0u);
	LateModel late{&soc};
	p->set_wait_hook({LateModel::hook, &late});
	yields = 0;
	const uint64_t one[1] = {addr};
	EXPECT_EQ(p->release_wait(hw::Bpid{4}, one), 0);
	EXPECT_GT(yields.load(), 0u);
	soc.run_until_idle();
	EXPECT_EQ(p->free_count(hw::Bpid{4}), released + 1);
}

TEST(HwWait, QmanCommandYieldsWhileTheModelIsLate)
{
	Soc soc;
	auto p = make_qman_portal(soc, 0, false);
	LateModel late{&soc};
	p->set_wait_hook({LateModel::hook, &late});
	yields = 0;
	dpaa::qbman::FqNp np{};
	EXPECT_NE(p->query_fq_np(hw::Fqid{100}, np), -ETIMEDOUT);
	EXPECT_GE(late.calls, kLatePolls);
	EXPECT_GT(yields.load(), 0u);
}
