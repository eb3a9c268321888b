/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A memory-backed QBMan portal (QMan 5.0, LX2160A) driven as upstream's
// qbman_portal.c drives it: every command announced by a doorbell and
// carried out before the doorbell store returns.

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_qbman_test_support.hpp"

using namespace dpaa2::test;

namespace
{

class QbmanMem : public ::testing::Test
{
protected:
	void SetUp() override
	{
		qbman.misuse().set_log(
			[](void *ctx, const char *line) {
				static_cast<std::vector<std::string> *>(ctx)->push_back(line);
			},
			&log);
		drv.emplace(qbman.portal_create(kIdx), dpaa2::model::kQmanRev50);
		ASSERT_TRUE(drv->init());
		mem.map(&storage, sizeof(storage));
	}

	// What each pull returned, as net/dpaa2 sees it.
	std::vector<qb::DequeueResult> pull(uint32_t fqid, unsigned frames)
	{
		std::memset(&storage, 0, sizeof(storage));
		EXPECT_EQ(drv->pull(fqid, frames, storage), 0);
		return drv->collect();
	}

	static constexpr unsigned kIdx = 5;
	TestMemory mem;
	Qbman qbman{mem, dpaa2::model::kQmanRev50};
	std::optional<SwpDriver> drv;
	Storage storage;
	std::vector<std::string> log;
};

} // namespace

TEST_F(QbmanMem, InitFindsAnEnabledCleanPortal)
{
	SwPortal &p = *qbman.portal(kIdx);
	EXPECT_TRUE(p.memory_backed());
	EXPECT_EQ(p.cinh_load(qb::cinh::kCfg), qb::swp_cfg::kDpdkMemBacked);
	EXPECT_EQ(p.cinh_load(qb::cinh::kDqpi) & 0xf, 0u);
	// The first lap's valid bit, producer index 0.
	EXPECT_EQ(drv->pi(), 0u);
	EXPECT_EQ(drv->pi_vb(), qb::kValidBit);
	EXPECT_EQ(reinterpret_cast<uintptr_t>(p.cena()) % 4096, 0u);
	EXPECT_EQ(qbman.misuse_count(), 0u);
}

TEST_F(QbmanMem, HundredFramesThroughTheRingAndBackByPull)
{
	const uint32_t fqid = qbman.fq_alloc();
	ASSERT_NE(fqid, 0u);
	Qbman::FqSettings s;
	s.user_context = 0x1122334455667788ull;
	ASSERT_TRUE(qbman.fq_configure(fqid, s));

	std::vector<hw::Fd> sent;
	for (unsigned i = 0; i < 100; i++)
		sent.push_back(tx_fd(i));
	// Bursts of 7 wrap the 32-entry ring three times; the driver reads CI
	// from CENA 0x1840 whenever it runs out of room.
	unsigned done = 0;
	while (done < sent.size()) {
		const int n =
			drv->enqueue(fqid, &sent[done],
				     static_cast<int>(std::min<size_t>(7, sent.size() - done)));
		ASSERT_GT(n, 0) << "the ring stayed full after " << done;
		done += static_cast<unsigned>(n);
	}
	uint64_t bytes = 0;
	for (auto &fd : sent)
		bytes += fd.length();
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 100u);
	EXPECT_EQ(qbman.fq_counts(fqid).bytes, bytes);
	EXPECT_EQ(qbman.fq_counts(fqid).enqueued, 100u);

	size_t next = 0;
	for (unsigned round = 0; round < 4; round++) {
		const auto res = pull(fqid, 32);
		const size_t want = std::min<size_t>(32, sent.size() - next);
		ASSERT_EQ(res.size(), want) << "round " << round;
		for (size_t i = 0; i < res.size(); i++, next++) {
			const qb::DequeueResult &r = res[i];
			EXPECT_EQ(r.verb & qb::result_verb::kMask, qb::result_verb::kDq);
			EXPECT_EQ(r.tok, kIdx + 1);
			EXPECT_EQ(r.fqid.load(), fqid);
			EXPECT_EQ(r.fqd_ctx.load(), s.user_context);
			EXPECT_EQ(std::memcmp(&r.fd, &sent[next], sizeof(hw::Fd)), 0)
				<< "frame " << next;
			const bool last = i + 1 == res.size();
			const bool empty = next + 1 == sent.size();
			uint8_t stat = qb::dq_stat::kValidFrame | qb::dq_stat::kVolatile;
			if (last)
				stat |= qb::dq_stat::kExpired;
			if (empty)
				stat |= qb::dq_stat::kFqEmpty;
			EXPECT_EQ(r.stat, stat) << "frame " << next;
			EXPECT_EQ(r.fq_frm_cnt.load(), sent.size() - next - 1);
		}
	}
	EXPECT_EQ(next, sent.size());
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 0u);
	EXPECT_EQ(qbman.fq_counts(fqid).bytes, 0u);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

TEST_F(QbmanMem, EmptyQueueAnswersOneExpiredEntry)
{
	const uint32_t fqid = qbman.fq_alloc();
	const auto res = pull(fqid, 32);
	ASSERT_EQ(res.size(), 1u);
	EXPECT_EQ(res[0].stat,
		  qb::dq_stat::kVolatile | qb::dq_stat::kExpired | qb::dq_stat::kFqEmpty);
	EXPECT_EQ(res[0].tok, kIdx + 1);
	// Nothing written past the one entry.
	const std::vector<uint8_t> zeros(64, 0);
	EXPECT_EQ(std::memcmp(&storage.r[1], zeros.data(), 64), 0);
}

TEST_F(QbmanMem, AnFqKnowsThePortalsThatPulledIt)
{
	// What a wire waits for before it plays (MacPort::rx_dequeuers): no
	// portal until a pull, then each portal that pulled, the main lcore's
	// start-up flush and the forwarding lcore's alike.
	const uint32_t fqid = qbman.fq_alloc();
	EXPECT_EQ(qbman.fq_counts(fqid).pullers, 0u);
	pull(fqid, 1);
	EXPECT_EQ(qbman.fq_counts(fqid).pullers, uint64_t{1} << kIdx);
	SwpDriver other(qbman.portal_create(40), dpaa2::model::kQmanRev50);
	ASSERT_TRUE(other.init());
	std::memset(&storage, 0, sizeof(storage));
	ASSERT_EQ(other.pull(fqid, 1, storage), 0);
	other.collect();
	EXPECT_EQ(qbman.fq_counts(fqid).pullers, (uint64_t{1} << kIdx) | (uint64_t{1} << 40));
	// Another FQ's pullers are its own.
	EXPECT_EQ(qbman.fq_counts(qbman.fq_alloc()).pullers, 0u);
}

TEST_F(QbmanMem, PullWritesNoMoreThanAskedFor)
{
	const uint32_t fqid = qbman.fq_alloc();
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.enqueue(fqid, tx_fd(i)));
	const auto res = pull(fqid, 4);
	ASSERT_EQ(res.size(), 4u);
	EXPECT_EQ(res[3].stat,
		  qb::dq_stat::kValidFrame | qb::dq_stat::kVolatile | qb::dq_stat::kExpired);
	const std::vector<uint8_t> zeros(64, 0);
	EXPECT_EQ(std::memcmp(&storage.r[4], zeros.data(), 64), 0);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 6u);
	// A second pull may follow at once: the first result cleared busy.
	EXPECT_EQ(pull(fqid, 32).size(), 6u);
}

TEST_F(QbmanMem, ReleaseAndAllOrNothingAcquire)
{
	const uint16_t bpid = qbman.bp_alloc();
	ASSERT_NE(bpid, 0);
	std::vector<uint64_t> bufs;
	for (unsigned i = 0; i < 20; i++)
		bufs.push_back(0x200000000ull + 0x880ull * i);
	// Releases of 1..7 buffers, as mempool/dpaa2 may issue them.
	for (size_t at = 0, n = 1; at < bufs.size(); at += n, n = n % 7 + 1) {
		n = std::min(n, bufs.size() - at);
		ASSERT_EQ(drv->release(bpid, &bufs[at], static_cast<unsigned>(n)), 0);
	}
	EXPECT_EQ(qbman.bp_count(bpid), 20u);

	uint64_t got[7];
	ASSERT_EQ(drv->acquire(bpid, got, 7), 7);
	for (unsigned i = 0; i < 7; i++)
		EXPECT_EQ(got[i], bufs[i]); // FIFO
	ASSERT_EQ(drv->acquire(bpid, got, 7), 7);
	EXPECT_EQ(qbman.bp_count(bpid), 6u);
	// Six left: a request for seven gets none, and the six stay.
	EXPECT_EQ(drv->acquire(bpid, got, 7), 0);
	EXPECT_EQ(qbman.bp_count(bpid), 6u);
	ASSERT_EQ(drv->acquire(bpid, got, 6), 6);
	EXPECT_EQ(got[5], bufs[19]);
	EXPECT_EQ(qbman.bp_count(bpid), 0u);

	qb::BpQueryResponse q;
	ASSERT_EQ(drv->bp_query(bpid, q), 0);
	EXPECT_EQ(q.fill.load(), 0u);
	EXPECT_TRUE(q.state & qb::bp_state::kEmpty);
	ASSERT_EQ(drv->release(bpid, bufs.data(), 3), 0);
	ASSERT_EQ(drv->bp_query(bpid, q), 0);
	EXPECT_EQ(q.fill.load(), 3u);
	EXPECT_FALSE(q.state & qb::bp_state::kEmpty);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

TEST_F(QbmanMem, AcquireFromUnknownPoolFails)
{
	uint64_t got[1];
	EXPECT_EQ(drv->acquire(77, got, 1), -EIO);
	EXPECT_EQ(qbman.misuse().count(dpaa2::model::QbmanMisuse::acquire_bad_bpid), 1u);
	qb::BpQueryResponse q;
	EXPECT_EQ(drv->bp_query(77, q), -EIO);
	EXPECT_NE(q.rslt, qb::kMcResultOk);
}

TEST_F(QbmanMem, FqQueryNpCountsFramesAndBytes)
{
	const uint32_t fqid = qbman.fq_alloc();
	uint64_t bytes = 0;
	for (unsigned i = 0; i < 37; i++) {
		hw::Fd fd = tx_fd(i);
		bytes += fd.length();
		ASSERT_EQ(drv->enqueue(fqid, &fd, 1), 1);
	}
	qb::FqQueryNpResponse r;
	ASSERT_EQ(drv->fq_query_np(fqid, r), 0);
	EXPECT_EQ(r.verb & qb::mc_verb::kMask, qb::mc_verb::kFqQueryNp);
	EXPECT_EQ(r.frm_cnt.load() & qb::kFqFrameCountMask, 37u);
	EXPECT_EQ(r.byte_cnt.load(), bytes);
	EXPECT_EQ(r.st1 & qb::fq_st1::kSchedStateMask, qb::fq_st1::kParked);
	EXPECT_EQ(drv->fq_query_np(fqid + 1000, r), -EIO);
}

// Every response must be there at the driver's first poll, with a valid bit
// that toggles from 0x80, across many commands of several kinds.
TEST_F(QbmanMem, ResponseValidBitAcrossManyCommands)
{
	const uint16_t bpid = qbman.bp_alloc();
	const uint32_t fqid = qbman.fq_alloc();
	const uint8_t *rr = qbman.portal(kIdx)->cena() + qb::cena::mem::kRr;
	uint8_t vb = qb::kValidBit;
	for (unsigned i = 0; i < 1000; i++) {
		if (i % 3 == 0) {
			const uint64_t b = 0x300000000ull + 64 * i;
			ASSERT_EQ(drv->release(bpid, &b, 1), 0);
			uint64_t got;
			ASSERT_EQ(drv->acquire(bpid, &got, 1), 1) << i;
			EXPECT_EQ(got, b);
		} else if (i % 3 == 1) {
			qb::FqQueryNpResponse r;
			ASSERT_EQ(drv->fq_query_np(fqid, r), 0) << i;
		} else {
			qb::BpQueryResponse r;
			ASSERT_EQ(drv->bp_query(bpid, r), 0) << i;
		}
		EXPECT_EQ(rr[0] & qb::kValidBit, vb) << i;
		vb ^= qb::kValidBit;
	}
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

TEST_F(QbmanMem, ReleaseSlotsAreGrantedOnceUntilUsed)
{
	SwPortal &p = *qbman.portal(kIdx);
	const uint16_t bpid = qbman.bp_alloc();
	std::vector<uint32_t> rar;
	for (unsigned i = 0; i < 8; i++) {
		rar.push_back(p.cinh_load(qb::cinh::kRar));
		EXPECT_TRUE(rar.back() & qb::rar::kSuccess);
		EXPECT_EQ(rar.back() & qb::rar::kVb, qb::kValidBit); // first use of each slot
	}
	EXPECT_FALSE(p.cinh_load(qb::cinh::kRar) & qb::rar::kSuccess); // all 8 granted
	// Fill and ring each granted slot.
	for (unsigned i = 0; i < 8; i++) {
		const unsigned slot = rar[i] & qb::rar::kSlotMask;
		qb::ReleaseCommand c{};
		c.verb = static_cast<uint8_t>(qb::rcr_verb::kRcValid | qb::kValidBit | 1);
		c.bpid.store(bpid);
		c.buf[0].store(0x1000 + 64 * i);
		std::memcpy(p.cena() + qb::cena::mem::rcr(slot), &c, sizeof(c));
		p.cinh_store(qb::cinh::rcr_am_rt(slot), qb::kRtMode);
	}
	EXPECT_EQ(qbman.bp_count(bpid), 8u);
	// The next grant of a slot carries the other valid bit.
	const uint32_t again = p.cinh_load(qb::cinh::kRar);
	EXPECT_TRUE(again & qb::rar::kSuccess);
	EXPECT_EQ(again & qb::rar::kVb, 0u);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

TEST_F(QbmanMem, MisuseIsCountedAndLoggedOnce)
{
	using dpaa2::model::QbmanMisuse;
	SwPortal &p = *qbman.portal(kIdx);
	const uint32_t fqid = qbman.fq_alloc();

	// A producer index 40 entries ahead of a 32-entry ring.
	p.cinh_store(qb::cinh::kEqcrPi, qb::kRtMode | 40);
	p.cinh_store(qb::cinh::kEqcrPi, qb::kRtMode | 41);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::eqcr_pi_outside_ring), 2u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 0u);

	// A doorbell without the RT bit does nothing.
	p.cinh_store(qb::cinh::kCrRt, 0);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::doorbell_without_rt), 1u);

	// A release to BPID 0 and to a pool nobody allocated.
	const uint64_t b = 0x4000;
	ASSERT_EQ(drv->release(0, &b, 1), 0);
	ASSERT_EQ(drv->release(99, &b, 1), 0);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::release_bad_bpid), 2u);

	// A release doorbell for a slot nobody was granted.
	p.cinh_store(qb::cinh::rcr_am_rt(6), qb::kRtMode);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::rcr_slot_not_granted), 1u);

	// A pull from an FQ that does not exist still ends, empty, so that the
	// driver waiting for it goes on.
	std::memset(&storage, 0, sizeof(storage));
	ASSERT_EQ(drv->pull(fqid + 7, 1, storage), 0);
	const auto res = drv->collect();
	ASSERT_EQ(res.size(), 1u);
	EXPECT_EQ(res[0].stat,
		  qb::dq_stat::kVolatile | qb::dq_stat::kExpired | qb::dq_stat::kFqEmpty);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::bad_pull), 1u);

	// An unknown management command is answered with a failure.
	qb::McCommand c{};
	const uint8_t *r = drv->mc(0x7e, &c);
	ASSERT_NE(r, nullptr);
	EXPECT_NE(r[1], qb::kMcResultOk);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::bad_mc_verb), 1u);

	// A store to no register.
	p.cinh_store(0x10, 1);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::cinh_bad_offset), 1u);

	EXPECT_EQ(qbman.misuse_count(), 9u);
	// One line per kind: seven kinds, although nine misuses.
	EXPECT_EQ(log.size(), 7u);
	for (auto &l : log)
		EXPECT_NE(l.find("logged once"), std::string::npos) << l;
	EXPECT_NE(qbman.misuse().summary().find("release_bad_bpid 2"), std::string::npos);
}

// An enqueue whose verb lacks its lap's valid bit was not written by the
// driver: it is skipped and counted, the others go through.
TEST_F(QbmanMem, StaleEqcrEntryIsSkipped)
{
	using dpaa2::model::QbmanMisuse;
	SwPortal &p = *qbman.portal(kIdx);
	const uint32_t fqid = qbman.fq_alloc();
	hw::Fd fds[2] = {tx_fd(1), tx_fd(2)};
	ASSERT_EQ(drv->enqueue(fqid, fds, 2), 2);
	// A doorbell two entries further without writing them.
	p.cinh_store(qb::cinh::kEqcrPi, qb::kRtMode | qb::kValidBit | 4);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::bad_eqcr_verb), 2u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 2u);
	// CI follows the doorbell.
	uint32_t ci;
	std::memcpy(&ci, p.cena() + qb::cena::mem::kEqcrCi, 4);
	EXPECT_EQ(ci, 4u);
}
