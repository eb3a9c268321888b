/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan software portal as the silicon lays it out (QorIQ DPAA reference
// manual, "QMan software portal"; offsets of the ARM-based LS1043A/LS1046A,
// where each portal has a 16 KiB cache-enabled and a 16 KiB cache-inhibited
// area).
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"
#include "dpaa_hw/fd.hpp"

namespace dpaa::hw::qm
{

inline constexpr uint32_t kCeSize = 0x4000;
inline constexpr uint32_t kCiSize = 0x4000;

// Cache-inhibited registers (QCSP_*). All 32-bit big-endian.
namespace ci
{
inline constexpr uint32_t kEqcrPi = 0x3000;   // QCSP_EQCR_PI_CINH
inline constexpr uint32_t kEqcrCi = 0x3040;   // QCSP_EQCR_CI_CINH
inline constexpr uint32_t kEqcrItr = 0x3080;  // QCSP_EQCR_ITR
inline constexpr uint32_t kDqrrPi = 0x3100;   // QCSP_DQRR_PI_CINH
inline constexpr uint32_t kDqrrCi = 0x3140;   // QCSP_DQRR_CI_CINH
inline constexpr uint32_t kDqrrItr = 0x3180;  // QCSP_DQRR_ITR
inline constexpr uint32_t kDqrrDcap = 0x31c0; // QCSP_DQRR_DCAP
inline constexpr uint32_t kSdqcr = 0x3200;    // QCSP_DQRR_SDQCR
inline constexpr uint32_t kVdqcr = 0x3240;    // QCSP_DQRR_VDQCR
inline constexpr uint32_t kPdqcr = 0x3280;    // QCSP_DQRR_PDQCR
inline constexpr uint32_t kMrPi = 0x3300;     // QCSP_MR_PI_CINH
inline constexpr uint32_t kMrCi = 0x3340;     // QCSP_MR_CI_CINH
inline constexpr uint32_t kMrItr = 0x3380;    // QCSP_MR_ITR
inline constexpr uint32_t kCfg = 0x3500;      // QCSP_CFG
inline constexpr uint32_t kIsr = 0x3600;      // QCSP_ISR
inline constexpr uint32_t kIer = 0x3640;      // QCSP_IER
inline constexpr uint32_t kIsdr = 0x3680;     // QCSP_ISDR
inline constexpr uint32_t kIir = 0x36c0;      // QCSP_IIR
inline constexpr uint32_t kItpr = 0x3740;     // QCSP_ITPR
} // namespace ci

// Cache-enabled area.
namespace ce
{
inline constexpr uint32_t kEqcr = 0x0000;
inline constexpr uint32_t kDqrr = 0x1000;
inline constexpr uint32_t kMr = 0x2000;
inline constexpr uint32_t kEqcrPi = 0x3000; // cache-enabled shadows of the indices
inline constexpr uint32_t kEqcrCi = 0x3040;
inline constexpr uint32_t kDqrrPi = 0x3100;
inline constexpr uint32_t kDqrrCi = 0x3140;
inline constexpr uint32_t kMrPi = 0x3300;
inline constexpr uint32_t kMrCi = 0x3340;
inline constexpr uint32_t kCr = 0x3800;	 // management command
inline constexpr uint32_t kRr0 = 0x3900; // management response 0
inline constexpr uint32_t kRr1 = 0x3940; // management response 1
} // namespace ce

inline constexpr unsigned kEqcrSize = 8;
inline constexpr unsigned kDqrrSize = 16;
inline constexpr unsigned kMrSize = 8;

// QCSP_CFG fields used by the drivers.
namespace cfg
{
inline constexpr uint32_t kEpmShift = 24; // EPM: EQCR production notification mode
inline constexpr uint32_t kEpmMask = 0x3u << kEpmShift;
inline constexpr uint32_t kMfShift = 20; // DQRR_MF: max fill (0 means 16)
inline constexpr uint32_t kMfMask = 0xfu << kMfShift;
inline constexpr uint32_t kDpShift = 18;  // DP: dequeue mode (0 push, 1 pull)
inline constexpr uint32_t kDcmShift = 16; // DCM: DQRR consumption mode
inline constexpr uint32_t kDcmMask = 0x3u << kDcmShift;
inline constexpr uint32_t kMmShift = 8; // MM: MR consumption mode
inline constexpr uint32_t kReSe = 0xa0; // RE+SE: stashing of ring entries enabled
} // namespace cfg

// QCSP_CFG::EPM
enum class EqcrPmode : uint32_t { pci = 0, pce = 1, pvb = 2 };
// QCSP_CFG::DCM
enum class DqrrCmode : uint32_t { cci = 0, cce = 1, cdc = 2 };

// QCSP_ISR / IER / ISDR / IIR bits.
namespace irq
{
inline constexpr uint32_t kDqavailMask = 0x0000ffff; // channels with frames available
inline constexpr uint32_t kMri = 0x00010000;	     // MR ring non-empty
inline constexpr uint32_t kDqri = 0x00020000;	     // DQRR ring non-empty
inline constexpr uint32_t kEqri = 0x00040000;	     // EQCR below threshold
inline constexpr uint32_t kEqci = 0x00080000;	     // enqueue command committed
inline constexpr uint32_t kCsci = 0x00100000;	     // congestion state change
} // namespace irq

// QCSP_DQRR_DCAP: discrete consumption acknowledgement. Two forms: S=0
// names one entry (DCAP_CI, bits 3:0); S=1 carries a 16-bit mask of entries
// in bits 31:16, entry i at bit 31-i (the kernel's qm_dqrr_cdc_consume_n;
// upstream DPDK writes it once per push-mode poll, with an empty mask when
// the poll found nothing).
namespace dcap
{
inline constexpr uint32_t kS = 1u << 8;	   // S: 1 = bitmask form (bits 31:16)
inline constexpr uint32_t kPark = 1u << 6; // PK: park the FQ (held-active FQs)
inline constexpr uint32_t kIdxMask = 0x0f; // DCAP_CI for the single-entry form
inline constexpr uint32_t kMaskShift = 16;
// Bit of DQRR entry idx in the bitmask form.
constexpr uint32_t mask_bit(unsigned idx) noexcept
{
	return 1u << (31 - (idx & kIdxMask));
}
} // namespace dcap

// QCSP_DQRR_SDQCR: static dequeue command.
namespace sdqcr
{
inline constexpr uint32_t kSourceSpecificWq = 0x40000000;
inline constexpr uint32_t kCountUpto3 = 0x20000000; // else exactly 1 frame per FQ visit
inline constexpr uint32_t kDedicatedPrecedence = 0x10000000;
inline constexpr uint32_t kTypeMask = 0x03000000;
inline constexpr uint32_t kTypePrioQos = 0x01000000;
inline constexpr uint32_t kTypeActiveQos = 0x02000000;
inline constexpr uint32_t kTypeActive = 0x03000000;
inline constexpr uint32_t kTokenShift = 16;
inline constexpr uint32_t kTokenMask = 0x00ff0000;
inline constexpr uint32_t kChannelsDedicated = 0x00008000;
inline constexpr uint32_t kChannelsPoolMask = 0x00007fff;
// Pool channel n (1..15) is bit 15-n.
constexpr uint32_t channels_pool(unsigned n) noexcept
{
	return 0x8000u >> n;
}
// SDQCR bit of pool channel 'ch' on a QMan whose pool channel 1 is 'pool1'
// (n = ch - pool1 + 1); 0 if 'ch' is not one of its 15 pool channels.
constexpr uint32_t pool_channel(uint16_t ch, uint16_t pool1) noexcept
{
	return ch >= pool1 && ch < pool1 + 15 ? channels_pool(ch - pool1 + 1u) : 0;
}
constexpr uint32_t token(uint8_t t) noexcept
{
	return uint32_t{t} << kTokenShift;
}
} // namespace sdqcr

// QCSP_DQRR_VDQCR: volatile dequeue command.
namespace vdqcr
{
inline constexpr uint32_t kPrecedenceSdqcr = 0x80000000;
inline constexpr uint32_t kExact = 0x40000000;
inline constexpr uint32_t kNumFramesShift = 24;
inline constexpr uint32_t kNumFramesMask = 0x3f000000; // 0 = until the FQ is empty
inline constexpr uint32_t kFqidMask = 0x00ffffff;
inline constexpr unsigned kMaxFrames = 63;
constexpr uint32_t numframes(unsigned n) noexcept
{
	return (uint32_t{n} << kNumFramesShift) & kNumFramesMask;
}
} // namespace vdqcr

// Channels as the LS1043A/LS1046A QMan (rev 3.x) numbers them: software
// portal n's dedicated channel is n (0..9), pool channels 1..15 are
// 0x401..0x40f (the kernel's QMAN_CHANNEL_POOL1_REV3; the device tree's
// fsl,pool-channel-range = <0x401 0xf>), FMan 1's direct-connect channels
// (its Tx ports) are 0x800..0x80f (fsl,qman-channel-range = <0x800 0x10>;
// each Tx port's fsl,qman-channel-id). The P4080's QMan rev 1.x numbers
// pools from 0x21 and FMan channels from 0x40: not these SoCs. A driver
// takes its pool channels, and pool channel 1, from the platform; the model
// and a tree that gives no range use these.
namespace channel
{
inline constexpr uint16_t kSwPortal0 = 0x000; // dedicated channel of software portal n: 0x0 + n
inline constexpr unsigned kNumSwPortals = 10;
inline constexpr uint16_t kPool1 = 0x401; // pool channels 1..15: 0x401..0x40f
inline constexpr unsigned kNumPools = 15;
inline constexpr uint16_t kFman0Base = 0x800; // FMan 1 (fm1) direct-connect Tx channels
inline constexpr unsigned kFmanChannels = 16;
constexpr uint16_t sw_portal(unsigned idx) noexcept
{
	return static_cast<uint16_t>(kSwPortal0 + idx);
}
constexpr uint16_t pool(unsigned n) noexcept
{
	return static_cast<uint16_t>(kPool1 + n - 1);
}
} // namespace channel

inline constexpr uint32_t kFqidMask = 0x00ffffff;

// FQ states as QUERYFQ_NP reports them (FQD::STATE).
enum class FqState : uint8_t {
	oos = 0x0,
	retired = 0x1,
	tentatively_scheduled = 0x2,
	truly_scheduled = 0x3,
	parked = 0x4,
	active = 0x5,
};

// ---------------------------------------------------------------- EQCR

namespace eqcr_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kCmdMask = 0x61;
inline constexpr uint8_t kCmdEnqueue = 0x01;
inline constexpr uint8_t kColourMask = 0x18;
inline constexpr uint8_t kInterrupt = 0x04; // raise EQCI on completion
} // namespace eqcr_verb

namespace eqcr_dca
{
inline constexpr uint8_t kEnable = 0x80; // discrete consumption ack of a DQRR entry
inline constexpr uint8_t kPark = 0x40;
inline constexpr uint8_t kIdxMask = 0x0f;
} // namespace eqcr_dca

struct alignas(64) EqcrEntry {
	uint8_t verb;
	uint8_t dca;
	be16 seqnum;
	be32 orp; // [23:0] order restoration point
	be32 fqid_raw;
	be32 tag;
	Fd fd;
	uint8_t reserved[32];

	constexpr uint32_t fqid() const noexcept { return fqid_raw.load() & kFqidMask; }
	constexpr void set_fqid(uint32_t v) noexcept { fqid_raw.store(v & kFqidMask); }
};

static_assert(sizeof(EqcrEntry) == 64);
static_assert(offsetof(EqcrEntry, verb) == 0);
static_assert(offsetof(EqcrEntry, dca) == 1);
static_assert(offsetof(EqcrEntry, seqnum) == 2);
static_assert(offsetof(EqcrEntry, orp) == 4);
static_assert(offsetof(EqcrEntry, fqid_raw) == 8);
static_assert(offsetof(EqcrEntry, tag) == 12);
static_assert(offsetof(EqcrEntry, fd) == 16);

// ---------------------------------------------------------------- DQRR

namespace dqrr_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kMask = 0x7f;
inline constexpr uint8_t kFrameDequeue = 0x60;
} // namespace dqrr_verb

namespace dqrr_stat
{
inline constexpr uint8_t kFqEmpty = 0x80;	  // this dequeue left the FQ empty
inline constexpr uint8_t kFqHeldActive = 0x40;	  // FQ is held active in this portal
inline constexpr uint8_t kFqForceEligible = 0x20; // FQ was force-eligible'd
inline constexpr uint8_t kValidFrame = 0x10;	  // the entry carries a frame
inline constexpr uint8_t kOdp = 0x04;		  // order definition point
inline constexpr uint8_t kUnscheduled = 0x02;	  // produced by a volatile dequeue
inline constexpr uint8_t kDqcrExpired = 0x01;	  // the VDQCR/PDQCR command completed
} // namespace dqrr_stat

struct alignas(64) DqrrEntry {
	uint8_t verb;
	uint8_t stat;
	be16 seqnum; // [14:0]
	uint8_t tok; // token of the SDQCR that produced it
	uint8_t reserved1[3];
	be32 fqid_raw;
	be32 context_b_raw;
	Fd fd;
	uint8_t reserved2[32];

	constexpr uint32_t fqid() const noexcept { return fqid_raw.load() & kFqidMask; }
	constexpr void set_fqid(uint32_t v) noexcept { fqid_raw.store(v & kFqidMask); }
	constexpr uint32_t context_b() const noexcept { return context_b_raw.load(); }
	constexpr void set_context_b(uint32_t v) noexcept { context_b_raw.store(v); }
	constexpr bool has_frame() const noexcept { return stat & dqrr_stat::kValidFrame; }
};

static_assert(sizeof(DqrrEntry) == 64);
static_assert(offsetof(DqrrEntry, verb) == 0);
static_assert(offsetof(DqrrEntry, stat) == 1);
static_assert(offsetof(DqrrEntry, seqnum) == 2);
static_assert(offsetof(DqrrEntry, tok) == 4);
static_assert(offsetof(DqrrEntry, fqid_raw) == 8);
static_assert(offsetof(DqrrEntry, context_b_raw) == 12);
static_assert(offsetof(DqrrEntry, fd) == 16);

// ---------------------------------------------------------------- MR

namespace mr_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kTypeMask = 0x27;
inline constexpr uint8_t kDcErn = 0x20; // ERN from a direct-connect portal
inline constexpr uint8_t kFqrn = 0x21;	// FQ retirement notification
inline constexpr uint8_t kFqrni = 0x22; // FQ retirement notification, immediate
inline constexpr uint8_t kFqrl = 0x23;	// FQ retirement: ORL drained
inline constexpr uint8_t kFqpn = 0x24;	// FQ park notification
// A software-portal ERN echoes the enqueue verb: bit 0x20 is clear.
constexpr bool is_sw_ern(uint8_t verb) noexcept
{
	return (verb & 0x20) == 0;
}
} // namespace mr_verb

namespace mr_rc
{
inline constexpr uint8_t kMask = 0xf0;
inline constexpr uint8_t kCgrTaildrop = 0x00;
inline constexpr uint8_t kWred = 0x10;
inline constexpr uint8_t kError = 0x20; // e.g. enqueue to an out-of-service FQ
inline constexpr uint8_t kOrpWindowEarly = 0x30;
inline constexpr uint8_t kOrpWindowLate = 0x40;
inline constexpr uint8_t kFqTaildrop = 0x50;
inline constexpr uint8_t kOrpWindowRetired = 0x60;
inline constexpr uint8_t kOrpZero = 0x70;
} // namespace mr_rc

namespace fqs
{
inline constexpr uint8_t kOrlPresent = 0x02;
inline constexpr uint8_t kNotEmpty = 0x01;
} // namespace fqs

// MR entry: one layout with the ERN and FQ-state-change views overlaid.
struct alignas(64) MrEntry {
	uint8_t verb;
	uint8_t dca_fqs; // ERN: DCA byte of the rejected enqueue; FQRN/FQRL/FQPN: FQS
	be16 seqnum;
	uint8_t rc; // ERN: rejection code (mr_rc)
	uint8_t orp[3];
	be32 fqid_raw;
	be32 tag_context_b; // ERN: tag; state change: context_b
	Fd fd;		    // ERN: the rejected frame
	uint8_t reserved[32];

	constexpr uint32_t fqid() const noexcept { return fqid_raw.load() & kFqidMask; }
	constexpr void set_fqid(uint32_t v) noexcept { fqid_raw.store(v & kFqidMask); }
	constexpr uint8_t fqs() const noexcept { return dca_fqs; }
	constexpr uint8_t type() const noexcept { return verb & mr_verb::kTypeMask; }
};

static_assert(sizeof(MrEntry) == 64);
static_assert(offsetof(MrEntry, dca_fqs) == 1);
static_assert(offsetof(MrEntry, rc) == 4);
static_assert(offsetof(MrEntry, fqid_raw) == 8);
static_assert(offsetof(MrEntry, tag_context_b) == 12);
static_assert(offsetof(MrEntry, fd) == 16);

// ---------------------------------------------------------------- management commands

namespace mcc_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kMask = 0x7f;
inline constexpr uint8_t kInitFqParked = 0x40;
inline constexpr uint8_t kInitFqSched = 0x41;
inline constexpr uint8_t kQueryFq = 0x44;
inline constexpr uint8_t kQueryFqNp = 0x45;
inline constexpr uint8_t kQueryWq = 0x46;
inline constexpr uint8_t kQueryWqDedicated = 0x47;
inline constexpr uint8_t kAlterSched = 0x48;
inline constexpr uint8_t kAlterFe = 0x49;
inline constexpr uint8_t kAlterRetire = 0x4a;
inline constexpr uint8_t kAlterOos = 0x4b;
inline constexpr uint8_t kAlterFqxon = 0x4d;
inline constexpr uint8_t kAlterFqxoff = 0x4e;
} // namespace mcc_verb

namespace mcr_result
{
inline constexpr uint8_t kNull = 0x00;
inline constexpr uint8_t kOk = 0xf0;
inline constexpr uint8_t kErrFqid = 0xf1;
inline constexpr uint8_t kErrFqState = 0xf2;
inline constexpr uint8_t kErrNotEmpty = 0xf3; // OOS of a non-empty FQ
inline constexpr uint8_t kErrBadChannel = 0xf4;
inline constexpr uint8_t kPending = 0xf8; // retirement completes later (FQRN on MR)
inline constexpr uint8_t kErrBadCommand = 0xff;
} // namespace mcr_result

// FQD::FQ_CTRL
namespace fq_ctrl
{
inline constexpr uint16_t kMask = 0x07ff;
inline constexpr uint16_t kCge = 0x0400; // congestion group enable
inline constexpr uint16_t kTde = 0x0200; // tail-drop enable
inline constexpr uint16_t kOrp = 0x0100; // order restoration
inline constexpr uint16_t kCtxAStashing = 0x0080;
inline constexpr uint16_t kCpcStash = 0x0040;
inline constexpr uint16_t kForceSfdr = 0x0008;
inline constexpr uint16_t kAvoidBlock = 0x0004;
inline constexpr uint16_t kHoldActive = 0x0002;
inline constexpr uint16_t kPreferInCache = 0x0001;
} // namespace fq_ctrl

// FQD::CONTEXT_A of an FQ that a software portal dequeues, with
// FQ_CTRL::CTXA_STASHING set: what QMan stashes into the dequeuing core's
// cache with each DQRR entry of the FQ, so that the lines are there when
// the core reads the entry. As a big-endian 64-bit word: [63:56] EXCLUSIVE,
// [53:52] annotation lines (from the FD's address: the buffer's prepended
// area), [51:50] frame data lines (from address + offset), [49:48] context
// lines (from the 48-bit address in [47:0]). Up to 3 lines each. The layout
// of the QMan's FQD (qm_fqd_stashing in the Linux and DPDK drivers).
namespace ctx_a_stash
{
inline constexpr uint8_t kExclAnnotation = 0x04; // EXCLUSIVE: stash for writing
inline constexpr uint8_t kExclData = 0x02;
inline constexpr uint8_t kExclContext = 0x01;
inline constexpr unsigned kMaxLines = 3;
inline constexpr unsigned kAnnotationShift = 52;
inline constexpr unsigned kDataShift = 50;
inline constexpr unsigned kContextShift = 48;
inline constexpr uint64_t kContextAddrMask = (uint64_t{1} << 48) - 1;

constexpr uint64_t make(unsigned annotation_lines, unsigned data_lines, unsigned context_lines,
			uint8_t exclusive = 0, uint64_t context_addr = 0) noexcept
{
	return uint64_t{exclusive} << 56 |
	       uint64_t{annotation_lines & kMaxLines} << kAnnotationShift |
	       uint64_t{data_lines & kMaxLines} << kDataShift |
	       uint64_t{context_lines & kMaxLines} << kContextShift |
	       (context_addr & kContextAddrMask);
}
constexpr unsigned annotation_lines(uint64_t a) noexcept
{
	return (a >> kAnnotationShift) & kMaxLines;
}
constexpr unsigned data_lines(uint64_t a) noexcept
{
	return (a >> kDataShift) & kMaxLines;
}
constexpr unsigned context_lines(uint64_t a) noexcept
{
	return (a >> kContextShift) & kMaxLines;
}
static_assert(make(1, 2, 3, kExclData, 0x1234) == 0x021b000000001234ull);
} // namespace ctx_a_stash

// INITFQ write-enable mask.
namespace we
{
inline constexpr uint16_t kMask = 0x01ff;
inline constexpr uint16_t kOac = 0x0100;
inline constexpr uint16_t kOrpc = 0x0080;
inline constexpr uint16_t kCgid = 0x0040;
inline constexpr uint16_t kFqCtrl = 0x0020;
inline constexpr uint16_t kDestWq = 0x0010;
inline constexpr uint16_t kIcsCred = 0x0008;
inline constexpr uint16_t kTdThresh = 0x0004;
inline constexpr uint16_t kContextB = 0x0002;
inline constexpr uint16_t kContextA = 0x0001;
} // namespace we

// Tail-drop threshold: 8-bit mantissa [12:5] and 5-bit exponent [4:0]; value = mant << exp.
namespace td
{
constexpr uint32_t value(uint16_t raw) noexcept
{
	return uint32_t{static_cast<uint8_t>(raw >> 5)} << (raw & 0x1f);
}
// Smallest encoding >= v (rounding up so that a threshold never shrinks).
constexpr uint16_t encode(uint32_t v) noexcept
{
	uint32_t e = 0;
	while (v > 0xff) {
		const bool odd = v & 1;
		v >>= 1;
		e++;
		if (odd)
			v++;
	}
	return static_cast<uint16_t>((v << 5) | e);
}
} // namespace td

// Frame queue descriptor fields common to INITFQ and the QUERYFQ response.
struct Fqd {
	uint8_t orpc;
	uint8_t cgid;
	be16 fq_ctrl;
	be16 dest_wq; // [15:3] channel, [2:0] work queue
	be16 ics_cred;
	be16 td; // tail-drop threshold (td::value), or OAC on INITFQ with WE_OAC
	be32 context_b;
	be64 context_a;
	be16 oac_query;

	constexpr uint16_t channel() const noexcept { return dest_wq.load() >> 3; }
	constexpr uint8_t wq() const noexcept { return dest_wq.load() & 0x7; }
	constexpr void set_dest(uint16_t chan, uint8_t wq_) noexcept
	{
		dest_wq.store(static_cast<uint16_t>((chan << 3) | (wq_ & 0x7)));
	}
};

static_assert(sizeof(Fqd) == 24);
static_assert(offsetof(Fqd, fq_ctrl) == 2);
static_assert(offsetof(Fqd, dest_wq) == 4);
static_assert(offsetof(Fqd, td) == 8);
static_assert(offsetof(Fqd, context_b) == 10);
static_assert(offsetof(Fqd, context_a) == 14);

struct alignas(64) McCommand {
	uint8_t verb;
	uint8_t body[63];
};

struct alignas(64) McInitFq {
	uint8_t verb;
	uint8_t reserved1;
	be16 we_mask;
	be32 fqid;
	be16 count; // initialises count+1 FQDs
	Fqd fqd;
	uint8_t reserved2[30];
};

// QUERYFQ, QUERYFQ_NP, ALTER_SCHED/RETIRE/OOS...
struct alignas(64) McFq {
	uint8_t verb;
	uint8_t reserved1[3];
	be32 fqid;
	uint8_t reserved2;
	uint8_t count; // ALTER: number of consecutive FQIDs (minus one)
	uint8_t reserved3[10];
	be32 context_b;
	uint8_t reserved4[40];
};

struct alignas(64) McResult {
	uint8_t verb; // echoes the command verb; zero until the command completes
	uint8_t result;
	uint8_t body[62];
};

struct alignas(64) McrAlterFq {
	uint8_t verb;
	uint8_t result;
	uint8_t fqs;
	uint8_t reserved[61];
};

struct alignas(64) McrQueryFq {
	uint8_t verb;
	uint8_t result;
	uint8_t reserved1[6];
	Fqd fqd;
	uint8_t reserved2[32];
};

namespace np_state
{
inline constexpr uint8_t kFe = 0x10; // force eligible
inline constexpr uint8_t kR = 0x08;  // retirement pending
inline constexpr uint8_t kMask = 0x07;
} // namespace np_state

struct alignas(64) McrQueryFqNp {
	uint8_t verb;
	uint8_t result;
	uint8_t reserved1;
	uint8_t state; // FqState in [2:0], np_state flags above
	be32 fqd_link;
	be16 odp_seq;
	be16 orp_nesn;
	be16 orp_ea_hseq;
	be16 orp_ea_tseq;
	be32 orp_ea_hptr;
	be32 orp_ea_tptr;
	be32 pfdr_hptr;
	be32 pfdr_tptr;
	uint8_t reserved2[5];
	uint8_t is;
	be16 ics_surp;
	be32 byte_cnt;
	be32 frm_cnt_raw; // [23:0]
	be32 reserved3;
	be16 ra1_sfdr;
	be16 ra2_sfdr;
	be16 reserved4;
	be16 od1_sfdr;
	be16 od2_sfdr;
	be16 od3_sfdr;

	constexpr uint32_t frm_cnt() const noexcept { return frm_cnt_raw.load() & 0x00ffffff; }
};

static_assert(sizeof(McCommand) == 64 && sizeof(McResult) == 64);
static_assert(sizeof(McInitFq) == 64);
static_assert(offsetof(McInitFq, we_mask) == 2);
static_assert(offsetof(McInitFq, fqid) == 4);
static_assert(offsetof(McInitFq, count) == 8);
static_assert(offsetof(McInitFq, fqd) == 10);
static_assert(sizeof(McFq) == 64);
static_assert(offsetof(McFq, fqid) == 4);
static_assert(offsetof(McFq, count) == 9);
static_assert(offsetof(McFq, context_b) == 20);
static_assert(sizeof(McrAlterFq) == 64 && offsetof(McrAlterFq, fqs) == 2);
static_assert(sizeof(McrQueryFq) == 64 && offsetof(McrQueryFq, fqd) == 8);
static_assert(sizeof(McrQueryFqNp) == 64);
static_assert(offsetof(McrQueryFqNp, state) == 3);
static_assert(offsetof(McrQueryFqNp, is) == 37);
static_assert(offsetof(McrQueryFqNp, byte_cnt) == 40);
static_assert(offsetof(McrQueryFqNp, frm_cnt_raw) == 44);
static_assert(offsetof(McrQueryFqNp, od3_sfdr) == 62);

} // namespace dpaa::hw::qm
