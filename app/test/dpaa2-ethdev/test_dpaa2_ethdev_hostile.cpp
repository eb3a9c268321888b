/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Frame descriptors WRIOP never writes, in a port's Rx FQ: what a buggy or
// hostile agent with another QBMan software portal could enqueue there. The
// test plays that agent from a thread of its own (its own portal) while the
// main thread polls the queue with rte_eth_rx_burst(). Every bad FD must be
// dropped and counted (ierrors), each genuine buffer it names given back
// to its pool once, a buffer of no pool left untouched; a good frame
// enqueued after the bad ones proves they were all taken. Every test ends
// with the pool's buffers all back, as the mempool and the MC count them.

#include <cstring>
#include <thread>

#include <rte_malloc.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_ethdev_support.hpp"
#include "dpaa2_hw/fd.hpp"
#include "dpaa2_mempool.hpp"
#include "fslmc_bus.hpp"

using namespace dpaa_test;
using dpaa2::hw::Fd;
using dpaa2::hw::FdFormat;
using dpaa2::hw::SgEntry;

namespace
{

constexpr unsigned kPoolSize = 512;
constexpr uint16_t kNoPool = 16000; // a BPID no pool owns (checked at set-up)
constexpr unsigned kOtherPoolSize = 64;
rte_mempool *g_pool;
rte_mempool *g_other_pool; // a second dpaa2 pool, the port's Rx pool not
uint16_t P;

uint32_t rx_fqid()
{
	const auto *q =
		static_cast<const dpaa2::net::RxQueue *>(rte_eth_devices[P].data->rx_queues[0]);
	return q->fqid;
}

uint16_t bpid()
{
	return static_cast<uint16_t>(rte_dpaa2_mbuf_pool_bpid(g_pool));
}

// Enqueues 'fds' to the port's Rx FQ from another thread's portal; how
// many QBMan took.
unsigned inject(const std::vector<Fd> &fds)
{
	unsigned taken = 0;
	const uint32_t fqid = rx_fqid();
	std::thread agent([&] {
		dpaa2::fslmc::qbman::Swp *p = dpaa2::fslmc::portal();
		if (p == nullptr)
			return;
		for (const Fd &fd : fds)
			for (unsigned tries = 0; tries < 100000; tries++)
				if (p->enqueue(fqid, &fd, 1) == 1) {
					taken++;
					break;
				}
		dpaa2::fslmc::release_thread_portal();
	});
	agent.join();
	return taken;
}

const Bytes &good_frame()
{
	static const Bytes f = ipv4_udp(L2{{{0x02, 0, 0, 0, 0, 1}}, {{0x02, 0, 0, 0, 0, 2}}},
					0x0a000001, 0x0a000002, 9, 10, 100);
	return f;
}

// A buffer of g_pool holding 'f' at the mbuf's data offset, its
// annotation zeroed (the parse results are read, not trusted).
rte_mbuf *buffer_with(const Bytes &f)
{
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	if (m == nullptr)
		return nullptr;
	memset(m->buf_addr, 0, m->data_off);
	memcpy(rte_pktmbuf_mtod(m, uint8_t *), f.data(), f.size());
	return m;
}

Fd single_fd(const rte_mbuf *m, uint32_t len, uint16_t bp)
{
	Fd fd{};
	fd.set_addr(m->buf_iova);
	fd.set_length(len);
	fd.set_bpid(bp);
	fd.set_offset(m->data_off);
	fd.set_format(FdFormat::single);
	return fd;
}

Fd good_fd()
{
	rte_mbuf *m = buffer_with(good_frame());
	EXPECT_NE(m, nullptr);
	return single_fd(m, static_cast<uint32_t>(good_frame().size()), bpid());
}

class Hostile : public ::testing::Test
{
protected:
	void SetUp() override
	{
		PortSetup s;
		s.pool = g_pool;
		ASSERT_EQ(port_start(P, s), 0);
		ASSERT_EQ(rte_eth_stats_reset(P), 0);
	}
	void TearDown() override { expect_dpaa2_pool_back(P, g_pool, kPoolSize); }
	// Injects 'bad' then one good frame; checks that only the good one
	// arrives, byte-exact, and that each bad FD was counted.
	void expect_dropped(const std::vector<Fd> &bad)
	{
		std::vector<Fd> fds = bad;
		fds.push_back(good_fd());
		ASSERT_EQ(inject(fds), fds.size());
		auto got = rx_wait(P, 0, 1);
		ASSERT_EQ(got.size(), 1u);
		EXPECT_EQ(mbuf_bytes(got[0]), good_frame());
		free_all(got);
		rte_eth_stats st{};
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
		EXPECT_EQ(st.ipackets, 1u);
		EXPECT_EQ(st.ierrors, bad.size()) << "each bad FD counted once";
	}
};

TEST_F(Hostile, GoodFdsFromAnotherPortalAreReceived)
{
	ASSERT_EQ(inject({good_fd(), good_fd()}), 2u);
	auto got = rx_wait(P, 0, 2);
	ASSERT_EQ(got.size(), 2u);
	for (rte_mbuf *m : got) {
		EXPECT_EQ(mbuf_bytes(m), good_frame());
		EXPECT_EQ(m->port, P);
		EXPECT_EQ(m->nb_segs, 1);
	}
	free_all(got);
}

TEST_F(Hostile, UnknownBpidIsDroppedAndItsBufferLeftAlone)
{
	// A buffer of no pool: the driver has no mbuf for it and must not
	// write into it.
	auto *canary = static_cast<uint8_t *>(rte_malloc(nullptr, 4096, 64));
	ASSERT_NE(canary, nullptr);
	memset(canary, 0xa5, 4096);
	Fd fd{};
	fd.set_addr(rte_malloc_virt2iova(canary) + 256);
	fd.set_length(100);
	fd.set_bpid(kNoPool);
	fd.set_offset(128);
	expect_dropped({fd});
	for (unsigned i = 0; i < 4096; i++)
		ASSERT_EQ(canary[i], 0xa5) << "byte " << i << " written";
	rte_free(canary);
}

TEST_F(Hostile, FrameBeyondItsBufferIsDroppedAndTheBufferFreed)
{
	rte_mbuf *m = buffer_with(good_frame());
	ASSERT_NE(m, nullptr);
	rte_mbuf *n = buffer_with(good_frame());
	ASSERT_NE(n, nullptr);
	Fd past_end = single_fd(n, 100, bpid());
	past_end.set_offset(4000); // the largest offsets point past the buffer
	expect_dropped({single_fd(m, 60000, bpid()), past_end});
}

TEST_F(Hostile, FormatsWriopNeverGivesAreDroppedAndFreed)
{
	rte_mbuf *m = buffer_with(good_frame());
	ASSERT_NE(m, nullptr);
	Fd fle = single_fd(m, 100, bpid());
	fle.set_format(FdFormat::frame_list);
	rte_mbuf *n = buffer_with(good_frame());
	ASSERT_NE(n, nullptr);
	Fd reserved = single_fd(n, 100, bpid());
	reserved.set_format(static_cast<FdFormat>(3));
	expect_dropped({fle, reserved});
}

// A buffer the test owns, filled with 0xa5: no driver may write into it.
struct Canary {
	uint8_t *bytes = static_cast<uint8_t *>(rte_malloc(nullptr, 4096, 64));
	Canary()
	{
		if (bytes != nullptr)
			memset(bytes, 0xa5, 4096);
	}
	~Canary() { rte_free(bytes); }
	uint64_t iova(unsigned off) const { return rte_malloc_virt2iova(bytes) + off; }
	// The first byte written, -1: none.
	int written() const
	{
		for (unsigned i = 0; i < 4096; i++)
			if (bytes[i] != 0xa5)
				return static_cast<int>(i);
		return -1;
	}
};

TEST_F(Hostile, SingleBufferOutsideItsPoolIsDroppedAndLeftAlone)
{
	Canary canary;
	ASSERT_NE(canary.bytes, nullptr);
	// The pool's BPID, an address of no pool: after a good frame (the
	// pool's chunk then known to the burst) and before one.
	Fd stray{};
	stray.set_addr(canary.iova(256));
	stray.set_length(100);
	stray.set_bpid(bpid());
	stray.set_offset(128);
	// The pool's BPID, a buffer of another dpaa2 pool: not the pool's
	// to take, and the other pool's buffer is not freed.
	rte_mbuf *other = rte_pktmbuf_alloc(g_other_pool);
	ASSERT_NE(other, nullptr);
	Fd foreign = single_fd(other, 100, bpid());
	// An SG FD whose table lies outside its pool.
	Fd sg_stray = stray;
	sg_stray.set_format(FdFormat::sg);
	ASSERT_EQ(inject({good_fd()}), 1u);
	auto first = rx_wait(P, 0, 1);
	ASSERT_EQ(first.size(), 1u);
	free_all(first);
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
	expect_dropped({stray, foreign, sg_stray});
	EXPECT_EQ(canary.written(), -1) << "a byte of a buffer of no pool written";
	EXPECT_EQ(rte_mempool_avail_count(g_other_pool), kOtherPoolSize - 1)
		<< "the other pool's buffer given back by a frame that named another BPID";
	rte_pktmbuf_free(other);
}

TEST_F(Hostile, SingleBuffersOfAnotherPoolAreReceived)
{
	// A frame of another dpaa2 pool, under that pool's BPID, between
	// frames of the port's: each is received (the burst's pool and chunk
	// change twice).
	rte_mbuf *m = rte_pktmbuf_alloc(g_other_pool);
	ASSERT_NE(m, nullptr);
	memset(m->buf_addr, 0, m->data_off);
	memcpy(rte_pktmbuf_mtod(m, uint8_t *), good_frame().data(), good_frame().size());
	Fd other = single_fd(m, static_cast<uint32_t>(good_frame().size()),
			     static_cast<uint16_t>(rte_dpaa2_mbuf_pool_bpid(g_other_pool)));
	ASSERT_EQ(inject({good_fd(), other, good_fd()}), 3u);
	auto got = rx_wait(P, 0, 3);
	ASSERT_EQ(got.size(), 3u);
	EXPECT_EQ(got[1], m);
	EXPECT_EQ(got[1]->pool, g_other_pool);
	for (rte_mbuf *r : got)
		EXPECT_EQ(mbuf_bytes(r), good_frame());
	free_all(got);
	EXPECT_EQ(rte_mempool_avail_count(g_other_pool), kOtherPoolSize);
}

// An SG FD: the table in a buffer of the pool at the mbuf's data offset,
// naming 'segs' (buffers of the pool holding 64 bytes each, or entries
// given as they are).
struct SgFrame {
	Fd fd;
	SgEntry *table;
};

SgFrame sg_frame(unsigned segs, bool final_last = true)
{
	rte_mbuf *t = buffer_with({});
	EXPECT_NE(t, nullptr);
	auto *table = rte_pktmbuf_mtod(t, SgEntry *);
	memset(table, 0, rte_pktmbuf_tailroom(t));
	for (unsigned i = 0; i < segs; i++) {
		rte_mbuf *s = buffer_with(good_frame());
		EXPECT_NE(s, nullptr);
		SgEntry e{};
		e.set_addr(s->buf_iova);
		e.set_length(64);
		e.set_bpid(bpid());
		e.set_offset(s->data_off);
		e.set_final(final_last && i + 1 == segs);
		table[i] = e;
	}
	Fd fd = single_fd(t, 64 * segs, bpid());
	fd.set_format(FdFormat::sg);
	return {fd, table};
}

TEST_F(Hostile, GoodSgFrameIsReceivedAsAChain)
{
	SgFrame f = sg_frame(3);
	ASSERT_EQ(inject({f.fd}), 1u);
	auto got = rx_wait(P, 0, 1);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0]->nb_segs, 3);
	EXPECT_EQ(got[0]->pkt_len, 192u);
	free_all(got);
}

TEST_F(Hostile, BadSgTablesAreDroppedAndEveryGenuineBufferFreedOnce)
{
	// An entry of no pool between two genuine ones.
	SgFrame mid = sg_frame(3);
	rte_mbuf *unnamed = rte_dpaa2_mbuf_from_buf_addr(
		g_pool, reinterpret_cast<void *>(static_cast<uintptr_t>(mid.table[1].addr())));
	mid.table[1].set_bpid(kNoPool);
	// No final entry: the walk stops at the driver's bound, the buffers
	// named up to there go back.
	SgFrame unfinished = sg_frame(4, false);
	// The table where the buffer ends: its entries past the buffer.
	SgFrame past_end = sg_frame(0);
	past_end.fd.set_offset(4000);
	// An entry that is an SG table extension (WRIOP never chains tables).
	SgFrame ext = sg_frame(2);
	ext.table[0].set_format(dpaa2::hw::SgFormat::sgt_ext);
	// An entry of the pool's BPID whose address is no buffer of it.
	SgFrame stray = sg_frame(2);
	auto *canary = static_cast<uint8_t *>(rte_malloc(nullptr, 4096, 64));
	ASSERT_NE(canary, nullptr);
	memset(canary, 0xa5, 4096);
	stray.table[2] = stray.table[1];
	stray.table[1].set_addr(rte_malloc_virt2iova(canary) + 256);
	stray.table[1].set_final(false);
	expect_dropped({mid.fd, unfinished.fd, past_end.fd, ext.fd, stray.fd});
	for (unsigned i = 0; i < 4096; i++)
		ASSERT_EQ(canary[i], 0xa5) << "byte " << i << " written";
	rte_free(canary);
	// The buffer the entry of no pool hid is the test's to give back.
	rte_pktmbuf_free(unnamed);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return dpaa2_program(
		dpaa2_loopback_model(), {"-a", "fslmc:dpni.1"},
		[]() -> std::string {
			P = port_by_name("dpni.1");
			g_pool = dpaa2_pool("hostile", kPoolSize);
			g_other_pool = dpaa2_pool("hostile_other", kOtherPoolSize);
			if (g_other_pool == nullptr)
				return "no second pool";
			if (rte_dpaa2_bpid_info[kNoPool].mp != nullptr)
				return "a pool owns the BPID the tests take for none";
			return ports_and_pools({P}, {g_pool});
		},
		[] {
			rte_mempool_free(g_pool);
			rte_mempool_free(g_other_pool);
		});
}
