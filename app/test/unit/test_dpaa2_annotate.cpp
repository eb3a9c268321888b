/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP's annotation and LX2 parse summary for the frames upstream's
// net_dpaa2 sees most, read as its Rx path reads them (dpaa2_frames.hpp):
// the packet type and flags it would give each frame.

#include <gtest/gtest.h>

#include <cstring>

#include "dpaa2_frames.hpp"
#include "dpaa2_model/annotate.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace
{

using namespace dpaa2_test;
namespace hwa = dpaa2::hw::hwa;
namespace lo = hwa::faf_lo;
namespace hi = hwa::faf_hi;

struct Annotated {
	hwa::Annotation a{};
	dpaa2::hw::Fd fd{};
	uint16_t summary;
};

// What WRIOP writes for a frame: FAS (with the Rx checksum offloads on or
// off), parse results, and the LX2 summary in FRC[31:16].
Annotated annotate(const std::vector<uint8_t> &f, bool csum = true)
{
	dpaa::model::FrameFacts facts;
	dpaa::model::frame_facts(f, facts);
	Annotated r;
	r.a.fas.store(hwa::fas::word(dpaa2::model::fas_status(facts, csum, csum)));
	dpaa2::model::annotate_parse_results(facts, f, r.a);
	r.summary = dpaa2::model::lx2_parse_summary(facts);
	r.fd.set_frc(uint32_t{r.summary} << 16 | hwa::frc::kFasv | hwa::frc::kFaprv);
	return r;
}

TEST(Dpaa2Annotate, UntaggedIpv4UdpTakesBothFastPaths)
{
	const auto f = udp4();
	const Annotated x = annotate(f);
	EXPECT_EQ(x.a.faf_lo_next.load(), lo::kEthMac | lo::kEthUnicast | uint64_t{17} << 48);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4Udp);
	EXPECT_EQ(x.summary, hwa::parse_summary::kIpv4Udp);
	const Reading lx2 = read_lx2(x.fd, x.a, f.data());
	EXPECT_TRUE(lx2.fast);
	EXPECT_EQ(lx2.l3, L3::ipv4);
	EXPECT_EQ(lx2.l4, L4::udp);
	const Reading ls2 = read_ls2(x.a, f.data());
	EXPECT_TRUE(ls2.fast);
	EXPECT_EQ(ls2.l3, L3::ipv4);
	EXPECT_EQ(ls2.l4, L4::udp);
	EXPECT_FALSE(ls2.ip_bad || ls2.l4_bad);
	// Offsets: Ethernet at 0, the ethertype at 12, IP at 14, UDP at 34.
	const uint64_t w5 = x.a.offsets_l2.load(), w6 = x.a.offsets_l3.load();
	EXPECT_EQ(hwa::offset_at(w5, hwa::off5::kEthShift), 0);
	EXPECT_EQ(hwa::offset_at(w5, hwa::off5::kLastEtypeShift), 12);
	EXPECT_EQ(hwa::offset_at(w5, hwa::off5::kVlanTci1Shift), hwa::kNoOffset);
	EXPECT_EQ(hwa::offset_at(w6, hwa::off6::kArpIp1Shift), 14);
	EXPECT_EQ(hwa::offset_at(w6, hwa::off6::kL4Shift), 34);
	EXPECT_EQ(hwa::fas::status(x.a.fas.load()), hwa::fas::kL3cv | hwa::fas::kL4cv);
}

// The FAS's PTP mark: IEEE 1588 over Ethernet (after any tag) and over UDP
// to the event or general port; nothing else.
bool ptp(const std::vector<uint8_t> &f)
{
	dpaa::model::FrameFacts facts;
	dpaa::model::frame_facts(f, facts);
	return dpaa2::model::ptp_message(facts, f);
}

std::vector<uint8_t> with_payload(std::vector<uint8_t> f, size_t n)
{
	f.resize(f.size() + n, 0);
	return f;
}

TEST(Dpaa2Annotate, PtpMessagesAreMarkedOthersAreNot)
{
	EXPECT_TRUE(ptp(with_payload(eth(kPortMac, {}, 0x88f7), 46)));
	EXPECT_TRUE(ptp(with_payload(eth(kPortMac, {{0x8100, 5}}, 0x88f7), 46)));
	for (uint16_t port : {319, 320}) {
		auto f = eth(kPortMac, {}, 0x0800);
		ipv4(f, Ip4{}, port, port, 44);
		EXPECT_TRUE(ptp(f)) << port;
	}
	EXPECT_FALSE(ptp(udp4()));
	EXPECT_FALSE(ptp(arp()));
	EXPECT_FALSE(ptp(with_payload(eth(kPortMac, {}, 0x88b5), 46)));
}

TEST(Dpaa2Annotate, SingleTagGoesToTheSlowParseWithItsTci)
{
	auto f = eth(kPortMac, {{0x8100, 0x2064}}, 0x0800);
	ipv4(f, Ip4{}, 1, 2, 30);
	const Annotated x = annotate(f);
	const uint64_t w3 = x.a.faf_lo_next.load();
	EXPECT_TRUE(w3 & lo::kEthMac);
	EXPECT_TRUE(w3 & lo::kVlan1);
	EXPECT_FALSE(w3 & lo::kVlanN);
	EXPECT_EQ(hwa::offset_at(x.a.offsets_l2.load(), hwa::off5::kVlanTci1Shift), 14);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4Udp);
	EXPECT_EQ(x.summary, 0x0100 | hwa::parse_summary::kIpv4Udp);
	for (const Reading &r : {read_lx2(x.fd, x.a, f.data()), read_ls2(x.a, f.data())}) {
		EXPECT_FALSE(r.fast);
		EXPECT_TRUE(r.rx_vlan);
		EXPECT_FALSE(r.rx_qinq);
		EXPECT_EQ(r.vlan_tci, 0x2064);
		EXPECT_EQ(r.l2, L2::vlan);
		EXPECT_EQ(r.l3, L3::ipv4);
		EXPECT_EQ(r.l4, L4::udp);
	}
}

TEST(Dpaa2Annotate, QinqIsVlanNWithTheOuterTci)
{
	auto f = eth(kPortMac, {{0x88a8, 0x0007}, {0x8100, 0x0064}}, 0x0800);
	ipv4(f, Ip4{}, 1, 2, 30);
	const Annotated x = annotate(f);
	const uint64_t w3 = x.a.faf_lo_next.load();
	EXPECT_TRUE(w3 & lo::kVlanN);
	EXPECT_FALSE(w3 & lo::kVlan1);
	EXPECT_EQ(hwa::offset_at(x.a.offsets_l2.load(), hwa::off5::kVlanTci1Shift), 14);
	EXPECT_EQ(hwa::offset_at(x.a.offsets_l2.load(), hwa::off5::kVlanTciNShift), 18);
	EXPECT_EQ(x.summary, 0x0200 | hwa::parse_summary::kIpv4Udp);
	const Reading r = read_lx2(x.fd, x.a, f.data());
	EXPECT_TRUE(r.rx_vlan && r.rx_qinq);
	EXPECT_EQ(r.vlan_tci, 0x0007);
	EXPECT_EQ(r.l2, L2::qinq);
	EXPECT_EQ(r.l4, L4::udp);
}

TEST(Dpaa2Annotate, Ipv6Tcp)
{
	auto f = eth(kPortMac, {}, 0x86dd);
	ipv6(f, 6, 80, 40000, 100);
	const Annotated x = annotate(f);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv6Tcp);
	EXPECT_EQ(x.summary, hwa::parse_summary::kIpv6Tcp);
	EXPECT_EQ(hwa::offset_at(x.a.offsets_l3.load(), hwa::off6::kL4Shift), 54);
	const Reading r = read_ls2(x.a, f.data());
	EXPECT_TRUE(r.fast);
	EXPECT_EQ(r.l3, L3::ipv6);
	EXPECT_EQ(r.l4, L4::tcp);
	const Reading l = read_lx2(x.fd, x.a, f.data());
	EXPECT_EQ(l.l3, L3::ipv6);
	EXPECT_EQ(l.l4, L4::tcp);
}

TEST(Dpaa2Annotate, ArpIsReadAsArp)
{
	const auto f = arp();
	const Annotated x = annotate(f);
	EXPECT_TRUE(x.a.faf_lo_next.load() & lo::kArp);
	EXPECT_TRUE(x.a.faf_lo_next.load() & lo::kEthBroadcast);
	EXPECT_EQ(hwa::fas::status(x.a.fas.load()) & hwa::fas::kBc, hwa::fas::kBc);
	EXPECT_EQ(hwa::offset_at(x.a.offsets_l3.load(), hwa::off6::kArpIp1Shift), 14);
	for (const Reading &r : {read_lx2(x.fd, x.a, f.data()), read_ls2(x.a, f.data())}) {
		EXPECT_FALSE(r.fast);
		EXPECT_EQ(r.l2, L2::arp);
	}
}

TEST(Dpaa2Annotate, ChecksumErrorsOnlyWithTheOffloadsOn)
{
	auto f = eth(kPortMac, {}, 0x0800);
	Ip4 ip;
	ip.bad_header_csum = true;
	ipv4(f, ip, 1, 2, 30);
	Annotated x = annotate(f);
	EXPECT_EQ(hwa::fas::status(x.a.fas.load()) & (hwa::fas::kL3cv | hwa::fas::kL3ce),
		  hwa::fas::kL3cv | hwa::fas::kL3ce);
	// A bad checksum is no parse error: the type is still IPv4/UDP.
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4Udp);
	Reading r = read_ls2(x.a, f.data());
	EXPECT_TRUE(r.ip_bad);
	EXPECT_EQ(r.l4, L4::udp);
	x = annotate(f, false);
	EXPECT_EQ(hwa::fas::status(x.a.fas.load()) &
			  (hwa::fas::kL3cv | hwa::fas::kL3ce | hwa::fas::kL4cv | hwa::fas::kL4ce),
		  0u);
	EXPECT_FALSE(read_ls2(x.a, f.data()).ip_bad);

	auto g = eth(kPortMac, {}, 0x0800);
	ipv4(g, Ip4{}, 1, 2, 30, true);
	x = annotate(g);
	EXPECT_EQ(hwa::fas::status(x.a.fas.load()) &
			  (hwa::fas::kL3ce | hwa::fas::kL4cv | hwa::fas::kL4ce),
		  hwa::fas::kL4cv | hwa::fas::kL4ce);
	r = read_ls2(x.a, g.data());
	EXPECT_FALSE(r.ip_bad);
	EXPECT_TRUE(r.l4_bad);
}

TEST(Dpaa2Annotate, FragmentsAndOtherProtocols)
{
	auto f = eth(kPortMac, {}, 0x0800);
	Ip4 ip;
	ip.frag = 0x2000; // first fragment, more to come
	ipv4(f, ip, 1, 2, 30);
	Annotated x = annotate(f);
	EXPECT_TRUE(x.a.faf_hi.load() & hi::kIpFirstFirstFragment);
	EXPECT_EQ(x.summary & dpaa2::model::kOtherSummary, dpaa2::model::kOtherSummary);
	Reading r = read_lx2(x.fd, x.a, f.data());
	EXPECT_FALSE(r.fast);
	EXPECT_EQ(r.l4, L4::frag);

	auto g = eth(kPortMac, {}, 0x0800);
	ip.frag = 0x0010; // a later fragment
	ipv4(g, ip, 1, 2, 30);
	x = annotate(g);
	EXPECT_TRUE(x.a.faf_hi.load() & hi::kIpFirstMoreFragments);
	EXPECT_EQ(read_ls2(x.a, g.data()).l4, L4::frag);

	// An IP protocol with no L4 parse: plain IPv4, both fast paths.
	auto h = eth(kPortMac, {}, 0x0800);
	Ip4 gre_less;
	gre_less.proto = 253;
	ipv4(h, gre_less, 0, 0, 20);
	x = annotate(h);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4);
	EXPECT_EQ(x.summary, hwa::parse_summary::kIpv4);
	EXPECT_EQ(read_lx2(x.fd, x.a, h.data()).l3, L3::ipv4);

	// ICMP.
	auto i = eth(kPortMac, {}, 0x0800);
	Ip4 icmp;
	icmp.proto = 1;
	ipv4(i, icmp, 0, 0, 20);
	x = annotate(i);
	EXPECT_TRUE(x.a.faf_hi.load() & hi::kIcmp);
	EXPECT_EQ(x.summary, hwa::parse_summary::kIpv4Icmp);
	EXPECT_EQ(read_ls2(x.a, i.data()).l4, L4::icmp);

	// Non-IP Ethernet: ETHER on LX2.
	auto j = eth(kPortMac, {}, 0x88b5);
	j.resize(60, 0);
	x = annotate(j);
	EXPECT_EQ(x.summary, hwa::parse_summary::kEther);
	EXPECT_TRUE(x.a.faf_hi.load() & hi::kL2Unknown);
	r = read_lx2(x.fd, x.a, j.data());
	EXPECT_TRUE(r.fast);
	EXPECT_EQ(r.l2, L2::ether);
	EXPECT_EQ(r.l3, L3::none);
}

TEST(Dpaa2Annotate, TcpWithoutControlBitsLeavesTheLs2FastPath)
{
	// word4 is compared whole: a TCP frame with none of URG..FIN lacks
	// the control-bit flag the fast value has.
	auto f = eth(kPortMac, {}, 0x0800);
	Ip4 ip;
	ip.proto = 6;
	ipv4(f, ip, 5, 6, 10, false, 0x00);
	Annotated x = annotate(f);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4Tcp & ~hi::kTcpCtrl6To11);
	Reading r = read_ls2(x.a, f.data());
	EXPECT_FALSE(r.fast);
	EXPECT_EQ(r.l4, L4::tcp);
	auto g = eth(kPortMac, {}, 0x0800);
	ipv4(g, ip, 5, 6, 10, false, 0x12); // SYN ACK
	x = annotate(g);
	EXPECT_EQ(x.a.faf_hi.load(), hi::kFastIpv4Tcp);
	EXPECT_TRUE(read_ls2(x.a, g.data()).fast);
}

} // namespace

namespace
{

// The shortcut for the common frame must find every fact the walk finds,
// not only those the FMan's layout shows: WRIOP's layout reads the rest.
void expect_same_facts(const std::vector<uint8_t> &f)
{
	dpaa::model::FrameFacts a, b;
	dpaa::model::frame_facts(f, a);
	dpaa::model::frame_facts_walk(f, b);
	EXPECT_EQ(std::memcmp(&a.off, &b.off, sizeof(a.off)), 0);
	EXPECT_EQ(a.l2, b.l2);
	EXPECT_EQ(a.l3, b.l3);
	EXPECT_EQ(a.next_header, b.next_header);
	EXPECT_EQ(a.l4_sum, b.l4_sum);
	EXPECT_EQ(a.ipv4_frag, b.ipv4_frag);
	EXPECT_EQ(a.vlan_tags, b.vlan_tags);
	EXPECT_EQ(a.route_type, b.route_type);
	EXPECT_EQ(a.arp, b.arp);
	EXPECT_EQ(a.ip_error[0], b.ip_error[0]);
	EXPECT_EQ(a.ip_error[1], b.ip_error[1]);
	EXPECT_EQ(a.l4, b.l4);
	EXPECT_EQ(a.l4_error, b.l4_error);
	EXPECT_EQ(a.l4_checked, b.l4_checked);
	EXPECT_EQ(a.header_error, b.header_error);
}

TEST(Dpaa2Annotate, ShortcutFindsWhatTheWalkFinds)
{
	for (uint8_t proto : {uint8_t{6}, uint8_t{17}})
		for (unsigned tags = 0; tags < 3; tags++)
			for (bool bad_ip : {false, true})
				for (bool bad_l4 : {false, true})
					for (const Mac &dst : {kPortMac, kBroadcast}) {
						auto f = tags == 0 ? eth(dst, {}, 0x0800)
							 : tags == 1
								 ? eth(dst, {{0x8100, 5}}, 0x0800)
								 : eth(dst,
								       {{0x88a8, 1}, {0x8100, 2}},
								       0x0800);
						Ip4 ip;
						ip.proto = proto;
						ip.bad_header_csum = bad_ip;
						ipv4(f, ip, 1000, 2000, 17, bad_l4);
						SCOPED_TRACE(testing::Message()
							     << "proto " << int{proto} << " tags "
							     << tags);
						expect_same_facts(f);
					}
}

} // namespace
