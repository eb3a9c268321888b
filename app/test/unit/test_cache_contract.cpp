/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The CE cache contract (dpaa_hw/portal_access.hpp), checked: the core
// writes a ring entry or a command in its cache, and the portal sees it
// only once the core writes the line back. The portal drivers here build
// with kChecking, and a stepped model tracks every CE line
// (Soc::check_cache_contract): each case runs a driver operation as the
// tree has it, which the model must accept, then with one flush_line()
// skipped, as if that flush were removed from the driver, which the model
// must count (PortalFaults::unflushed_entry).

#include "qbman_test_support.hpp"

using namespace dpaa::test;

namespace
{

static_assert(hw::kChecking, "the unit tests' portal drivers build with DPAA_CHECKING");

constexpr uint32_t kFqid = 0x100;
constexpr uint8_t kBpid = 7;

class CacheContract : public ::testing::Test
{
protected:
	void SetUp() override
	{
		dpaa::qbman::FqInit p;
		p.dest = hw::Channel{qm::channel::kPool1};
		p.schedule = false; // the frames stay in the FQ
		ASSERT_EQ(q->init_fq(hw::Fqid{kFqid}, p), 0);
		ASSERT_EQ(unflushed(), 0u);
	}
	void TearDown() override { hw::ce_flushes_to_skip = 0; }
	uint64_t unflushed() const { return soc.faults().unflushed_entry; }

	Soc soc;
	std::unique_ptr<QmanPortal> q = make_qman_portal(soc, 0, true);
	std::unique_ptr<BmanPortal> b = make_bman_portal(soc, 0, true);
};

TEST_F(CacheContract, EnqueueWithoutItsFlushIsCounted)
{
	ASSERT_EQ(q->enqueue(hw::Fqid{kFqid}, seq_fd(1)), 0);
	soc.step();
	EXPECT_EQ(unflushed(), 0u) << "the tree's enqueue writes its EQCR entry back";

	hw::ce_flushes_to_skip = 1;
	ASSERT_EQ(q->enqueue(hw::Fqid{kFqid}, seq_fd(2)), 0);
	soc.step();
	EXPECT_EQ(hw::ce_flushes_to_skip, 0u) << "the enqueue flushes once";
	EXPECT_EQ(unflushed(), 1u) << "an EQCR entry left in the core's cache";

	// The next entry, flushed again, is fine.
	ASSERT_EQ(q->enqueue(hw::Fqid{kFqid}, seq_fd(3)), 0);
	soc.step();
	EXPECT_EQ(unflushed(), 1u);
}

TEST_F(CacheContract, ManagementCommandWithoutItsFlushIsCounted)
{
	dpaa::qbman::FqNp np;
	ASSERT_EQ(q->query_fq_np(hw::Fqid{kFqid}, np), 0);
	EXPECT_EQ(unflushed(), 0u);
	hw::ce_flushes_to_skip = 1;
	ASSERT_EQ(q->query_fq_np(hw::Fqid{kFqid}, np), 0);
	EXPECT_EQ(unflushed(), 1u) << "a command left in the core's cache";
}

TEST_F(CacheContract, BmanReleaseWithoutItsFlushIsCounted)
{
	const uint64_t bufs[2] = {0x1000, 0x2000};
	ASSERT_EQ(b->release(hw::Bpid{kBpid}, std::span(bufs, 1)), 0);
	soc.step();
	EXPECT_EQ(unflushed(), 0u);
	hw::ce_flushes_to_skip = 1;
	ASSERT_EQ(b->release(hw::Bpid{kBpid}, std::span(bufs + 1, 1)), 0);
	soc.step();
	EXPECT_EQ(unflushed(), 1u) << "an RCR entry left in the core's cache";
}

// Without a tracking model (a threaded one, or a board), nothing is
// counted and nothing is reported.
TEST(CacheContractOff, UntrackedPortalsCountNothing)
{
	Soc soc;
	auto q = make_qman_portal(soc, 1, false);
	EXPECT_EQ(hw::ce_observer.arg, nullptr);
	hw::ce_flushes_to_skip = 1;
	dpaa::qbman::FqInit p;
	p.dest = hw::Channel{qm::channel::kPool1};
	p.schedule = false;
	q->set_wait_hook({step_model, &soc});
	ASSERT_EQ(q->init_fq(hw::Fqid{kFqid}, p), 0);
	hw::ce_flushes_to_skip = 0;
	EXPECT_EQ(soc.faults().unflushed_entry, 0u);
}

} // namespace
