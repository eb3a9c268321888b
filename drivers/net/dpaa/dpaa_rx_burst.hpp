/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Rx burst (see dpaa_rx.cpp for how push and pull mode get frames),
// as a template so that it is instantiated where it is chosen: the driver
// instantiates it once per Rx mode (rx_burst_for), with nothing added to a
// frame's conversion. A benchmark that must compare the shipped burst with
// one doing more per frame instantiates it with its own FrameWork; no such
// variant is built into the driver.
//
// eth_fd_to_mbuf touches two cache lines per frame, both prefetched one
// frame ahead: the mbuf's first line and the buffer's first line (the
// parse result and the hash the FMan wrote). The payload is never read; of
// the mbuf, only buf_addr (to check that the FD names a buffer's start).
// An FD that is not the FMan's common one takes rx_fd_slow()
// (dpaa_rx_check.hpp), out of line.

#pragma once

#include <cstring>

#include <rte_prefetch.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_rx_check.hpp"
#include "dpaa_rx_parse.hpp"

namespace dpaa::net
{

// The driver's conversion: nothing beyond the FD and the parse result.
struct RxFrameNoWork {
	static void frame(rte_mbuf *) noexcept {}
};

// Hand out what other queues' bursts parked for this one.
[[gnu::noinline]] unsigned drain_stash(RxQueue &q, rte_mbuf **pkts, unsigned nb) noexcept;

namespace rx
{

namespace qm = hw::qm;

// refcnt 1, nb_segs 1, port and data_off in one 8-byte store, as DPDK's
// vector PMDs do (the four fields are rte_mbuf::rearm_data).
[[gnu::always_inline]] inline void rearm(rte_mbuf *m, uint64_t word) noexcept
{
	static_assert(offsetof(rte_mbuf, data_off) == offsetof(rte_mbuf, rearm_data));
	memcpy(reinterpret_cast<char *>(m) + offsetof(rte_mbuf, rearm_data), &word, sizeof(word));
}

[[gnu::always_inline]] inline char *fd_buf(const hw::Fd &fd) noexcept
{
	return static_cast<char *>(bus::bus_to_va(fd.addr()));
}

// The mbuf's first line and the buffer's first line (annotation). The FD
// is not checked yet: its address may be in no mapping (buf is then
// nullptr) or in no buffer. A prefetch of any address is harmless, but
// pointer arithmetic outside an object is undefined, so the mbuf's address
// is computed as an integer (UBSan caught "buf - meta" on nullptr).
[[gnu::always_inline]] inline void prefetch_frame(const char *buf, uint32_t meta) noexcept
{
	rte_prefetch0(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(buf) - meta));
	rte_prefetch0(buf);
}

// What the conversion reads of its queue, loaded once per burst: the
// compiler must otherwise reload it after every store to an mbuf.
struct RxConv {
	uint64_t rearm;
	PoolSpan span; // where the buffers of the queue's pool are
	uint32_t meta;
	uint32_t buf_size;
	uint8_t bpid;
	bool hash_valid;

	explicit RxConv(const RxQueue &q) noexcept
	    : rearm(q.rearm), span(q.span), meta(q.meta_size), buf_size(q.buf_size), bpid(q.bpid),
	      hash_valid(q.hash_valid)
	{
	}
};

// One mbuf (chain, for SG) from one FD of queue q whose buffer is at buf.
// Error frames are freed and return nullptr.
template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const RxConv &c,
						       const hw::Fd &fd, char *buf) noexcept
{
	const uint32_t status = fd.status();
	const uint32_t len = fd.length();
	// The FMan's FD in one branch (dpaa_rx_check.hpp): short contiguous, no
	// error, a buffer of the queue's pool, the frame inside it.
	const uint32_t other = (status & prs::fd_status::kRxErrorMask) |
			       static_cast<uint32_t>(fd.format()) | (fd.bpid() ^ c.bpid);
	if ((other != 0) | !c.span.holds(fd.addr()) | (fd.offset() + len > c.buf_size)) [[unlikely]]
		return rx_fd_slow(q, fd);
	char *const hdr = buf - c.meta;
	// Inside the pool's memory: at a buffer's start? (The mbuf's first
	// line, prefetched and about to be written anyway.) Read as bytes: until
	// it is, hdr is no rte_mbuf, maybe not even aligned as one (UBSan caught
	// the member access on a hostile FD's address).
	void *buf_addr;
	memcpy(&buf_addr, hdr + offsetof(rte_mbuf, buf_addr), sizeof(buf_addr));
	if (buf_addr != buf) [[unlikely]]
		return rx_fd_slow(q, fd);
	auto *m = reinterpret_cast<rte_mbuf *>(hdr);
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	rearm(m, c.rearm | fd.offset());
	m->pkt_len = len;
	m->data_len = static_cast<uint16_t>(len);
	m->packet_type = parse_ptype(pr);
	uint64_t flags = parse_cksum_flags(pr, status);
	if (c.hash_valid) {
		m->hash.rss = static_cast<uint32_t>(
			reinterpret_cast<const hw::be64 *>(buf + kHashOffset)->load());
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	m->ol_flags = flags;
	FrameWork::frame(m);
	return m;
}

template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	return eth_fd_to_mbuf<FrameWork>(q, RxConv{q}, fd, fd_buf(fd));
}

// Stamp: the timestamping burst (rx_stamp() on every frame), chosen at
// start or by timesync_enable; the others cost nothing for it.
template <RxMode Mode, class FrameWork = RxFrameNoWork, bool Stamp = false>
uint16_t rx_burst(void *rxq, rte_mbuf **pkts, uint16_t nb_pkts) noexcept
{
	RxQueue &q = *static_cast<RxQueue *>(rxq);
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr) [[unlikely]]
		return 0;
	if (q.state != RxqState::running) [[unlikely]]
		return rxq_idle_burst(q, *portal);
	unsigned nb = RTE_MIN(nb_pkts, kBurstMax);
	unsigned got = 0;

	if constexpr (Mode == RxMode::push) {
		if (q.portal != portal) [[unlikely]] {
			if (bind_push_queue(q, *portal) < 0)
				return 0;
		}
	} else {
		// The portal this queue's volatile dequeues deliver to: a burst
		// of another queue of this lcore that meets one of its frames
		// parks it for this queue (park_foreign_entry).
		if (q.portal != portal) [[unlikely]]
			bind_portal(q, portal);
	}
	if (q.stash_n) [[unlikely]] {
		got = drain_stash(q, pkts, nb);
		if (got == nb) {
			q.stats.packets += got;
			for (unsigned i = 0; i < got; i++)
				q.stats.bytes += pkts[i]->pkt_len;
			return static_cast<uint16_t>(got);
		}
	}
	if constexpr (Mode == RxMode::pull) {
		// Not for a burst of 0 frames: a count of 0 asks QMan for all.
		if (got < nb && !portal->vdqcr_busy())
			portal->volatile_dequeue(hw::Fqid{q.fqid}, nb - got, true);
	}

	// Take the FDs off the ring first, then give the entries back in one
	// go so that QMan refills the ring while the mbufs are built.
	hw::Fd fds[kBurstMax];
	unsigned nfd = 0;
	const unsigned want = nb - got;
	while (nfd < want) {
		const qm::DqrrEntry *e = portal->dqrr_current();
		if (e == nullptr)
			break;
		if (!e->has_frame()) [[unlikely]] {
			// Volatile dequeue expired, or an FQ state notice.
			portal->dqrr_next();
			continue;
		}
		if (e->fqid() != q.fqid) [[unlikely]] {
			if (!park_foreign_entry(*e, *portal))
				break;
			portal->dqrr_next();
			continue;
		}
		fds[nfd++] = e->fd;
		portal->dqrr_next();
	}
	portal->dqrr_consume();

	const RxConv conv{q};
	// Each frame's buffer address is translated once, one frame ahead, for
	// its prefetch and then its conversion.
	char *next = nfd ? fd_buf(fds[0]) : nullptr;
	if (nfd)
		prefetch_frame(next, conv.meta);
	uint64_t bytes = 0;
	unsigned errors = 0;
	rte_mbuf **out = pkts + got;
	unsigned n = 0;
	for (unsigned i = 0; i < nfd; i++) {
		char *buf = next;
		if (i + 1 < nfd) {
			next = fd_buf(fds[i + 1]);
			prefetch_frame(next, conv.meta);
		}
		rte_mbuf *m = eth_fd_to_mbuf<FrameWork>(q, conv, fds[i], buf);
		if (m == nullptr) [[unlikely]] {
			errors++;
			continue;
		}
		if constexpr (Stamp)
			rx_stamp(q, m, buf);
		bytes += m->pkt_len;
		out[n++] = m;
	}
	for (unsigned i = 0; i < got; i++)
		bytes += pkts[i]->pkt_len;
	got += n;
	q.stats.packets += got;
	q.stats.bytes += bytes;
	q.stats.errors += errors;
	return static_cast<uint16_t>(got);
}

} // namespace rx

} // namespace dpaa::net
