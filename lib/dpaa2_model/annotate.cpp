/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/annotate.hpp"

namespace dpaa2::model
{

namespace
{

namespace hwa = hw::hwa;
namespace faf_lo = hw::hwa::faf_lo;
namespace faf_hi = hw::hwa::faf_hi;
namespace l2 = dpaa::model::facts::l2;
namespace l3 = dpaa::model::facts::l3;
using dpaa::model::IpError;
using dpaa::model::kNoHeader;
using dpaa::model::L4;
using dpaa::model::L4Error;

static_assert(kNoHeader == hwa::kNoOffset);

// Unicast, multicast or broadcast, as the IP header's destination says.
struct IpDest {
	bool multicast, broadcast;
};
IpDest ip_dest(std::span<const uint8_t> p, uint8_t off, bool v6) noexcept
{
	if (off == kNoHeader)
		return {false, false};
	if (v6) {
		if (size_t{off} + 40 > p.size())
			return {false, false};
		return {p[off + 24] == 0xff, false};
	}
	if (size_t{off} + 20 > p.size())
		return {false, false};
	const uint8_t *d = p.data() + off + 16;
	if ((d[0] & d[1] & d[2] & d[3]) == 0xff)
		return {false, true};
	return {(d[0] & 0xf0) == 0xe0, false};
}

uint64_t ip_flags(std::span<const uint8_t> p, const FrameFacts &f, bool first) noexcept
{
	const uint32_t v4 = first ? l3::kFirstIpv4 : l3::kLastIpv4;
	const uint32_t v6 = first ? l3::kFirstIpv6 : l3::kLastIpv6;
	if (!(f.l3 & (v4 | v6)))
		return 0;
	const bool is_v6 = f.l3 & v6;
	// A header that failed its length checks says nothing of its addresses.
	const IpError e = f.ip_error[first ? 0 : 1];
	const IpDest d = e == IpError::length || e == IpError::version
				 ? IpDest{false, false}
				 : ip_dest(p, f.off.ip[first ? 0 : 1], is_v6);
	uint64_t w;
	if (is_v6) {
		w = first ? faf_hi::kIpv6First : faf_hi::kIpv6Last;
		w |= d.multicast
			     ? (first ? faf_hi::kIpv6FirstMulticast : faf_hi::kIpv6LastMulticast)
			     : (first ? faf_hi::kIpv6FirstUnicast : faf_hi::kIpv6LastUnicast);
	} else {
		w = first ? faf_hi::kIpv4First : faf_hi::kIpv4Last;
		if (d.broadcast)
			w |= first ? faf_hi::kIpv4FirstBroadcast : faf_hi::kIpv4LastBroadcast;
		else if (d.multicast)
			w |= first ? faf_hi::kIpv4FirstMulticast : faf_hi::kIpv4LastMulticast;
		else
			w |= first ? faf_hi::kIpv4FirstUnicast : faf_hi::kIpv4LastUnicast;
	}
	if (e == IpError::length || e == IpError::version)
		w |= first ? faf_hi::kIpFirstParseError : faf_hi::kIpLastParseError;
	if (f.l3 & (first ? l3::kFirstOptions : l3::kLastOptions))
		w |= first ? faf_hi::kIpFirstOptions : faf_hi::kIpLastOptions;
	// The initial fragment is the "first fragment"; every later one has
	// "more fragments": either says the frame is a fragment.
	if (f.l3 & (first ? l3::kFirstFragment : l3::kLastFragment)) {
		if (first && (f.l3 & l3::kFirstInitialFragment))
			w |= faf_hi::kIpFirstFirstFragment;
		else
			w |= first ? faf_hi::kIpFirstMoreFragments : faf_hi::kIpLastMoreFragments;
	}
	return w;
}

bool has_last_ip(const FrameFacts &f) noexcept
{
	return f.l3 & (l3::kLastIpv4 | l3::kLastIpv6);
}

uint64_t l4_flags(std::span<const uint8_t> p, const FrameFacts &f) noexcept
{
	const bool error = f.l4_error == L4Error::length;
	switch (f.l4) {
	case L4::tcp: {
		uint64_t w = faf_hi::kTcp | faf_hi::kL4Unknown;
		if (error)
			return w | faf_hi::kTcpError;
		const size_t o = f.off.l4;
		if (o + 20 <= p.size()) {
			if ((p[o + 12] >> 4) > 5)
				w |= faf_hi::kTcpOptions;
			// The 12 bits after the data offset: 3-5 are NS, CWR,
			// ECE; 6-11 are URG, ACK, PSH, RST, SYN, FIN.
			if (p[o + 13] & 0x3f)
				w |= faf_hi::kTcpCtrl6To11;
			if ((p[o + 12] & 0x01) || (p[o + 13] & 0xc0))
				w |= faf_hi::kTcpCtrl3To5;
		}
		return w;
	}
	case L4::udp:
		return faf_hi::kUdp | faf_hi::kL4Unknown | (error ? faf_hi::kUdpError : 0);
	case L4::sctp:
		return faf_hi::kSctp | faf_hi::kL4Unknown | (error ? faf_hi::kSctpError : 0);
	case L4::dccp:
		return faf_hi::kDccp | faf_hi::kL4Unknown | (error ? faf_hi::kDccpError : 0);
	case L4::esp:
		return faf_hi::kIpsec | faf_hi::kIpsecEsp | (error ? faf_hi::kIpsecError : 0);
	case L4::ah:
		return faf_hi::kIpsec | faf_hi::kIpsecAh | (error ? faf_hi::kIpsecError : 0);
	case L4::icmp:
		return faf_hi::kIcmp;
	case L4::icmpv6:
		return faf_hi::kIcmpv6;
	case L4::unknown:
		return faf_hi::kIpUnknownProto | (has_last_ip(f) ? faf_hi::kIpLastUnknownProto
								 : faf_hi::kIpFirstUnknownProto);
	default:
		return 0;
	}
}

uint64_t off(uint8_t o, unsigned shift) noexcept
{
	return hwa::offset_field(o, shift);
}

} // namespace

void annotate_parse_results(const FrameFacts &f, std::span<const uint8_t> p,
			    hw::hwa::Annotation &a) noexcept
{
	// Word 3: the L2 flags and the next header.
	uint64_t w3 = uint64_t{f.next_header} << faf_lo::kNextHeaderShift;
	if (f.l2 & l2::kEthernet) {
		w3 |= faf_lo::kEthMac;
		if (f.l2 & l2::kBroadcast)
			w3 |= faf_lo::kEthBroadcast;
		else if (f.l2 & l2::kMulticast)
			w3 |= faf_lo::kEthMulticast;
		else
			w3 |= faf_lo::kEthUnicast;
	}
	// One tag: VLAN_1; more: VLAN_N (a reader takes QinQ from VLAN_N).
	if (f.vlan_tags == 1)
		w3 |= faf_lo::kVlan1;
	else if (f.vlan_tags > 1)
		w3 |= faf_lo::kVlanN;
	if (f.l2 & l2::kLlcSnap)
		w3 |= faf_lo::kLlcSnap;
	if (f.l2 & l2::kPppoe)
		w3 |= faf_lo::kPppoe;
	if (f.l2 & l2::kMpls)
		w3 |= f.off.mpls[0] != f.off.mpls[1] ? faf_lo::kMpls1 | faf_lo::kMplsN
						     : faf_lo::kMpls1;
	if (f.l2 & l2::kArp)
		w3 |= faf_lo::kArp;
	if (f.l2 & l2::kTruncated)
		w3 |= faf_lo::kEthParseError;
	if (f.header_error)
		w3 |= faf_lo::kParseError;

	// Word 4: L3 and L4.
	uint64_t w4 = ip_flags(p, f, true) | ip_flags(p, f, false) | l4_flags(p, f);
	if (f.l2 & l2::kUnknownEthType)
		w4 |= faf_hi::kL2Unknown;
	if (f.l3 & l3::kGre)
		w4 |= faf_hi::kGre;
	if (f.l3 & l3::kRoutingHeader)
		w4 |= faf_hi::kIpv6RouteHdr;

	const auto &o = f.off;
	namespace o5 = hwa::off5;
	namespace o6 = hwa::off6;
	namespace o7 = hwa::off7;
	const uint8_t vlan_n = f.vlan_tags > 1 ? o.vlan[1] : o.vlan[0];
	const uint64_t w5 = off(o.shim[0], o5::kShim1Shift) | off(o.shim[1], o5::kShim2Shift) |
			    off(o.ip_pid, o5::kIpPidShift) | off(o.eth, o5::kEthShift) |
			    off(o.llc_snap, o5::kLlcSnapShift) |
			    off(o.vlan[0], o5::kVlanTci1Shift) | off(vlan_n, o5::kVlanTciNShift) |
			    off(o.etype, o5::kLastEtypeShift);
	const bool ipsec = f.l4 == L4::esp || f.l4 == L4::ah;
	const uint64_t w6 = off(o.pppoe, o6::kPppoeShift) | off(o.mpls[0], o6::kMpls1Shift) |
			    off(o.mpls[1], o6::kMplsNShift) |
			    off(f.arp != kNoHeader ? f.arp : o.ip[0], o6::kArpIp1Shift) |
			    off(o.ip[1], o6::kIpNMinEncapShift) | off(o.gre, o6::kGreShift) |
			    off(o.l4, o6::kL4Shift) |
			    off(ipsec ? o.l4 : kNoHeader, o6::kGtpEspIpsecShift);
	// The routing and fragment headers' own offsets are not kept by the
	// walk: reported absent.
	const uint64_t w7 = off(kNoHeader, o7::kIpv6Route1Shift) |
			    off(kNoHeader, o7::kIpv6Route2Shift) |
			    off(o.next, o7::kNextHeaderShift) | off(kNoHeader, o7::kIpv6FragShift) |
			    (uint64_t{f.l4_sum} << o7::kRunningSumShift);
	a.faf_lo_next.store(w3);
	a.faf_hi.store(w4);
	a.offsets_l2.store(w5);
	a.offsets_l3.store(w6);
	a.offsets_ip6.store(w7);
	a.error.store(0);
}

uint32_t fas_status(const FrameFacts &f, bool l3_csum, bool l4_csum) noexcept
{
	namespace fas = hw::hwa::fas;
	uint32_t s = 0;
	if (f.l2 & l2::kBroadcast)
		s |= fas::kBc;
	else if (f.l2 & l2::kMulticast)
		s |= fas::kMc;
	if (f.header_error)
		s |= fas::kPhe;
	if (l3_csum && (f.l3 & l3::kFirstIpv4Checked)) {
		s |= fas::kL3cv;
		if (f.ip_error[0] == IpError::checksum || f.ip_error[1] == IpError::checksum)
			s |= fas::kL3ce;
	}
	if (l4_csum && f.l4_checked) {
		s |= fas::kL4cv;
		if (f.l4_error == L4Error::checksum)
			s |= fas::kL4ce;
	}
	return s;
}

bool ptp_message(const FrameFacts &f, std::span<const uint8_t> p) noexcept
{
	constexpr uint16_t kPtpEtherType = 0x88f7;
	constexpr uint16_t kPtpEventPort = 319, kPtpGeneralPort = 320;
	auto be16_at = [&](size_t off) { return static_cast<uint16_t>(p[off] << 8 | p[off + 1]); };
	if (f.off.etype != kNoHeader && size_t{f.off.etype} + 2 <= p.size() &&
	    be16_at(f.off.etype) == kPtpEtherType)
		return true;
	if (f.l4 != L4::udp || f.off.l4 == kNoHeader || size_t{f.off.l4} + 4 > p.size())
		return false;
	const uint16_t dport = be16_at(size_t{f.off.l4} + 2);
	return dport == kPtpEventPort || dport == kPtpGeneralPort;
}

uint16_t lx2_parse_summary(const FrameFacts &f) noexcept
{
	namespace ps = hw::hwa::parse_summary;
	const uint16_t tags = static_cast<uint16_t>(f.vlan_tags << 8);
	constexpr uint32_t kOtherL2 =
		l2::kLlcSnap | l2::kPppoe | l2::kMpls | l2::kArp | l2::kTruncated | l2::kLength8023;
	if (!(f.l2 & l2::kEthernet) || (f.l2 & kOtherL2) || f.header_error)
		return tags | kOtherSummary;
	const bool v4 = f.l3 & l3::kFirstIpv4, v6 = f.l3 & l3::kFirstIpv6;
	if (!v4 && !v6)
		return tags | ps::kEther;
	constexpr uint32_t kOtherL3 =
		l3::kLastIpv4 | l3::kLastIpv6 | l3::kGre | l3::kFirstFragment | l3::kRoutingHeader;
	if ((f.l3 & kOtherL3) || f.ip_error[0] == IpError::length ||
	    f.ip_error[0] == IpError::version)
		return tags | kOtherSummary;
	const bool ext = f.l3 & l3::kFirstOptions;
	uint16_t s;
	switch (f.l4) {
	case L4::tcp:
		s = v4 ? ps::kIpv4Tcp : ps::kIpv6Tcp;
		break;
	case L4::udp:
		s = v4 ? ps::kIpv4Udp : ps::kIpv6Udp;
		break;
	case L4::sctp:
		s = v4 ? ps::kIpv4Sctp : ps::kIpv6Sctp;
		break;
	case L4::icmp:
	case L4::icmpv6:
		// The ICMP codes include the options bit: ICMP is told with or
		// without options/extensions.
		return tags | (v4 ? ps::kIpv4Icmp : ps::kIpv6Icmp);
	case L4::unknown:
		return tags |
		       (v4 ? (ext ? ps::kIpv4Ext : ps::kIpv4) : (ext ? ps::kIpv6Ext : ps::kIpv6));
	default: // IPsec, DCCP, an L4 header cut short
		return tags | kOtherSummary;
	}
	if (ext || f.l4_error == L4Error::length)
		return tags | kOtherSummary;
	return tags | s;
}

} // namespace dpaa2::model
