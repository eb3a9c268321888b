/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A direct-mode QBMan portal (QMan 4.1, LS2088A) driven as upstream's
// qbman_portal.c drives it: no doorbells; QBMan follows the valid bits of
// the cache-enabled area, when the model thread polls (Qbman::poll) or when
// an emulation that traps CENA stores calls SwPortal::service().

#include <cstring>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_qbman_test_support.hpp"

using namespace dpaa2::test;

namespace
{

class QbmanDirect : public ::testing::Test
{
protected:
	void SetUp() override
	{
		qbman.misuse().set_log([](void *, const char *) {}, nullptr);
		portal = &qbman.portal_create(kIdx);
		drv.emplace(*portal, dpaa2::model::kQmanRev41);
		ASSERT_TRUE(drv->init());
		mem.map(&storage, sizeof(storage));
	}

	static constexpr unsigned kIdx = 2;
	TestMemory mem;
	Qbman qbman{mem, dpaa2::model::kQmanRev41};
	SwPortal *portal = nullptr;
	std::optional<SwpDriver> drv;
	Storage storage;
};

} // namespace

TEST_F(QbmanDirect, InitStartsTheRingOnTheFirstLapsValidBit)
{
	EXPECT_FALSE(portal->memory_backed());
	EXPECT_EQ(portal->cinh_load(qb::cinh::kCfg), qb::swp_cfg::kDpdkRev41);
	EXPECT_EQ(drv->pi(), 0u);
	EXPECT_EQ(drv->pi_vb(), qb::kValidBit);
	// Nothing is served before the driver configures the portal: a fresh
	// one holds no commands.
	EXPECT_FALSE(qbman.poll());
}

TEST_F(QbmanDirect, HundredFramesThroughTheRingOfEight)
{
	const uint32_t fqid = qbman.fq_alloc();
	Qbman::FqSettings s;
	s.user_context = 0xfeedfacecafebeefull;
	qbman.fq_configure(fqid, s);
	std::vector<hw::Fd> sent;
	for (unsigned i = 0; i < 100; i++)
		sent.push_back(tx_fd(i, 3));
	unsigned done = 0, full = 0;
	while (done < sent.size()) {
		const int n =
			drv->enqueue(fqid, &sent[done],
				     static_cast<int>(std::min<size_t>(5, sent.size() - done)));
		if (n == 0) {
			// The ring is full until QBMan has looked at it.
			full++;
			ASSERT_TRUE(qbman.poll());
			continue;
		}
		done += static_cast<unsigned>(n);
	}
	qbman.poll();
	EXPECT_GT(full, 5u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 100u);

	drv->after_cena_store = [this] { qbman.poll(); };
	size_t next = 0;
	while (next < sent.size()) {
		std::memset(&storage, 0, sizeof(storage));
		ASSERT_EQ(drv->pull(fqid, 16, storage), 0);
		const auto res = drv->collect();
		ASSERT_FALSE(res.empty());
		for (size_t i = 0; i < res.size(); i++, next++) {
			EXPECT_EQ(res[i].tok, kIdx + 1);
			EXPECT_EQ(res[i].fqd_ctx.load(), s.user_context);
			EXPECT_EQ(std::memcmp(&res[i].fd, &sent[next], sizeof(hw::Fd)), 0);
			EXPECT_TRUE(res[i].stat & qb::dq_stat::kValidFrame);
			EXPECT_EQ(bool(res[i].stat & qb::dq_stat::kExpired), i + 1 == res.size());
		}
		EXPECT_LE(res.size(), 16u);
	}
	EXPECT_EQ(next, 100u);
	// An empty pull, in direct mode too.
	std::memset(&storage, 0, sizeof(storage));
	ASSERT_EQ(drv->pull(fqid, 16, storage), 0);
	const auto res = drv->collect();
	ASSERT_EQ(res.size(), 1u);
	EXPECT_EQ(res[0].stat,
		  qb::dq_stat::kVolatile | qb::dq_stat::kExpired | qb::dq_stat::kFqEmpty);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

// Management commands answered on the trapped CENA store, so within the
// driver's 1000 polls; the response areas alternate with the valid bit.
TEST_F(QbmanDirect, ManagementCommandsAlternateResponseAreas)
{
	drv->after_cena_store = [this] { portal->service(); };
	const uint16_t full = qbman.bp_alloc(), empty = qbman.bp_alloc();
	for (unsigned i = 0; i < 700; i++)
		ASSERT_TRUE(qbman.bp_release(full, 0x10000 + 64 * i));
	uint8_t vb = qb::kValidBit;
	for (unsigned i = 0; i < 200; i++) {
		uint64_t got[7];
		// Alternating answers: a stale response of the same area (two
		// commands ago) would give the other count.
		const bool from_full = (i / 2) % 2 == 0;
		EXPECT_EQ(drv->acquire(from_full ? full : empty, got, 7), from_full ? 7 : 0)
			<< "command " << i;
		const uint8_t *cena = portal->cena();
		EXPECT_EQ(cena[qb::cena::direct::rr(vb)] & qb::mc_verb::kMask,
			  qb::mc_verb::kAcquire);
		// The other area was cleared for the next command.
		EXPECT_EQ(cena[qb::cena::direct::rr(vb ^ qb::kValidBit)], 0) << "command " << i;
		vb ^= qb::kValidBit;
	}
	EXPECT_EQ(qbman.bp_count(full), 0u);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

// Without a trap, a command waits for the model thread: the driver's 1000
// polls find nothing rather than an old answer.
TEST_F(QbmanDirect, LateCommandIsNotAnsweredByAStaleResponse)
{
	drv->after_cena_store = [this] { portal->service(); };
	const uint16_t bpid = qbman.bp_alloc();
	uint64_t got[1];
	EXPECT_EQ(drv->acquire(bpid, got, 1), 0); // answered at 0x740
	qb::BpQueryResponse q;
	EXPECT_EQ(drv->bp_query(bpid, q), 0); // answered at 0x700
	drv->after_cena_store = [] {};
	EXPECT_EQ(drv->acquire(bpid, got, 1), -EIO); // 0x740 again: not yet
	EXPECT_EQ(portal->cena()[qb::cena::direct::rr(qb::kValidBit)], 0);
	EXPECT_TRUE(qbman.poll()); // now the model thread answers it
	EXPECT_EQ(portal->cena()[qb::cena::direct::rr(qb::kValidBit)] & qb::mc_verb::kMask,
		  qb::mc_verb::kAcquire);
}

TEST_F(QbmanDirect, ReleaseThroughRcrSlots)
{
	const uint16_t bpid = qbman.bp_alloc();
	std::vector<uint64_t> bufs;
	for (unsigned i = 0; i < 100; i++)
		bufs.push_back(0x500000000ull + 0x800ull * i);
	// Releases faster than the model thread polls: RAR serves pending
	// slots before it answers, so the driver never sees -EBUSY.
	for (size_t at = 0; at < bufs.size(); at += 5)
		ASSERT_EQ(drv->release(bpid, &bufs[at], 5), 0) << at;
	qbman.poll();
	EXPECT_EQ(qbman.bp_count(bpid), 100u);
	drv->after_cena_store = [this] { portal->service(); };
	uint64_t got[7];
	ASSERT_EQ(drv->acquire(bpid, got, 7), 7);
	for (unsigned i = 0; i < 7; i++)
		EXPECT_EQ(got[i], bufs[i]);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

TEST_F(QbmanDirect, DoorbellsAreMisuseOnDirectPortals)
{
	portal->cinh_store(qb::cinh::kVdqcrRt, qb::kRtMode);
	EXPECT_EQ(qbman.misuse().count(dpaa2::model::QbmanMisuse::doorbell_direct_mode), 1u);
}

// With the CENA page trapped, every command is served on the store of its
// verb: management responses are there at the driver's first poll, pulls
// and enqueues need no model thread.
TEST_F(QbmanDirect, TrappedCenaServesEveryCommandAtItsVerb)
{
	drv->trapped_cena = true;
	const uint16_t bpid = qbman.bp_alloc();
	const uint32_t fqid = qbman.fq_alloc();
	for (unsigned i = 0; i < 300; i++) {
		const uint64_t b[2] = {0x600000000ull + 128 * i, 0x600000040ull + 128 * i};
		ASSERT_EQ(drv->release(bpid, b, 2), 0);
		uint64_t got[2];
		ASSERT_EQ(drv->acquire(bpid, got, 2), 2) << i;
		EXPECT_EQ(got[0], b[0]);
		qb::FqQueryNpResponse r;
		ASSERT_EQ(drv->fq_query_np(fqid, r), 0) << i;
		EXPECT_EQ(r.frm_cnt.load(), i % 8);
		const hw::Fd fd = tx_fd(i);
		ASSERT_EQ(drv->enqueue(fqid, &fd, 1), 1);
		if (i % 8 == 7) {
			std::memset(&storage, 0, sizeof(storage));
			ASSERT_EQ(drv->pull(fqid, 16, storage), 0);
			const auto res = drv->collect(0); // no poll: the results are there
			ASSERT_EQ(res.size(), 8u) << i;
			EXPECT_EQ(res[7].fd, fd);
		}
	}
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

// A thread not pinned to one CPU (upstream's *_cinh_direct variants) writes
// its commands byte by byte through the CINH window and reads responses and
// EQCR_CI there: the same portal, served on the verb's store.
TEST_F(QbmanDirect, CommandsThroughTheCinhWindow)
{
	drv->cinh_direct = true;
	const uint16_t bpid = qbman.bp_alloc();
	const uint32_t fqid = qbman.fq_alloc();
	for (unsigned i = 0; i < 50; i++) {
		const uint64_t b = 0x610000000ull + 64 * i;
		ASSERT_EQ(drv->release(bpid, &b, 1), 0);
		uint64_t got;
		ASSERT_EQ(drv->acquire(bpid, &got, 1), 1) << i;
		EXPECT_EQ(got, b);
		hw::Fd fds[3] = {tx_fd(3 * i), tx_fd(3 * i + 1), tx_fd(3 * i + 2)};
		int sent = 0;
		while (sent < 3)
			sent += drv->enqueue(fqid, fds + sent, 3 - sent);
		qb::FqQueryNpResponse r;
		ASSERT_EQ(drv->fq_query_np(fqid, r), 0);
		EXPECT_EQ(r.frm_cnt.load(), 3 * (i + 1));
	}
	hw::Fd first;
	ASSERT_TRUE(qbman.dequeue(fqid, first));
	EXPECT_EQ(first, tx_fd(0));
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}
