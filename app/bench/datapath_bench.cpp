/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What net_dpaa's bursts cost per frame, the modelled SoC excluded: the
// model runs stepped, between the timed calls, never inside them.
//
// fm1-mac9 has a loopback wire. Each round sends a batch of 64-byte
// 802.1Q-tagged UDP frames, steps the model until they are back in the Rx
// queue's DQRR, evicts the frame buffers and mbufs from the CPU caches (the
// FMan writes frames by DMA: on a board the lines the Rx burst reads are not
// in the cache; the model wrote them with the CPU), and then times, with the
// TSC, one of:
//  - rx:        rte_eth_rx_burst() alone (what net_dpaa does);
//  - rx+strip:  rte_eth_rx_burst() followed at once by a software VLAN strip
//               of every frame, i.e. what a PMD that strips in its burst
//               adds: a read of each frame's first line, cold, and a move;
//  - tx:        rte_eth_tx_burst() of a batch (EQCR room for all of it).
// The variants alternate round by round, so that the machine's noise falls on
// all of them alike; each figure is the median over the rounds of cycles per
// frame. Prints one JSON object.
//
// Usage: datapath_bench [--rounds N] [--warm]   (--warm: no eviction)

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_udp.h>

#include "dpaa_bus.hpp"
#include "dpaa_model/system.hpp"

namespace
{

// The DQRR holds at most 15 entries and the EQCR 7 free ones: a round's Rx
// batch is one DQRR fill, its Tx batch one EQCR fill.
constexpr unsigned kRxBatch = 15;
constexpr unsigned kTxBatch = 7;
constexpr uint16_t kVlan = 100;
constexpr size_t kFrameLen = 64;

dpaa::model::System *model;

void run_model()
{
	model->soc().run_until_idle();
}

void evict(const void *addr, size_t len)
{
	const auto *p = static_cast<const char *>(addr);
	for (size_t off = 0; off < len; off += RTE_CACHE_LINE_SIZE) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_clflush(p + off);
#elif defined(__aarch64__)
		asm volatile("dc civac, %0" ::"r"(p + off) : "memory");
#endif
	}
}

void evict_pool(rte_mempool *mp)
{
	rte_mempool_mem_iter(
		mp,
		[](rte_mempool *, void *, rte_mempool_memhdr *h, unsigned) {
			evict(h->addr, h->len);
		},
		nullptr);
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_mfence();
#elif defined(__aarch64__)
	asm volatile("dsb sy" ::: "memory");
#endif
}

void fill_frame(rte_mbuf *m, const rte_ether_addr &dst, uint16_t seq)
{
	auto *p = rte_pktmbuf_mtod(m, uint8_t *);
	memset(p, 0, kFrameLen);
	auto *eth = reinterpret_cast<rte_ether_hdr *>(p);
	eth->dst_addr = dst;
	eth->src_addr = rte_ether_addr{{0x02, 0, 0, 0, 0x11, 0x11}};
	eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
	auto *vh = reinterpret_cast<rte_vlan_hdr *>(eth + 1);
	vh->vlan_tci = rte_cpu_to_be_16(kVlan);
	vh->eth_proto = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	auto *ip = reinterpret_cast<rte_ipv4_hdr *>(vh + 1);
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(kFrameLen - sizeof(*eth) - sizeof(*vh));
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0a000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0a000002);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	auto *udp = reinterpret_cast<rte_udp_hdr *>(ip + 1);
	udp->src_port = rte_cpu_to_be_16(seq);
	udp->dst_port = rte_cpu_to_be_16(2000);
	udp->dgram_len = rte_cpu_to_be_16(kFrameLen - sizeof(*eth) - sizeof(*vh) - sizeof(*ip));
	m->data_len = m->pkt_len = kFrameLen;
}

// The application-side strip of the net_dpaa guide.
inline uint16_t strip_vlan(rte_mbuf *m)
{
	auto *eth = rte_pktmbuf_mtod(m, rte_ether_hdr *);
	if (eth->ether_type != rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN))
		return 0;
	const auto *vh = reinterpret_cast<const rte_vlan_hdr *>(eth + 1);
	const uint16_t tci = rte_be_to_cpu_16(vh->vlan_tci);
	memmove(reinterpret_cast<char *>(eth) + 4, eth, 2 * RTE_ETHER_ADDR_LEN);
	rte_pktmbuf_adj(m, 4);
	return tci;
}

// Sends n fresh frames, stepping the model whenever the EQCR is full.
bool send(uint16_t port, rte_mempool *mp, unsigned n, uint16_t &seq)
{
	rte_mbuf *pkts[kRxBatch];
	if (rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0)
		return false;
	const rte_ether_addr dst = [port] {
		rte_ether_addr a;
		rte_eth_macaddr_get(port, &a);
		return a;
	}();
	for (unsigned i = 0; i < n; i++)
		fill_frame(pkts[i], dst, seq++);
	unsigned sent = 0;
	for (unsigned tries = 0; sent < n && tries < 1000; tries++) {
		sent += rte_eth_tx_burst(port, 0, pkts + sent, static_cast<uint16_t>(n - sent));
		run_model();
	}
	if (sent < n) {
		rte_pktmbuf_free_bulk(pkts + sent, n - sent);
		return false;
	}
	return true;
}

double median(std::vector<double> v)
{
	if (v.empty())
		return 0;
	std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
	return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
	unsigned rounds = 3000;
	bool warm = false;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
			rounds = static_cast<unsigned>(atoi(argv[++i]));
		else if (!strcmp(argv[i], "--warm"))
			warm = true;
		else {
			fprintf(stderr, "usage: %s [--rounds N] [--warm]\n", argv[0]);
			return 2;
		}
	}
	setenv("DPAA_MODEL", "board=ls1046a-rdb;fm1-mac9=loopback;mode=stepped", 1);
	const char *eal[] = {"datapath_bench",
			     "--no-huge",
			     "-m",
			     "256",
			     "--no-pci",
			     "--no-shconf",
			     "-l",
			     "0",
			     "--log-level",
			     "pmd.net.dpaa:warning",
			     "-a",
			     "dpaa_bus:fm1-mac9"};
	if (rte_eal_init(static_cast<int>(std::size(eal)), const_cast<char **>(eal)) < 0) {
		fprintf(stderr, "EAL initialisation failed\n");
		return 1;
	}
	model = static_cast<dpaa::model::System *>(dpaa::bus::model_system());
	uint16_t port = RTE_MAX_ETHPORTS;
	if (rte_eth_dev_get_port_by_name("fm1-mac9", &port) != 0 || model == nullptr) {
		fprintf(stderr, "no modelled fm1-mac9\n");
		return 1;
	}
	rte_mempool *mp = rte_pktmbuf_pool_create_by_ops("bench", 2047, 0, 0,
							 RTE_MBUF_DEFAULT_BUF_SIZE, 0, "dpaa");
	rte_eth_conf conf{};
	if (mp == nullptr || rte_eth_dev_configure(port, 1, 1, &conf) != 0 ||
	    rte_eth_rx_queue_setup(port, 0, 1024, 0, nullptr, mp) != 0 ||
	    rte_eth_tx_queue_setup(port, 0, 1024, 0, nullptr) != 0 ||
	    rte_eth_dev_start(port) != 0) {
		fprintf(stderr, "port set-up failed\n");
		return 1;
	}

	std::vector<double> rx, rx_strip, tx;
	uint16_t seq = 0;
	rte_mbuf *pkts[32];
	// Binds the Rx queue to this lcore's portal (push mode).
	rte_eth_rx_burst(port, 0, pkts, 32);
	unsigned bad = 0;
	for (unsigned r = 0; r < 3 * rounds; r++) {
		const unsigned variant = r % 3;
		if (variant == 2) {
			rte_mbuf *out[kTxBatch];
			if (rte_pktmbuf_alloc_bulk(mp, out, kTxBatch) != 0)
				return 1;
			rte_ether_addr dst;
			rte_eth_macaddr_get(port, &dst);
			for (rte_mbuf *m : out)
				fill_frame(m, dst, seq++);
			run_model(); // EQCR drained: room for the batch
			if (!warm)
				evict_pool(mp);
			const uint64_t t0 = rte_rdtsc_precise();
			const uint16_t n = rte_eth_tx_burst(port, 0, out, kTxBatch);
			const uint64_t t1 = rte_rdtsc_precise();
			if (n != kTxBatch) {
				bad++;
				rte_pktmbuf_free_bulk(out + n, kTxBatch - n);
			}
			if (n)
				tx.push_back(static_cast<double>(t1 - t0) / n);
			run_model();
			// The looped-back frames: not part of this round's figure.
			for (uint16_t k; (k = rte_eth_rx_burst(port, 0, pkts, 32)) != 0;
			     run_model())
				rte_pktmbuf_free_bulk(pkts, k);
			continue;
		}
		if (!send(port, mp, kRxBatch, seq))
			return 1;
		run_model();
		if (!warm)
			evict_pool(mp);
		uint64_t t0 = rte_rdtsc_precise();
		const uint16_t n = rte_eth_rx_burst(port, 0, pkts, 32);
		unsigned tagged = 0;
		if (variant == 1)
			for (uint16_t i = 0; i < n; i++)
				tagged += strip_vlan(pkts[i]) == kVlan;
		const uint64_t t1 = rte_rdtsc_precise();
		if (n != kRxBatch || (variant == 1 && tagged != n))
			bad++;
		if (n)
			(variant == 0 ? rx : rx_strip).push_back(static_cast<double>(t1 - t0) / n);
		rte_pktmbuf_free_bulk(pkts, n);
		for (uint16_t k; (k = rte_eth_rx_burst(port, 0, pkts, 32)) != 0; run_model())
			rte_pktmbuf_free_bulk(pkts, k);
	}
	const double mrx = median(rx), mstrip = median(rx_strip), mtx = median(tx);
	printf("{\"rounds\": %u, \"cache\": \"%s\", \"tsc_hz\": %" PRIu64 ", "
	       "\"rx_cycles_per_frame\": %.1f, \"rx_strip_cycles_per_frame\": %.1f, "
	       "\"strip_adds_percent\": %.1f, \"tx_cycles_per_frame\": %.1f, \"short_rounds\": "
	       "%u}\n",
	       rounds, warm ? "warm" : "evicted", rte_get_tsc_hz(), mrx, mstrip,
	       mrx > 0 ? 100.0 * (mstrip - mrx) / mrx : 0.0, mtx, bad);
	rte_eth_dev_stop(port);
	rte_eth_dev_close(port);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return bad > rounds / 100 ? 1 : 0;
}
