/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What an Rx mbuf says about its frame, from what WRIOP wrote about it and
// never from the frame itself:
//
// - the packet type: on the LX2160A from the parse summary in the FD's
//   FRC[31:16] when it names an untagged type, else (tagged frames, the
//   LS2088A) from the parse results of the annotation (words 3 and 4, the
//   frame annotation flags);
// - the checksum flags: from the frame annotation status (word 1): GOOD or
//   BAD only where WRIOP validated (L3CV, L4CV), else nothing (unknown);
// - no VLAN flag and no vlan_tci: the TCI is in the frame, which the burst
//   does not read; the packet type says the frame is tagged, and the tags
//   stay in it.
#pragma once

#include <cstdint>

#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>

#include "dpaa2_hw/annotation.hpp"

namespace dpaa2::net
{

namespace hwa = dpaa2::hw::hwa;

// The LX2160A's parse summaries of untagged frames (those upstream's
// headers name, dpaa2_ethdev.h), 0 for any other value: the annotation
// says then.
constexpr uint32_t ptype_from_summary(uint16_t summary) noexcept
{
	namespace ps = hwa::parse_summary;
	constexpr uint32_t e = RTE_PTYPE_L2_ETHER;
	switch (summary) {
	case ps::kEther:
		return e;
	case ps::kIpv4:
		return e | RTE_PTYPE_L3_IPV4;
	case ps::kIpv6:
		return e | RTE_PTYPE_L3_IPV6;
	case ps::kIpv4Ext:
		return e | RTE_PTYPE_L3_IPV4_EXT;
	case ps::kIpv6Ext:
		return e | RTE_PTYPE_L3_IPV6_EXT;
	case ps::kIpv4Tcp:
		return e | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_TCP;
	case ps::kIpv6Tcp:
		return e | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_TCP;
	case ps::kIpv4Udp:
		return e | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP;
	case ps::kIpv6Udp:
		return e | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_UDP;
	case ps::kIpv4Sctp:
		return e | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_SCTP;
	case ps::kIpv6Sctp:
		return e | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_SCTP;
	case ps::kIpv4Icmp:
		return e | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_ICMP;
	case ps::kIpv6Icmp:
		return e | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_ICMP;
	default:
		return 0;
	}
}

// The packet type from the parse results (annotation words 3 and 4).
constexpr uint32_t ptype_from_parse(uint64_t faf_lo, uint64_t faf_hi) noexcept
{
	namespace lo = hwa::faf_lo;
	namespace hi = hwa::faf_hi;
	uint32_t pt;
	if (faf_lo & lo::kVlanN)
		pt = RTE_PTYPE_L2_ETHER_QINQ;
	else if (faf_lo & lo::kVlan1)
		pt = RTE_PTYPE_L2_ETHER_VLAN;
	else if (faf_lo & lo::kArp)
		return RTE_PTYPE_L2_ETHER_ARP;
	else if (faf_lo & (lo::kMpls1 | lo::kMplsN))
		return RTE_PTYPE_L2_ETHER_MPLS;
	else if (faf_lo & lo::kEthMac)
		pt = RTE_PTYPE_L2_ETHER;
	else
		return RTE_PTYPE_UNKNOWN;

	if (faf_hi & hi::kIpv4First)
		pt |= (faf_hi & hi::kIpFirstOptions) ? RTE_PTYPE_L3_IPV4_EXT : RTE_PTYPE_L3_IPV4;
	else if (faf_hi & hi::kIpv6First)
		pt |= (faf_hi & hi::kIpFirstOptions) ? RTE_PTYPE_L3_IPV6_EXT : RTE_PTYPE_L3_IPV6;
	else
		return pt;

	if (faf_hi & (hi::kIpFirstMoreFragments | hi::kIpFirstFirstFragment))
		return pt | RTE_PTYPE_L4_FRAG;
	if (faf_hi & hi::kUdp)
		return pt | RTE_PTYPE_L4_UDP;
	if (faf_hi & hi::kTcp)
		return pt | RTE_PTYPE_L4_TCP;
	if (faf_hi & hi::kSctp)
		return pt | RTE_PTYPE_L4_SCTP;
	if (faf_hi & (hi::kIcmp | hi::kIcmpv6))
		return pt | RTE_PTYPE_L4_ICMP;
	return pt;
}

inline uint32_t ptype_from_annotation(const hwa::Annotation &a) noexcept
{
	return ptype_from_parse(a.faf_lo_next.load(), a.faf_hi.load());
}

// The checksum flags from the frame annotation status (word 1).
constexpr uint64_t csum_flags(uint64_t fas_word) noexcept
{
	namespace fas = hwa::fas;
	const uint32_t s = fas::status(fas_word);
	uint64_t f = 0;
	if (s & fas::kL3cv)
		f |= (s & fas::kL3ce) ? RTE_MBUF_F_RX_IP_CKSUM_BAD : RTE_MBUF_F_RX_IP_CKSUM_GOOD;
	if (s & fas::kL4cv)
		f |= (s & fas::kL4ce) ? RTE_MBUF_F_RX_L4_CKSUM_BAD : RTE_MBUF_F_RX_L4_CKSUM_GOOD;
	return f;
}

static_assert(ptype_from_summary(hwa::parse_summary::kIpv4Udp) ==
	      (RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP));
static_assert(ptype_from_summary(hwa::parse_summary::kVlan1) == 0,
	      "a tagged frame's summary sends the reader to the annotation");
static_assert(ptype_from_parse(hwa::faf_lo::kEthMac | hwa::faf_lo::kVlan1 | hwa::faf_lo::kVlanN,
			       hwa::faf_hi::kIpv4First | hwa::faf_hi::kUdp) ==
	      (RTE_PTYPE_L2_ETHER_QINQ | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP));
static_assert(csum_flags(hwa::fas::word(hwa::fas::kL3cv | hwa::fas::kL4cv | hwa::fas::kL4ce)) ==
	      (RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_L4_CKSUM_BAD));
static_assert(csum_flags(0) == 0, "not validated: unknown");

} // namespace dpaa2::net
