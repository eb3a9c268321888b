/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QBMan software portal of a DPIO as the silicon lays it out (QorIQ
// LX2160A / LS2088A reference manuals, "QBMan software portal"): the
// cache-inhibited (CINH) registers, the cache-enabled (CENA) rings and command
// areas of both access modes, and every command and result a portal carries.
// All little-endian.
//
// Two access modes exist. Up to QMan 4.1 (LS2088A, LS1088A) the CENA area is
// device memory that QBMan watches: a command becomes valid when its verb's
// valid bit flips ("direct" mode). From QMan 5.0 (LX2160A) the CENA area is
// ordinary memory ("memory-backed" mode) and every command is announced by a
// store to a CINH doorbell (the *_RT registers and EQCR_PI), with the RT bit
// (0x100) set.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_hw/le.hpp"

namespace dpaa2::hw::qb
{

// QMan revision, as dpio_get_attributes reports it; compared under the mask.
inline constexpr uint32_t kQmanRevMask = 0xffff0000;
inline constexpr uint32_t kQmanRev4000 = 0x04000000; // DQRR of 4 with the reset bug
inline constexpr uint32_t kQmanRev4100 = 0x04010000; // LS2088A
inline constexpr uint32_t kQmanRev5000 = 0x05000000; // LX2160A: memory-backed

constexpr bool memory_backed(uint32_t qman_version) noexcept
{
	return (qman_version & kQmanRevMask) >= kQmanRev5000;
}

// The valid bit of every verb and ring index, and the doorbells' RT bit.
inline constexpr uint8_t kValidBit = 0x80;
inline constexpr uint32_t kRtMode = 0x100;

// Region sizes.
inline constexpr uint32_t kCinhSize = 0x1000;		// every register below 4 KiB
inline constexpr uint32_t kCenaDirectSize = 0x1000;	// region 0 of a QMan < 5.0 DPIO
inline constexpr uint32_t kCenaMemBackedSize = 0x10000; // region 2: the driver clears 64 KiB
inline constexpr uint32_t kLineSize = 64;

// Cache-inhibited registers (32-bit). The same offsets on every SoC.
namespace cinh
{
inline constexpr uint32_t kEqcrPi = 0x800; // ring mode producer index (doorbell when memory-backed)
inline constexpr uint32_t kEqcrCi = 0x840; // consumer index (LS1088A reads it here)
inline constexpr uint32_t kEqar = 0x8c0;   // array mode: a read allocates an EQCR slot
inline constexpr uint32_t kCrRt = 0x900;   // management command doorbell
inline constexpr uint32_t kVdqcrRt = 0x940;   // volatile dequeue doorbell
inline constexpr uint32_t kEqcrAmRt = 0x980;  // + 4 * slot, slots 0..15
inline constexpr uint32_t kRcrAmRt = 0x9c0;   // + 4 * slot: release doorbell
inline constexpr uint32_t kDqpi = 0xa00;      // DQRR producer index
inline constexpr uint32_t kDqrrItr = 0xa80;   // DQRR interrupt threshold
inline constexpr uint32_t kDcap = 0xac0;      // DQRR consumption acknowledgement
inline constexpr uint32_t kSdqcr = 0xb00;     // static dequeue command
inline constexpr uint32_t kEqcrAmRt2 = 0xb40; // + 4 * (slot - 16), slots 16..31
inline constexpr uint32_t kRcrPi = 0xc00;     // release ring producer index
inline constexpr uint32_t kRar = 0xcc0;	      // a read allocates a release slot
inline constexpr uint32_t kCfg = 0xd00;	      // SWP_CFG
inline constexpr uint32_t kIsr = 0xe00;	      // interrupt status
inline constexpr uint32_t kIer = 0xe40;	      // interrupt enable
inline constexpr uint32_t kIsdr = 0xe80;      // interrupt status disable
inline constexpr uint32_t kIir = 0xec0;	      // interrupt inhibit
inline constexpr uint32_t kItpr = 0xf40;      // interrupt timeout period

constexpr uint32_t eqcr_am_rt(unsigned slot) noexcept
{
	return slot < 16 ? kEqcrAmRt + 4 * slot : kEqcrAmRt2 + 4 * (slot - 16);
}
constexpr uint32_t rcr_am_rt(unsigned slot) noexcept
{
	return kRcrAmRt + 4 * slot;
}
} // namespace cinh

// Cache-enabled areas: 64-byte lines.
namespace cena
{
namespace direct // QMan < 5.0: region 0, valid-bit driven
{
constexpr uint32_t eqcr(unsigned n) noexcept
{
	return 0x000 + 64 * n;
}
constexpr uint32_t dqrr(unsigned n) noexcept
{
	return 0x200 + 64 * n;
}
constexpr uint32_t rcr(unsigned n) noexcept
{
	return 0x400 + 64 * n;
}
inline constexpr uint32_t kCr = 0x600;
// The response to a command of valid bit vb: 0x700 for vb 0, 0x740 for 0x80.
constexpr uint32_t rr(uint8_t vb) noexcept
{
	return 0x700 + (vb >> 1);
}
inline constexpr uint32_t kVdqcr = 0x780;
inline constexpr uint32_t kEqcrCi = 0x840;
} // namespace direct

namespace mem // QMan >= 5.0: region 2, doorbell driven
{
constexpr uint32_t eqcr(unsigned n) noexcept
{
	return 0x000 + 64 * n;
}
constexpr uint32_t dqrr(unsigned n) noexcept
{
	return 0x800 + 64 * n;
}
constexpr uint32_t rcr(unsigned n) noexcept
{
	return 0x1400 + 64 * n;
}
inline constexpr uint32_t kCr = 0x1600;
inline constexpr uint32_t kRr = 0x1680; // every response, its valid bit toggling
inline constexpr uint32_t kVdqcr = 0x1780;
inline constexpr uint32_t kEqcrCi = 0x1840;
} // namespace mem
} // namespace cena

static_assert(cena::direct::rr(0) == 0x700 && cena::direct::rr(kValidBit) == 0x740);
static_assert(cena::mem::rcr(7) + 64 <= cena::mem::kCr);
static_assert(cinh::eqcr_am_rt(16) == 0xb40 && cinh::rcr_am_rt(2) == 0x9c8);

// Ring sizes.
inline constexpr unsigned kEqcrSizeDirect = 8;
inline constexpr unsigned kEqcrSizeMemBacked = 32;
inline constexpr unsigned kDqrrSize = 8;	// 4 before QMan 4.1
inline constexpr unsigned kRcrSlots = 8;	// RAR slot index [2:0]
inline constexpr unsigned kEqcrSlotsArray = 32; // EQAR index [4:0]

// SWP_CFG (CINH 0xD00). The driver writes it and reads it back: zero means
// "portal not enabled".
namespace swp_cfg
{
inline constexpr unsigned kMaxFillShift = 20; // DQRR max fill, from bit 20
inline constexpr unsigned kEstShift = 16;     // EST, from bit 16
inline constexpr uint32_t kCpbs = 1u << 15;   // CENA portal backed by system memory
inline constexpr uint32_t kWn = 1u << 14;     // WN: 1 on 32-bit builds (CINH writes)
inline constexpr unsigned kRpmShift = 12;     // RCR production mode [13:12]: 3 = array
inline constexpr unsigned kDcmShift = 10;     // DQRR consumption mode [11:10]: 2 = discrete
inline constexpr unsigned kEpmShift = 8;      // EQCR production mode [9:8]: 2 = ring, 3 = array
inline constexpr uint32_t kVpm = 1u << 7;     // VDQCR read-triggered (doorbell) mode
inline constexpr uint32_t kCpm = 1u << 6;     // CR read-triggered (doorbell) mode
inline constexpr uint32_t kSd = 1u << 5;      // SD
inline constexpr uint32_t kSp = 1u << 4;      // SP
inline constexpr uint32_t kSe = 1u << 3;      // SE
inline constexpr uint32_t kDp = 1u << 2;      // DP
inline constexpr uint32_t kDe = 1u << 1;      // DE
inline constexpr uint32_t kEp = 1u << 0;      // EP

constexpr uint32_t make(unsigned max_fill, bool wn, unsigned est, unsigned rpm, unsigned dcm,
			unsigned epm, bool sd, bool sp, bool se, bool dp, bool de, bool ep) noexcept
{
	return max_fill << kMaxFillShift | est << kEstShift | (wn ? kWn : 0) | rpm << kRpmShift |
	       dcm << kDcmShift | epm << kEpmShift | (sd ? kSd : 0) | (sp ? kSp : 0) |
	       (se ? kSe : 0) | (dp ? kDp : 0) | (de ? kDe : 0) | (ep ? kEp : 0);
}

constexpr unsigned epm(uint32_t cfg) noexcept
{
	return (cfg >> kEpmShift) & 3;
}

// What DPDK's ring-mode init writes (qbman_swp_sys_init): QMan 4.1, LS1088A (EST 0),
// QMan 4.0 (DQRR 4), and memory-backed (EPM 0 plus CPBS, VPM and CPM).
inline constexpr uint32_t kDpdkRev41 = 0x813a3f;
inline constexpr uint32_t kDpdkLs1088 = 0x803a3f;
inline constexpr uint32_t kDpdkRev40 = 0x413a3f;
inline constexpr uint32_t kDpdkMemBacked = 0x81b8ff;
static_assert(make(8, false, 1, 3, 2, 2, 1, 1, 1, 1, 1, 1) == kDpdkRev41);
static_assert(make(8, false, 1, 3, 2, 0, 1, 1, 1, 1, 1, 1) + kCpbs + kVpm + kCpm == kDpdkMemBacked);
} // namespace swp_cfg

// EQCR_PI / EQCR_CI register values: [5:0] index with the wrap bit above the
// ring's index bits, bit 7 the valid bit of the next entry, bit 8 RT.
namespace eqcr_pi
{
inline constexpr uint32_t kIndexMaskMemBacked = 0x3f; // 32 entries + wrap bit
inline constexpr uint32_t kIndexMaskDirect = 0x0f;    // 8 entries + wrap bit
inline constexpr uint32_t kVb = kValidBit;
inline constexpr uint32_t kRt = kRtMode;
} // namespace eqcr_pi

// EQAR (array mode allocation, never selected by DPDK).
namespace eqar
{
inline constexpr uint32_t kSuccess = 0x100;
inline constexpr uint32_t kVb = kValidBit;
inline constexpr uint32_t kIndexMask = 0x1f;
} // namespace eqar

// ---- Enqueue command (EQCR entry) ----

namespace eq_verb
{
inline constexpr uint8_t kResponseMask = 0x03;
inline constexpr uint8_t kRespondAlways = 0x01; // enqueue response written to rsp_addr
inline constexpr uint8_t kRejectsToFq = 0x02;	// only rejections are reported
inline constexpr uint8_t kOrp = 0x04;		// order restoration
inline constexpr uint8_t kIrqOnDispatch = 0x08;
inline constexpr uint8_t kTargetQd = 0x10; // target is a queuing destination, else an FQ
inline constexpr uint8_t kVb = kValidBit;
// What net/dpaa2's Tx burst writes (plus the valid bit): no ORP, rejects to FQ,
// target FQ by FQID.
inline constexpr uint8_t kNetTx = kRejectsToFq;
} // namespace eq_verb

namespace eq_dca
{
inline constexpr uint8_t kEnable = 0x80;
inline constexpr uint8_t kPark = 0x40;
inline constexpr uint8_t kIndexMask = 0x0f;
} // namespace eq_dca

struct alignas(8) EqcrEntry {
	uint8_t verb;	// 0
	uint8_t dca;	// 1: discrete consumption acknowledgement of a DQRR entry
	le16 seqnum;	// 2: bit 14 NLIS, bit 15 IS_NESN
	le16 orpid;	// 4
	le16 reserved1; // 6
	le32 tgtid;	// 8: FQID, or QDID with kTargetQd
	le32 tag;	// 12
	le16 qdbin;	// 16
	uint8_t qpri;	// 18
	uint8_t reserved[3];
	uint8_t wae;   // 22
	uint8_t rspid; // 23
	le64 rsp_addr; // 24
	Fd fd;	       // 32
};

static_assert(sizeof(EqcrEntry) == 64);
static_assert(offsetof(EqcrEntry, dca) == 1 && offsetof(EqcrEntry, seqnum) == 2);
static_assert(offsetof(EqcrEntry, orpid) == 4 && offsetof(EqcrEntry, tgtid) == 8);
static_assert(offsetof(EqcrEntry, tag) == 12 && offsetof(EqcrEntry, qdbin) == 16);
static_assert(offsetof(EqcrEntry, qpri) == 18 && offsetof(EqcrEntry, wae) == 22);
static_assert(offsetof(EqcrEntry, rspid) == 23 && offsetof(EqcrEntry, rsp_addr) == 24);
static_assert(offsetof(EqcrEntry, fd) == 32);

// ---- Volatile dequeue (pull) command, VDQCR: only its first 16 bytes count ----

namespace pull_verb
{
inline constexpr uint8_t kDctMask = 0x03; // dequeue command type
inline constexpr uint8_t kDctPrio = 0x01; // priority precedence, intra-class scheduling
inline constexpr uint8_t kDtShift = 2;	  // dequeue source type [3:2]
inline constexpr uint8_t kDtMask = 0x0c;
inline constexpr uint8_t kDtChannel = 0 << kDtShift;
inline constexpr uint8_t kDtWorkQueue = 1 << kDtShift;
inline constexpr uint8_t kDtFrameQueue = 2 << kDtShift;
inline constexpr uint8_t kRls = 0x10; // results to memory at rsp_addr (else to DQRR)
inline constexpr uint8_t kWae = 0x20; // stash the results
inline constexpr uint8_t kRad = 0x40; // reschedule the FQ after the dequeue
inline constexpr uint8_t kVb = kValidBit;
// net/dpaa2's Rx pull (plus the valid bit): an FQ, results to stashed memory.
inline constexpr uint8_t kNetRx = kDctPrio | kDtFrameQueue | kRls | kWae;
static_assert(kNetRx == 0x39);
} // namespace pull_verb

struct alignas(8) PullCommand {
	uint8_t verb; // 0
	uint8_t numf; // 1: frames - 1 (at most 16 on LS2, 32 on LX2 as DPDK uses it)
	uint8_t tok;  // 2: echoed in every result; DPDK puts portal index + 1
	uint8_t reserved;
	le32 dq_src;   // 4: FQID, WQID or channel
	le64 rsp_addr; // 8: IOVA of the result storage
};

static_assert(sizeof(PullCommand) == 16);
static_assert(offsetof(PullCommand, numf) == 1 && offsetof(PullCommand, tok) == 2);
static_assert(offsetof(PullCommand, dq_src) == 4 && offsetof(PullCommand, rsp_addr) == 8);

// ---- Results: dequeue results (storage or DQRR) and notifications ----

namespace result_verb
{
inline constexpr uint8_t kMask = 0x7f; // without the valid bit
inline constexpr uint8_t kDq = 0x60;
inline constexpr uint8_t kFqrn = 0x21;
inline constexpr uint8_t kFqrni = 0x22;
inline constexpr uint8_t kFqpn = 0x24;
inline constexpr uint8_t kFqdan = 0x25;
inline constexpr uint8_t kCdan = 0x26;
inline constexpr uint8_t kCscnMem = 0x27; // congestion state change, written to memory
inline constexpr uint8_t kCgcu = 0x28;
inline constexpr uint8_t kBpscn = 0x29;
inline constexpr uint8_t kCscnWq = 0x2a;
} // namespace result_verb

namespace dq_stat
{
inline constexpr uint8_t kFqEmpty = 0x80;
inline constexpr uint8_t kHeldActive = 0x40;
inline constexpr uint8_t kForceEligible = 0x20;
inline constexpr uint8_t kValidFrame = 0x10;
inline constexpr uint8_t kOdpValid = 0x04;
inline constexpr uint8_t kVolatile = 0x02;
inline constexpr uint8_t kExpired = 0x01; // the last result of a volatile command
} // namespace dq_stat

struct alignas(8) DequeueResult {
	uint8_t verb;	  // 0: kDq (| valid bit in the DQRR)
	uint8_t stat;	  // 1: dq_stat
	le16 seqnum;	  // 2
	le16 oprid;	  // 4
	uint8_t reserved; // 6
	uint8_t tok;	  // 7: the pull command's token; written last
	le32 fqid;	  // 8: [23:0]
	le32 reserved2;	  // 12
	le32 fq_byte_cnt; // 16: bytes left in the FQ
	le32 fq_frm_cnt;  // 20: frames left in the FQ
	le64 fqd_ctx;	  // 24: the FQ's user context (DPNI queue user_context)
	Fd fd;		  // 32
};

static_assert(sizeof(DequeueResult) == 64);
static_assert(offsetof(DequeueResult, stat) == 1 && offsetof(DequeueResult, seqnum) == 2);
static_assert(offsetof(DequeueResult, oprid) == 4 && offsetof(DequeueResult, tok) == 7);
static_assert(offsetof(DequeueResult, fqid) == 8 && offsetof(DequeueResult, fq_byte_cnt) == 16);
static_assert(offsetof(DequeueResult, fq_frm_cnt) == 20 && offsetof(DequeueResult, fqd_ctx) == 24);
static_assert(offsetof(DequeueResult, fd) == 32);

// A state change notification (CSCN, BPSCN, CGCU): the first 16 bytes of a
// result. A CSCN written to memory (WRITE_MEM_ON_ENTER/EXIT) is this record;
// net/dpaa2's Tx burst spins while `state` is non-zero.
namespace scn_state
{
inline constexpr uint8_t kCongested = 0x01; // CSCN: in congestion
// BPSCN: bit 0 no free buffers, bit 1 depleted, bit 2 surplus.
} // namespace scn_state

struct alignas(8) ScnRecord {
	uint8_t verb;	  // 0: kCscnMem
	uint8_t stat;	  // 1
	uint8_t state;	  // 2
	uint8_t reserved; // 3
	le32 rid_tok;	  // 4: the resource (CGID, BPID) and a token
	le64 ctx;	  // 8: the context given at configuration
};

static_assert(sizeof(ScnRecord) == 16);
static_assert(offsetof(ScnRecord, state) == 2 && offsetof(ScnRecord, rid_tok) == 4);
static_assert(offsetof(ScnRecord, ctx) == 8);

// ---- Static dequeue command (SDQCR, CINH 0xB00) ----

namespace sdqcr
{
inline constexpr unsigned kFcShift = 29; // frame count: 0 one, 1 up to 3
inline constexpr uint32_t kFcUpTo3 = 1u << kFcShift;
inline constexpr unsigned kDctShift = 24; // [25:24]
inline constexpr uint32_t kDctMask = 3u << kDctShift;
inline constexpr unsigned kTokShift = 16; // [23:16]
inline constexpr uint32_t kTokMask = 0xffu << kTokShift;
inline constexpr uint32_t kSrcMask = 0xffff; // channel-index bitmap
inline constexpr uint8_t kDpdkToken = 0xbb;
} // namespace sdqcr

// ---- Buffer release (RCR slot, array mode) ----

namespace rar
{
inline constexpr uint32_t kSuccess = 0x100; // a slot was granted
inline constexpr uint32_t kVb = kValidBit;  // the slot's valid bit for this use
inline constexpr uint32_t kSlotMask = 0x7;
} // namespace rar

namespace rcr_verb
{
inline constexpr uint8_t kNumMask = 0x07; // buffers 1..7
inline constexpr uint8_t kRcValid = 0x20; // release command
inline constexpr uint8_t kRcdi = 0x40;	  // assert RCDI after completion
inline constexpr uint8_t kVb = kValidBit;
} // namespace rcr_verb

inline constexpr unsigned kMaxReleaseBuffers = 7;

struct alignas(8) ReleaseCommand {
	uint8_t verb;		      // 0: kRcValid | vb | num
	uint8_t reserved;	      // 1
	le16 bpid;		      // 2
	le32 reserved2;		      // 4
	le64 buf[kMaxReleaseBuffers]; // 8
};

static_assert(sizeof(ReleaseCommand) == 64);
static_assert(offsetof(ReleaseCommand, bpid) == 2 && offsetof(ReleaseCommand, buf) == 8);

// ---- Management commands (CR) and responses (RR) ----

namespace mc_verb
{
inline constexpr uint8_t kAcquire = 0x30;
inline constexpr uint8_t kBpQuery = 0x32;
inline constexpr uint8_t kFqQuery = 0x44;
inline constexpr uint8_t kFqQueryNp = 0x45;
inline constexpr uint8_t kWqchanConfigure = 0x46; // CDAN configuration
inline constexpr uint8_t kWqQuery = 0x47;
inline constexpr uint8_t kFqSchedule = 0x48;
inline constexpr uint8_t kFqForce = 0x49;
inline constexpr uint8_t kFqXon = 0x4d;
inline constexpr uint8_t kFqXoff = 0x4e;
inline constexpr uint8_t kCgrQuery = 0x51;
inline constexpr uint8_t kWredQuery = 0x54;
inline constexpr uint8_t kCgrStatQuery = 0x55;
inline constexpr uint8_t kCgrStatQueryClear = 0x56;
inline constexpr uint8_t kMask = 0x7f; // without the valid bit
} // namespace mc_verb

// Response result codes. Only OK is named by the drivers; any other value is a
// failure they report with its code.
inline constexpr uint8_t kMcResultOk = 0xf0;

// The common shape: a verb and 63 bytes the command defines.
struct alignas(8) McCommand {
	uint8_t verb;
	uint8_t body[63];
};

struct alignas(8) McResponse {
	uint8_t verb; // the command's verb (valid bit per mode)
	uint8_t rslt; // kMcResultOk or an error
	uint8_t body[62];
};

static_assert(sizeof(McCommand) == 64 && sizeof(McResponse) == 64);

struct alignas(8) AcquireCommand {
	uint8_t verb;	  // 0
	uint8_t reserved; // 1
	le16 bpid;	  // 2
	uint8_t num;	  // 4: 1..7
	uint8_t reserved2[59];
};

struct alignas(8) AcquireResponse {
	uint8_t verb;  // 0
	uint8_t rslt;  // 1
	le16 reserved; // 2
	uint8_t num;   // 4: buffers returned; 0 when the pool had fewer than asked
	uint8_t reserved2[3];
	le64 buf[7]; // 8
};

static_assert(sizeof(AcquireCommand) == 64 && sizeof(AcquireResponse) == 64);
static_assert(offsetof(AcquireCommand, bpid) == 2 && offsetof(AcquireCommand, num) == 4);
static_assert(offsetof(AcquireResponse, num) == 4 && offsetof(AcquireResponse, buf) == 8);

struct alignas(8) BpQueryCommand {
	uint8_t verb;	  // 0
	uint8_t reserved; // 1
	le16 bpid;	  // 2
	uint8_t reserved2[60];
};

namespace bp_state
{
inline constexpr uint8_t kEmpty = 0x1;	  // no free buffers
inline constexpr uint8_t kDepleted = 0x2; // below the depletion entry threshold
inline constexpr uint8_t kSurplus = 0x4;
} // namespace bp_state

struct alignas(8) BpQueryResponse {
	uint8_t verb;	     // 0
	uint8_t rslt;	     // 1
	uint8_t reserved[4]; // 2
	uint8_t bdi;	     // 6: bit 0 BDI, bit 1 VA, bit 2 WAE
	uint8_t state;	     // 7: bp_state
	le32 fill;	     // 8: free buffers
	le32 hdptr;	     // 12
	le16 swdet;	     // 16: thresholds, mantissa [7:0] << exponent [11:8]
	le16 swdxt;	     // 18
	le16 hwdet;	     // 20
	le16 hwdxt;	     // 22
	le16 swset;	     // 24
	le16 swsxt;	     // 26
	le16 vbpid;	     // 28
	le16 icid;	     // 30: [14:0], bit 15 PL
	le64 bpscn_addr;     // 32
	le64 bpscn_ctx;	     // 40
	le16 hw_targ;	     // 48
	uint8_t dbe;	     // 50
	uint8_t reserved2;   // 51
	uint8_t sdcnt;	     // 52
	uint8_t hdcnt;	     // 53
	uint8_t sscnt;	     // 54
	uint8_t reserved3[9];
};

static_assert(sizeof(BpQueryCommand) == 64 && sizeof(BpQueryResponse) == 64);
static_assert(offsetof(BpQueryResponse, state) == 7 && offsetof(BpQueryResponse, fill) == 8);
static_assert(offsetof(BpQueryResponse, vbpid) == 28 &&
	      offsetof(BpQueryResponse, bpscn_addr) == 32);
static_assert(offsetof(BpQueryResponse, hw_targ) == 48 && offsetof(BpQueryResponse, sscnt) == 54);

// FQ query (programmable fields) and FQ query NP (state, counts): one command
// layout.
struct alignas(8) FqQueryCommand {
	uint8_t verb;	     // 0
	uint8_t reserved[3]; // 1
	le32 fqid;	     // 4: [23:0]
	uint8_t reserved2[56];
};

struct alignas(8) FqQueryResponse {
	uint8_t verb;	     // 0
	uint8_t rslt;	     // 1
	uint8_t reserved[8]; // 2
	le16 cgid;	     // 10
	le16 dest_wq;	     // 12
	uint8_t reserved2;   // 14
	uint8_t fq_ctrl;     // 15
	le16 ics_cred;	     // 16
	le16 td_thresh;	     // 18: mantissa [12:5] << exponent [4:0]
	le16 oal_oac;	     // 20
	uint8_t reserved3;   // 22
	uint8_t mctl;	     // 23
	le64 fqd_ctx;	     // 24
	le16 icid;	     // 32
	le16 reserved4;	     // 34
	le32 vfqid;	     // 36
	le32 fqid_er;	     // 40
	le16 opridsz;	     // 44
	uint8_t reserved5[18];
};

// FQ query NP, st1: the scheduling state and flags.
namespace fq_st1
{
inline constexpr uint8_t kSchedStateMask = 0x07;
inline constexpr uint8_t kOos = 0;
inline constexpr uint8_t kRetired = 1;
inline constexpr uint8_t kTentativelyScheduled = 2;
inline constexpr uint8_t kTrulyScheduled = 3;
inline constexpr uint8_t kParked = 4;
inline constexpr uint8_t kHeldActive = 5;
inline constexpr uint8_t kForceEligible = 0x08;
inline constexpr uint8_t kXoff = 0x10;
inline constexpr uint8_t kRetirementPending = 0x20;
inline constexpr uint8_t kOverflowError = 0x40;
} // namespace fq_st1

struct alignas(8) FqQueryNpResponse {
	uint8_t verb;	     // 0
	uint8_t rslt;	     // 1
	uint8_t st1;	     // 2: fq_st1
	uint8_t st2;	     // 3
	uint8_t reserved[2]; // 4
	le16 od1_sfdr;	     // 6
	le16 od2_sfdr;	     // 8
	le16 od3_sfdr;	     // 10
	le16 ra1_sfdr;	     // 12
	le16 ra2_sfdr;	     // 14
	le32 pfdr_hptr;	     // 16
	le32 pfdr_tptr;	     // 20
	le32 frm_cnt;	     // 24: [23:0]
	le32 byte_cnt;	     // 28
	le16 ics_surp;	     // 32
	uint8_t is;	     // 34
	uint8_t reserved2[29];
};

inline constexpr uint32_t kFqFrameCountMask = 0x00ffffff;

static_assert(sizeof(FqQueryCommand) == 64 && offsetof(FqQueryCommand, fqid) == 4);
static_assert(sizeof(FqQueryResponse) == 64);
static_assert(offsetof(FqQueryResponse, cgid) == 10 && offsetof(FqQueryResponse, dest_wq) == 12);
static_assert(offsetof(FqQueryResponse, fq_ctrl) == 15 &&
	      offsetof(FqQueryResponse, td_thresh) == 18);
static_assert(offsetof(FqQueryResponse, fqd_ctx) == 24 && offsetof(FqQueryResponse, vfqid) == 36);
static_assert(offsetof(FqQueryResponse, fqid_er) == 40 && offsetof(FqQueryResponse, opridsz) == 44);
static_assert(sizeof(FqQueryNpResponse) == 64);
static_assert(offsetof(FqQueryNpResponse, st1) == 2 && offsetof(FqQueryNpResponse, od1_sfdr) == 6);
static_assert(offsetof(FqQueryNpResponse, pfdr_hptr) == 16 &&
	      offsetof(FqQueryNpResponse, frm_cnt) == 24);
static_assert(offsetof(FqQueryNpResponse, byte_cnt) == 28 && offsetof(FqQueryNpResponse, is) == 34);

} // namespace dpaa2::hw::qb
