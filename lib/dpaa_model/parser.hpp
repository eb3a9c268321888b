/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan hard-wired parser: walks a received frame's headers and fills the
// 32-byte parse result (dpaa_hw/fman_parse.hpp) the way the FMan does.
//
// Recognised: Ethernet II, 802.1Q / 802.1ad tags (two: outer and inner TCI
// offsets), LLC/SNAP, PPPoE session, MPLS, ARP (stops at it: nxthdr 0x0806),
// IPv4 with options and fragments, IPv6 with extension headers (hop-by-hop,
// routing, fragment, destination options, AH, mobility), GRE, IP-in-IP
// (the second IP header is the "last IP"), TCP, UDP, SCTP, DCCP, ESP/AH,
// ICMP, ICMPv6. Verified: the IPv4 header checksum and the TCP, UDP,
// ICMP, ICMPv6 checksums (not for fragments; UDP over IPv4 with checksum 0
// counts as valid). Not verified: SCTP's CRC-32c.
#pragma once

#include <cstdint>
#include <span>

#include "dpaa_hw/fman_parse.hpp"

namespace dpaa::model
{

struct ParseOutcome {
	// FD status bits: fd_status::kErrPrsHeader for a malformed header,
	// fd_status::kL4ChecksumValidated when an L4 checksum was checked.
	uint32_t fd_status;
};

// 'frame' is the frame as received, without FCS. Never reads outside it.
ParseOutcome parse_frame(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept;

// The same parse by the generic header walk alone, without parse_frame()'s
// shortcut for the common IPv4 UDP/TCP frame: for tests that hold the
// shortcut against the walk.
ParseOutcome parse_frame_walk(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept;

} // namespace dpaa::model
