/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan parser model: frames built byte by byte, every parse-result field
// compared with what the FMan reference manual's layout says it must hold.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>

#include "dpaa_model/parser.hpp"
#include "dpaa_model/reported.hpp"
#include "fman_test_support.hpp"

namespace dpaa::test
{
namespace
{

namespace l2r = fm::l2r;
namespace l3r = fm::l3r;
namespace l4r = fm::l4r;
namespace fds = fm::fd_status;

constexpr uint8_t kNo = fm::kNoOffset;

struct Want {
	uint16_t l2r = l2r::kEthernet;
	uint16_t l3r = 0;
	uint8_t l4r = 0;
	uint16_t nxthdr = 0;
	uint16_t cksum = 0;
	uint16_t flags_frag_off = 0;
	uint8_t route_type = 0;
	uint8_t rhp_ip_valid = 0;
	uint8_t ip_pid_off = kNo;
	uint8_t eth_off = 0;
	uint8_t llc_snap_off = kNo;
	uint8_t vlan_off[2] = {kNo, kNo};
	uint8_t etype_off = 12;
	uint8_t pppoe_off = kNo;
	uint8_t mpls_off[2] = {kNo, kNo};
	uint8_t ip_off[2] = {kNo, kNo};
	uint8_t gre_off = kNo;
	uint8_t l4_off = kNo;
	uint8_t nxthdr_off = kNo;
	uint32_t status = 0;
};

// The running sum the FMan reports: ones' complement sum from the L4 header
// to the end of the IP payload (computed here with the test's own code).
uint16_t running_sum(const Bytes &f, size_t from, size_t to)
{
	return static_cast<uint16_t>(~ref_csum(&f[from], to - from) & 0xffff);
}

void check(const Bytes &f, const Want &w)
{
	fm::ParseResult pr;
	std::memset(&pr, 0x5a, sizeof(pr)); // everything must be written
	const uint32_t status = model::parse_frame(f, pr).fd_status;
	EXPECT_EQ(pr.lpid, 0);
	EXPECT_EQ(pr.shimr, 0);
	EXPECT_EQ(pr.l2r.load(), w.l2r);
	EXPECT_EQ(pr.l3r.load(), w.l3r);
	EXPECT_EQ(pr.l4r, w.l4r);
	EXPECT_EQ(pr.cplan, 0);
	EXPECT_EQ(pr.nxthdr.load(), w.nxthdr);
	EXPECT_EQ(pr.cksum.load(), w.cksum);
	EXPECT_EQ(pr.flags_frag_off.load(), w.flags_frag_off);
	EXPECT_EQ(pr.route_type, w.route_type);
	EXPECT_EQ(pr.rhp_ip_valid, w.rhp_ip_valid);
	EXPECT_EQ(pr.shim_off[0], kNo);
	EXPECT_EQ(pr.shim_off[1], kNo);
	EXPECT_EQ(pr.ip_pid_off, w.ip_pid_off);
	EXPECT_EQ(pr.eth_off, w.eth_off);
	EXPECT_EQ(pr.llc_snap_off, w.llc_snap_off);
	EXPECT_EQ(pr.vlan_off[0], w.vlan_off[0]);
	EXPECT_EQ(pr.vlan_off[1], w.vlan_off[1]);
	EXPECT_EQ(pr.etype_off, w.etype_off);
	EXPECT_EQ(pr.pppoe_off, w.pppoe_off);
	EXPECT_EQ(pr.mpls_off[0], w.mpls_off[0]);
	EXPECT_EQ(pr.mpls_off[1], w.mpls_off[1]);
	EXPECT_EQ(pr.ip_off[0], w.ip_off[0]);
	EXPECT_EQ(pr.ip_off[1], w.ip_off[1]);
	EXPECT_EQ(pr.gre_off, w.gre_off);
	EXPECT_EQ(pr.l4_off, w.l4_off);
	EXPECT_EQ(pr.nxthdr_off, w.nxthdr_off);
	EXPECT_EQ(status, w.status);
}

// Fills the IP/L4 fields of 'w' for a frame with one IP header at 'ip'.
Want ip_l4(const Bytes &f, uint8_t ip, bool v6, uint8_t l4, uint8_t l4r_type, uint8_t proto,
	   uint8_t l4_hdr_len)
{
	Want w;
	w.l3r = v6 ? l3r::kFirstIpv6 : l3r::kFirstIpv4;
	w.l4r = l4r_type;
	w.nxthdr = proto;
	w.rhp_ip_valid = 1;
	w.ip_pid_off = static_cast<uint8_t>(ip + (v6 ? 6 : 9));
	w.ip_off[0] = w.ip_off[1] = ip;
	w.etype_off = static_cast<uint8_t>(ip - 2);
	w.l4_off = l4;
	w.nxthdr_off = static_cast<uint8_t>(l4 + l4_hdr_len);
	w.cksum = running_sum(f, l4, f.size());
	w.status = fds::kL4ChecksumValidated;
	return w;
}

TEST(FmanParser, UnknownEthertype)
{
	Bytes f = FrameBuilder().etype(0x88b5).payload(50).finish();
	Want w;
	w.l2r = l2r::kEthernet | l2r::kUnknownEthType;
	w.nxthdr = 0x88b5;
	w.nxthdr_off = 14;
	check(f, w);
}

TEST(FmanParser, Arp)
{
	Bytes f = FrameBuilder(Mac6{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}})
			  .etype(0x0806)
			  .payload(46)
			  .finish();
	Want w;
	w.l2r = l2r::kEthernet | l2r::kBroadcast;
	w.nxthdr = 0x0806;
	w.nxthdr_off = 14;
	check(f, w);
}

TEST(FmanParser, Ipv4Udp)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(18).finish();
	check(f, ip_l4(f, 14, false, 34, l4r::kUdp, 17, 8));
}

TEST(FmanParser, Ipv4TcpBroadcastAndUpstreamMask)
{
	Bytes f = FrameBuilder(Mac6{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}})
			  .etype(0x0800)
			  .ipv4(6)
			  .tcp()
			  .payload(10)
			  .finish();
	Want w = ip_l4(f, 14, false, 34, l4r::kTcp, 6, 20);
	w.l2r |= l2r::kBroadcast;
	check(f, w);

	// The first 8 bytes, as DPDK's dpaa driver reads them (a little-endian
	// 64-bit load masked with 0x00F044EF00800000), say "Ether/IPv4/TCP".
	Bytes u = FrameBuilder().etype(0x0800).ipv4(6).tcp().payload(10).finish();
	fm::ParseResult pr;
	model::parse_frame(u, pr);
	uint64_t le = 0;
	const auto *b = reinterpret_cast<const uint8_t *>(&pr);
	for (int i = 7; i >= 0; i--)
		le = le << 8 | b[i];
	EXPECT_EQ(le & 0x00F044EF00800000ull, 0x0020008000800000ull);
}

TEST(FmanParser, VlanIpv4Tcp)
{
	Bytes f = FrameBuilder().vlan(0x8100, 0x0064).etype(0x0800).ipv4(6).tcp().finish();
	Want w = ip_l4(f, 18, false, 38, l4r::kTcp, 6, 20);
	w.l2r |= l2r::kVlan;
	w.vlan_off[0] = 14;
	check(f, w);
}

TEST(FmanParser, QinQ88a8Ipv6Udp)
{
	Bytes f = FrameBuilder()
			  .vlan(0x88a8, 0x0005)
			  .vlan(0x8100, 0x0064)
			  .etype(0x86dd)
			  .ipv6(17)
			  .udp()
			  .payload(20)
			  .finish();
	Want w = ip_l4(f, 22, true, 62, l4r::kUdp, 17, 8);
	w.l2r |= l2r::kVlan;
	w.vlan_off[0] = 14;
	w.vlan_off[1] = 18;
	check(f, w);
}

TEST(FmanParser, QinQ8100Outer)
{
	Bytes f = FrameBuilder()
			  .vlan(0x8100, 0x0005)
			  .vlan(0x8100, 0x0064)
			  .etype(0x0800)
			  .ipv4(17)
			  .udp()
			  .payload(8)
			  .finish();
	Want w = ip_l4(f, 22, false, 42, l4r::kUdp, 17, 8);
	w.l2r |= l2r::kVlan;
	w.vlan_off[0] = 14;
	w.vlan_off[1] = 18;
	check(f, w);
}

TEST(FmanParser, Ipv4OptionsTcp)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(6, 0x0a000001, 0x0a000002, 2).tcp().finish();
	Want w = ip_l4(f, 14, false, 42, l4r::kTcp, 6, 20);
	w.l3r |= l3r::kFirstOptions;
	check(f, w);
}

TEST(FmanParser, Ipv4FirstFragmentUdp)
{
	Bytes f = FrameBuilder()
			  .etype(0x0800)
			  .ipv4(17, 0x0a000001, 0x0a000002, 0, 0x2000)
			  .udp()
			  .payload(40)
			  .finish();
	Want w = ip_l4(f, 14, false, 34, l4r::kUdp, 17, 8);
	w.l3r |= l3r::kFirstFragment | l3r::kFirstInitialFragment;
	w.flags_frag_off = 0x2000;
	w.status = 0; // a fragment's L4 checksum cannot be checked
	check(f, w);
}

TEST(FmanParser, Ipv4LaterFragment)
{
	Bytes f = FrameBuilder()
			  .etype(0x0800)
			  .ipv4(17, 0x0a000001, 0x0a000002, 0, 100)
			  .payload(40)
			  .finish();
	Want w;
	w.l3r = l3r::kFirstIpv4 | l3r::kFirstFragment;
	w.nxthdr = 17;
	w.flags_frag_off = 100;
	w.rhp_ip_valid = 1;
	w.ip_pid_off = 23;
	w.ip_off[0] = w.ip_off[1] = 14;
	w.nxthdr_off = 34;
	check(f, w);
}

TEST(FmanParser, Ipv6ExtensionHeadersTcp)
{
	FrameBuilder fb;
	fb.etype(0x86dd).ipv6(0).ipv6_ext(60).ipv6_ext(6).tcp().payload(5);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 14, true, 70, l4r::kTcp, 6, 20);
	w.l3r |= l3r::kFirstOptions;
	w.ip_pid_off = static_cast<uint8_t>(fb.ext_off[1]); // NH field of the last extension
	check(f, w);
}

TEST(FmanParser, Ipv6FragmentHeaderUdp)
{
	FrameBuilder fb;
	fb.etype(0x86dd).ipv6(44).ipv6_frag(17, 0, true).udp().payload(16);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 14, true, 62, l4r::kUdp, 17, 8);
	w.l3r |= l3r::kFirstOptions | l3r::kFirstFragment | l3r::kFirstInitialFragment;
	w.ip_pid_off = 54;
	w.status = 0;
	check(f, w);
}

TEST(FmanParser, Icmp)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(1).icmp(false).payload(30).finish();
	check(f, ip_l4(f, 14, false, 34, l4r::kNone, 1, 4));
}

TEST(FmanParser, Icmpv6)
{
	Bytes f = FrameBuilder().etype(0x86dd).ipv6(58).icmp(true).payload(30).finish();
	check(f, ip_l4(f, 14, true, 54, l4r::kNone, 58, 4));
}

TEST(FmanParser, SctpNotVerified)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(132).sctp().payload(20).finish();
	Want w = ip_l4(f, 14, false, 34, l4r::kSctp, 132, 12);
	w.cksum = 0;
	w.status = 0;
	check(f, w);
}

TEST(FmanParser, GreTunnelIpv4InIpv4)
{
	FrameBuilder fb;
	fb.etype(0x0800).ipv4(47).gre(0x0800).ipv4(6, 0xc0a80001, 0xc0a80002).tcp().payload(8);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 14, false, 58, l4r::kTcp, 6, 20);
	w.l3r = l3r::kFirstIpv4 | l3r::kGre | l3r::kLastIpv4;
	w.gre_off = 34;
	w.ip_off[1] = 38;
	w.ip_pid_off = 38 + 9;
	check(f, w);
}

TEST(FmanParser, BadIpv4HeaderChecksum)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(18).finish();
	f[24] ^= 0xff; // checksum byte
	Want w = ip_l4(f, 14, false, 34, l4r::kUdp, 17, 8);
	w.l3r |= l3r::kFirstError | l3r::kFirstErrChecksum;
	check(f, w);
	// What DPDK's dpaa driver calls an IPv4 checksum error (0x0000400200000000).
	fm::ParseResult pr;
	model::parse_frame(f, pr);
	EXPECT_EQ(pr.l3r.load() & 0x0240, 0x0240);
}

TEST(FmanParser, BadTcpChecksum)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(6).tcp().payload(12).finish();
	f[f.size() - 1] ^= 0x01;
	Want w = ip_l4(f, 14, false, 34, l4r::kTcp | l4r::kError, 6, 20);
	check(f, w);
}

TEST(FmanParser, TruncatedIpv4IsAHeaderError)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(18).finish();
	put16(f, 16, 200); // total length beyond the frame
	Want w;
	w.l3r = l3r::kFirstIpv4 | l3r::kFirstError | l3r::kFirstErrLength;
	w.nxthdr = 0x0800;
	w.ip_off[0] = w.ip_off[1] = 14;
	w.nxthdr_off = 14;
	w.status = fds::kErrPrsHeader;
	check(f, w);
}

TEST(FmanParser, MulticastIpv6Udp)
{
	Bytes f = FrameBuilder(Mac6{{0x33, 0x33, 0x00, 0x00, 0x00, 0x01}})
			  .etype(0x86dd)
			  .ipv6(17)
			  .udp()
			  .payload(12)
			  .finish();
	Want w = ip_l4(f, 14, true, 54, l4r::kUdp, 17, 8);
	w.l2r |= l2r::kMulticast;
	check(f, w);
}

TEST(FmanParser, LlcSnapIpv4Udp)
{
	FrameBuilder fb;
	fb.raw({0x00, 0x00, 0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00});
	fb.ip_off.clear();
	fb.ipv4(17).udp().payload(10);
	Bytes f = fb.finish();
	put16(f, 12, static_cast<uint16_t>(f.size() - 14)); // 802.3 length
	Want w = ip_l4(f, 22, false, 42, l4r::kUdp, 17, 8);
	w.l2r |= l2r::kLlcSnap;
	w.llc_snap_off = 14;
	w.etype_off = 20;
	check(f, w);
}

TEST(FmanParser, PppoeSessionIpv4Udp)
{
	FrameBuilder fb;
	fb.etype(0x8864).raw({0x11, 0x00, 0x12, 0x34, 0x00, 0x00, 0x00, 0x21});
	fb.ipv4(17).udp().payload(12);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 22, false, 42, l4r::kUdp, 17, 8);
	w.l2r |= l2r::kPppoe;
	w.pppoe_off = 14;
	w.etype_off = 12;
	check(f, w);
}

TEST(FmanParser, MplsTwoLabelsIpv4Tcp)
{
	FrameBuilder fb;
	fb.etype(0x8847).raw({0x00, 0x01, 0x00, 0x40, 0x00, 0x02, 0x01, 0x40});
	fb.ipv4(6).tcp().payload(4);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 22, false, 42, l4r::kTcp, 6, 20);
	w.l2r |= l2r::kMpls;
	w.mpls_off[0] = 14;
	w.mpls_off[1] = 18;
	w.etype_off = 12;
	check(f, w);
}

TEST(FmanParser, Ipv6InIpv4TunnelUdp)
{
	FrameBuilder fb;
	fb.etype(0x0800).ipv4(41).ipv6(17).udp().payload(8);
	Bytes f = fb.finish();
	Want w = ip_l4(f, 14, false, 74, l4r::kUdp, 17, 8);
	w.l3r = l3r::kFirstIpv4 | l3r::kLastIpv6;
	w.ip_off[1] = 34;
	w.ip_pid_off = 40;
	check(f, w);
}

TEST(FmanParser, NeverReadsPastShortFrames)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(6).tcp().payload(30).finish();
	for (size_t n = 0; n < f.size(); n++) {
		Bytes cut(f.begin(), f.begin() + n);
		fm::ParseResult pr;
		uint32_t status = model::parse_frame(cut, pr).fd_status;
		// Every cut is a malformed frame: L2 too short, or an IPv4 total
		// length beyond the end; the parser stops inside what it was given.
		EXPECT_TRUE(status & fds::kErrPrsHeader) << n;
		EXPECT_LE(pr.nxthdr_off, n) << n;
		if (n < 14) {
			EXPECT_EQ(pr.l2r.load() & l2r::kErrorMask,
				  model::reported::kL2rErrTruncated)
				<< n;
		} else {
			EXPECT_EQ(pr.l3r.load() & l3r::kFirstError, l3r::kFirstError) << n;
			EXPECT_EQ(pr.l4r, 0) << n;
		}
	}
}

// parse_frame() takes a shortcut for Ethernet II / VLAN / IPv4 / UDP or
// TCP frames; the generic walk must find, byte for byte, the same result
// and FD status for every such frame and every near miss: other tag
// types and counts, options, fragments, bad checksums (IPv4, L4, a UDP
// checksum of 0), IP lengths short of the frame or past it, TCP data
// offsets, L4 headers cut short, other protocols, frames cut at every
// length, and random damage to the first 64 bytes.
void expect_same_as_walk(const Bytes &f, const char *what)
{
	fm::ParseResult got, want;
	std::memset(&got, 0x5a, sizeof(got));
	std::memset(&want, 0xa5, sizeof(want));
	const uint32_t got_status = model::parse_frame(f, got).fd_status;
	const uint32_t want_status = model::parse_frame_walk(f, want).fd_status;
	EXPECT_EQ(got_status, want_status) << what << ", " << f.size() << " bytes";
	EXPECT_EQ(std::memcmp(&got, &want, sizeof(got)), 0) << what << ", " << f.size() << " bytes";
}

TEST(FmanParser, CommonFramesAsTheWalkFindsThem)
{
	std::vector<std::pair<std::string, Bytes>> frames;
	const Mac6 dsts[] = {kPortMac,
			     {{0x01, 0x00, 0x5e, 0x00, 0x00, 0x01}},
			     {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}}};
	const std::vector<std::vector<uint16_t>> tag_sets = {{},
							     {0x8100},
							     {0x88a8},
							     {0x9100},
							     {0x88a8, 0x8100},
							     {0x8100, 0x8100},
							     {0x8100, 0x8100, 0x8100}};
	const uint8_t protos[] = {17, 6, 1, 132, 99};
	const uint16_t frags[] = {0, 0x4000, 0x2000, 0x0001};
	const size_t payloads[] = {0, 1, 18, 19, 100};
	for (const Mac6 &dst : dsts)
		for (const auto &tags : tag_sets)
			for (uint8_t proto : protos)
				for (uint16_t frag : frags)
					for (size_t n : payloads)
						for (unsigned opts : {0u, 1u}) {
							FrameBuilder fb(dst);
							for (uint16_t t : tags)
								fb.vlan(t, 0x0064);
							fb.etype(0x0800).ipv4(proto, 0x0a000001,
									      0x0a000002, opts,
									      frag);
							if (proto == 17)
								fb.udp();
							else if (proto == 6)
								fb.tcp();
							else if (proto == 1)
								fb.icmp(false);
							fb.payload(n, static_cast<uint8_t>(n));
							frames.emplace_back("built", fb.finish());
						}
	// Damage the shape is sensitive to, on an untagged and a tagged frame.
	for (unsigned tagged = 0; tagged < 2; tagged++) {
		for (uint8_t proto : {uint8_t{17}, uint8_t{6}}) {
			FrameBuilder fb;
			if (tagged)
				fb.vlan(0x8100, 0x0005);
			fb.etype(0x0800).ipv4(proto);
			proto == 17 ? fb.udp() : fb.tcp();
			const Bytes good = fb.payload(22).finish();
			const size_t ip = fb.ip_off[0], l4 = fb.l4_off;
			auto variant = [&](const char *what, auto change) {
				Bytes f = good;
				change(f);
				frames.emplace_back(what, f);
			};
			variant("ip checksum", [&](Bytes &f) { f[ip + 10] ^= 0x40; });
			variant("l4 checksum",
				[&](Bytes &f) { f[l4 + (proto == 17 ? 6 : 16)] ^= 1; });
			variant("udp checksum 0", [&](Bytes &f) { put16(f, l4 + 6, 0); });
			variant("padding", [&](Bytes &f) { f.resize(f.size() + 7, 0); });
			for (uint16_t total : {0, 19, 20, 27, 28, 39, 40, 41, 200})
				variant("ip total", [&](Bytes &f) {
					put16(f, ip + 2, total);
					put16(f, ip + 10, 0);
					put16(f, ip + 10, ref_csum(&f[ip], 20));
				});
			for (uint8_t v : {0x44, 0x46, 0x55, 0x65, 0x05})
				variant("version/ihl", [&](Bytes &f) { f[ip] = v; });
			for (uint8_t doff : {0x00, 0x40, 0x60, 0x80, 0xf0})
				if (proto == 6)
					variant("tcp doff", [&](Bytes &f) { f[l4 + 12] = doff; });
			for (uint8_t b : {0x00, 0xff})
				variant("all-zero or all-one l4", [&](Bytes &f) {
					std::fill(f.begin() + static_cast<long>(l4), f.end(), b);
				});
			for (size_t n = 0; n <= good.size(); n++)
				frames.emplace_back(
					"cut",
					Bytes(good.begin(), good.begin() + static_cast<long>(n)));
		}
	}
	std::mt19937 rng(14);
	const size_t built = frames.size();
	for (size_t i = 0; i < built; i++) {
		if (frames[i].second.size() < 14)
			continue;
		for (unsigned k = 0; k < 8; k++) {
			Bytes f = frames[i].second;
			const size_t span = std::min<size_t>(f.size(), 64);
			for (unsigned hits = 1 + rng() % 3; hits > 0; hits--)
				f[rng() % span] = static_cast<uint8_t>(rng());
			frames.emplace_back("damaged", f);
		}
	}
	for (const auto &[what, f] : frames)
		expect_same_as_walk(f, what.c_str());
}

} // namespace
} // namespace dpaa::test
