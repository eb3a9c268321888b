/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The MC's configuration reaching the data path: a DPNI set up through MC
// commands as net_dpaa2 does (pools, Rx queue contexts, Tx FQID from
// get_queue), a frame enqueued through a DPIO's portal to that Tx FQ,
// looped back by the DPMAC's wire, and pulled from the Rx FQ with the
// user context set_queue gave, in a buffer of the DPBP's pool.

#include <cstdlib>

#include <gtest/gtest.h>

#include "dpaa2_mc_test_support.hpp"
#include "dpaa2_qbman_test_support.hpp"

namespace
{

using namespace dpaa2::test;
using dpaa2::model::System;

TEST(Dpaa2McDatapath, AFrameThroughWhatTheMcConfigured)
{
	// The driver's DMA memory: pool buffers, the Tx frame, pull storage.
	constexpr size_t kArena = 256 * 1024;
	uint8_t *arena = static_cast<uint8_t *>(std::aligned_alloc(4096, kArena));
	ASSERT_NE(arena, nullptr);
	std::memset(arena, 0, kArena);
	IdentityMemory mem;
	mem.map(arena, kArena);
	auto bus = [&](size_t off) { return reinterpret_cast<uint64_t>(arena + off); };

	std::string error;
	auto s = System::create("dpmac.3=loopback;mode=stepped", mem, error);
	ASSERT_NE(s, nullptr) << error;
	McDriver mc(*s);

	// The bus: a DPIO for this "lcore", the SoC family.
	const uint16_t io = mc.open(0x8031, 1);
	ASSERT_EQ(mc.simple(0x0051, io), kOk);
	ASSERT_EQ(mc.simple(0x0021, io), kOk);
	McCmd ioattr(0x0041, io);
	ASSERT_EQ(mc.send(ioattr), kOk);
	dpaa2::model::SwPortal *swp = s->mc().dpio_portal(1);
	ASSERT_NE(swp, nullptr);
	ASSERT_EQ(swp->index(), ioattr.r16(4));
	SwpDriver drv(*swp, ioattr.r32(24));
	drv.lock = nullptr;
	ASSERT_TRUE(drv.init());

	// The mempool: two DPBPs, the Rx pool filled.
	uint16_t bpid[2];
	for (unsigned i = 0; i < 2; i++) {
		const uint16_t t = mc.open(0x8041, i + 1);
		ASSERT_EQ(mc.simple(0x0021, t), kOk);
		McCmd a(0x0041, t);
		ASSERT_EQ(mc.send(a), kOk);
		bpid[i] = a.r16(2);
	}
	constexpr size_t kBuf = 2048;
	std::vector<uint64_t> rx_bufs;
	for (unsigned i = 0; i < 16; i++)
		rx_bufs.push_back(bus(kBuf * (8 + i)));
	for (unsigned i = 0; i < 16; i += 7)
		ASSERT_EQ(drv.release(bpid[0], rx_bufs.data() + i, std::min(7u, 16 - i)), 0);
	McCmd free0(0x1B21, mc.open(0x8041, 1));
	ASSERT_EQ(mc.send(free0), kOk);
	EXPECT_EQ(free0.r32(0), 16u) << "dpbp_get_num_free_bufs after the releases";

	// net_dpaa2: init, Rx layout, pool, queues, Tx, start.
	const uint16_t ni = mc.open(0x8011, 1);
	ASSERT_EQ(mc.simple(0x0051, ni), kOk);
	McCmd rxl(0x2652, ni);
	rxl.u8(0, 0).u16(4, 0x20 | 0x4 | 0x2 | 0x10 | 0x1 | 0x8).u8(6, 0x7);
	rxl.u16(8, 0).u16(10, 64).u16(12, 64);
	ASSERT_EQ(mc.send(rxl), kOk);
	McCmd pools(0x2003, ni);
	pools.u8(0, 1).u16(4, 1).u16(36, kBuf);
	ASSERT_EQ(mc.send(pools), kOk);
	for (uint8_t q = 0; q < 8; q++) {
		McCmd sq(0x2603, ni);
		sq.u8(0, 0).u8(2, q).u8(3, 0x1).u64(24, 0xC0FFEE00u + q);
		ASSERT_EQ(mc.send(sq), kOk);
	}
	McCmd conf(0x2661, ni);
	conf.u8(4, 2); // no Tx confirmation: WRIOP frees the Tx buffer
	ASSERT_EQ(mc.send(conf), kOk);
	McCmd gq(0x25F3, ni);
	gq.u8(0, 1);
	ASSERT_EQ(mc.send(gq), kOk);
	const uint32_t tx_fqid = gq.r32(32);
	ASSERT_NE(tx_fqid, 0u);
	McCmd promisc(0x2221, ni);
	promisc.u8(0, 1);
	ASSERT_EQ(mc.send(promisc), kOk);
	ASSERT_EQ(mc.simple(0x0021, ni), kOk);
	uint32_t rx_fqid[8];
	for (uint8_t q = 0; q < 8; q++) {
		McCmd g(0x25F3, ni);
		g.u8(0, 0).u8(2, q);
		ASSERT_EQ(mc.send(g), kOk);
		rx_fqid[q] = g.r32(32);
	}

	// A frame in a buffer of the second pool, enqueued to the Tx FQID.
	uint8_t *frame = arena + 128;
	const uint8_t hdr[14] = {0x02, 0, 0, 0, 0, 3, 0x02, 0, 0, 0, 0, 4, 0x08, 0x00};
	std::memcpy(frame, hdr, sizeof(hdr));
	for (unsigned i = 14; i < 60; i++)
		frame[i] = uint8_t(i);
	dpaa2::hw::Fd fd{};
	fd.set_addr(bus(0));
	fd.set_length(60);
	fd.set_bpid(bpid[1]);
	fd.set_offset(128);
	ASSERT_EQ(drv.enqueue(tx_fqid, &fd, 1), 1);
	for (int i = 0; i < 8; i++)
		s->step();

	// It comes back on flow 0 (no distribution), with the queue's context.
	Storage *st = new (std::aligned_alloc(64, sizeof(Storage))) Storage{};
	mem.map(st, sizeof(Storage));
	ASSERT_EQ(drv.pull(rx_fqid[0], 4, *st), 0);
	std::vector<qb::DequeueResult> res = drv.collect();
	ASSERT_FALSE(res.empty());
	ASSERT_TRUE(res[0].stat & qb::dq_stat::kValidFrame);
	EXPECT_EQ(res[0].fqd_ctx.load(), 0xC0FFEE00u);
	const dpaa2::hw::Fd &rx = res[0].fd;
	EXPECT_EQ(rx.bpid(), bpid[0]);
	EXPECT_EQ(rx.offset(), 128u) << "64 B annotation + 64 B headroom";
	ASSERT_GE(rx.length(), 60u);
	EXPECT_EQ(std::memcmp(reinterpret_cast<uint8_t *>(rx.addr()) + rx.offset(), frame, 60), 0);
	// The Tx buffer went back to its pool.
	EXPECT_EQ(s->qbman().bp_count(bpid[1]), 1u);
	EXPECT_EQ(s->misuse_count(), 0u);

	st->~Storage();
	std::free(st);
	s.reset();
	std::free(arena);
}

} // namespace
