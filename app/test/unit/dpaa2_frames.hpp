/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Frames for WRIOP's tests, built byte by byte with their checksums
// computed here (RFC 1071), and a reader of what WRIOP writes that decides
// as upstream's net_dpaa2 Rx path decides (dpaa2_dev_rx_parse_new on the
// LX2160A, dpaa2_dev_rx_parse on the others, their slow parse, the
// checksum flags of 22.11.11: BAD from the FAS error bits): which packet type and flags a received
// frame gets from the FD and the annotation.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "dpaa2_hw/annotation.hpp"
#include "dpaa2_hw/fd.hpp"

namespace dpaa2_test
{

using Mac = std::array<uint8_t, 6>;
inline constexpr Mac kPortMac = {0x00, 0x00, 0x00, 0x00, 0x00, 0x03};
inline constexpr Mac kPeerMac = {0x02, 0x00, 0x00, 0x00, 0x00, 0x09};
inline constexpr Mac kBroadcast = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

inline void put16(std::vector<uint8_t> &f, uint16_t v)
{
	f.push_back(static_cast<uint8_t>(v >> 8));
	f.push_back(static_cast<uint8_t>(v));
}

inline uint16_t get16(const uint8_t *p)
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

inline uint32_t csum_add(const uint8_t *p, size_t n, uint32_t s = 0)
{
	for (size_t i = 0; i + 1 < n; i += 2)
		s += get16(p + i);
	if (n & 1)
		s += uint32_t{p[n - 1]} << 8;
	return s;
}

inline uint16_t csum_fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint16_t>(s);
}

// Ethernet header with tags (each a TPID and a TCI) and the ethertype.
inline std::vector<uint8_t>
eth(const Mac &dst, std::initializer_list<std::pair<uint16_t, uint16_t>> tags, uint16_t type)
{
	std::vector<uint8_t> f(dst.begin(), dst.end());
	f.insert(f.end(), kPeerMac.begin(), kPeerMac.end());
	for (auto [tpid, tci] : tags) {
		put16(f, tpid);
		put16(f, tci);
	}
	put16(f, type);
	return f;
}

struct Ip4 {
	std::array<uint8_t, 4> src{10, 0, 0, 1}, dst{10, 0, 0, 2};
	uint8_t proto = 17;
	uint16_t frag = 0; // flags and offset
	bool bad_header_csum = false;
};

// IPv4 + L4 (TCP/UDP with ports and a correct or broken checksum, or raw
// payload for other protocols) appended to f.
inline void ipv4(std::vector<uint8_t> &f, const Ip4 &ip, uint16_t sport, uint16_t dport,
		 size_t payload, bool bad_l4_csum = false, uint8_t tcp_flags = 0x10)
{
	const size_t ipo = f.size();
	size_t l4_len = payload;
	if (ip.proto == 17)
		l4_len += 8;
	else if (ip.proto == 6)
		l4_len += 20;
	f.push_back(0x45);
	f.push_back(0);
	put16(f, static_cast<uint16_t>(20 + l4_len));
	put16(f, 0x1234);
	put16(f, ip.frag);
	f.push_back(64);
	f.push_back(ip.proto);
	put16(f, 0);
	f.insert(f.end(), ip.src.begin(), ip.src.end());
	f.insert(f.end(), ip.dst.begin(), ip.dst.end());
	uint16_t c = static_cast<uint16_t>(~csum_fold(csum_add(f.data() + ipo, 20)));
	if (ip.bad_header_csum)
		c ^= 0x0101;
	f[ipo + 10] = static_cast<uint8_t>(c >> 8);
	f[ipo + 11] = static_cast<uint8_t>(c);
	const size_t l4o = f.size();
	if (ip.proto == 17) {
		put16(f, sport);
		put16(f, dport);
		put16(f, static_cast<uint16_t>(l4_len));
		put16(f, 0);
	} else if (ip.proto == 6) {
		put16(f, sport);
		put16(f, dport);
		put16(f, 0);
		put16(f, 1); // sequence
		put16(f, 0);
		put16(f, 0); // acknowledgement
		f.push_back(0x50);
		f.push_back(tcp_flags);
		put16(f, 8192);
		put16(f, 0);
		put16(f, 0);
	}
	for (size_t i = 0; i < payload; i++)
		f.push_back(static_cast<uint8_t>(i * 7 + 1));
	if (ip.proto == 17 || ip.proto == 6) {
		uint32_t s = csum_add(f.data() + ipo + 12, 8);
		s += ip.proto + static_cast<uint32_t>(l4_len);
		s = csum_add(f.data() + l4o, l4_len, s);
		uint16_t x = static_cast<uint16_t>(~csum_fold(s));
		if (ip.proto == 17 && x == 0)
			x = 0xffff;
		if (bad_l4_csum)
			x ^= 0x0202;
		const size_t field = l4o + (ip.proto == 17 ? 6 : 16);
		f[field] = static_cast<uint8_t>(x >> 8);
		f[field + 1] = static_cast<uint8_t>(x);
	}
}

// IPv6 + TCP or UDP.
inline void ipv6(std::vector<uint8_t> &f, uint8_t proto, uint16_t sport, uint16_t dport,
		 size_t payload, uint8_t tcp_flags = 0x18)
{
	const size_t ipo = f.size();
	const size_t l4_len = payload + (proto == 6 ? 20 : 8);
	f.push_back(0x60);
	f.push_back(0);
	put16(f, 0);
	put16(f, static_cast<uint16_t>(l4_len));
	f.push_back(proto);
	f.push_back(64);
	for (int i = 0; i < 16; i++)
		f.push_back(static_cast<uint8_t>(i == 0 ? 0x20 : i == 15 ? 1 : 0));
	for (int i = 0; i < 16; i++)
		f.push_back(static_cast<uint8_t>(i == 0 ? 0x20 : i == 15 ? 2 : 0));
	const size_t l4o = f.size();
	put16(f, sport);
	put16(f, dport);
	if (proto == 17) {
		put16(f, static_cast<uint16_t>(l4_len));
		put16(f, 0);
	} else {
		put16(f, 0);
		put16(f, 1);
		put16(f, 0);
		put16(f, 0);
		f.push_back(0x50);
		f.push_back(tcp_flags);
		put16(f, 8192);
		put16(f, 0);
		put16(f, 0);
	}
	for (size_t i = 0; i < payload; i++)
		f.push_back(static_cast<uint8_t>(i));
	uint32_t s = csum_add(f.data() + ipo + 8, 32) + proto + static_cast<uint32_t>(l4_len);
	s = csum_add(f.data() + l4o, l4_len, s);
	const uint16_t x = static_cast<uint16_t>(~csum_fold(s));
	const size_t field = l4o + (proto == 17 ? 6 : 16);
	f[field] = static_cast<uint8_t>(x >> 8);
	f[field + 1] = static_cast<uint8_t>(x);
}

inline std::vector<uint8_t> udp4(const Mac &dst = kPortMac, size_t payload = 18)
{
	auto f = eth(dst, {}, 0x0800);
	ipv4(f, Ip4{}, 1024, 4789, payload);
	return f;
}

inline std::vector<uint8_t> arp(const Mac &dst = kBroadcast)
{
	auto f = eth(dst, {}, 0x0806);
	const uint8_t body[28] = {0, 1, 8, 0, 6, 4, 0, 1, 2, 0, 0, 0, 0, 9, 10, 0, 0, 1};
	f.insert(f.end(), body, body + sizeof(body));
	return f;
}

// ------------------------------------------------------------ the reader
// What upstream's Rx path concludes, in its own terms.
enum class L2 { unknown, ether, vlan, qinq, arp, mpls };
enum class L3 { none, ipv4, ipv4_ext, ipv6, ipv6_ext };
enum class L4 { none, frag, nonfrag, tcp, udp, sctp, icmp };
struct Reading {
	bool fast = false; // the summary or word4 named the type
	L2 l2 = L2::unknown;
	L3 l3 = L3::none;
	L4 l4 = L4::none;
	bool rx_vlan = false, rx_qinq = false;
	uint16_t vlan_tci = 0;
	bool ip_bad = false, l4_bad = false;
	bool esp = false;
	uint32_t rss = 0;
	bool rss_flag = false;
};

namespace hwa = dpaa2::hw::hwa;

// The slow parse on the annotation; 'data' is the frame (mbuf data start).
inline Reading read_slow(const hwa::Annotation &a, const uint8_t *data)
{
	namespace lo = hwa::faf_lo;
	namespace hi = hwa::faf_hi;
	Reading r;
	const uint64_t w1 = a.fas.load(), w3 = a.faf_lo_next.load(), w4 = a.faf_hi.load();
	const uint8_t tci_off = hwa::offset_at(a.offsets_l2.load(), hwa::off5::kVlanTci1Shift);
	bool vlan = false, qinq = false;
	if (w3 & lo::kVlan1) {
		r.vlan_tci = get16(data + tci_off);
		r.rx_vlan = vlan = true;
	} else if (w3 & lo::kVlanN) {
		r.vlan_tci = get16(data + tci_off);
		r.rx_vlan = r.rx_qinq = qinq = true;
	}
	if (w3 & lo::kArp) {
		r.l2 = L2::arp;
		return r;
	}
	if (!(w3 & lo::kEthMac))
		return r;
	r.l2 = qinq ? L2::qinq : vlan ? L2::vlan : L2::ether;
	if (w3 & (lo::kMpls1 | lo::kMplsN))
		r.l2 = L2::mpls;
	if (w4 & (hi::kIpv4First | hi::kIpv4Last)) {
		r.l3 = (w4 & (hi::kIpFirstOptions | hi::kIpLastOptions)) ? L3::ipv4_ext : L3::ipv4;
	} else if (w4 & (hi::kIpv6First | hi::kIpv6Last)) {
		r.l3 = (w4 & (hi::kIpFirstOptions | hi::kIpLastOptions)) ? L3::ipv6_ext : L3::ipv6;
	} else {
		return r;
	}
	r.esp = w4 & (hi::kIpsecEsp | hi::kEsp);
	if (w1 & hwa::fas::word(hwa::fas::kL3ce))
		r.ip_bad = true;
	else if (w1 & hwa::fas::word(hwa::fas::kL4ce))
		r.l4_bad = true;
	if (w4 & (hi::kIpFirstFirstFragment | hi::kIpFirstMoreFragments | hi::kIpLastFirstFragment |
		  hi::kIpLastMoreFragments)) {
		r.l4 = L4::frag;
		return r;
	}
	r.l4 = L4::nonfrag;
	if (w4 & hi::kUdp)
		r.l4 = L4::udp;
	else if (w4 & hi::kTcp)
		r.l4 = L4::tcp;
	else if (w4 & hi::kSctp)
		r.l4 = L4::sctp;
	else if (w4 & hi::kIcmp)
		r.l4 = L4::icmp;
	return r;
}

// LX2160A: the FRC summary first.
inline Reading read_lx2(const dpaa2::hw::Fd &fd, const hwa::Annotation &a, const uint8_t *data)
{
	namespace ps = hwa::parse_summary;
	Reading r;
	r.fast = true;
	r.l2 = L2::ether;
	switch (hwa::frc::parse_summary(fd.frc())) {
	case ps::kEther:
		break;
	case ps::kIpv4:
		r.l3 = L3::ipv4;
		break;
	case ps::kIpv6:
		r.l3 = L3::ipv6;
		break;
	case ps::kIpv4Ext:
		r.l3 = L3::ipv4_ext;
		break;
	case ps::kIpv6Ext:
		r.l3 = L3::ipv6_ext;
		break;
	case ps::kIpv4Tcp:
		r.l3 = L3::ipv4, r.l4 = L4::tcp;
		break;
	case ps::kIpv6Tcp:
		r.l3 = L3::ipv6, r.l4 = L4::tcp;
		break;
	case ps::kIpv4Udp:
		r.l3 = L3::ipv4, r.l4 = L4::udp;
		break;
	case ps::kIpv6Udp:
		r.l3 = L3::ipv6, r.l4 = L4::udp;
		break;
	case ps::kIpv4Sctp:
		r.l3 = L3::ipv4, r.l4 = L4::sctp;
		break;
	case ps::kIpv6Sctp:
		r.l3 = L3::ipv6, r.l4 = L4::sctp;
		break;
	case ps::kIpv4Icmp:
		r.l3 = L3::ipv4, r.l4 = L4::icmp;
		break;
	case ps::kIpv6Icmp:
		r.l3 = L3::ipv6, r.l4 = L4::icmp;
		break;
	default:
		r = read_slow(a, data);
		break;
	}
	r.rss = fd.flc_hi();
	r.rss_flag = true;
	return r;
}

// LS2088A / LS1088A: word4 exactly one of six values, else the slow parse;
// the checksum flags always.
inline Reading read_ls2(const hwa::Annotation &a, const uint8_t *data)
{
	namespace hi = hwa::faf_hi;
	Reading r;
	const uint64_t w1 = a.fas.load();
	const bool ip_bad = w1 & hwa::fas::word(hwa::fas::kL3ce);
	const bool l4_bad = !ip_bad && (w1 & hwa::fas::word(hwa::fas::kL4ce));
	if (!(a.faf_lo_next.load() & hwa::faf_lo::kDpdkSlowParseMask)) {
		r.fast = true;
		r.l2 = L2::ether;
		switch (a.faf_hi.load()) {
		case hi::kFastIpv4:
			r.l3 = L3::ipv4;
			break;
		case hi::kFastIpv6:
			r.l3 = L3::ipv6;
			break;
		case hi::kFastIpv4Tcp:
			r.l3 = L3::ipv4, r.l4 = L4::tcp;
			break;
		case hi::kFastIpv4Udp:
			r.l3 = L3::ipv4, r.l4 = L4::udp;
			break;
		case hi::kFastIpv6Tcp:
			r.l3 = L3::ipv6, r.l4 = L4::tcp;
			break;
		case hi::kFastIpv6Udp:
			r.l3 = L3::ipv6, r.l4 = L4::udp;
			break;
		default:
			r.fast = false;
		}
	}
	if (!r.fast)
		r = read_slow(a, data);
	r.ip_bad = ip_bad;
	r.l4_bad = l4_bad;
	return r;
}

} // namespace dpaa2_test
