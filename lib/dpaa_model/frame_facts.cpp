/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/frame_facts.hpp"

#include <bit>
#include <cstddef>
#include <cstring>

#include "dpaa_model/inet_checksum.hpp"

namespace dpaa::model
{

namespace
{

namespace l2 = facts::l2;
namespace l3 = facts::l3;

constexpr uint16_t kEthIpv4 = 0x0800;
constexpr uint16_t kEthIpv6 = 0x86dd;
constexpr uint16_t kEthArp = 0x0806;
constexpr uint16_t kEthVlan = 0x8100;
constexpr uint16_t kEthQinq = 0x88a8;
constexpr uint16_t kEthQinqOld = 0x9100;
constexpr uint16_t kEthPppoeSession = 0x8864;
constexpr uint16_t kEthMpls = 0x8847;
constexpr uint16_t kEthMplsMc = 0x8848;

constexpr uint8_t kProtoIcmp = 1;
constexpr uint8_t kProtoIpip = 4;
constexpr uint8_t kProtoTcp = 6;
constexpr uint8_t kProtoUdp = 17;
constexpr uint8_t kProtoDccp = 33;
constexpr uint8_t kProtoIpv6 = 41;
constexpr uint8_t kProtoGre = 47;
constexpr uint8_t kProtoEsp = 50;
constexpr uint8_t kProtoAh = 51;
constexpr uint8_t kProtoIcmpv6 = 58;
constexpr uint8_t kProtoSctp = 132;

// The walk over one frame. Offsets are from the frame start; the result's
// offset fields are 8 bits wide, so headers beyond byte 255 are not parsed
// (as on the FMan, whose parser looks at the first 256 bytes).
class Walk
{
public:
	Walk(std::span<const uint8_t> f, FrameFacts &facts)
	    : p_(f.data()), len_(static_cast<uint32_t>(f.size())), f_(facts)
	{
	}

	void run() noexcept;

private:
	struct Ip {
		uint32_t off; // IP header
		uint32_t end; // end of the IP payload
		bool v6;
		bool first;
		bool fragment;	 // any fragment: no L4 checksum
		bool later_frag; // not the first fragment: no L4 header
	};

	bool has(uint32_t off, uint32_t n) const noexcept { return off <= len_ && n <= len_ - off; }
	uint16_t be16(uint32_t off) const noexcept
	{
		return static_cast<uint16_t>(p_[off] << 8 | p_[off + 1]);
	}
	static uint8_t off8(uint32_t off) noexcept
	{
		return off < kNoHeader ? static_cast<uint8_t>(off) : kNoHeader;
	}

	void ethertype(uint16_t type, uint32_t off) noexcept;
	void ipv4(uint32_t off, bool first) noexcept;
	void ipv6(uint32_t off, bool first) noexcept;
	void ip_error(bool first, IpError e) noexcept { f_.ip_error[first ? 0 : 1] = e; }
	void l4(uint8_t proto, const Ip &ip, uint32_t off) noexcept;
	void gre(const Ip &ip, uint32_t off) noexcept;
	void verify_l4(const Ip &ip, uint32_t off, uint8_t proto, uint32_t csum_field) noexcept;
	void stop(uint32_t off) noexcept { f_.off.next = off8(off); }

	const uint8_t *p_;
	uint32_t len_;
	FrameFacts &f_;
};

void Walk::run() noexcept
{
	// Every offset absent until found; no flag, no error.
	std::memset(&f_, 0, sizeof(f_));
	std::memset(&f_.off, kNoHeader, sizeof(f_.off));
	f_.arp = kNoHeader;
	if (!has(0, 14)) {
		f_.l2 = l2::kTruncated;
		f_.header_error = true;
		stop(0);
		return;
	}
	uint32_t l2f = l2::kEthernet;
	f_.off.eth = 0;
	if (p_[0] & 1) {
		static constexpr uint8_t kBcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
		l2f |= std::memcmp(p_, kBcast, 6) == 0 ? l2::kBroadcast : l2::kMulticast;
	}
	uint32_t off = 12;
	uint16_t type = be16(off);
	unsigned tags = 0;
	while ((type == kEthVlan || type == kEthQinq || type == kEthQinqOld) && tags < 2) {
		if (!has(off, 6))
			break;
		l2f |= l2::kVlan;
		f_.off.vlan[tags++] = off8(off + 2);
		off += 4;
		type = be16(off);
	}
	f_.vlan_tags = static_cast<uint8_t>(tags);
	f_.off.etype = off8(off);
	off += 2;
	f_.l2 = l2f;
	if (type < 0x0600) {
		// 802.3 length: LLC, and SNAP if the LLC is AA-AA-03.
		if (has(off, 8) && p_[off] == 0xaa && p_[off + 1] == 0xaa && p_[off + 2] == 0x03) {
			f_.l2 |= l2::kLlcSnap;
			f_.off.llc_snap = off8(off);
			f_.off.etype = off8(off + 6);
			type = be16(off + 6);
			off += 8;
		} else {
			f_.l2 |= l2::kLength8023;
			f_.next_header = type;
			return stop(off);
		}
	}
	ethertype(type, off);
}

void Walk::ethertype(uint16_t type, uint32_t off) noexcept
{
	f_.next_header = type;
	if (type == kEthPppoeSession) {
		if (!has(off, 8)) {
			f_.l2 |= l2::kTruncated;
			f_.header_error = true;
			return stop(off);
		}
		f_.l2 |= l2::kPppoe;
		f_.off.pppoe = off8(off);
		uint16_t ppp = be16(off + 6);
		off += 8;
		if (ppp == 0x0021)
			type = kEthIpv4;
		else if (ppp == 0x0057)
			type = kEthIpv6;
		else {
			f_.next_header = ppp;
			return stop(off);
		}
		f_.next_header = type;
	}
	if (type == kEthMpls || type == kEthMplsMc) {
		f_.l2 |= l2::kMpls;
		f_.off.mpls[0] = off8(off);
		for (unsigned n = 0;; n++) {
			if (!has(off, 4) || n == 8) {
				f_.l2 |= l2::kTruncated;
				f_.header_error = true;
				return stop(off);
			}
			f_.off.mpls[1] = off8(off);
			bool bottom = p_[off + 2] & 1;
			off += 4;
			if (bottom)
				break;
		}
		// After the bottom label: IP if the version nibble says so.
		if (has(off, 1) && (p_[off] >> 4) == 4)
			type = kEthIpv4;
		else if (has(off, 1) && (p_[off] >> 4) == 6)
			type = kEthIpv6;
		else
			return stop(off);
		f_.next_header = type;
	}
	switch (type) {
	case kEthIpv4:
		return ipv4(off, true);
	case kEthIpv6:
		return ipv6(off, true);
	case kEthArp:
		f_.l2 |= l2::kArp;
		f_.arp = off8(off);
		return stop(off);
	default:
		f_.l2 |= l2::kUnknownEthType;
		return stop(off);
	}
}

void Walk::ipv4(uint32_t off, bool first) noexcept
{
	f_.l3 |= first ? l3::kFirstIpv4 : l3::kLastIpv4;
	if (first)
		f_.off.ip[0] = off8(off);
	f_.off.ip[1] = off8(off);
	if (!has(off, 20)) {
		ip_error(first, IpError::length);
		f_.header_error = true;
		return stop(off);
	}
	const uint8_t *ip = p_ + off;
	uint32_t ihl = (ip[0] & 0x0f) * 4u;
	uint32_t total = be16(off + 2);
	if ((ip[0] >> 4) != 4) {
		ip_error(first, IpError::version);
		f_.header_error = true;
		return stop(off);
	}
	if (ihl < 20 || !has(off, ihl) || total < ihl || !has(off, total)) {
		ip_error(first, IpError::length);
		f_.header_error = true;
		return stop(off);
	}
	uint16_t frag = be16(off + 6);
	bool more = frag & 0x2000;
	uint16_t frag_off = frag & 0x1fff;
	f_.ipv4_frag = frag;
	f_.l3 |= l3::kIpValid;
	uint32_t info = 0;
	if (ihl > 20)
		info |= first ? l3::kFirstOptions : l3::kLastOptions;
	if (more || frag_off) {
		info |= first ? l3::kFirstFragment : l3::kLastFragment;
		if (first && frag_off == 0)
			info |= l3::kFirstInitialFragment;
	}
	if (first)
		info |= l3::kFirstIpv4Checked;
	f_.l3 |= info;
	// The header without options (nearly every frame) summed at a length
	// the compiler knows, unrolled.
	const uint32_t ip_sum = ihl == 20 ? inet::sum(ip, 20) : inet::sum(ip, ihl);
	if (inet::fold(ip_sum) != 0xffff)
		ip_error(first, IpError::checksum);
	f_.off.ip_pid = off8(off + 9);
	uint8_t proto = ip[9];
	f_.next_header = proto;
	Ip info_ip{off, off + total, false, first, more || frag_off != 0, frag_off != 0};
	if (info_ip.later_frag)
		return stop(off + ihl);
	l4(proto, info_ip, off + ihl);
}

void Walk::ipv6(uint32_t off, bool first) noexcept
{
	f_.l3 |= first ? l3::kFirstIpv6 : l3::kLastIpv6;
	if (first)
		f_.off.ip[0] = off8(off);
	f_.off.ip[1] = off8(off);
	if (!has(off, 40) || (p_[off] >> 4) != 6) {
		ip_error(first, has(off, 40) ? IpError::version : IpError::length);
		f_.header_error = true;
		return stop(off);
	}
	uint32_t payload = be16(off + 4);
	if (!has(off + 40, payload)) {
		ip_error(first, IpError::length);
		f_.header_error = true;
		return stop(off);
	}
	f_.l3 |= l3::kIpValid;
	Ip ip{off, off + 40 + payload, true, first, false, false};
	uint8_t nh = p_[off + 6];
	f_.off.ip_pid = off8(off + 6);
	uint32_t cur = off + 40;
	bool ext = false;
	for (unsigned n = 0; n < 8; n++) {
		uint32_t hlen;
		switch (nh) {
		case 0:	  // hop-by-hop options
		case 43:  // routing
		case 60:  // destination options
		case 135: // mobility
			if (!has(cur, 2) || cur + 2 > ip.end)
				goto truncated;
			hlen = (p_[cur + 1] + 1u) * 8;
			if (nh == 43 && has(cur, 3)) {
				f_.route_type = p_[cur + 2];
				f_.l3 |= l3::kRoutingHeader;
			}
			break;
		case 44: { // fragment
			if (!has(cur, 8) || cur + 8 > ip.end)
				goto truncated;
			hlen = 8;
			uint16_t fo = be16(cur + 2);
			ip.fragment = true;
			ip.later_frag = (fo >> 3) != 0;
			f_.l3 |= first ? l3::kFirstFragment : l3::kLastFragment;
			if (first && !ip.later_frag)
				f_.l3 |= l3::kFirstInitialFragment;
			break;
		}
		case kProtoAh:
			if (!has(cur, 2) || cur + 2 > ip.end)
				goto truncated;
			hlen = (p_[cur + 1] + 2u) * 4;
			break;
		default:
			goto done;
		}
		if (cur + hlen > ip.end)
			goto truncated;
		ext = true;
		f_.off.ip_pid = off8(cur);
		nh = p_[cur];
		cur += hlen;
	}
done:
	if (ext)
		f_.l3 |= first ? l3::kFirstOptions : l3::kLastOptions;
	f_.next_header = nh;
	if (ip.later_frag)
		return stop(cur);
	return l4(nh, ip, cur);
truncated:
	ip_error(first, IpError::length);
	f_.header_error = true;
	stop(cur);
}

void Walk::verify_l4(const Ip &ip, uint32_t off, uint8_t proto, uint32_t csum_field) noexcept
{
	uint32_t l4_len = ip.end - off;
	uint32_t s = inet::sum(p_ + off, l4_len);
	f_.l4_sum = inet::fold(s);
	if (ip.fragment)
		return;
	f_.l4_checked = true;
	if (proto == kProtoUdp && !ip.v6 && be16(csum_field) == 0)
		return;
	if (proto != kProtoIcmp)
		s += ip.v6 ? inet::pseudo_v6(p_ + ip.off, proto, l4_len)
			   : inet::pseudo_v4(p_ + ip.off, proto, l4_len);
	if (inet::fold(s) != 0xffff)
		f_.l4_error = L4Error::checksum;
}

void Walk::l4(uint8_t proto, const Ip &ip, uint32_t off) noexcept
{
	auto truncated = [&](L4 kind) {
		f_.l4 = kind;
		f_.l4_error = L4Error::length;
		f_.header_error = true;
		stop(off);
	};
	switch (proto) {
	case kProtoTcp: {
		f_.off.l4 = off8(off);
		if (off + 20 > ip.end)
			return truncated(L4::tcp);
		uint32_t doff = (p_[off + 12] >> 4) * 4u;
		if (doff < 20 || off + doff > ip.end)
			return truncated(L4::tcp);
		f_.l4 = L4::tcp;
		verify_l4(ip, off, proto, off + 16);
		return stop(off + doff);
	}
	case kProtoUdp: {
		f_.off.l4 = off8(off);
		if (off + 8 > ip.end)
			return truncated(L4::udp);
		f_.l4 = L4::udp;
		verify_l4(ip, off, proto, off + 6);
		return stop(off + 8);
	}
	case kProtoSctp:
		f_.off.l4 = off8(off);
		if (off + 12 > ip.end)
			return truncated(L4::sctp);
		f_.l4 = L4::sctp;
		return stop(off + 12);
	case kProtoDccp:
		f_.off.l4 = off8(off);
		if (off + 12 > ip.end)
			return truncated(L4::dccp);
		f_.l4 = L4::dccp;
		return stop(off + 12);
	case kProtoEsp:
		f_.off.l4 = off8(off);
		if (off + 8 > ip.end)
			return truncated(L4::esp);
		f_.l4 = L4::esp;
		return stop(off + 8);
	case kProtoAh:
		f_.off.l4 = off8(off);
		if (off + 12 > ip.end)
			return truncated(L4::ah);
		f_.l4 = L4::ah;
		return stop(off + 12);
	case kProtoIcmp:
	case kProtoIcmpv6: {
		f_.off.l4 = off8(off);
		const L4 kind = proto == kProtoIcmp ? L4::icmp : L4::icmpv6;
		if (off + 4 > ip.end)
			return truncated(kind);
		f_.l4 = kind;
		if ((proto == kProtoIcmp) == !ip.v6)
			verify_l4(ip, off, proto, off + 2);
		return stop(off + 4);
	}
	case kProtoGre:
		if (!ip.first)
			break;
		return gre(ip, off);
	case kProtoIpip:
		if (!ip.first)
			break;
		return ipv4(off, false);
	case kProtoIpv6:
		if (!ip.first)
			break;
		return ipv6(off, false);
	default:
		break;
	}
	f_.l4 = L4::unknown;
	stop(off);
}

void Walk::gre(const Ip &ip, uint32_t off) noexcept
{
	f_.l3 |= l3::kGre;
	f_.off.gre = off8(off);
	if (off + 4 > ip.end) {
		f_.header_error = true;
		return stop(off);
	}
	uint16_t flags = be16(off);
	uint16_t type = be16(off + 2);
	uint32_t hlen = 4 + ((flags & 0x8000) ? 4 : 0) + ((flags & 0x2000) ? 4 : 0) +
			((flags & 0x1000) ? 4 : 0);
	if (off + hlen > ip.end) {
		f_.header_error = true;
		return stop(off);
	}
	f_.next_header = type;
	if (type == kEthIpv4)
		return ipv4(off + hlen, false);
	if (type == kEthIpv6)
		return ipv6(off + hlen, false);
	stop(off + hlen);
}

// The facts of this shape with 0, 1 and 2 tags before the IPv4 header
// (the offsets the walk finds, the headers it recognises, kNoHeader for
// those absent), UDP; Common::parse() fills in what the frame says.
constexpr FrameFacts common_facts(unsigned tags) noexcept
{
	FrameFacts f{};
	const uint8_t ipo = static_cast<uint8_t>(14 + 4 * tags);
	f.off.shim[0] = f.off.shim[1] = kNoHeader;
	f.off.ip_pid = static_cast<uint8_t>(ipo + 9);
	f.off.eth = 0;
	f.off.llc_snap = kNoHeader;
	f.off.vlan[0] = tags > 0 ? 14 : kNoHeader;
	f.off.vlan[1] = tags > 1 ? 18 : kNoHeader;
	f.off.etype = static_cast<uint8_t>(ipo - 2);
	f.off.pppoe = kNoHeader;
	f.off.mpls[0] = f.off.mpls[1] = kNoHeader;
	f.off.ip[0] = f.off.ip[1] = ipo;
	f.off.gre = kNoHeader;
	f.off.l4 = static_cast<uint8_t>(ipo + 20);
	f.off.next = static_cast<uint8_t>(ipo + 20 + 8);
	f.l2 = tags ? l2::kEthernet | l2::kVlan : l2::kEthernet;
	f.l3 = l3::kFirstIpv4 | l3::kFirstIpv4Checked | l3::kIpValid;
	f.next_header = kProtoUdp;
	f.vlan_tags = static_cast<uint8_t>(tags);
	f.arp = kNoHeader;
	f.l4 = L4::udp;
	f.l4_checked = true;
	return f;
}

// The shape of nearly every frame a port receives: Ethernet II, up to two
// VLAN tags, IPv4 without options and not a fragment, UDP or TCP with its
// header inside the IP payload. Its facts are the template for its tag
// count with what the frame says filled in, both checksums taken with the
// header read once; any other frame, or one that fails a check on the way,
// is left to the walk (false), which finds the same facts for this shape:
// the parsers' unit tests hold the two against each other over every
// variant of the shape and its near misses.
class Common
{
public:
	static bool parse(const uint8_t *p, uint32_t len, FrameFacts &f) noexcept;

private:
	static uint16_t be16(const uint8_t *p) noexcept
	{
		return static_cast<uint16_t>(p[0] << 8 | p[1]);
	}
	// Ones' complement addition of native 64-bit words (end-around
	// carry), folded to 16 bits as inet::sum() folds: the sum of the
	// little-endian 16-bit words, 0 only when every word is 0.
	static uint64_t add(uint64_t s, uint64_t w) noexcept
	{
		s += w;
		return s + (s < w);
	}
	static uint16_t fold(uint64_t s) noexcept
	{
		const uint32_t s32 = static_cast<uint32_t>((s + ((s << 32) | (s >> 32))) >> 32);
		return static_cast<uint16_t>((s32 + ((s32 << 16) | (s32 >> 16))) >> 16);
	}

	// The sum of [q, q + n) for n >= 8, unfolded: 8 bytes per addition
	// as inet::sum(), but the last n % 8 bytes taken from one load of the
	// 8 bytes that end the range (inside it, as n >= 8), shifted down to
	// the bytes not yet added: no tail byte by byte.
	static uint64_t sum8(const uint8_t *q, uint32_t n) noexcept
	{
		uint64_t s = 0, w;
		uint32_t i = 0;
		for (; i + 8 <= n; i += 8) {
			std::memcpy(&w, q + i, 8);
			s = add(s, w);
		}
		if (const uint32_t rest = n - i; rest != 0) {
			std::memcpy(&w, q + n - 8, 8);
			s = add(s, w >> (8 * (8 - rest)));
		}
		return s;
	}
	static constexpr FrameFacts kTemplates[3] = {common_facts(0), common_facts(1),
						     common_facts(2)};
};

bool Common::parse(const uint8_t *p, uint32_t len, FrameFacts &f) noexcept
{
	if constexpr (std::endian::native != std::endian::little)
		return false; // the sums below add little-endian words
	if (len < 14 + 20 + 8)
		return false;
	// Up to two tags (both and the type after them lie inside the 42
	// bytes checked); the type after them must be IPv4.
	auto is_tag = [](uint16_t t) { return t == kEthVlan || t == kEthQinq || t == kEthQinqOld; };
	unsigned tags = 0;
	if (uint16_t t = be16(p + 12); t != kEthIpv4) {
		if (!is_tag(t))
			return false;
		tags = 1;
		if (t = be16(p + 16); t != kEthIpv4) {
			if (!is_tag(t) || be16(p + 20) != kEthIpv4)
				return false;
			tags = 2;
		}
	}
	const uint32_t ipo = 14 + 4 * tags;
	const uint8_t *ip = p + ipo;
	const uint32_t total = be16(ip + 2);
	const uint16_t frag = be16(ip + 6);
	// Version 4, IHL 5; the payload inside the frame (42 bytes hold the
	// header); MF clear, offset 0.
	if (ip[0] != 0x45 || total < 20 || total > len - ipo || (frag & 0x3fff) != 0)
		return false;
	const uint8_t proto = ip[9];
	const uint32_t l4o = ipo + 20;
	const uint32_t l4_len = total - 20;
	uint32_t l4_hdr;
	if (proto == kProtoUdp) {
		l4_hdr = 8;
	} else if (proto == kProtoTcp) {
		if (l4_len < 20)
			return false;
		l4_hdr = (p[l4o + 12] >> 4) * 4u;
		if (l4_hdr < 20 || l4_hdr > l4_len)
			return false;
	} else {
		return false;
	}
	if (l4_len < 8)
		return false;

	// The IPv4 header (never all zero: its first byte is 0x45) is right
	// when its sum is ones' complement zero, i.e. folds to 0xffff; the
	// addresses' part of it is the pseudo-header's too.
	uint64_t h0, addrs;
	uint32_t h1;
	std::memcpy(&h0, ip, 8);
	std::memcpy(&h1, ip + 8, 4);
	std::memcpy(&addrs, ip + 12, 8);
	const uint64_t l4_sum = sum8(p + l4o, l4_len);
	f = kTemplates[tags];
	if (p[0] & 1) {
		const bool bcast = (p[0] & p[1] & p[2] & p[3] & p[4] & p[5]) == 0xff;
		f.l2 |= bcast ? l2::kBroadcast : l2::kMulticast;
	}
	if (fold(add(add(h0, h1), addrs)) != 0xffff)
		f.ip_error[0] = IpError::checksum;
	// UDP over IPv4 with checksum 0: none sent, valid. Otherwise the L4
	// bytes and the pseudo-header must sum to zero: the addresses, and
	// protocol and length, which are big-endian words, added shifted by
	// a byte (little-endian words sum to the big-endian sum times 2^8
	// modulo 0xffff, which decides). The total is not 0: proto is not.
	if (proto == kProtoTcp)
		f.l4 = L4::tcp;
	if (proto == kProtoTcp || be16(p + l4o + 6) != 0) {
		if (fold(add(add(l4_sum, addrs), uint64_t{proto + l4_len} << 8)) != 0xffff)
			f.l4_error = L4Error::checksum;
	}
	f.next_header = proto;
	f.l4_sum = __builtin_bswap16(fold(l4_sum));
	f.ipv4_frag = frag;
	f.off.next = static_cast<uint8_t>(l4o + l4_hdr);
	return true;
}

} // namespace

void frame_facts(std::span<const uint8_t> frame, FrameFacts &f) noexcept
{
	if (Common::parse(frame.data(), static_cast<uint32_t>(frame.size()), f))
		return;
	frame_facts_walk(frame, f);
}

void frame_facts_walk(std::span<const uint8_t> frame, FrameFacts &f) noexcept
{
	Walk w(frame, f);
	w.run();
}

} // namespace dpaa::model
