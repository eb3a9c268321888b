/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QmanPortal::dqrr_take_frames, the Rx burst's walk of the DQRR: the FDs of
// one FQ in ring order across the ring's wrap, other FQs' frames handed to
// the caller (which may stop the walk before them), entries without a frame
// passed, and a volatile dequeue's expiry noticed as dqrr_next() notices it.

#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::FqInit;

namespace
{

constexpr uint32_t kMine = 0x520;
constexpr uint32_t kOther = 0x521;

class QmanTakeFrames : public ::testing::Test
{
protected:
	void SetUp() override { p = make_qman_portal(soc, 0, true); }
	void TearDown() override { expect_no_faults(soc); }

	void init_fq(uint32_t fqid, bool sched)
	{
		FqInit f;
		f.dest = p->channel();
		f.wq = 3;
		f.schedule = sched;
		ASSERT_EQ(p->init_fq(hw::Fqid{fqid}, f), 0);
	}

	void enqueue(uint32_t fqid, uint64_t first, unsigned n)
	{
		for (unsigned i = 0; i < n; i++)
			while (p->enqueue(hw::Fqid{fqid}, seq_fd(first + i)) != 0)
				soc.step();
		soc.run_until_idle();
	}

	// One take of up to max frames of kMine, consumed; their sequence numbers.
	template <typename F> std::vector<uint64_t> take(unsigned max, F &&foreign)
	{
		hw::Fd fds[32];
		const unsigned n = p->dqrr_take_frames(hw::Fqid{kMine}, fds, max, foreign);
		p->dqrr_consume();
		std::vector<uint64_t> seqs;
		for (unsigned i = 0; i < n; i++)
			seqs.push_back(fd_seq(fds[i]));
		return seqs;
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p;
};

auto no_foreign = [](const qm::DqrrEntry &) {
	ADD_FAILURE() << "a frame of another FQ";
	return true;
};

} // namespace

TEST_F(QmanTakeFrames, OneFqsFramesInOrderAcrossTheRingsWrap)
{
	init_fq(kMine, true);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	uint64_t next = 0;
	uint64_t sent = 0;
	// 7 at a time against a ring of 16: the walk starts at every slot and
	// wraps, with the valid bit flipping, many times.
	for (unsigned round = 0; round < 40; round++) {
		enqueue(kMine, sent, 11);
		sent += 11;
		while (next < sent) {
			const auto got = take(7, no_foreign);
			if (got.empty()) {
				ASSERT_TRUE(soc.step()) << "frames lost at " << next;
				continue;
			}
			EXPECT_LE(got.size(), 7u);
			for (uint64_t s : got)
				ASSERT_EQ(s, next++);
		}
	}
	soc.run_until_idle();
	EXPECT_TRUE(take(7, no_foreign).empty());
	EXPECT_EQ(p->dqrr_current(), nullptr);
}

TEST_F(QmanTakeFrames, AnotherFqsFrameGoesToTheCallerWhichMayStopBeforeIt)
{
	init_fq(kOther, false); // parked: its frames come by volatile dequeue
	init_fq(kMine, true);
	enqueue(kOther, 100, 2);
	enqueue(kMine, 0, 2);
	// Two of the other FQ's frames ahead of two of ours.
	ASSERT_EQ(p->volatile_dequeue(hw::Fqid{kOther}, 2, true), 0);
	soc.run_until_idle();
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	soc.run_until_idle();

	std::vector<uint64_t> seen;
	auto stop = [&](const qm::DqrrEntry &e) {
		seen.push_back(fd_seq(e.fd));
		return false;
	};
	EXPECT_TRUE(take(8, stop).empty());
	ASSERT_EQ(seen, std::vector<uint64_t>{100});
	// Not passed: the same entry is still first.
	ASSERT_NE(p->dqrr_current(), nullptr);
	EXPECT_EQ(p->dqrr_current()->fqid(), kOther);
	EXPECT_TRUE(p->vdqcr_busy());

	auto pass = [&](const qm::DqrrEntry &e) {
		EXPECT_EQ(e.fqid(), kOther);
		seen.push_back(fd_seq(e.fd));
		return true;
	};
	std::vector<uint64_t> mine;
	for (unsigned i = 0; i < 100 && mine.size() < 2; i++) {
		for (uint64_t s : take(8, pass))
			mine.push_back(s);
		soc.step();
	}
	EXPECT_EQ(mine, (std::vector<uint64_t>{0, 1}));
	EXPECT_EQ(seen, (std::vector<uint64_t>{100, 100, 101}));
	// The second of the other FQ's frames carried the expiry.
	EXPECT_FALSE(p->vdqcr_busy());
}

TEST_F(QmanTakeFrames, AnExpiryWithoutAFrameIsPassedAndEndsTheVolatileDequeue)
{
	init_fq(kMine, false);
	enqueue(kMine, 0, 5);
	ASSERT_EQ(p->volatile_dequeue(hw::Fqid{kMine}, 5, true), 0);
	soc.run_until_idle();
	EXPECT_TRUE(p->vdqcr_busy());
	EXPECT_EQ(take(32, no_foreign), (std::vector<uint64_t>{0, 1, 2, 3, 4}));
	EXPECT_FALSE(p->vdqcr_busy());

	// The FQ is empty now: the command expires with an entry and no frame.
	ASSERT_EQ(p->volatile_dequeue(hw::Fqid{kMine}, 3, true), 0);
	soc.run_until_idle();
	ASSERT_NE(p->dqrr_current(), nullptr);
	EXPECT_FALSE(p->dqrr_current()->has_frame());
	EXPECT_TRUE(take(32, no_foreign).empty());
	EXPECT_FALSE(p->vdqcr_busy());
	EXPECT_EQ(p->dqrr_current(), nullptr);
}

TEST_F(QmanTakeFrames, AtMostMaxFramesAndTheRestStayForTheNextTake)
{
	init_fq(kMine, true);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	enqueue(kMine, 0, 12);
	EXPECT_EQ(take(5, no_foreign), (std::vector<uint64_t>{0, 1, 2, 3, 4}));
	ASSERT_NE(p->dqrr_current(), nullptr);
	EXPECT_EQ(fd_seq(p->dqrr_current()->fd), 5u);
	EXPECT_TRUE(take(0, no_foreign).empty());
	EXPECT_EQ(take(32, no_foreign), (std::vector<uint64_t>{5, 6, 7, 8, 9, 10, 11}));
}
