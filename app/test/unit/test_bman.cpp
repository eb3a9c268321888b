/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BMan portal driver against the model: release/acquire, counts, order,
// depletion, BPID allocation, in both run modes.

#include <chrono>
#include <thread>
#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;

namespace
{

class BmanStepped : public ::testing::Test
{
protected:
	void SetUp() override { p = make_bman_portal(soc, 0, true); }
	void TearDown() override { expect_no_faults(soc); }

	void release_all(hw::Bpid bpid, std::span<const uint64_t> bufs)
	{
		size_t done = 0;
		while (done < bufs.size()) {
			const size_t n = std::min<size_t>(8, bufs.size() - done);
			const int rc = p->release(bpid, bufs.subspan(done, n));
			if (rc == -EBUSY) {
				soc.step();
				continue;
			}
			ASSERT_EQ(rc, 0);
			done += n;
		}
		soc.run_until_idle();
	}

	bool depleted(hw::Bpid b)
	{
		uint64_t avail = 0, depl = 0;
		EXPECT_EQ(p->query(avail, depl), 0);
		return depl & (uint64_t{1} << b.value);
	}

	Soc soc;
	std::unique_ptr<BmanPortal> p;
};

} // namespace

TEST_F(BmanStepped, ReleaseAcquireRoundTripOfAMillionBuffers)
{
	const hw::Bpid bpid{0};
	constexpr uint64_t kBufs = 1'000'000;
	std::vector<uint64_t> bufs(kBufs);
	for (uint64_t i = 0; i < kBufs; i++)
		bufs[i] = 0xab'0000'0000ull + i * 2048; // 48-bit bus addresses
	release_all(bpid, bufs);
	ASSERT_EQ(p->free_count(bpid), int64_t(kBufs));

	std::vector<uint8_t> seen(kBufs, 0);
	uint64_t got = 0;
	uint64_t out[8];
	while (got < kBufs) {
		const int n = p->acquire(bpid, std::span(out, 8));
		ASSERT_EQ(n, 8);
		for (int i = 0; i < n; i++) {
			const uint64_t idx = (out[i] - 0xab'0000'0000ull) / 2048;
			ASSERT_LT(idx, kBufs);
			ASSERT_EQ(seen[idx], 0) << "duplicate buffer";
			seen[idx] = 1;
		}
		got += n;
	}
	EXPECT_EQ(got, kBufs);
	EXPECT_EQ(p->free_count(bpid), 0);
	EXPECT_EQ(p->acquire(bpid, std::span(out, 1)), 0);
}

TEST_F(BmanStepped, AcquireMoreThanAvailableReturnsNothing)
{
	const hw::Bpid bpid{5};
	const std::vector<uint64_t> bufs{0x1000, 0x2000, 0x3000, 0x4000, 0x5000};
	release_all(bpid, bufs);
	uint64_t out[8] = {};
	EXPECT_EQ(p->acquire(bpid, std::span(out, 8)), 0);
	EXPECT_EQ(p->free_count(bpid), 5);
	EXPECT_EQ(p->acquire(bpid, std::span(out, 5)), 5);
	EXPECT_EQ(p->free_count(bpid), 0);
	EXPECT_EQ(p->acquire(bpid, std::span(out, 0)), -EINVAL);
	EXPECT_EQ(p->release(hw::Bpid{64}, std::span(bufs).first(1)), -EINVAL);
}

TEST_F(BmanStepped, FifoByDefaultLifoOnRequest)
{
	const std::vector<uint64_t> bufs{0x100, 0x200, 0x300};
	release_all(hw::Bpid{1}, bufs);
	soc.bman().set_order(2, dpaa::model::PoolOrder::lifo);
	release_all(hw::Bpid{2}, bufs);
	uint64_t out[3];
	ASSERT_EQ(p->acquire(hw::Bpid{1}, std::span(out, 3)), 3);
	EXPECT_EQ(out[0], 0x100u);
	EXPECT_EQ(out[2], 0x300u);
	ASSERT_EQ(p->acquire(hw::Bpid{2}, std::span(out, 3)), 3);
	EXPECT_EQ(out[0], 0x300u);
	EXPECT_EQ(out[2], 0x100u);
}

TEST_F(BmanStepped, ReleaseEntriesPackEightAddressesOf48Bits)
{
	std::vector<uint64_t> bufs;
	for (uint64_t i = 0; i < 8; i++)
		bufs.push_back(0xfedc'ba98'7600ull + i);
	ASSERT_EQ(p->release(hw::Bpid{9}, bufs), 0);
	const auto *rcr = hw::area_at<const bm::RcrEntry>(soc.bman_portal(0).ce(), bm::ce::kRcr);
	EXPECT_EQ(rcr[0].verb(), hw::kVbit | bm::rcr_verb::kCmdBpidSingle | 8);
	EXPECT_EQ(rcr[0].bpid(), 9);
	EXPECT_EQ(rcr[0].bufs[7].addr(), 0xfedc'ba98'7607ull);
	soc.run_until_idle();
	EXPECT_EQ(soc.bman().free_count(9), 8u);
}

// A driver that posts a management command through the emulated kernel
// finds it answered at its first read of the response, as silicon's BMan
// answers within well under a microsecond: BmanSwPortal::serve_mc when the
// command's verb is stored (usdpaa_emu's portal views), with no model step.
TEST_F(BmanStepped, ServeMcAnswersAnAcquireWithoutAStep)
{
	const std::vector<uint64_t> bufs{0x1000, 0x2000, 0x3000};
	release_all(hw::Bpid{5}, bufs);
	auto &bp = soc.bman_portal(0);
	EXPECT_FALSE(bp.serve_mc()) << "nothing posted";
	auto *cr = hw::area_at<bm::McCommand>(bp.ce(), bm::ce::kCr);
	cr->bpid = 5;
	hw::store_verb(cr,
		       static_cast<uint8_t>(bm::mcc_verb::kVbit | bm::mcc_verb::kCmdAcquire | 2));
	EXPECT_TRUE(bp.serve_mc());
	EXPECT_EQ(soc.bman().free_count(5), 1u);
	// The response is in the one of the two response lines with a verb.
	const auto *rr0 = hw::area_at<const bm::McrAcquire>(bp.ce(), bm::ce::kRr0);
	const auto *rr1 = hw::area_at<const bm::McrAcquire>(bp.ce(), bm::ce::kRr1);
	const bm::McrAcquire *rr = rr0->verb() != 0 ? rr0 : rr1;
	EXPECT_EQ(rr->verb() & bm::mcc_verb::kCmdMask, bm::mcc_verb::kCmdAcquire);
	ASSERT_EQ(rr->count(), 2u);
	EXPECT_EQ(rr->bufs[0].addr(), 0x1000u);
	EXPECT_EQ(rr->bufs[1].addr(), 0x2000u);
	EXPECT_FALSE(bp.serve_mc()) << "answered once";
}

// A driver that reads RCR_CI through the emulated kernel finds its releases
// taken, as silicon's BMan takes them at once: BmanSwPortal::drain_rcr on the
// reading thread (usdpaa_emu's portal views), with no model step.
TEST_F(BmanStepped, DrainTakesTheReleaseRingWithoutAStep)
{
	auto &bp = soc.bman_portal(0);
	EXPECT_FALSE(bp.drain_rcr()) << "an empty ring";
	const uint64_t bufs[3] = {0x1000, 0x2000, 0x3000};
	for (unsigned i = 0; i < 3; i++)
		ASSERT_EQ(p->release(hw::Bpid{5}, std::span(bufs + i, 1)), 0);
	EXPECT_EQ(soc.bman().free_count(5), 0u);
	EXPECT_TRUE(bp.drain_rcr());
	EXPECT_EQ(soc.bman().free_count(5), 3u);
	EXPECT_EQ(hw::reg_read(bp.ci(), bm::ci::kRcrCi) & (bm::kRcrSize - 1), 3u);
	EXPECT_EQ(hw::reg_read(bp.ce(), bm::ce::kRcrCi) & (bm::kRcrSize - 1), 3u);
	EXPECT_FALSE(bp.drain_rcr()) << "taken once";
	// A portal no driver configured is left alone.
	EXPECT_FALSE(soc.bman_portal(5).drain_rcr());
	soc.run_until_idle();
	EXPECT_EQ(soc.bman().free_count(5), 3u);
}

TEST_F(BmanStepped, DepletionEntryAndExitWithHysteresis)
{
	const hw::Bpid bpid{7};
	ASSERT_EQ(p->set_depletion_thresholds(bpid, 10, 20), 0);
	EXPECT_TRUE(depleted(bpid)); // an empty pool is below its entry threshold
	std::vector<uint64_t> bufs;
	for (uint64_t i = 0; i < 30; i++)
		bufs.push_back(0x1000 * (i + 1));
	release_all(bpid, std::span(bufs).first(20));
	EXPECT_TRUE(depleted(bpid)); // 20 is not above the exit threshold
	release_all(bpid, std::span(bufs).subspan(20, 1));
	EXPECT_FALSE(depleted(bpid)); // 21
	uint64_t out[8];
	ASSERT_EQ(p->acquire(bpid, std::span(out, 8)), 8); // 13
	ASSERT_EQ(p->acquire(bpid, std::span(out, 3)), 3); // 10: not below 10
	EXPECT_FALSE(depleted(bpid));
	ASSERT_EQ(p->acquire(bpid, std::span(out, 1)), 1); // 9
	EXPECT_TRUE(depleted(bpid));
	EXPECT_EQ(soc.bman().depletion_entries(7), 2u);
	uint64_t avail = 0, depl = 0;
	ASSERT_EQ(p->query(avail, depl), 0);
	EXPECT_EQ(avail, uint64_t{1} << 7);
	// Thresholds are readable back through the CCSR window.
	EXPECT_EQ(bm::ccsr::thresh::value(soc.bman().ccsr().read32(bm::ccsr::pool_swdet(7))), 10u);
	EXPECT_EQ(bm::ccsr::thresh::value(soc.bman().ccsr().read32(bm::ccsr::pool_swdxt(7))), 20u);
}

// The release command of a block (FMan's Tx port frees buffers so): its
// buffers join the pool in order, 48 bits each, and the depletion state is
// looked at once for the command.
TEST_F(BmanStepped, ReleaseCommandOfABlockAddsItsBuffersInOrder)
{
	const hw::Bpid bpid{7};
	ASSERT_EQ(p->set_depletion_thresholds(bpid, 10, 20), 0);
	auto &bman = soc.bman();
	std::vector<uint64_t> bufs;
	for (uint64_t i = 0; i < 24; i++)
		bufs.push_back(0xabcd'0000'0000'0000ull | (0x1000 * (i + 1)));
	for (unsigned done = 0; done < 24; done += 8) {
		ASSERT_TRUE(bman.release(7, bufs.data() + done, 8));
		EXPECT_EQ(bman.free_count(7), done + 8);
		EXPECT_EQ(depleted(bpid), done + 8 <= 20) << done; // exits above 20
	}
	EXPECT_EQ(bman.depletion_entries(7), 1u);	// entered once, empty
	EXPECT_FALSE(bman.release(64, bufs.data(), 8)); // no such pool
	uint64_t out[8];
	for (unsigned done = 0; done < 24; done += 8) {
		ASSERT_EQ(p->acquire(bpid, std::span(out, 8)), 8);
		for (unsigned i = 0; i < 8; i++)
			EXPECT_EQ(out[i], bufs[done + i] & hw::bm::kAddrMask48) << done + i;
	}
	EXPECT_EQ(bman.free_count(7), 0u);
}

// The CCSR window is the device tree's 0x10000 bytes: offsets the block does
// not define read 0; a write to one is misuse, counted.
TEST_F(BmanStepped, CcsrWindowReadsZeroWhereTheBlockDefinesNothing)
{
	auto &w = soc.bman().ccsr();
	EXPECT_EQ(bm::ccsr::kWindowSize, 0x10000u);
	for (uint32_t off : {0x0f00u, 0x1000u, 0x8000u, 0xfffcu})
		EXPECT_EQ(w.read32(off), 0u) << std::hex << off;
	EXPECT_EQ(soc.faults().bad_ccsr_write, 0u);
}

TEST(BmanCcsr, WritesOutsideTheBlocksRegistersAreMisuse)
{
	Soc soc;
	auto &w = soc.bman().ccsr();
	w.write32(0x1000, 1);  // beyond the last register, inside the window
	w.write32(0xfffc, 1);  // last word of the window
	w.write32(0x10000, 1); // outside the window
	w.write32(0x0a40, 1);  // between SBEC and IP_REV: reserved
	EXPECT_EQ(soc.faults().bad_ccsr_write, 4u);
	// Registers the block has but the model does not implement: ignored,
	// not misuse.
	const uint64_t before = soc.faults().bad_ccsr_write;
	for (uint32_t off : {bm::ccsr::kFbprFpc, bm::ccsr::kEcsr, bm::ccsr::kFbprBar,
			     bm::ccsr::kLiodnr, bm::ccsr::kErrIsr + 4})
		w.write32(off, 0x5a5a);
	EXPECT_EQ(soc.faults().bad_ccsr_write, before);
	// POOL_CONTENT is read-only: the write does not change the count.
	w.write32(bm::ccsr::pool_content(3), 99);
	EXPECT_EQ(w.read32(bm::ccsr::pool_content(3)), 0u);
	EXPECT_EQ(soc.faults().bad_ccsr_write, before);
}

// Drains on the driver's thread against the model's own polls: every
// release taken once, none lost.
TEST(BmanThreaded, DrainsRaceTheModelsThreadWithoutLoss)
{
	Soc soc;
	ASSERT_EQ(soc.start_thread(), 0);
	auto p = make_bman_portal(soc, 1, false);
	auto &bp = soc.bman_portal(1);
	constexpr uint64_t kBufs = 20000;
	for (uint64_t i = 0; i < kBufs; i++) {
		const uint64_t b = (i + 1) * 64;
		while (p->release(hw::Bpid{13}, std::span(&b, 1)) == -EBUSY)
			bp.drain_rcr();
	}
	while (soc.bman().free_count(13) < kBufs && bp.drain_rcr())
		;
	for (int i = 0; i < 1000 && soc.bman().free_count(13) < kBufs; i++)
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	EXPECT_EQ(soc.bman().free_count(13), kBufs);
	soc.stop_thread();
	expect_no_faults(soc);
}

TEST(BmanThreaded, RoundTripWithTheModelOnItsThread)
{
	Soc soc;
	ASSERT_EQ(soc.start_thread(), 0);
	auto p = make_bman_portal(soc, 1, false);
	const hw::Bpid bpid{12};
	constexpr uint64_t kBufs = 20000;
	for (uint64_t i = 0; i < kBufs; i += 4) {
		const uint64_t b[4] = {i * 64, (i + 1) * 64, (i + 2) * 64, (i + 3) * 64};
		while (p->release(bpid, b) == -EBUSY)
			std::this_thread::yield();
	}
	uint64_t got = 0, sum = 0;
	uint64_t out[8];
	while (got < kBufs) {
		const int n = p->acquire(bpid, std::span(out, 8));
		ASSERT_GE(n, 0);
		for (int i = 0; i < n; i++)
			sum += out[i] / 64;
		got += n;
	}
	EXPECT_EQ(got, kBufs);
	EXPECT_EQ(sum, kBufs * (kBufs - 1) / 2);
	EXPECT_EQ(p->free_count(bpid), 0);
	soc.stop_thread();
	expect_no_faults(soc);
}
