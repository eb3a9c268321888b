/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The VA <-> bus-address window table the data path translates through.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "platform/bus_addr.hpp"

using dpaa::platform::kBadBusAddr;
using dpaa::platform::WindowTable;

// The tests use their own tables; the process's one lives in the bus library.
WindowTable rte_dpaa_windows;

namespace
{
void *va(uintptr_t a)
{
	return reinterpret_cast<void *>(a);
}
} // namespace

TEST(BusAddr, RoundTripInsideEveryWindow)
{
	WindowTable t;
	ASSERT_EQ(t.add(0x7f0000000000, 0x100000000, 0x40000000), 0);
	ASSERT_EQ(t.add(0x7e0000000000, 0x200000000, 0x200000), 0);
	for (uintptr_t a : {0x7f0000000000ul, 0x7f0000001234ul, 0x7f003ffffffful, 0x7e0000000000ul,
			    0x7e00001ffffful}) {
		const uint64_t bus = t.to_bus(va(a));
		ASSERT_NE(bus, kBadBusAddr) << std::hex << a;
		EXPECT_LT(bus, dpaa::platform::kBusAddrLimit);
		EXPECT_EQ(t.to_va(bus), va(a));
	}
	EXPECT_EQ(t.to_bus(va(0x7f0000001234)), 0x100001234u);
	EXPECT_EQ(t.to_bus(va(0x7e0000000010)), 0x200000010u);
}

TEST(BusAddr, UnmappedAddressesAreRefused)
{
	WindowTable t;
	EXPECT_EQ(t.to_bus(va(0x1000)), kBadBusAddr) << "empty table";
	EXPECT_EQ(t.to_va(0), nullptr);
	ASSERT_EQ(t.add(0x10000, 0x1000000, 0x1000), 0);
	EXPECT_EQ(t.to_bus(va(0x11000)), kBadBusAddr) << "one past the end";
	EXPECT_EQ(t.to_bus(va(0xffff)), kBadBusAddr) << "one before the start";
	EXPECT_EQ(t.to_va(0x1001000), nullptr);
	EXPECT_EQ(t.to_va(0xffffff), nullptr);
}

TEST(BusAddr, BadWindowsAreRejected)
{
	WindowTable t;
	EXPECT_EQ(t.add(0x10000, 0x1000, 0), -EINVAL);
	EXPECT_EQ(t.add(0x10000, dpaa::platform::kBusAddrLimit - 0x1000, 0x2000), -EINVAL)
		<< "beyond 40 bits";
	ASSERT_EQ(t.add(0x10000, 0x100000, 0x10000), 0);
	EXPECT_EQ(t.add(0x18000, 0x900000, 0x10000), -EEXIST) << "VA overlap";
	EXPECT_EQ(t.add(0x90000, 0x108000, 0x10000), -EEXIST) << "bus overlap";
	EXPECT_EQ(t.size(), 1u);
}

TEST(BusAddr, TableFullIsENOSPC)
{
	WindowTable t;
	for (unsigned i = 0; i < WindowTable::kMaxWindows; i++)
		ASSERT_EQ(t.add(0x100000 + i * 0x1000, 0x10000000 + i * 0x1000, 0x1000), 0) << i;
	EXPECT_EQ(t.add(0x900000000, 0x900000000, 0x1000), -ENOSPC);
	// Every window still translates after the hint moved around.
	for (unsigned i = 0; i < WindowTable::kMaxWindows; i += 37)
		EXPECT_EQ(t.to_bus(va(0x100000 + i * 0x1000 + 8)), 0x10000000u + i * 0x1000 + 8);
}

TEST(BusAddr, RemovedWindowNoLongerTranslates)
{
	WindowTable t;
	ASSERT_EQ(t.add(0x10000, 0x100000, 0x1000), 0);
	ASSERT_EQ(t.add(0x20000, 0x200000, 0x1000), 0);
	EXPECT_EQ(t.to_bus(va(0x10010)), 0x100010u); // hint on window 0
	ASSERT_EQ(t.remove(0x10000), 0);
	EXPECT_EQ(t.to_bus(va(0x10010)), kBadBusAddr);
	EXPECT_EQ(t.to_bus(va(0x20010)), 0x200010u);
	EXPECT_EQ(t.remove(0x10000), -ENOENT);
	EXPECT_TRUE(t.covers(0x20000, 0x1000));
	EXPECT_FALSE(t.covers(0x20000, 0x1001));
}

TEST(BusAddr, ReadersOnSeveralThreadsWhileWindowsAreAdded)
{
	WindowTable t;
	ASSERT_EQ(t.add(0x1000000, 0x1000000, 0x100000), 0);
	std::atomic<bool> stop{false};
	std::atomic<uint64_t> wrong{0};
	std::vector<std::thread> readers;
	readers.reserve(2);
	for (int r = 0; r < 2; r++)
		readers.emplace_back([&, r] {
			uint64_t i = 0;
			while (!stop.load(std::memory_order_relaxed)) {
				const uintptr_t a = 0x1000000 + ((i++ * 64 + r) & 0xfffff);
				if (t.to_bus(va(a)) != a || t.to_va(a) != va(a))
					wrong++;
			}
		});
	// Another window per step: readers' hints keep being invalidated by
	// nothing but their own misses, and must never translate wrongly.
	for (unsigned i = 1; i < 64; i++) {
		ASSERT_EQ(t.add(0x1000000 + i * 0x100000, 0x1000000 + i * 0x100000, 0x100000), 0);
		EXPECT_EQ(t.to_bus(va(0x1000000 + i * 0x100000 + 5)),
			  0x1000000u + i * 0x100000 + 5);
	}
	stop = true;
	for (auto &th : readers)
		th.join();
	EXPECT_EQ(wrong.load(), 0u);
}
