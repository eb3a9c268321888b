/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan model, receive side: buffer layout, MAC filtering, drops and their
// counters, scatter/gather, error FQ, KeyGen distribution.

#include <chrono>
#include <map>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "dpaa_model/parser.hpp"
#include "dpaa_model/wire_gen.hpp"
#include "fman_test_support.hpp"

namespace dpaa::test
{
namespace
{

namespace rx = fm::bmi_rx;
namespace st = memac::stat;
namespace fds = fm::fd_status;
constexpr unsigned kMac = FmanRig::kMac9;
constexpr uint32_t kDefFq = 0x100, kErrFq = 0x101;

Bytes udp_frame(size_t payload, Mac6 dst = kPortMac)
{
	return FrameBuilder(dst).etype(0x0800).ipv4(17).udp().payload(payload).finish();
}

class FmanRx : public ::testing::Test
{
protected:
	void SetUp() override
	{
		rig.add_pool(1, 2048, 32);
		rig.setup_rx(kMac, kDefFq, kErrFq);
		rig.set_pools(kMac, {{1, 2048}});
	}
	void TearDown() override { expect_no_faults(rig.fman); }
	size_t received(uint32_t fqid) const
	{
		size_t n = 0;
		for (auto &e : rig.sink.got)
			n += e.fqid == fqid;
		return n;
	}
	// Give the buffers of everything received back to BMan.
	void recycle()
	{
		for (auto &e : rig.sink.got) {
			if (e.fd.format() == hw::FdFormat::sg) {
				auto *sg = reinterpret_cast<const hw::SgEntry *>(
					rig.mem.at(e.fd.addr() + e.fd.offset()));
				for (unsigned i = 0;; i++) {
					rig.soc.bman().release(sg[i].bpid(), sg[i].addr());
					if (sg[i].final())
						break;
				}
			}
			rig.soc.bman().release(e.fd.bpid(), e.fd.addr());
		}
		rig.sink.got.clear();
	}
	FmanRig rig;
};

TEST_F(FmanRx, ContiguousFrameLayoutAndCounters)
{
	Bytes f = udp_frame(100);
	// 1 ms of model time: the 1588 timer (reset as the kernel leaves it,
	// from 0 in stepped mode) reads 1 ms when the frame arrives.
	rig.fman.advance_clock(1'000'000);
	ASSERT_TRUE(rig.rx(kMac, f));
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	const auto &e = rig.sink.got[0];
	EXPECT_EQ(e.fqid, kDefFq);
	EXPECT_EQ(e.fd.format(), hw::FdFormat::contig);
	EXPECT_EQ(e.fd.bpid(), 1);
	EXPECT_EQ(e.fd.offset(), 64);
	EXPECT_EQ(e.fd.length(), f.size());
	EXPECT_EQ(e.fd.status() & fds::kRxErrorMask, 0u);
	EXPECT_TRUE(e.fd.status() & fds::kL4ChecksumValidated);
	EXPECT_EQ(rig.read_frame(e.fd), f);
	// The IC copy with the default ICP: parse result at +0x10, timestamp at
	// +0x30, hash at +0x38 (no KeyGen: 0).
	const fm::ParseResult &pr = rig.rx_parse(e.fd);
	EXPECT_EQ(pr.l2r.load(), fm::l2r::kEthernet);
	EXPECT_EQ(pr.l3r.load(), fm::l3r::kFirstIpv4);
	EXPECT_EQ(pr.l4r, fm::l4r::kUdp);
	EXPECT_EQ(pr.ip_off[0], 14);
	EXPECT_EQ(pr.l4_off, 34);
	const uint8_t *buf = rig.mem.at(e.fd.addr());
	uint64_t ts = 0, hash = 0;
	for (int i = 0; i < 8; i++) {
		ts = ts << 8 | buf[0x30 + i];
		hash = hash << 8 | buf[0x38 + i];
	}
	EXPECT_EQ(ts, 1'000'000u);
	EXPECT_EQ(hash, 0u);

	const uint64_t wire = f.size() + 4;
	EXPECT_EQ(rig.stat(kMac, st::kRFrm), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRPkt), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kROct), wire);
	EXPECT_EQ(rig.stat(kMac, st::kREoct), wire);
	EXPECT_EQ(rig.stat(kMac, st::kRUca), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kR255), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRErr), 0u);
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfrc), 1u);
	EXPECT_EQ(rig.rx_rd(kMac, rx::racnt(0)), 1u);
	EXPECT_EQ(rig.soc.bman().free_count(1), 31u);
}

TEST_F(FmanRx, MacFilteringMatrix)
{
	const Mac6 other{{0x00, 0x04, 0x9f, 0x00, 0x00, 0x77}};
	const Mac6 extra{{0x02, 0x00, 0x00, 0x00, 0x00, 0x33}};
	const Mac6 mc_in{{0x01, 0x00, 0x5e, 0x00, 0x00, 0x01}};
	const Mac6 mc_out{{0x01, 0x00, 0x5e, 0x00, 0x00, 0x03}};
	const Mac6 bcast{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	std::array<uint8_t, 6> a;
	std::memcpy(a.data(), extra.b, 6);
	rig.mac_wr(kMac, memac::mac_addr_lo(3), memac::addr_lo(a));
	rig.mac_wr(kMac, memac::mac_addr_hi(3), memac::addr_hi(a));
	std::memcpy(a.data(), mc_in.b, 6);
	rig.mac_wr(kMac, memac::kHashtableCtrl, memac::hash::kMcastEn | memac::hash_bucket(a));
	std::memcpy(a.data(), mc_out.b, 6);
	ASSERT_NE(memac::hash_bucket(a), memac::hash_bucket({0x01, 0x00, 0x5e, 0x00, 0x00, 0x01}));

	struct Case {
		const char *name;
		Mac6 dst;
		bool plain, promisc, allmulti;
	} cases[] = {
		{"own unicast", kPortMac, true, true, true},
		{"other unicast", other, false, true, false},
		{"extra unicast slot", extra, true, true, true},
		{"multicast in hash", mc_in, true, true, true},
		{"multicast not in hash", mc_out, false, true, true},
		{"broadcast", bcast, true, true, true},
	};
	const uint32_t base = memac::cmd::kRxEn | memac::cmd::kTxEn;
	for (int mode = 0; mode < 3; mode++) {
		// Mode 2, all-multicast: every hash bucket set, as the mEMAC
		// has no bit of its own for it.
		if (mode == 2)
			for (uint32_t b = 0; b < memac::hash::kBuckets; b++)
				rig.mac_wr(kMac, memac::kHashtableCtrl, memac::hash::kMcastEn | b);
		const uint32_t cmd = base | (mode == 1 ? memac::cmd::kPromiscuous : 0);
		rig.mac_wr(kMac, memac::kCommandConfig, cmd);
		for (const Case &c : cases) {
			uint64_t drops = rig.stat(kMac, st::kRDrp);
			rig.rx(kMac, udp_frame(30, c.dst));
			rig.run();
			bool want = mode == 0 ? c.plain : mode == 1 ? c.promisc : c.allmulti;
			EXPECT_EQ(rig.sink.got.size(), want ? 1u : 0u)
				<< c.name << " mode " << mode;
			EXPECT_EQ(rig.stat(kMac, st::kRDrp), drops + (want ? 0 : 1)) << c.name;
			recycle();
		}
	}
	// Clearing the bucket stops the multicast group.
	std::memcpy(a.data(), mc_in.b, 6);
	rig.mac_wr(kMac, memac::kHashtableCtrl, memac::hash_bucket(a));
	rig.mac_wr(kMac, memac::kCommandConfig, base);
	rig.rx(kMac, udp_frame(30, mc_in));
	rig.run();
	EXPECT_TRUE(rig.sink.got.empty());
	EXPECT_EQ(rig.stat(kMac, st::kRMca), 5u); // mc_in x3 modes, mc_out promisc + allmulti
	EXPECT_EQ(rig.stat(kMac, st::kRBca), 3u);
}

TEST_F(FmanRx, OversizeUndersizeAndDisabledAreDroppedAndCounted)
{
	rig.mac_wr(kMac, memac::kMaxFrm, 1518);
	EXPECT_EQ(rig.mac_rd(kMac, memac::kMaxFrm), 1518u);
	rig.rx(kMac, udp_frame(1514 - 42));	// 1518 on the wire: fits
	rig.rx(kMac, udp_frame(1514 - 42 + 1)); // 1519: oversize
	Bytes runt = udp_frame(0);
	runt.resize(40);
	rig.rx(kMac, runt);
	rig.run();
	EXPECT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kROvr), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRUnd), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRErr), 2u);
	EXPECT_EQ(rig.stat(kMac, st::kRFrm), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kR1518), 1u);
	// RMON's buckets end at MAXFRM: the oversize frame is in none of them.
	EXPECT_EQ(rig.stat(kMac, st::kR1519X), 0u);

	rig.mac_wr(kMac, memac::kCommandConfig, memac::cmd::kTxEn);
	rig.rx(kMac, udp_frame(60));
	rig.run();
	EXPECT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRDrp), 1u);
	EXPECT_EQ(rig.fman.stats(kMac).rx_mac_disabled, 1u);
}

// The mEMAC's RMON size buckets count good and bad frames of legal length:
// R1519X is "1519 to the maximum frame length", so a frame beyond MAXFRM
// (the 5018 bytes a jumbo-frame test plan sends at MTU 1500) counts as
// oversize (good FCS) or jabber (bad FCS) and in no bucket.
TEST_F(FmanRx, RmonSizeBucketsEndAtMaxFrm)
{
	rig.mac_wr(kMac, memac::kMaxFrm, 1522);
	rig.rx(kMac, udp_frame(1522 - 4 - 42));	       // 1522 on the wire: the last that fits
	rig.rx(kMac, udp_frame(1522 - 4 - 42), false); // the same with a bad FCS
	rig.rx(kMac, udp_frame(1523 - 4 - 42));	       // one byte over
	rig.rx(kMac, udp_frame(5018 - 4 - 42));
	rig.rx(kMac, udp_frame(5018 - 4 - 42), false);
	rig.run();
	EXPECT_EQ(rig.stat(kMac, st::kR1519X), 2u);
	EXPECT_EQ(rig.stat(kMac, st::kR1518), 0u);
	EXPECT_EQ(rig.stat(kMac, st::kROvr), 2u);
	EXPECT_EQ(rig.stat(kMac, st::kRJbr), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRPkt), 5u);
}

TEST_F(FmanRx, BadFcsGoesToErrorFqOrIsDiscarded)
{
	Bytes f = udp_frame(60);
	rig.rx(kMac, f, false);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, kErrFq);
	EXPECT_TRUE(rig.sink.got[0].fd.status() & fds::kErrPhysical);
	EXPECT_EQ(rig.read_frame(rig.sink.got[0].fd), f);
	EXPECT_EQ(rig.stat(kMac, st::kRFcs), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRErr), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRFrm), 0u);
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfbc), 1u);
	recycle();

	rig.rx_wr(kMac, rx::kRfsdm, fds::kErrPhysical);
	rig.rx(kMac, f, false);
	rig.run();
	EXPECT_TRUE(rig.sink.got.empty());
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfdc), 1u);
	EXPECT_EQ(rig.soc.bman().free_count(1), 32u);
}

TEST_F(FmanRx, ParserHeaderErrorGoesToErrorFq)
{
	Bytes f = udp_frame(60);
	put16(f, 16, 500); // IPv4 total length beyond the frame
	rig.rx(kMac, f);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, kErrFq);
	EXPECT_TRUE(rig.sink.got[0].fd.status() & fds::kErrPrsHeader);
	EXPECT_EQ(rig.fman.stats(kMac).rx_error_fq, 1u);
}

TEST_F(FmanRx, PoolDepletionDropsAndCounts)
{
	FmanRig small;
	small.add_pool(4, 2048, 2);
	small.setup_rx(kMac, kDefFq, kErrFq);
	small.set_pools(kMac, {{4, 2048}});
	for (int i = 0; i < 3; i++)
		small.rx(kMac, udp_frame(60));
	small.run();
	EXPECT_EQ(small.sink.got.size(), 2u);
	EXPECT_EQ(small.rx_rd(kMac, rx::kRodc), 1u);
	EXPECT_EQ(small.rx_rd(kMac, rx::kRfrc), 3u);
	// Buffers back: reception resumes.
	small.soc.bman().release(4, small.sink.got[0].fd.addr());
	small.rx(kMac, udp_frame(60));
	small.run();
	EXPECT_EQ(small.sink.got.size(), 3u);
}

TEST_F(FmanRx, DepletionWithFlowControlBackPressuresTheWire)
{
	FmanRig small;
	small.add_pool(4, 2048, 1);
	small.setup_rx(kMac, kDefFq, kErrFq);
	small.set_pools(kMac, {{4, 2048}});
	small.rx_wr(kMac, rx::kRmpd, 0xf00000f0);
	EXPECT_TRUE(small.rx(kMac, udp_frame(60)));
	EXPECT_FALSE(small.rx(kMac, udp_frame(60))); // no buffer: PAUSE, not loss
	EXPECT_EQ(small.stat(kMac, st::kRPkt), 1u);  // the refused frame is not counted
	EXPECT_EQ(small.rx_rd(kMac, rx::kRodc), 0u);
	EXPECT_EQ(small.fman.stats(kMac).rx_backpressure, 1u);
	small.run();
	ASSERT_EQ(small.sink.got.size(), 1u);
	small.soc.bman().release(4, small.sink.got[0].fd.addr());
	EXPECT_TRUE(small.rx(kMac, udp_frame(60)));
	small.run();
	EXPECT_EQ(small.sink.got.size(), 2u);
	EXPECT_EQ(small.stat(kMac, st::kRPkt), 2u);
}

TEST_F(FmanRx, RxReadyFollowsMacAndPortEnables)
{
	const model::MacPort &mp = rig.fman.mac_port(kMac);
	EXPECT_TRUE(mp.rx_ready());
	rig.rx_wr(kMac, rx::kRcfg, 0);
	EXPECT_FALSE(mp.rx_ready());
	rig.rx_wr(kMac, rx::kRcfg, rx::kCfgEn);
	rig.mac_wr(kMac, memac::kCommandConfig, memac::cmd::kTxEn);
	EXPECT_FALSE(mp.rx_ready());
	EXPECT_FALSE(rig.fman.mac_port(FmanRig::kMac10).rx_ready());
}

TEST_F(FmanRx, SmallestPoolThatFits)
{
	rig.add_pool(2, 256, 1);
	rig.set_pools(kMac, {{2, 256}, {1, 2048}});
	rig.rx(kMac, udp_frame(60));  // 102 + 64 margin: fits 256
	rig.rx(kMac, udp_frame(600)); // too big for 256
	rig.rx(kMac, udp_frame(60));  // pool 2 now empty: the next larger
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 3u);
	EXPECT_EQ(rig.sink.got[0].fd.bpid(), 2);
	EXPECT_EQ(rig.sink.got[1].fd.bpid(), 1);
	EXPECT_EQ(rig.sink.got[2].fd.bpid(), 1);
}

TEST_F(FmanRx, JumboFrameAsScatterGatherIsByteExact)
{
	Bytes f = udp_frame(9000 - 42);
	ASSERT_EQ(f.size(), 9000u);
	rig.rx(kMac, f);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	const hw::Fd fd = rig.sink.got[0].fd;
	EXPECT_EQ(rig.sink.got[0].fqid, kDefFq);
	ASSERT_EQ(fd.format(), hw::FdFormat::sg);
	EXPECT_EQ(fd.length(), 9000u);
	EXPECT_EQ(fd.offset(), 64);
	const auto *sg = reinterpret_cast<const hw::SgEntry *>(rig.mem.at(fd.addr() + 64));
	const uint32_t cap = 2048 - 64;
	const unsigned n = (9000 + cap - 1) / cap;
	for (unsigned i = 0; i < n; i++) {
		EXPECT_EQ(sg[i].bpid(), 1);
		EXPECT_EQ(sg[i].offset(), 64);
		EXPECT_EQ(sg[i].length(), i + 1 < n ? cap : 9000 - (n - 1) * cap);
		EXPECT_EQ(sg[i].final(), i + 1 == n);
		EXPECT_FALSE(sg[i].extension());
	}
	EXPECT_EQ(rig.read_frame(fd), f);
	EXPECT_EQ(rig.rx_parse(fd).l4r, fm::l4r::kUdp);
	EXPECT_EQ(rig.soc.bman().free_count(1), 32u - n - 1);
	EXPECT_EQ(rig.fman.stats(kMac).rx_sg, 1u);
	EXPECT_EQ(rig.stat(kMac, st::kR1519X), 1u);
}

TEST_F(FmanRx, TooLongWithScatterGatherDisabled)
{
	rig.rx_wr(kMac, rx::kRebm, fm::bmi_rx::rebm(64, 0) | rx::kRebmSgDisable);
	rig.rx(kMac, udp_frame(3000));
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, kErrFq);
	EXPECT_TRUE(rig.sink.got[0].fd.status() & fds::kErrSize);
	EXPECT_EQ(rig.sink.got[0].fd.length(), 2048u - 64);
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRlfc), 1u);
}

TEST_F(FmanRx, TailDropIsHonouredAndCounted)
{
	FmanRig r;
	r.add_pool(1, 2048, 8);
	r.setup_rx(kMac, 0, kErrFq);
	r.set_pools(kMac, {{1, 2048}});
	r.rx_wr(kMac, rx::kRfqid, 0x120);
	r.init_fq(0x120, FmanRig::kSinkChannel, 250);
	// Park the FQ's frames: nobody consumes the pool channel.
	r.soc.qman().detach_channel_consumer(FmanRig::kSinkChannel);
	for (int i = 0; i < 4; i++)
		r.rx(kMac, udp_frame(60)); // 102 bytes each: 2 fit under 250
	r.run();
	EXPECT_EQ(r.fman.stats(kMac).rx_taildrop, 2u);
	EXPECT_EQ(r.rx_rd(kMac, rx::kRfdc), 2u);
	EXPECT_EQ(r.soc.bman().free_count(1), 6u); // the dropped frames' buffers came back
	r.soc.qman().attach_channel_consumer(FmanRig::kSinkChannel, r.sink);
	r.run();
	EXPECT_EQ(r.sink.got.size(), 2u);
}

// A generator at rate=max offers frames only while the Rx FQ has room: no
// tail drop, and everything reaches the consumer; at any other rate (here
// line, unpaced as the model is stepped) the FQ's threshold drops frames.
TEST_F(FmanRx, GeneratorAtMaxHoldsBackWhileTheRxFqIsFull)
{
	for (const model::Rate::Kind kind : {model::Rate::Kind::max, model::Rate::Kind::line}) {
		SCOPED_TRACE(kind == model::Rate::Kind::max ? "rate=max" : "rate=line");
		FmanRig r;
		r.add_pool(1, 2048, 64);
		r.setup_rx(kMac, 0, kErrFq, 64, memac::cmd::kPromiscuous);
		r.set_pools(kMac, {{1, 2048}});
		r.rx_wr(kMac, rx::kRfqid, 0x120);
		r.init_fq(0x120, FmanRig::kSinkChannel, 250); // four 60-byte frames
		r.soc.qman().detach_channel_consumer(FmanRig::kSinkChannel);
		model::GenParams gp;
		gp.rate.kind = kind;
		gp.count = 40;
		model::GenWire gen("fm1-mac9", gp, false);
		r.fman.attach_wire(kMac, gen);
		r.run();
		if (kind == model::Rate::Kind::max) {
			EXPECT_EQ(gen.sent(), 4u);
			EXPECT_GT(gen.held(), 0u);
			EXPECT_EQ(r.fman.stats(kMac).rx_taildrop, 0u);
		} else {
			EXPECT_EQ(gen.sent(), 40u);
			EXPECT_EQ(r.fman.stats(kMac).rx_taildrop, 36u);
		}
		// The consumer takes frames (and frees their buffers) as they come.
		size_t received = 0;
		r.soc.qman().attach_channel_consumer(FmanRig::kSinkChannel, r.sink);
		for (int i = 0; i < 1000 && !gen.done(); i++) {
			r.run();
			for (auto &e : r.sink.got)
				r.soc.bman().release(e.fd.bpid(), e.fd.addr());
			received += r.sink.got.size();
			r.sink.got.clear();
		}
		r.run();
		received += r.sink.got.size();
		EXPECT_EQ(gen.sent(), 40u);
		if (kind == model::Rate::Kind::max) {
			EXPECT_EQ(received, 40u);
			EXPECT_EQ(r.fman.stats(kMac).rx_taildrop, 0u);
		} else {
			EXPECT_EQ(received, 4u);
		}
	}
}

// KeyGen: scheme 0 hashes the 5-tuple over n FQs from 0x200.
void program_rss(FmanRig &r, unsigned n, bool symmetric = false)
{
	namespace kg = fm::kg;
	namespace kn = fm::kg::kn;
	r.wr(kg::kBase + kg::kSeMode, kg::kModeEn | fm::nia::kEnqueue);
	r.wr(kg::kBase + kg::kSeEkfc,
	     kn::kIpSrc1 | kn::kIpDst1 | kn::kPtype1 | kn::kL4PSrc | kn::kL4PDst);
	r.wr(kg::kBase + kg::kSeFqb, 0x200);
	r.wr(kg::kBase + kg::kSeHc, kg::hc(n) | (symmetric ? kg::kHcSymmetric : 0));
	r.wr(kg::kBase + kg::kAr, kg::ar_scheme(0, false));
	EXPECT_EQ(r.rd(kg::kBase + kg::kAr) & kg::kArGo, 0u);
	r.wr(kg::kBase + kg::kPeSp, 0x80000000);
	r.wr(kg::kBase + kg::kAr, kg::ar_port(fm::rx_port_id(kMac), false));
	r.rx_wr(kMac, rx::kRfpne, fm::nia::keygen_scheme(0));
	for (unsigned i = 0; i < n; i++)
		r.init_fq(0x200 + i);
}

Bytes flow_frame(unsigned flow)
{
	return FrameBuilder()
		.etype(0x0800)
		.ipv4(17, 0x0a000000 + (flow % 251), 0x0b000000 + flow / 7)
		.udp(static_cast<uint16_t>(1024 + flow), 4789)
		.payload(20)
		.finish();
}

TEST_F(FmanRx, RssSpreadsFlowsEvenlyAndDeterministically)
{
	for (unsigned n : {1u, 2u, 4u, 8u}) {
		FmanRig r;
		r.add_pool(1, 512, 128);
		r.setup_rx(kMac, kDefFq, kErrFq);
		r.set_pools(kMac, {{1, 512}});
		program_rss(r, n);
		std::map<unsigned, uint32_t> fq_of_flow;
		std::map<uint32_t, unsigned> per_fq;
		for (unsigned round = 0; round < 2; round++) {
			for (unsigned flow = 0; flow < 1000; flow++) {
				r.rx(kMac, flow_frame(flow));
				r.run();
				ASSERT_EQ(r.sink.got.size(), 1u);
				const auto &e = r.sink.got[0];
				ASSERT_GE(e.fqid, 0x200u);
				ASSERT_LT(e.fqid, 0x200u + n);
				if (round == 0) {
					fq_of_flow[flow] = e.fqid;
					per_fq[e.fqid]++;
				} else {
					EXPECT_EQ(fq_of_flow[flow], e.fqid) << "flow " << flow;
				}
				r.soc.bman().release(e.fd.bpid(), e.fd.addr());
				r.sink.got.clear();
			}
		}
		ASSERT_EQ(per_fq.size(), n);
		for (auto [fq, count] : per_fq) {
			EXPECT_GE(count, 1000.0 / n * 0.8) << n << " FQs, fq " << fq;
			EXPECT_LE(count, 1000.0 / n * 1.2) << n << " FQs, fq " << fq;
		}
	}
}

TEST_F(FmanRx, RssHashInAnnotationAndSymmetricOption)
{
	program_rss(rig, 8, true);
	FrameBuilder ab, ba;
	Bytes fab = ab.etype(0x0800)
			    .ipv4(6, 0x01020304, 0x05060708)
			    .tcp(1111, 2222)
			    .payload(20)
			    .finish();
	Bytes fba = ba.etype(0x0800)
			    .ipv4(6, 0x05060708, 0x01020304)
			    .tcp(2222, 1111)
			    .payload(20)
			    .finish();
	rig.rx(kMac, fab);
	rig.rx(kMac, fba);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 2u);
	auto hash_of = [&](const hw::Fd &fd) {
		const uint8_t *b = rig.mem.at(fd.addr() + 0x38);
		uint64_t h = 0;
		for (int i = 0; i < 8; i++)
			h = h << 8 | b[i];
		return h;
	};
	uint64_t h0 = hash_of(rig.sink.got[0].fd);
	EXPECT_NE(h0, 0u);
	EXPECT_EQ(h0, hash_of(rig.sink.got[1].fd));
	EXPECT_EQ(rig.sink.got[0].fqid, rig.sink.got[1].fqid);
	EXPECT_EQ(rig.sink.got[0].fqid, 0x200 + (h0 & 7));
}

TEST_F(FmanRx, SchemeFromThePortPartition)
{
	namespace kg = fm::kg;
	rig.wr(kg::kBase + kg::kSeMode, kg::kModeEn | fm::nia::kEnqueue);
	rig.wr(kg::kBase + kg::kSeEkfc, kg::kn::kL4PSrc);
	rig.wr(kg::kBase + kg::kSeFqb, 0x240);
	rig.wr(kg::kBase + kg::kSeHc, kg::hc(2));
	rig.wr(kg::kBase + kg::kAr, kg::ar_scheme(2, false));
	rig.wr(kg::kBase + kg::kPeSp, 0x80000000u >> 2);
	rig.wr(kg::kBase + kg::kAr, kg::ar_port(fm::rx_port_id(kMac), false));
	rig.rx_wr(kMac, rx::kRfpne, fm::nia::kEngKeygen);
	rig.init_fq(0x240);
	rig.init_fq(0x241);
	for (unsigned port = 0; port < 8; port++)
		rig.rx(kMac, FrameBuilder()
				     .etype(0x0800)
				     .ipv4(17)
				     .udp(static_cast<uint16_t>(1000 + port))
				     .payload(30)
				     .finish());
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 8u);
	std::set<uint32_t> fqs;
	for (auto &e : rig.sink.got)
		fqs.insert(e.fqid);
	EXPECT_EQ(fqs, (std::set<uint32_t>{0x240, 0x241}));
}

TEST_F(FmanRx, DisabledSchemeIsANoSchemeError)
{
	rig.rx_wr(kMac, rx::kRfpne, fm::nia::keygen_scheme(5));
	rig.rx(kMac, udp_frame(60));
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, kErrFq);
	EXPECT_TRUE(rig.sink.got[0].fd.status() & fds::kErrNoScheme);
}

uint32_t ref_crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffff;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int b = 0; b < 8; b++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return ~c;
}

TEST_F(FmanRx, CrcForwardKeepsTheFcs)
{
	const char *check = "123456789";
	ASSERT_EQ(ref_crc32(reinterpret_cast<const uint8_t *>(check), 9), 0xcbf43926u);
	rig.mac_wr(kMac, memac::kCommandConfig,
		   rig.mac_rd(kMac, memac::kCommandConfig) | memac::cmd::kCrcFwd);
	Bytes f = udp_frame(70);
	rig.rx(kMac, f);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	Bytes got = rig.read_frame(rig.sink.got[0].fd);
	ASSERT_EQ(got.size(), f.size() + 4);
	EXPECT_TRUE(std::equal(f.begin(), f.end(), got.begin()));
	uint32_t fcs = ref_crc32(f.data(), f.size());
	for (unsigned i = 0; i < 4; i++)
		EXPECT_EQ(got[f.size() + i], static_cast<uint8_t>(fcs >> (8 * i)));
	EXPECT_EQ(rig.rx_parse(rig.sink.got[0].fd).l4r, fm::l4r::kUdp);
}

TEST_F(FmanRx, PauseFramesAreCountedAndConsumed)
{
	Bytes pause = FrameBuilder(Mac6{{0x01, 0x80, 0xc2, 0x00, 0x00, 0x01}})
			      .etype(0x8808)
			      .raw({0x00, 0x01, 0xff, 0xff})
			      .payload(42)
			      .finish();
	rig.rx(kMac, pause);
	rig.run();
	EXPECT_TRUE(rig.sink.got.empty());
	EXPECT_EQ(rig.stat(kMac, st::kRxPf), 1u);
	// PAUSE_FWD hands them to the FMan, through the address filter.
	rig.mac_wr(kMac, memac::kCommandConfig,
		   rig.mac_rd(kMac, memac::kCommandConfig) | memac::cmd::kPauseFwd |
			   memac::cmd::kPromiscuous);
	rig.rx(kMac, pause);
	rig.run();
	EXPECT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRxPf), 2u);
}

// Threaded mode: the model thread polls the wire and fills the FQs while the
// test programs and reads registers through ccsr(), which takes the Soc lock.
TEST_F(FmanRx, ThreadedModelWithControlPathAccess)
{
	TestWire &w = *rig.wires[kMac];
	for (unsigned i = 0; i < 20; i++)
		w.pending.emplace_back(udp_frame(60 + i), true);
	ASSERT_EQ(rig.soc.start_thread(), 0);
	for (unsigned i = 0; i < 1000; i++)
		rig.mac_wr(kMac, memac::pause_quanta(1), i); // concurrent control path
	// No timing in the verdict: wait (bounded) for the counter, then check.
	// (Bounded at 30 s so that a slow, loaded machine still passes.)
	for (int i = 0; i < 300000 && rig.rx_rd(kMac, rx::kRfrc) < 20; i++)
		std::this_thread::sleep_for(std::chrono::microseconds(100));
	for (int i = 0; i < 300000; i++) {
		{
			std::lock_guard<std::mutex> g(rig.soc.lock());
			if (rig.sink.got.size() >= 20)
				break;
		}
		std::this_thread::sleep_for(std::chrono::microseconds(100));
	}
	rig.soc.stop_thread();
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfrc), 20u);
	ASSERT_EQ(received(kDefFq), 20u);
	EXPECT_EQ(rig.mac_rd(kMac, memac::pause_quanta(1)), 999u);
	for (unsigned i = 0; i < 20; i++)
		EXPECT_EQ(rig.sink.got[i].fd.length(), 102u + i);
}

TEST_F(FmanRx, WirePolledByTheFman)
{
	TestWire &w = *rig.wires[kMac];
	w.pending.emplace_back(udp_frame(60), true);
	w.pending.emplace_back(udp_frame(61), true);
	rig.run();
	EXPECT_TRUE(w.pending.empty());
	EXPECT_EQ(received(kDefFq), 2u);
}

// The BMI takes the port's registers as they are when each frame comes:
// margins, IC copy, FQ, counting, parser off (the parse result is then
// FMBM_RPRAI's), between two frames of one stream.
TEST_F(FmanRx, RxPortWritesApplyFromTheNextFrame)
{
	TestWire &w = *rig.wires[kMac];
	const Bytes f1 = udp_frame(60), f2 = udp_frame(61), f3 = udp_frame(62);
	w.pending.emplace_back(f1, true);
	rig.run();
	rig.init_fq(0x102);
	rig.rx_wr(kMac, rx::kRebm, rx::rebm(128, 0));
	rig.rx_wr(kMac, rx::kRicp, fm::icp::make(0x40, 0x20, 0x20)); // parse result only
	rig.rx_wr(kMac, rx::kRfqid, 0x102);
	rig.rx_wr(kMac, rx::kRstc, 0);
	w.pending.emplace_back(f2, true);
	rig.run();
	rig.rx_wr(kMac, rx::kRstc, rx::kStatsEn);
	rig.rx_wr(kMac, rx::kRfne, fm::nia::kEnqueue);
	for (unsigned i = 0; i < 8; i++)
		rig.rx_wr(kMac, rx::rprai(i), 0x01020304u * (i + 1));
	w.pending.emplace_back(f3, true);
	rig.run();

	ASSERT_EQ(rig.sink.got.size(), 3u);
	const auto &e1 = rig.sink.got[0], &e2 = rig.sink.got[1], &e3 = rig.sink.got[2];
	EXPECT_EQ(e1.fqid, kDefFq);
	EXPECT_EQ(e1.fd.offset(), 64);
	EXPECT_EQ(rig.read_frame(e1.fd), f1);
	EXPECT_EQ(e2.fqid, 0x102u);
	EXPECT_EQ(e2.fd.offset(), 128);
	EXPECT_EQ(rig.read_frame(e2.fd), f2);
	const uint8_t *b2 = rig.mem.at(e2.fd.addr());
	fm::ParseResult want;
	model::parse_frame(f2, want);
	EXPECT_EQ(std::memcmp(b2 + 0x40, &want, sizeof(want)), 0);
	for (unsigned i = 0; i < 0x40; i++)
		EXPECT_EQ(b2[i], 0) << "byte " << i << " before the IC copy";
	for (unsigned i = 0x60; i < 0x80; i++)
		EXPECT_EQ(b2[i], 0) << "byte " << i << " after the IC copy";
	EXPECT_EQ(e3.fqid, 0x102u);
	EXPECT_EQ(e3.fd.status() & fds::kL4ChecksumValidated, 0u); // not parsed
	const uint8_t *b3 = rig.mem.at(e3.fd.addr() + 0x40);
	for (unsigned i = 0; i < 32; i++)
		EXPECT_EQ(b3[i], uint8_t(0x01020304u * (i / 4 + 1) >> (24 - 8 * (i % 4))))
			<< "parse result byte " << i;
	EXPECT_EQ(rig.read_frame(e3.fd), f3);
	// FMBM_RFRC counted the first and third frames only.
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfrc), 2u);
}

// A buffer whose bus address does not translate (here one at the end of
// memory, too short for the frame it gets) is a DMA error for that frame
// and that frame only, inside one stream of frames of several lengths:
// the translation the FMan makes while it prefetches a buffer is for the
// length of the frame before, and is not taken for a longer frame.
TEST_F(FmanRx, BufferTooShortInMemoryIsADmaErrorForThatFrameOnly)
{
	// 32 buffers in the pool (FIFO), then one whose memory ends 64 + 100
	// bytes after its start.
	const uint64_t edge = TestMemory::kBase + rig.mem.size() - (64 + 100);
	rig.soc.bman().release(1, edge);
	TestWire &w = *rig.wires[kMac];
	std::vector<Bytes> sent;
	for (unsigned i = 0; i < 31; i++)
		sent.push_back(udp_frame(50 + i % 3));
	sent.push_back(udp_frame(20));	// 62 bytes: the last good buffer
	sent.push_back(udp_frame(200)); // the edge buffer, too long for it
	sent.push_back(udp_frame(20));	// the edge buffer again, which holds it
	for (const Bytes &f : sent)
		w.pending.emplace_back(f, true);
	rig.run();

	EXPECT_TRUE(w.pending.empty());
	EXPECT_EQ(rig.fman.stats(kMac).rx_dma_errors, 1u);
	EXPECT_EQ(rig.rx_rd(kMac, rx::kRfldec), 1u);
	ASSERT_EQ(rig.sink.got.size(), 33u);
	for (unsigned i = 0; i < 32; i++)
		EXPECT_EQ(rig.read_frame(rig.sink.got[i].fd), sent[i]) << "frame " << i;
	EXPECT_EQ(rig.sink.got[32].fd.addr(), edge);
	EXPECT_EQ(rig.read_frame(rig.sink.got[32].fd), sent[33]);
	EXPECT_EQ(rig.soc.bman().free_count(1), 0u);
}

} // namespace
} // namespace dpaa::test
