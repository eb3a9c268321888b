/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// DQRR discrete consumption (QCSP_CFG::DCM = CDC) through QCSP_DQRR_DCAP's
// bitmask form (S=1, entry i at bit 31-i), written the way upstream DPDK's
// push-mode poll writes it: once per poll, with an empty mask when the poll
// found nothing. The portal driver reads the entries; the test writes DCAP
// itself, as a driver using the bitmask form would.

#include <vector>

#include "dpaa_hw/portal_access.hpp"
#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::DqrrConsume;
using dpaa::qbman::FqInit;

namespace
{

constexpr unsigned kPortal = 2;
constexpr uint32_t kFqid = 0x2a0;

class QmanDcap : public ::testing::Test
{
protected:
	// How the portal's entries are consumed (QCSP_CFG::DCM).
	virtual DqrrConsume mode() const { return DqrrConsume::dcap; }

	void SetUp() override
	{
		p = make_qman_portal(soc, kPortal, true, mode());
		FqInit f;
		f.dest = p->channel();
		f.wq = 2;
		ASSERT_EQ(p->init_fq(hw::Fqid{kFqid}, f), 0);
		p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	}

	void enqueue(unsigned n)
	{
		for (unsigned i = 0; i < n; i++) {
			while (p->enqueue(hw::Fqid{kFqid}, seq_fd(next_in)) != 0)
				soc.step();
			next_in++;
		}
		soc.run_until_idle();
	}

	// Read up to 'max' DQRR entries without consuming them; returns their
	// sequence numbers. Entry k of the test (counting from 0) is in slot k % 16.
	std::vector<uint64_t> take(unsigned max)
	{
		std::vector<uint64_t> got;
		while (got.size() < max) {
			const qm::DqrrEntry *e = p->dqrr_current();
			if (e == nullptr)
				break;
			got.push_back(fd_seq(e->fd));
			p->dqrr_next();
		}
		return got;
	}

	// The bitmask naming DQRR slots [first, first + n).
	static uint32_t mask_of(unsigned first, unsigned n)
	{
		uint32_t m = 0;
		for (unsigned i = 0; i < n; i++)
			m |= qm::dcap::mask_bit((first + i) % qm::kDqrrSize);
		return m;
	}

	void write_dcap_mask(uint32_t mask)
	{
		hw::reg_write(soc.qman_portal(kPortal).ci(), qm::ci::kDqrrDcap,
			      qm::dcap::kS | mask);
	}

	uint32_t dqrr_ci()
	{
		return hw::reg_read(soc.qman_portal(kPortal).ci(), qm::ci::kDqrrCi) &
		       (qm::kDqrrSize - 1);
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p;
	uint64_t next_in = 0;
};

// The same portal consuming by DQRR_CI (QCSP_CFG::DCM = CCI), as ours does.
class QmanDqrrCi : public QmanDcap
{
protected:
	DqrrConsume mode() const override { return DqrrConsume::ci_register; }
};

} // namespace

TEST_F(QmanDcap, MaskBitOfEntryIsBit31MinusIndex)
{
	EXPECT_EQ(qm::dcap::mask_bit(0), 0x80000000u);
	EXPECT_EQ(qm::dcap::mask_bit(15), 0x00010000u);
	EXPECT_EQ(mask_of(0, 16), 0xffff0000u);
}

TEST_F(QmanDcap, MaskConsumesTheEntriesItNames)
{
	enqueue(40);
	auto got = take(16);
	ASSERT_EQ(got.size(), 15u); // DQRR max fill
	write_dcap_mask(mask_of(0, 4));
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 4u);
	// Four slots freed: four more frames produced, in order.
	got = take(16);
	ASSERT_EQ(got.size(), 4u);
	for (unsigned i = 0; i < 4; i++)
		EXPECT_EQ(got[i], 15u + i);
	expect_no_faults(soc);
}

// Through the emulated kernel a DCAP store is trapped, posted and followed
// by refill_dqrr: by the driver's next poll the consumption is taken and
// the DQRR refilled, with no model step, as silicon's QMan would have.
TEST_F(QmanDcap, APostedMaskRefillsTheDqrrWithoutAStep)
{
	enqueue(40);
	ASSERT_EQ(take(16).size(), 15u);
	auto &mp = soc.qman_portal(kPortal);
	mp.post_dcap(qm::dcap::kS | mask_of(0, 15));
	mp.refill_dqrr();
	EXPECT_EQ(dqrr_ci(), 15u);
	const auto got = take(16);
	ASSERT_EQ(got.size(), 15u);
	for (unsigned i = 0; i < 15; i++)
		EXPECT_EQ(got[i], 15u + i);
	// An empty mask, as upstream's poll writes when it found nothing:
	// nothing consumed, nothing produced.
	mp.post_dcap(qm::dcap::kS);
	mp.refill_dqrr();
	EXPECT_EQ(dqrr_ci(), 15u);
	EXPECT_EQ(take(16).size(), 0u);
	expect_no_faults(soc);
}

// A trapped DQRR_CI store likewise.
TEST_F(QmanDqrrCi, AStoredConsumerIndexRefillsTheDqrrWithoutAStep)
{
	enqueue(40);
	ASSERT_EQ(take(16).size(), 15u);
	auto &mp = soc.qman_portal(kPortal);
	hw::reg_write(mp.ci(), qm::ci::kDqrrCi, 15);
	mp.refill_dqrr();
	const auto got = take(16);
	ASSERT_EQ(got.size(), 15u);
	for (unsigned i = 0; i < 15; i++)
		EXPECT_EQ(got[i], 15u + i);
	// The same index again: nothing consumed, nothing produced.
	mp.refill_dqrr();
	EXPECT_EQ(take(16).size(), 0u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, EmptyMaskConsumesNothing)
{
	enqueue(20);
	ASSERT_EQ(take(16).size(), 15u);
	write_dcap_mask(0);
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 0u);
	EXPECT_EQ(take(16).size(), 0u); // the ring is still full
	expect_no_faults(soc);
}

TEST_F(QmanDcap, UpstreamStylePollsDeliverEveryFrameInOrder)
{
	// Each poll takes what is there (at most 5), writes one mask naming it,
	// and every other poll finds nothing and writes an empty mask.
	constexpr unsigned kFrames = 1000;
	uint64_t next_out = 0;
	unsigned slot = 0;
	while (next_out < kFrames) {
		if (next_in < kFrames)
			enqueue(std::min<uint64_t>(7, kFrames - next_in));
		const auto got = take(5);
		for (const uint64_t s : got)
			ASSERT_EQ(s, next_out++);
		write_dcap_mask(mask_of(slot, static_cast<unsigned>(got.size())));
		slot = (slot + static_cast<unsigned>(got.size())) % qm::kDqrrSize;
		soc.run_until_idle();
		write_dcap_mask(0);
		soc.run_until_idle();
	}
	EXPECT_EQ(next_out, kFrames);
	EXPECT_EQ(take(16).size(), 0u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, TwoMasksWrittenBeforeTheModelPollsMergeInOrder)
{
	enqueue(30);
	ASSERT_EQ(take(8).size(), 8u);
	// DCAP is polled memory: the second write overwrites the first before
	// the model reads it. Taken in ring order, the later mask completes the
	// earlier one.
	write_dcap_mask(mask_of(0, 4));
	write_dcap_mask(mask_of(4, 4));
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 8u);
	const auto got = take(16);
	ASSERT_EQ(got.size(), 15u);
	EXPECT_EQ(got.front(), 8u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, EmptyMaskOverwritingAPendingOneDelaysItToTheNextMask)
{
	enqueue(30);
	ASSERT_EQ(take(6).size(), 6u);
	write_dcap_mask(mask_of(0, 4));
	write_dcap_mask(0); // overwrites the pending mask
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 0u);
	write_dcap_mask(mask_of(4, 2));
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 6u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, PostedWritesAreTakenOneByOne)
{
	enqueue(30);
	ASSERT_EQ(take(6).size(), 6u);
	auto &mp = soc.qman_portal(kPortal);
	mp.post_dcap(qm::dcap::kS | mask_of(0, 4));
	mp.post_dcap(qm::dcap::kS); // empty: loses nothing when posted
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 4u);
	mp.post_dcap(qm::dcap::kS | mask_of(4, 1));
	mp.post_dcap(qm::dcap::kS | mask_of(5, 1));
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 6u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, FullMaskFreesTheWholeRing)
{
	enqueue(45);
	for (unsigned lap = 0; lap < 3; lap++) {
		const auto got = take(16);
		ASSERT_EQ(got.size(), 15u) << lap;
		EXPECT_EQ(got.front(), 15u * lap);
		write_dcap_mask(mask_of((15 * lap) % qm::kDqrrSize, 15));
		soc.run_until_idle();
		EXPECT_EQ(dqrr_ci(), (15 * (lap + 1)) % qm::kDqrrSize);
	}
	EXPECT_EQ(take(16).size(), 0u);
	expect_no_faults(soc);
}

TEST_F(QmanDcap, MaskNamingAnEntryNotProducedIsMisuse)
{
	enqueue(3);
	ASSERT_EQ(take(16).size(), 3u);
	write_dcap_mask(mask_of(0, 3) | qm::dcap::mask_bit(9));
	soc.run_until_idle();
	EXPECT_EQ(soc.faults().bad_consume, 1u);
	EXPECT_EQ(dqrr_ci(), 3u); // the entries it named that were there are consumed
}

TEST_F(QmanDcap, SingleEntryFormStillConsumesUpToTheIndex)
{
	enqueue(20);
	ASSERT_EQ(take(16).size(), 15u);
	hw::reg_write(soc.qman_portal(kPortal).ci(), qm::ci::kDqrrDcap, 9u);
	soc.run_until_idle();
	EXPECT_EQ(dqrr_ci(), 10u);
	EXPECT_EQ(take(16).size(), 5u);
	expect_no_faults(soc);
}
