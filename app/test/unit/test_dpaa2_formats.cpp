/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Byte-exact checks of the DPAA2 formats (lib/dpaa2_hw): each test builds the
// bytes a driver or the silicon writes, by hand from the reference tables,
// and compares them with what the typed accessors produce or read.

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_hw/qbman_portal.hpp"

namespace hw = dpaa2::hw;
namespace qb = dpaa2::hw::qb;

namespace
{

template <typename T> std::vector<uint8_t> bytes_of(const T &v)
{
	std::vector<uint8_t> out(sizeof(T));
	std::memcpy(out.data(), &v, sizeof(T));
	return out;
}

template <typename T> T from_bytes(const std::vector<uint8_t> &b)
{
	T v{};
	EXPECT_EQ(b.size(), sizeof(T));
	std::memcpy(&v, b.data(), sizeof(T));
	return v;
}

} // namespace

TEST(Dpaa2Formats, LittleEndianWrappers)
{
	hw::le32 w{};
	w.store(0x11223344);
	EXPECT_EQ(bytes_of(w), (std::vector<uint8_t>{0x44, 0x33, 0x22, 0x11}));
	hw::le64 q{};
	q.store(0x0102030405060708ull);
	EXPECT_EQ(bytes_of(q), (std::vector<uint8_t>{8, 7, 6, 5, 4, 3, 2, 1}));
	EXPECT_EQ(q.load(), 0x0102030405060708ull);
}

// What net/dpaa2 puts in an FD for a one-segment mbuf: ADDR = buf_iova,
// LEN = data_len, word 3 = bpid | data_off << 16, the rest zero.
TEST(Dpaa2Formats, TxFdOfAnMbuf)
{
	hw::Fd fd{};
	fd.set_addr(0x0000001234567880ull);
	fd.set_length(60);
	fd.set_bpid(5);
	fd.set_offset(128);
	const std::vector<uint8_t> expect = {
		0x80, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, // ADDR
		0x3c, 0x00, 0x00, 0x00,				// LEN 60
		0x05, 0x00, 0x80, 0x00,				// BPID 5, OFFSET 128
		0,    0,    0,	  0,	0,    0,    0,	  0,	// FRC, CTRL
		0,    0,    0,	  0,	0,    0,    0,	  0,	// FLC
	};
	EXPECT_EQ(bytes_of(fd), expect);
	EXPECT_EQ(fd.format(), hw::FdFormat::single);
	EXPECT_FALSE(fd.ivp());
}

TEST(Dpaa2Formats, FdFieldsFromRawBytes)
{
	// An LX2 Rx FD: SG format, IVP, offset 0x80, BPID 0x3fff, parse summary
	// 0x8001 in FRC[31:16], FAERR, ASAL 2 (128 bytes), hash in FLC[63:32].
	const std::vector<uint8_t> raw = {
		0x00, 0x10, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, // ADDR 0x1_0000_1000
		0xee, 0x05, 0x00, 0x00,				// LEN 1518
		0xff, 0x7f, 0x80, 0x20,				// BPID, IVP, OFFSET, FMT 2
		0x00, 0x00, 0x01, 0x80,				// FRC
		0x40, 0x00, 0x02, 0x00,				// CTRL
		0x10, 0x00, 0x00, 0x00, 0xef, 0xbe, 0xad, 0xde, // FLC
	};
	const auto fd = from_bytes<hw::Fd>(raw);
	EXPECT_EQ(fd.addr(), 0x100001000ull);
	EXPECT_EQ(fd.length(), 1518u);
	EXPECT_EQ(fd.bpid(), 0x3fff);
	EXPECT_TRUE(fd.ivp());
	EXPECT_FALSE(fd.bmt());
	EXPECT_EQ(fd.offset(), 0x80);
	EXPECT_EQ(fd.format(), hw::FdFormat::sg);
	EXPECT_FALSE(fd.sl());
	EXPECT_EQ(fd.frc() >> 16, 0x8001u);
	EXPECT_EQ(fd.err(), 0x40); // FAERR
	EXPECT_EQ(fd.asal(), 2);
	EXPECT_EQ(fd.flc_hi(), 0xdeadbeefu);
	EXPECT_EQ(fd.flc(), 0xdeadbeef00000010ull);

	// Setters leave the other fields of the shared word alone.
	hw::Fd copy = fd;
	copy.set_bpid(7);
	EXPECT_EQ(copy.offset(), 0x80);
	EXPECT_TRUE(copy.ivp());
	EXPECT_EQ(copy.format(), hw::FdFormat::sg);
	copy.set_format(hw::FdFormat::single);
	EXPECT_EQ(copy.bpid_offset(), 0x00804007u);
}

TEST(Dpaa2Formats, SgEntryFinalAndFormat)
{
	hw::SgEntry sg{};
	sg.set_addr(0x2000);
	sg.set_length(100);
	sg.set_bpid(3);
	sg.set_offset(0x40);
	sg.set_final(true);
	EXPECT_EQ(bytes_of(sg), (std::vector<uint8_t>{0x00, 0x20, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0,
						      0x03, 0x00, 0x40, 0x80}));
	EXPECT_TRUE(sg.final());
	sg.set_format(hw::SgFormat::sgt_ext);
	EXPECT_EQ(sg.fin_bpid_offset(), 0xa0400003u);
	EXPECT_EQ(sg.bpid(), 3);
}

TEST(Dpaa2Formats, SwpCfgValuesDpdkWrites)
{
	namespace c = qb::swp_cfg;
	EXPECT_EQ(c::make(8, false, 1, 3, 2, 2, 1, 1, 1, 1, 1, 1), 0x813a3fu);
	EXPECT_EQ(c::make(8, false, 0, 3, 2, 2, 1, 1, 1, 1, 1, 1), c::kDpdkLs1088);
	EXPECT_EQ(c::make(4, false, 1, 3, 2, 2, 1, 1, 1, 1, 1, 1), c::kDpdkRev40);
	EXPECT_EQ(c::make(8, false, 1, 3, 2, 0, 1, 1, 1, 1, 1, 1) | c::kCpbs | c::kVpm | c::kCpm,
		  0x81b8ffu);
	EXPECT_EQ(c::epm(c::kDpdkRev41), 2u);
	EXPECT_EQ(c::epm(c::kDpdkMemBacked), 0u);
}

TEST(Dpaa2Formats, PortalOffsets)
{
	EXPECT_EQ(qb::cinh::kEqcrPi, 0x800u);
	EXPECT_EQ(qb::cinh::kCrRt, 0x900u);
	EXPECT_EQ(qb::cinh::kVdqcrRt, 0x940u);
	EXPECT_EQ(qb::cinh::rcr_am_rt(3), 0x9ccu);
	EXPECT_EQ(qb::cinh::kRar, 0xcc0u);
	EXPECT_EQ(qb::cinh::kCfg, 0xd00u);
	EXPECT_EQ(qb::cena::mem::eqcr(31), 0x7c0u);
	EXPECT_EQ(qb::cena::mem::dqrr(0), 0x800u);
	EXPECT_EQ(qb::cena::mem::rcr(1), 0x1440u);
	EXPECT_EQ(qb::cena::mem::kCr, 0x1600u);
	EXPECT_EQ(qb::cena::mem::kRr, 0x1680u);
	EXPECT_EQ(qb::cena::mem::kVdqcr, 0x1780u);
	EXPECT_EQ(qb::cena::mem::kEqcrCi, 0x1840u);
	EXPECT_EQ(qb::cena::direct::eqcr(7), 0x1c0u);
	EXPECT_EQ(qb::cena::direct::dqrr(1), 0x240u);
	EXPECT_EQ(qb::cena::direct::rcr(2), 0x480u);
	EXPECT_EQ(qb::cena::direct::rr(0x80), 0x740u);
	EXPECT_EQ(qb::cena::direct::kVdqcr, 0x780u);
}

// net/dpaa2's Tx: verb 0x02 | vb, target by FQID, the FD at byte 32.
TEST(Dpaa2Formats, EqcrEntryOfNetTx)
{
	qb::EqcrEntry e{};
	e.verb = qb::eq_verb::kNetTx | qb::kValidBit;
	e.tgtid.store(0x1234);
	e.fd.set_addr(0x4000);
	e.fd.set_length(64);
	e.fd.set_bpid(2);
	e.fd.set_offset(128);
	std::vector<uint8_t> expect(64, 0);
	expect[0] = 0x82;
	expect[8] = 0x34;
	expect[9] = 0x12;
	expect[32 + 1] = 0x40; // ADDR 0x4000
	expect[32 + 8] = 64;
	expect[32 + 12] = 2;
	expect[32 + 14] = 0x80;
	EXPECT_EQ(bytes_of(e), expect);
}

// net/dpaa2's Rx pull: verb 0x39 | vb, numf = frames - 1, tok = idx + 1.
TEST(Dpaa2Formats, PullCommandOfNetRx)
{
	qb::PullCommand p{};
	p.verb = qb::pull_verb::kNetRx | qb::pull_verb::kVb;
	p.numf = 31;
	p.tok = 3;
	p.dq_src.store(0x1234);
	p.rsp_addr.store(0x00000080deadbe40ull);
	EXPECT_EQ(bytes_of(p),
		  (std::vector<uint8_t>{0xb9, 0x1f, 0x03, 0x00, 0x34, 0x12, 0x00, 0x00, 0x40, 0xbe,
					0xad, 0xde, 0x80, 0x00, 0x00, 0x00}));
	EXPECT_EQ(p.verb & qb::pull_verb::kDtMask, qb::pull_verb::kDtFrameQueue);
}

TEST(Dpaa2Formats, DequeueResultFromRawBytes)
{
	std::vector<uint8_t> raw(64, 0);
	raw[0] = 0x60;
	raw[1] = qb::dq_stat::kValidFrame | qb::dq_stat::kVolatile | qb::dq_stat::kExpired;
	raw[7] = 4;				      // tok
	raw[8] = 0x56, raw[9] = 0x34, raw[10] = 0x12; // FQID 0x123456
	raw[16] = 0x00, raw[17] = 0x06;		      // 0x600 bytes left
	raw[20] = 2;				      // 2 frames left
	for (int i = 0; i < 8; i++)
		raw[24 + i] = static_cast<uint8_t>(0x11 * (i + 1)); // fqd_ctx
	raw[32 + 8] = 0xee, raw[32 + 9] = 0x05;			    // FD LEN 1518
	const auto r = from_bytes<qb::DequeueResult>(raw);
	EXPECT_EQ(r.verb & qb::result_verb::kMask, qb::result_verb::kDq);
	EXPECT_EQ(r.tok, 4);
	EXPECT_EQ(r.fqid.load() & hw::kFqidMask, 0x123456u);
	EXPECT_EQ(r.fq_byte_cnt.load(), 0x600u);
	EXPECT_EQ(r.fq_frm_cnt.load(), 2u);
	EXPECT_EQ(r.fqd_ctx.load(), 0x8877665544332211ull);
	EXPECT_EQ(r.fd.length(), 1518u);
	EXPECT_EQ(r.stat, 0x13);
}

// The word 0 of a release of 3 buffers to BPID 0x41 with slot VB 1:
// verb 0x20 | 0x80 | 3, BPID at bytes 2-3, buffers from byte 8.
TEST(Dpaa2Formats, ReleaseCommandBytes)
{
	qb::ReleaseCommand r{};
	r.verb = qb::rcr_verb::kRcValid | qb::rcr_verb::kVb | 3;
	r.bpid.store(0x41);
	r.buf[0].store(0x1000);
	r.buf[2].store(0x123456789aull);
	const auto b = bytes_of(r);
	EXPECT_EQ(std::vector<uint8_t>(b.begin(), b.begin() + 4),
		  (std::vector<uint8_t>{0xa3, 0x00, 0x41, 0x00}));
	EXPECT_EQ(b[9], 0x10);
	EXPECT_EQ(std::vector<uint8_t>(b.begin() + 24, b.begin() + 32),
		  (std::vector<uint8_t>{0x9a, 0x78, 0x56, 0x34, 0x12, 0, 0, 0}));
	// RAR: granted slot 5 with VB 1.
	const uint32_t rar = 0x185;
	EXPECT_TRUE(rar & qb::rar::kSuccess);
	EXPECT_EQ(rar & qb::rar::kSlotMask, 5u);
	EXPECT_EQ(rar & qb::rar::kVb, 0x80u);
}

TEST(Dpaa2Formats, AcquireCommandAndResponse)
{
	qb::AcquireCommand c{};
	c.verb = qb::mc_verb::kAcquire | qb::kValidBit;
	c.bpid.store(0x123);
	c.num = 7;
	const auto b = bytes_of(c);
	EXPECT_EQ(std::vector<uint8_t>(b.begin(), b.begin() + 5),
		  (std::vector<uint8_t>{0xb0, 0x00, 0x23, 0x01, 0x07}));

	std::vector<uint8_t> raw(64, 0);
	raw[0] = 0x30;
	raw[1] = 0xf0;
	raw[4] = 2;
	raw[8] = 0x40;			// buf[0] = 0x40
	raw[16] = 0x80, raw[20] = 0x01; // buf[1] = 0x1_0000_0080
	const auto r = from_bytes<qb::AcquireResponse>(raw);
	EXPECT_EQ(r.rslt, qb::kMcResultOk);
	EXPECT_EQ(r.num, 2);
	EXPECT_EQ(r.buf[0].load(), 0x40u);
	EXPECT_EQ(r.buf[1].load(), 0x100000080ull);
}

TEST(Dpaa2Formats, QueryResponses)
{
	std::vector<uint8_t> raw(64, 0);
	raw[0] = 0x45;
	raw[1] = 0xf0;
	raw[2] = qb::fq_st1::kParked;
	raw[24] = 0x10, raw[25] = 0x27;			// 10000 frames
	raw[28] = 0x00, raw[29] = 0x00, raw[30] = 0x01; // 65536 bytes
	const auto np = from_bytes<qb::FqQueryNpResponse>(raw);
	EXPECT_EQ(np.st1 & qb::fq_st1::kSchedStateMask, qb::fq_st1::kParked);
	EXPECT_EQ(np.frm_cnt.load() & qb::kFqFrameCountMask, 10000u);
	EXPECT_EQ(np.byte_cnt.load(), 65536u);

	std::vector<uint8_t> bp(64, 0);
	bp[0] = 0x32;
	bp[1] = 0xf0;
	bp[7] = qb::bp_state::kDepleted;
	bp[8] = 0x00, bp[9] = 0x08; // 2048 free buffers
	const auto q = from_bytes<qb::BpQueryResponse>(bp);
	EXPECT_EQ(q.fill.load(), 2048u);
	EXPECT_FALSE(q.state & qb::bp_state::kEmpty);

	qb::FqQueryCommand c{};
	c.verb = qb::mc_verb::kFqQueryNp;
	c.fqid.store(0xabcdef);
	const auto cb = bytes_of(c);
	EXPECT_EQ(std::vector<uint8_t>(cb.begin(), cb.begin() + 8),
		  (std::vector<uint8_t>{0x45, 0, 0, 0, 0xef, 0xcd, 0xab, 0x00}));
}

TEST(Dpaa2Formats, CscnRecordState)
{
	std::vector<uint8_t> raw(16, 0);
	raw[0] = qb::result_verb::kCscnMem;
	raw[2] = 1;
	raw[8] = 0x78, raw[9] = 0x56;
	const auto s = from_bytes<qb::ScnRecord>(raw);
	EXPECT_EQ(s.state, qb::scn_state::kCongested);
	EXPECT_EQ(s.ctx.load(), 0x5678u);
}
