/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The floor of net_dpaa's bursts: loops that touch exactly the cache lines an
// Rx or Tx burst must touch, and do nothing else, on the same portal and
// the same buffers as the bursts:
//  - Rx, per frame: the DQRR entry (its FD), the buffer's first line (the
//    annotation: parse result and hash, one load), the mbuf's first line (the
//    fields an mbuf must get: rearm word, lengths, packet type, flags);
//    per burst: one DQRR consume;
//  - Tx, per frame: the mbuf's first line (buffer address, data offset and
//    length), the EQCR entry (the FD, through the portal's enqueue);
//    the BPID is known in advance.
// No error checks, no parse decoding, no statistics, no prefetch: what the
// bursts do beyond this is their overhead over the floor.
//
// The floors have the bursts' signature, and the benchmark calls them the way
// it calls the bursts, through rte_eth_rx_burst() and rte_eth_tx_burst()
// (with the port's burst pointer swapped): ethdev's dispatch reads lines of
// its own before any burst runs (the port's rte_eth_fp_ops entry, then its
// queue array), one after the other, and with the caches evicted those cost
// about as much as the frames' lines. A floor called directly would leave
// them out and make every burst look that much slower than its floor.

#pragma once

#include <cstring>
#include <span>

#include <rte_mbuf.h>

#include "dpaa_rx_burst.hpp"

namespace dpaa::bench
{

[[gnu::noinline]] inline uint16_t rx_floor(void *rxq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	const net::RxQueue &q = *static_cast<const net::RxQueue *>(rxq);
	// The portal the shipped burst polls: the queue's own, if it has one.
	qbman::QmanPortal *own = net::queue_portal(q);
	qbman::QmanPortal &portal = own != nullptr ? *own : *bus::qman_portal();
	const uint32_t meta = q.meta_size;
	const uint64_t rearm = q.rearm;
	uint16_t n = 0;
	while (n < nb) {
		const hw::qm::DqrrEntry *e = portal.dqrr_current();
		if (e == nullptr)
			break;
		const hw::Fd &fd = e->fd;
		char *buf = static_cast<char *>(bus::bus_to_va(fd.addr()));
		auto *m = reinterpret_cast<rte_mbuf *>(buf - meta);
		const uint64_t annotation =
			*reinterpret_cast<const uint64_t *>(buf + net::kPrsOffset);
		net::rx::rearm(m, rearm | fd.offset());
		m->pkt_len = fd.length();
		m->data_len = static_cast<uint16_t>(fd.length());
		m->packet_type = static_cast<uint32_t>(annotation);
		// Flags from the annotation, never ones that change how the mbuf is freed.
		m->ol_flags =
			annotation & (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK);
		pkts[n++] = m;
		portal.dqrr_next();
	}
	portal.dqrr_consume();
	return n;
}

// The BPID of the frames' pool, set by the benchmark.
inline uint8_t tx_floor_bpid;

[[gnu::noinline]] inline uint16_t tx_floor(void *txq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	const net::TxQueue &q = *static_cast<const net::TxQueue *>(txq);
	const uint8_t bpid = tx_floor_bpid;
	qbman::QmanPortal &portal = *bus::qman_portal();
	hw::Fd fds[net::kBurstMax];
	nb = RTE_MIN(nb, net::kBurstMax);
	for (unsigned i = 0; i < nb; i++) {
		const rte_mbuf *m = pkts[i];
		fds[i] =
			hw::Fd::contig(bus::va_to_bus(m->buf_addr), bpid, m->data_off, m->data_len);
	}
	return static_cast<uint16_t>(portal.enqueue_burst(hw::Fqid{q.fqid}, {fds, nb}));
}

} // namespace dpaa::bench
