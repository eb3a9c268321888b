/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A driver thread and the model's thread on one portal, as in a threaded
// run: the driver writes the cache-enabled area without any lock and takes
// the System lock only for its (trapped) register accesses; the model thread
// polls under the lock. Frames must come back whole and in order: a result
// or an enqueue taken before its body was complete would show.

#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "dpaa2_qbman_test_support.hpp"

using namespace dpaa2::test;

namespace
{

class QbmanThreaded : public ::testing::TestWithParam<uint32_t>
{
};

} // namespace

TEST_P(QbmanThreaded, FramesRoundTripWithAModelThread)
{
	TestMemory mem;
	Qbman qbman{mem, GetParam()};
	std::mutex lock;
	SwPortal &p = qbman.portal_create(7);
	SwpDriver drv(p, GetParam());
	drv.lock = &lock;
	drv.after_cena_store = [] { std::this_thread::yield(); };
	ASSERT_TRUE(drv.init());
	Storage storage;
	mem.map(&storage, sizeof(storage));
	const uint32_t fqid = qbman.fq_alloc();
	const uint16_t bpid = qbman.bp_alloc();

	std::atomic<bool> stop{false};
	std::thread model([&] {
		while (!stop.load(std::memory_order_relaxed)) {
			bool did;
			{
				std::lock_guard<std::mutex> g(lock);
				did = qbman.poll();
			}
			if (!did)
				std::this_thread::yield();
		}
	});

	constexpr unsigned kFrames = 200000;
	unsigned sent = 0, got = 0, bad = 0, released = 0;
	while (got < kFrames) {
		hw::Fd burst[8];
		const unsigned n = std::min(8u, kFrames - sent);
		for (unsigned i = 0; i < n; i++)
			burst[i] = tx_fd(sent + i);
		if (n > 0) {
			const int k = drv.enqueue(fqid, burst, static_cast<int>(n));
			sent += static_cast<unsigned>(k);
			if (k == 0)
				std::this_thread::yield();
		}
		// One buffer back to the pool per round, through a release slot.
		const uint64_t buf = 0x700000000ull + 64ull * released++;
		while (drv.release(bpid, &buf, 1) == -EBUSY)
			std::this_thread::yield();
		std::memset(&storage, 0, sizeof(storage));
		ASSERT_EQ(drv.pull(fqid, 16, storage), 0);
		for (const auto &r : drv.collect(UINT_MAX)) {
			if (!(r.stat & qb::dq_stat::kValidFrame))
				continue;
			if (!(r.fd == tx_fd(got)))
				bad++;
			got++;
		}
	}
	stop = true;
	model.join();
	EXPECT_EQ(bad, 0u);
	EXPECT_EQ(got, kFrames);
	std::lock_guard<std::mutex> g(lock);
	qbman.poll();
	EXPECT_EQ(qbman.bp_count(bpid), released);
	EXPECT_EQ(qbman.misuse_count(), 0u) << qbman.misuse().summary();
}

INSTANTIATE_TEST_SUITE_P(BothModes, QbmanThreaded,
			 ::testing::Values(dpaa2::model::kQmanRev41, dpaa2::model::kQmanRev50),
			 [](const auto &info) {
				 return info.param == dpaa2::model::kQmanRev41 ? "direct"
									       : "memory_backed";
			 });
