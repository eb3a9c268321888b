/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "ethdev_harness.hpp"

#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <rte_ether.h>
#include <rte_lcore.h>

namespace dpaa_test
{

int eal_init(const char *argv0, const std::vector<std::string> &args,
	     const std::vector<std::string> &extra)
{
	std::vector<std::string> all = args;
	all.insert(all.end(), extra.begin(), extra.end());
	bool has_lcores = false;
	for (const auto &e : all)
		has_lcores |= e == "-l" || e.rfind("--lcores", 0) == 0;
	if (!has_lcores) {
		all.emplace_back("-l");
		all.emplace_back("0");
	}
	return eal_init(argv0, all);
}

uint16_t port_by_name(const char *name)
{
	uint16_t port = RTE_MAX_ETHPORTS;
	rte_eth_dev_get_port_by_name(name, &port);
	return port;
}

std::string ports_and_pools(std::initializer_list<uint16_t> ports,
			    std::initializer_list<const rte_mempool *> pools)
{
	bool port_missing = false;
	bool pool_missing = false;
	for (const uint16_t p : ports)
		port_missing |= p >= RTE_MAX_ETHPORTS;
	for (const rte_mempool *mp : pools)
		pool_missing |= mp == nullptr;
	if (port_missing && pool_missing)
		return "a port not found, a pool not made";
	if (port_missing)
		return "a port not found";
	return pool_missing ? "a pool not made" : "";
}

namespace
{
bool g_started[RTE_MAX_ETHPORTS];
}

int port_stop(uint16_t port)
{
	g_started[port] = false;
	return rte_eth_dev_stop(port);
}

int port_start(uint16_t port, const PortSetup &s)
{
	port_stop(port);
	int ret = rte_eth_dev_configure(port, s.nb_rxq, s.nb_txq, &s.conf);
	if (ret < 0)
		return ret;
	rte_eth_dev_info info;
	ret = rte_eth_dev_info_get(port, &info);
	if (ret < 0)
		return ret;
	for (uint16_t q = 0; q < s.nb_rxq; q++) {
		rte_eth_rxconf rxc = info.default_rxconf;
		rxc.rx_deferred_start = (s.rx_deferred >> q) & 1;
		ret = rte_eth_rx_queue_setup(port, q, s.nb_rxd, SOCKET_ID_ANY,
					     s.rx_deferred ? &rxc : nullptr, s.pool);
		if (ret < 0)
			return ret;
	}
	for (uint16_t q = 0; q < s.nb_txq; q++) {
		rte_eth_txconf txc = info.default_txconf;
		txc.tx_deferred_start = (s.tx_deferred >> q) & 1;
		ret = rte_eth_tx_queue_setup(port, q, s.nb_txd, SOCKET_ID_ANY,
					     s.tx_deferred ? &txc : nullptr);
		if (ret < 0)
			return ret;
	}
	ret = rte_eth_dev_start(port);
	g_started[port] = ret == 0;
	return ret;
}

unsigned send_frames(uint16_t port, uint16_t queue, rte_mempool *pool,
		     const std::vector<Bytes> &frames, uint64_t ol_flags, uint8_t l2_len,
		     uint8_t l3_len)
{
	unsigned sent = 0;
	for (const Bytes &f : frames) {
		rte_mbuf *m = rte_pktmbuf_alloc(pool);
		if (m == nullptr)
			break;
		char *d = rte_pktmbuf_append(m, static_cast<uint16_t>(f.size()));
		if (d == nullptr) {
			rte_pktmbuf_free(m);
			break;
		}
		memcpy(d, f.data(), f.size());
		m->ol_flags = ol_flags;
		m->l2_len = l2_len;
		m->l3_len = l3_len;
		unsigned tries = 0;
		while (rte_eth_tx_burst(port, queue, &m, 1) == 0) {
			if (++tries > 100000) {
				rte_pktmbuf_free(m);
				return sent;
			}
			std::this_thread::yield();
		}
		sent++;
	}
	return sent;
}

std::vector<rte_mbuf *> rx_wait(uint16_t port, uint16_t queue, unsigned want, unsigned quiet_ms)
{
	std::vector<rte_mbuf *> out;
	auto last = std::chrono::steady_clock::now();
	while (out.size() < want) {
		rte_mbuf *b[32];
		const uint16_t n = rte_eth_rx_burst(port, queue, b, 32);
		for (uint16_t i = 0; i < n; i++)
			out.push_back(b[i]);
		const auto now = std::chrono::steady_clock::now();
		if (n) {
			last = now;
			continue;
		}
		if (now - last > std::chrono::milliseconds(quiet_ms))
			break;
		std::this_thread::sleep_for(std::chrono::microseconds(100));
	}
	return out;
}

void free_all(std::vector<rte_mbuf *> &v)
{
	for (rte_mbuf *m : v)
		rte_pktmbuf_free(m);
	v.clear();
}

void rx_flush(uint16_t port)
{
	if (!g_started[port])
		return;
	rte_eth_dev_info info;
	if (rte_eth_dev_info_get(port, &info) != 0)
		return;
	rte_eth_conf conf;
	if (rte_eth_dev_conf_get(port, &conf) != 0)
		return;
	uint16_t nb_rxq = 0;
	for (uint16_t q = 0; q < info.nb_rx_queues; q++)
		nb_rxq++;
	for (uint16_t q = 0; q < nb_rxq; q++) {
		auto v = rx_wait(port, q, UINT32_MAX, 50);
		free_all(v);
	}
}

Bytes mbuf_bytes(const rte_mbuf *m)
{
	Bytes b(m->pkt_len);
	const void *p = rte_pktmbuf_read(m, 0, m->pkt_len, b.data());
	if (p != b.data())
		memcpy(b.data(), p, m->pkt_len);
	return b;
}

size_t l2_len(const L2 &l2)
{
	return RTE_ETHER_HDR_LEN + (l2.vlan >= 0 ? 4 : 0) + (l2.outer_vlan >= 0 ? 4 : 0);
}

namespace
{

void put16(Bytes &b, uint16_t v)
{
	b.push_back(static_cast<uint8_t>(v >> 8));
	b.push_back(static_cast<uint8_t>(v));
}

Bytes pattern(size_t n, uint8_t seed)
{
	Bytes p(n);
	for (size_t i = 0; i < n; i++)
		p[i] = static_cast<uint8_t>(seed + i * 7);
	return p;
}

Bytes ipv4_l4(uint8_t proto, uint32_t src_ip, uint32_t dst_ip, uint16_t sport, uint16_t dport,
	      size_t payload, bool good)
{
	const size_t l4_hdr = proto == IPPROTO_UDP ? sizeof(rte_udp_hdr) : sizeof(rte_tcp_hdr);
	Bytes b(sizeof(rte_ipv4_hdr) + l4_hdr + payload);
	auto *ip = reinterpret_cast<rte_ipv4_hdr *>(b.data());
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(static_cast<uint16_t>(b.size()));
	ip->time_to_live = 64;
	ip->next_proto_id = proto;
	ip->src_addr = rte_cpu_to_be_32(src_ip);
	ip->dst_addr = rte_cpu_to_be_32(dst_ip);
	Bytes pl = pattern(payload, static_cast<uint8_t>(sport));
	memcpy(b.data() + sizeof(rte_ipv4_hdr) + l4_hdr, pl.data(), payload);
	void *l4 = b.data() + sizeof(rte_ipv4_hdr);
	if (proto == IPPROTO_UDP) {
		auto *u = static_cast<rte_udp_hdr *>(l4);
		u->src_port = rte_cpu_to_be_16(sport);
		u->dst_port = rte_cpu_to_be_16(dport);
		u->dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(l4_hdr + payload));
		if (good)
			u->dgram_cksum = rte_ipv4_udptcp_cksum(ip, l4);
		else
			u->dgram_cksum = rte_cpu_to_be_16(0x1234);
	} else {
		auto *t = static_cast<rte_tcp_hdr *>(l4);
		t->src_port = rte_cpu_to_be_16(sport);
		t->dst_port = rte_cpu_to_be_16(dport);
		t->data_off = 5 << 4;
		t->tcp_flags = RTE_TCP_ACK_FLAG;
		t->rx_win = rte_cpu_to_be_16(1024);
		if (good)
			t->cksum = rte_ipv4_udptcp_cksum(ip, l4);
		else
			t->cksum = rte_cpu_to_be_16(0x1234);
	}
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	return b;
}

Bytes ipv6_l4(uint8_t proto, uint16_t sport, uint16_t dport, size_t payload)
{
	const size_t l4_hdr = proto == IPPROTO_UDP ? sizeof(rte_udp_hdr) : sizeof(rte_tcp_hdr);
	Bytes b(sizeof(rte_ipv6_hdr) + l4_hdr + payload);
	auto *ip = reinterpret_cast<rte_ipv6_hdr *>(b.data());
	ip->vtc_flow = rte_cpu_to_be_32(6u << 28);
	ip->payload_len = rte_cpu_to_be_16(static_cast<uint16_t>(l4_hdr + payload));
	ip->proto = proto;
	ip->hop_limits = 64;
	for (int i = 0; i < 16; i++) {
		ip->src_addr[i] = static_cast<uint8_t>(0x20 + i);
		ip->dst_addr[i] = static_cast<uint8_t>(0x40 + i);
	}
	Bytes pl = pattern(payload, static_cast<uint8_t>(dport));
	memcpy(b.data() + sizeof(rte_ipv6_hdr) + l4_hdr, pl.data(), payload);
	void *l4 = b.data() + sizeof(rte_ipv6_hdr);
	if (proto == IPPROTO_UDP) {
		auto *u = static_cast<rte_udp_hdr *>(l4);
		u->src_port = rte_cpu_to_be_16(sport);
		u->dst_port = rte_cpu_to_be_16(dport);
		u->dgram_len = rte_cpu_to_be_16(static_cast<uint16_t>(l4_hdr + payload));
		u->dgram_cksum = rte_ipv6_udptcp_cksum(ip, l4);
	} else {
		auto *t = static_cast<rte_tcp_hdr *>(l4);
		t->src_port = rte_cpu_to_be_16(sport);
		t->dst_port = rte_cpu_to_be_16(dport);
		t->data_off = 5 << 4;
		t->tcp_flags = RTE_TCP_ACK_FLAG;
		t->cksum = rte_ipv6_udptcp_cksum(ip, l4);
	}
	return b;
}

} // namespace

Bytes eth_frame(const L2 &l2, uint16_t ethertype, const Bytes &l3)
{
	Bytes b;
	b.insert(b.end(), l2.dst.addr_bytes, l2.dst.addr_bytes + 6);
	b.insert(b.end(), l2.src.addr_bytes, l2.src.addr_bytes + 6);
	if (l2.outer_vlan >= 0) {
		put16(b, RTE_ETHER_TYPE_QINQ);
		put16(b, static_cast<uint16_t>(l2.outer_vlan));
	}
	if (l2.vlan >= 0) {
		put16(b, RTE_ETHER_TYPE_VLAN);
		put16(b, static_cast<uint16_t>(l2.vlan));
	}
	put16(b, ethertype);
	b.insert(b.end(), l3.begin(), l3.end());
	return b;
}

Bytes ipv4_udp(const L2 &l2, uint32_t s, uint32_t d, uint16_t sp, uint16_t dp, size_t payload,
	       bool good)
{
	return eth_frame(l2, RTE_ETHER_TYPE_IPV4,
			 ipv4_l4(IPPROTO_UDP, s, d, sp, dp, payload, good));
}

Bytes ipv4_tcp(const L2 &l2, uint32_t s, uint32_t d, uint16_t sp, uint16_t dp, size_t payload,
	       bool good)
{
	return eth_frame(l2, RTE_ETHER_TYPE_IPV4,
			 ipv4_l4(IPPROTO_TCP, s, d, sp, dp, payload, good));
}

Bytes ipv6_udp(const L2 &l2, uint16_t sp, uint16_t dp, size_t payload)
{
	return eth_frame(l2, RTE_ETHER_TYPE_IPV6, ipv6_l4(IPPROTO_UDP, sp, dp, payload));
}

Bytes ipv6_tcp(const L2 &l2, uint16_t sp, uint16_t dp, size_t payload)
{
	return eth_frame(l2, RTE_ETHER_TYPE_IPV6, ipv6_l4(IPPROTO_TCP, sp, dp, payload));
}

Bytes raw_frame(const L2 &l2, size_t len)
{
	const size_t hdr = l2_len(l2);
	return eth_frame(l2, 0x88b5, pattern(len > hdr ? len - hdr : 0, 0x5a));
}

bool ipv4_cksum_ok(const Bytes &f, size_t l2)
{
	const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(f.data() + l2);
	rte_ipv4_hdr copy = *ip;
	copy.hdr_checksum = 0;
	return rte_ipv4_cksum(&copy) == ip->hdr_checksum;
}

bool l4_cksum_ok(const Bytes &f, size_t l2)
{
	const auto *ip = reinterpret_cast<const rte_ipv4_hdr *>(f.data() + l2);
	const void *l4 = f.data() + l2 + rte_ipv4_hdr_len(ip);
	return rte_ipv4_udptcp_cksum_verify(ip, l4) == 0;
}

rte_ether_addr port_mac(uint16_t port)
{
	rte_ether_addr a{};
	rte_eth_macaddr_get(port, &a);
	return a;
}

uint64_t pool_avail(rte_mempool *mp)
{
	return rte_mempool_avail_count(mp);
}

uint64_t pool_settle(rte_mempool *mp, uint64_t start, unsigned ms)
{
	uint64_t n = pool_avail(mp);
	for (unsigned i = 0; i < ms && n != start; i++) {
		sleep_ms(1);
		n = pool_avail(mp);
	}
	return n;
}

void expect_pool_back(uint16_t port, rte_mempool *pool, uint64_t count)
{
	if (rte_eth_dev_is_valid_port(port)) {
		rx_flush(port);
		port_stop(port);
	}
	EXPECT_EQ(pool_settle(pool, count), count) << "buffers lost or freed twice";
}

void expect_port_closed(uint16_t port)
{
	rte_eth_conf conf{};
	EXPECT_EQ(rte_eth_dev_configure(port, 1, 1, &conf), -ENODEV);
	EXPECT_EQ(rte_eth_dev_start(port), -ENODEV);
	rte_eth_stats st{};
	EXPECT_EQ(rte_eth_stats_get(port, &st), -ENODEV);
	EXPECT_EQ(rte_eth_dev_close(port), -ENODEV);
}

uint16_t expect_probed_again_forwards(const char *device, const char *name, rte_mempool *pool)
{
	EXPECT_EQ(rte_dev_probe(device), 0);
	const uint16_t port = port_by_name(name);
	EXPECT_LT(port, RTE_MAX_ETHPORTS) << name << " not probed again";
	if (port >= RTE_MAX_ETHPORTS)
		return RTE_MAX_ETHPORTS;
	rte_eth_stats st{};
	EXPECT_EQ(rte_eth_stats_get(port, &st), 0);
	EXPECT_EQ(st.ipackets + st.opackets + st.ierrors + st.oerrors + st.imissed, 0u)
		<< "a new port's counters start from zero";
	PortSetup s;
	s.pool = pool;
	EXPECT_EQ(port_start(port, s), 0);
	const L2 l2{port_mac(port), {{0x02, 0, 0, 0, 0, 0x42}}};
	const Bytes f = ipv4_udp(l2, 0x0a000001, 0x0a000002, 5, 6, 64);
	EXPECT_EQ(send_frames(port, 0, pool, {f}), 1u);
	auto rx = rx_wait(port, 0, 1);
	EXPECT_EQ(rx.size(), 1u);
	if (!rx.empty()) {
		EXPECT_EQ(mbuf_bytes(rx[0]), f);
	}
	free_all(rx);
	return port;
}

void sleep_ms(unsigned ms)
{
	std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

} // namespace dpaa_test

namespace dpaa_test
{

void dump_xstats(std::initializer_list<uint16_t> ports)
{
	for (uint16_t p : ports) {
		rte_eth_xstat_name names[256];
		rte_eth_xstat xs[256];
		const int n = rte_eth_xstats_get_names(p, names, 256);
		if (n <= 0 || rte_eth_xstats_get(p, xs, 256) != n)
			continue;
		for (int i = 0; i < n; i++)
			if (xs[i].value)
				printf("port %u %s = %" PRIu64 "\n", p, names[i].name, xs[i].value);
	}
}

namespace
{

void put32(std::ofstream &o, uint32_t v)
{
	o.write(reinterpret_cast<const char *>(&v), 4);
}

} // namespace

std::string make_temp_dir(const std::string &prefix)
{
	std::string dir = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
	return mkdtemp(dir.data()) != nullptr ? dir : "";
}

void remove_dir(const std::string &dir)
{
	std::error_code ignored;
	std::filesystem::remove_all(dir, ignored);
}

void write_pcap(const std::string &path, const std::vector<Bytes> &frames)
{
	std::ofstream o(path, std::ios::binary);
	put32(o, 0xa1b2c3d4);
	put32(o, 0x00040002);
	put32(o, 0);
	put32(o, 0);
	put32(o, 65535);
	put32(o, 1); // LINKTYPE_ETHERNET
	uint32_t t = 0;
	for (const Bytes &f : frames) {
		put32(o, t++);
		put32(o, 0);
		put32(o, static_cast<uint32_t>(f.size()));
		put32(o, static_cast<uint32_t>(f.size()));
		o.write(reinterpret_cast<const char *>(f.data()),
			static_cast<std::streamsize>(f.size()));
	}
}

std::vector<Bytes> read_pcap(const std::string &path)
{
	std::vector<Bytes> out;
	FILE *f = fopen(path.c_str(), "rb");
	if (f == nullptr)
		return out;
	uint32_t hdr[6];
	if (fread(hdr, 4, 6, f) != 6) {
		fclose(f);
		return out;
	}
	const bool swap = hdr[0] == 0xd4c3b2a1 || hdr[0] == 0x4d3cb2a1;
	for (;;) {
		uint32_t rec[4];
		if (fread(rec, 4, 4, f) != 4)
			break;
		const uint32_t len = swap ? __builtin_bswap32(rec[2]) : rec[2];
		Bytes b(len);
		if (fread(b.data(), 1, len, f) != len)
			break;
		out.push_back(std::move(b));
	}
	fclose(f);
	return out;
}

std::vector<Bytes> wait_pcap(const std::string &path, size_t want, unsigned ms)
{
	std::vector<Bytes> got;
	for (unsigned i = 0; i < ms && got.size() < want; i++) {
		sleep_ms(1);
		got = read_pcap(path);
	}
	return got;
}

} // namespace dpaa_test
