/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What net_dpaa's bursts cost per frame, the modelled SoC excluded: the
// model runs stepped, between the timed calls, never inside them.
//
// fm1-mac9 has a loopback wire. Each round sends a batch of 64-byte UDP
// frames (802.1Q-tagged unless --untagged), steps the model until they are
// back in the Rx queue's DQRR, evicts the frame buffers and mbufs from the
// CPU caches (the FMan writes frames by DMA: on a board the lines the Rx
// burst reads are not in the cache; the model wrote them with the CPU), and
// then times, with the TSC, one of:
//  - rx:             rte_eth_rx_burst() alone (what net_dpaa does);
//  - rx-app-strip:   rte_eth_rx_burst() followed at once by a software VLAN
//                    strip of every frame by the application;
//  - rx-burst-strip: the driver's burst instantiated with the strip inside
//                    each frame's conversion (vlan_strip_variants.hpp), i.e.
//                    a PMD that strips in software in its burst;
//  - rx-floor:       the Rx floor of datapath_floor.hpp on the same DQRR;
//  - tx:             rte_eth_tx_burst() of a batch (EQCR room for all of it);
//  - tx-floor:       the Tx floor on the same EQCR.
// Every variant is called through rte_eth_rx_burst() or rte_eth_tx_burst():
// the benchmark's own bursts (the floors, the in-burst strip) are put in the
// port's rte_eth_fp_ops entry for their rounds, so that all pay ethdev's
// dispatch alike (see datapath_floor.hpp).
// The variants alternate round by round, so that the machine's noise falls on
// all of them alike; each figure is the median over the rounds of cycles per
// frame. Prints one JSON object.
//
// Usage: datapath_bench [--rounds N] [--warm] [--untagged] [--mbufs N] [--only VARIANT]
//   --warm: no eviction; --mbufs: the pool's size (default 2047);
//   --only: run that variant alone (for a profile: valgrind, perf).

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

#include "bench_evict.hpp"
#include "bench_harness.hpp"
#include "datapath_floor.hpp"
#include "model_access.hpp"
#include "vlan_strip_variants.hpp"

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

using dpaa::bench::evict_pool;

bool tagged = true;

void fill_frame(rte_mbuf *m, const rte_ether_addr &dst, uint16_t seq)
{
	dpaa::bench::fill_udp_frame(m, {kFrameLen, tagged, kVlan}, dst, seq);
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

} // namespace

enum Variant { kRx, kRxAppStrip, kRxBurstStrip, kRxFloor, kTx, kTxFloor, kVariants };

// Each variant calls rte_eth_rx_burst()/rte_eth_tx_burst() from a call site
// of its own, so that ethdev's indirect call to the burst always meets the
// same target there, as in an application, instead of one the branch
// predictor last saw for another variant (the asm keeps the compiler from
// folding the identical functions into one).
template <int V> [[gnu::noinline]] uint16_t rx_call(uint16_t port, rte_mbuf **pkts, uint16_t n)
{
	asm volatile("# datapath-bench variant %0" ::"i"(V));
	return rte_eth_rx_burst(port, 0, pkts, n);
}

template <int V> [[gnu::noinline]] uint16_t tx_call(uint16_t port, rte_mbuf **pkts, uint16_t n)
{
	asm volatile("# datapath-bench variant %0" ::"i"(V));
	return rte_eth_tx_burst(port, 0, pkts, n);
}
constexpr const char *kNames[kVariants] = {"rx",       "rx-app-strip", "rx-burst-strip",
					   "rx-floor", "tx",	       "tx-floor"};

int main(int argc, char **argv)
{
	dpaa::bench::Options o{3000};
	unsigned mbufs = 2047;
	const int parsed = dpaa::bench::parse_options(
		argc, argv, kNames, kVariants,
		"[--rounds N] [--warm] [--untagged] [--mbufs N] [--only VARIANT]", o,
		[&](char **av, int &i) {
			if (!strcmp(av[i], "--mbufs") && i + 1 < argc)
				mbufs = static_cast<unsigned>(atoi(av[++i]));
			else if (!strcmp(av[i], "--untagged"))
				tagged = false;
			else
				return false;
			return true;
		});
	if (parsed != 0)
		return parsed;
	const auto [rounds, warm, only] = o;
	setenv("DPAA_MODEL", "board=ls1046a-rdb;fm1-mac9=loopback;mode=stepped", 1);
	const std::string mem = std::to_string(std::max(256u, mbufs / 256 + 64));
	if (!dpaa::bench::eal_start({"datapath_bench", "--no-huge", "-m", mem.c_str(), "--no-pci",
				     "--no-shconf", "-l", "0", "--log-level",
				     "pmd.net.dpaa:warning", "-a", "dpaa_bus:fm1-mac9"},
				    ""))
		return 1;
	model = dpaa_test::bus_model();
	uint16_t port = RTE_MAX_ETHPORTS;
	if (rte_eth_dev_get_port_by_name("fm1-mac9", &port) != 0 || model == nullptr) {
		fprintf(stderr, "no modelled fm1-mac9\n");
		return 1;
	}
	rte_mempool *mp = rte_pktmbuf_pool_create_by_ops("bench", mbufs, 0, 0,
							 RTE_MBUF_DEFAULT_BUF_SIZE, 0, "dpaa");
	if (!dpaa::bench::port_start(port, mp))
		return 1;
	auto &txq = *static_cast<dpaa::net::TxQueue *>(rte_eth_devices[port].data->tx_queues[0]);
	dpaa::bench::tx_floor_bpid = static_cast<uint8_t>(rte_dpaa_mempool_bpid(mp));
	// Every variant is called through ethdev (see datapath_floor.hpp): a
	// round installs its burst in the port's fast-path entry.
	struct rte_eth_fp_ops &ops = rte_eth_fp_ops[port];
	const eth_rx_burst_t shipped_rx = ops.rx_pkt_burst;
	const eth_tx_burst_t shipped_tx = ops.tx_pkt_burst;

	std::vector<double> fig[kVariants];
	uint16_t seq = 0;
	rte_mbuf *pkts[32];
	// Binds the Rx queue to its portal (push mode).
	rte_eth_rx_burst(port, 0, pkts, 32);
	unsigned bad = 0;
	const unsigned nvar = only < 0 ? kVariants : 1;
	for (unsigned r = 0; r < nvar * rounds; r++) {
		const int variant = only < 0 ? static_cast<int>(r % kVariants) : only;
		if (variant == kTx || variant == kTxFloor) {
			run_model(); // EQCR drained: room for the batch
			const int n = dpaa::bench::tx_round(
				port, mp, {kFrameLen, tagged, kVlan}, kTxBatch, seq,
				variant == kTxFloor ? dpaa::bench::tx_floor : shipped_tx, warm,
				[&](rte_mbuf **out, uint16_t k) {
					return variant == kTx ? tx_call<kTx>(port, out, k)
							      : tx_call<kTxFloor>(port, out, k);
				},
				fig[variant], bad);
			if (n < 0)
				return 1;
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
		ops.rx_pkt_burst = variant == kRxFloor	      ? dpaa::bench::rx_floor
				   : variant == kRxBurstStrip ? dpaa::bench::kBurstStripRx
							      : shipped_rx;
		if (!warm)
			evict_pool(mp);
		const uint64_t t0 = rte_rdtsc_precise();
		unsigned n;
		switch (variant) {
		case kRxAppStrip:
			n = rx_call<kRxAppStrip>(port, pkts, 32);
			break;
		case kRxBurstStrip:
			n = rx_call<kRxBurstStrip>(port, pkts, 32);
			break;
		case kRxFloor:
			n = rx_call<kRxFloor>(port, pkts, 32);
			break;
		default:
			n = rx_call<kRx>(port, pkts, 32);
			break;
		}
		const unsigned stripped_after =
			variant == kRxAppStrip ? dpaa::bench::strip_after_burst(pkts, n) : 0;
		const uint64_t t1 = rte_rdtsc_precise();
		ops.rx_pkt_burst = shipped_rx;
		unsigned stripped = stripped_after;
		if (variant == kRxBurstStrip)
			for (unsigned i = 0; i < n; i++)
				stripped += !!(pkts[i]->ol_flags & RTE_MBUF_F_RX_VLAN_STRIPPED);
		const bool strips = variant == kRxAppStrip || variant == kRxBurstStrip;
		if (n != kRxBatch || (strips && stripped != (tagged ? n : 0)))
			bad++;
		if (n)
			fig[variant].push_back(static_cast<double>(t1 - t0) / n);
		rte_pktmbuf_free_bulk(pkts, n);
		for (uint16_t k; (k = rte_eth_rx_burst(port, 0, pkts, 32)) != 0; run_model())
			rte_pktmbuf_free_bulk(pkts, k);
	}
	const auto med = dpaa::bench::medians(fig);
	using dpaa::bench::ratio;
	printf("{\"rounds\": %u, \"cache\": \"%s\", \"tagged\": %s, \"mbufs\": %u, "
	       "\"rx_batch\": %u, \"tx_batch\": %u, \"tsc_hz\": %" PRIu64
	       ", \"cycles_per_frame\": {",
	       rounds, warm ? "warm" : "evicted", tagged ? "true" : "false", mbufs, kRxBatch,
	       kTxBatch, rte_get_tsc_hz());
	for (int v = 0; v < kVariants; v++)
		printf("%s\"%s\": %.1f", v ? ", " : "", kNames[v], med[v]);
	printf("}, \"rx_over_floor\": %.2f, \"tx_over_floor\": %.2f, "
	       "\"burst_strip_adds_percent\": %.1f, \"app_strip_adds_percent\": %.1f, "
	       "\"short_rounds\": %u, \"tx_copied\": %" PRIu64 "}\n",
	       ratio(med[kRx], med[kRxFloor]), ratio(med[kTx], med[kTxFloor]),
	       med[kRx] > 0 ? 100.0 * (med[kRxBurstStrip] - med[kRx]) / med[kRx] : 0.0,
	       med[kRx] > 0 ? 100.0 * (med[kRxAppStrip] - med[kRx]) / med[kRx] : 0.0, bad,
	       txq.copied);
	return dpaa::bench::finish(port, mp, bad, nvar * rounds);
}
