/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The DPAA2 QBMan model's frame queues, buffer pools and static dequeue, as
// the other blocks (WRIOP, the MC) and the portals use them: IDs, taildrop,
// congestion state change notifications written to memory, the consumer of
// a Tx queue, pools, the DQRR.

#include <cstring>
#include <optional>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_model/reported.hpp"
#include "dpaa2_qbman_test_support.hpp"

using namespace dpaa2::test;
using dpaa2::model::QbmanMisuse;

namespace
{

class QbmanQueues : public ::testing::Test
{
protected:
	void SetUp() override
	{
		qbman.misuse().set_log([](void *, const char *) {}, nullptr);
		mem.map(&cscn, sizeof(cscn));
	}
	TestMemory mem;
	Qbman qbman{mem, dpaa2::model::kQmanRev50};
	alignas(16) qb::ScnRecord cscn;
};

} // namespace

TEST_F(QbmanQueues, IdsAreNonZeroUniqueAndReused)
{
	std::set<uint32_t> fqids;
	for (unsigned i = 0; i < 500; i++) {
		const uint32_t f = qbman.fq_alloc();
		EXPECT_NE(f, 0u);
		EXPECT_LE(f, hw::kFqidMask);
		EXPECT_TRUE(fqids.insert(f).second);
	}
	std::set<uint16_t> bpids;
	for (unsigned i = 0; i < 300; i++) {
		const uint16_t b = qbman.bp_alloc();
		EXPECT_NE(b, 0);
		EXPECT_LT(b, 16384);
		EXPECT_TRUE(bpids.insert(b).second);
	}
	const uint32_t f = *fqids.begin();
	qbman.fq_free(f);
	EXPECT_EQ(qbman.fq_settings(f), nullptr);
	EXPECT_FALSE(qbman.enqueue(f, tx_fd(0)));
	EXPECT_EQ(qbman.fq_alloc(), f); // free IDs are handed out again
	const uint16_t ch = qbman.channel_alloc();
	EXPECT_GT(ch, dpaa2::model::Qbman::kMaxPortals); // above the portals' channels
	qbman.fq_free(0x800000);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::bad_id), 1u);
}

TEST_F(QbmanQueues, FreeDropsWhatIsQueued)
{
	const uint32_t f = qbman.fq_alloc();
	for (unsigned i = 0; i < 4; i++)
		ASSERT_TRUE(qbman.enqueue(f, tx_fd(i)));
	qbman.fq_free(f);
	EXPECT_EQ(qbman.fq_dropped_at_free(), 4u);
}

TEST_F(QbmanQueues, TaildropByFrames)
{
	const uint32_t f = qbman.fq_alloc();
	auto *s = qbman.fq_settings(f);
	s->taildrop = true;
	s->taildrop_frames = true;
	s->taildrop_threshold = 5;
	for (unsigned i = 0; i < 5; i++)
		EXPECT_TRUE(qbman.enqueue(f, tx_fd(i))) << i;
	EXPECT_FALSE(qbman.enqueue(f, tx_fd(5)));
	EXPECT_FALSE(qbman.enqueue(f, tx_fd(6)));
	auto c = qbman.fq_counts(f);
	EXPECT_EQ(c.frames, 5u);
	EXPECT_EQ(c.enqueued, 5u);
	EXPECT_EQ(c.rejected, 2u);
	hw::Fd fd;
	ASSERT_TRUE(qbman.dequeue(f, fd));
	EXPECT_EQ(fd, tx_fd(0));
	EXPECT_TRUE(qbman.enqueue(f, tx_fd(7))); // room again
}

TEST_F(QbmanQueues, TaildropByBytes)
{
	const uint32_t f = qbman.fq_alloc();
	auto *s = qbman.fq_settings(f);
	s->taildrop = true;
	s->taildrop_threshold = 1000;
	hw::Fd fd = tx_fd(0);
	fd.set_length(300);
	for (unsigned i = 0; i < 3; i++)
		EXPECT_TRUE(qbman.enqueue(f, fd));
	EXPECT_FALSE(qbman.enqueue(f, fd)); // 1200 > 1000
	fd.set_length(100);
	EXPECT_TRUE(qbman.enqueue(f, fd)); // exactly 1000
	EXPECT_EQ(qbman.fq_counts(f).bytes, 1000u);
	EXPECT_EQ(qbman.fq_counts(f).rejected, 1u);
}

// What a generator under flow control asks before each frame: the answer
// must be the enqueue's own, or the frames in the gap between the two
// tests are offered and tail-dropped (upstream's 64 KiB byte threshold with
// 60-byte frames left 4 bytes of such a gap).
TEST_F(QbmanQueues, WouldDropAnswersAsTheEnqueueDoes)
{
	const uint32_t f = qbman.fq_alloc();
	auto *s = qbman.fq_settings(f);
	s->taildrop = true;
	s->taildrop_threshold = 65536;
	hw::Fd fd = tx_fd(0);
	fd.set_length(60);
	unsigned taken = 0;
	while (!qbman.fq_would_drop(f, 60)) {
		ASSERT_TRUE(qbman.enqueue(f, fd)) << taken;
		taken++;
	}
	EXPECT_EQ(taken, 65536u / 60u);
	EXPECT_FALSE(qbman.enqueue(f, fd));
	EXPECT_EQ(qbman.fq_counts(f).rejected, 1u);
	// A shorter frame still fits where a longer one would not.
	EXPECT_FALSE(qbman.fq_would_drop(f, 65536 - 60 * taken));
	EXPECT_TRUE(qbman.fq_would_drop(f, 65536 - 60 * taken + 1));
	EXPECT_FALSE(qbman.fq_would_drop(qbman.fq_alloc(), 60)); // no tail drop set
}

// The Tx queue setup of net/dpaa2: CSCN in frames, entry at nb_tx_desc,
// exit lower, the record written to memory on entry and exit, and at
// configuration (the driver's memory is not zeroed).
TEST_F(QbmanQueues, CscnRecordsAtConfigurationAndCrossings)
{
	const uint32_t f = qbman.fq_alloc();
	std::memset(&cscn, 0xff, sizeof(cscn));
	Qbman::FqSettings s;
	s.cscn = true;
	s.cscn_iova = iova(&cscn);
	s.cscn_ctx = 0x1234567890abcdefull;
	s.cscn_entry = 8;
	s.cscn_exit = 6;
	s.cscn_mode = 1 | 2 | 4;
	ASSERT_TRUE(qbman.fq_configure(f, s));
	EXPECT_EQ(cscn.verb, qb::result_verb::kCscnMem);
	EXPECT_EQ(cscn.state, 0);
	EXPECT_EQ(cscn.ctx.load(), s.cscn_ctx);

	auto poison = [this] { cscn.state = 0x55; };
	poison();
	for (unsigned i = 0; i < 7; i++)
		ASSERT_TRUE(qbman.enqueue(f, tx_fd(i)));
	EXPECT_EQ(cscn.state, 0x55) << "written without a crossing";
	ASSERT_TRUE(qbman.enqueue(f, tx_fd(7))); // 8 frames: entry
	EXPECT_EQ(cscn.state, qb::scn_state::kCongested);
	poison();
	ASSERT_TRUE(qbman.enqueue(f, tx_fd(8)));
	hw::Fd fd;
	for (unsigned i = 0; i < 3; i++)
		ASSERT_TRUE(qbman.dequeue(f, fd)); // 6 left: not below exit
	EXPECT_EQ(cscn.state, 0x55);
	ASSERT_TRUE(qbman.dequeue(f, fd)); // 5 < 6: exit
	EXPECT_EQ(cscn.state, 0);
	EXPECT_EQ(cscn.ctx.load(), s.cscn_ctx);
	// Congestion does not refuse frames by itself.
	EXPECT_EQ(qbman.fq_counts(f).rejected, 0u);
}

TEST_F(QbmanQueues, CscnInBytesAndUnmappedRecord)
{
	const uint32_t f = qbman.fq_alloc();
	Qbman::FqSettings s;
	s.cscn = true;
	s.cscn_frames = false;
	s.cscn_iova = iova(&cscn);
	s.cscn_entry = 1000;
	s.cscn_exit = 500;
	qbman.fq_configure(f, s);
	hw::Fd fd = tx_fd(0);
	fd.set_length(600);
	qbman.enqueue(f, fd);
	EXPECT_EQ(cscn.state, 0);
	qbman.enqueue(f, fd);
	EXPECT_EQ(cscn.state, 1);
	hw::Fd out;
	qbman.dequeue(f, out);
	EXPECT_EQ(cscn.state, 1); // 600 is not below 500
	qbman.dequeue(f, out);
	EXPECT_EQ(cscn.state, 0);

	// No entry threshold: never congested.
	s.cscn_entry = 0;
	std::memset(&cscn, 0xff, sizeof(cscn));
	qbman.fq_configure(f, s);
	EXPECT_EQ(cscn.state, 0);
	for (unsigned i = 0; i < 5; i++)
		qbman.enqueue(f, fd);
	EXPECT_EQ(cscn.state, 0);

	s.cscn_iova = 0x10; // nothing mapped there
	qbman.fq_configure(f, s);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::cscn_unmapped), 1u);
}

// WRIOP's Tx queues: the consumer runs after each enqueue and may take the
// frame at once.
TEST_F(QbmanQueues, ConsumerRunsAfterEveryEnqueue)
{
	struct Sink {
		Qbman *qb;
		std::vector<hw::Fd> got;
	} sink{&qbman, {}};
	const uint32_t f = qbman.fq_alloc();
	qbman.fq_set_consumer(
		f,
		[](void *ctx, uint32_t fqid) {
			auto *s = static_cast<Sink *>(ctx);
			hw::Fd fd;
			while (s->qb->dequeue(fqid, fd))
				s->got.push_back(fd);
		},
		&sink);
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.enqueue(f, tx_fd(i)));
	ASSERT_EQ(sink.got.size(), 10u);
	EXPECT_EQ(sink.got[9], tx_fd(9));
	EXPECT_EQ(qbman.fq_counts(f).frames, 0u);
	EXPECT_EQ(qbman.fq_counts(f).enqueued, 10u);
	// Through a portal's EQCR as well.
	SwpDriver drv(qbman.portal_create(1), dpaa2::model::kQmanRev50);
	ASSERT_TRUE(drv.init());
	const hw::Fd fd = tx_fd(42);
	ASSERT_EQ(drv.enqueue(f, &fd, 1), 1);
	ASSERT_EQ(sink.got.size(), 11u);
	EXPECT_EQ(sink.got[10], fd);
}

TEST_F(QbmanQueues, PoolsCountAndCatchDoubleRelease)
{
	const uint16_t b = qbman.bp_alloc();
	EXPECT_TRUE(qbman.bp_release(b, 0x1000));
	EXPECT_TRUE(qbman.bp_release(b, 0x2000));
	EXPECT_FALSE(qbman.bp_release(b, 0x1000)); // a double free
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::double_release), 1u);
	EXPECT_EQ(qbman.bp_count(b), 2u);
	uint64_t a;
	ASSERT_TRUE(qbman.bp_acquire(b, a));
	EXPECT_EQ(a, 0x1000u);
	EXPECT_TRUE(qbman.bp_release(b, 0x1000)); // released again after the acquire
	EXPECT_FALSE(qbman.bp_release(0, 0x3000));
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::release_bad_bpid), 1u);
	qbman.bp_free(b);
	EXPECT_FALSE(qbman.bp_exists(b));
	EXPECT_EQ(qbman.bp_count(b), 0u);
}

// Static dequeue (eventdev): a scheduled FQ's frames reach the DQRR of the
// portal whose SDQCR names its channel; DCAP frees the entries.
TEST_F(QbmanQueues, StaticDequeueFillsTheDqrr)
{
	SwPortal &p = qbman.portal_create(3);
	SwpDriver drv(p, dpaa2::model::kQmanRev50);
	ASSERT_TRUE(drv.init());
	const uint16_t ch = qbman.channel_alloc();
	const int bit = p.add_static_dequeue_channel(ch);
	ASSERT_GE(bit, 0);
	const uint32_t f = qbman.fq_alloc();
	auto *s = qbman.fq_settings(f);
	s->scheduled = true;
	s->dest_channel = ch;
	s->user_context = 0x77;
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.enqueue(f, tx_fd(i)));
	EXPECT_FALSE(qbman.poll()); // SDQCR still 0
	p.cinh_store(qb::cinh::kSdqcr,
		     qb::sdqcr::kFcUpTo3 | 1u << qb::sdqcr::kDctShift |
			     uint32_t{qb::sdqcr::kDpdkToken} << qb::sdqcr::kTokShift | 1u << bit);
	while (qbman.poll()) {
	}
	// Eight entries: the DQRR is full until consumed.
	EXPECT_EQ(qbman.fq_counts(f).frames, 2u);
	EXPECT_EQ(p.cinh_load(qb::cinh::kDqpi), 8u); // index 0 of the second lap
	for (unsigned i = 0; i < 8; i++) {
		qb::DequeueResult r;
		std::memcpy(&r, p.cena() + qb::cena::mem::dqrr(i), sizeof(r));
		EXPECT_EQ(r.verb, qb::result_verb::kDq | qb::kValidBit) << i;
		EXPECT_EQ(r.tok, qb::sdqcr::kDpdkToken);
		EXPECT_EQ(r.fqd_ctx.load(), 0x77u);
		EXPECT_EQ(r.fd, tx_fd(i));
		EXPECT_TRUE(r.stat & qb::dq_stat::kValidFrame);
		EXPECT_FALSE(r.stat & qb::dq_stat::kVolatile);
	}
	p.cinh_store(qb::cinh::kDcap, 0);
	p.cinh_store(qb::cinh::kDcap, 1);
	EXPECT_TRUE(qbman.poll());
	qb::DequeueResult r;
	std::memcpy(&r, p.cena() + qb::cena::mem::dqrr(0), sizeof(r));
	EXPECT_EQ(r.verb, qb::result_verb::kDq); // second lap: valid bit 0
	EXPECT_EQ(r.fd, tx_fd(8));
	std::memcpy(&r, p.cena() + qb::cena::mem::dqrr(1), sizeof(r));
	EXPECT_EQ(r.fd, tx_fd(9));
	EXPECT_TRUE(r.stat & qb::dq_stat::kFqEmpty);
	// Consuming an entry twice is misuse.
	p.cinh_store(qb::cinh::kDcap, 5);
	p.cinh_store(qb::cinh::kDcap, 5);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::bad_dcap), 1u);
}

// A pull without RLS delivers to the DQRR as room allows; another pull
// before it has finished is misuse and is ignored.
TEST_F(QbmanQueues, PullToDqrrWaitsForRoomAndIsOneDeep)
{
	SwPortal &p = qbman.portal_create(4);
	SwpDriver drv(p, dpaa2::model::kQmanRev50);
	ASSERT_TRUE(drv.init());
	const uint32_t f = qbman.fq_alloc();
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.enqueue(f, tx_fd(i)));
	auto issue = [&p, f](uint8_t vb) {
		qb::PullCommand c{};
		c.verb = qb::pull_verb::kDctPrio | qb::pull_verb::kDtFrameQueue | vb;
		c.numf = 9;
		c.tok = 5;
		c.dq_src.store(f);
		std::memcpy(p.cena() + qb::cena::mem::kVdqcr, &c, sizeof(c));
		p.cinh_store(qb::cinh::kVdqcrRt, qb::kRtMode);
	};
	issue(qb::kValidBit);
	EXPECT_EQ(qbman.fq_counts(f).frames, 2u); // eight entries fit
	issue(0);
	EXPECT_EQ(qbman.misuse().count(QbmanMisuse::vdqcr_busy), 1u);
	for (unsigned i = 0; i < 8; i++) {
		qb::DequeueResult r;
		std::memcpy(&r, p.cena() + qb::cena::mem::dqrr(i), sizeof(r));
		EXPECT_EQ(r.stat, qb::dq_stat::kValidFrame | qb::dq_stat::kVolatile) << i;
		EXPECT_EQ(r.tok, 5);
		p.cinh_store(qb::cinh::kDcap, i);
	}
	EXPECT_TRUE(qbman.poll());
	qb::DequeueResult r;
	std::memcpy(&r, p.cena() + qb::cena::mem::dqrr(1), sizeof(r));
	EXPECT_EQ(r.fd, tx_fd(9));
	EXPECT_EQ(r.stat, qb::dq_stat::kValidFrame | qb::dq_stat::kVolatile |
				  qb::dq_stat::kExpired | qb::dq_stat::kFqEmpty);
	EXPECT_FALSE(qbman.poll()); // finished
}

TEST_F(QbmanQueues, PoolDepletionWithHysteresis)
{
	const uint16_t b = qbman.bp_alloc();
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.bp_release(b, 0x1000 * (i + 1)));
	EXPECT_FALSE(qbman.bp_depleted(b)); // no thresholds: never
	qbman.bp_set_depletion(b, 4, 6);
	uint64_t a[7];
	ASSERT_EQ(qbman.bp_acquire(b, a, 6), 6u); // 4 left: not below 4
	EXPECT_FALSE(qbman.bp_depleted(b));
	ASSERT_TRUE(qbman.bp_acquire(b, a[6])); // 3 < 4
	EXPECT_TRUE(qbman.bp_depleted(b));
	ASSERT_TRUE(qbman.bp_release(b, a[0]));
	ASSERT_TRUE(qbman.bp_release(b, a[1]));
	ASSERT_TRUE(qbman.bp_release(b, a[2])); // 6 is not above 6
	EXPECT_TRUE(qbman.bp_depleted(b));
	ASSERT_TRUE(qbman.bp_release(b, a[3])); // 7 > 6
	EXPECT_FALSE(qbman.bp_depleted(b));
	EXPECT_EQ(qbman.bp_depletion_entries(b), 1u);

	// What a BP query reports, through a portal.
	SwpDriver drv(qbman.portal_create(0), dpaa2::model::kQmanRev50);
	ASSERT_TRUE(drv.init());
	ASSERT_EQ(qbman.bp_acquire(b, a, 4), 4u); // 3 left: depleted again
	qb::BpQueryResponse q;
	ASSERT_EQ(drv.bp_query(b, q), 0);
	EXPECT_EQ(q.fill.load(), 3u);
	EXPECT_EQ(q.state, qb::bp_state::kDepleted);
}
