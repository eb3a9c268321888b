/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/parser.hpp"
#include "dpaa_model/reported.hpp"

#include <cstring>
#include <iterator>

#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace dpaa::model
{

namespace
{

namespace hf = hw::fman;
namespace l2r = hw::fman::l2r;
namespace l3r = hw::fman::l3r;
namespace l4r = hw::fman::l4r;
namespace l2 = facts::l2;
namespace l3 = facts::l3;

// The offsets block of the facts is the FMan's, byte for byte: one copy.
static_assert(offsetof(hf::ParseResult, nxthdr_off) - offsetof(hf::ParseResult, shim_off) + 1 ==
	      sizeof(HeaderOffsets));
static_assert(hf::kNoOffset == kNoHeader);

// The facts' L2 and L3 flags hold the FMan's result bits where it has
// them (frame_facts.hpp).
static_assert(l2::kEthernet == l2r::kEthernet && l2::kVlan == l2r::kVlan &&
	      l2::kLlcSnap == l2r::kLlcSnap && l2::kMpls == l2r::kMpls &&
	      l2::kPppoe == l2r::kPppoe && l2::kUnknownEthType == l2r::kUnknownEthType &&
	      l2::kMulticast == l2r::kMulticast &&
	      (l2::kBroadcast | l2::kMulticast) == l2r::kBroadcast);
static_assert(l3::kFirstIpv4 == l3r::kFirstIpv4 && l3::kFirstIpv6 == l3r::kFirstIpv6 &&
	      l3::kGre == l3r::kGre && l3::kLastIpv4 == l3r::kLastIpv4 &&
	      l3::kLastIpv6 == l3r::kLastIpv6 && l3::kFirstOptions == l3r::kFirstOptions &&
	      l3::kFirstFragment == l3r::kFirstFragment &&
	      l3::kFirstInitialFragment == l3r::kFirstInitialFragment &&
	      l3::kLastOptions == l3r::kLastOptions && l3::kLastFragment == l3r::kLastFragment);
static_assert(l2::kTruncated >> 16 == reported::kL2rErrTruncated);

constexpr uint32_t kL2Bits = l2::kEthernet | l2::kVlan | l2::kLlcSnap | l2::kMpls | l2::kPppoe |
			     l2::kUnknownEthType | l2::kBroadcast | l2::kMulticast;
constexpr uint32_t kL3Bits = l3::kFirstIpv4 | l3::kFirstIpv6 | l3::kGre | l3::kLastIpv4 |
			     l3::kLastIpv6 | l3::kFirstOptions | l3::kFirstFragment |
			     l3::kFirstInitialFragment | l3::kLastOptions | l3::kLastFragment;

uint16_t l2_result(const FrameFacts &f) noexcept
{
	// Broadcast is both frame-type bits; a header cut short is the
	// parser's truncation code.
	return static_cast<uint16_t>((f.l2 & kL2Bits) | ((f.l2 & l2::kBroadcast) >> 1) |
				     ((f.l2 & l2::kTruncated) >> 16));
}

// The FMan's error codes: the last IP header has no version code (a
// version mismatch there reads as a length error).
uint16_t first_ip_code(IpError e) noexcept
{
	switch (e) {
	case IpError::version:
		return l3r::kFirstErrVersion;
	case IpError::checksum:
		return l3r::kFirstErrChecksum;
	default:
		return l3r::kFirstErrLength;
	}
}

uint16_t l3_result(const FrameFacts &f) noexcept
{
	uint16_t r = static_cast<uint16_t>(f.l3 & kL3Bits);
	// With an error, the information bits give way to its code.
	if (f.ip_error[0] != IpError::none) [[unlikely]]
		r = static_cast<uint16_t>((r & ~l3r::kFirstCodeMask) | l3r::kFirstError |
					  first_ip_code(f.ip_error[0]));
	if (f.ip_error[1] != IpError::none) [[unlikely]]
		r = static_cast<uint16_t>((r & ~l3r::kLastCodeMask) | l3r::kLastError |
					  (f.ip_error[1] == IpError::checksum
						   ? l3r::kLastErrChecksum
						   : l3r::kLastErrLength));
	return r;
}

// By L4 (ICMP and the rest have no L4 type of the FMan's).
constexpr uint8_t kL4Types[] = {
	l4r::kNone,		      // none
	l4r::kNone,		      // unknown
	l4r::kTcp,		      // tcp
	l4r::kUdp,		      // udp
	l4r::kSctp,		      // sctp
	l4r::kDccp,		      // dccp
	l4r::kIpsec | l4r::kIpsecEsp, // esp
	l4r::kIpsec | l4r::kIpsecAh,  // ah
	l4r::kNone,		      // icmp
	l4r::kNone,		      // icmpv6
};
static_assert(std::size(kL4Types) == static_cast<size_t>(L4::icmpv6) + 1);

uint8_t l4_result(const FrameFacts &f) noexcept
{
	uint8_t r = kL4Types[static_cast<uint8_t>(f.l4)];
	if (f.l4_error != L4Error::none) [[unlikely]]
		r = static_cast<uint8_t>(
			(r & l4r::kTypeMask) | l4r::kError |
			(f.l4_error == L4Error::length ? l4r::kErrLength : l4r::kErrChecksum));
	return r;
}

} // namespace

ParseOutcome fman_parse_result(const FrameFacts &f, hw::fman::ParseResult &pr) noexcept
{
	pr.lpid = 0;
	pr.shimr = 0;
	pr.l2r.store(l2_result(f));
	pr.l3r.store(l3_result(f));
	pr.l4r = l4_result(f);
	pr.cplan = 0;
	pr.nxthdr.store(f.next_header);
	pr.cksum.store(f.l4_sum);
	pr.flags_frag_off.store(f.ipv4_frag);
	pr.route_type = f.route_type;
	pr.rhp_ip_valid = static_cast<uint8_t>(((f.l3 & l3::kIpValid) ? 0x01 : 0) |
					       ((f.l3 & l3::kRoutingHeader) ? 0x80 : 0));
	std::memcpy(&pr.shim_off, &f.off, sizeof(f.off));
	return ParseOutcome{(f.header_error ? hf::fd_status::kErrPrsHeader : 0u) |
			    (f.l4_checked ? hf::fd_status::kL4ChecksumValidated : 0u)};
}

ParseOutcome parse_frame(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept
{
	FrameFacts f;
	frame_facts(frame, f);
	return fman_parse_result(f, pr);
}

ParseOutcome parse_frame_walk(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept
{
	FrameFacts f;
	frame_facts_walk(frame, f);
	return fman_parse_result(f, pr);
}

} // namespace dpaa::model
