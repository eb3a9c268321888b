/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan configuration space (CCSR): one 1 MiB window per FMan, as the
// QorIQ LS1043A/LS1046A reference manuals ("Frame Manager Memory Map") and
// the FMan v3 device trees lay it out:
//
//   0x00000  MURAM
//   0x80000  BMI common, then one 4 KiB page per hardware port id:
//            0x80000 + port_id * 0x1000 (BMI regs at +0x000, QMI at +0x400,
//            parser port regs at +0x800)
//   0xC1000  KeyGen          0xC3000  FPM (FM_IP_REV_1 at 0xC30C4)
//   0xC4000  IRAM            0xC7000  parser (common)
//   0xE0000  mEMAC of MAC n (cell n-1) at 0xE0000 + (n-1) * 0x2000
//
// Hardware port ids (FMan v3): 1G MAC cell c (0..7) has Rx port 0x08 + c
// and Tx port 0x28 + c; the 10G MACs (cells 8, 9: fm1-mac9, fm1-mac10) have
// Rx 0x10, 0x11 and Tx 0x30, 0x31. Their Tx ports are dequeued from the
// FMan's direct-connect QMan channels in the order 0x30, 0x31, 0x28..0x2f.
//
// Register bits follow the manuals' fields; where a field could not be
// read from a public source, the layout here is the model's and says so.
#pragma once

#include <cstdint>

namespace dpaa::hw::fman
{

inline constexpr uint32_t kWindowSize = 0x100000;

// ---------------------------------------------------------------- ports
inline constexpr uint32_t kPortPagesBase = 0x80000;
inline constexpr uint32_t kPortPageSize = 0x1000;
inline constexpr unsigned kNumPortIds = 64;
inline constexpr unsigned kMaxMacs = 10; // cells 0..9

constexpr bool is_10g_cell(unsigned cell) noexcept
{
	return cell >= 8;
}
constexpr uint8_t rx_port_id(unsigned cell) noexcept
{
	return static_cast<uint8_t>(is_10g_cell(cell) ? 0x10 + (cell - 8) : 0x08 + cell);
}
constexpr uint8_t tx_port_id(unsigned cell) noexcept
{
	return static_cast<uint8_t>(is_10g_cell(cell) ? 0x30 + (cell - 8) : 0x28 + cell);
}
constexpr uint32_t port_page(uint8_t port_id) noexcept
{
	return kPortPagesBase + uint32_t{port_id} * kPortPageSize;
}
// Offset of a MAC's Tx channel from the FMan's first direct-connect channel
// (hw::qm::channel::kFman0Base for fm1): 0x30 -> 0, 0x31 -> 1, 0x28+c -> 2+c.
constexpr uint16_t tx_channel_offset(unsigned cell) noexcept
{
	return static_cast<uint16_t>(is_10g_cell(cell) ? cell - 8 : 2 + cell);
}
static_assert(rx_port_id(0) == 0x08 && tx_port_id(0) == 0x28);
static_assert(rx_port_id(9) == 0x11 && tx_port_id(8) == 0x30);
static_assert(port_page(0x08) == 0x88000 && port_page(0x30) == 0xb0000);
static_assert(tx_channel_offset(0) == 2 && tx_channel_offset(8) == 0);

// Next Invoked Action (NIA) values: which engine handles the frame next
// (FMBM_RFNE, FMBM_RFPNE, KGSE_MODE, ...). [23:18] engine, [17:0] action.
namespace nia
{
inline constexpr uint32_t kEngineMask = 0x00fc0000;
inline constexpr uint32_t kEngParser = 0x00440000; // hard-wired parser (HWP)
inline constexpr uint32_t kEngKeygen = 0x00480000; // KeyGen (HWK)
inline constexpr uint32_t kEngBmi = 0x00500000;
inline constexpr uint32_t kEngQmiEnq = 0x00540000;
inline constexpr uint32_t kEngQmiDeq = 0x00580000;
// KeyGen NIAs: kEngKeygen alone lets KeyGen take the first enabled scheme of
// the port's partition (FMKG_PE_SP, as Linux binds ports); kEngKeygen |
// kKgDirect | scheme names the scheme. The direct flag is an action bit
// (bit 8, as on the FMan), outside the engine field.
inline constexpr uint32_t kKgDirect = 0x00000100;
inline constexpr uint32_t kKgSchemeMask = 0x0000001f;
inline constexpr uint32_t kBmiEnqFrame = 0x00000002; // with kEngBmi: enqueue to the FQ
inline constexpr uint32_t kBmiTxRelease = 0x000002c0;
inline constexpr uint32_t kBmiRelease = 0x000000c0;
inline constexpr uint32_t kBmiTx = 0x00000274;
inline constexpr uint32_t kBmiFetchAll = 0x0000020c;
constexpr uint32_t keygen_scheme(unsigned scheme) noexcept
{
	return kEngKeygen | kKgDirect | (scheme & kKgSchemeMask);
}
constexpr bool is_keygen(uint32_t nia) noexcept
{
	return (nia & kEngineMask) == kEngKeygen;
}
inline constexpr uint32_t kEnqueue = kEngBmi | kBmiEnqFrame;
static_assert((kKgDirect & kEngineMask) == 0 && (kKgSchemeMask & kEngineMask) == 0);
static_assert(is_keygen(keygen_scheme(3)) && is_keygen(kEngKeygen) && !is_keygen(kEnqueue) &&
	      !is_keygen(kEngQmiDeq));
} // namespace nia

// -------------------------------------------------- BMI Rx port (page +0x000)
namespace bmi_rx
{
inline constexpr uint32_t kRcfg = 0x000;      // FMBM_RCFG configuration
inline constexpr uint32_t kRst = 0x004;	      // status (RO)
inline constexpr uint32_t kRda = 0x008;	      // DMA attributes
inline constexpr uint32_t kRfp = 0x00c;	      // FIFO parameters
inline constexpr uint32_t kRfed = 0x010;      // frame end data
inline constexpr uint32_t kRicp = 0x014;      // internal context parameters (ICP)
inline constexpr uint32_t kRim = 0x018;	      // internal buffer margins
inline constexpr uint32_t kRebm = 0x01c;      // external buffer margins
inline constexpr uint32_t kRfne = 0x020;      // frame next engine (NIA)
inline constexpr uint32_t kRfca = 0x024;      // frame command attributes
inline constexpr uint32_t kRfpne = 0x028;     // frame parser next engine (NIA after the parser)
inline constexpr uint32_t kRpso = 0x02c;      // parse start offset
inline constexpr uint32_t kRpp = 0x030;	      // policer profile
inline constexpr uint32_t kRccb = 0x034;      // coarse classification base
inline constexpr uint32_t kReth = 0x038;      // excessive threshold
constexpr uint32_t rprai(unsigned i) noexcept // parse results array init, 8 words
{
	return 0x040 + 4 * i;
}
inline constexpr uint32_t kRfqid = 0x060;  // default FQID (frames KeyGen does not classify)
inline constexpr uint32_t kRefqid = 0x064; // error FQID
inline constexpr uint32_t kRfsdm = 0x068;  // frame status discard mask
inline constexpr uint32_t kRfsem = 0x06c;  // frame status error mask
inline constexpr uint32_t kRfene = 0x070;  // frame enqueue next engine
inline constexpr uint32_t kRcmne = 0x07c;
inline constexpr unsigned kNumExtPools = 8;
constexpr uint32_t rebmpi(unsigned i) noexcept // external buffer manager pool info
{
	return 0x100 + 4 * i;
}
constexpr uint32_t racnt(unsigned i) noexcept // allocate counter of pool slot i
{
	return 0x120 + 4 * i;
}
constexpr uint32_t rcgm(unsigned i) noexcept
{
	return 0x160 + 4 * i;
}
// BMan pool depletion: nonzero = send PAUSE frames while the port's pools
// are depleted (DPDK's dpaa driver writes 0xF00000F0 when flow control is
// on). The model then back-pressures the wire (MacPort::wire_rx() false)
// instead of dropping the frame; with 0 a depleted pool drops (FMBM_RODC).
inline constexpr uint32_t kRmpd = 0x180;
inline constexpr uint32_t kRstc = 0x200;   // statistics counters control
inline constexpr uint32_t kRfrc = 0x204;   // frame counter
inline constexpr uint32_t kRfbc = 0x208;   // bad frames counter
inline constexpr uint32_t kRlfc = 0x20c;   // large frames counter
inline constexpr uint32_t kRffc = 0x210;   // filter frames counter
inline constexpr uint32_t kRfdc = 0x214;   // frame discard counter
inline constexpr uint32_t kRfldec = 0x218; // frames list DMA error counter
inline constexpr uint32_t kRodc = 0x21c;   // out of buffers discard counter (pool depletion)
inline constexpr uint32_t kRbdc = 0x220;   // buffers deallocate counter

// FMBM_RCFG
inline constexpr uint32_t kCfgEn = 0x80000000;	  // port enable
inline constexpr uint32_t kCfgFdovr = 0x02000000; // FD override: errors enqueue, not discard
// FMBM_REBMPI[i]: pools must be programmed in ascending buffer size.
inline constexpr uint32_t kPoolValid = 0x80000000; // VAL
inline constexpr uint32_t kPoolAce = 0x40000000;   // ACE: allocation counter enable
inline constexpr uint32_t kPoolBpidShift = 16;
inline constexpr uint32_t kPoolBpidMask = 0x003f0000;
inline constexpr uint32_t kPoolSizeMask = 0x0000ffff; // buffer size in bytes
constexpr uint32_t pool(uint8_t bpid, uint16_t size) noexcept
{
	return kPoolValid | kPoolAce | (uint32_t{bpid} << kPoolBpidShift) | size;
}
// FMBM_REBM
inline constexpr uint32_t kRebmSgDisable = 0x80000000; // SGD: no scatter/gather
inline constexpr uint32_t kRebmBsmShift = 16;	       // [24:16] buffer start margin = FD offset
inline constexpr uint32_t kRebmBsmMask = 0x01ff0000;
inline constexpr uint32_t kRebmBemMask = 0x000001ff; // [8:0] buffer end margin
constexpr uint32_t rebm(uint16_t start_margin, uint16_t end_margin) noexcept
{
	return ((uint32_t{start_margin} << kRebmBsmShift) & kRebmBsmMask) |
	       (end_margin & kRebmBemMask);
}
// FMBM_RSTC / FMBM_TSTC
inline constexpr uint32_t kStatsEn = 0x80000000;
} // namespace bmi_rx

// Internal context parameters (FMBM_RICP, FMBM_TICP), all in 16-byte units:
// ICEOF = where in the buffer the IC copy goes (Rx) / comes from (Tx),
// ICIOF = from which IC offset, ICSZ = how much.
namespace icp
{
inline constexpr uint32_t kIceofShift = 16;
inline constexpr uint32_t kIceofMask = 0x001f0000;
inline constexpr uint32_t kIciofShift = 8;
inline constexpr uint32_t kIciofMask = 0x00000f00;
inline constexpr uint32_t kIcszMask = 0x0000001f;
inline constexpr uint32_t kUnit = 16;
constexpr uint32_t make(uint32_t iceof_bytes, uint32_t iciof_bytes, uint32_t icsz_bytes) noexcept
{
	return (((iceof_bytes / kUnit) << kIceofShift) & kIceofMask) |
	       (((iciof_bytes / kUnit) << kIciofShift) & kIciofMask) |
	       ((icsz_bytes / kUnit) & kIcszMask);
}
// The internal context the FMan builds per frame (offsets inside the IC).
inline constexpr uint32_t kIcParseResult = 0x20; // 32-byte ParseResult (fman_parse.hpp)
inline constexpr uint32_t kIcTimestamp = 0x40;	 // 8 bytes, big-endian
inline constexpr uint32_t kIcHash = 0x48;	 // 8 bytes, big-endian: KeyGen hash
inline constexpr uint32_t kIcSize = 0x80;
// The usual setting (and the one DPDK's dpaa driver assumes): copy IC
// [0x20, 0x50) to buffer offset 0x10, so the buffer holds the parse result at
// +0x10, the timestamp at +0x30 and the hash at +0x38.
inline constexpr uint32_t kDefault = make(0x10, 0x20, 0x30);
static_assert(kDefault == 0x00010203);
} // namespace icp

// -------------------------------------------------- BMI Tx port (page +0x000)
namespace bmi_tx
{
inline constexpr uint32_t kTcfg = 0x000;   // FMBM_TCFG configuration (kCfgEn)
inline constexpr uint32_t kTst = 0x004;	   // status
inline constexpr uint32_t kTda = 0x008;	   // DMA attributes
inline constexpr uint32_t kTfp = 0x00c;	   // FIFO parameters
inline constexpr uint32_t kTfed = 0x010;   // frame end data
inline constexpr uint32_t kTicp = 0x014;   // internal context parameters (icp::)
inline constexpr uint32_t kTfdne = 0x018;  // frame dequeue next engine
inline constexpr uint32_t kTfca = 0x01c;   // frame command attributes
inline constexpr uint32_t kTcfqid = 0x020; // Tx confirmation FQID (FD FCO with CFQ = 0)
inline constexpr uint32_t kTefqid = 0x024; // Tx error FQID
inline constexpr uint32_t kTfene = 0x028;  // frame enqueue next engine
inline constexpr uint32_t kTrlmts = 0x02c; // rate limiter scale
inline constexpr uint32_t kTrlmt = 0x030;  // rate limiter
inline constexpr uint32_t kTstc = 0x200;   // statistics counters control (bmi_rx::kStatsEn)
inline constexpr uint32_t kTfrc = 0x204;   // frame counter
inline constexpr uint32_t kTfdc = 0x208;   // frames discard counter
inline constexpr uint32_t kTfledc = 0x20c; // frame length error discard counter
inline constexpr uint32_t kTfufdc = 0x210; // frame unsupported format discard counter
inline constexpr uint32_t kTbdc = 0x214;   // buffers deallocate counter
inline constexpr uint32_t kCfgEn = 0x80000000;
} // namespace bmi_tx

// -------------------------------------------------- QMI port (page +0x400)
namespace qmi
{
inline constexpr uint32_t kPageOffset = 0x400;
inline constexpr uint32_t kPnc = 0x000;	   // FMQM_PnC configuration (kPncEn)
inline constexpr uint32_t kPns = 0x004;	   // status
inline constexpr uint32_t kPnen = 0x01c;   // enqueue NIA
inline constexpr uint32_t kPnetfc = 0x020; // enqueue total frame counter
inline constexpr uint32_t kPndn = 0x02c;   // dequeue NIA
inline constexpr uint32_t kPndc = 0x030;   // dequeue configuration
inline constexpr uint32_t kPndtfc = 0x034; // dequeue total frame counter
inline constexpr uint32_t kPncEn = 0x80000000;
} // namespace qmi

// -------------------------------------------------- KeyGen (0xC1000)
// Scheme and port-partition entries are reached indirectly: software fills
// the indirect window (0x100..0x1f8) and writes FMKG_AR with GO; the FMan
// copies the window into the entry (write) or the entry into the window (read)
// and clears GO.
namespace kg
{
inline constexpr uint32_t kBase = 0xC1000;
inline constexpr uint32_t kGcr = 0x000; // global configuration
inline constexpr uint32_t kEer = 0x00c;
inline constexpr uint32_t kSeer = 0x01c;
inline constexpr uint32_t kGsr = 0x024;
inline constexpr uint32_t kTpc = 0x028; // total packet counter
inline constexpr uint32_t kFdor = 0x040;
inline constexpr uint32_t kGdv0r = 0x044;
inline constexpr uint32_t kGdv1r = 0x048;
inline constexpr uint32_t kIndirect = 0x100; // indirect window, 63 words
inline constexpr uint32_t kAr = 0x1fc;	     // FMKG_AR action register
inline constexpr unsigned kNumSchemes = 32;

// Scheme entry, as seen in the indirect window.
inline constexpr uint32_t kSeMode = 0x100; // KGSE_MODE: kModeEn | NIA of the next engine
inline constexpr uint32_t kSeEkfc = 0x104; // known fields to extract into the key (kn::)
inline constexpr uint32_t kSeEkdv = 0x108; // default values
inline constexpr uint32_t kSeBmch = 0x10c;
inline constexpr uint32_t kSeBmcl = 0x110;
inline constexpr uint32_t kSeFqb = 0x114; // FQID base
inline constexpr uint32_t kSeHc = 0x118;  // hash configuration (kHc*)
inline constexpr uint32_t kSePpc = 0x11c;
constexpr uint32_t se_gec(unsigned i) noexcept
{
	return 0x120 + 4 * i;
}
inline constexpr uint32_t kSeSpc = 0x140; // scheme packet counter
inline constexpr uint32_t kSeDv0 = 0x144;
inline constexpr uint32_t kSeDv1 = 0x148;
inline constexpr uint32_t kSeCcbs = 0x14c;
inline constexpr uint32_t kSeMv = 0x150;
inline constexpr uint32_t kSeOm = 0x154;
inline constexpr uint32_t kSeVsp = 0x158;
inline constexpr unsigned kSchemeWords = (0x15c - 0x100) / 4;

// Port partition entry, as seen in the indirect window.
inline constexpr uint32_t kPeSp = 0x100;  // schemes the port may use, bit 31 = scheme 0
inline constexpr uint32_t kPeCpp = 0x104; // classification plan partition

// FMKG_AR
inline constexpr uint32_t kArGo = 0x80000000;
inline constexpr uint32_t kArRead = 0x40000000; // 0 = write
inline constexpr uint32_t kArErr = 0x20000000;
inline constexpr uint32_t kArSelScheme = 0x00000000;
inline constexpr uint32_t kArSelClsPlan = 0x01000000;
inline constexpr uint32_t kArSelPort = 0x02000000;
inline constexpr uint32_t kArSelMask = 0x03000000;
inline constexpr uint32_t kArNumShift = 16; // scheme number [20:16]
inline constexpr uint32_t kArNumMask = 0x001f0000;
inline constexpr uint32_t kArSchemeUpdateCnt = 0x00008000; // write also updates KGSE_SPC
inline constexpr uint32_t kArPortWselSp = 0x00008000;
inline constexpr uint32_t kArPortWselCpp = 0x00004000;
inline constexpr uint32_t kArPortIdMask = 0x0000003f; // hardware port id for kArSelPort
constexpr uint32_t ar_scheme(unsigned scheme, bool read) noexcept
{
	return kArGo | (read ? kArRead : 0) | kArSelScheme |
	       ((uint32_t{scheme} << kArNumShift) & kArNumMask) | (read ? 0 : kArSchemeUpdateCnt);
}
constexpr uint32_t ar_port(uint8_t port_id, bool read) noexcept
{
	return kArGo | (read ? kArRead : 0) | kArSelPort | kArPortWselSp | kArPortWselCpp |
	       (port_id & kArPortIdMask);
}

// KGSE_MODE
inline constexpr uint32_t kModeEn = 0x80000000;
inline constexpr uint32_t kModeNiaMask = 0x00ffffff;
// KGSE_HC: FQID = FQB + ((hash >> shift) & mask); mask = number of FQs - 1
// (a power of two), shift in [29:24].
inline constexpr uint32_t kHcNoFqid = 0x80000000; // do not add the hash to the FQID
inline constexpr uint32_t kHcSymmetric = 0x40000000;
inline constexpr uint32_t kHcShiftShift = 24;
inline constexpr uint32_t kHcShiftMask = 0x3f000000;
inline constexpr uint32_t kHcMask = 0x00ffffff;
constexpr uint32_t hc(uint32_t num_fqs, unsigned shift = 0) noexcept
{
	return ((uint32_t{shift} << kHcShiftShift) & kHcShiftMask) | ((num_fqs - 1) & kHcMask);
}

// KGSE_EKFC known fields.
namespace kn
{
inline constexpr uint32_t kPortId = 0x80000000;
inline constexpr uint32_t kMacDst = 0x40000000;
inline constexpr uint32_t kMacSrc = 0x20000000;
inline constexpr uint32_t kTci1 = 0x10000000;
inline constexpr uint32_t kTci2 = 0x08000000;
inline constexpr uint32_t kEtype = 0x04000000;
inline constexpr uint32_t kPppSid = 0x02000000;
inline constexpr uint32_t kPppId = 0x01000000;
inline constexpr uint32_t kMpls1 = 0x00800000;
inline constexpr uint32_t kMpls2 = 0x00400000;
inline constexpr uint32_t kMplsLast = 0x00200000;
inline constexpr uint32_t kIpSrc1 = 0x00100000;
inline constexpr uint32_t kIpDst1 = 0x00080000;
inline constexpr uint32_t kPtype1 = 0x00040000; // IP protocol / next header
inline constexpr uint32_t kIpTos1 = 0x00020000;
inline constexpr uint32_t kIpv6Fl1 = 0x00010000;
inline constexpr uint32_t kIpSrc2 = 0x00008000;
inline constexpr uint32_t kIpDst2 = 0x00004000;
inline constexpr uint32_t kPtype2 = 0x00002000;
inline constexpr uint32_t kIpTos2 = 0x00001000;
inline constexpr uint32_t kIpv6Fl2 = 0x00000800;
inline constexpr uint32_t kGrePtype = 0x00000400;
inline constexpr uint32_t kIpsecSpi = 0x00000200;
inline constexpr uint32_t kIpsecNh = 0x00000100;
inline constexpr uint32_t kIpPid = 0x00000080;
inline constexpr uint32_t kL4PSrc = 0x00000004;
inline constexpr uint32_t kL4PDst = 0x00000002;
inline constexpr uint32_t kTcpFlags = 0x00000001;
} // namespace kn
} // namespace kg

// -------------------------------------------------- FPM (0xC3000)
namespace fpm
{
inline constexpr uint32_t kBase = 0xC3000;
inline constexpr uint32_t kIpRev1 = 0xC4; // FM_IP_REV_1: [15:8] major, [7:0] minor
inline constexpr uint32_t kIpRev2 = 0xC8;
inline constexpr uint32_t kRev1MajorMask = 0x0000ff00;
inline constexpr uint32_t kRev1MajorShift = 8;
inline constexpr uint32_t kRev1MinorMask = 0x000000ff;
inline constexpr uint32_t kMajorV3 = 6;
} // namespace fpm
static_assert(fpm::kBase + fpm::kIpRev1 == 0xC30C4);

// -------------------------------------------------- IRAM (0xC4000)
// IRAM access: software writes IADD with the word address and AIE, then
// reads or writes IDATA. The microcode keeps its version at word address 4
// ([31:16] package, [15:8] major, [7:0] minor), where NXP's FMan driver
// reads it.
namespace iram
{
inline constexpr uint32_t kBase = 0xC4000;
inline constexpr uint32_t kIadd = 0x0;
inline constexpr uint32_t kIdata = 0x4;
inline constexpr uint32_t kItcfg = 0x8;
inline constexpr uint32_t kIready = 0xc;
inline constexpr uint32_t kIaddAie = 0x80000000; // auto-increment
inline constexpr uint32_t kIreadyReady = 0x80000000;
inline constexpr uint32_t kUcodeVersionAddr = 0x4;
} // namespace iram

// -------------------------------------------------- parser common (0xC7000)
namespace prs
{
inline constexpr uint32_t kBase = 0xC7000;
}

// -------------------------------------------------- mEMAC (0xE0000 + cell * 0x2000)
inline constexpr uint32_t kMacBase = 0xE0000;
inline constexpr uint32_t kMacStride = 0x2000;
inline constexpr uint32_t kMacSize = 0x1000;
constexpr uint32_t mac_base(unsigned cell) noexcept
{
	return kMacBase + cell * kMacStride;
}
static_assert(mac_base(8) == 0xF0000 && mac_base(9) == 0xF2000);

} // namespace dpaa::hw::fman
