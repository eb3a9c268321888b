/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan portal driver against the model in stepped mode: every outcome is
// deterministic, so counts and orders are asserted exactly.

#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::qbman::DqrrConsume;
using dpaa::qbman::FqInit;
using dpaa::qbman::FqNp;

namespace
{

class QmanStepped : public ::testing::Test
{
protected:
	void SetUp() override
	{
		p0 = make_qman_portal(soc, 0, true);
		p1 = make_qman_portal(soc, 1, true);
	}
	void TearDown() override { expect_no_faults(soc); }

	int init_fq(uint32_t fqid, uint16_t channel, bool sched = true, uint32_t ctx_b = 0,
		    uint8_t wq = 3, uint32_t td = 0)
	{
		FqInit p;
		p.dest = hw::Channel{channel};
		p.wq = wq;
		p.context_b = ctx_b;
		p.schedule = sched;
		p.td_thresh = td;
		return p0->init_fq(hw::Fqid{fqid}, p);
	}

	// Enqueue all of 'fds' on portal p, stepping the model when the EQCR is full.
	void enqueue_all(QmanPortal &p, uint32_t fqid, const std::vector<hw::Fd> &fds)
	{
		size_t done = 0;
		while (done < fds.size()) {
			done += p.enqueue_burst(hw::Fqid{fqid}, std::span(fds).subspan(done));
			soc.step();
		}
	}

	std::vector<qm::DqrrEntry> drain(QmanPortal &p, unsigned max_steps = 100000)
	{
		std::vector<qm::DqrrEntry> out;
		for (unsigned i = 0; i < max_steps; i++) {
			const bool did = soc.step();
			const unsigned n =
				p.poll_dqrr(16, [&](const qm::DqrrEntry &e) { out.push_back(e); });
			if (!did && n == 0)
				break;
		}
		return out;
	}

	FqNp np(uint32_t fqid)
	{
		FqNp r;
		EXPECT_EQ(p0->query_fq_np(hw::Fqid{fqid}, r), 0);
		return r;
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p0, p1;
};

} // namespace

TEST_F(QmanStepped, EnqueueDequeueWrapsRingsAndFlipsValidBits)
{
	ASSERT_EQ(init_fq(0x100, p0->channel().value, true, 0xc0ffee), 0);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated, 0x5a);
	const auto *eqcr = static_cast<const qm::EqcrEntry *>(soc.qman_portal(0).ce());
	constexpr uint64_t kFrames = 20000;
	uint64_t next_in = 0, next_out = 0;
	while (next_out < kFrames) {
		// Enqueue one at a time and check the valid bit the driver wrote.
		while (next_in < kFrames) {
			const unsigned slot = next_in % qm::kEqcrSize;
			if (p0->enqueue(hw::Fqid{0x100}, seq_fd(next_in)) != 0)
				break;
			const uint8_t want = ((next_in / qm::kEqcrSize) % 2 == 0) ? hw::kVbit : 0;
			ASSERT_EQ(eqcr[slot].verb, want | qm::eqcr_verb::kCmdEnqueue) << next_in;
			next_in++;
		}
		soc.step();
		p0->poll_dqrr(16, [&](const qm::DqrrEntry &e) {
			const uint8_t want = ((next_out / qm::kDqrrSize) % 2 == 0) ? hw::kVbit : 0;
			EXPECT_EQ(e.verb, want | qm::dqrr_verb::kFrameDequeue) << next_out;
			EXPECT_TRUE(e.has_frame());
			EXPECT_EQ(e.fqid(), 0x100u);
			EXPECT_EQ(e.context_b(), 0xc0ffeeu);
			EXPECT_EQ(e.tok, 0x5a);
			EXPECT_EQ(fd_seq(e.fd), next_out);
			next_out++;
		});
	}
	EXPECT_EQ(next_out, kFrames);
	EXPECT_EQ(np(0x100).frames, 0u);
	EXPECT_EQ(p0->dqrr_current(), nullptr);
}

TEST_F(QmanStepped, DcapConsumptionWorksLikeCiWrites)
{
	auto p = make_qman_portal(soc, 2, true, DqrrConsume::dcap);
	ASSERT_EQ(init_fq(0x200, p->channel().value), 0);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 5000; i++)
		fds.push_back(seq_fd(i));
	uint64_t next = 0;
	size_t done = 0;
	while (next < fds.size()) {
		done += p->enqueue_burst(hw::Fqid{0x200}, std::span(fds).subspan(done));
		soc.step();
		p->poll_dqrr(4, [&](const qm::DqrrEntry &e) { EXPECT_EQ(fd_seq(e.fd), next++); });
	}
	EXPECT_EQ(next, 5000u);
}

TEST_F(QmanStepped, OrderPreservedWithinEachFqAcrossInterleavedFqs)
{
	const uint16_t ch = p0->channel().value;
	for (uint32_t f = 0; f < 4; f++)
		ASSERT_EQ(init_fq(0x300 + f, ch, true, f), 0);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	constexpr unsigned kPerFq = 3000;
	std::array<uint64_t, 4> next{};
	unsigned total = 0;
	auto take = [&](const qm::DqrrEntry &e) {
		ASSERT_LT(e.context_b(), 4u);
		EXPECT_EQ(e.fqid(), 0x300 + e.context_b());
		EXPECT_EQ(fd_seq(e.fd), next[e.context_b()]++);
		total++;
	};
	for (unsigned i = 0; i < kPerFq; i++)
		for (uint32_t f = 0; f < 4; f++)
			while (p0->enqueue(hw::Fqid{0x300 + f}, seq_fd(i)) != 0) {
				soc.step();
				p0->poll_dqrr(16, take);
			}
	for (const auto &e : drain(*p0))
		take(e);
	EXPECT_EQ(total, 4 * kPerFq);
	for (uint32_t f = 0; f < 4; f++)
		EXPECT_EQ(next[f], kPerFq);
}

TEST_F(QmanStepped, WorkQueuePriorityOnOneChannel)
{
	const uint16_t ch = p0->channel().value;
	ASSERT_EQ(init_fq(0x310, ch, true, 7, 7), 0); // lowest priority WQ
	ASSERT_EQ(init_fq(0x311, ch, true, 0, 0), 0); // highest
	enqueue_all(*p0, 0x310, {seq_fd(0), seq_fd(1)});
	enqueue_all(*p0, 0x311, {seq_fd(0), seq_fd(1)});
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	const auto got = drain(*p0);
	ASSERT_EQ(got.size(), 4u);
	EXPECT_EQ(got[0].fqid(), 0x311u);
	EXPECT_EQ(got[1].fqid(), 0x311u);
	EXPECT_EQ(got[2].fqid(), 0x310u);
	EXPECT_EQ(got[3].fqid(), 0x310u);
	EXPECT_TRUE(got[1].stat & qm::dqrr_stat::kFqEmpty);
	EXPECT_FALSE(got[0].stat & qm::dqrr_stat::kFqEmpty);
}

TEST_F(QmanStepped, VolatileDequeueExactCountAndCompletion)
{
	ASSERT_EQ(init_fq(0x400, p0->channel().value, false), 0); // parked
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 100; i++)
		fds.push_back(seq_fd(i));
	enqueue_all(*p0, 0x400, fds);
	soc.run_until_idle();
	EXPECT_EQ(p0->dqrr_current(), nullptr); // parked: nothing scheduled
	EXPECT_EQ(np(0x400).frames, 100u);
	EXPECT_EQ(np(0x400).state, qm::FqState::parked);

	ASSERT_EQ(p0->volatile_dequeue(hw::Fqid{0x400}, 10, true), 0);
	EXPECT_EQ(p0->volatile_dequeue(hw::Fqid{0x400}, 10, true), -EBUSY);
	auto got = drain(*p0);
	ASSERT_EQ(got.size(), 10u);
	for (unsigned i = 0; i < 10; i++) {
		EXPECT_TRUE(got[i].stat & qm::dqrr_stat::kUnscheduled);
		EXPECT_TRUE(got[i].has_frame());
		EXPECT_EQ(fd_seq(got[i].fd), i);
		EXPECT_EQ(bool(got[i].stat & qm::dqrr_stat::kDqcrExpired), i == 9);
	}
	EXPECT_FALSE(p0->vdqcr_busy());
	EXPECT_EQ(np(0x400).frames, 90u);

	// NUMFRAMES = 0: until the FQ is empty.
	ASSERT_EQ(p0->volatile_dequeue(hw::Fqid{0x400}, 0, true), 0);
	got = drain(*p0);
	ASSERT_EQ(got.size(), 90u);
	EXPECT_EQ(fd_seq(got.front().fd), 10u);
	EXPECT_EQ(got.back().stat & (qm::dqrr_stat::kFqEmpty | qm::dqrr_stat::kDqcrExpired),
		  qm::dqrr_stat::kFqEmpty | qm::dqrr_stat::kDqcrExpired);

	// On an empty FQ the command expires with no frame.
	ASSERT_EQ(p0->volatile_dequeue(hw::Fqid{0x400}, 5, true), 0);
	got = drain(*p0);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_FALSE(got[0].has_frame());
	EXPECT_TRUE(got[0].stat & qm::dqrr_stat::kDqcrExpired);
	EXPECT_FALSE(p0->vdqcr_busy());
}

TEST_F(QmanStepped, VolatileDequeueNotExactMayOvershootByAGroup)
{
	ASSERT_EQ(init_fq(0x410, p0->channel().value, false), 0);
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 50; i++)
		fds.push_back(seq_fd(i));
	enqueue_all(*p0, 0x410, fds);
	ASSERT_EQ(p0->volatile_dequeue(hw::Fqid{0x410}, 10, false), 0);
	const auto got = drain(*p0);
	ASSERT_GE(got.size(), 10u);
	ASSERT_LE(got.size(), 12u);
	for (unsigned i = 0; i < got.size(); i++)
		EXPECT_EQ(fd_seq(got[i].fd), i);
	EXPECT_TRUE(got.back().stat & qm::dqrr_stat::kDqcrExpired);
	EXPECT_EQ(np(0x410).frames, 50u - got.size());
}

TEST_F(QmanStepped, StaticDequeueServesOnlyTheSelectedChannels)
{
	// Portal 0 dequeues from its dedicated channel and pool channels 1 and 2.
	ASSERT_EQ(init_fq(0x500, p0->channel().value, true, 0), 0);
	ASSERT_EQ(init_fq(0x501, qm::channel::pool(1), true, 1), 0);
	ASSERT_EQ(init_fq(0x502, qm::channel::pool(2), true, 2), 0);
	ASSERT_EQ(init_fq(0x503, qm::channel::pool(3), true, 3), 0); // not selected
	ASSERT_EQ(init_fq(0x504, p1->channel().value, true, 4), 0);  // portal 1's
	for (uint32_t f = 0; f < 5; f++) {
		std::vector<hw::Fd> fds;
		for (unsigned i = 0; i < 20; i++)
			fds.push_back(seq_fd(i));
		enqueue_all(*p0, 0x500 + f, fds);
	}
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated | qm::sdqcr::channels_pool(1) |
				   qm::sdqcr::channels_pool(2),
			   0x11);
	const auto got = drain(*p0);
	std::map<uint32_t, unsigned> per_fq;
	for (const auto &e : got) {
		EXPECT_EQ(fd_seq(e.fd), per_fq[e.fqid()]++);
		EXPECT_EQ(e.tok, 0x11);
	}
	EXPECT_EQ(got.size(), 60u);
	EXPECT_EQ(per_fq[0x500], 20u);
	EXPECT_EQ(per_fq[0x501], 20u);
	EXPECT_EQ(per_fq[0x502], 20u);
	EXPECT_EQ(per_fq.count(0x503), 0u);
	EXPECT_EQ(per_fq.count(0x504), 0u);
	EXPECT_EQ(np(0x503).frames, 20u);
	EXPECT_EQ(np(0x503).state, qm::FqState::truly_scheduled);
	EXPECT_EQ(np(0x500).state, qm::FqState::tentatively_scheduled);

	// Portal 1 then takes its own, plus pool 3 once it selects it.
	p1->static_dequeue(qm::sdqcr::kChannelsDedicated | qm::sdqcr::channels_pool(3));
	const auto got1 = drain(*p1);
	EXPECT_EQ(got1.size(), 40u);
}

TEST_F(QmanStepped, FullDqrrStopsProductionUntilSoftwareConsumes)
{
	ASSERT_EQ(init_fq(0x600, p0->channel().value), 0);
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 40; i++)
		fds.push_back(seq_fd(i));
	enqueue_all(*p0, 0x600, fds);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	soc.run_until_idle();
	soc.run_until_idle();
	// Walk the ring without consuming: exactly the max fill is there.
	unsigned seen = 0;
	while (const qm::DqrrEntry *e = p0->dqrr_current()) {
		EXPECT_EQ(fd_seq(e->fd), seen);
		p0->dqrr_next();
		seen++;
		ASSERT_LE(seen, 16u);
	}
	EXPECT_EQ(seen, QmanPortal::kDqrrMaxFill);
	EXPECT_EQ(np(0x600).frames, 40u - 15u);
	EXPECT_EQ(soc.qman_portal(0).dqrr_fill(), 15u);
	// Consume them: the model refills.
	p0->dqrr_consume();
	soc.run_until_idle();
	EXPECT_EQ(np(0x600).frames, 40u - 30u);
	const auto rest = drain(*p0);
	ASSERT_EQ(rest.size(), 25u);
	EXPECT_EQ(fd_seq(rest.front().fd), 15u);
	EXPECT_EQ(fd_seq(rest.back().fd), 39u);
}

TEST_F(QmanStepped, RetireWithFramesInFlightDrainsEverything)
{
	ASSERT_EQ(init_fq(0x700, p0->channel().value, true, 0x77), 0);
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 100; i++)
		fds.push_back(seq_fd(i));
	enqueue_all(*p0, 0x700, fds);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	soc.run_until_idle();
	ASSERT_EQ(soc.qman_portal(0).dqrr_fill(), 15u);
	EXPECT_EQ(np(0x700).state, qm::FqState::active);

	// 15 frames sit in the DQRR: retirement waits for them.
	uint8_t fqs = 0xff;
	EXPECT_EQ(p0->retire_fq(hw::Fqid{0x700}, &fqs), -EINPROGRESS);
	EXPECT_TRUE(np(0x700).retire_pending);
	EXPECT_EQ(p0->oos_fq(hw::Fqid{0x700}), -EPERM);

	std::vector<uint64_t> seen;
	p0->poll_dqrr(16, [&](const qm::DqrrEntry &e) { seen.push_back(fd_seq(e.fd)); });
	ASSERT_EQ(seen.size(), 15u);
	soc.run_until_idle();
	// Retired and no longer scheduled: nothing more comes by SDQCR.
	EXPECT_EQ(p0->dqrr_current(), nullptr);
	std::vector<qm::MrEntry> msgs;
	p0->poll_mr([&](const qm::MrEntry &m) { msgs.push_back(m); });
	ASSERT_EQ(msgs.size(), 1u);
	EXPECT_EQ(msgs[0].type(), qm::mr_verb::kFqrn);
	EXPECT_EQ(msgs[0].fqid(), 0x700u);
	EXPECT_EQ(msgs[0].fqs(), qm::fqs::kNotEmpty);
	EXPECT_EQ(msgs[0].tag_context_b.load(), 0x77u);
	FqNp st = np(0x700);
	EXPECT_EQ(st.state, qm::FqState::retired);
	EXPECT_FALSE(st.retire_pending);
	EXPECT_EQ(st.frames, 85u);
	EXPECT_EQ(p0->oos_fq(hw::Fqid{0x700}), -ENOTEMPTY);

	// Drain the retired FQ with volatile dequeues.
	while (true) {
		ASSERT_EQ(p0->volatile_dequeue(hw::Fqid{0x700}, 16, true), 0);
		bool empty = false;
		for (const auto &e : drain(*p0)) {
			if (e.has_frame())
				seen.push_back(fd_seq(e.fd));
			empty |= bool(e.stat & qm::dqrr_stat::kFqEmpty);
		}
		if (empty)
			break;
	}
	ASSERT_EQ(seen.size(), 100u);
	for (unsigned i = 0; i < 100; i++)
		EXPECT_EQ(seen[i], i);
	EXPECT_EQ(p0->oos_fq(hw::Fqid{0x700}), 0);
	EXPECT_EQ(np(0x700).state, qm::FqState::oos);
}

TEST_F(QmanStepped, RetireOfIdleFqCompletesAtOnce)
{
	ASSERT_EQ(init_fq(0x710, p0->channel().value, false), 0);
	enqueue_all(*p0, 0x710, {seq_fd(1)});
	uint8_t fqs = 0;
	EXPECT_EQ(p0->retire_fq(hw::Fqid{0x710}, &fqs), 0);
	EXPECT_EQ(fqs, qm::fqs::kNotEmpty);
	EXPECT_EQ(p0->retire_fq(hw::Fqid{0x710}, &fqs), -EPERM);
	ASSERT_EQ(init_fq(0x711, p0->channel().value, true), 0);
	EXPECT_EQ(p0->retire_fq(hw::Fqid{0x711}, &fqs), 0);
	EXPECT_EQ(fqs, 0);
	EXPECT_EQ(p0->oos_fq(hw::Fqid{0x711}), 0);
	// Each immediate retirement is announced on the asking portal's MR
	// too (FQRNI), which the kernel's and upstream's qman_retire_fq
	// drain right after the command; the refused one is not.
	soc.run_until_idle();
	std::vector<qm::MrEntry> msgs;
	p0->poll_mr([&](const qm::MrEntry &m) { msgs.push_back(m); });
	ASSERT_EQ(msgs.size(), 2u);
	EXPECT_EQ(msgs[0].type(), qm::mr_verb::kFqrni);
	EXPECT_EQ(msgs[0].fqid(), 0x710u);
	EXPECT_EQ(msgs[0].dca_fqs, qm::fqs::kNotEmpty);
	EXPECT_EQ(msgs[1].type(), qm::mr_verb::kFqrni);
	EXPECT_EQ(msgs[1].fqid(), 0x711u);
	EXPECT_EQ(msgs[1].dca_fqs, 0);
}

TEST_F(QmanStepped, EnqueueToOutOfServiceFqIsRejectedWithAnErn)
{
	const hw::Fd fd = seq_fd(42, 99);
	// Never initialised, then initialised and taken out of service.
	ASSERT_EQ(p0->enqueue(hw::Fqid{0x800}, fd), 0);
	ASSERT_EQ(init_fq(0x801, p0->channel().value), 0);
	ASSERT_EQ(p0->retire_fq(hw::Fqid{0x801}), 0);
	ASSERT_EQ(p0->oos_fq(hw::Fqid{0x801}), 0);
	ASSERT_EQ(p0->enqueue(hw::Fqid{0x801}, fd), 0);
	soc.run_until_idle();
	std::vector<qm::MrEntry> msgs;
	p0->poll_mr([&](const qm::MrEntry &m) {
		if (m.type() != qm::mr_verb::kFqrni) // 0x801's retirement
			msgs.push_back(m);
	});
	ASSERT_EQ(msgs.size(), 2u);
	for (unsigned i = 0; i < 2; i++) {
		EXPECT_TRUE(qm::mr_verb::is_sw_ern(msgs[i].verb));
		EXPECT_EQ(msgs[i].rc & qm::mr_rc::kMask, qm::mr_rc::kError);
		EXPECT_EQ(msgs[i].fqid(), 0x800u + i);
		EXPECT_EQ(msgs[i].fd, fd);
	}
	EXPECT_EQ(np(0x801).frames, 0u);
	dpaa::model::FqInfo info;
	ASSERT_TRUE(soc.qman().fq_info(0x801, info));
	EXPECT_EQ(info.rejects, 1u);
	EXPECT_EQ(soc.qman_portal(0).dqrr_fill(), 0u);
}

TEST_F(QmanStepped, TailDropThresholdDropsAndCounts)
{
	// 1000 bytes of 100-byte frames: 10 fit, the rest are dropped.
	ASSERT_EQ(init_fq(0x900, p0->channel().value, false, 0, 0, 1000), 0);
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 25; i++)
		fds.push_back(seq_fd(i, 100));
	enqueue_all(*p0, 0x900, fds);
	soc.run_until_idle();
	EXPECT_EQ(np(0x900).frames, 10u);
	EXPECT_EQ(np(0x900).bytes, 1000u);
	EXPECT_EQ(soc.qman().fq_taildrops(0x900), 15u);
	unsigned erns = 0;
	p0->poll_mr([&](const qm::MrEntry &m) {
		EXPECT_EQ(m.rc & qm::mr_rc::kMask, qm::mr_rc::kFqTaildrop);
		EXPECT_EQ(fd_seq(m.fd), 10u + erns);
		erns++;
	});
	soc.run_until_idle(); // the MR holds 7: the model posts the rest once consumed
	p0->poll_mr([&](const qm::MrEntry &m) {
		EXPECT_EQ(fd_seq(m.fd), 10u + erns);
		erns++;
	});
	soc.run_until_idle();
	p0->poll_mr([&](const qm::MrEntry &) { erns++; });
	EXPECT_EQ(erns, 15u);
	dpaa::qbman::FqConfig cfg;
	ASSERT_EQ(p0->query_fq(hw::Fqid{0x900}, cfg), 0);
	EXPECT_EQ(cfg.td_thresh, 1000u);
	EXPECT_TRUE(cfg.fq_ctrl & qm::fq_ctrl::kTde);
}

TEST_F(QmanStepped, QueryFqReturnsProgrammedFields)
{
	FqInit p;
	p.dest = hw::Channel{qm::channel::pool(5)};
	p.wq = 6;
	p.fq_ctrl = qm::fq_ctrl::kHoldActive | qm::fq_ctrl::kAvoidBlock;
	p.context_a = 0x123456789abcull;
	p.context_b = 0xfeedface;
	ASSERT_EQ(p0->init_fq(hw::Fqid{0xabcdef}, p), 0);
	dpaa::qbman::FqConfig c;
	ASSERT_EQ(p0->query_fq(hw::Fqid{0xabcdef}, c), 0);
	EXPECT_EQ(c.dest.value, qm::channel::pool(5));
	EXPECT_EQ(c.wq, 6);
	EXPECT_EQ(c.fq_ctrl, qm::fq_ctrl::kHoldActive | qm::fq_ctrl::kAvoidBlock);
	EXPECT_EQ(c.context_a, 0x123456789abcull);
	EXPECT_EQ(c.context_b, 0xfeedfaceu);
	EXPECT_EQ(c.td_thresh, 0u);
	EXPECT_EQ(np(0xabcdef).state, qm::FqState::tentatively_scheduled);
}

TEST_F(QmanStepped, ManagementCommandErrors)
{
	FqInit bad;
	bad.dest = hw::Channel{0x30}; // no such channel
	EXPECT_EQ(p0->init_fq(hw::Fqid{0xa00}, bad), -EINVAL);
	EXPECT_EQ(p0->init_fq(hw::Fqid{0}, FqInit{}), -EINVAL);
	ASSERT_EQ(init_fq(0xa01, p0->channel().value, true), 0);
	EXPECT_EQ(init_fq(0xa01, p0->channel().value, true), -EPERM); // scheduled
	EXPECT_EQ(p0->schedule_fq(hw::Fqid{0xa01}), -EPERM);
	ASSERT_EQ(init_fq(0xa02, p0->channel().value, false), 0);
	EXPECT_EQ(init_fq(0xa02, p0->channel().value, false), 0); // parked may be re-initialised
	EXPECT_EQ(p0->schedule_fq(hw::Fqid{0xa02}), 0);
	EXPECT_EQ(p0->oos_fq(hw::Fqid{0xa03}), -EPERM);
}

TEST_F(QmanStepped, ScheduleOfParkedFqStartsDelivery)
{
	ASSERT_EQ(init_fq(0xb00, p0->channel().value, false), 0);
	enqueue_all(*p0, 0xb00, {seq_fd(0), seq_fd(1), seq_fd(2)});
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	EXPECT_TRUE(drain(*p0).empty());
	ASSERT_EQ(p0->schedule_fq(hw::Fqid{0xb00}), 0);
	EXPECT_EQ(drain(*p0).size(), 3u);
}

TEST_F(QmanStepped, DqriFollowsTheDqrrFill)
{
	ASSERT_EQ(init_fq(0xc00, p0->channel().value), 0);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	EXPECT_EQ(p0->isr() & qm::irq::kDqri, 0u);
	unsigned irqs = 0;
	soc.qman_portal(0).set_irq_hook(
		[](void *arg, uint32_t isr) {
			if (isr & qm::irq::kDqri)
				++*static_cast<unsigned *>(arg);
		},
		&irqs);
	p0->set_interrupt_enable(qm::irq::kDqri);
	enqueue_all(*p0, 0xc00, {seq_fd(0)});
	soc.run_until_idle();
	EXPECT_NE(p0->isr() & qm::irq::kDqri, 0u);
	EXPECT_EQ(irqs, 1u);
	p0->poll_dqrr(16, [](const qm::DqrrEntry &) {});
	p0->isr_clear(qm::irq::kDqri);
	soc.run_until_idle();
	EXPECT_EQ(p0->isr() & qm::irq::kDqri, 0u);
}

// The line is (ISR & IER) && !IIR; the hook sees its rising edges only.
TEST_F(QmanStepped, InterruptLineRisesWhenEnabledOverAPendingStatus)
{
	ASSERT_EQ(init_fq(0xc10, p0->channel().value), 0);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	unsigned irqs = 0;
	soc.qman_portal(0).set_irq_hook(
		[](void *arg, uint32_t) { ++*static_cast<unsigned *>(arg); }, &irqs);
	enqueue_all(*p0, 0xc10, {seq_fd(0)});
	soc.run_until_idle();
	ASSERT_NE(p0->isr() & qm::irq::kDqri, 0u);
	EXPECT_EQ(irqs, 0u) << "DQRI not enabled: no interrupt";

	p0->set_interrupt_enable(qm::irq::kDqri);
	soc.run_until_idle();
	EXPECT_EQ(irqs, 1u) << "enabling a set status bit raises the line";
	soc.run_until_idle();
	EXPECT_EQ(irqs, 1u) << "a level that stays high is one interrupt";

	hw::reg_write(soc.qman_portal(0).ci(), qm::ci::kIir, 1);
	p0->set_interrupt_enable(0);
	soc.run_until_idle();
	p0->set_interrupt_enable(qm::irq::kDqri);
	soc.run_until_idle();
	EXPECT_EQ(irqs, 1u) << "inhibited";
	hw::reg_write(soc.qman_portal(0).ci(), qm::ci::kIir, 0);
	soc.run_until_idle();
	EXPECT_EQ(irqs, 2u) << "uninhibited over a set status bit";

	p0->poll_dqrr(16, [](const qm::DqrrEntry &) {});
	soc.run_until_idle();
	EXPECT_EQ(p0->isr() & qm::irq::kDqri, 0u);
	enqueue_all(*p0, 0xc10, {seq_fd(1)});
	soc.run_until_idle();
	EXPECT_EQ(irqs, 3u) << "the next frame after the ring emptied";
}

namespace
{

struct TxPort final : dpaa::model::ChannelConsumer {
	bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t ctx_b, uint64_t ctx_a) override
	{
		if (busy)
			return false;
		got.push_back({fqid, fd_seq(fd), ctx_b, ctx_a});
		return true;
	}
	struct Frame {
		uint32_t fqid;
		uint64_t seq;
		uint32_t ctx_b;
		uint64_t ctx_a;
	};
	std::vector<Frame> got;
	bool busy = false;
};

struct CountingBlock final : dpaa::model::Block {
	bool poll() override
	{
		polls++;
		return work > 0 && work-- > 0;
	}
	unsigned polls = 0;
	unsigned work = 0;
};

} // namespace

TEST_F(QmanStepped, ChannelConsumerReceivesFramesOfItsChannel)
{
	TxPort port;
	const uint16_t tx_channel = qm::channel::kFman0Base + 2;
	soc.qman().attach_channel_consumer(tx_channel, port);
	FqInit p;
	p.dest = hw::Channel{tx_channel};
	p.context_a = 0xa0a0;
	p.context_b = 0xb0b0;
	ASSERT_EQ(p0->init_fq(hw::Fqid{0xd00}, p), 0);
	port.busy = true;
	enqueue_all(*p0, 0xd00, {seq_fd(0), seq_fd(1), seq_fd(2), seq_fd(3)});
	soc.run_until_idle();
	EXPECT_TRUE(port.got.empty());
	EXPECT_EQ(np(0xd00).frames, 4u);
	port.busy = false;
	soc.run_until_idle();
	ASSERT_EQ(port.got.size(), 4u);
	for (unsigned i = 0; i < 4; i++) {
		EXPECT_EQ(port.got[i].fqid, 0xd00u);
		EXPECT_EQ(port.got[i].seq, i);
		EXPECT_EQ(port.got[i].ctx_a, 0xa0a0u);
		EXPECT_EQ(port.got[i].ctx_b, 0xb0b0u);
	}
	// The SoC-internal enqueue path (FMan Rx) reports status directly.
	EXPECT_EQ(soc.qman().enqueue(0xd00, seq_fd(9)), dpaa::model::EnqueueStatus::ok);
	EXPECT_EQ(soc.qman().enqueue(0xd01, seq_fd(9)), dpaa::model::EnqueueStatus::rejected);
	soc.qman().detach_channel_consumer(tx_channel);
}

TEST_F(QmanStepped, AddedBlocksArePolledEachStep)
{
	CountingBlock b;
	b.work = 3;
	soc.add_block(b);
	const uint64_t steps = soc.run_until_idle();
	EXPECT_EQ(steps, 4u); // three busy steps, then one idle
	EXPECT_EQ(b.polls, 4u);
	soc.remove_block(b);
	soc.step();
	EXPECT_EQ(b.polls, 4u);
}

// A port stop with frames in a worker's DQRR: the worker's FQ retires
// (pending on those entries), the worker's portal stops dequeuing the pool
// channel; the restart schedules a fresh FQ on the same pool channel and the
// worker dequeues it again. Everything of the fresh FQ reaches the worker.
TEST_F(QmanStepped, FreshFqOnAChannelWhoseOldFqIsStillRetiring)
{
	const uint16_t ch = qm::channel::pool(3);
	const uint32_t sdq = qm::sdqcr::channels_pool(3);
	ASSERT_EQ(init_fq(0x900, ch, true, 1), 0);
	p1->static_dequeue(sdq);
	std::vector<hw::Fd> old_fds, new_fds;
	for (unsigned i = 0; i < 30; i++)
		old_fds.push_back(seq_fd(i));
	for (unsigned i = 0; i < 20; i++)
		new_fds.push_back(seq_fd(1000 + i));
	enqueue_all(*p0, 0x900, old_fds);
	soc.run_until_idle();
	ASSERT_NE(p1->dqrr_current(), nullptr); // the worker's ring holds frames
	// Stop: the worker no longer dequeues the channel; the FQ retires.
	p1->static_dequeue(0);
	uint8_t fqs = 0;
	ASSERT_EQ(p0->retire_fq(hw::Fqid{0x900}, &fqs), -EINPROGRESS);
	// Start: a fresh FQ on the same channel, the worker dequeues it again.
	ASSERT_EQ(init_fq(0x902, ch, true, 1), 0);
	p1->static_dequeue(sdq);
	enqueue_all(*p0, 0x902, new_fds);
	unsigned fresh = 0, old = 0;
	for (const auto &e : drain(*p1)) {
		if (!e.has_frame())
			continue;
		(e.fqid() == 0x902 ? fresh : old)++;
	}
	EXPECT_EQ(fresh, new_fds.size());
	EXPECT_GT(old, 0u);
	EXPECT_EQ(np(0x902).frames, 0u);
	p0->poll_mr([](const qm::MrEntry &) {});
}

// Two FQs of one WQ are served in turn, up to three frames a visit
// (SDQCR count up to 3), the one still holding frames back at the WQ's tail;
// the entry that empties an FQ says so.
TEST_F(QmanStepped, StaticDequeueTakesTheFqsOfOneWqInTurnThreeFramesAVisit)
{
	const uint16_t ch = p0->channel().value;
	ASSERT_EQ(init_fq(0x600, ch, true, 0), 0);
	ASSERT_EQ(init_fq(0x601, ch, true, 1), 0);
	for (uint64_t i = 0; i < 6; i++)
		ASSERT_EQ(soc.qman().enqueue(0x600, seq_fd(i)), dpaa::model::EnqueueStatus::ok);
	for (uint64_t i = 0; i < 6; i++)
		ASSERT_EQ(soc.qman().enqueue(0x601, seq_fd(100 + i)),
			  dpaa::model::EnqueueStatus::ok);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	const auto got = drain(*p0);
	const std::vector<uint64_t> want = {0, 1, 2, 100, 101, 102, 3, 4, 5, 103, 104, 105};
	ASSERT_EQ(got.size(), want.size());
	for (size_t i = 0; i < got.size(); i++) {
		EXPECT_EQ(fd_seq(got[i].fd), want[i]) << i;
		EXPECT_EQ(got[i].fqid(), want[i] < 100 ? 0x600u : 0x601u) << i;
		EXPECT_EQ(got[i].context_b(), want[i] < 100 ? 0u : 1u) << i;
		const bool empties = want[i] == 5 || want[i] == 105;
		EXPECT_EQ((got[i].stat & qm::dqrr_stat::kFqEmpty) != 0, empties) << i;
	}
	EXPECT_EQ(np(0x600).frames, 0u);
	EXPECT_EQ(np(0x601).frames, 0u);
	EXPECT_EQ(np(0x600).bytes, 0u);
}

// The same turns for a consumer inside the SoC (an FMan Tx port).
TEST_F(QmanStepped, ConsumerTakesTheFqsOfOneWqInTurnThreeFramesAVisit)
{
	TxPort port;
	const uint16_t tx_channel = qm::channel::kFman0Base + 3;
	soc.qman().attach_channel_consumer(tx_channel, port);
	for (uint32_t fqid : {0xd20u, 0xd21u}) {
		FqInit p;
		p.dest = hw::Channel{tx_channel};
		ASSERT_EQ(p0->init_fq(hw::Fqid{fqid}, p), 0);
	}
	for (uint64_t i = 0; i < 6; i++)
		ASSERT_EQ(soc.qman().enqueue(0xd20, seq_fd(i)), dpaa::model::EnqueueStatus::ok);
	for (uint64_t i = 0; i < 6; i++)
		ASSERT_EQ(soc.qman().enqueue(0xd21, seq_fd(100 + i)),
			  dpaa::model::EnqueueStatus::ok);
	soc.run_until_idle();
	const std::vector<uint64_t> want = {0, 1, 2, 100, 101, 102, 3, 4, 5, 103, 104, 105};
	ASSERT_EQ(port.got.size(), want.size());
	for (size_t i = 0; i < want.size(); i++) {
		EXPECT_EQ(port.got[i].seq, want[i]) << i;
		EXPECT_EQ(port.got[i].fqid, want[i] < 100 ? 0xd20u : 0xd21u) << i;
	}
	EXPECT_EQ(np(0xd20).frames, 0u);
	EXPECT_EQ(np(0xd21).bytes, 0u);
	soc.qman().detach_channel_consumer(tx_channel);
}

// An FQ holds far more frames than its first ring's worth: they come out in
// order, and its byte count follows each frame's length in and out.
TEST_F(QmanStepped, ParkedFqHoldsManyFramesAndCountsTheirBytes)
{
	ASSERT_EQ(init_fq(0x610, p0->channel().value, false), 0);
	constexpr unsigned kFrames = 1000;
	uint64_t bytes = 0;
	for (unsigned i = 0; i < kFrames; i++) {
		const uint32_t len = 60 + (i * 37) % 1400;
		bytes += len;
		ASSERT_EQ(soc.qman().enqueue(0x610, seq_fd(i, len)),
			  dpaa::model::EnqueueStatus::ok);
	}
	EXPECT_EQ(np(0x610).frames, kFrames);
	EXPECT_EQ(np(0x610).bytes, bytes);
	ASSERT_EQ(p0->schedule_fq(hw::Fqid{0x610}), 0);
	p0->static_dequeue(qm::sdqcr::kChannelsDedicated);
	const auto got = drain(*p0);
	ASSERT_EQ(got.size(), kFrames);
	for (unsigned i = 0; i < kFrames; i++) {
		EXPECT_EQ(fd_seq(got[i].fd), i);
		EXPECT_EQ(got[i].fd.length(), 60 + (i * 37) % 1400);
	}
	EXPECT_EQ(np(0x610).frames, 0u);
	EXPECT_EQ(np(0x610).bytes, 0u);
}

// A portal a driver configures once the SoC has been stepping is served
// from the next step on, and an unconfigured one is not (its EQCR holds a
// valid entry that nothing takes).
TEST(QmanPortalConfig, APortalIsServedFromTheStepAfterItIsConfigured)
{
	Soc soc;
	for (unsigned i = 0; i < 3; i++)
		soc.step();
	auto p = make_qman_portal(soc, 4, true);
	FqInit f;
	f.dest = p->channel();
	ASSERT_EQ(p->init_fq(hw::Fqid{0x620}, f), 0);
	p->static_dequeue(qm::sdqcr::kChannelsDedicated);
	ASSERT_EQ(p->enqueue(hw::Fqid{0x620}, seq_fd(7)), 0);
	soc.step();
	std::vector<uint64_t> got;
	p->poll_dqrr(16, [&](const qm::DqrrEntry &e) { got.push_back(fd_seq(e.fd)); });
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0], 7u);

	// Portal 5 never configured: an entry written to its EQCR stays there.
	auto &raw = soc.qman_portal(5);
	auto *e = hw::area_at<qm::EqcrEntry>(raw.ce(), qm::ce::kEqcr);
	e->set_fqid(0x620);
	e->fd = seq_fd(8);
	hw::publish_entry(e, qm::eqcr_verb::kCmdEnqueue | hw::kVbit);
	for (unsigned i = 0; i < 3; i++)
		soc.step();
	EXPECT_EQ(hw::reg_read(raw.ci(), qm::ci::kEqcrCi), qm::kEqcrSize);
	dpaa::model::FqInfo fi{};
	ASSERT_TRUE(soc.qman().fq_info(0x620, fi));
	EXPECT_EQ(fi.frames, 0u);
	expect_no_faults(soc);
}

// Upstream zeroes a command line (dcbz) before it fills it. On silicon QMan
// never sees the zeroed line, which reaches it only when the CPU flushes it
// with its verb; the model shares the memory, and a zeroed verb when the
// valid bit it expects is 0 must not pass for a command (it once ran as one,
// and the driver's real command, with the same valid bit, was never
// answered: upstream's testpmd hung in qman_init_fq under qemu).
TEST(QmanPortalMemory, AZeroedCommandLineIsNotACommand)
{
	Soc soc;
	auto &mp = soc.qman_portal(0);
	hw::reg_write(mp.ci(), qm::ci::kCfg, 1);
	auto *ce = static_cast<uint8_t *>(mp.ce());
	auto command = [&](uint8_t verb) {
		std::memset(ce + qm::ce::kCr, 0, 64);
		hw::store_verb(ce + qm::ce::kCr, verb);
	};
	// The first command has the valid bit set and is answered in RR1.
	command(qm::mcc_verb::kVbit | qm::mcc_verb::kQueryFqNp);
	soc.run_until_idle();
	ASSERT_NE(hw::load_verb(ce + qm::ce::kRr1), 0);
	// The next one's valid bit is 0: its zeroed line is not a command.
	std::memset(ce + qm::ce::kCr, 0, 64);
	soc.run_until_idle();
	EXPECT_EQ(hw::load_verb(ce + qm::ce::kRr0), 0);
	command(qm::mcc_verb::kQueryFqNp);
	soc.run_until_idle();
	EXPECT_NE(hw::load_verb(ce + qm::ce::kRr0), 0) << "the command was not answered";
	expect_no_faults(soc);
}
