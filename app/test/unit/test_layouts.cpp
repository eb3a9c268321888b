/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Byte-exact checks of the silicon formats: each test writes fields through
// the accessors and compares the raw bytes with what the manual draws.

#include <cstring>

#include <gtest/gtest.h>

#include "dpaa_hw/bman_ccsr.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/mmio.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_hw/ring.hpp"

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;
namespace bm = dpaa::hw::bm;

namespace
{

template <typename T> std::vector<uint8_t> bytes_of(const T &v)
{
	std::vector<uint8_t> out(sizeof(T));
	std::memcpy(out.data(), &v, sizeof(T));
	return out;
}

} // namespace

TEST(Layouts, BigEndianWrappersStoreMostSignificantByteFirst)
{
	hw::be32 v{};
	v.store(0x11223344);
	EXPECT_EQ(bytes_of(v), (std::vector<uint8_t>{0x11, 0x22, 0x33, 0x44}));
	EXPECT_EQ(v.load(), 0x11223344u);
	hw::be16 h{};
	h.store(0xabcd);
	EXPECT_EQ(bytes_of(h), (std::vector<uint8_t>{0xab, 0xcd}));
	hw::be64 q{};
	q.store(0x0102030405060708ull);
	EXPECT_EQ(bytes_of(q), (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
	EXPECT_EQ(q.load(), 0x0102030405060708ull);
}

TEST(Layouts, FdContiguousBytes)
{
	hw::Fd fd = hw::Fd::contig(0xab12345678ull, 7, 0x40, 0x12345);
	fd.set_cmd(0xdeadbeef);
	fd.set_liodn_offset(0x15);
	// word 0: DD|LIODN, BPID, eLIODN, addr[39:32]; word 1 addr[31:0];
	// word 2: format 000, offset 0x040, length 0x12345; word 3 cmd.
	const std::vector<uint8_t> want{0x15, 0x07, 0x00, 0xab, 0x12, 0x34, 0x56, 0x78,
					0x04, 0x01, 0x23, 0x45, 0xde, 0xad, 0xbe, 0xef};
	EXPECT_EQ(bytes_of(fd), want);
	EXPECT_EQ(fd.addr(), 0xab12345678ull);
	EXPECT_EQ(fd.bpid(), 7);
	EXPECT_EQ(fd.offset(), 0x40);
	EXPECT_EQ(fd.length(), 0x12345u);
	EXPECT_EQ(fd.format(), hw::FdFormat::contig);
	EXPECT_EQ(fd.liodn_offset(), 0x15);
	EXPECT_EQ(fd.cmd(), 0xdeadbeefu);
}

TEST(Layouts, FdFormatOffsetLengthLimits)
{
	hw::Fd fd{};
	fd.set_format_offset_length(hw::FdFormat::sg, hw::Fd::kMaxOffset, hw::Fd::kMaxLength);
	EXPECT_EQ(fd.cfg.load(), 0x9fffffffu);
	EXPECT_EQ(fd.format(), hw::FdFormat::sg);
	EXPECT_EQ(fd.offset(), 511);
	EXPECT_EQ(fd.length(), 0xfffffu);
	fd.set_offset(3);
	EXPECT_EQ(fd.cfg.load(), 0x803fffffu);
	fd.set_length(9);
	EXPECT_EQ(fd.cfg.load(), 0x80300009u);
	fd.set_format_length_big(hw::FdFormat::contig_big, 0x1fffffff);
	EXPECT_EQ(fd.cfg.load(), 0x5fffffffu);
	EXPECT_EQ(fd.length_big(), 0x1fffffffu);
	// Addresses keep only 40 bits.
	fd.set_addr(0xff12345678ab);
	EXPECT_EQ(fd.addr(), 0x12345678abull);
}

TEST(Layouts, FdIsConstexpr)
{
	constexpr hw::Fd fd = hw::Fd::contig(0x1000, 3, 64, 1500);
	static_assert(fd.length() == 1500 && fd.offset() == 64 && fd.bpid() == 3);
	static_assert(fd.addr() == 0x1000);
	SUCCEED();
}

TEST(Layouts, SgEntryBytes)
{
	hw::SgEntry sg{};
	sg.set_addr(0x0102030405ull);
	sg.set_length_flags(0x123, false, true);
	sg.set_bpid(9);
	sg.set_offset(0x1abc);
	const std::vector<uint8_t> want{0,    0,    0,	  0x01, 0x02, 0x03, 0x04, 0x05,
					0x40, 0x00, 0x01, 0x23, 0x00, 0x09, 0x1a, 0xbc};
	EXPECT_EQ(bytes_of(sg), want);
	EXPECT_TRUE(sg.final());
	EXPECT_FALSE(sg.extension());
	sg.set_length_flags(0x3fffffff, true, false);
	EXPECT_EQ(sg.cfg.load(), 0xbfffffffu);
	EXPECT_TRUE(sg.extension());
	EXPECT_EQ(sg.length(), 0x3fffffffu);
}

TEST(Layouts, EqcrAndDqrrEntryBytes)
{
	qm::EqcrEntry eq{};
	eq.set_fqid(0xabcdef12); // 24 bits kept
	eq.fd = hw::Fd::contig(0x55, 1, 2, 3);
	auto b = bytes_of(eq);
	EXPECT_EQ(b[8], 0x00);
	EXPECT_EQ(b[9], 0xcd);
	EXPECT_EQ(b[10], 0xef);
	EXPECT_EQ(b[11], 0x12);
	EXPECT_EQ(b[16 + 1], 1);    // FD BPID
	EXPECT_EQ(b[16 + 7], 0x55); // FD addr low byte
	EXPECT_EQ(eq.fqid(), 0xcdef12u);

	qm::DqrrEntry dq{};
	dq.verb = qm::dqrr_verb::kFrameDequeue | qm::dqrr_verb::kVbit;
	dq.stat = qm::dqrr_stat::kValidFrame | qm::dqrr_stat::kFqEmpty;
	dq.tok = 0x5a;
	dq.set_fqid(0x123456);
	dq.set_context_b(0xcafef00d);
	b = bytes_of(dq);
	EXPECT_EQ(b[0], 0xe0);
	EXPECT_EQ(b[1], 0x90);
	EXPECT_EQ(b[4], 0x5a);
	EXPECT_EQ((std::vector<uint8_t>(b.begin() + 8, b.begin() + 16)),
		  (std::vector<uint8_t>{0x00, 0x12, 0x34, 0x56, 0xca, 0xfe, 0xf0, 0x0d}));
	EXPECT_TRUE(dq.has_frame());
	EXPECT_EQ(alignof(qm::DqrrEntry), 64u);
}

TEST(Layouts, InitFqCommandBytes)
{
	qm::McInitFq c{};
	c.we_mask.store(qm::we::kDestWq | qm::we::kContextB | qm::we::kTdThresh);
	c.fqid.store(0x000abc);
	c.fqd.set_dest(0x21, 3);
	c.fqd.fq_ctrl.store(qm::fq_ctrl::kTde | qm::fq_ctrl::kHoldActive);
	c.fqd.context_b.store(0x11223344);
	c.fqd.context_a.store(0x0102030405060708ull);
	c.fqd.td.store(qm::td::encode(64 * 1024));
	auto b = bytes_of(c);
	EXPECT_EQ(b[2], 0x00);
	EXPECT_EQ(b[3], 0x16);
	EXPECT_EQ(b[6], 0x0a);
	EXPECT_EQ(b[7], 0xbc);
	// FQD at 10: fq_ctrl at +2, dest_wq at +4 = (0x21 << 3) | 3 = 0x010b.
	EXPECT_EQ(b[12], 0x02);
	EXPECT_EQ(b[13], 0x02);
	EXPECT_EQ(b[14], 0x01);
	EXPECT_EQ(b[15], 0x0b);
	EXPECT_EQ(b[20], 0x11); // context_b at FQD+10
	EXPECT_EQ(b[24], 0x01); // context_a at FQD+14
	EXPECT_EQ(b[31], 0x08);
	EXPECT_EQ(c.fqd.channel(), 0x21);
	EXPECT_EQ(c.fqd.wq(), 3);
	EXPECT_EQ(qm::td::value(c.fqd.td.load()), 64u * 1024);
}

// The FQD context A of an Rx FQ with stashing: EXCLUSIVE in the first
// byte, then the line counts, then the context address, big-endian.
TEST(Layouts, RxStashingContextABytes)
{
	namespace cs = hw::qm::ctx_a_stash;
	qm::Fqd fqd{};
	fqd.context_a.store(cs::make(1, 1, 0));
	const auto *b = reinterpret_cast<const uint8_t *>(&fqd.context_a);
	EXPECT_EQ(b[0], 0x00);
	EXPECT_EQ(b[1], 0x14); // annotation 1 line [5:4], data 1 line [3:2]
	for (int i = 2; i < 8; i++)
		EXPECT_EQ(b[i], 0x00) << i;
	const uint64_t a = cs::make(3, 2, 1, cs::kExclAnnotation | cs::kExclData, 0xabcdef012345);
	EXPECT_EQ(cs::annotation_lines(a), 3u);
	EXPECT_EQ(cs::data_lines(a), 2u);
	EXPECT_EQ(cs::context_lines(a), 1u);
	EXPECT_EQ(a >> 56, 0x06u);
	EXPECT_EQ(a & cs::kContextAddrMask, 0xabcdef012345u);
}

// A Tx FQ's context A as upstream's driver writes it on an FMan v3: the
// high word 0x96000000 (OVFQ, A2V, B0V, OVOM), the low word EBD.
TEST(Layouts, TxContextAAsUpstreamWritesIt)
{
	namespace ca = hw::fman::tx_context_a;
	EXPECT_EQ(ca::kV3NoConfirmFreeBuffers >> 32, 0x96000000u);
	EXPECT_EQ(ca::kV3NoConfirmFreeBuffers & 0xffffffffu, 0x80000000u);
	EXPECT_TRUE(ca::frees_buffers(ca::kV3NoConfirmFreeBuffers));
	EXPECT_FALSE(ca::frees_buffers(0));
	EXPECT_FALSE(ca::frees_buffers(ca::kOverrideFq));
	EXPECT_FALSE(ca::frees_buffers(ca::kExternalBufferDealloc)); // A2 not valid
}

// CCSR accessors: big-endian in memory, whatever the core's order.
TEST(Layouts, MmioAccessorsAreBigEndian)
{
	volatile uint32_t reg = 0;
	hw::io_write32be(&reg, 0x11223344);
	uint32_t raw = reg;
	uint8_t b[4];
	std::memcpy(b, &raw, 4);
	EXPECT_EQ(b[0], 0x11);
	EXPECT_EQ(b[3], 0x44);
	EXPECT_EQ(hw::io_read32be(&reg), 0x11223344u);
}

TEST(Layouts, TailDropEncodingRoundsUp)
{
	EXPECT_EQ(qm::td::encode(0), 0);
	EXPECT_EQ(qm::td::value(qm::td::encode(255)), 255u);
	EXPECT_EQ(qm::td::value(qm::td::encode(256)), 256u);
	EXPECT_EQ(qm::td::value(qm::td::encode(257)), 258u); // 129 << 1
	EXPECT_EQ(qm::td::value(qm::td::encode(0x1ff)), 0x200u);
	for (uint32_t v : {1000u, 4095u, 100000u, 1u << 20})
		EXPECT_GE(qm::td::value(qm::td::encode(v)), v);
	EXPECT_EQ(hw::bm::ccsr::thresh::value(hw::bm::ccsr::thresh::encode(1000)), 1000u);
	EXPECT_EQ(hw::bm::ccsr::thresh::encode(300), (1u << 8) | 150u);
}

TEST(Layouts, QueryFqNpFields)
{
	qm::McrQueryFqNp r{};
	r.state = static_cast<uint8_t>(qm::FqState::retired) | qm::np_state::kR;
	r.frm_cnt_raw.store(0xff000123);
	r.byte_cnt.store(0x10000);
	auto b = bytes_of(r);
	EXPECT_EQ(b[3], 0x09);
	EXPECT_EQ(b[44], 0xff);
	EXPECT_EQ(b[47], 0x23);
	EXPECT_EQ(b[41], 0x01); // byte_cnt 0x00010000
	EXPECT_EQ(r.frm_cnt(), 0x123u);
}

TEST(Layouts, SdqcrVdqcrEncodings)
{
	EXPECT_EQ(qm::sdqcr::channels_pool(1), 0x4000u);
	EXPECT_EQ(qm::sdqcr::channels_pool(15), 0x0001u);
	EXPECT_EQ(qm::channel::pool(1), 0x401);
	EXPECT_EQ(qm::channel::pool(15), 0x40f);
	EXPECT_EQ(qm::channel::kFman0Base, 0x800);
	// QM_SDQCR_CHANNELS_POOL(n), n = channel - pool channel 1 + 1.
	EXPECT_EQ(qm::sdqcr::pool_channel(0x401, 0x401), 0x4000u);
	EXPECT_EQ(qm::sdqcr::pool_channel(0x40f, 0x401), 0x0001u);
	EXPECT_EQ(qm::sdqcr::pool_channel(0x410, 0x401), 0u);
	EXPECT_EQ(qm::sdqcr::pool_channel(0x400, 0x401), 0u);
	EXPECT_EQ(qm::vdqcr::numframes(63) | qm::vdqcr::kExact | 0x123456, 0x7f123456u);
}

TEST(Layouts, BmanReleaseEntryPacksVerbBpidAndAddresses)
{
	bm::RcrEntry e{};
	e.bpid() = 0x2a;
	e.bufs[0].set_addr(0x123456789abcull);
	e.bufs[7].set_addr(0xfedcba987654ull);
	e.verb() = bm::rcr_verb::kCmdBpidSingle | 2 | bm::rcr_verb::kVbit;
	auto b = bytes_of(e);
	EXPECT_EQ((std::vector<uint8_t>(b.begin(), b.begin() + 8)),
		  (std::vector<uint8_t>{0xa2, 0x2a, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc}));
	EXPECT_EQ((std::vector<uint8_t>(b.begin() + 56, b.end())),
		  (std::vector<uint8_t>{0x00, 0x00, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54}));
	EXPECT_EQ(e.bufs[0].addr(), 0x123456789abcull);
	EXPECT_EQ(e.bufs[0].bpid(), 0x2a);
}

TEST(Layouts, BmanQueryBitmaps)
{
	bm::McrQuery q{};
	q.as.set(0, true);
	q.as.set(33, true);
	q.ds.set(63, true);
	auto b = bytes_of(q);
	EXPECT_EQ(b[40], 0x80);
	EXPECT_EQ(b[44], 0x40);
	EXPECT_EQ(b[63], 0x01);
	EXPECT_TRUE(q.as.test(33));
	EXPECT_FALSE(q.as.test(32));
	EXPECT_TRUE(q.ds.test(63));
}

TEST(Layouts, PortalOffsets)
{
	// Spot checks against the reference manual's register map.
	EXPECT_EQ(qm::ci::kDqrrDcap, 0x31c0u);
	EXPECT_EQ(qm::ci::kSdqcr, 0x3200u);
	EXPECT_EQ(qm::ce::kCr, 0x3800u);
	EXPECT_EQ(qm::ce::kRr1, 0x3940u);
	EXPECT_EQ(bm::ci::scn(1), 0x3440u);
	EXPECT_EQ(bm::ce::kRcr, 0x1000u);
	EXPECT_EQ(hw::bm::ccsr::pool_content(63), 0x06fcu);
}

TEST(Ring, CursorFlipsValidBitOnEachWrap)
{
	hw::RingCursor<8> c;
	EXPECT_EQ(c.vbit(), hw::kVbit);
	EXPECT_EQ(c.to_reg(), 8u);
	for (unsigned i = 0; i < 8 * 1000 + 3; i++) {
		EXPECT_EQ(c.vbit(), ((i / 8) % 2 == 0) ? hw::kVbit : 0) << i;
		EXPECT_EQ(c.idx(), i % 8);
		c.advance();
	}
	EXPECT_EQ(c.to_reg(), 3u | 8u); // 1000 wraps: even, vbit back to 0x80
	EXPECT_EQ(hw::RingCursor<8>::from_reg(c.to_reg()), c);
	EXPECT_EQ(hw::RingCursor<16>::distance(14, 2), 4u);
}

TEST(Ring, ProducerConsumerOverMemory)
{
	alignas(64) qm::DqrrEntry mem[16]{};
	hw::Ring<qm::DqrrEntry, 16> prod, cons;
	prod.init(mem);
	cons.init(mem);
	EXPECT_EQ(cons.current(), nullptr); // zeroed ring: nothing valid
	for (uint32_t i = 0; i < 5000; i++) {
		prod.start()->set_fqid(i);
		prod.commit(qm::dqrr_verb::kFrameDequeue);
		const qm::DqrrEntry *e = cons.current();
		ASSERT_NE(e, nullptr);
		EXPECT_EQ(e->fqid(), i);
		EXPECT_EQ(e->verb & qm::dqrr_verb::kMask, qm::dqrr_verb::kFrameDequeue);
		cons.next();
		EXPECT_EQ(cons.current(), nullptr); // the previous lap's entry is stale
	}
}
