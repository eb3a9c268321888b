/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Bad and unusual frames from the wire: a pcap file plays runts (down to a
// zero-length record), oversize frames (up to a 64 KiB record), headers cut
// short for every protocol the FMan parses, IPv4 with a bad IHL, total
// length or checksum, IPv6 extension chains that run past the frame, three
// and four stacked VLAN tags, frames with a bad FCS (of every size, and a
// record too short to hold one). Whatever comes, the port keeps running; the
// MAC counts what it refuses (undersize, oversize) and every bad FCS (RFCS,
// with RFRG for a fragment and RJBR for a jabber, which it drops); the
// parser's header errors and the frames of a bad FCS that the MAC passes
// on (the FD's physical error) go to the port's error FQ, which the driver
// drains and counts; what the FMan accepts reaches the application
// byte-exact with the parse results the FMan gives; and every buffer comes
// back.
//
// The capture keeps each frame's FCS (the pcap wire's fcs=yes), as a
// tester's does; a bad one is the good one with its bits flipped. Each
// frame carries its index in the last byte of its source address, so what
// arrives says which frame it is.

#include <cstdio>
#include <map>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;
std::string g_dir;

// bad_fcs: the MAC passes the frame on with a physical error (error FQ);
// fragment, jabber: a bad FCS on a runt or an oversize frame, dropped by the
// MAC.
enum class Fate { undersize, oversize, error_fq, received, bad_fcs, fragment, jabber };

struct Case {
	const char *what;
	Bytes frame;
	Fate fate;
	uint32_t ptype = 0;	 // received: the whole packet_type
	uint64_t cksum = 0;	 // received: RTE_MBUF_F_RX_IP_CKSUM_* expected
	bool check_ptype = true; // false: only the L2 type is checked
	bool fcs_ok = true;	 // the record's FCS is the frame's
	bool no_fcs = false;	 // the record is the frame alone, shorter than an FCS
};

std::vector<Case> g_cases;

constexpr uint32_t kIp1 = 0x0a000001, kIp2 = 0x0a000002;

L2 l2_of(size_t idx, int vlan = -1, int outer = -1)
{
	rte_ether_addr src = {{0x02, 0x00, 0x00, 0x00, 0x00, static_cast<uint8_t>(idx)}};
	const rte_ether_addr bcast = {{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	return L2{bcast, src, vlan, outer};
}

Bytes pad_to(Bytes b, size_t n)
{
	if (b.size() < n)
		b.resize(n, 0);
	return b;
}

// Ethernet header (broadcast, index in the source) + tags + ethertype.
Bytes eth_hdr(size_t idx, std::initializer_list<uint16_t> tpids, uint16_t type)
{
	Bytes b(12, 0xff);
	b[6] = 0x02;
	for (int i = 7; i < 11; i++)
		b[i] = 0;
	b[11] = static_cast<uint8_t>(idx);
	for (uint16_t t : tpids) {
		b.push_back(static_cast<uint8_t>(t >> 8));
		b.push_back(static_cast<uint8_t>(t));
		b.push_back(0x00);
		b.push_back(0x64); // VLAN 100
	}
	b.push_back(static_cast<uint8_t>(type >> 8));
	b.push_back(static_cast<uint8_t>(type));
	return b;
}

void add(const char *what, Bytes f, Fate fate, uint32_t ptype = 0, uint64_t cksum = 0,
	 bool check_ptype = true)
{
	g_cases.push_back(Case{what, std::move(f), fate, ptype, cksum, check_ptype});
}

size_t next()
{
	return g_cases.size();
}

void add_bad_fcs(const char *what, Bytes f, Fate fate)
{
	Case c{what, std::move(f), fate};
	c.fcs_ok = false;
	g_cases.push_back(std::move(c));
}

// The Ethernet FCS (CRC-32, reflected 0x04C11DB7), bit by bit: the test's
// own, not the model's.
uint32_t fcs_of(const Bytes &f)
{
	uint32_t c = 0xffffffffu;
	for (uint8_t b : f) {
		c ^= b;
		for (int i = 0; i < 8; i++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
	}
	return ~c;
}

// The pcap record of a case: the frame and its FCS, least significant byte
// first as on the line.
Bytes record_of(const Case &c)
{
	Bytes r = c.frame;
	if (c.no_fcs)
		return r;
	const uint32_t fcs = fcs_of(c.frame) ^ (c.fcs_ok ? 0u : 0xffffffffu);
	for (int i = 0; i < 4; i++)
		r.push_back(static_cast<uint8_t>(fcs >> (8 * i)));
	return r;
}

// An IPv4/UDP frame of index idx with its IPv4 header edited by f (the
// header checksum recomputed after, unless keep_cksum).
template <typename F> Bytes ipv4_edit(size_t idx, size_t payload, F &&f, bool keep_cksum = false)
{
	Bytes b = ipv4_udp(l2_of(idx), kIp1, kIp2, 1000, 2000, payload);
	auto *ip = reinterpret_cast<rte_ipv4_hdr *>(b.data() + RTE_ETHER_HDR_LEN);
	f(*ip, b);
	ip = reinterpret_cast<rte_ipv4_hdr *>(b.data() + RTE_ETHER_HDR_LEN);
	if (!keep_cksum) {
		ip->hdr_checksum = 0;
		ip->hdr_checksum = rte_ipv4_cksum(ip);
	}
	return b;
}

// An IPv6 header of payload length plen and next header nh.
Bytes ipv6_hdr(uint16_t plen, uint8_t nh)
{
	Bytes b(40, 0);
	b[0] = 0x60;
	b[4] = static_cast<uint8_t>(plen >> 8);
	b[5] = static_cast<uint8_t>(plen);
	b[6] = nh;
	b[7] = 64;
	for (int i = 0; i < 16; i++) {
		b[8 + i] = static_cast<uint8_t>(0x20 + i);
		b[24 + i] = static_cast<uint8_t>(0x40 + i);
	}
	return b;
}

Bytes cat(Bytes a, const Bytes &b)
{
	a.insert(a.end(), b.begin(), b.end());
	return a;
}

void build_cases()
{
	constexpr uint32_t kUdp4 = RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP;
	// Runts: the MAC's undersize counter (64 bytes with FCS is the minimum).
	for (size_t n : {0, 1, 13, 14, 40, 59})
		add("runt", Bytes(n, static_cast<uint8_t>(next())), Fate::undersize);
	// A runt with a complete Ethernet + IPv4 header is still a runt.
	add("runt ipv4", cat(eth_hdr(next(), {}, RTE_ETHER_TYPE_IPV4), Bytes(20, 0x45)),
	    Fate::undersize);
	// Oversize: beyond MAXFRM (the port's MTU 1500: 1500 + header, FCS, two tags).
	// 65531 with its FCS fills a record of the capture's snap length, 65535.
	for (size_t n : {1600, 9000, 9600, 65531})
		add("oversize", pad_to(eth_hdr(next(), {}, 0x88b5), n), Fate::oversize);

	// Well-formed controls: received with their types.
	add("control udp4", ipv4_udp(l2_of(next()), kIp1, kIp2, 1, 2, 40), Fate::received, kUdp4,
	    RTE_MBUF_F_RX_IP_CKSUM_GOOD);
	add("control tcp6", ipv6_tcp(l2_of(next()), 1, 2, 40), Fate::received,
	    RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_TCP);
	// Oddities the FMan accepts: a bad IPv4 header checksum (flagged), an
	// IPv4 header with options.
	add("ipv4 bad checksum",
	    ipv4_edit(
		    next(), 40, [](rte_ipv4_hdr &ip, Bytes &) { ip.hdr_checksum ^= 0x5a5a; }, true),
	    Fate::received, kUdp4, RTE_MBUF_F_RX_IP_CKSUM_BAD);
	// Three and four stacked tags, IPv4/UDP behind them: received, typed
	// QinQ. (What the parser makes of the headers behind a third tag is
	// not asserted: the model's parser stops after two tags, and no manual
	// fact at hand says how many the FMan's VLAN HXS walks.)
	for (int tags : {3, 4}) {
		std::initializer_list<uint16_t> three = {0x88a8, 0x8100, 0x8100};
		std::initializer_list<uint16_t> four = {0x88a8, 0x8100, 0x8100, 0x8100};
		Bytes h = eth_hdr(next(), tags == 3 ? three : four, RTE_ETHER_TYPE_IPV4);
		Bytes ip = ipv4_udp(l2_of(0), kIp1, kIp2, 5, 6, 40);
		ip.erase(ip.begin(), ip.begin() + RTE_ETHER_HDR_LEN);
		add(tags == 3 ? "three vlan tags" : "four vlan tags", cat(h, ip), Fate::received,
		    RTE_PTYPE_L2_ETHER_QINQ, 0, false);
	}

	// Headers the parser finds malformed or cut short: the FD gets the
	// parser's header error and the FMan sends the frame to the error FQ.
	add("ipv4 ihl 4",
	    ipv4_edit(next(), 40, [](rte_ipv4_hdr &ip, Bytes &) { ip.version_ihl = 0x44; }),
	    Fate::error_fq);
	add("ipv4 ihl 15 past the frame",
	    pad_to(cat(eth_hdr(next(), {}, RTE_ETHER_TYPE_IPV4), Bytes{0x4f, 0, 0, 60}), 60),
	    Fate::error_fq);
	add("ipv4 total length past the frame",
	    ipv4_edit(next(), 40,
		      [](rte_ipv4_hdr &ip, Bytes &) { ip.total_length = rte_cpu_to_be_16(1400); }),
	    Fate::error_fq);
	add("ipv4 total length below its header",
	    ipv4_edit(next(), 40,
		      [](rte_ipv4_hdr &ip, Bytes &) { ip.total_length = rte_cpu_to_be_16(12); }),
	    Fate::error_fq);
	add("ipv4 udp header cut short",
	    ipv4_edit(next(), 40,
		      [](rte_ipv4_hdr &ip, Bytes &) { ip.total_length = rte_cpu_to_be_16(24); }),
	    Fate::error_fq);
	add("ipv4 tcp header cut short",
	    ipv4_edit(next(), 40,
		      [](rte_ipv4_hdr &ip, Bytes &) {
			      ip.next_proto_id = IPPROTO_TCP;
			      ip.total_length = rte_cpu_to_be_16(30);
		      }),
	    Fate::error_fq);
	add("ipv6 payload length past the frame",
	    pad_to(cat(eth_hdr(next(), {}, RTE_ETHER_TYPE_IPV6), ipv6_hdr(1000, IPPROTO_UDP)), 70),
	    Fate::error_fq);
	// Hop-by-hop header whose length (8 * (1 + 30) bytes) runs past the frame.
	add("ipv6 extension past the frame",
	    pad_to(cat(cat(eth_hdr(next(), {}, RTE_ETHER_TYPE_IPV6), ipv6_hdr(40, 0)),
		       Bytes{IPPROTO_UDP, 30, 0, 0, 0, 0, 0, 0}),
		   100),
	    Fate::error_fq);
	// A chain of three extension headers, the last running past the frame.
	{
		Bytes ext = {60,	  0,  0, 0, 0, 0, 0, 0, // hop-by-hop -> destination options
			     43,	  0,  0, 0, 0, 0, 0, 0, // destination options -> routing
			     IPPROTO_UDP, 40, 0, 0, 0, 0, 0, 0}; // routing, 328 bytes
		add("ipv6 extension chain past the frame",
		    pad_to(cat(cat(eth_hdr(next(), {}, RTE_ETHER_TYPE_IPV6), ipv6_hdr(40, 0)), ext),
			   100),
		    Fate::error_fq);
	}

	// A bad FCS: on a frame of legal size the MAC counts it (RFCS, RERR) and
	// passes the frame on with the FD's physical error, to the error FQ (the
	// driver asks FMBM_RFSEM for every error, FMBM_RFSDM discards none, as
	// upstream's driver does); on a runt or an oversize frame the MAC
	// counts a fragment or a jabber too and drops it.
	add_bad_fcs("bad fcs udp4", ipv4_udp(l2_of(next()), kIp1, kIp2, 1, 2, 40), Fate::bad_fcs);
	add_bad_fcs("bad fcs 1514", pad_to(eth_hdr(next(), {}, 0x88b5), 1514), Fate::bad_fcs);
	add_bad_fcs("bad fcs tcp6", ipv6_tcp(l2_of(next()), 1, 2, 40), Fate::bad_fcs);
	add_bad_fcs("bad fcs runt", pad_to(eth_hdr(next(), {}, 0x88b5), 40), Fate::fragment);
	add_bad_fcs("bad fcs oversize", pad_to(eth_hdr(next(), {}, 0x88b5), 2000), Fate::jabber);
	// A record of three bytes, shorter than an FCS: a fragment.
	{
		Case c{"record shorter than an fcs", Bytes(3, static_cast<uint8_t>(next())),
		       Fate::fragment};
		c.no_fcs = true;
		g_cases.push_back(std::move(c));
	}
	// A zero-length record, with the FCS kept: a fragment too.
	{
		Case c{"zero-length record", Bytes{}, Fate::fragment};
		c.no_fcs = true;
		g_cases.push_back(std::move(c));
	}
}

uint64_t xstat(const char *name)
{
	uint64_t id = 0, v = ~uint64_t{0};
	if (rte_eth_xstats_get_id_by_name(P, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(P, &id, &v, 1) != 1)
		ADD_FAILURE() << "no xstat " << name;
	return v;
}

unsigned count(Fate f)
{
	unsigned n = 0;
	for (const Case &c : g_cases)
		n += c.fate == f;
	return n;
}

TEST(BadFrames, EachIsCountedWhereTheFmanCountsItAndNoBufferIsLost)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
	// Playback starts with the first poll.
	std::vector<rte_mbuf *> got = rx_wait(P, 0, count(Fate::received), 2000);
	auto more = rx_wait(P, 0, UINT32_MAX, 300);
	got.insert(got.end(), more.begin(), more.end());

	std::map<size_t, rte_mbuf *> by_idx;
	for (rte_mbuf *m : got) {
		const Bytes b = mbuf_bytes(m);
		ASSERT_GE(b.size(), 12u);
		const size_t idx = b[11];
		ASSERT_LT(idx, g_cases.size());
		EXPECT_EQ(by_idx.count(idx), 0u) << "frame " << idx << " twice";
		by_idx[idx] = m;
	}
	for (size_t i = 0; i < g_cases.size(); i++) {
		const Case &c = g_cases[i];
		const auto it = by_idx.find(i);
		if (c.fate != Fate::received) {
			EXPECT_EQ(it, by_idx.end())
				<< c.what << " (frame " << i << ") was received";
			continue;
		}
		if (it == by_idx.end()) {
			ADD_FAILURE() << c.what << " (frame " << i << ") was not received";
			continue;
		}
		const rte_mbuf *m = it->second;
		EXPECT_EQ(mbuf_bytes(m), c.frame) << c.what;
		if (c.check_ptype)
			EXPECT_EQ(m->packet_type, c.ptype)
				<< c.what << ": " << std::hex << m->packet_type;
		else
			EXPECT_EQ(m->packet_type & RTE_PTYPE_L2_MASK, c.ptype) << c.what;
		EXPECT_EQ(m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK, c.cksum) << c.what;
	}
	free_all(got);

	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.ipackets, count(Fate::received));
	EXPECT_EQ(xstat("rx_undersize_errors"), count(Fate::undersize));
	EXPECT_EQ(xstat("rx_oversize_errors"), count(Fate::oversize));
	const unsigned bad_fcs = count(Fate::bad_fcs) + count(Fate::fragment) + count(Fate::jabber);
	EXPECT_EQ(xstat("rx_crc_errors"), bad_fcs);
	EXPECT_EQ(xstat("rx_fragmented_errors"), count(Fate::fragment));
	EXPECT_EQ(xstat("rx_jabber_errors"), count(Fate::jabber));
	EXPECT_EQ(xstat("rx_mac_errors"), count(Fate::undersize) + count(Fate::oversize) + bad_fcs);
	EXPECT_EQ(xstat("rx_error_queue_packets"), count(Fate::error_fq) + count(Fate::bad_fcs));
	EXPECT_EQ(st.ierrors,
		  count(Fate::undersize) + count(Fate::oversize) + count(Fate::error_fq) + bad_fcs)
		<< "each bad frame counted once";
	EXPECT_EQ(xstat("rx_bad_descriptors"), 0u) << "the FMan's FDs are all good";
	EXPECT_EQ(st.imissed, 0u);
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers lost";
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return pcap_program(
		"dpaa-ethdev-bad",
		[](const std::string &dir) {
			g_dir = dir;
			build_cases();
			std::vector<Bytes> frames;
			frames.reserve(g_cases.size());
			for (const Case &c : g_cases)
				frames.push_back(record_of(c));
			write_pcap(dir + "/in.pcap", frames);
			return "board=ls1046a-rdb;fm1-mac9=pcap:rx=" + dir +
			       "/in.pcap:fcs=yes;mode=threaded";
		},
		{"-a", "dpaa_bus:fm1-mac9"},
		[] {
			P = port_by_name("fm1-mac9");
			g_pool = dpaa_pool("pool", 1024);
			return ports_and_pools({P}, {g_pool});
		});
}
