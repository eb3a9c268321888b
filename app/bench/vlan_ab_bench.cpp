/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The VLAN-strip A/B end to end: io forwarding fm1-mac9 -> fm1-mac10 of the
// modelled LS1046A-RDB (a generator on fm1-mac9's wire at the model's
// maximum rate, a sink on fm1-mac10's), one forwarding core, with one of the
// Rx variants of vlan_strip_variants.hpp. The model's thread runs on one
// CPU, the forwarding loop on another, as with devtools/run.sh.
//
// Prints one JSON object per timed window: frames forwarded per second over the
// window, the forwarding core's cycles per frame (all cycles of the window,
// and those of the polls that returned frames, as testpmd's
// --record-core-cycles counts), drops, and how many frames had a tag
// stripped.
//
// Usage: vlan-ab-bench --variant shipped|burst-strip|app-strip|app-strip-prefetch|all [--runs N]
//        [--vlan ID] [--size BYTES] [--flows N] [--mbufs N] [--seconds S]
//        [--cpus FWD,MODEL]
//   all: every variant in turn, --runs times (one JSON line each), the
//        order rotated from run to run so that none always follows another.
//   --size is the frame on the wire with its FCS (64 .. 1518, default 64).

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "vlan_strip_variants.hpp"

namespace
{

using dpaa::bench::RxVariant;

struct Options {
	RxVariant variant = RxVariant::shipped;
	unsigned vlan = 0; // 0: untagged
	unsigned size = 64;
	unsigned flows = 64;
	unsigned mbufs = 8192;
	double seconds = 3;
	bool all = false;  // --variant all
	unsigned runs = 1; // windows per variant
	int fwd_cpu = 1;
	int model_cpu = 0;
};

int usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --variant shipped|burst-strip|app-strip|app-strip-prefetch|all [--runs "
		"N] "
		"[--vlan ID] "
		"[--size BYTES] "
		"[--flows N] [--mbufs N] [--seconds S] [--cpus FWD,MODEL]\n",
		prog);
	return 2;
}

bool parse(int argc, char **argv, Options &o)
{
	for (int i = 1; i < argc; i++) {
		const std::string a = argv[i];
		if (i + 1 >= argc)
			return false;
		const char *v = argv[++i];
		if (a == "--variant") {
			o.all = !strcmp(v, "all");
			if (!o.all && !dpaa::bench::parse_variant(v, o.variant))
				return false;
		} else if (a == "--runs") {
			o.runs = static_cast<unsigned>(atoi(v));
		} else if (a == "--vlan") {
			o.vlan = static_cast<unsigned>(atoi(v));
		} else if (a == "--size") {
			o.size = static_cast<unsigned>(atoi(v));
		} else if (a == "--flows") {
			o.flows = static_cast<unsigned>(atoi(v));
		} else if (a == "--mbufs") {
			o.mbufs = static_cast<unsigned>(atoi(v));
		} else if (a == "--seconds") {
			o.seconds = atof(v);
		} else if (a == "--cpus") {
			if (sscanf(v, "%d,%d", &o.fwd_cpu, &o.model_cpu) != 2)
				return false;
		} else {
			return false;
		}
	}
	return o.size >= 64 && o.size <= 1518 && o.vlan < 4096 && o.seconds > 0 && o.runs > 0;
}

struct Counts {
	uint64_t rx = 0, tx = 0, tx_dropped = 0, tagged = 0;
	uint64_t cycles = 0, busy_cycles = 0;
};

template <RxVariant V> void forward(uint16_t in, uint16_t out, uint64_t until, Counts &c)
{
	rte_mbuf *pkts[32];
	uint64_t now = rte_rdtsc();
	const uint64_t start = now;
	while (now < until) {
		const uint16_t n = rte_eth_rx_burst(in, 0, pkts, 32);
		if (n == 0) {
			now = rte_rdtsc();
			continue;
		}
		if constexpr (V == RxVariant::app_strip)
			c.tagged += dpaa::bench::strip_after_burst(pkts, n);
		if constexpr (V == RxVariant::app_strip_prefetch)
			c.tagged += dpaa::bench::strip_after_burst_prefetched(pkts, n);
		if constexpr (V == RxVariant::burst_strip)
			for (uint16_t i = 0; i < n; i++) // a line the burst just wrote
				c.tagged += !!(pkts[i]->ol_flags & RTE_MBUF_F_RX_VLAN_STRIPPED);
		const uint16_t sent = rte_eth_tx_burst(out, 0, pkts, n);
		if (sent < n) {
			rte_pktmbuf_free_bulk(pkts + sent, n - sent);
			c.tx_dropped += n - sent;
		}
		c.rx += n;
		c.tx += sent;
		const uint64_t t = rte_rdtsc();
		c.busy_cycles += t - now;
		now = t;
	}
	c.cycles = now - start;
}

} // namespace

int main(int argc, char **argv)
{
	Options o;
	if (!parse(argc, argv, o))
		return usage(argv[0]);
	// The generator's size excludes the FCS the MAC adds.
	std::string gen = "gen:size=" + std::to_string(o.size - 4) +
			  ":flows=" + std::to_string(o.flows) + ":rate=max";
	if (o.vlan)
		gen += ":vlan=" + std::to_string(o.vlan);
	const std::string model =
		"board=ls1046a-rdb;fm1-mac9=" + gen +
		";fm1-mac10=sink;mode=threaded;cpu=" + std::to_string(o.model_cpu);
	setenv("DPAA_MODEL", model.c_str(), 1);
	const std::string lcores = "0@" + std::to_string(o.fwd_cpu);
	const char *eal[] = {"vlan-ab-bench",
			     "--no-huge",
			     "-m",
			     "1024",
			     "--no-pci",
			     "--no-shconf",
			     "--lcores",
			     lcores.c_str(),
			     "--log-level",
			     "pmd.net.dpaa:warning",
			     "-a",
			     "dpaa_bus:fm1-mac9",
			     "-a",
			     "dpaa_bus:fm1-mac10"};
	if (rte_eal_init(static_cast<int>(std::size(eal)), const_cast<char **>(eal)) < 0) {
		fprintf(stderr, "vlan-ab-bench: EAL initialisation failed\n");
		return 1;
	}
	uint16_t in = RTE_MAX_ETHPORTS, out = RTE_MAX_ETHPORTS;
	if (rte_eth_dev_get_port_by_name("fm1-mac9", &in) != 0 ||
	    rte_eth_dev_get_port_by_name("fm1-mac10", &out) != 0) {
		fprintf(stderr, "vlan-ab-bench: no modelled fm1-mac9 and fm1-mac10\n");
		return 1;
	}
	rte_mempool *mp = rte_pktmbuf_pool_create_by_ops("ab", o.mbufs, 256, 0,
							 RTE_MBUF_DEFAULT_BUF_SIZE, 0, "dpaa");
	if (mp == nullptr) {
		fprintf(stderr, "vlan-ab-bench: no pool of %u mbufs: %s\n", o.mbufs,
			rte_strerror(rte_errno));
		return 1;
	}
	for (uint16_t p : {in, out}) {
		rte_eth_conf conf{};
		if (rte_eth_dev_configure(p, 1, 1, &conf) != 0 ||
		    rte_eth_rx_queue_setup(p, 0, 1024, 0, nullptr, mp) != 0 ||
		    rte_eth_tx_queue_setup(p, 0, 1024, 0, nullptr) != 0) {
			fprintf(stderr, "vlan-ab-bench: port %u set-up failed\n", p);
			return 1;
		}
		rte_eth_promiscuous_enable(p);
	}
	if (rte_eth_dev_start(out) != 0 || rte_eth_dev_start(in) != 0) {
		fprintf(stderr, "vlan-ab-bench: port start failed\n");
		return 1;
	}
	const uint64_t hz = rte_get_tsc_hz();
	const eth_rx_burst_t shipped_rx = rte_eth_fp_ops[in].rx_pkt_burst;
	auto run = [&](RxVariant v, Counts &k, double secs) {
		// The variant's burst replaces the driver's for the forwarded
		// port: ethdev calls whatever its fast-path table holds.
		rte_eth_fp_ops[in].rx_pkt_burst =
			v == RxVariant::burst_strip ? dpaa::bench::kBurstStripRx : shipped_rx;
		const uint64_t until = rte_rdtsc() + static_cast<uint64_t>(secs * hz);
		switch (v) {
		case RxVariant::shipped:
			forward<RxVariant::shipped>(in, out, until, k);
			break;
		case RxVariant::burst_strip:
			forward<RxVariant::burst_strip>(in, out, until, k);
			break;
		case RxVariant::app_strip:
			forward<RxVariant::app_strip>(in, out, until, k);
			break;
		case RxVariant::app_strip_prefetch:
			forward<RxVariant::app_strip_prefetch>(in, out, until, k);
			break;
		}
	};
	// Half a second to fill the pipeline (the generator starts with the MAC).
	Counts warmup;
	run(o.variant, warmup, 0.5);
	uint64_t forwarded = 0;
	// --variant all: every variant in turn, --runs times, in one process
	// (the same model, pool and machine state for all: an interleaved A/B).
	// Each run starts one variant further on, so that no variant always
	// comes after the same one (a window inherits the previous one's cache
	// and pipeline state).
	const std::vector<RxVariant> order =
		o.all ? std::vector<RxVariant>(std::begin(dpaa::bench::kRxVariants),
					       std::end(dpaa::bench::kRxVariants))
		      : std::vector<RxVariant>{o.variant};
	for (unsigned r = 0; r < o.runs; r++) {
		for (size_t i = 0; i < order.size(); i++) {
			const RxVariant v = order[(r + i) % order.size()];
			Counts c;
			rte_eth_stats s0{}, s1{};
			rte_eth_stats_get(in, &s0);
			run(v, c, o.seconds);
			rte_eth_stats_get(in, &s1);
			forwarded += c.tx;
			const double secs = static_cast<double>(c.cycles) / static_cast<double>(hz);
			printf("{\"variant\": \"%s\", \"run\": %u, \"vlan\": %u, \"size\": %u, "
			       "\"flows\": %u, \"mbufs\": %u, "
			       "\"seconds\": %.3f, \"mpps\": %.4f, \"rx_frames\": %" PRIu64 ", "
			       "\"tx_frames\": %" PRIu64 ", \"tx_dropped\": %" PRIu64
			       ", \"rx_missed\": %" PRIu64 ", \"rx_nombuf\": %" PRIu64
			       ", \"stripped\": %" PRIu64 ", "
			       "\"cycles_per_frame\": %.1f, \"busy_cycles_per_frame\": %.1f, "
			       "\"tsc_hz\": %" PRIu64 "}\n",
			       dpaa::bench::variant_name(v), r, o.vlan, o.size, o.flows, o.mbufs,
			       secs, static_cast<double>(c.tx) / secs / 1e6, c.rx, c.tx,
			       c.tx_dropped, s1.imissed - s0.imissed, s1.rx_nombuf - s0.rx_nombuf,
			       c.tagged,
			       c.rx ? static_cast<double>(c.cycles) / static_cast<double>(c.rx)
				    : 0.0,
			       c.rx ? static_cast<double>(c.busy_cycles) / static_cast<double>(c.rx)
				    : 0.0,
			       hz);
			fflush(stdout);
		}
	}
	rte_eth_fp_ops[in].rx_pkt_burst = shipped_rx;
	rte_eth_dev_stop(in);
	rte_eth_dev_stop(out);
	rte_eth_dev_close(in);
	rte_eth_dev_close(out);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return forwarded > 0 ? 0 : 1;
}
