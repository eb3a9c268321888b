/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled MC firmware driven as DPDK's fslmc bus and dpaa2 mempool
// drive it: the commands built byte by byte at the offsets of upstream's
// flib (study §2.5-2.6), run on the DPMCP's portal of dprc.2.

#include <set>

#include <gtest/gtest.h>

#include "dpaa2_mc_test_support.hpp"
#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/swp.hpp"

namespace
{

using namespace dpaa2::test;
using dpaa2::model::Mc;
using dpaa2::model::System;

std::unique_ptr<System> make(const std::string &cfg, IdentityMemory &mem)
{
	std::string error;
	auto s = System::create(cfg, mem, error);
	EXPECT_NE(s, nullptr) << error;
	return s;
}

TEST(Dpaa2Mc, VersionAndSocAsTheBusChecksThem)
{
	IdentityMemory mem;
	auto s = make("mode=stepped", mem);
	McDriver mc(*s);

	McCmd v(0x8311);
	ASSERT_EQ(mc.send(v), kOk);
	// fslmc_vfio.c: major must be 10 and minor >= 32 (22.11), >= 39 (25.11).
	EXPECT_EQ(v.r32(4), 10u);
	EXPECT_GE(v.r32(8), 39u);

	McCmd soc(0x8321);
	ASSERT_EQ(mc.send(soc), kOk);
	EXPECT_EQ(soc.r32(0) & 0xffff0000, 0x87360000u); // SVR_LX2160A
	EXPECT_EQ(soc.r32(0), 0x87360020u);		 // rev 2.0

	auto ls = make("board=ls2088a-rdb;mode=stepped", mem);
	McDriver mc2(*ls);
	McCmd soc2(0x8321);
	ASSERT_EQ(mc2.send(soc2), kOk);
	EXPECT_EQ(soc2.r32(0) & 0xffff0000, 0x87090000u); // SVR_LS2088A
}

TEST(Dpaa2Mc, TheContainerDynamicDplBuilds)
{
	IdentityMemory mem;
	auto s = make("dpmac.3=loopback;dpmac.4=sink;mode=stepped", mem);
	Mc &mc = s->mc();
	EXPECT_EQ(mc.dpdk_container(), 2u);

	std::multiset<std::string> types;
	for (const Mc::Object &o : mc.container_objects(2)) {
		types.insert(o.type);
		if (o.type == "dpio") {
			// LX2160A: CENA, CINH and the memory-backed CENA.
			ASSERT_EQ(o.regions.size(), 3u) << "dpio." << o.id;
			EXPECT_TRUE(o.regions[0].cacheable);
			EXPECT_FALSE(o.regions[1].cacheable);
			EXPECT_EQ(o.regions[2].kind, Mc::RegionKind::qbman_cena_memory);
			EXPECT_EQ(o.num_irqs, 1u);
		} else if (o.type == "dpmcp") {
			ASSERT_EQ(o.regions.size(), 1u);
			// Page-aligned and page-sized, so that vfio-fsl-mc lets it be
			// mmapped.
			EXPECT_EQ(o.regions[0].size % 4096, 0u);
			EXPECT_GE(o.regions[0].size, 64u);
			EXPECT_EQ(o.num_irqs, 1u);
		} else if (o.type == "dpni") {
			EXPECT_TRUE(o.regions.empty());
			EXPECT_EQ(o.num_irqs, 1u);
		} else if (o.type == "dprc") {
			EXPECT_EQ(o.id, 2u);
			EXPECT_EQ(o.regions.size(), 1u);
		}
	}
	EXPECT_EQ(types.count("dprc"), 1u);
	EXPECT_EQ(types.count("dpmcp"), 1u);
	EXPECT_EQ(types.count("dpni"), 2u);
	EXPECT_EQ(types.count("dpbp"), 4u);
	EXPECT_EQ(types.count("dpcon"), 5u);
	EXPECT_EQ(types.count("dpio"), 10u);
	EXPECT_EQ(types.count("dpmac"), 0u) << "the DPMACs stay in dprc.1";

	// LS2088A: direct-mode portals, no memory-backed region.
	auto ls = make("board=ls2088a-rdb;dpio=3;dpbp=2;dpcon=0;mode=stepped", mem);
	unsigned dpios = 0;
	for (const Mc::Object &o : ls->mc().container_objects(2))
		if (o.type == "dpio") {
			dpios++;
			EXPECT_EQ(o.regions.size(), 2u);
		}
	EXPECT_EQ(dpios, 3u);
}

// The DPRTC (fsl_dprtc_cmd.h) reads and sets the 1588 timer WRIOP
// timestamps frames with; it is in DPDK's container only when assigned.
TEST(Dpaa2Mc, DprtcReadsAndSetsWriopsClock)
{
	IdentityMemory mem;
	auto none = make("mode=stepped", mem);
	for (const Mc::Object &o : none->mc().container_objects(2))
		EXPECT_NE(o.type, "dprtc");

	auto s = make("dprtc=1;mode=stepped", mem);
	unsigned dprtcs = 0;
	for (const Mc::Object &o : s->mc().container_objects(2))
		if (o.type == "dprtc") {
			dprtcs++;
			EXPECT_EQ(o.id, 0u);
			EXPECT_TRUE(o.regions.empty());
		}
	EXPECT_EQ(dprtcs, 1u);
	static uint64_t source = 1000;
	s->wriop().set_clock([](void *) { return source; }, nullptr);
	McDriver mc(*s);
	const uint16_t t = mc.open(0x8101, 0);
	ASSERT_NE(t, 0);
	McCmd attr(0x0041, t);
	ASSERT_EQ(mc.send(attr), kOk);
	EXPECT_EQ(attr.r32(4), 0u);

	McCmd get(0x1d31, t);
	ASSERT_EQ(mc.send(get), kOk);
	EXPECT_EQ(get.r64(0), 1000u);
	McCmd set(0x1d41, t);
	set.u64(0, 0x123456789abcdefull);
	ASSERT_EQ(mc.send(set), kOk);
	source += 250; // the timer runs on from the time set
	McCmd again(0x1d31, t);
	ASSERT_EQ(mc.send(again), kOk);
	EXPECT_EQ(again.r64(0), 0x123456789abcdefull + 250);
	EXPECT_EQ(s->wriop().now_ns(), 0x123456789abcdefull + 250) << "WRIOP's clock";
	// Not modelled: frequency compensation.
	McCmd freq(0x1d11, t);
	EXPECT_EQ(mc.send(freq), kUnsupported);
	EXPECT_EQ(mc.simple(0x8001, t), kOk);
}

// The DPMACs are the root container's: the kernel's dpaa2-mac reads their
// counters (dpmac_get_counter) on dprc.1's portal; DPDK's container may not
// open them.
TEST(Dpaa2Mc, DpmacCountersForTheRootContainer)
{
	IdentityMemory mem;
	auto s = make("dpmac.3=loopback;mode=stepped", mem);
	McDriver dpdk(*s);
	uint8_t st;
	EXPECT_EQ(dpdk.open(0x80c1, 3, &st), 0);
	EXPECT_EQ(st, kNoPrivilege);

	auto root = [&](McCmd &c) {
		alignas(64) uint8_t portal[64];
		std::memcpy(portal, c.bytes.data(), 64);
		s->lock();
		s->mc().execute_on_dprc_portal(portal, 1);
		s->unlock();
		std::memcpy(c.bytes.data(), portal, 64);
		return c.status();
	};
	McCmd open(0x80c1);
	open.u32(0, 3);
	ASSERT_EQ(root(open), kOk);
	const uint16_t t = open.token();
	ASSERT_NE(t, 0);
	dpaa2::model::Dpmac *mac = s->wriop().mac(3);
	ASSERT_NE(mac, nullptr);
	std::vector<uint8_t> runt(40, 0xee), frame(100, 0xee);
	std::vector<uint8_t> giant(dpaa2::model::Dpmac::kMaxFrame + 1, 0xee);
	s->lock();
	mac->wire_rx(runt, true);
	mac->wire_rx(runt, false);
	mac->wire_rx(frame, false);
	mac->wire_rx(giant, true);
	mac->wire_rx(giant, false);
	s->unlock();
	auto counter = [&](uint8_t id) {
		McCmd c(0x0c41, t);
		c.u8(0, id);
		EXPECT_EQ(root(c), kOk) << "counter " << unsigned(id);
		return c.r64(8);
	};
	EXPECT_EQ(counter(38), 1u) << "DPMAC_CNT_ING_UNDERSIZED";
	EXPECT_EQ(counter(7), 1u) << "DPMAC_CNT_ING_FRAG";
	EXPECT_EQ(counter(36), 1u) << "DPMAC_CNT_ING_FCS_ERR (not the jabber)";
	EXPECT_EQ(counter(12), 1u) << "DPMAC_CNT_ING_OVERSIZED";
	EXPECT_EQ(counter(8), 1u) << "DPMAC_CNT_ING_JABBER";
	EXPECT_EQ(counter(18), 5u) << "DPMAC_CNT_ING_ALL_FRAME";
	McCmd other(0x0c41, t);
	other.u8(0, 0); // DPMAC_CNT_ING_FRAME_64: not modelled
	EXPECT_EQ(root(other), kUnsupported);
	McCmd close(0x8001, t);
	EXPECT_EQ(root(close), kOk);
}

TEST(Dpaa2Mc, DprcGetConnectionForEachDpni)
{
	IdentityMemory mem;
	auto s = make("dpmac.17=sink;dpmac.3=loopback;mode=stepped", mem);
	McDriver mc(*s);
	const uint16_t dprc = mc.open(0x8051, 2);
	ASSERT_NE(dprc, 0);

	// DPNIs are numbered in DPMAC order: dpni.1 - dpmac.3, dpni.2 - dpmac.17.
	const unsigned expect_mac[] = {0, 3, 17};
	for (unsigned dpni = 1; dpni <= 2; dpni++) {
		McCmd c(0x16C1, dprc);
		c.u32(0, dpni).u16(4, 0).str(8, "dpni");
		ASSERT_EQ(mc.send(c), kOk) << "dpni." << dpni;
		EXPECT_EQ(c.r32(24), expect_mac[dpni]);
		EXPECT_EQ(c.r16(28), 0u);
		EXPECT_STREQ(reinterpret_cast<const char *>(c.p(32)), "dpmac");
		// Down: the DPNI is not enabled yet.
		EXPECT_EQ(c.r32(48), 0u);
	}
	// A DPMAC is not in DPDK's container.
	McCmd c(0x16C1, dprc);
	c.u32(0, 3).str(8, "dpmac");
	EXPECT_EQ(mc.send(c), kNoPrivilege);
	EXPECT_EQ(mc.simple(0x8001, dprc), kOk);
}

TEST(Dpaa2Mc, DpbpAsTheMempoolUsesIt)
{
	IdentityMemory mem;
	auto s = make("mode=stepped", mem);
	McDriver mc(*s);
	const uint16_t t = mc.open(0x8041, 1);
	ASSERT_NE(t, 0);
	EXPECT_EQ(mc.simple(0x0051, t), kOk); // reset
	EXPECT_EQ(mc.simple(0x0021, t), kOk); // enable

	McCmd attr(0x0041, t);
	ASSERT_EQ(mc.send(attr), kOk);
	const uint16_t bpid = attr.r16(2);
	EXPECT_NE(bpid, 0u);
	EXPECT_LT(bpid, 16384u);
	EXPECT_EQ(attr.r32(4), 1u);

	McCmd n(0x1B21, t);
	ASSERT_EQ(mc.send(n), kOk);
	EXPECT_EQ(n.r32(0), 0u);
	// The mempool's get_count after buffers went to the pool.
	for (uint64_t a = 0x1000; a < 0x4000; a += 0x1000)
		ASSERT_TRUE(s->qbman().bp_release(bpid, a));
	McCmd n3(0x1B21, t);
	ASSERT_EQ(mc.send(n3), kOk);
	EXPECT_EQ(n3.r32(0), 3u);

	// Two DPBPs, two pools.
	const uint16_t t2 = mc.open(0x8041, 2);
	McCmd attr2(0x0041, t2);
	ASSERT_EQ(mc.send(attr2), kOk);
	EXPECT_NE(attr2.r16(2), bpid);

	EXPECT_EQ(mc.simple(0x0031, t), kOk); // disable
	EXPECT_EQ(mc.simple(0x8001, t), kOk); // close
}

TEST(Dpaa2Mc, DpioOpenResetEnableAttributes)
{
	IdentityMemory mem;
	auto s = make("mode=stepped", mem);
	McDriver mc(*s);
	std::set<unsigned> portals;
	for (unsigned id = 1; id <= 10; id++) {
		const uint16_t t = mc.open(0x8031, id);
		ASSERT_NE(t, 0) << "dpio." << id;
		EXPECT_EQ(mc.simple(0x0051, t), kOk);
		EXPECT_EQ(mc.simple(0x0021, t), kOk);
		McCmd a(0x0041, t);
		ASSERT_EQ(mc.send(a), kOk);
		EXPECT_EQ(a.r32(0), id);
		const unsigned portal = a.r16(4);
		EXPECT_LT(portal, 64u) << "portal_idx_map[64]";
		portals.insert(portal);
		EXPECT_EQ(a.r8(6), 8u);		   // num_priorities
		EXPECT_EQ(a.r8(7) & 0xF, 1u);	   // DPIO_LOCAL_CHANNEL
		EXPECT_EQ(a.r32(24), 0x05000000u); // QBMan 5.0 on LX2160A
		// The portal the emulation maps is the one the attributes name.
		ASSERT_NE(s->mc().dpio_portal(id), nullptr);
		EXPECT_EQ(s->mc().dpio_portal(id)->index(), portal);

		McCmd st(0x1201, t);
		st.u8(0, uint8_t(id / 2));
		EXPECT_EQ(mc.send(st), kOk);
		EXPECT_EQ(s->mc().dpio_portal(id)->stash_destination(), id / 2);
	}
	EXPECT_EQ(portals.size(), 10u) << "one QBMan portal per DPIO";
}

TEST(Dpaa2Mc, TokensAndContainersAreChecked)
{
	IdentityMemory mem;
	auto s = make("dpmac.3=loopback;mode=stepped", mem);
	McDriver mc(*s);
	const uint64_t misuse0 = s->misuse_count();

	// A token no open gave.
	EXPECT_EQ(mc.simple(0x0021, 0x7777), kAuthErr);
	// A closed token is stale, even for the object it named.
	const uint16_t t = mc.open(0x8011, 1);
	ASSERT_NE(t, 0);
	EXPECT_EQ(mc.simple(0x8001, t), kOk);
	EXPECT_EQ(mc.simple(0x0061, t), kAuthErr);
	EXPECT_EQ(mc.simple(0x8001, t), kAuthErr);
	// Two opens give two tokens, each valid until its own close.
	const uint16_t a = mc.open(0x8011, 1), b = mc.open(0x8011, 1);
	EXPECT_NE(a, b);
	EXPECT_EQ(mc.simple(0x8001, a), kOk);
	EXPECT_EQ(mc.simple(0x0061, b), kOk);

	// The root container and what is not assigned to dprc.2.
	uint8_t st;
	EXPECT_EQ(mc.open(0x8051, 1, &st), 0);
	EXPECT_EQ(st, kNoPrivilege);
	// No such object.
	EXPECT_EQ(mc.open(0x8011, 9, &st), 0);
	EXPECT_EQ(st, kConfigErr);

	// A command the MC does not know, and one DPDK never sends.
	EXPECT_EQ(mc.simple(0x7771, b), kUnsupported);
	EXPECT_EQ(mc.simple(0x2101, b), kUnsupported); // dpni_get_qdid
	EXPECT_GT(s->mc().unsupported_count(), 0u);

	// Only a READY command runs: run again, a completed one is left alone.
	McCmd once(0x8311);
	ASSERT_EQ(mc.send(once), kOk);
	once.u32(4, 0x55);
	EXPECT_EQ(mc.send(once), kOk);
	EXPECT_EQ(once.r32(4), 0x55u) << "the MC answered a command without READY";

	// A portal that is no DPMCP's.
	McDriver nobody(*s, 7);
	McCmd v(0x8311);
	EXPECT_NE(nobody.send(v), kOk);

	EXPECT_GE(s->misuse_count(), misuse0 + 6) << "every refusal but UNSUPPORTED_OP is misuse";
}

TEST(Dpaa2Mc, ApiVersionsWithoutToken)
{
	IdentityMemory mem;
	auto s = make("mode=stepped", mem);
	McDriver mc(*s);
	McCmd v(0xA011); // dpni_get_api_version, mandatory at 25.11's init
	ASSERT_EQ(mc.send(v), kOk);
	EXPECT_EQ(v.r16(0), 8u);
	EXPECT_EQ(v.r16(2), 6u);
	for (uint16_t id : {0xA031, 0xA041, 0xA081, 0xA051}) {
		McCmd c(id);
		ASSERT_EQ(mc.send(c), kOk) << std::hex << id;
		EXPECT_NE(c.r16(0), 0u);
	}
}

TEST(Dpaa2Mc, DpconAttributesGiveAChannel)
{
	IdentityMemory mem;
	auto s = make("mode=stepped", mem);
	McDriver mc(*s);
	std::set<unsigned> channels;
	for (unsigned id = 1; id <= 5; id++) {
		const uint16_t t = mc.open(0x8081, id);
		ASSERT_NE(t, 0);
		McCmd a(0x0041, t);
		ASSERT_EQ(mc.send(a), kOk);
		EXPECT_EQ(a.r32(0), id);
		EXPECT_NE(a.r16(4), 0u);
		channels.insert(a.r16(4));
		EXPECT_EQ(a.r8(6), 8u);
	}
	EXPECT_EQ(channels.size(), 5u);
	// dpio_add_static_dequeue_channel of a DPCON: an SDQCR index.
	const uint16_t io = mc.open(0x8031, 1);
	McCmd add(0x1221, io);
	add.u32(0, 2);
	ASSERT_EQ(mc.send(add), kOk);
	EXPECT_LT(add.r8(0), 16u);
}

} // namespace
