/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan congestion groups (CGRs): the management commands INITCGR (0x50),
// MODIFYCGR (0x51), QUERYCGR (0x58) and QUERYCONGESTION (0x59), as the QorIQ
// DPAA reference manual lays them out ("Initialize/Modify CGR", "Query CGR",
// "Query Congestion Group State"; the Linux kernel's and DPDK's
// struct qm_mcc_initcgr / qm_mcr_querycgr / qm_mcr_querycongestion).
//
// An FQ with FQ_CTRL::CGE counts its frames (MODE = frame) or bytes into the
// CGR its CGID names. The CGR is congested while that count exceeds
// CS_THRES; with CSTD_EN, enqueues to its FQs are then rejected (an ERN with
// rc CGR_TAILDROP); with CSCN_EN, each change of the congestion state is
// notified to the software portals CSCN_TARG names (QCSP_ISR::CSCI; software
// reads the new state with QUERYCONGESTION). The LS1043A/LS1046A have 256
// CGRs.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw::qm
{

inline constexpr unsigned kNumCgrs = 256;

namespace mcc_verb_cgr
{
inline constexpr uint8_t kInitCgr = 0x50;
inline constexpr uint8_t kModifyCgr = 0x51;
inline constexpr uint8_t kCgrTestWrite = 0x52;
inline constexpr uint8_t kQueryCgr = 0x58;
inline constexpr uint8_t kQueryCongestion = 0x59;
} // namespace mcc_verb_cgr

// INITCGR/MODIFYCGR write-enable mask (QM_CGR_WE_*).
namespace cgr_we
{
inline constexpr uint16_t kMask = 0x07ff;
inline constexpr uint16_t kWrParmG = 0x0400;
inline constexpr uint16_t kWrParmY = 0x0200;
inline constexpr uint16_t kWrParmR = 0x0100;
inline constexpr uint16_t kWrEnG = 0x0080;
inline constexpr uint16_t kWrEnY = 0x0040;
inline constexpr uint16_t kWrEnR = 0x0020;
inline constexpr uint16_t kCscnEn = 0x0010;
inline constexpr uint16_t kCscnTarg = 0x0008;
inline constexpr uint16_t kCstdEn = 0x0004;
inline constexpr uint16_t kCsThres = 0x0002;
inline constexpr uint16_t kMode = 0x0001;
} // namespace cgr_we

namespace cgr
{
inline constexpr uint8_t kEn = 0x01;	    // WR_EN_*, CSCN_EN, CSTD_EN
inline constexpr uint8_t kModeFrame = 0x01; // MODE: count frames, else bytes
// CSCN_TARG as QMan rev 3.x takes it in INITCGR/MODIFYCGR: not a mask but
// an update of one target, CSCN_TARG_UPD_CTRL in bits 31:16: WRITE_BIT is
// the value written to the target's bit, DCP selects a direct-connect portal
// instead of a software portal, the low bits are the portal's index.
inline constexpr uint16_t kTargUpdWriteBit = 0x8000;
inline constexpr uint16_t kTargUpdDcp = 0x4000;
inline constexpr uint16_t kTargUpdIdxMask = 0x03ff;
// QUERYCGR's CSCN_TARG_SWP: software portal n at bit 31 - (n % 32) of word n / 32.
constexpr uint32_t targ_swp_bit(unsigned portal) noexcept
{
	return 0x80000000u >> (portal % 32);
}
} // namespace cgr

// CS_THRES: 8-bit TA in [12:5], 5-bit Tn in [4:0]; threshold = TA << Tn.
namespace cs_thres
{
constexpr uint64_t value(uint16_t raw) noexcept
{
	return uint64_t{static_cast<uint8_t>(raw >> 5)} << (raw & 0x1f);
}
// The largest encoding <= v (so that a bound of v frames is never exceeded).
constexpr uint16_t encode_down(uint64_t v) noexcept
{
	uint32_t e = 0;
	while (v > 0xff) {
		v >>= 1;
		e++;
	}
	return static_cast<uint16_t>((v << 5) | e);
}
} // namespace cs_thres

// The CGR fields INITCGR/MODIFYCGR write and QUERYCGR returns (25 bytes).
struct CgrFields {
	be32 wr_parm_g; // WRED parameters (MA, Mn, SA, Sn, Pn) per colour
	be32 wr_parm_y;
	be32 wr_parm_r;
	uint8_t wr_en_g;
	uint8_t wr_en_y;
	uint8_t wr_en_r;
	uint8_t cscn_en;
	be32 cscn_targ; // see cgr::kTargUpd* (rev 3.x write form)
	uint8_t cstd_en;
	uint8_t cs; // congestion state (QUERYCGR only)
	be16 cs_thres;
	uint8_t mode;

	constexpr uint16_t cscn_targ_upd_ctrl() const noexcept
	{
		return static_cast<uint16_t>(cscn_targ.load() >> 16);
	}
};

static_assert(sizeof(CgrFields) == 25);
static_assert(offsetof(CgrFields, wr_en_g) == 12);
static_assert(offsetof(CgrFields, cscn_en) == 15);
static_assert(offsetof(CgrFields, cscn_targ) == 16);
static_assert(offsetof(CgrFields, cstd_en) == 20);
static_assert(offsetof(CgrFields, cs) == 21);
static_assert(offsetof(CgrFields, cs_thres) == 22);
static_assert(offsetof(CgrFields, mode) == 24);

// INITCGR / MODIFYCGR.
struct alignas(64) McInitCgr {
	uint8_t verb;
	uint8_t reserved1;
	be16 we_mask;
	CgrFields cgr;
	uint8_t reserved2[2];
	uint8_t cgid;
	uint8_t reserved3[32];
};

// QUERYCGR.
struct alignas(64) McQueryCgr {
	uint8_t verb;
	uint8_t reserved1[30];
	uint8_t cgid;
	uint8_t reserved2[32];
};

struct alignas(64) McrQueryCgr {
	uint8_t verb;
	uint8_t result;
	uint8_t reserved1[2];
	CgrFields cgr;
	uint8_t reserved2[3];
	be32 i_bcnt_hi; // [7:0]: bits 39:32 of the 40-bit instantaneous count
	be32 i_bcnt_lo;
	be32 a_bcnt_hi; // average count (WRED), likewise
	be32 a_bcnt_lo;
	be32 cscn_targ_swp[4];

	constexpr uint64_t i_bcnt() const noexcept
	{
		return (uint64_t{i_bcnt_hi.load() & 0xff} << 32) | i_bcnt_lo.load();
	}
};

// QUERYCONGESTION: one bit per CGR, CGR n at bit 31 - (n % 32) of word n / 32.
struct alignas(64) McrQueryCongestion {
	uint8_t verb;
	uint8_t result;
	uint8_t reserved[30];
	be32 state[8];

	constexpr bool congested(unsigned cgid) const noexcept
	{
		return state[(cgid / 32) % 8].load() & (0x80000000u >> (cgid % 32));
	}
};

static_assert(sizeof(McInitCgr) == 64);
static_assert(offsetof(McInitCgr, we_mask) == 2);
static_assert(offsetof(McInitCgr, cgr) == 4);
static_assert(offsetof(McInitCgr, cgid) == 31);
static_assert(sizeof(McQueryCgr) == 64 && offsetof(McQueryCgr, cgid) == 31);
static_assert(sizeof(McrQueryCgr) == 64);
static_assert(offsetof(McrQueryCgr, cgr) == 4);
static_assert(offsetof(McrQueryCgr, i_bcnt_hi) == 32);
static_assert(offsetof(McrQueryCgr, a_bcnt_hi) == 40);
static_assert(offsetof(McrQueryCgr, cscn_targ_swp) == 48);
static_assert(sizeof(McrQueryCongestion) == 64 && offsetof(McrQueryCongestion, state) == 32);

} // namespace dpaa::hw::qm
