/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include <cerrno>

#include <gtest/gtest.h>

#include "qbman/qman_fqid_alloc.hpp"

using dpaa::qbman::FqidAllocator;

TEST(FqidAllocator, RangesAreAlignedContiguousAndExclusive)
{
	FqidAllocator a;
	EXPECT_EQ(a.init(0, 10), -EINVAL);
	EXPECT_EQ(a.init(0xfffff0, 0x20), -EINVAL);
	ASSERT_EQ(a.init(0x100, 0x100), 0);
	EXPECT_EQ(a.available(), 0x100u);
	EXPECT_EQ(a.alloc(), 0x100);
	EXPECT_EQ(a.alloc(16, 16), 0x110); // 0x100 is taken, next aligned start
	EXPECT_EQ(a.alloc(), 0x101);
	EXPECT_EQ(a.reserve(0x120, 4), 0);
	EXPECT_EQ(a.reserve(0x121, 1), -EBUSY);
	EXPECT_EQ(a.alloc(8, 8), 0x108);
	EXPECT_EQ(a.available(), 0x100u - 1 - 16 - 1 - 4 - 8);
	EXPECT_EQ(a.alloc(0x100, 1), -ENOSPC);
	EXPECT_EQ(a.free(0x110, 16), 0);
	EXPECT_EQ(a.free(0x110, 1), -EINVAL); // already free
	EXPECT_EQ(a.alloc(16, 16), 0x110);
	EXPECT_EQ(a.free(0x300, 1), -EINVAL); // outside the range
	EXPECT_EQ(a.alloc(3, 3), -EINVAL);    // alignment must be a power of two
}

TEST(FqidAllocator, ExhaustionAndReuse)
{
	FqidAllocator a;
	ASSERT_EQ(a.init(1000, 50), 0);
	for (int i = 0; i < 50; i++)
		EXPECT_EQ(a.alloc(), 1000 + i);
	EXPECT_EQ(a.alloc(), -ENOSPC);
	EXPECT_EQ(a.free(1025), 0);
	EXPECT_EQ(a.alloc(), 1025);
}
