/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan congestion groups on the stepped model: INITCGR, MODIFYCGR, QUERYCGR
// and QUERYCONGESTION through the portal driver; FQs with CGE counting into
// their group, congestion-state tail drop (CSTD) reported as ERNs with rc
// CGR_TAILDROP, and CSCN raising QCSP_ISR::CSCI on the target portal.

#include <cstring>
#include <vector>

#include "dpaa_hw/qman_cgr.hpp"
#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::CgrInit;
using dpaa::qbman::CgrState;
using dpaa::qbman::FqInit;
using dpaa::qbman::FqNp;

namespace
{

constexpr uint8_t kCgid = 37; // word 1, bit 31 - 5 of QUERYCONGESTION's state
constexpr uint32_t kFqid = 0x600;

class QmanCgr : public ::testing::Test
{
protected:
	void SetUp() override
	{
		p0 = make_qman_portal(soc, 0, true);
		p1 = make_qman_portal(soc, 1, true);
	}
	void TearDown() override { expect_no_faults(soc); }

	// A parked FQ counting into kCgid: frames stay until pulled.
	void parked_fq(uint32_t fqid = kFqid, int16_t cgid = kCgid)
	{
		FqInit f;
		f.dest = p0->channel();
		f.cgid = cgid;
		f.schedule = false;
		ASSERT_EQ(p0->init_fq(hw::Fqid{fqid}, f), 0);
	}

	// Enqueue n frames of 'len' bytes; returns the ERNs that came back.
	std::vector<qm::MrEntry> enqueue(unsigned n, uint32_t len = 64, uint32_t fqid = kFqid)
	{
		std::vector<qm::MrEntry> erns;
		for (unsigned i = 0; i < n; i++) {
			while (p0->enqueue(hw::Fqid{fqid}, seq_fd(i, len)) != 0)
				soc.step();
			soc.run_until_idle();
		}
		// The MR holds 7 messages; the rest come as software consumes.
		for (;;) {
			soc.run_until_idle();
			if (p0->poll_mr([&](const qm::MrEntry &e) { erns.push_back(e); }) == 0)
				break;
		}
		return erns;
	}

	// Pull n frames off the FQ with a volatile dequeue.
	unsigned pull(unsigned n, uint32_t fqid = kFqid)
	{
		EXPECT_EQ(p0->volatile_dequeue(hw::Fqid{fqid}, n, true), 0);
		unsigned got = 0;
		for (unsigned i = 0; i < 100 && p0->vdqcr_busy(); i++) {
			soc.step();
			p0->poll_dqrr(16, [&](const qm::DqrrEntry &e) { got += e.has_frame(); });
		}
		return got;
	}

	CgrState query(uint8_t cgid = kCgid)
	{
		CgrState s;
		EXPECT_EQ(p0->query_cgr(cgid, s), 0);
		return s;
	}

	bool congested_bit(uint8_t cgid = kCgid)
	{
		uint32_t st[8];
		EXPECT_EQ(p0->query_congestion(st), 0);
		return st[cgid / 32] & (0x80000000u >> (cgid % 32));
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p0, p1;
};

} // namespace

TEST_F(QmanCgr, CsThresholdIsMantissaShiftedByExponent)
{
	EXPECT_EQ(qm::cs_thres::value(0x1fff), 0xffull << 31);
	EXPECT_EQ(qm::cs_thres::value((0x80 << 5) | 3), 1024u);
	EXPECT_EQ(qm::cs_thres::encode_down(1024), (0x80 << 5) | 3);
	// Rounded down: a bound is never exceeded.
	EXPECT_EQ(qm::cs_thres::value(qm::cs_thres::encode_down(1023)), 1020u);
	EXPECT_EQ(qm::cs_thres::value(qm::cs_thres::encode_down(255)), 255u);
}

TEST_F(QmanCgr, InitCgrThenQueryCgrReadsTheFieldsBack)
{
	CgrInit c;
	c.threshold = 100;
	c.notify_me = true;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	const CgrState s = query();
	EXPECT_EQ(s.threshold, 100u);
	EXPECT_TRUE(s.frame_mode);
	EXPECT_TRUE(s.tail_drop);
	EXPECT_TRUE(s.notifies_me);
	EXPECT_FALSE(s.congested);
	EXPECT_EQ(s.count, 0u);
	// Another CGR was not touched.
	const CgrState other = query(kCgid + 1);
	EXPECT_EQ(other.threshold, 0u);
	EXPECT_FALSE(other.tail_drop);
}

TEST_F(QmanCgr, FrameModeCountsTheFramesItsFqsHold)
{
	CgrInit c;
	c.threshold = 1000;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	EXPECT_TRUE(enqueue(10).empty());
	EXPECT_EQ(query().count, 10u);
	EXPECT_EQ(pull(4), 4u);
	EXPECT_EQ(query().count, 6u);
	EXPECT_EQ(pull(6), 6u);
	EXPECT_EQ(query().count, 0u);
}

TEST_F(QmanCgr, ByteModeCountsBytes)
{
	CgrInit c;
	c.threshold = 100000;
	c.frame_mode = false;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	EXPECT_TRUE(enqueue(3, 500).empty());
	EXPECT_EQ(query().count, 1500u);
	EXPECT_FALSE(query().frame_mode);
}

TEST_F(QmanCgr, FqWithoutCgeCountsNothing)
{
	CgrInit c;
	c.threshold = 2;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq(kFqid, -1);
	EXPECT_TRUE(enqueue(10).empty());
	EXPECT_EQ(query().count, 0u);
	pull(10);
}

TEST_F(QmanCgr, CongestedGroupTailDropsWithCgrTaildropErns)
{
	CgrInit c;
	c.threshold = 8;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	const auto erns = enqueue(20);
	// Congested once the count exceeds 8: the ninth frame enters, the rest
	// are rejected.
	FqNp np;
	ASSERT_EQ(p0->query_fq_np(hw::Fqid{kFqid}, np), 0);
	EXPECT_EQ(np.frames, 9u);
	ASSERT_EQ(erns.size(), 11u);
	for (unsigned i = 0; i < erns.size(); i++) {
		EXPECT_TRUE(qm::mr_verb::is_sw_ern(erns[i].verb));
		EXPECT_EQ(erns[i].rc & qm::mr_rc::kMask, qm::mr_rc::kCgrTaildrop);
		EXPECT_EQ(erns[i].fqid(), kFqid);
		EXPECT_EQ(fd_seq(erns[i].fd), 9u + i); // the rejected frames themselves
	}
	EXPECT_TRUE(query().congested);
	EXPECT_TRUE(congested_bit());
	EXPECT_EQ(soc.qman().cgr(kCgid).taildrops, 11u);
	// Below the threshold again: frames enter.
	EXPECT_EQ(pull(9), 9u);
	EXPECT_FALSE(query().congested);
	EXPECT_FALSE(congested_bit());
	EXPECT_TRUE(enqueue(3).empty());
	pull(3);
}

TEST_F(QmanCgr, WithoutCstdACongestedGroupStillTakesFrames)
{
	CgrInit c;
	c.threshold = 4;
	c.tail_drop = false;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	EXPECT_TRUE(enqueue(10).empty());
	EXPECT_TRUE(query().congested);
	EXPECT_EQ(query().count, 10u);
	pull(10);
}

TEST_F(QmanCgr, CscnRaisesCsciOnTheTargetPortalOnEntryAndExit)
{
	CgrInit c;
	c.threshold = 4;
	c.notify_me = true;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	EXPECT_EQ(p0->isr() & qm::irq::kCsci, 0u);
	enqueue(4);
	EXPECT_EQ(p0->isr() & qm::irq::kCsci, 0u); // 4 does not exceed 4
	enqueue(1);
	EXPECT_NE(p0->isr() & qm::irq::kCsci, 0u);
	EXPECT_EQ(p1->isr() & qm::irq::kCsci, 0u) << "not a target";
	// Software clears CSCI and reads the state, as on the interrupt.
	p0->isr_clear(qm::irq::kCsci);
	EXPECT_TRUE(congested_bit());
	soc.run_until_idle();
	EXPECT_EQ(p0->isr() & qm::irq::kCsci, 0u);
	// Leaving congestion is a change too.
	EXPECT_EQ(pull(2), 2u);
	EXPECT_NE(p0->isr() & qm::irq::kCsci, 0u);
	EXPECT_FALSE(congested_bit());
	soc.run_until_idle();
	EXPECT_EQ(p0->isr() & qm::irq::kCsci, 0u);
	pull(3);
}

TEST_F(QmanCgr, WithoutCscnNoPortalIsTold)
{
	CgrInit c;
	c.threshold = 1;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	enqueue(2);
	EXPECT_TRUE(query().congested);
	EXPECT_EQ(p0->isr() & qm::irq::kCsci, 0u);
	pull(2);
}

TEST_F(QmanCgr, ModifyCgrWritesOnlyTheEnabledFields)
{
	CgrInit c;
	c.threshold = 64;
	c.notify_me = true;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	ASSERT_EQ(p0->set_cgr_threshold(kCgid, 512), 0);
	CgrState s = query();
	EXPECT_EQ(s.threshold, 512u);
	EXPECT_TRUE(s.tail_drop);
	EXPECT_TRUE(s.frame_mode);
	EXPECT_TRUE(s.notifies_me);
	// A MODIFYCGR whose write-enable mask is empty changes nothing, whatever
	// the fields hold (upstream DPDK's Rx queue setup issues one).
	qm::McInitCgr cmd{};
	cmd.verb = qm::mcc_verb_cgr::kModifyCgr;
	cmd.we_mask.store(0);
	cmd.cgr.cs_thres.store(qm::cs_thres::encode_down(16));
	cmd.cgid = kCgid;
	qm::McResult res{};
	soc.qman().execute(0, reinterpret_cast<const qm::McCommand &>(cmd), res);
	EXPECT_EQ(res.result, qm::mcr_result::kOk);
	EXPECT_EQ(query().threshold, 512u);
}

TEST_F(QmanCgr, InitCgrResetsWhatItDoesNotWrite)
{
	CgrInit c;
	c.threshold = 64;
	c.notify_me = true;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	qm::McInitCgr cmd{};
	cmd.verb = qm::mcc_verb_cgr::kInitCgr;
	cmd.we_mask.store(qm::cgr_we::kCsThres);
	cmd.cgr.cs_thres.store(qm::cs_thres::encode_down(32));
	cmd.cgid = kCgid;
	qm::McResult res{};
	soc.qman().execute(0, reinterpret_cast<const qm::McCommand &>(cmd), res);
	EXPECT_EQ(res.result, qm::mcr_result::kOk);
	const CgrState s = query();
	EXPECT_EQ(s.threshold, 32u);
	EXPECT_FALSE(s.tail_drop);
	EXPECT_FALSE(s.frame_mode);
	EXPECT_FALSE(s.notifies_me);
}

TEST_F(QmanCgr, LoweringTheThresholdBelowTheCountCongestsAtOnce)
{
	CgrInit c;
	c.threshold = 100;
	c.notify_me = true;
	ASSERT_EQ(p0->init_cgr(kCgid, c), 0);
	parked_fq();
	enqueue(10);
	EXPECT_FALSE(query().congested);
	ASSERT_EQ(p0->set_cgr_threshold(kCgid, 5), 0);
	EXPECT_TRUE(query().congested);
	soc.run_until_idle();
	EXPECT_NE(p0->isr() & qm::irq::kCsci, 0u);
	EXPECT_EQ(enqueue(1).size(), 1u);
	pull(10);
}

TEST_F(QmanCgr, QueryCongestionLaysOutOneBitPerCgr)
{
	qm::McrQueryCongestion r{};
	r.state[1].store(0x04000000u);
	EXPECT_TRUE(r.congested(37));
	EXPECT_FALSE(r.congested(36));
	EXPECT_FALSE(r.congested(38));
	CgrInit c;
	c.threshold = 0;
	ASSERT_EQ(p0->init_cgr(255, c), 0);
	parked_fq(kFqid, 255);
	EXPECT_TRUE(enqueue(1).empty());
	uint32_t st[8];
	ASSERT_EQ(p0->query_congestion(st), 0);
	EXPECT_EQ(st[7], 0x00000001u);
	for (unsigned w = 0; w < 7; w++)
		EXPECT_EQ(st[w], 0u) << w;
	pull(1);
}
