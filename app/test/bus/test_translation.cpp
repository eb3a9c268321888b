/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// VA <-> 40-bit bus address translation over DPDK's memory: --no-huge memory,
// memory added at run time (an external heap, registered external memory a
// dpaa mempool is built on), and hugepage memory when the machine has some.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <sys/mman.h>

#include <rte_malloc.h>
#include <rte_memory.h>
#include <rte_mempool.h>

#include "dpaa_bus.hpp"
#include "dpaa_mempool.hpp"
#include "eal_child.hpp"

namespace
{

using dpaa::bus::kBadBusAddr;

// Round trips at every 'step' bytes of [p, p + len); how many failed.
unsigned bad_round_trips(const void *p, size_t len, size_t step)
{
	unsigned bad = 0;
	const char *c = static_cast<const char *>(p);
	for (size_t off = 0; off < len; off += step) {
		const uint64_t bus = dpaa::bus::va_to_bus(c + off);
		bad += bus == kBadBusAddr || bus >= (uint64_t{1} << 40) ||
		       dpaa::bus::bus_to_va(bus) != c + off;
	}
	const uint64_t last = dpaa::bus::va_to_bus(c + len - 1);
	bad += dpaa::bus::bus_to_va(last) != c + len - 1;
	return bad;
}

unsigned free_hugepages()
{
	std::ifstream f("/proc/meminfo");
	std::string key;
	unsigned long v;
	while (f >> key >> v) {
		if (key == "HugePages_Free:")
			return static_cast<unsigned>(v);
		f.ignore(256, '\n');
	}
	return 0;
}

// Whether a hugetlbfs is mounted: free pages without one (reserved by
// hand, or by a test that has unmounted its own) are of no use to EAL.
bool hugetlbfs_mounted()
{
	std::ifstream f("/proc/mounts");
	std::string dev, dir, type;
	while (f >> dev >> dir >> type) {
		if (type == "hugetlbfs")
			return true;
		f.ignore(4096, '\n');
	}
	return false;
}

} // namespace

TEST(Translation, NoHugeMemoryRoundTrips)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, [](std::string &out) {
		void *p = rte_malloc(nullptr, 8 << 20, 64);
		out += "malloc: " + std::to_string(bad_round_trips(p, 8 << 20, 4096)) + " bad\n";
		const uint64_t b = dpaa::bus::va_to_bus(p);
		out += "bus differs from VA: " +
		       std::to_string(b != reinterpret_cast<uintptr_t>(p)) + "\n";
		int local = 0;
		out += "stack is not DMA memory: " +
		       std::to_string(dpaa::bus::va_to_bus(&local) == kBadBusAddr) + "\n";
		out += "unknown bus address: " +
		       std::to_string(dpaa::bus::bus_to_va(0x10) == nullptr) + "\n";
		rte_free(p);
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("malloc: 0 bad\nbus differs from VA: 1\nstack is not DMA memory: 1\n"
			     "unknown bus address: 1\n"),
		  std::string::npos)
		<< r.out;
}

TEST(Translation, MemoryAddedAtRunTime)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, [](std::string &out) {
		const size_t pg = 4096, len = 4 << 20;
		// An external heap: DPDK reports no event for it in --no-huge mode;
		// the bus maps it on demand.
		void *heap_mem = mmap(nullptr, len, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		rte_malloc_heap_create("ext");
		int ret = rte_malloc_heap_memory_add("ext", heap_mem, len, nullptr, 0, pg);
		const int socket = rte_malloc_heap_get_socket("ext");
		void *p = rte_malloc_socket(nullptr, 100000, 64, socket);
		out += "heap: " + std::to_string(ret) + " " + std::to_string(p != nullptr) + "\n";
		out += "before map: " + std::to_string(dpaa::bus::va_to_bus(p) == kBadBusAddr) +
		       "\n";
		out += "map: " + std::to_string(dpaa::bus::dma_map(p, 100000)) + "\n";
		out += "after map: " + std::to_string(bad_round_trips(p, 100000, 512)) + " bad\n";
		int local = 0;
		out += "not DPDK memory: " + std::to_string(dpaa::bus::dma_map(&local, 4)) + "\n";

		// Registered external memory that a dpaa mempool is populated on:
		// populate maps it; BMan then holds bus addresses of it.
		void *ext = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				 -1, 0);
		ret = rte_extmem_register(ext, len, nullptr, 0, pg);
		rte_mempool *mp = rte_mempool_create_empty("ext", 255, 1024, 0, 0, SOCKET_ID_ANY,
							   RTE_MEMPOOL_F_NO_IOVA_CONTIG);
		rte_mempool_set_ops_byname(mp, "dpaa", nullptr);
		const int pop = rte_mempool_populate_virt(mp, static_cast<char *>(ext), len, pg,
							  nullptr, nullptr);
		out += "extmem: " + std::to_string(ret) + " populated " + std::to_string(pop) +
		       "\n";
		void *objs[255];
		unsigned inside = 0;
		if (rte_mempool_get_bulk(mp, objs, 255) == 0) {
			for (void *o : objs)
				inside += o >= ext && o < static_cast<char *>(ext) + len &&
					  bad_round_trips(o, 1024, 1024) == 0;
			rte_mempool_put_bulk(mp, objs, 255);
		}
		out += "objects from extmem that translate: " + std::to_string(inside) + "\n";
		rte_mempool_free(mp);
		rte_free(p);
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("heap: 0 1\nbefore map: 1\nmap: 0\nafter map: 0 bad\n"),
		  std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("not DPDK memory: " + std::to_string(-EFAULT) + "\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("extmem: 0 populated 255\nobjects from extmem that translate: 255\n"),
		  std::string::npos)
		<< r.out << r.log;
}

TEST(Translation, HugepageMemoryIncludingRunTimeGrowth)
{
	if (free_hugepages() < 64)
		GTEST_SKIP() << "fewer than 64 free hugepages (HugePages_Free in /proc/meminfo): "
				"hugepage translation is not tested on this machine";
	if (!hugetlbfs_mounted())
		GTEST_SKIP() << "no hugetlbfs mounted (/proc/mounts): hugepage translation is not "
				"tested on this machine";
	EalRun r = run_eal(
		"board=ls1046a-rdb", {},
		[](std::string &out) {
			// Larger than what EAL set up at init: DPDK allocates pages
			// now and reports them through its memory event.
			void *p = rte_malloc(nullptr, 96 << 20, 4096);
			out += "malloc: " + std::to_string(p != nullptr) + ", " +
			       std::to_string(bad_round_trips(p, 96 << 20, 1 << 16)) + " bad\n";
			rte_free(p);
		},
		false);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("malloc: 1, 0 bad\n"), std::string::npos) << r.out;
}
