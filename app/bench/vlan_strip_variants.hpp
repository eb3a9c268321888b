/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The three Rx variants of the VLAN-strip A/B, for the benchmarks only:
//  - shipped:     net_dpaa's Rx burst as built into the driver;
//  - burst-strip: the same burst instantiated here with a software strip in
//                 each frame's conversion (what a PMD offering the strip
//                 offload in software does: the frame's first line is read
//                 while the mbuf's and the parse result's are still being
//                 filled); the driver itself has no such variant;
//  - app-strip:   the shipped burst, then the application strips each frame
//                 right after the burst returns (the net_dpaa guide's way);
//  - app-strip-prefetch: the same, walking the burst as DPDK's examples walk
//                 one (l3fwd): the headers of the first frames prefetched
//                 before the loop, each step prefetching a header further on.
// A strip here does what the offload does: the tag leaves the frame, its TCI
// goes to vlan_tci, and the mbuf says so in ol_flags.

#pragma once

#include <cstring>
#include <string_view>

#include <rte_ether.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "dpaa_rx_burst.hpp"

namespace dpaa::bench
{

enum class RxVariant { shipped, burst_strip, app_strip, app_strip_prefetch };

inline constexpr RxVariant kRxVariants[] = {RxVariant::shipped, RxVariant::burst_strip,
					    RxVariant::app_strip, RxVariant::app_strip_prefetch};

inline const char *variant_name(RxVariant v)
{
	switch (v) {
	case RxVariant::shipped:
		return "shipped";
	case RxVariant::burst_strip:
		return "burst-strip";
	case RxVariant::app_strip:
		return "app-strip";
	case RxVariant::app_strip_prefetch:
		return "app-strip-prefetch";
	}
	return "?";
}

inline bool parse_variant(std::string_view s, RxVariant &v)
{
	for (RxVariant c : kRxVariants)
		if (s == variant_name(c)) {
			v = c;
			return true;
		}
	return false;
}

// Removes an outer 802.1Q tag; 1 if there was one.
[[gnu::always_inline]] inline unsigned strip_vlan(rte_mbuf *m) noexcept
{
	auto *eth = rte_pktmbuf_mtod(m, rte_ether_hdr *);
	if (eth->ether_type != rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN))
		return 0;
	const auto *vh = reinterpret_cast<const rte_vlan_hdr *>(eth + 1);
	m->vlan_tci = rte_be_to_cpu_16(vh->vlan_tci);
	memmove(reinterpret_cast<char *>(eth) + sizeof(rte_vlan_hdr), eth, 2 * RTE_ETHER_ADDR_LEN);
	m->data_off = static_cast<uint16_t>(m->data_off + sizeof(rte_vlan_hdr));
	m->data_len = static_cast<uint16_t>(m->data_len - sizeof(rte_vlan_hdr));
	m->pkt_len -= static_cast<uint32_t>(sizeof(rte_vlan_hdr));
	m->ol_flags |= RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED;
	return 1;
}

// The strip inside the conversion, for rx::rx_burst's FrameWork.
struct StripInConversion {
	[[gnu::always_inline]] static void frame(rte_mbuf *m) noexcept { strip_vlan(m); }
};

// The application's strip, after the burst: not inlined, so that a profile
// (callgrind --toggle-collect) can attribute it.
[[gnu::noinline]] inline unsigned strip_after_burst(rte_mbuf **pkts, unsigned n) noexcept
{
	unsigned tagged = 0;
	for (unsigned i = 0; i < n; i++)
		tagged += strip_vlan(pkts[i]);
	return tagged;
}

// The application's strip with l3fwd's prefetch distance: the header of the
// frame kAhead frames on is requested while this one is stripped, so the
// cold lines of a burst arrive together rather than one after the other.
[[gnu::noinline]] inline unsigned strip_after_burst_prefetched(rte_mbuf **pkts, unsigned n) noexcept
{
	constexpr unsigned kAhead = 3;
	for (unsigned i = 0; i < n && i < kAhead; i++)
		rte_prefetch0(rte_pktmbuf_mtod(pkts[i], void *));
	unsigned tagged = 0;
	for (unsigned i = 0; i < n; i++) {
		if (i + kAhead < n)
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + kAhead], void *));
		tagged += strip_vlan(pkts[i]);
	}
	return tagged;
}

// The burst-strip variant's burst (push mode, net_dpaa's default).
inline constexpr eth_rx_burst_t kBurstStripRx =
	net::rx::rx_burst<net::RxMode::push, StripInConversion>;

} // namespace dpaa::bench
