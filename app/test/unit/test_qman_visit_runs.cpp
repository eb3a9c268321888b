/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QMan scheduler's shortcut (Qman::set_visit_runs): an FQ that visit
// after visit would be picked again is served in one visit for all of them.
// Held against the visits one by one over many random workloads: FQs on
// dedicated, pool and direct-connect channels, in shared and separate WQs,
// with and without a congestion group (tail drop, notification), held
// active or not; SDQCRs that select one or several channels, one or up to
// three frames per visit, changing under way; DQRRs polled by bits of
// random size; a channel consumer that turns frames away now and then. Two
// SoCs run the same workload, one with the shortcut and one without: every
// DQRR entry (all of its bytes), message, delivered frame, FQ state and
// count, and CGR state must be the same.

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "qbman_test_support.hpp"

namespace dpaa::test
{
namespace
{

using qbman::CgrInit;
using qbman::FqInit;

constexpr uint16_t kTxChannel = qm::channel::kFman0Base + 3;
constexpr unsigned kFqs = 6;
constexpr uint32_t kFqBase = 0x300;

// A consumer that turns away the frames its pattern says, by call count:
// two SoCs that call it the same way get the same answers.
struct Consumer final : model::ChannelConsumer {
	bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t ctx_b, uint64_t ctx_a) override
	{
		calls++;
		if (refuse_every != 0 && calls % refuse_every == 0) {
			log.emplace_back("busy");
			return false;
		}
		log.push_back("tx fq " + std::to_string(fqid) + " seq " +
			      std::to_string(fd_seq(fd)) + " b " + std::to_string(ctx_b) + " a " +
			      std::to_string(ctx_a));
		return true;
	}
	unsigned calls = 0;
	unsigned refuse_every = 0;
	std::vector<std::string> log;
};

struct FqSetup {
	uint16_t channel;
	uint8_t wq;
	bool cgr;
	bool hold_active;
};

struct Workload {
	std::vector<FqSetup> fqs;
	CgrInit cgr;
	unsigned refuse_every;
	struct Op {
		enum Kind { enqueue, step, poll, sdqcr } kind;
		unsigned portal, a, b;
	};
	std::vector<Op> ops;
};

uint32_t random_sdqcr(std::mt19937 &rng)
{
	uint32_t ch = 0;
	if (rng() % 2)
		ch |= qm::sdqcr::kChannelsDedicated;
	for (unsigned n = 1; n <= 2; n++)
		if (rng() % 2)
			ch |= qm::sdqcr::channels_pool(n);
	if (ch == 0)
		return 0;
	return ch | qm::sdqcr::kTypePrioQos | qm::sdqcr::token(uint8_t(rng() % 256)) |
	       ((rng() % 3) ? qm::sdqcr::kCountUpto3 : 0);
}

Workload make_workload(unsigned seed)
{
	std::mt19937 rng(seed);
	Workload w;
	const uint16_t channels[] = {qm::channel::sw_portal(0), qm::channel::sw_portal(1),
				     qm::channel::pool(1), qm::channel::pool(2), kTxChannel};
	const unsigned nfq = 1 + rng() % kFqs;
	for (unsigned i = 0; i < nfq; i++)
		w.fqs.push_back(
			{channels[rng() % 5], uint8_t(rng() % 3), rng() % 3 == 0, rng() % 4 == 0});
	w.cgr.threshold = 4 + rng() % 40;
	w.cgr.frame_mode = rng() % 2;
	if (!w.cgr.frame_mode)
		w.cgr.threshold *= 64;
	w.cgr.tail_drop = rng() % 2;
	w.cgr.notify_me = rng() % 2;
	w.refuse_every = (rng() % 2) ? 0 : 2 + rng() % 9;
	for (unsigned p = 0; p < 2; p++)
		w.ops.push_back({Workload::Op::sdqcr, p, random_sdqcr(rng), 0});
	for (unsigned i = 0; i < 120; i++) {
		switch (rng() % 8) {
		case 0:
		case 1:
		case 2:
			w.ops.push_back({Workload::Op::enqueue, 0, unsigned(rng() % nfq),
					 1 + unsigned(rng() % 24)});
			break;
		case 3:
		case 4:
			w.ops.push_back({Workload::Op::step, 0, 1 + unsigned(rng() % 3), 0});
			break;
		case 5:
		case 6:
			w.ops.push_back(
				{Workload::Op::poll, unsigned(rng() % 2), unsigned(rng() % 17), 0});
			break;
		default:
			if (rng() % 4 == 0)
				w.ops.push_back({Workload::Op::sdqcr, unsigned(rng() % 2),
						 random_sdqcr(rng), 0});
			break;
		}
	}
	// Drain what is left, both portals serving every channel.
	const uint32_t all = qm::sdqcr::kChannelsDedicated | qm::sdqcr::channels_pool(1) |
			     qm::sdqcr::channels_pool(2) | qm::sdqcr::kTypePrioQos;
	w.ops.push_back({Workload::Op::sdqcr, 0, all, 0});
	w.ops.push_back({Workload::Op::sdqcr, 1, all | qm::sdqcr::kCountUpto3, 0});
	for (unsigned i = 0; i < 40; i++) {
		w.ops.push_back({Workload::Op::step, 0, 1, 0});
		w.ops.push_back({Workload::Op::poll, i % 2, 16, 0});
	}
	return w;
}

std::string entry_text(const char *what, const void *e)
{
	const auto *b = static_cast<const uint8_t *>(e);
	std::string s = what;
	char hex[4];
	for (unsigned i = 0; i < 32; i++) {
		std::snprintf(hex, sizeof(hex), " %02x", b[i]);
		s += hex;
	}
	return s;
}

// Runs the workload on a SoC of its own; everything that could tell the
// two ways apart, as text.
std::vector<std::string> run(const Workload &w, bool visit_runs)
{
	Soc soc;
	soc.qman().set_visit_runs(visit_runs);
	Consumer port;
	port.refuse_every = w.refuse_every;
	soc.qman().attach_channel_consumer(kTxChannel, port);
	std::unique_ptr<QmanPortal> p[2] = {make_qman_portal(soc, 0, true),
					    make_qman_portal(soc, 1, true)};
	std::vector<std::string> log;
	EXPECT_EQ(p[0]->init_cgr(1, w.cgr), 0);
	for (unsigned i = 0; i < w.fqs.size(); i++) {
		FqInit f;
		f.dest = hw::Channel{w.fqs[i].channel};
		f.wq = w.fqs[i].wq;
		f.fq_ctrl = w.fqs[i].hold_active ? qm::fq_ctrl::kHoldActive : 0;
		f.context_a = 0xa000 + i;
		f.context_b = 0xb000 + i;
		f.cgid = w.fqs[i].cgr ? 1 : -1;
		EXPECT_EQ(p[0]->init_fq(hw::Fqid{kFqBase + i}, f), 0);
	}
	auto poll = [&](unsigned k, unsigned limit) {
		p[k]->poll_dqrr(limit, [&](const qm::DqrrEntry &e) {
			log.push_back(entry_text(k ? "dqrr1" : "dqrr0", &e));
		});
		p[k]->poll_mr([&](const qm::MrEntry &e) {
			log.push_back(entry_text(k ? "mr1" : "mr0", &e));
		});
	};
	uint64_t seq = 0;
	for (const Workload::Op &op : w.ops) {
		switch (op.kind) {
		case Workload::Op::enqueue:
			for (unsigned i = 0; i < op.b; i++) {
				const uint64_t frame_seq = seq++;
				const hw::Fd fd =
					seq_fd(frame_seq, 60 + unsigned(frame_seq % 7) * 100);
				while (p[0]->enqueue(hw::Fqid{kFqBase + op.a}, fd) != 0) {
					soc.step();
					log.emplace_back("eqcr full");
				}
			}
			break;
		case Workload::Op::step:
			for (unsigned i = 0; i < op.a; i++)
				soc.step();
			break;
		case Workload::Op::poll:
			poll(op.portal, op.a);
			break;
		case Workload::Op::sdqcr:
			p[op.portal]->set_sdqcr(op.a);
			break;
		}
		for (unsigned i = 0; i < w.fqs.size(); i++) {
			model::FqInfo fi{};
			EXPECT_TRUE(soc.qman().fq_info(kFqBase + i, fi));
			log.push_back("fq " + std::to_string(i) + " state " +
				      std::to_string(unsigned(fi.state)) + " frames " +
				      std::to_string(fi.frames) + " bytes " +
				      std::to_string(fi.bytes) + " drops " +
				      std::to_string(fi.taildrops));
		}
		const model::Cgr &cg = soc.qman().cgr(1);
		log.push_back("cgr " + std::to_string(cg.frames) + " " + std::to_string(cg.bytes) +
			      " " + std::to_string(cg.congested) + " isr " +
			      std::to_string(p[0]->isr() & qm::irq::kCsci));
	}
	log.insert(log.end(), port.log.begin(), port.log.end());
	expect_no_faults(soc);
	soc.qman().detach_channel_consumer(kTxChannel);
	return log;
}

TEST(QmanVisitRuns, SameAsVisitsOneByOne)
{
	unsigned dequeued = 0, delivered = 0;
	for (unsigned seed = 1; seed <= 300; seed++) {
		const Workload w = make_workload(seed);
		const std::vector<std::string> runs = run(w, true);
		const std::vector<std::string> one_by_one = run(w, false);
		ASSERT_EQ(runs.size(), one_by_one.size()) << "seed " << seed;
		for (size_t i = 0; i < runs.size(); i++) {
			ASSERT_EQ(runs[i], one_by_one[i]) << "seed " << seed << ", line " << i;
			dequeued += runs[i].rfind("dqrr", 0) == 0;
			delivered += runs[i].rfind("tx ", 0) == 0;
		}
	}
	// The workloads did exercise both paths.
	EXPECT_GT(dequeued, 10000u);
	EXPECT_GT(delivered, 2000u);
}

} // namespace
} // namespace dpaa::test
