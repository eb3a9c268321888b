/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The facts of a received frame, as a hard-wired frame parser finds them
// by walking its headers: which headers it holds, where they are, what is
// wrong with them and which checksums were checked. Both families' parsers
// walk frames the same way and differ only in how they write what they
// found: the FMan's 32-byte big-endian parse result (parser.hpp) and
// WRIOP's little-endian annotation words and FRC parse summary
// (dpaa2_model/annotate.hpp). The walk is shared; each layout is made from
// the facts.
//
// Recognised: Ethernet II, 802.1Q / 802.1ad tags (two: outer and inner TCI
// offsets), LLC/SNAP, PPPoE session, MPLS, ARP (stops at it), IPv4 with
// options and fragments, IPv6 with extension headers (hop-by-hop, routing,
// fragment, destination options, AH, mobility), GRE, IP-in-IP (the second
// IP header is the "last IP"), TCP, UDP, SCTP, DCCP, ESP/AH, ICMP, ICMPv6.
// Verified: the IPv4 header checksum and the TCP, UDP, ICMP, ICMPv6
// checksums (not for fragments; UDP over IPv4 with checksum 0 counts as
// valid). Not verified: SCTP's CRC-32c. Offsets are from the frame start
// and 8 bits wide: headers beyond byte 255 are not parsed (the parsers look
// at the first 256 bytes).
#pragma once

#include <cstdint>
#include <span>

namespace dpaa::model
{

inline constexpr uint8_t kNoHeader = 0xff; // offset of a header the frame does not hold

namespace facts
{
// L2 flags. The bits a parse result of the FMan has sit where it has them
// (its L2R), so that its layout is a mask of these on the per-frame path;
// the rest are above bit 15.
namespace l2
{
inline constexpr uint32_t kEthernet = 0x8000;
inline constexpr uint32_t kVlan = 0x4000; // one tag or more (FrameFacts::vlan_tags)
inline constexpr uint32_t kLlcSnap = 0x2000;
inline constexpr uint32_t kMpls = 0x1000; // one label or more (mpls[0] != mpls[1]: several)
inline constexpr uint32_t kPppoe = 0x0800;
inline constexpr uint32_t kUnknownEthType = 0x0080;
inline constexpr uint32_t kBroadcast = 0x0040;
inline constexpr uint32_t kMulticast = 0x0020;	// group destination, not broadcast
inline constexpr uint32_t kTruncated = 0x10000; // an L2 header runs past the frame
inline constexpr uint32_t kArp = 0x20000;
inline constexpr uint32_t kLength8023 = 0x40000; // 802.3 length field, not LLC/SNAP
} // namespace l2
// L3 flags: "first" is the outer IP header, "last" the tunnelled one
// (IP-in-IP, GRE). A frame with one IP header has only the first. As for
// L2, the FMan's L3R bits are where it has them.
namespace l3
{
inline constexpr uint32_t kFirstIpv4 = 0x8000;
inline constexpr uint32_t kFirstIpv6 = 0x4000;
inline constexpr uint32_t kGre = 0x2000;
inline constexpr uint32_t kLastIpv4 = 0x0800;
inline constexpr uint32_t kLastIpv6 = 0x0400;
inline constexpr uint32_t kFirstOptions = 0x0100;	  // IPv4 options / IPv6 extension headers
inline constexpr uint32_t kFirstFragment = 0x0040;	  // any fragment
inline constexpr uint32_t kFirstInitialFragment = 0x0020; // fragment offset 0
inline constexpr uint32_t kLastOptions = 0x0004;
inline constexpr uint32_t kLastFragment = 0x0002;
inline constexpr uint32_t kFirstIpv4Checked = 0x10000; // the first IPv4 header checksum was checked
inline constexpr uint32_t kIpValid = 0x20000;	       // an IP header passed the length checks
inline constexpr uint32_t kRoutingHeader = 0x40000;    // IPv6 routing header (route_type)
} // namespace l3
} // namespace facts

enum class IpError : uint8_t { none, length, version, checksum };
enum class L4 : uint8_t { none, unknown, tcp, udp, sctp, dccp, esp, ah, icmp, icmpv6 };
enum class L4Error : uint8_t { none, length, checksum };

// The offsets of the headers found (kNoHeader: absent), in one block.
struct HeaderOffsets {
	uint8_t shim[2];
	uint8_t ip_pid; // the last IP protocol / next-header field
	uint8_t eth;
	uint8_t llc_snap;
	uint8_t vlan[2]; // TCI of the outer [0] and inner [1] tags
	uint8_t etype;	 // the last ethertype
	uint8_t pppoe;
	uint8_t mpls[2]; // first and last label
	uint8_t ip[2];	 // first [0] and last [1] IP header (the same with one)
	uint8_t gre;
	uint8_t l4;
	uint8_t next; // where the parser stopped
};
static_assert(sizeof(HeaderOffsets) == 16);

struct FrameFacts {
	HeaderOffsets off;
	uint32_t l2;	      // facts::l2
	uint32_t l3;	      // facts::l3
	uint16_t next_header; // the protocol (ethertype, IP protocol) the parser stopped at
	uint16_t l4_sum; // ones' complement sum (big-endian words) from off.l4 to the IP payload's
			 // end
	uint16_t ipv4_frag;  // flags and fragment offset of the last IPv4 header
	uint8_t vlan_tags;   // 0, 1, 2 (more are not parsed)
	uint8_t route_type;  // IPv6 routing header type
	uint8_t arp;	     // ARP header offset, kNoHeader without
	IpError ip_error[2]; // first, last IP header
	L4 l4;		     // the innermost L4 protocol
	L4Error l4_error;
	bool l4_checked;   // its checksum was checked (l4_error says the result)
	bool header_error; // a malformed header stopped the walk
};

// 'frame' is the frame as received, without FCS. Never reads outside it.
// Takes a shortcut for the common Ethernet (up to two tags) / IPv4 /
// UDP-or-TCP frame, which finds what the walk finds.
void frame_facts(std::span<const uint8_t> frame, FrameFacts &f) noexcept;

// The same by the generic header walk alone, without the shortcut: for
// tests that hold the shortcut against the walk.
void frame_facts_walk(std::span<const uint8_t> frame, FrameFacts &f) noexcept;

} // namespace dpaa::model
