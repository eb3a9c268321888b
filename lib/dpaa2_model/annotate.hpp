/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP's layout of what its parser found in a received frame: the parse
// result words of the hardware annotation (dpaa2_hw/annotation.hpp), the
// frame annotation status, and the LX2160A's parse summary for FRC[31:16],
// all made from the walk shared with the FMan (dpaa_model/frame_facts.hpp).
#pragma once

#include <cstdint>
#include <span>

#include "dpaa2_hw/annotation.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace dpaa2::model
{

using dpaa::model::FrameFacts;

// The parse results (annotation words 3-8) of a frame; 'p' is the one
// the facts were found in (the annotation also says what the headers'
// bytes say: destination address kinds, TCP flags).
void annotate_parse_results(const FrameFacts &f, std::span<const uint8_t> p,
			    hw::hwa::Annotation &a) noexcept;

// The FAS status bits: broadcast/multicast, a header error, and the
// checksum results, which WRIOP reports only for the checks the DPNI's Rx
// offloads turn on.
uint32_t fas_status(const FrameFacts &f, bool l3_csum, bool l4_csum) noexcept;

// Whether WRIOP marks the frame a PTP message (FAS PTP, which the kernel's
// dpaa2-eth and DPDK's dpaa2 name DPAA2_FAS_PTP / DPAA2_ETH_FAS_PTP): IEEE
// 1588 over Ethernet (type 0x88F7, after any VLAN tags) or over UDP to the
// PTP event (319) or general (320) port, IPv4 or IPv6.
bool ptp_message(const FrameFacts &f, std::span<const uint8_t> p) noexcept;

// The LX2160A parse summary. The values of the summary table name the
// plain frames (untagged Ethernet, IPv4/IPv6, with TCP/UDP/SCTP/ICMP);
// a tagged frame has its tag count in [9:8] (0x0160: one tag, no IP),
// and every other frame (ARP, MPLS, PPPoE, LLC, tunnels, fragments, IPsec,
// malformed headers) has kOtherSummary set: values no reader takes for a
// packet type, so that it reads the annotation instead. The silicon's
// codes beyond the table are not documented; this bit is the model's.
inline constexpr uint16_t kOtherSummary = 0x0080;
uint16_t lx2_parse_summary(const FrameFacts &f) noexcept;

} // namespace dpaa2::model
