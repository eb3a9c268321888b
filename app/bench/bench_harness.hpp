/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the burst benchmarks of both families (datapath_bench.cpp for
// net_dpaa, dpaa2_datapath_bench.cpp for net_dpaa2) do alike around their
// timed calls: the command line, EAL, the port, the frames they send and
// the median they report. Public ethdev API only; what reaches a family's
// queues stays in its benchmark.

#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_udp.h>

#include "bench_evict.hpp"

namespace dpaa::bench
{

// What a benchmark's frames are: a UDP/IPv4 frame of `len` bytes (without
// the FCS), 802.1Q-tagged with `vlan` when `tagged`.
struct FrameSpec {
	size_t len;
	bool tagged;
	uint16_t vlan;
};

// Writes a frame of `spec` to `dst` into m, its UDP source port `seq`.
inline void fill_udp_frame(rte_mbuf *m, const FrameSpec &spec, const rte_ether_addr &dst,
			   uint16_t seq)
{
	auto *p = rte_pktmbuf_mtod(m, uint8_t *);
	memset(p, 0, spec.len);
	auto *eth = reinterpret_cast<rte_ether_hdr *>(p);
	eth->dst_addr = dst;
	eth->src_addr = rte_ether_addr{{0x02, 0, 0, 0, 0x11, 0x11}};
	const size_t tag = spec.tagged ? sizeof(rte_vlan_hdr) : 0;
	if (spec.tagged) {
		eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
		auto *vh = reinterpret_cast<rte_vlan_hdr *>(eth + 1);
		vh->vlan_tci = rte_cpu_to_be_16(spec.vlan);
		vh->eth_proto = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	} else {
		eth->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_IPV4);
	}
	auto *ip = reinterpret_cast<rte_ipv4_hdr *>(p + sizeof(*eth) + tag);
	ip->version_ihl = RTE_IPV4_VHL_DEF;
	ip->total_length = rte_cpu_to_be_16(spec.len - sizeof(*eth) - tag);
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0a000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0a000002);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	auto *udp = reinterpret_cast<rte_udp_hdr *>(ip + 1);
	udp->src_port = rte_cpu_to_be_16(seq);
	udp->dst_port = rte_cpu_to_be_16(2000);
	udp->dgram_len = rte_cpu_to_be_16(spec.len - sizeof(*eth) - tag - sizeof(*ip));
	m->data_len = m->pkt_len = static_cast<uint32_t>(spec.len);
}

// The median of a variant's figures (0 for none).
inline double median(std::vector<double> v)
{
	if (v.empty())
		return 0;
	std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
	return v[v.size() / 2];
}

// The median of each variant's figures.
template <size_t V> std::array<double, V> medians(const std::vector<double> (&fig)[V])
{
	std::array<double, V> med{};
	for (size_t v = 0; v < V; v++)
		med[v] = median(fig[v]);
	return med;
}

// a over b, 0 when there is no b.
inline double ratio(double a, double b)
{
	return b > 0 ? a / b : 0.0;
}

// One timed Tx round: `batch` fresh frames of `spec` handed to `call(pkts,
// batch)` (a call site that goes through rte_eth_tx_burst) with `burst` as
// the port's Tx burst for that call alone, the pool's lines evicted first
// unless `warm`. What the call did not take is freed and the round counted
// short in `bad`; its cycles per frame go to `fig`. How many frames went,
// or -1 when the pool had none to give.
template <typename Call>
int tx_round(uint16_t port, rte_mempool *mp, const FrameSpec &spec, unsigned batch, uint16_t &seq,
	     eth_tx_burst_t burst, bool warm, Call &&call, std::vector<double> &fig, unsigned &bad)
{
	rte_mbuf *out[64];
	if (batch > RTE_DIM(out) || rte_pktmbuf_alloc_bulk(mp, out, batch) != 0)
		return -1;
	rte_ether_addr dst;
	rte_eth_macaddr_get(port, &dst);
	for (unsigned i = 0; i < batch; i++)
		fill_udp_frame(out[i], spec, dst, seq++);
	struct rte_eth_fp_ops &ops = rte_eth_fp_ops[port];
	const eth_tx_burst_t shipped = ops.tx_pkt_burst;
	// A store in every round, whichever the variant.
	ops.tx_pkt_burst = burst;
	if (!warm)
		evict_pool(mp);
	const uint64_t t0 = rte_rdtsc_precise();
	const unsigned n = call(out, static_cast<uint16_t>(batch));
	const uint64_t t1 = rte_rdtsc_precise();
	ops.tx_pkt_burst = shipped;
	if (n != batch) {
		bad++;
		rte_pktmbuf_free_bulk(out + n, batch - n);
	}
	if (n)
		fig.push_back(static_cast<double>(t1 - t0) / n);
	return static_cast<int>(n);
}

// The options every burst benchmark takes: --rounds N, --warm (no
// eviction), --only VARIANT (that variant alone, for a profile).
struct Options {
	unsigned rounds;
	bool warm = false;
	int only = -1; // the variant's index in the names, or -1: all
};

// Parses argv into `o`; `extra(argv, i)` takes a benchmark's own option at
// argv[i] (advancing i past its value) and answers whether it knew it.
// 0, or the exit status after a message (2: a bad command line).
template <typename Extra>
int parse_options(int argc, char **argv, const char *const *names, int nb_names, const char *usage,
		  Options &o, Extra &&extra)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
			o.rounds = static_cast<unsigned>(atoi(argv[++i]));
		} else if (!strcmp(argv[i], "--warm")) {
			o.warm = true;
		} else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
			++i;
			for (int v = 0; v < nb_names; v++)
				if (!strcmp(argv[i], names[v]))
					o.only = v;
			if (o.only < 0) {
				fprintf(stderr, "unknown variant %s\n", argv[i]);
				return 2;
			}
		} else if (!extra(argv, i)) {
			fprintf(stderr, "usage: %s %s\n", argv[0], usage);
			return 2;
		}
	}
	return 0;
}

// rte_eal_init on an argument list; false after a message.
inline bool eal_start(const std::vector<const char *> &args, const char *hint)
{
	if (rte_eal_init(static_cast<int>(args.size()), const_cast<char **>(args.data())) < 0) {
		fprintf(stderr, "EAL initialisation failed%s\n", hint);
		return false;
	}
	return true;
}

// One Rx and one Tx queue of 1024 descriptors, Rx buffers from `mp`, the
// Tx offloads `tx_offloads`, started; false after a message.
inline bool port_start(uint16_t port, rte_mempool *mp, uint64_t tx_offloads = 0)
{
	rte_eth_conf conf{};
	conf.txmode.offloads = tx_offloads;
	if (mp == nullptr || rte_eth_dev_configure(port, 1, 1, &conf) != 0 ||
	    rte_eth_rx_queue_setup(port, 0, 1024, 0, nullptr, mp) != 0 ||
	    rte_eth_tx_queue_setup(port, 0, 1024, 0, nullptr) != 0 ||
	    rte_eth_dev_start(port) != 0) {
		fprintf(stderr, "port set-up failed\n");
		return false;
	}
	return true;
}

// Port, pool and EAL gone; the exit status: failed when more than one
// round in a hundred was short.
inline int finish(uint16_t port, rte_mempool *mp, unsigned bad, unsigned rounds)
{
	rte_eth_dev_stop(port);
	rte_eth_dev_close(port);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return bad > rounds / 100 ? 1 : 0;
}

} // namespace dpaa::bench
