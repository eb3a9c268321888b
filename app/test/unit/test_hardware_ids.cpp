/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The one allocator that hands out the modelled SoC's hardware IDs, to the
// emulated USDPAA kernel's ID_ALLOC and to the model platform alike: every
// kind from the ranges the kernel's device tree gives user space.

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdint>
#include <set>

#include "dpaa_model/hardware_ids.hpp"

namespace model = dpaa::model;

namespace
{

// Allocates single IDs of 'kind' until the allocator refuses; the IDs it
// gave, each once.
std::set<uint32_t> drain(dpaa::emu::IdPools &ids, unsigned kind)
{
	std::set<uint32_t> got;
	for (;;) {
		uint32_t base = 0, num = 1;
		const int ret = ids.alloc(kind, base, num, 1, false);
		if (ret < 0) {
			EXPECT_EQ(ret, -ENOMEM);
			return got;
		}
		EXPECT_EQ(num, 1u);
		EXPECT_TRUE(got.insert(base).second) << "ID " << base << " handed out twice";
	}
}

std::set<uint32_t> span(uint32_t first, uint32_t count)
{
	std::set<uint32_t> s;
	for (uint32_t i = 0; i < count; i++)
		s.insert(first + i);
	return s;
}

} // namespace

TEST(HardwareIds, OneAllocatorServesEveryKindFromTheKernelsRanges)
{
	dpaa::emu::IdPools ids = model::make_id_pools(model::usdpaa_id_ranges());
	EXPECT_EQ(drain(ids, model::kIdBpid), span(32, 32));
	EXPECT_EQ(drain(ids, model::kIdPoolChannel), span(0x401, 15));
	EXPECT_EQ(drain(ids, model::kIdCgrid), span(0, 256));
	// FQIDs: 256-511, then 32768-65535 (in runs: one at a time would take
	// the allocator's linear search 33 Ki times).
	uint32_t base = 0, num = 256;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 1, false), 0);
	EXPECT_EQ(base, 256u);
	num = 1;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 1, false), 0);
	EXPECT_EQ(base, 32768u);
	num = 32767;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 1, false), 0);
	EXPECT_EQ(base, 32769u);
	num = 1;
	EXPECT_EQ(ids.alloc(model::kIdFqid, base, num, 1, false), -ENOMEM);
	// Every kind is held in full, and only what was handed out.
	EXPECT_EQ(ids.held(model::kIdFqid), 256u + 32768u);
	EXPECT_EQ(ids.held(model::kIdBpid), 32u);
	EXPECT_EQ(ids.held(model::kIdPoolChannel), 15u);
	EXPECT_EQ(ids.held(model::kIdCgrid), 256u);
}

TEST(HardwareIds, FqidRunsAreAlignedAndSpillIntoTheSecondRange)
{
	dpaa::emu::IdPools ids = model::make_id_pools(model::usdpaa_id_ranges());
	uint32_t base = 0, num = 16;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 16, false), 0);
	EXPECT_EQ(base, 256u);
	// 256 aligned FQIDs no longer fit in 256-511: they come from 32768 on.
	num = 256;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 256, false), 0);
	EXPECT_EQ(base, 32768u);
	num = 8;
	ASSERT_EQ(ids.alloc(model::kIdFqid, base, num, 8, false), 0);
	EXPECT_EQ(base, 272u);
	// No run of 64 Ki IDs exists: all or nothing unless partial.
	num = 65536;
	EXPECT_EQ(ids.alloc(model::kIdFqid, base, num, 1, false), -ENOMEM);
	EXPECT_EQ(ids.held(model::kIdFqid), 16u + 256u + 8u);
}

TEST(HardwareIds, ReleasedIdsComeBackAndOnlyHeldOnesRelease)
{
	dpaa::emu::IdPools ids = model::make_id_pools(model::usdpaa_id_ranges());
	uint32_t a = 0, b = 0, num = 1;
	ASSERT_EQ(ids.alloc(model::kIdBpid, a, num, 1, false), 0);
	ASSERT_EQ(ids.alloc(model::kIdBpid, b, num, 1, false), 0);
	EXPECT_EQ(a, 32u);
	EXPECT_EQ(b, 33u);
	EXPECT_EQ(ids.release(model::kIdBpid, a, 1), 0);
	EXPECT_EQ(ids.release(model::kIdBpid, a, 1), -EINVAL);
	// A held ID of one kind is not held in another.
	EXPECT_EQ(ids.release(model::kIdCgrid, b, 1), -EINVAL);
	ASSERT_EQ(ids.alloc(model::kIdBpid, a, num, 1, false), 0);
	EXPECT_EQ(a, 32u);
	// The kernel's ID_RESERVE: a given ID, once.
	EXPECT_EQ(ids.reserve(model::kIdFqid, 0x50, 2), 0);
	EXPECT_EQ(ids.reserve(model::kIdFqid, 0x51, 1), -EBUSY);
	EXPECT_EQ(ids.alloc(model::kNumIdKinds, a, num, 1, false), -EINVAL);
}
