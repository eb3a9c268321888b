/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The FMan parser's result (written in the buffer's headroom before the
// frame) -> mbuf packet_type and checksum flags. Everything comes from the
// 32-byte parse result and the FD status: the frame itself is never read.

#pragma once

#include <cstdint>

#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>

#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"

namespace dpaa::net
{

namespace prs = hw::fman;

inline constexpr uint16_t kIpProtoIcmp = 1;
inline constexpr uint16_t kIpProtoIcmpv6 = 58;
inline constexpr uint16_t kEtherTypeArp = 0x0806;

[[gnu::always_inline]] inline uint32_t l4_ptype(uint8_t l4r, uint16_t l3_bits, uint16_t nxthdr,
						bool frag) noexcept
{
	switch (l4r & prs::l4r::kTypeMask) {
	case prs::l4r::kTcp:
		return RTE_PTYPE_L4_TCP;
	case prs::l4r::kUdp:
		return RTE_PTYPE_L4_UDP;
	case prs::l4r::kSctp:
		return RTE_PTYPE_L4_SCTP;
	default:
		break;
	}
	if (frag)
		return RTE_PTYPE_L4_FRAG;
	if (l3_bits && (nxthdr == kIpProtoIcmp || nxthdr == kIpProtoIcmpv6))
		return RTE_PTYPE_L4_ICMP;
	return l3_bits ? RTE_PTYPE_L4_NONFRAG : 0;
}

// packet_type of a frame from its parse result.
[[gnu::always_inline]] inline uint32_t parse_ptype(const prs::ParseResult &pr) noexcept
{
	const uint16_t l2 = pr.l2r.load();
	const uint16_t l3 = pr.l3r.load();
	uint32_t t = 0;
	if (l2 & prs::l2r::kEthernet) {
		if (!(l2 & prs::l2r::kVlan))
			t = RTE_PTYPE_L2_ETHER;
		else if (pr.vlan_off[1] != prs::kNoOffset)
			t = RTE_PTYPE_L2_ETHER_QINQ;
		else
			t = RTE_PTYPE_L2_ETHER_VLAN;
	}
	const uint16_t first_ip = l3 & (prs::l3r::kFirstIpv4 | prs::l3r::kFirstIpv6);
	if (!first_ip) {
		// The parser stops at an ethertype it has no header unit for and
		// reports it in NxtHdr. ARP right after the addresses is DPDK's
		// L2_ETHER_ARP (listed by dev_supported_ptypes_get); a tagged ARP
		// stays VLAN or QinQ, as the L2 type names the first ethertype.
		if (t == RTE_PTYPE_L2_ETHER && pr.nxthdr.load() == kEtherTypeArp)
			return RTE_PTYPE_L2_ETHER_ARP;
		return t;
	}
	const bool first_opts = !(l3 & prs::l3r::kFirstError) && (l3 & prs::l3r::kFirstOptions);
	if (l3 & prs::l3r::kFirstIpv4)
		t |= first_opts ? RTE_PTYPE_L3_IPV4_EXT : RTE_PTYPE_L3_IPV4;
	else
		t |= first_opts ? RTE_PTYPE_L3_IPV6_EXT : RTE_PTYPE_L3_IPV6;

	const uint16_t last_ip = l3 & (prs::l3r::kLastIpv4 | prs::l3r::kLastIpv6);
	const uint16_t nxthdr = pr.nxthdr.load();
	if (!last_ip && !(l3 & prs::l3r::kGre)) {
		const bool frag = !(l3 & prs::l3r::kFirstError) && (l3 & prs::l3r::kFirstFragment);
		return t | l4_ptype(pr.l4r, first_ip, nxthdr, frag);
	}
	// Tunnel: IP in IP or GRE; the L4 result is the inner one's.
	t |= (l3 & prs::l3r::kGre) ? RTE_PTYPE_TUNNEL_GRE : RTE_PTYPE_TUNNEL_IP;
	if (!last_ip)
		return t;
	const bool last_opts = !(l3 & prs::l3r::kLastError) && (l3 & prs::l3r::kLastOptions);
	if (l3 & prs::l3r::kLastIpv4)
		t |= last_opts ? RTE_PTYPE_INNER_L3_IPV4_EXT : RTE_PTYPE_INNER_L3_IPV4;
	else
		t |= last_opts ? RTE_PTYPE_INNER_L3_IPV6_EXT : RTE_PTYPE_INNER_L3_IPV6;
	const bool frag = !(l3 & prs::l3r::kLastError) && (l3 & prs::l3r::kLastFragment);
	// The inner L4 types are the outer ones shifted by 16 bits.
	return t | (l4_ptype(pr.l4r, last_ip, nxthdr, frag) << 16);
}

// Checksum flags: the parser validated the (last) IPv4 header checksum; the
// L4 checksum when the FD status says it validated it.
[[gnu::always_inline]] inline uint64_t parse_cksum_flags(const prs::ParseResult &pr,
							 uint32_t fd_status) noexcept
{
	const uint16_t l3 = pr.l3r.load();
	uint64_t f = 0;
	const bool tunnel = l3 & (prs::l3r::kLastIpv4 | prs::l3r::kLastIpv6);
	const bool ipv4 = tunnel ? (l3 & prs::l3r::kLastIpv4) : (l3 & prs::l3r::kFirstIpv4);
	if (ipv4) {
		const bool bad =
			tunnel ? ((l3 & prs::l3r::kLastError) &&
				  (l3 & prs::l3r::kLastCodeMask) == prs::l3r::kLastErrChecksum)
			       : ((l3 & prs::l3r::kFirstError) &&
				  (l3 & prs::l3r::kFirstCodeMask) == prs::l3r::kFirstErrChecksum);
		f |= bad ? RTE_MBUF_F_RX_IP_CKSUM_BAD : RTE_MBUF_F_RX_IP_CKSUM_GOOD;
	}
	const uint8_t l4type = pr.l4r & prs::l4r::kTypeMask;
	if ((fd_status & prs::fd_status::kL4ChecksumValidated) &&
	    (l4type == prs::l4r::kTcp || l4type == prs::l4r::kUdp || l4type == prs::l4r::kSctp)) {
		const bool bad = (pr.l4r & prs::l4r::kError) &&
				 (pr.l4r & prs::l4r::kResultMask) == prs::l4r::kErrChecksum;
		f |= bad ? RTE_MBUF_F_RX_L4_CKSUM_BAD : RTE_MBUF_F_RX_L4_CKSUM_GOOD;
	}
	return f;
}

} // namespace dpaa::net
