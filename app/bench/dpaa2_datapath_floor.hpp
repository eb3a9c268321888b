/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The floor of net_dpaa2's bursts: loops that touch exactly the cache lines
// a DPAA2 Rx or Tx burst must touch, and do nothing else, through the same
// software portal and on the same queue and buffers as the bursts:
//  - Rx, per frame: the pull result (the dequeue entry QBMan wrote, with
//    the FD), the buffer's first line (the annotation: one load), the
//    mbuf's first line (rearm word, lengths, packet type from the FD's
//    parse summary, flags); per burst: the results of the pull the
//    previous burst issued are taken, and the next pull is issued (one
//    doorbell), as the shipped burst does;
//  - Tx, per frame: the mbuf's first line (IOVA, data offset, length) and
//    the EQCR entry (the FD); per burst: one doorbell. The BPID is known
//    in advance, where a burst finds it from the mbuf's pool. On a DPNI
//    that confirms (a port without MBUF_FAST_FREE: kFaead), also the
//    egress action descriptor (FAEAD) in the buffer's second line, a line
//    a correct burst must write there: a frame WRIOP is to release to its
//    pool opts out of confirmation only through the FAEAD (the kernel's
//    XDP_TX); an FD without it is confirmed instead of released, and its
//    buffer never goes back to the pool (nothing here takes the
//    confirmations): a floor that leaks every frame it sends. A DPNI that
//    confirms nothing (fast free) releases the FD as it is.
// No checks, no stash, no statistics, no SG, no copies: what the bursts do
// beyond this is their overhead over the floor.
//
// The floors have the bursts' signature and the benchmark calls them
// through rte_eth_rx_burst()/rte_eth_tx_burst() with the port's burst
// pointer swapped, so that both pay ethdev's dispatch alike (as
// datapath_floor.hpp explains for net_dpaa).

#pragma once

#include <rte_mbuf.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_rx_parse.hpp"

namespace dpaa2::bench
{

// Set by the benchmark: the frames' pool's BPID and where QBMan's buffer
// address is in its objects (rte_dpaa2_bpid_info's meta_size).
inline uint16_t floor_bpid;
inline uint32_t floor_meta;

[[gnu::noinline]] inline uint16_t dpaa2_rx_floor(void *rxq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	net::RxQueue &q = *static_cast<net::RxQueue *>(rxq);
	fslmc::qbman::Swp &p = *fslmc::portal();
	const uint64_t rearm = q.rearm;
	const uint32_t meta = floor_meta;
	uint16_t n = 0;
	// The half the previous burst pulled into, -1 for none.
	int half = q.pending < 0 ? -1 : (q.pending == 0 ? 0 : 1);
	if (half >= 0) {
		p.pull_collect(q.storage + half * net::kBurstMax, q.pending_n,
			       [&](const hw::Fd &fd, const hw::qb::DequeueResult &) {
				       char *buf = reinterpret_cast<char *>(
					       static_cast<uintptr_t>(fd.addr()));
				       auto *m = reinterpret_cast<rte_mbuf *>(buf - meta);
				       const uint64_t annotation =
					       *reinterpret_cast<const uint64_t *>(buf);
				       const uint64_t r = rearm | fd.offset();
				       memcpy(&m->rearm_data, &r, sizeof(r));
				       m->pkt_len = fd.length();
				       m->data_len = static_cast<uint16_t>(fd.length());
				       m->packet_type = net::ptype_from_summary(
					       hw::hwa::frc::parse_summary(fd.frc()));
				       // Flags from the annotation, never ones that
				       // change how the mbuf is freed.
				       m->ol_flags = annotation & (RTE_MBUF_F_RX_IP_CKSUM_MASK |
								   RTE_MBUF_F_RX_L4_CKSUM_MASK);
				       pkts[n++] = m;
			       });
	}
	half = half == 0 ? 1 : 0;
	const unsigned want = nb < net::kBurstMax ? nb : net::kBurstMax;
	if (p.pull(q.fqid, want, q.storage + half * net::kBurstMax,
		   q.storage_iova + half * net::kBurstMax * sizeof(hw::qb::DequeueResult)) == 0) {
		q.pending = static_cast<int8_t>(half);
		q.pending_n = static_cast<uint8_t>(want);
	} else {
		q.pending = -1;
	}
	return n;
}

template <bool kFaead>
[[gnu::noinline]] inline uint16_t dpaa2_tx_floor(void *txq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	const net::TxQueue &q = *static_cast<const net::TxQueue *>(txq);
	fslmc::qbman::Swp &p = *fslmc::portal();
	const uint32_t bpid = floor_bpid;
	hw::Fd fds[net::kBurstMax];
	nb = RTE_MIN(nb, net::kBurstMax);
	for (unsigned i = 0; i < nb; i++) {
		const rte_mbuf *m = pkts[i];
		fds[i] = hw::Fd{};
		fds[i].set_addr(m->buf_iova);
		fds[i].set_length(m->data_len);
		fds[i].set_bpid_offset(bpid | uint32_t{m->data_off}
						      << hw::bpid_offset::kOffsetShift);
		if constexpr (!kFaead)
			continue;
		fds[i].set_frc(hw::hwa::frc::kFaeadv);
		fds[i].set_ctrl(hw::hwa::ctrl::asal(128));
		hw::hwa::Faead e;
		e.conf_fqid.store(0);
		e.ctrl.store(hw::hwa::faead::kA4v | hw::hwa::faead::kA2v | hw::hwa::faead::kEbddv);
		memcpy(static_cast<char *>(m->buf_addr) + hw::hwa::kFaeadOffset, &e, sizeof(e));
	}
	return static_cast<uint16_t>(p.enqueue(q.fqid, fds, nb));
}

// The Tx floor of a port whose DPNI confirms, or does not.
inline eth_tx_burst_t dpaa2_tx_floor_for(bool confirming) noexcept
{
	return confirming ? dpaa2_tx_floor<true> : dpaa2_tx_floor<false>;
}

} // namespace dpaa2::bench
