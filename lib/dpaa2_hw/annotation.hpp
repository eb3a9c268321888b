/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What WRIOP writes about a received frame, besides the frame itself:
//
//  - the 64-byte hardware annotation (HWA) in the buffer, before the frame,
//    when the DPNI's Rx buffer layout passes the frame status (FAS), the
//    timestamp and the parse results: eight little-endian 64-bit words;
//  - the FD's FRC and CTRL words (validity bits, errors, the annotation's
//    size), and on the LX2160A's WRIOP a parse summary in FRC[31:16].
//
// Everything on DPAA2 is little-endian, as the cores are: the words are
// stored in the CPU's order by a little-endian host and converted
// otherwise. Bit numbers are those of the 64-bit words (bit 0 = LSB), the
// way DPDK's dpaa2 driver and the kernel's dpaa2-eth read them.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "dpaa2_hw/le.hpp"

namespace dpaa2::hw::hwa
{

// A 64-bit little-endian word of the annotation (the buffer is 64-byte
// aligned, so the words are naturally aligned).
struct Le64 {
	uint64_t raw;
	constexpr uint64_t load() const noexcept
	{
		if constexpr (std::endian::native == std::endian::little)
			return raw;
		else
			return __builtin_bswap64(raw);
	}
	constexpr void store(uint64_t v) noexcept
	{
		if constexpr (std::endian::native == std::endian::little)
			raw = v;
		else
			raw = __builtin_bswap64(v);
	}
};
static_assert(sizeof(Le64) == 8);

// --------------------------------------------------------------- layout
// The annotation WRIOP writes when any of pass_fs / pass_pr / pass_ts is set
// (it is written whole; the parts not asked for are left zero).
struct Annotation {
	Le64 fas;	  // word1: frame annotation status (fas::)
	Le64 timestamp;	  // word2: the Rx timestamp, raw
	Le64 faf_lo_next; // word3: FAF [31:0] | FAF extension [47:32] | next header [63:48]
	Le64 faf_hi;	  // word4: FAF flags (faf_hi::)
	Le64 offsets_l2;  // word5: L2 offsets (off5::)
	Le64 offsets_l3;  // word6: L3/L4 offsets (off6::)
	Le64 offsets_ip6; // word7: IPv6 offsets and running sums (off7::)
	Le64 error;	  // word8: parse error code [63:56], soft parser context
};
static_assert(sizeof(Annotation) == 64);
static_assert(offsetof(Annotation, fas) == 0x00);
static_assert(offsetof(Annotation, timestamp) == 0x08);
static_assert(offsetof(Annotation, faf_lo_next) == 0x10);
static_assert(offsetof(Annotation, faf_hi) == 0x18);
static_assert(offsetof(Annotation, offsets_l2) == 0x20);
static_assert(offsetof(Annotation, offsets_l3) == 0x28);
static_assert(offsetof(Annotation, offsets_ip6) == 0x30);
static_assert(offsetof(Annotation, error) == 0x38);

inline constexpr size_t kSize = sizeof(Annotation);
// The parse results proper: what the kernel calls them, 0x10 .. 0x3f.
inline constexpr size_t kParseResultsOffset = 0x10;
// Tx: the egress action descriptor (FAEAD) the frame may carry, in the Tx
// buffer's annotation area (valid when the FD's FRC has FAEADV and its
// CTRL an ASAL that covers it). The kernel's dpaa2-eth (struct dpaa2_faead)
// uses it to release an XDP_TX frame's buffer instead of confirming it.
inline constexpr size_t kFaeadOffset = 0x58;
struct Faead {
	le32 conf_fqid; // action 4: where the frame is confirmed, 0: not at all
	le32 ctrl;	// faead:: bits
};
static_assert(sizeof(Faead) == 8);
namespace faead
{
inline constexpr uint32_t kA2v = 0x20000000;   // action 2 (EBDD, UPD) valid
inline constexpr uint32_t kA4v = 0x08000000;   // action 4 (conf_fqid) valid
inline constexpr uint32_t kEbddv = 0x00002000; // EBDD valid (clear: buffers released)
inline constexpr uint32_t kUpdv = 0x00001000;  // UPD valid
inline constexpr uint32_t kUpd = 0x00000010;   // update the annotation (Tx timestamp)
} // namespace faead

// --------------------------------------------------------------- word1: FAS
// The frame annotation status: reserved u8, PPID u8, IFPID le16 in bytes
// 0-3, the status le32 in bytes 4-7 (the word's bits 63:32).
namespace fas
{
inline constexpr unsigned kStatusShift = 32;
inline constexpr uint64_t kPpidMask = 0x000000000000ff00;
inline constexpr uint64_t kIfpidMask = 0x00000000ffff0000;
// Status bits, as le32 values (shift by kStatusShift for the word).
inline constexpr uint32_t kDisc = 0x80000000;  // frame discarded
inline constexpr uint32_t kMs = 0x40000000;    // MACSEC frame
inline constexpr uint32_t kPtp = 0x08000000;   // PTP event frame
inline constexpr uint32_t kMc = 0x04000000;    // multicast destination
inline constexpr uint32_t kBc = 0x02000000;    // broadcast destination
inline constexpr uint32_t kKse = 0x00040000;   // key size error
inline constexpr uint32_t kEofhe = 0x00020000; // end of frame header error
inline constexpr uint32_t kMnle = 0x00010000;  // maximum number of lookups exceeded
inline constexpr uint32_t kTide = 0x00008000;  // table ID error
inline constexpr uint32_t kPiee = 0x00004000;  // policer initialisation entry error
inline constexpr uint32_t kFle = 0x00002000;   // frame length error (too long)
inline constexpr uint32_t kFpe = 0x00001000;   // frame physical error (FCS)
inline constexpr uint32_t kPte = 0x00000080;   // parser timeout
inline constexpr uint32_t kIsp = 0x00000040;   // invalid soft parser instruction
inline constexpr uint32_t kPhe = 0x00000020;   // parsing header error
inline constexpr uint32_t kBle = 0x00000010;   // block limit exceeded
inline constexpr uint32_t kL3cv = 0x00000008;  // L3 checksum validated
inline constexpr uint32_t kL3ce = 0x00000004;  // L3 checksum error
inline constexpr uint32_t kL4cv = 0x00000002;  // L4 checksum validated
inline constexpr uint32_t kL4ce = 0x00000001;  // L4 checksum error
// The errors of an Rx frame (what the DPNI's error behaviour acts on).
inline constexpr uint32_t kRxErrorMask = kKse | kEofhe | kMnle | kTide | kPiee | kFle | kFpe |
					 kPte | kIsp | kPhe | kBle | kL3ce | kL4ce;
constexpr uint64_t word(uint32_t status) noexcept
{
	return uint64_t{status} << kStatusShift;
}
constexpr uint32_t status(uint64_t word1) noexcept
{
	return static_cast<uint32_t>(word1 >> kStatusShift);
}
} // namespace fas
// DPDK tests these as word1 bits: L3CE bit 34, L4CE bit 32, PTP bit 59.
static_assert(fas::word(fas::kL3ce) == uint64_t{1} << 34);
static_assert(fas::word(fas::kL3cv) == uint64_t{1} << 35);
static_assert(fas::word(fas::kL4ce) == uint64_t{1} << 32);
static_assert(fas::word(fas::kL4cv) == uint64_t{1} << 33);
static_assert(fas::word(fas::kPtp) == uint64_t{1} << 59);

// ------------------------------------------------- word3: FAF low, next header
// Frame annotation flags [31:0] (the L2 flags), the FAF extension [47:32],
// the next header [63:48] (the protocol the parser stopped at).
namespace faf_lo
{
constexpr uint64_t bit(unsigned n) noexcept
{
	return uint64_t{1} << n;
}
inline constexpr uint64_t kShellSoftParseError = bit(23);
inline constexpr uint64_t kParseError = bit(22);
inline constexpr uint64_t kEthMac = bit(21); // Ethernet MAC header present
inline constexpr uint64_t kEthUnicast = bit(20);
inline constexpr uint64_t kEthMulticast = bit(19);
inline constexpr uint64_t kEthBroadcast = bit(18);
inline constexpr uint64_t kBpdu = bit(17);
inline constexpr uint64_t kFcoe = bit(16);
inline constexpr uint64_t kFip = bit(15);
inline constexpr uint64_t kEthParseError = bit(14);
inline constexpr uint64_t kLlcSnap = bit(13);
inline constexpr uint64_t kLlcUnknownOui = bit(12);
inline constexpr uint64_t kLlcSnapError = bit(11);
inline constexpr uint64_t kVlan1 = bit(10); // one (the first) VLAN tag present
inline constexpr uint64_t kVlanN = bit(9);  // more than one VLAN tag
inline constexpr uint64_t kVlanCfi = bit(8);
inline constexpr uint64_t kVlanError = bit(7);
inline constexpr uint64_t kPppoe = bit(6);
inline constexpr uint64_t kPppoeError = bit(5);
inline constexpr uint64_t kMpls1 = bit(4);
inline constexpr uint64_t kMplsN = bit(3);
inline constexpr uint64_t kMplsError = bit(2);
inline constexpr uint64_t kArp = bit(1);
inline constexpr uint64_t kArpError = bit(0);
// The user-defined FAF bits [31:24], and the FAF extension [47:32].
inline constexpr uint64_t kUserDefinedMask = 0x00000000ff000000;
inline constexpr uint64_t kExtMask = 0x0000ffff00000000;
inline constexpr unsigned kNextHeaderShift = 48;
inline constexpr uint64_t kNextHeaderMask = 0xffff000000000000;
// DPDK's LS2 fast path is taken only when word3 has no bit of this mask
// (bits 18-21 and 43-63 may be set): not a tag, LLC, MPLS, ARP or error.
inline constexpr uint64_t kDpdkSlowParseMask = 0x7FFFFC3FFFF;
} // namespace faf_lo

// ---------------------------------------------------------- word4: FAF high
namespace faf_hi
{
constexpr uint64_t bit(unsigned n) noexcept
{
	return uint64_t{1} << n;
}
inline constexpr uint64_t kL2Unknown = bit(63);
inline constexpr uint64_t kL2SoftParseError = bit(62);
inline constexpr uint64_t kIpv4First = bit(61);
inline constexpr uint64_t kIpv4FirstUnicast = bit(60);
inline constexpr uint64_t kIpv4FirstMulticast = bit(59);
inline constexpr uint64_t kIpv4FirstBroadcast = bit(58);
inline constexpr uint64_t kIpv4Last = bit(57);
inline constexpr uint64_t kIpv4LastUnicast = bit(56);
inline constexpr uint64_t kIpv4LastMulticast = bit(55);
inline constexpr uint64_t kIpv4LastBroadcast = bit(54);
inline constexpr uint64_t kIpv6First = bit(53);
inline constexpr uint64_t kIpv6FirstUnicast = bit(52);
inline constexpr uint64_t kIpv6FirstMulticast = bit(51);
inline constexpr uint64_t kIpv6Last = bit(50);
inline constexpr uint64_t kIpv6LastUnicast = bit(49);
inline constexpr uint64_t kIpv6LastMulticast = bit(48);
inline constexpr uint64_t kIpFirstOptions = bit(47); // IPv4 options / IPv6 extensions
inline constexpr uint64_t kIpFirstUnknownProto = bit(46);
inline constexpr uint64_t kIpFirstMoreFragments = bit(45);
inline constexpr uint64_t kIpFirstFirstFragment = bit(44);
inline constexpr uint64_t kIpFirstParseError = bit(43);
inline constexpr uint64_t kIpLastOptions = bit(42);
inline constexpr uint64_t kIpLastUnknownProto = bit(41);
inline constexpr uint64_t kIpLastMoreFragments = bit(40);
inline constexpr uint64_t kIpLastFirstFragment = bit(39);
inline constexpr uint64_t kIcmp = bit(38);
inline constexpr uint64_t kIgmp = bit(37);
inline constexpr uint64_t kIcmpv6 = bit(36);
inline constexpr uint64_t kUdpLite = bit(35);
inline constexpr uint64_t kIpLastParseError = bit(34);
inline constexpr uint64_t kMinEncap = bit(33);
inline constexpr uint64_t kMinEncapSbit = bit(32);
inline constexpr uint64_t kMinEncapError = bit(31);
inline constexpr uint64_t kGre = bit(30);
inline constexpr uint64_t kGreRbit = bit(29);
inline constexpr uint64_t kGreError = bit(28);
inline constexpr uint64_t kIpUnknownProto = bit(27); // L3 next protocol not recognised
inline constexpr uint64_t kL3SoftParseError = bit(26);
inline constexpr uint64_t kUdp = bit(25);
inline constexpr uint64_t kUdpError = bit(24);
inline constexpr uint64_t kTcp = bit(23);
inline constexpr uint64_t kTcpOptions = bit(22);
inline constexpr uint64_t kTcpCtrl6To11 = bit(21); // any of the control bits 6-11 set
inline constexpr uint64_t kTcpCtrl3To5 = bit(20);  // any of the control bits 3-5 set
inline constexpr uint64_t kTcpError = bit(19);
inline constexpr uint64_t kIpsec = bit(18);
inline constexpr uint64_t kIpsecEsp = bit(17);
inline constexpr uint64_t kIpsecAh = bit(16);
inline constexpr uint64_t kIpsecError = bit(15);
inline constexpr uint64_t kSctp = bit(14);
inline constexpr uint64_t kSctpError = bit(13);
inline constexpr uint64_t kDccp = bit(12);
inline constexpr uint64_t kDccpError = bit(11);
inline constexpr uint64_t kL4Unknown = bit(10); // no L5 protocol recognised over L4
inline constexpr uint64_t kL4SoftParseError = bit(9);
inline constexpr uint64_t kGtp = bit(8);
inline constexpr uint64_t kGtpError = bit(7);
inline constexpr uint64_t kEsp = bit(6); // ESP over UDP (NAT traversal)
inline constexpr uint64_t kEspError = bit(5);
inline constexpr uint64_t kIscsi = bit(4);
inline constexpr uint64_t kCapwapCtrl = bit(3);
inline constexpr uint64_t kCapwapData = bit(2);
inline constexpr uint64_t kL5SoftParseError = bit(1);
inline constexpr uint64_t kIpv6RouteHdr = bit(0);

// The word4 values DPDK's LS2 fast path recognises exactly (any other
// value goes to its slow parse): a unicast first IP header and nothing
// else but these.
inline constexpr uint64_t kFastIpv4 =
	kIpv4First | kIpv4FirstUnicast | kIpFirstUnknownProto | kIpUnknownProto;
inline constexpr uint64_t kFastIpv6 =
	kIpv6First | kIpv6FirstUnicast | kIpFirstUnknownProto | kIpUnknownProto;
inline constexpr uint64_t kFastIpv4Tcp =
	kIpv4First | kIpv4FirstUnicast | kTcp | kTcpCtrl6To11 | kL4Unknown;
inline constexpr uint64_t kFastIpv4Udp = kIpv4First | kIpv4FirstUnicast | kUdp | kL4Unknown;
inline constexpr uint64_t kFastIpv6Tcp =
	kIpv6First | kIpv6FirstUnicast | kTcp | kTcpCtrl6To11 | kL4Unknown;
inline constexpr uint64_t kFastIpv6Udp = kIpv6First | kIpv6FirstUnicast | kUdp | kL4Unknown;
static_assert(kFastIpv4 == 0x3000400008000000);
static_assert(kFastIpv6 == 0x0030400008000000);
static_assert(kFastIpv4Tcp == 0x3000000000A00400);
static_assert(kFastIpv4Udp == 0x3000000002000400);
static_assert(kFastIpv6Tcp == 0x0030000000A00400);
static_assert(kFastIpv6Udp == 0x0030000002000400);
} // namespace faf_hi

// ------------------------------------------------------ words 5-7: offsets
// One byte per header offset from the frame start; kNoOffset when the
// header is absent, as the parse results of the FMan's parser (the same
// hard parser's lineage) say it.
inline constexpr uint8_t kNoOffset = 0xff;
namespace off5
{
inline constexpr unsigned kLastEtypeShift = 0;
inline constexpr unsigned kVlanTciNShift = 8;  // the last tag's TCI
inline constexpr unsigned kVlanTci1Shift = 16; // the first tag's TCI
inline constexpr unsigned kLlcSnapShift = 24;
inline constexpr unsigned kEthShift = 32;
inline constexpr unsigned kIpPidShift = 40; // the last IP protocol / next-header field
inline constexpr unsigned kShim2Shift = 48;
inline constexpr unsigned kShim1Shift = 56;
} // namespace off5
namespace off6
{
inline constexpr unsigned kGtpEspIpsecShift = 0;
inline constexpr unsigned kL4Shift = 8;
inline constexpr unsigned kGreShift = 16;
inline constexpr unsigned kIpNMinEncapShift = 24; // the last IP header (or MinEncap)
inline constexpr unsigned kArpIp1Shift = 32;	  // ARP, or the first IP header
inline constexpr unsigned kMplsNShift = 40;
inline constexpr unsigned kMpls1Shift = 48;
inline constexpr unsigned kPppoeShift = 56;
} // namespace off6
namespace off7
{
inline constexpr unsigned kRunningSumShift = 0;	      // 16 bits
inline constexpr unsigned kGrossRunningSumShift = 16; // 16 bits
inline constexpr unsigned kIpv6FragShift = 32;
inline constexpr unsigned kNextHeaderShift = 40; // where the parser stopped
inline constexpr unsigned kIpv6Route2Shift = 48;
inline constexpr unsigned kIpv6Route1Shift = 56;
} // namespace off7
constexpr uint8_t offset_at(uint64_t word, unsigned shift) noexcept
{
	return static_cast<uint8_t>(word >> shift);
}
constexpr uint64_t offset_field(uint8_t off, unsigned shift) noexcept
{
	return uint64_t{off} << shift;
}

// ------------------------------------------------------ word8: parse error
namespace perr
{
inline constexpr unsigned kCodeShift = 56;
inline constexpr uint64_t kCodeMask = 0xff00000000000000;
inline constexpr uint64_t kSoftContextMask = 0x00ffffffffffffff;
} // namespace perr

// ----------------------------------------------------------------- FD FRC
// What WRIOP reports in an Rx FD's frame context.
namespace frc
{
// Validity of the annotation's parts (the LS2088A's WRIOP; the kernel
// checks FASV before it reads the FAS).
inline constexpr uint32_t kFasv = 0x8000;   // FAS valid
inline constexpr uint32_t kFaeadv = 0x4000; // FAEAD valid
inline constexpr uint32_t kFaprv = 0x2000;  // parse results valid
inline constexpr uint32_t kFaiadv = 0x1000; // FAIAD valid
inline constexpr uint32_t kFaswov = 0x0800; // software opaque valid
inline constexpr uint32_t kFaicfdv = 0x0400;
// LX2160A: the parse summary in FRC[31:16].
inline constexpr unsigned kParseSummaryShift = 16;
inline constexpr uint32_t kParseSummaryMask = 0xffff0000;
constexpr uint16_t parse_summary(uint32_t frc) noexcept
{
	return static_cast<uint16_t>(frc >> kParseSummaryShift);
}
} // namespace frc

// The LX2160A's parse summary: what the LX2 fast path of DPDK's dpaa2
// driver switches on. Only these values name a packet type; any other
// (the tagged ones below included) sends the reader to the annotation.
namespace parse_summary
{
inline constexpr uint16_t kEther = 0x0060; // L2 only
inline constexpr uint16_t kIpv4 = 0x0000;  // an all-zero FRC means IPv4
inline constexpr uint16_t kIpv6 = 0x0020;
inline constexpr uint16_t kIpv4Ext = 0x0001; // IPv4 with options
inline constexpr uint16_t kIpv6Ext = 0x0021; // IPv6 with extension headers
inline constexpr uint16_t kIpv4Tcp = 0x000e;
inline constexpr uint16_t kIpv6Tcp = 0x002e;
inline constexpr uint16_t kIpv4Udp = 0x0010;
inline constexpr uint16_t kIpv6Udp = 0x0030;
inline constexpr uint16_t kIpv4Sctp = 0x000f;
inline constexpr uint16_t kIpv6Sctp = 0x002f;
inline constexpr uint16_t kIpv4Icmp = 0x0003;
inline constexpr uint16_t kIpv6Icmp = 0x0023;
inline constexpr uint16_t kVlan1 = 0x0160; // one tag
inline constexpr uint16_t kVlan2 = 0x0260; // two tags
} // namespace parse_summary

// ---------------------------------------------------------------- FD CTRL
namespace ctrl
{
// Frame errors [7:0].
inline constexpr uint32_t kErrMask = 0x000000ff;
inline constexpr uint32_t kErrUfd = 0x04;   // unsupported frame format
inline constexpr uint32_t kErrSbe = 0x08;   // single bit (ECC) error
inline constexpr uint32_t kErrFlc = 0x10;   // FLC (stashing) error
inline constexpr uint32_t kErrFse = 0x20;   // frame size error
inline constexpr uint32_t kErrFaerr = 0x40; // frame annotation error: see the FAS
inline constexpr uint32_t kRxErrMask = kErrSbe | kErrFaerr;
inline constexpr uint32_t kTxErrMask = kErrUfd | kErrSbe | kErrFse | kErrFaerr;
// The annotation's size, in 64-byte units, from bit 16 (ASAL = 2: 128 B).
inline constexpr unsigned kAsalShift = 16;
inline constexpr uint32_t kAsalMask = 0x000f0000;
constexpr uint32_t asal(uint32_t bytes) noexcept
{
	return ((bytes + 63) / 64) << kAsalShift;
}
static_assert(asal(128) == 0x00020000);
inline constexpr uint32_t kPtv1 = 0x00400000; // pass-through value 1 present
inline constexpr uint32_t kPta = 0x00800000;  // pass-through annotation present
inline constexpr unsigned kDroppShift = 24;   // drop priority [26:24]
inline constexpr uint32_t kDroppMask = 0x07000000;
} // namespace ctrl

} // namespace dpaa2::hw::hwa
