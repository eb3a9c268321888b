/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The "dpaa" mempool ops on the modelled BMan, through DPDK's mempool and
// mbuf APIs. BMan consumes releases asynchronously (as on a board), so counts
// are read after waiting, with a bound, for the model to drain the release
// rings.

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include <rte_errno.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "dpaa_bus.hpp"
#include "dpaa_mempool.hpp"
#include "eal_child.hpp"
#include "model_access.hpp"

namespace
{

constexpr const char *kBoard = "board=ls1046a-rdb";

// Wait (bounded) until the pool's available count is 'want'; the count.
unsigned wait_count(rte_mempool *mp, unsigned want)
{
	const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
	unsigned n = rte_mempool_avail_count(mp);
	while (n != want && std::chrono::steady_clock::now() < end) {
		std::this_thread::sleep_for(std::chrono::microseconds(200));
		n = rte_mempool_avail_count(mp);
	}
	return n;
}

rte_mempool *make_pool(const char *name, unsigned n, unsigned cache)
{
	return rte_pktmbuf_pool_create_by_ops(name, n, cache, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
					      SOCKET_ID_ANY, "dpaa");
}

} // namespace

TEST(Mempool, CreatePopulateAllocFreeAndCount)
{
	EalRun r = run_eal(kBoard, {}, [](std::string &out) {
		const unsigned n = 1023;
		rte_mempool *mp = make_pool("p", n, 0);
		if (mp == nullptr) {
			out += "create failed: " + std::string(rte_strerror(rte_errno)) + "\n";
			return;
		}
		out += "seeded: " + std::to_string(wait_count(mp, n)) + "\n";
		const int bpid = rte_dpaa_mempool_bpid(mp);
		const dpaa_bpid_info &info = rte_dpaa_bpid_info[bpid];
		out += "info: " + std::to_string(info.mp == mp) +
		       " meta=" + std::to_string(info.meta_size) +
		       " buf=" + std::to_string(info.buf_size) + "\n";

		std::unordered_map<const void *, bool> objects;
		rte_mempool_obj_iter(
			mp,
			[](rte_mempool *, void *arg, void *obj, unsigned) {
				(*static_cast<std::unordered_map<const void *, bool> *>(arg))[obj] =
					false;
			},
			&objects);
		std::vector<rte_mbuf *> all(n);
		int ret = rte_pktmbuf_alloc_bulk(mp, all.data(), n);
		out += "alloc all: " + std::to_string(ret) + "\n";
		unsigned bad = 0, dup = 0, fd_ok = 0;
		for (rte_mbuf *m : all) {
			auto it = objects.find(m);
			if (it == objects.end()) {
				bad++;
				continue;
			}
			dup += it->second;
			it->second = true;
			// What the PMD does with a frame descriptor's address.
			const uint64_t bus = dpaa::bus::va_to_bus(m->buf_addr);
			auto *back = reinterpret_cast<rte_mbuf *>(
				static_cast<char *>(dpaa::bus::bus_to_va(bus)) - info.meta_size);
			fd_ok += bus < (uint64_t{1} << 40) && back == m;
		}
		out += "not objects: " + std::to_string(bad) +
		       ", duplicates: " + std::to_string(dup) +
		       ", FD round trips: " + std::to_string(fd_ok) + "\n";
		out += "one more: " + std::to_string(rte_pktmbuf_alloc(mp) == nullptr) + "\n";
		out += "count when empty: " + std::to_string(rte_mempool_avail_count(mp)) + "\n";
		rte_pktmbuf_free_bulk(all.data(), n);
		out += "after free: " + std::to_string(wait_count(mp, n)) + "\n";
		rte_mempool_free(mp);
		out += "info after free: " +
		       std::to_string(rte_dpaa_bpid_info[bpid].mp == nullptr) + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	const std::string meta = std::to_string(sizeof(rte_mbuf));
	EXPECT_NE(r.out.find("seeded: 1023\n"), std::string::npos) << r.out << r.log;
	EXPECT_NE(r.out.find("info: 1 meta=" + meta +
			     " buf=" + std::to_string(RTE_MBUF_DEFAULT_BUF_SIZE) + "\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("alloc all: 0\nnot objects: 0, duplicates: 0, FD round trips: 1023\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(
		r.out.find(
			"one more: 1\ncount when empty: 0\nafter free: 1023\ninfo after free: 1\n"),
		std::string::npos)
		<< r.out;
}

namespace
{

// Objects taken and given back in random bursts of 1..32 through the lcore
// cache and the BMan pool behind it, 'total' objects in all; every object
// out must be distinct. Then everything goes back and the count must be
// exact. 'settle' lets the model finish its pending work before counting.
void churn(std::string &out, uint64_t total, const std::function<void()> &settle)
{
	const unsigned n = 2047;
	rte_mempool *mp = make_pool("p", n, 256);
	if (mp == nullptr)
		return;
	settle();
	wait_count(mp, n);
	std::mt19937 rng(12345);
	std::vector<void *> held;
	held.reserve(n);
	std::unordered_map<void *, bool> out_now;
	uint64_t objs = 0, dups = 0;
	void *burst[32];
	while (objs < total) {
		const unsigned k = 1 + rng() % 32;
		if ((rng() & 1) && held.size() + k <= n) {
			if (rte_mempool_get_bulk(mp, burst, k) != 0) {
				settle(); // releases still in the ring
				continue;
			}
			for (unsigned i = 0; i < k; i++) {
				bool &o = out_now[burst[i]];
				dups += o;
				o = true;
				held.push_back(burst[i]);
			}
			objs += k;
		} else {
			const unsigned m = std::min<unsigned>(k, held.size());
			for (unsigned i = 0; i < m; i++) {
				burst[i] = held.back();
				out_now[burst[i]] = false;
				held.pop_back();
			}
			rte_mempool_put_bulk(mp, burst, m);
			objs += m;
		}
	}
	rte_mempool_put_bulk(mp, held.data(), held.size());
	settle();
	out += "objects: " + std::to_string(objs >= total) +
	       ", duplicates: " + std::to_string(dups) +
	       ", distinct objects seen: " + std::to_string(out_now.size()) + "\n";
	const unsigned count = wait_count(mp, n);
	out += "count: " + std::to_string(count) + "\n";
	rte_mempool_free(mp);
}

} // namespace

// Stepped model: the model advances only when a driver waits for it, so the
// test is fast and deterministic; before counting, the test runs the model
// until it has drained the release rings, as time would on a board.
TEST(Mempool, MillionObjectsKeepTheCountExactSteppedModel)
{
	EalRun r = run_eal(
		"board=ls1046a-rdb;mode=stepped", {},
		[](std::string &out) {
			auto *sys = dpaa_test::bus_model();
			churn(out, 1'000'000, [sys] { sys->soc().run_until_idle(); });
		},
		true, 300);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(
		r.out.find("objects: 1, duplicates: 0, distinct objects seen: 2047\ncount: 2047\n"),
		std::string::npos)
		<< r.out;
}

// The same on the threaded model (what applications run), shorter: every
// acquire is a management command answered by the model's thread.
TEST(Mempool, ChurnKeepsTheCountExactThreadedModel)
{
	EalRun r = run_eal(
		kBoard, {}, [](std::string &out) { churn(out, 20'000, [] {}); }, true, 300);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("objects: 1, duplicates: 0,"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("count: 2047\n"), std::string::npos) << r.out;
}

// A pool of N objects gives N, one at a time, from its creation on, though
// the per-lcore cache asks BMan for more than is left at the end (DPDK's
// mbuf_autotest: 128 mbufs, a cache of 32): a refill that fails part-way
// gives its buffers back before the direct allocation that follows.
TEST(Mempool, FreshPoolGivesEveryObjectThroughItsCache)
{
	EalRun r = run_eal(kBoard, {}, [](std::string &out) {
		const unsigned n = 128;
		rte_mempool *mp = make_pool("p", n, 32);
		if (mp == nullptr)
			return;
		std::vector<rte_mbuf *> got;
		for (unsigned i = 0; i < n + 1; i++)
			if (rte_mbuf *m = rte_pktmbuf_alloc(mp))
				got.push_back(m);
		out += "allocated: " + std::to_string(got.size()) + "\n";
		rte_pktmbuf_free_bulk(got.data(), static_cast<unsigned>(got.size()));
		rte_mempool_cache_flush(rte_mempool_default_cache(mp, rte_lcore_id()), mp);
		out += "back: " + std::to_string(wait_count(mp, n)) + "\n";
		rte_mempool_free(mp);
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("allocated: 128\nback: 128\n"), std::string::npos) << r.out;
}

// Freeing a pool leaves its buffers in BMan (freeing is immediate); the next
// pool that takes the BPID drains them first, so it holds its own objects
// only.
TEST(Mempool, AFreedPoolsBpidComesBackHoldingOnlyTheNewPool)
{
	EalRun r = run_eal(kBoard, {}, [](std::string &out) {
		rte_mempool *a = make_pool("a", 3000, 0);
		if (a == nullptr)
			return;
		const int bpid_a = rte_dpaa_mempool_bpid(a);
		wait_count(a, 3000);
		rte_mempool_free(a);
		rte_mempool *b = make_pool("b", 100, 0);
		if (b == nullptr)
			return;
		out += "same bpid: " + std::to_string(rte_dpaa_mempool_bpid(b) == bpid_a) + "\n";
		out += "count: " + std::to_string(wait_count(b, 100)) + "\n";
		std::vector<rte_mbuf *> all(101);
		out += "alloc 101: " + std::to_string(rte_pktmbuf_alloc_bulk(b, all.data(), 101)) +
		       "\n";
		rte_mempool_free(b);
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("same bpid: 1\ncount: 100\nalloc 101: " + std::to_string(-ENOBUFS)),
		  std::string::npos)
		<< r.out;
}

TEST(Mempool, MorePoolsThanBpidsIsENOSPC)
{
	EalRun r = run_eal(kBoard, {}, [](std::string &out) {
		std::vector<rte_mempool *> pools;
		for (unsigned i = 0; i < 64; i++) {
			const std::string name = std::string("p").append(std::to_string(i));
			rte_mempool *p = rte_mempool_create_empty(name.c_str(), 15, 64, 0, 0,
								  SOCKET_ID_ANY, 0);
			if (p == nullptr || rte_mempool_set_ops_byname(p, "dpaa", nullptr) != 0 ||
			    rte_mempool_populate_default(p) < 0)
				break;
			pools.push_back(p);
		}
		out += "pools: " + std::to_string(pools.size()) + "\n";
		rte_mempool *extra =
			rte_mempool_create_empty("extra", 15, 64, 0, 0, SOCKET_ID_ANY, 0);
		rte_mempool_set_ops_byname(extra, "dpaa", nullptr);
		const int ret = rte_mempool_populate_default(extra);
		out += "one more: " + std::to_string(ret) + "\n";
		rte_mempool_free(extra);
		// A BPID given back serves the next pool, empty.
		const int bpid = rte_dpaa_mempool_bpid(pools[10]);
		rte_mempool_free(pools[10]);
		rte_mempool *again =
			rte_mempool_create_empty("again", 15, 64, 0, 0, SOCKET_ID_ANY, 0);
		rte_mempool_set_ops_byname(again, "dpaa", nullptr);
		const int populated = rte_mempool_populate_default(again);
		const int again_bpid = rte_dpaa_mempool_bpid(again);
		const unsigned again_count = wait_count(again, 15);
		out += "reuse: " + std::to_string(populated > 0) + " " +
		       std::to_string(again_bpid == bpid) + " count " +
		       std::to_string(again_count) + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	// The USDPAA kernel's BPIDs for user space, 32-63, which the model
	// hands out as the kernel does.
	EXPECT_NE(r.out.find("pools: 32\none more: " + std::to_string(-ENOSPC) + "\n"),
		  std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("reuse: 1 1 count 15\n"), std::string::npos) << r.out;
	EXPECT_NE(
		r.log.find(
			"mempool_dpaa: extra: no free BMan pool: all 32 BPIDs (32..63) are in use"),
		std::string::npos)
		<< r.log;
}

TEST(Mempool, BuffersTheHardwareTakesLeaveTheCount)
{
	EalRun r = run_eal(kBoard, {}, [](std::string &out) {
		const unsigned n = 64;
		rte_mempool *mp = make_pool("p", n, 0);
		if (mp == nullptr)
			return;
		out += "seeded: " + std::to_string(wait_count(mp, n)) + "\n";
		const uint8_t bpid = static_cast<uint8_t>(rte_dpaa_mempool_bpid(mp));
		auto *sys = dpaa_test::bus_model();
		// The hardware (FMan filling Rx buffers) takes 32 buffers.
		uint64_t taken[32];
		unsigned got = 0;
		{
			std::lock_guard<std::mutex> hold(sys->soc().lock());
			for (unsigned i = 0; i < 4; i++)
				got += sys->soc().bman().acquire(bpid, taken + 8 * i, 8);
		}
		out += "hardware took: " + std::to_string(got) +
		       ", count: " + std::to_string(rte_mempool_avail_count(mp)) + "\n";
		void *objs[40];
		// All or nothing: what the first commands took goes back (through
		// the release ring, so the count is waited for).
		const int get40 = rte_mempool_get_bulk(mp, objs, 40);
		const unsigned after40 = wait_count(mp, 32);
		out += "get 40: " + std::to_string(get40) + ", count: " + std::to_string(after40) +
		       "\n";
		const int get32 = rte_mempool_get_bulk(mp, objs, 32);
		out += "get 32: " + std::to_string(get32) + "\n";
		rte_mempool_put_bulk(mp, objs, 32);
		{
			std::lock_guard<std::mutex> hold(sys->soc().lock());
			for (uint64_t a : taken)
				sys->soc().bman().release(bpid, a);
		}
		out += "given back: " + std::to_string(wait_count(mp, n)) + "\n";
		rte_mempool_free(mp);
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("seeded: 64\nhardware took: 32, count: 32\n"), std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("get 40: " + std::to_string(-ENOBUFS) + ", count: 32\nget 32: 0\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("given back: 64\n"), std::string::npos) << r.out;
}

TEST(Mempool, WithoutPlatformCreationFails)
{
	EalRun r = run_eal(nullptr, {}, [](std::string &out) {
		rte_mempool *mp = make_pool("p", 63, 0);
		out += "created: " + std::to_string(mp != nullptr) +
		       " errno: " + std::to_string(rte_errno) + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("created: 0 errno: " + std::to_string(ENODEV) + "\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.log.find("no DPAA platform"), std::string::npos) << r.log;
}
