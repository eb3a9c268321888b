/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan parser's 32-byte parse result, as the FMan writes it into the
// internal context (fman_ccsr.hpp: icp::kIcParseResult) and from there into
// the buffer before the frame; on Tx, software fills the same structure in
// the buffer for checksum offload (FD command DTC/RPD, fman_fd.hpp).
// Layout and result bits as the FMan v3 reference manual ("Parse Results",
// "L2/L3/L4 HXS results"); offsets are from the start of the frame, 0xff =
// header not present.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw::fman
{

inline constexpr uint8_t kNoOffset = 0xff;

struct ParseResult {
	uint8_t lpid;	      // logical port id
	uint8_t shimr;	      // shim header result
	be16 l2r;	      // layer 2 result (l2r::)
	be16 l3r;	      // layer 3 result (l3r::)
	uint8_t l4r;	      // layer 4 result (l4r::)
	uint8_t cplan;	      // classification plan id
	be16 nxthdr;	      // next header: the protocol the parser stopped at
	be16 cksum;	      // running sum (16-bit ones' complement) from l4_off to the end
	be16 flags_frag_off;  // flags and fragment offset of the last IPv4 header
	uint8_t route_type;   // IPv6 routing header type
	uint8_t rhp_ip_valid; // [7] routing header present, [0] IP valid
	uint8_t shim_off[2];
	uint8_t ip_pid_off; // offset of the last IP protocol / next header field
	uint8_t eth_off;
	uint8_t llc_snap_off;
	uint8_t vlan_off[2]; // TCI of the outer [0] and inner [1] tags
	uint8_t etype_off;   // last ethertype
	uint8_t pppoe_off;
	uint8_t mpls_off[2];
	uint8_t ip_off[2]; // first [0] and last [1] IP header
	uint8_t gre_off;
	uint8_t l4_off;
	uint8_t nxthdr_off; // where the parser stopped
};

static_assert(sizeof(ParseResult) == 32);
static_assert(offsetof(ParseResult, l2r) == 2);
static_assert(offsetof(ParseResult, l3r) == 4);
static_assert(offsetof(ParseResult, l4r) == 6);
static_assert(offsetof(ParseResult, cplan) == 7);
static_assert(offsetof(ParseResult, nxthdr) == 8);
static_assert(offsetof(ParseResult, cksum) == 10);
static_assert(offsetof(ParseResult, flags_frag_off) == 12);
static_assert(offsetof(ParseResult, shim_off) == 16);
static_assert(offsetof(ParseResult, ip_pid_off) == 18);
static_assert(offsetof(ParseResult, eth_off) == 19);
static_assert(offsetof(ParseResult, llc_snap_off) == 20);
static_assert(offsetof(ParseResult, vlan_off) == 21);
static_assert(offsetof(ParseResult, etype_off) == 23);
static_assert(offsetof(ParseResult, pppoe_off) == 24);
static_assert(offsetof(ParseResult, mpls_off) == 25);
static_assert(offsetof(ParseResult, ip_off) == 27);
static_assert(offsetof(ParseResult, gre_off) == 29);
static_assert(offsetof(ParseResult, l4_off) == 30);
static_assert(offsetof(ParseResult, nxthdr_off) == 31);

// L2R (big-endian 16 bits)
namespace l2r
{
inline constexpr uint16_t kEthernet = 0x8000;
inline constexpr uint16_t kVlan = 0x4000; // one or more tags (two: vlan_off[1] set)
inline constexpr uint16_t kLlcSnap = 0x2000;
inline constexpr uint16_t kMpls = 0x1000;
inline constexpr uint16_t kPppoe = 0x0800;
inline constexpr uint16_t kUnknownEthType = 0x0080;
inline constexpr uint16_t kFrameTypeMask = 0x0060;
inline constexpr uint16_t kUnicast = 0x0000;
inline constexpr uint16_t kMulticast = 0x0020;
inline constexpr uint16_t kBroadcast = 0x0060;
inline constexpr uint16_t kErrorMask = 0x001f; // nonzero: L2 header error (codes: the parser's)
} // namespace l2r

// L3R (big-endian 16 bits)
namespace l3r
{
inline constexpr uint16_t kFirstIpv4 = 0x8000;
inline constexpr uint16_t kFirstIpv6 = 0x4000;
inline constexpr uint16_t kGre = 0x2000;
inline constexpr uint16_t kMinEnc = 0x1000;
inline constexpr uint16_t kLastIpv4 = 0x0800; // a second (tunnelled) IP header
inline constexpr uint16_t kLastIpv6 = 0x0400;
// First IP: when kFirstError is clear, [8:4] are information flags; when set,
// [8:4] hold an error code.
inline constexpr uint16_t kFirstError = 0x0200;
inline constexpr uint16_t kFirstOptions = 0x0100; // IPv4 options / IPv6 extension headers
inline constexpr uint16_t kFirstUnknownProto = 0x0080;
inline constexpr uint16_t kFirstFragment = 0x0040;	  // any fragment
inline constexpr uint16_t kFirstInitialFragment = 0x0020; // fragment offset 0
inline constexpr uint16_t kFirstCodeMask = 0x01f0;
inline constexpr uint16_t kFirstErrChecksum = 0x0040; // with kFirstError: IPv4 header checksum
inline constexpr uint16_t kFirstErrLength = 0x0020;   // with kFirstError: bad IHL / lengths
inline constexpr uint16_t kFirstErrVersion = 0x0010;  // with kFirstError: version mismatch
// Last IP: kLastError and a 3-bit code, as for the first.
inline constexpr uint16_t kLastError = 0x0008;
inline constexpr uint16_t kLastOptions = 0x0004;
inline constexpr uint16_t kLastFragment = 0x0002;
inline constexpr uint16_t kLastCodeMask = 0x0007;
inline constexpr uint16_t kLastErrChecksum = 0x0004; // with kLastError
inline constexpr uint16_t kLastErrLength = 0x0002;   // with kLastError
} // namespace l3r

// L4R (8 bits): type [7:5], info/error [4], result [3:0]
namespace l4r
{
inline constexpr uint8_t kTypeMask = 0xe0;
inline constexpr uint8_t kNone = 0x00; // no L4 recognised (ICMP etc.: see nxthdr / l4_off)
inline constexpr uint8_t kTcp = 0x20;
inline constexpr uint8_t kUdp = 0x40;
inline constexpr uint8_t kIpsec = 0x60;
inline constexpr uint8_t kSctp = 0x80;
inline constexpr uint8_t kDccp = 0xa0;
inline constexpr uint8_t kError = 0x10;
inline constexpr uint8_t kResultMask = 0x0f;
inline constexpr uint8_t kErrChecksum = 0x00; // with kError: L4 checksum mismatch
inline constexpr uint8_t kErrLength = 0x01;   // with kError: header runs past the frame
inline constexpr uint8_t kIpsecEsp = 0x01;    // with kIpsec
inline constexpr uint8_t kIpsecAh = 0x02;
} // namespace l4r

} // namespace dpaa::hw::fman
