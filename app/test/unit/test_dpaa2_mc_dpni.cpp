/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A DPNI through net_dpaa2's life (study §5), in the order the driver sends
// the commands: init, configure, Rx and Tx queue setup, start, stop, close,
// with the answers the driver needs (FQIDs, link state, the CSCN record,
// the link interrupt) and the MC's refusals.

#include <sys/eventfd.h>
#include <unistd.h>

#include <set>

#include <gtest/gtest.h>

#include "dpaa2_mc_test_support.hpp"
#include "dpaa2_model/wriop.hpp"

namespace
{

using namespace dpaa2::test;
using dpaa2::model::System;

class Dpaa2McDpni : public ::testing::Test
{
protected:
	void SetUp() override
	{
		mem.map(dma, sizeof(dma));
		std::string error;
		s = System::create("dpmac.3=loopback;dpmac.17=sink;mode=stepped", mem, error);
		ASSERT_NE(s, nullptr) << error;
		mc = std::make_unique<McDriver>(*s);
		tok = mc->open(0x8011, 1);
		ASSERT_NE(tok, 0);
	}
	void TearDown() override
	{
		if (efd >= 0)
			close(efd);
	}

	uint8_t set_buffer_layout(uint8_t qtype, uint16_t options, uint8_t flags,
				  uint16_t head_room = 0, uint16_t align = 0)
	{
		McCmd c(0x2652, tok);
		c.u8(0, qtype)
			.u16(4, options)
			.u8(6, flags)
			.u16(8, 0)
			.u16(10, align)
			.u16(12, head_room);
		return mc->send(c);
	}
	uint8_t set_pools(uint16_t dpbp_id, uint16_t size)
	{
		McCmd c(0x2003, tok);
		c.u8(0, 1).u16(4, dpbp_id).u16(36, size);
		return mc->send(c);
	}
	uint8_t set_offload(uint8_t which, uint32_t on)
	{
		McCmd c(0x26C2, tok);
		c.u8(3, which).u32(4, on);
		return mc->send(c);
	}
	uint32_t get_queue(uint8_t qtype, uint8_t tc, uint8_t index, uint64_t *user_ctx = nullptr)
	{
		McCmd c(0x25F3, tok);
		c.u8(0, qtype).u8(1, tc).u8(2, index).u8(3, 0);
		if (mc->send(c) != kOk)
			return 0;
		if (user_ctx)
			*user_ctx = c.r64(24);
		return c.r32(32);
	}
	uint8_t cscn(uint64_t iova, uint32_t entry)
	{
		McCmd c(0x2673, tok);
		c.u8(0, 1 /* TX */).u8(1, 0).u8(2, 0).u8(3, 0 /* QUEUE */);
		c.u32(8, 0).u16(12, 1 | 2 | 4).u8(15, uint8_t(1 << 4)); // frames, dest none
		c.u64(16, iova).u64(24, 0).u32(32, entry).u32(36, entry * 9 / 10);
		return mc->send(c);
	}
	uint8_t is_enabled()
	{
		McCmd c(0x0061, tok);
		EXPECT_EQ(mc->send(c), kOk);
		return c.r8(0) & 1;
	}

	// The driver's DMA memory: the CSCN record, the RSS key area.
	alignas(64) uint8_t dma[4096] = {};
	IdentityMemory mem;
	std::unique_ptr<System> s;
	std::unique_ptr<McDriver> mc;
	uint16_t tok = 0;
	int efd = -1;
};

TEST_F(Dpaa2McDpni, InitConfigureSetupStartStopClose)
{
	// ---- init (dpaa2_dev_init)
	ASSERT_EQ(mc->simple(0x0051, tok), kOk); // reset
	McCmd attr(0x0046, tok);
	ASSERT_EQ(mc->send(attr), kOk);
	const unsigned num_queues = attr.r8(4), rx_tcs = attr.r8(5), tx_tcs = attr.r8(7);
	const unsigned channels = attr.r8(9);
	EXPECT_EQ(num_queues, 8u); // dynamic_dpl.sh --max-dist-per-tc=8
	EXPECT_EQ(rx_tcs, 1u);	   // --max-tcs=1
	EXPECT_GE(tx_tcs, 1u);
	EXPECT_GE(channels, 1u) << "nb_tx_queues = num_tx_tcs x num_channels";
	EXPECT_EQ(attr.r16(18), (3u << 10)) << "WRIOP 3.0.0 on LX2160A";

	McCmd port(0x2631, tok);
	ASSERT_EQ(mc->send(port), kOk);
	for (unsigned i = 2; i < 8; i++)
		EXPECT_EQ(port.r8(i), 0u) << "no DPMAC address: the driver keeps the primary";
	McCmd prim(0x2251, tok);
	ASSERT_EQ(mc->send(prim), kOk);
	// 00:00:00:00:00:03 (dynamic_dpl.sh, dpmac.3), last byte first.
	EXPECT_EQ(prim.r8(2), 0x03);
	for (unsigned i = 3; i < 8; i++)
		EXPECT_EQ(prim.r8(i), 0u);
	// A primary address set byte-reversed reads back the same and is the
	// one WRIOP filters on.
	McCmd setp(0x2241, tok);
	const uint8_t wire_mac[6] = {0x66, 0x55, 0x44, 0x33, 0x22, 0x02};
	std::memcpy(setp.p(2), wire_mac, 6);
	ASSERT_EQ(mc->send(setp), kOk);
	const std::array<uint8_t, 6> want = {0x02, 0x22, 0x33, 0x44, 0x55, 0x66};
	EXPECT_EQ(s->wriop().ni(1)->primary_mac, want);

	EXPECT_EQ(set_buffer_layout(1 /* TX */, 0x4 | 0x1, 0x4 | 0x1), kOk);
	EXPECT_EQ(set_buffer_layout(2 /* TX_CONFIRM */, 0x4, 0x4), kOk);
	McCmd mfl(0x2161, tok);
	mfl.u16(0, 1518);
	ASSERT_EQ(mc->send(mfl), kOk);

	// ---- configure
	for (uint8_t o = 0; o < 4; o++)
		EXPECT_EQ(set_offload(o, 1), kOk);
	EXPECT_EQ(set_offload(4, 1), kOk); // FLCTYPE_HASH on LX2
	EXPECT_TRUE(s->wriop().ni(1)->flc_hash);
	McCmd go(0x26B2, tok);
	go.u8(3, 1);
	ASSERT_EQ(mc->send(go), kOk);
	EXPECT_EQ(go.r32(4), 1u);

	// ---- Rx queue setup: layout, pool, queue, taildrop
	EXPECT_EQ(set_buffer_layout(0, 0x20 | 0x4 | 0x2 | 0x10 | 0x1 | 0x8, 0x7, 64, 64), kOk);
	EXPECT_EQ(s->wriop().ni(1)->rx_layout.head_room, 64u);
	EXPECT_TRUE(s->wriop().ni(1)->rx_layout.pass_pr);
	McCmd gl(0x2642, tok);
	gl.u8(0, 0);
	ASSERT_EQ(mc->send(gl), kOk);
	EXPECT_EQ(gl.r8(6) & 0x7, 0x7);
	EXPECT_EQ(gl.r16(10), 64u);
	EXPECT_EQ(set_pools(1, 2176), kOk);
	EXPECT_EQ(s->wriop().ni(1)->num_pools, 1u);
	EXPECT_EQ(s->wriop().ni(1)->pools[0].buffer_size, 2176u);

	std::set<uint32_t> rx_fqids;
	for (uint8_t q = 0; q < num_queues; q++) {
		McCmd sq(0x2603, tok);
		sq.u8(0, 0).u8(1, 0).u8(2, q).u8(3, 0x1 | 0x4); // USER_CTX | FLC
		sq.u8(15, 0x40).u64(16, 0x10).u64(24, 0xdead0000 + q);
		ASSERT_EQ(mc->send(sq), kOk) << "rx queue " << int(q);
		McCmd td(0x2623, tok);
		td.u8(0, 0).u8(1, 0).u8(2, 0).u8(3, q).u8(4, 0);
		td.u8(8, uint8_t(1 | (128 & 0x7F) << 1)).u8(9, uint8_t(128 >> 7)).u8(10, 0);
		td.u32(12, 64 * 1024);
		ASSERT_EQ(mc->send(td), kOk) << "taildrop " << int(q);
	}
	// get_taildrop reads it back, OAL included.
	McCmd gtd(0x2612, tok);
	gtd.u8(0, 0).u8(1, 0).u8(2, 0).u8(3, 5);
	ASSERT_EQ(mc->send(gtd), kOk);
	EXPECT_EQ(gtd.r8(8) & 1, 1u);
	EXPECT_EQ((gtd.r8(8) >> 1) | (gtd.r8(9) & 0x1F) << 7, 128u);
	EXPECT_EQ(gtd.r32(12), 64u * 1024);

	// ---- Tx queue setup
	McCmd conf(0x2661, tok);
	conf.u8(4, 2); // DISABLE
	ASSERT_EQ(mc->send(conf), kOk);
	McCmd txq(0x2603, tok);
	txq.u8(0, 1).u8(1, 0).u8(2, 0).u8(3, 0).u8(33, 0);
	ASSERT_EQ(mc->send(txq), kOk);
	const uint32_t tx_fqid = get_queue(1, 0, 0);
	EXPECT_NE(tx_fqid, 0u);
	EXPECT_EQ(tx_fqid, s->wriop().ni(1)->tx_fqid(0, 0));
	// The CSCN record: written (state 0, not congested) when configured,
	// the Tx burst spins on its state byte.
	uint8_t *rec = dma + 64;
	std::memset(rec, 0xff, 16);
	ASSERT_EQ(cscn(reinterpret_cast<uint64_t>(rec), 1024), kOk);
	EXPECT_EQ(rec[2], 0u);

	// ---- start
	ASSERT_EQ(mc->simple(0x0021, tok), kOk);
	EXPECT_EQ(is_enabled(), 1u);
	McCmd ls(0x2152, tok);
	ASSERT_EQ(mc->send(ls), kOk);
	EXPECT_EQ(ls.r8(4) & 0x3, 0x3) << "up and state valid (loopback wire)";
	EXPECT_EQ(ls.r32(8), 10000u) << "AQR107, 10G";
	EXPECT_EQ(ls.r64(16) & 0x2, 0u) << "full duplex";
	for (uint8_t q = 0; q < num_queues; q++) {
		uint64_t ctx = 0;
		const uint32_t fqid = get_queue(0, 0, q, &ctx);
		EXPECT_NE(fqid, 0u);
		EXPECT_EQ(ctx, 0xdead0000u + q);
		EXPECT_EQ(fqid, s->wriop().ni(1)->rx_fqid(0, q));
		rx_fqids.insert(fqid);
	}
	EXPECT_EQ(rx_fqids.size(), num_queues);
	EXPECT_EQ(rx_fqids.count(tx_fqid), 0u);
	McCmd eb(0x20B1, tok);
	eb.u32(0, 0x4 | 0x1 | 0x20).u8(4, uint8_t(1 | 0x10)); // CONTINUE, FAS
	ASSERT_EQ(mc->send(eb), kOk);
	EXPECT_TRUE(s->wriop().ni(1)->error_fas);

	// WRIOP reads the pools and layouts while the DPNI runs.
	EXPECT_EQ(set_pools(1, 2176), kInvalidState);
	EXPECT_EQ(set_buffer_layout(0, 0x20, 0, 128), kInvalidState);
	EXPECT_EQ(set_offload(0, 0), kInvalidState);
	EXPECT_EQ(s->wriop().ni(1)->rx_layout.head_room, 64u) << "refused: unchanged";
	EXPECT_GE(s->mc().misuse_count(dpaa2::model::McMisuse::enabled_dpni), 3u);

	// promiscuous, statistics
	McCmd promisc(0x2221, tok);
	promisc.u8(0, 1);
	ASSERT_EQ(mc->send(promisc), kOk);
	EXPECT_TRUE(s->wriop().ni(1)->unicast_promisc);
	McCmd stats(0x25D4, tok);
	stats.u8(0, 0).u16(1, 0);
	ASSERT_EQ(mc->send(stats), kOk);
	EXPECT_EQ(mc->simple(0x25E1, tok), kOk);

	// ---- stop (set_link_down: disable, poll is_enabled)
	ASSERT_EQ(mc->simple(0x0031, tok), kOk);
	EXPECT_EQ(is_enabled(), 0u);
	McCmd ls2(0x2152, tok);
	ASSERT_EQ(mc->send(ls2), kOk);
	EXPECT_EQ(ls2.r8(4) & 0x1, 0u) << "down while disabled";
	EXPECT_EQ(set_pools(2, 2176), kOk) << "allowed again once disabled";

	// ---- close: reset, close; the token is then stale.
	ASSERT_EQ(mc->simple(0x0051, tok), kOk);
	uint64_t ctx = 1;
	get_queue(0, 0, 0, &ctx);
	EXPECT_EQ(ctx, 0u) << "reset clears the queues' context";
	EXPECT_EQ(s->wriop().ni(1)->num_pools, 0u);
	ASSERT_EQ(mc->simple(0x8001, tok), kOk);
	EXPECT_EQ(mc->simple(0x0061, tok), kAuthErr);
}

TEST_F(Dpaa2McDpni, LinkChangeRaisesTheInterrupt)
{
	efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	ASSERT_GE(efd, 0);
	s->mc().set_irq_eventfd("dpni", 1, 0, efd);
	McCmd mask(0x0141, tok);
	mask.u32(0, 1).u8(4, 0); // DPNI_IRQ_EVENT_LINK_CHANGED on index 0
	ASSERT_EQ(mc->send(mask), kOk);
	McCmd en(0x0121, tok);
	en.u8(0, 1).u8(4, 0);
	ASSERT_EQ(mc->send(en), kOk);

	uint64_t n = 0;
	EXPECT_LT(read(efd, &n, sizeof(n)), 0) << "nothing yet";
	ASSERT_EQ(mc->simple(0x0021, tok), kOk);
	s->step(); // WRIOP sees the link come up
	ASSERT_EQ(read(efd, &n, sizeof(n)), ssize_t(sizeof(n)));
	EXPECT_EQ(n, 1u);

	McCmd st(0x0161, tok);
	st.u32(0, 0).u8(4, 0);
	ASSERT_EQ(mc->send(st), kOk);
	EXPECT_EQ(st.r32(0), 1u);
	McCmd clr(0x0171, tok);
	clr.u32(0, 1).u8(4, 0);
	ASSERT_EQ(mc->send(clr), kOk);
	McCmd st2(0x0161, tok);
	st2.u8(4, 0);
	ASSERT_EQ(mc->send(st2), kOk);
	EXPECT_EQ(st2.r32(0), 0u);

	// Link down (disable) raises it again; masked out, it does not.
	ASSERT_EQ(mc->simple(0x0031, tok), kOk);
	s->step();
	ASSERT_EQ(read(efd, &n, sizeof(n)), ssize_t(sizeof(n)));
	McCmd clr2(0x0171, tok);
	clr2.u32(0, 1).u8(4, 0);
	ASSERT_EQ(mc->send(clr2), kOk);
	McCmd unmask(0x0141, tok);
	unmask.u32(0, 0).u8(4, 0);
	ASSERT_EQ(mc->send(unmask), kOk);
	ASSERT_EQ(mc->simple(0x0021, tok), kOk);
	s->step();
	EXPECT_LT(read(efd, &n, sizeof(n)), 0);

	// An irq index the DPNI does not have.
	McCmd bad(0x0141, tok);
	bad.u32(0, 1).u8(4, 1);
	EXPECT_EQ(mc->send(bad), kConfigErr);
}

// The filter tables hold what dpni_get_attributes says they hold (16 each
// for restool's DPNI): an add to a full table is refused, an entry already
// there is not added twice.
TEST_F(Dpaa2McDpni, FilterTablesHoldTheirAttributeSizes)
{
	auto add_mac = [&](uint8_t last, bool multicast = false) {
		McCmd c(0x2262, tok);
		c.u8(2, last).u8(7, multicast ? 0x01 : 0x02); // byte-reversed address
		return mc->send(c);
	};
	for (uint8_t i = 0; i < 16; i++)
		ASSERT_EQ(add_mac(i), kOk) << unsigned(i);
	EXPECT_EQ(add_mac(15), kOk) << "already in the table";
	EXPECT_EQ(add_mac(16), kNoResource);
	McCmd rm(0x2271, tok);
	rm.u8(2, 3).u8(7, 0x02);
	ASSERT_EQ(mc->send(rm), kOk);
	EXPECT_EQ(add_mac(16), kOk) << "room again";
	// Clearing the multicast entries keeps the unicast ones.
	McCmd clr(0x2281, tok);
	clr.u8(0, 0x2);
	ASSERT_EQ(mc->send(clr), kOk);
	EXPECT_EQ(add_mac(17), kNoResource);
	McCmd clr_unicast(0x2281, tok);
	clr_unicast.u8(0, 0x1);
	ASSERT_EQ(mc->send(clr_unicast), kOk);
	EXPECT_EQ(add_mac(17), kOk);

	auto add_vlan = [&](uint16_t vid) {
		McCmd c(0x2312, tok);
		c.u16(4, vid);
		return mc->send(c);
	};
	for (uint16_t v = 1; v <= 16; v++)
		ASSERT_EQ(add_vlan(v), kOk) << v;
	EXPECT_EQ(add_vlan(100), kNoResource);
}

TEST_F(Dpaa2McDpni, ParametersAreChecked)
{
	// CSCN: 16-byte aligned, mapped.
	EXPECT_EQ(cscn(reinterpret_cast<uint64_t>(dma + 8), 64), kConfigErr);
	EXPECT_EQ(cscn(0x10, 64), kDmaErr);
	EXPECT_EQ(cscn(reinterpret_cast<uint64_t>(dma + 16), 64), kOk);
	// Taildrop: enabled needs a threshold; no congestion groups.
	McCmd td(0x2623, tok);
	td.u8(0, 0).u8(1, 0).u8(3, 0).u8(8, 1).u32(12, 0);
	EXPECT_EQ(mc->send(td), kConfigErr);
	McCmd cg(0x2623, tok);
	cg.u8(0, 2).u8(1, 0).u8(8, 1).u8(10, 1).u32(12, 512);
	EXPECT_EQ(mc->send(cg), kConfigErr);
	// Queues that do not exist.
	EXPECT_EQ(get_queue(0, 1, 0), 0u) << "one Rx TC";
	EXPECT_EQ(get_queue(0, 0, 8), 0u) << "8 Rx queues";
	// A pool that is not in the container or does not exist.
	EXPECT_EQ(set_pools(99, 2048), kConfigErr);
	// Frame length.
	McCmd mfl(0x2161, tok);
	mfl.u16(0, 10241);
	EXPECT_EQ(mc->send(mfl), kConfigErr);

	// RSS: the key testpmd's default RSS (IP) asks for fits ...
	uint8_t *key = dma + 1024;
	auto extract = [&](unsigned i, uint8_t prot, uint32_t field) {
		uint8_t *e = key + 8 + 24 * i;
		e[0] = prot;
		e[1] = 2; // DPKG_FULL_FIELD
		std::memcpy(e + 4, &field, 4);
		e[12] = 0; // DPKG_EXTRACT_FROM_HDR
	};
	key[0] = 5;
	extract(0, 6, 1u << 5); // NET_PROT_IP, NH_FLD_IP_SRC
	extract(1, 6, 1u << 6); // IP_DST
	extract(2, 6, 1u << 4); // IP_PROTO
	extract(3, 7, 1u << 0); // TCP_PORT_SRC
	extract(4, 7, 1u << 1); // TCP_PORT_DST
	McCmd rss(0x2742, tok);
	rss.u16(0, 8).u8(2, 1).u8(3, 0).u64(8, reinterpret_cast<uint64_t>(key));
	EXPECT_EQ(mc->send(rss), kOk);
	// The DPNI's key is 32 bytes (dynamic_dpl.sh --max-dist-key-size=32):
	// two IPv6 addresses fit, with the next header they do not.
	key[0] = 2;
	extract(0, 5, 1u << 2); // NET_PROT_IPV6, NH_FLD_IPV6_SRC_IP
	extract(1, 5, 1u << 3); // IPV6_DST_IP
	McCmd v6(0x2742, tok);
	v6.u16(0, 8).u8(2, 1).u8(3, 0).u64(8, reinterpret_cast<uint64_t>(key));
	EXPECT_EQ(mc->send(v6), kOk);
	key[0] = 3;
	extract(2, 5, 1u << 4); // IPV6_NEXT_HDR
	McCmd v6nh(0x2742, tok);
	v6nh.u16(0, 8).u8(2, 1).u8(3, 0).u64(8, reinterpret_cast<uint64_t>(key));
	EXPECT_EQ(mc->send(v6nh), kConfigErr);
	// ... nor do ten Ethernet address pairs.
	key[0] = 10;
	for (unsigned i = 0; i < 10; i++)
		extract(i, 2, 1u << 0 | 1u << 1);
	McCmd big(0x2742, tok);
	big.u16(0, 8).u8(2, 1).u8(3, 0).u64(8, reinterpret_cast<uint64_t>(key));
	EXPECT_EQ(mc->send(big), kConfigErr);
	McCmd unmapped(0x2742, tok);
	unmapped.u16(0, 8).u8(2, 1).u64(8, 0x1000);
	EXPECT_EQ(mc->send(unmapped), kDmaErr);
	McCmd toolarge(0x2742, tok);
	toolarge.u16(0, 9).u8(2, 1).u64(8, reinterpret_cast<uint64_t>(key));
	EXPECT_EQ(mc->send(toolarge), kConfigErr) << "9 queues of 8";
}

TEST_F(Dpaa2McDpni, WhatDpdk2511AddsIsAnswered)
{
	// set_tx_confirmation_mode v2 (ceetm channel at byte 0, mode at 4).
	McCmd conf(0x2662, tok);
	conf.u8(0, 0).u8(4, 2);
	EXPECT_EQ(mc->send(conf), kOk);
	McCmd gconf(0x26D2, tok);
	ASSERT_EQ(mc->send(gconf), kOk);
	EXPECT_EQ(gconf.r8(4), 2u);
	// The speeds of the DPMAC's PHY: AQR107 up to 10G ...
	McCmd cap(0x2841, tok);
	ASSERT_EQ(mc->send(cap), kOk);
	EXPECT_TRUE(cap.r32(0) & (1u << 5)) << "10G";
	EXPECT_FALSE(cap.r32(0) & (1u << 6)) << "not 25G";
	// ... AR8035 up to 1G.
	const uint16_t t2 = mc->open(0x8011, 2);
	McCmd cap2(0x2841, t2);
	ASSERT_EQ(mc->send(cap2), kOk);
	EXPECT_TRUE(cap2.r32(0) & (1u << 2)) << "1G";
	EXPECT_FALSE(cap2.r32(0) & (1u << 5)) << "not 10G";
	McCmd ptp(0x27A2, tok);
	EXPECT_EQ(mc->send(ptp), kOk);
	McCmd lcfg(0x2781, tok);
	EXPECT_EQ(mc->send(lcfg), kOk);
}

// A DPNI that stops takes its DPMAC's link down, so the DPNI at the far end
// of a cable loses its link too, and is told so by its interrupt at once
// (what rte_eth_dev_set_link_down on one port shows its peer).
TEST(Dpaa2McDpniCable, DisablingOneEndTakesThePeersLinkDown)
{
	IdentityMemory mem;
	std::string error;
	auto s = System::create("dpmac.3=cable:dpmac.4;mode=stepped", mem, error);
	ASSERT_NE(s, nullptr) << error;
	McDriver mc(*s);
	const uint16_t a = mc.open(0x8011, 1), b = mc.open(0x8011, 2);
	ASSERT_NE(a, 0);
	ASSERT_NE(b, 0);
	const int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	ASSERT_GE(efd, 0);
	s->mc().set_irq_eventfd("dpni", 1, 0, efd);
	auto link_up = [&](uint16_t tok) {
		McCmd ls(0x2152, tok);
		EXPECT_EQ(mc.send(ls), kOk);
		return (ls.r8(4) & 0x1) != 0;
	};
	ASSERT_EQ(mc.simple(0x0021, a), kOk);
	EXPECT_FALSE(link_up(a)) << "the peer's DPNI is still disabled";
	ASSERT_EQ(mc.simple(0x0021, b), kOk);
	EXPECT_TRUE(link_up(a));
	EXPECT_TRUE(link_up(b));

	McCmd mask(0x0141, a);
	mask.u32(0, 1).u8(4, 0);
	ASSERT_EQ(mc.send(mask), kOk);
	McCmd en(0x0121, a);
	en.u8(0, 1).u8(4, 0);
	ASSERT_EQ(mc.send(en), kOk);
	McCmd clr(0x0171, a);
	clr.u32(0, 1).u8(4, 0);
	ASSERT_EQ(mc.send(clr), kOk);
	uint64_t n = 0;
	while (read(efd, &n, sizeof(n)) > 0) {
	}

	ASSERT_EQ(mc.simple(0x0031, b), kOk); // dpni.2 disabled: no step after it
	EXPECT_FALSE(link_up(a));
	EXPECT_EQ(read(efd, &n, sizeof(n)), ssize_t(sizeof(n))) << "dpni.1 not told";
	McCmd st(0x0161, a);
	st.u8(4, 0);
	ASSERT_EQ(mc.send(st), kOk);
	EXPECT_EQ(st.r32(0), 1u) << "LINK_CHANGED";

	ASSERT_EQ(mc.simple(0x0021, b), kOk);
	EXPECT_TRUE(link_up(a));
	EXPECT_EQ(read(efd, &n, sizeof(n)), ssize_t(sizeof(n))) << "up again, told again";
	close(efd);
}

} // namespace
