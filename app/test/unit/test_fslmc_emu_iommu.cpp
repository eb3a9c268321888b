/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The emulated container's IOMMU table (lib/fslmc_emu/iommu.hpp), which is
// the modelled SoC's bus memory: what MAP_DMA mapped, and only that, turned
// into the process's addresses, across the pages EAL maps one by one.

#include <cerrno>
#include <cstdint>
#include <gtest/gtest.h>

#include "emu_common/log.hpp"
#include "fslmc_emu/iommu.hpp"

const char dpaa::emu::kLogName[] = "fslmc-emu-iommu-test";

namespace
{

using dpaa2::emu::IommuTable;

void *host(uint64_t a)
{
	return reinterpret_cast<void *>(static_cast<uintptr_t>(a));
}

TEST(FslmcEmuIommu, PagesMappedOneByOneReachAcrossTheirBoundaries)
{
	IommuTable t;
	// EAL's --no-huge segments: one MAP_DMA per 4 KiB page, IOVA = VA,
	// in any order.
	ASSERT_EQ(t.map(0x10001000, 0x7f0000001000, 0x1000), 0);
	ASSERT_EQ(t.map(0x10000000, 0x7f0000000000, 0x1000), 0);
	ASSERT_EQ(t.map(0x10003000, 0x7f0000003000, 0x1000), 0);
	ASSERT_EQ(t.map(0x10002000, 0x7f0000002000, 0x1000), 0);
	EXPECT_EQ(t.ranges(), 1u);
	EXPECT_EQ(t.map_calls(), 4u);
	// A buffer that straddles two pages.
	EXPECT_EQ(t.to_host(0x10000f00, 0x400), host(0x7f0000000f00));
	EXPECT_EQ(t.to_host(0x10003fff, 1), host(0x7f0000003fff));
	EXPECT_EQ(t.refused(), 0u);
	EXPECT_EQ(t.to_host(0x10003fff, 2), nullptr); // one byte past the end
	EXPECT_EQ(t.to_host(0xfff0000, 0x10), nullptr);
	EXPECT_EQ(t.refused(), 2u);
}

TEST(FslmcEmuIommu, NeighboursInIovaOnlyStayApart)
{
	IommuTable t;
	ASSERT_EQ(t.map(0x20000000, 0x7f0000010000, 0x1000), 0);
	ASSERT_EQ(t.map(0x20001000, 0x7f0000050000, 0x1000), 0);
	EXPECT_EQ(t.ranges(), 2u);
	EXPECT_EQ(t.to_host(0x20001010, 8), host(0x7f0000050010));
	// One range each: a buffer across them has no one host address.
	EXPECT_EQ(t.to_host(0x20000ff0, 0x20), nullptr);
}

TEST(FslmcEmuIommu, OverlapsAreRefusedAndUnmapCutsExactly)
{
	IommuTable t;
	ASSERT_EQ(t.map(0x30000000, 0x7f0000100000, 0x4000), 0);
	EXPECT_EQ(t.map(0x30003000, 0x7f0000900000, 0x1000), -EEXIST);
	EXPECT_EQ(t.map(0x2ffff000, 0x7f0000900000, 0x2000), -EEXIST);
	// The middle page goes; what is left on both sides still translates.
	EXPECT_EQ(t.unmap(0x30001000, 0x1000), 0x1000u);
	EXPECT_EQ(t.ranges(), 2u);
	EXPECT_EQ(t.to_host(0x30000010, 8), host(0x7f0000100010));
	EXPECT_EQ(t.to_host(0x30002010, 8), host(0x7f0000102010));
	EXPECT_EQ(t.to_host(0x30001010, 8), nullptr);
	EXPECT_EQ(t.unmap(0, UINT64_MAX), 0x3000u);
	EXPECT_EQ(t.ranges(), 0u);
	EXPECT_EQ(t.to_host(0x30000010, 8), nullptr);
}

} // namespace
