/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The fsl-mc bus's QBMan software-portal driver (drivers/bus/fslmc/qbman)
// on a modelled memory-backed portal (QMan 5.0, LX2160A): what a user of
// the portal checks is what QBMan holds afterwards, so every test counts
// frames and buffers in the model's queues and pools.

#include <algorithm>
#include <cstring>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/swp.hpp"
#include "qbman/swp.hpp"

namespace
{

namespace hw = dpaa2::hw;
namespace qb = dpaa2::hw::qb;
using dpaa2::model::Qbman;
using dpaa2::model::SwPortal;

// The registers of a modelled portal, reached by call as the emulation
// reaches them on a trapped access.
struct ModelCinh {
	SwPortal *p = nullptr;
	uint32_t load(uint32_t off) const { return p->cinh_load(off); }
	void store(uint32_t off, uint32_t v) const { p->cinh_store(off, v); }
};
using Swp = dpaa2::fslmc::qbman::BasicSwp<ModelCinh>;

class IdentityMemory final : public dpaa::model::BusMemory
{
public:
	void *to_host(uint64_t bus, size_t) noexcept override
	{
		return reinterpret_cast<void *>(bus);
	}
};

struct alignas(64) Storage {
	qb::DequeueResult r[32];
};

hw::Fd make_fd(unsigned i)
{
	hw::Fd fd{};
	fd.set_addr(0x200000000ull + 0x800ull * i);
	fd.set_length(64 + i % 1000);
	fd.set_bpid(7);
	fd.set_offset(256);
	fd.set_frc(i);
	return fd;
}

class FslmcSwp : public ::testing::Test
{
protected:
	void SetUp() override
	{
		SwPortal &p = qbman.portal_create(kIndex);
		Swp::Config c;
		c.cena = p.cena();
		c.cinh = ModelCinh{&p};
		c.qman_version = dpaa2::model::kQmanRev50;
		c.index = kIndex;
		swp = std::make_unique<Swp>(c);
		ASSERT_EQ(swp->init(), 0);
		fqid = qbman.fq_alloc();
		ASSERT_NE(fqid, 0u);
		ASSERT_TRUE(qbman.fq_configure(fqid));
		bpid = qbman.bp_alloc();
		ASSERT_NE(bpid, 0);
	}
	void TearDown() override { EXPECT_EQ(qbman.misuse_count(), 0u); }

	std::vector<hw::Fd> pull_all(unsigned frames)
	{
		std::vector<hw::Fd> got;
		EXPECT_EQ(swp->pull(fqid, frames, storage.r, reinterpret_cast<uint64_t>(&storage)),
			  0);
		int n = swp->pull_collect(storage.r, frames,
					  [&](const hw::Fd &fd, const qb::DequeueResult &r) {
						  EXPECT_EQ(r.fqid.load() & hw::kFqidMask, fqid);
						  got.push_back(fd);
					  });
		EXPECT_EQ(n, static_cast<int>(got.size()));
		return got;
	}

	static constexpr unsigned kIndex = 9;
	IdentityMemory mem;
	Qbman qbman{mem, dpaa2::model::kQmanRev50};
	std::unique_ptr<Swp> swp;
	uint32_t fqid = 0;
	uint16_t bpid = 0;
	Storage storage{};
};

} // namespace

TEST_F(FslmcSwp, InitConfiguresAMemoryBackedPortal)
{
	SwPortal &p = *qbman.portal(kIndex);
	EXPECT_TRUE(swp->memory_backed());
	EXPECT_EQ(swp->eqcr_size(), 32u);
	EXPECT_EQ(p.cinh_load(qb::cinh::kCfg), qb::swp_cfg::kDpdkMemBacked);
	EXPECT_EQ(p.cinh_load(qb::cinh::kSdqcr), 0u);
	EXPECT_EQ(swp->token(), kIndex + 1);
}

TEST_F(FslmcSwp, EnqueueTakesAFullRingWithOneDoorbell)
{
	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 40; i++)
		fds.push_back(make_fd(i));
	// One call: the ring's 32 entries.
	EXPECT_EQ(swp->enqueue(fqid, fds.data(), 40), 32u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 32u);
	EXPECT_EQ(swp->enqueue(fqid, fds.data() + 32, 8), 8u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 40u);
	for (unsigned i = 0; i < 40; i++) {
		hw::Fd fd;
		ASSERT_TRUE(qbman.dequeue(fqid, fd));
		EXPECT_EQ(std::memcmp(&fd, &fds[i], sizeof(fd)), 0) << "frame " << i;
	}
}

TEST_F(FslmcSwp, EnqueueAroundTheRingManyTimes)
{
	// 1000 frames in bursts of 1..32: the producer index and its valid bit
	// wrap many times.
	unsigned sent = 0, burst = 1;
	while (sent < 1000) {
		std::vector<hw::Fd> fds;
		for (unsigned i = 0; i < burst && sent + i < 1000; i++)
			fds.push_back(make_fd(sent + i));
		ASSERT_EQ(swp->enqueue(fqid, fds.data(), fds.size()), fds.size());
		sent += fds.size();
		burst = burst % 32 + 1;
	}
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 1000u);
	for (unsigned i = 0; i < 1000; i++) {
		hw::Fd fd;
		ASSERT_TRUE(qbman.dequeue(fqid, fd));
		EXPECT_EQ(fd.frc(), i);
	}
}

TEST_F(FslmcSwp, PullTakesWhatIsQueuedAndEndsOnAnEmptyQueue)
{
	for (unsigned i = 0; i < 10; i++)
		ASSERT_TRUE(qbman.enqueue(fqid, make_fd(i)));
	std::vector<hw::Fd> got = pull_all(32);
	ASSERT_EQ(got.size(), 10u);
	for (unsigned i = 0; i < 10; i++)
		EXPECT_EQ(got[i].frc(), i);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 0u);
	// An empty queue: the pull ends with no frame, and the next works.
	EXPECT_TRUE(pull_all(16).empty());
	for (unsigned i = 0; i < 40; i++)
		ASSERT_TRUE(qbman.enqueue(fqid, make_fd(100 + i)));
	got = pull_all(32);
	ASSERT_EQ(got.size(), 32u);
	EXPECT_EQ(got.front().frc(), 100u);
	EXPECT_EQ(qbman.fq_counts(fqid).frames, 8u);
	got = pull_all(32);
	ASSERT_EQ(got.size(), 8u);
	EXPECT_EQ(got.back().frc(), 139u);
}

TEST_F(FslmcSwp, PullResultsCarryThePortalsToken)
{
	ASSERT_TRUE(qbman.enqueue(fqid, make_fd(1)));
	ASSERT_EQ(swp->pull(fqid, 4, storage.r, reinterpret_cast<uint64_t>(&storage)), 0);
	ASSERT_TRUE(Swp::result_ready(storage.r[0]));
	EXPECT_EQ(storage.r[0].tok, kIndex + 1);
	EXPECT_EQ(swp->pull_collect(storage.r, 4, [](const hw::Fd &, const qb::DequeueResult &) {}),
		  1);
}

TEST_F(FslmcSwp, ReleaseInSevensAndAcquireThemBack)
{
	std::vector<uint64_t> bufs;
	for (unsigned i = 0; i < 100; i++)
		bufs.push_back(0x300000000ull + 0x1000ull * i);
	for (size_t i = 0; i < bufs.size(); i += 7) {
		const unsigned n = std::min<size_t>(7, bufs.size() - i);
		ASSERT_EQ(swp->release(bpid, &bufs[i], n), 0);
	}
	EXPECT_EQ(qbman.bp_count(bpid), 100u);
	uint32_t fill = 0;
	ASSERT_EQ(swp->bp_query(bpid, fill), 0);
	EXPECT_EQ(fill, 100u);

	std::set<uint64_t> back;
	uint64_t got[7];
	while (qbman.bp_count(bpid) >= 7) {
		ASSERT_EQ(swp->acquire(bpid, got, 7), 7);
		back.insert(got, got + 7);
	}
	EXPECT_EQ(qbman.bp_count(bpid), 2u);
	// All or nothing: 7 asked of a pool of 2.
	EXPECT_EQ(swp->acquire(bpid, got, 7), -ENOBUFS);
	EXPECT_EQ(qbman.bp_count(bpid), 2u);
	ASSERT_EQ(swp->acquire(bpid, got, 2), 2);
	back.insert(got, got + 2);
	EXPECT_EQ(back, std::set<uint64_t>(bufs.begin(), bufs.end()));
	EXPECT_EQ(swp->acquire(bpid, got, 1), -ENOBUFS);
	EXPECT_EQ(swp->release(bpid, got, 0), -EINVAL);
	EXPECT_EQ(swp->release(bpid, got, 8), -EINVAL);
}

TEST_F(FslmcSwp, FqQueryNpCountsFramesAndBytes)
{
	uint32_t frames = 1, bytes = 1;
	ASSERT_EQ(swp->fq_query_np(fqid, frames, bytes), 0);
	EXPECT_EQ(frames, 0u);
	uint32_t total = 0;
	for (unsigned i = 0; i < 5; i++) {
		ASSERT_TRUE(qbman.enqueue(fqid, make_fd(i)));
		total += make_fd(i).length();
	}
	ASSERT_EQ(swp->fq_query_np(fqid, frames, bytes), 0);
	EXPECT_EQ(frames, 5u);
	EXPECT_EQ(bytes, total);
}

TEST_F(FslmcSwp, ManagementCommandsAlternateTheirValidBit)
{
	// Many commands in a row: each response is found with the right valid
	// bit (a stale one would give the previous answer).
	for (unsigned i = 0; i < 50; i++) {
		uint64_t b = 0x400000000ull + i;
		ASSERT_EQ(swp->release(bpid, &b, 1), 0);
		uint32_t fill = 0;
		ASSERT_EQ(swp->bp_query(bpid, fill), 0);
		EXPECT_EQ(fill, i + 1);
	}
}
