/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What net_dpaa2's bursts cost per frame against their floor
// (dpaa2_datapath_floor.hpp), on the modelled LX2160A-RDB reached through
// the emulated VFIO fsl-mc kernel, as every DPAA2 program here reaches it
// (run it with libfslmc_emu.so preloaded: devtools/dpaa2-datapath-bench.sh).
//
// dpmac.3 has a loopback wire. An Rx round sends a batch of 64-byte UDP
// frames, waits until dpni.1's Rx FQ holds them all (an FQ query, never a
// delay), has the pull that takes them issued and answered, evicts the
// frame buffers, mbufs and pull results from the CPU caches (unless
// --warm: on a board WRIOP and QBMan write them by DMA), and then times,
// with the TSC, one call of:
//  - rx:       rte_eth_rx_burst() (net_dpaa2's burst);
//  - rx-floor: the Rx floor on the same queue and portal;
//  - rx-empty: rte_eth_rx_burst() on the empty queue (per burst, not per
//              frame): its one doorbell, a trapped store here, is what a
//              burst costs before any frame;
//  - tx:       rte_eth_tx_burst() of a batch that fits the EQCR;
//  - tx-floor: the Tx floor on the same EQCR.
// The port has RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE, as testpmd configures it:
// its DPNI confirms nothing. --confirming: without it, the DPNI confirms
// and each frame WRIOP releases opts out (the FAEAD store, in both the
// burst and its floor).
// The floors are called through ethdev with the port's burst pointer
// swapped, so that all variants pay ethdev's dispatch alike. The variants
// alternate round by round; each figure is the median over the rounds.
// Prints one JSON object.
//
// Each burst rings a doorbell (pull command or EQCR producer index), which
// on this emulation is a trapped store: microseconds, more than the
// burst's own work. The cycle figures include it (rx-empty says how much);
// devtools/frame_counts.py counts the same bursts under callgrind, where
// the trap handler is left out.
//
// Usage: dpaa2_datapath_bench [--rounds N] [--warm] [--tagged] [--confirming]
//                             [--only VARIANT]

#include <algorithm>
#include <cinttypes>
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
#include "dpaa2_datapath_floor.hpp"
#include "dpaa2_mempool.hpp"

namespace
{

namespace net = dpaa2::net;

constexpr unsigned kRxBatch = net::kBurstMax; // one pull's worth
constexpr uint16_t kVlan = 100;
constexpr size_t kFrameLen = 60; // 64 bytes on the wire with the FCS
constexpr uint16_t kPort = 0;	 // dpni.1, on dpmac.3

bool tagged = false;
bool confirming = false;

void fill_frame(rte_mbuf *m, const rte_ether_addr &dst, uint16_t seq)
{
	dpaa::bench::fill_udp_frame(m, {kFrameLen, tagged, kVlan}, dst, seq);
}

// Waits, bounded, until `done()`: the model's thread moves the frames.
template <typename Done> bool wait_for(Done &&done)
{
	const uint64_t end = rte_get_timer_cycles() + 30 * rte_get_timer_hz();
	while (!done()) {
		if (rte_get_timer_cycles() > end)
			return false;
		rte_pause();
	}
	return true;
}

uint32_t fq_frames(uint32_t fqid)
{
	uint32_t frames = 0, bytes = 0;
	if (dpaa2::fslmc::portal()->fq_query_np(fqid, frames, bytes) != 0)
		return 0;
	return frames;
}

// Sends n fresh frames with the shipped Tx burst; they come back to the
// port's Rx FQ over the loopback wire.
bool send(rte_mempool *mp, unsigned n, uint16_t &seq)
{
	rte_mbuf *pkts[kRxBatch];
	if (n > kRxBatch || rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0)
		return false;
	rte_ether_addr dst;
	rte_eth_macaddr_get(kPort, &dst);
	for (unsigned i = 0; i < n; i++)
		fill_frame(pkts[i], dst, seq++);
	unsigned sent = 0;
	for (unsigned tries = 0; sent < n && tries < 100000; tries++)
		sent += rte_eth_tx_burst(kPort, 0, pkts + sent, static_cast<uint16_t>(n - sent));
	if (sent < n) {
		rte_pktmbuf_free_bulk(pkts + sent, n - sent);
		return false;
	}
	return true;
}

// Takes `n` frames off the Rx queue (the shipped burst) and frees them.
bool drain(unsigned n)
{
	rte_mbuf *pkts[kRxBatch];
	unsigned got = 0;
	const bool ok = wait_for([&] {
		const uint16_t k = rte_eth_rx_burst(kPort, 0, pkts, kRxBatch);
		rte_pktmbuf_free_bulk(pkts, k);
		got += k;
		return got >= n;
	});
	return ok && got == n;
}

// The pull pending on the queue has all its results written.
bool pull_answered(const net::RxQueue &q)
{
	if (q.pending < 0)
		return false;
	const auto *r = q.storage + q.pending * net::kBurstMax;
	for (unsigned i = 0; i < q.pending_n; i++) {
		if (!dpaa2::fslmc::qbman::Swp::result_ready(r[i]))
			return false;
		if (r[i].stat & dpaa2::hw::qb::dq_stat::kExpired)
			return true;
	}
	return true;
}

// The lines the device wrote for an Rx round: the pool's buffers and
// mbufs, the queue's pull results.
void evict_rx(rte_mempool *mp, const net::RxQueue &q)
{
	dpaa::bench::evict(q.storage, 2 * net::kBurstMax * sizeof(*q.storage));
	dpaa::bench::evict_pool(mp);
}

} // namespace

enum Variant { kRx, kRxFloor, kRxEmpty, kTx, kTxFloor, kVariants };

// A call site of its own per variant, so that ethdev's indirect call meets
// one target there, as in an application (datapath_bench.cpp says why).
template <int V> [[gnu::noinline]] uint16_t rx_call(rte_mbuf **pkts, uint16_t n)
{
	asm volatile("# dpaa2-datapath-bench variant %0" ::"i"(V));
	return rte_eth_rx_burst(kPort, 0, pkts, n);
}

template <int V> [[gnu::noinline]] uint16_t tx_call(rte_mbuf **pkts, uint16_t n)
{
	asm volatile("# dpaa2-datapath-bench variant %0" ::"i"(V));
	return rte_eth_tx_burst(kPort, 0, pkts, n);
}

constexpr const char *kNames[kVariants] = {"rx", "rx-floor", "rx-empty", "tx", "tx-floor"};

int main(int argc, char **argv)
{
	dpaa::bench::Options o{300};
	const int parsed = dpaa::bench::parse_options(
		argc, argv, kNames, kVariants,
		"[--rounds N] [--warm] [--tagged] [--confirming] [--only VARIANT]", o,
		[](char **av, int i) {
			if (strcmp(av[i], "--tagged") == 0)
				tagged = true;
			else if (strcmp(av[i], "--confirming") == 0)
				confirming = true;
			else
				return false;
			return true;
		});
	if (parsed != 0)
		return parsed;
	const auto [rounds, warm, only] = o;
	if (!dpaa::bench::eal_start({"dpaa2_datapath_bench", "--no-huge", "-m", "256", "--no-pci",
				     "--no-shconf", "-l", "0", "--iova-mode=va", "--log-level",
				     "pmd.net.dpaa2:warning", "-a", "fslmc:dpni.1"},
				    " (is libfslmc_emu.so preloaded?)"))
		return 1;
	rte_mempool *mp = rte_pktmbuf_pool_create_by_ops("bench", 2047, 0, 0,
							 RTE_MBUF_DEFAULT_BUF_SIZE, 0, "dpaa2");
	if (rte_eth_dev_count_avail() < 1) {
		fprintf(stderr, "no port: is dpni.1 in the container?\n");
		return 1;
	}
	if (!dpaa::bench::port_start(kPort, mp, confirming ? 0 : RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE))
		return 1;
	const int bpid = rte_dpaa2_mbuf_pool_bpid(mp);
	if (bpid < 0)
		return 1;
	dpaa2::bench::floor_bpid = static_cast<uint16_t>(bpid);
	dpaa2::bench::floor_meta = rte_dpaa2_bpid_info[bpid].meta_size;
	auto &rxq = *static_cast<net::RxQueue *>(rte_eth_devices[kPort].data->rx_queues[0]);
	// The EQCR's room after the model took every entry: a Tx batch fits.
	const unsigned tx_batch =
		std::min<unsigned>(net::kBurstMax, dpaa2::fslmc::portal()->eqcr_size() - 1);
	struct rte_eth_fp_ops &ops = rte_eth_fp_ops[kPort];
	const eth_rx_burst_t shipped_rx = ops.rx_pkt_burst;
	const eth_tx_burst_t shipped_tx = ops.tx_pkt_burst;

	std::vector<double> fig[kVariants];
	uint16_t seq = 0;
	rte_mbuf *pkts[kRxBatch];
	unsigned bad = 0;
	const unsigned nvar = only < 0 ? kVariants : 1;
	for (unsigned r = 0; r < nvar * rounds; r++) {
		const int variant = only < 0 ? static_cast<int>(r % kVariants) : only;
		if (variant == kTx || variant == kTxFloor) {
			const int n = dpaa::bench::tx_round(
				kPort, mp, {kFrameLen, tagged, kVlan}, tx_batch, seq,
				variant == kTxFloor ? dpaa2::bench::dpaa2_tx_floor_for(confirming)
						    : shipped_tx,
				warm,
				[&](rte_mbuf **out, uint16_t k) {
					return variant == kTx ? tx_call<kTx>(out, k)
							      : tx_call<kTxFloor>(out, k);
				},
				fig[variant], bad);
			if (n < 0)
				return 1;
			// The looped-back frames: not part of this round's figure.
			if (!drain(static_cast<unsigned>(n)))
				return 1;
			continue;
		}
		const unsigned batch = variant == kRxEmpty ? 0 : kRxBatch;
		// The last burst's pull answered (on the empty queue) before the
		// frames come: it must not take some of them.
		if (rxq.pending >= 0 && !wait_for([&] { return pull_answered(rxq); }))
			return 1;
		if (batch != 0 && (!send(mp, batch, seq) ||
				   !wait_for([&] { return fq_frames(rxq.fqid) == batch; }))) {
			fprintf(stderr, "the frames did not come back\n");
			return 1;
		}
		// The pull of the previous burst found the queue empty: take
		// its answer, then the next pull takes this round's frames.
		const unsigned early = rte_eth_rx_burst(kPort, 0, pkts, kRxBatch);
		rte_pktmbuf_free_bulk(pkts, early);
		if (early != 0 || !wait_for([&] { return pull_answered(rxq); })) {
			bad++;
			drain(batch > early ? batch - early : 0);
			continue;
		}
		ops.rx_pkt_burst = variant == kRxFloor ? dpaa2::bench::dpaa2_rx_floor : shipped_rx;
		if (!warm)
			evict_rx(mp, rxq);
		const uint64_t t0 = rte_rdtsc_precise();
		unsigned n;
		switch (variant) {
		case kRxFloor:
			n = rx_call<kRxFloor>(pkts, kRxBatch);
			break;
		case kRxEmpty:
			n = rx_call<kRxEmpty>(pkts, kRxBatch);
			break;
		default:
			n = rx_call<kRx>(pkts, kRxBatch);
			break;
		}
		const uint64_t t1 = rte_rdtsc_precise();
		ops.rx_pkt_burst = shipped_rx;
		if (n != batch)
			bad++;
		if (variant == kRxEmpty)
			fig[variant].push_back(static_cast<double>(t1 - t0));
		else if (n)
			fig[variant].push_back(static_cast<double>(t1 - t0) / n);
		rte_pktmbuf_free_bulk(pkts, n);
	}
	const auto med = dpaa::bench::medians(fig);
	using dpaa::bench::ratio;
	printf("{\"rounds\": %u, \"cache\": \"%s\", \"tagged\": %s, \"tx_confirmation\": %s, "
	       "\"rx_batch\": %u, \"tx_batch\": %u, \"tsc_hz\": %" PRIu64
	       ", \"cycles_per_frame\": {",
	       rounds, warm ? "warm" : "evicted", tagged ? "true" : "false",
	       confirming ? "true" : "false", kRxBatch, tx_batch, rte_get_tsc_hz());
	bool first = true;
	for (int v = 0; v < kVariants; v++) {
		if (v == kRxEmpty)
			continue;
		printf("%s\"%s\": %.1f", first ? "" : ", ", kNames[v], med[v]);
		first = false;
	}
	printf("}, \"rx_empty_cycles_per_burst\": %.1f, \"rx_over_floor\": %.2f, "
	       "\"tx_over_floor\": %.2f, \"short_rounds\": %u}\n",
	       med[kRxEmpty], ratio(med[kRx], med[kRxFloor]), ratio(med[kTx], med[kTxFloor]), bad);
	return dpaa::bench::finish(kPort, mp, bad, nvar * rounds);
}
