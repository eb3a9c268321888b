/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Rx data path: DQRR entries of the calling lcore's QMan portal -> mbufs.
//
// Push mode (default): the queue's FQ is scheduled to the dedicated channel
// of the portal of the lcore that polls it, bound on that lcore's first
// burst; QMan pushes frames into the portal's DQRR by static dequeue. Several
// queues polled by one lcore share its DQRR: an entry of another queue met
// while polling this one is converted and parked in that queue's stash
// (same lcore, so no lock), and handed out by its next burst.
// Pull mode: each burst asks QMan for up to nb_pkts frames of the queue's FQ
// (volatile dequeue) and takes whatever has arrived; it never waits.
//
// eth_fd_to_mbuf touches two cache lines per frame, both prefetched one
// frame ahead: the mbuf's first line and the buffer's first line (the
// parse result and the hash the FMan wrote). The payload is never read; of
// the mbuf, only buf_addr (to check the FD names a buffer's start). An FD that is not the FMan's
// common one (an SG frame, or one a faulty agent enqueued) takes the slow path, rx_fd_slow() in
// dpaa_rx_check.cpp, which trusts no field of it.

#include <algorithm>
#include <cstring>

#include <rte_prefetch.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_rx_check.hpp"
#include "dpaa_rx_parse.hpp"

namespace dpaa::net
{

namespace
{

namespace qm = hw::qm;

// refcnt 1, nb_segs 1, port and data_off in one 8-byte store, as DPDK's
// vector PMDs do (the four fields are rte_mbuf::rearm_data).
[[gnu::always_inline]] inline void rearm(rte_mbuf *m, uint64_t word) noexcept
{
	static_assert(offsetof(rte_mbuf, data_off) == offsetof(rte_mbuf, rearm_data));
	memcpy(reinterpret_cast<char *>(m) + offsetof(rte_mbuf, rearm_data), &word, sizeof(word));
}

[[gnu::always_inline]] inline void prefetch_frame(const hw::Fd &fd, uint32_t meta) noexcept
{
	char *buf = static_cast<char *>(bus::bus_to_va(fd.addr()));
	rte_prefetch0(buf - meta);
	rte_prefetch0(buf);
}

[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	const uint32_t status = fd.status();
	const uint32_t len = fd.length();
	// The FMan's FD in one branch (dpaa_rx_check.hpp): short contiguous, no
	// error, a buffer of the queue's pool, the frame inside it.
	const uint32_t other = (status & prs::fd_status::kRxErrorMask) |
			       static_cast<uint32_t>(fd.format()) | (fd.bpid() ^ q.bpid);
	if ((other != 0) | !q.span.holds(fd.addr()) | (fd.offset() + len > q.buf_size)) [[unlikely]]
		return rx_fd_slow(q, fd);
	char *buf = static_cast<char *>(bus::bus_to_va(fd.addr()));
	auto *m = reinterpret_cast<rte_mbuf *>(buf - q.meta_size);
	// Inside the pool's memory: at a buffer's start? (The mbuf's first
	// line, prefetched and about to be written anyway.)
	if (m->buf_addr != buf) [[unlikely]]
		return rx_fd_slow(q, fd);
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	rearm(m, q.rearm | fd.offset());
	m->pkt_len = len;
	m->data_len = static_cast<uint16_t>(len);
	m->packet_type = parse_ptype(pr);
	uint64_t flags = parse_cksum_flags(pr, status);
	if (q.hash_valid) {
		m->hash.rss = static_cast<uint32_t>(
			reinterpret_cast<const hw::be64 *>(buf + kHashOffset)->load());
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	m->ol_flags = flags;
	return m;
}

// Hand out what other queues' bursts parked for this one.
[[gnu::noinline]] unsigned drain_stash(RxQueue &q, rte_mbuf **pkts, unsigned nb) noexcept
{
	const unsigned n = RTE_MIN(nb, static_cast<unsigned>(q.stash_n));
	std::copy_n(q.stash, n, pkts);
	q.stash_n = static_cast<uint16_t>(q.stash_n - n);
	// Down to the front of the same array: std::copy allows that overlap.
	std::copy(q.stash + n, q.stash + n + q.stash_n, q.stash);
	return n;
}

} // namespace

// An entry of another FQ at the head of this lcore's DQRR. Returns false if
// it must stay there (its queue's stash is full).
bool park_foreign_entry(const qm::DqrrEntry &e, const qbman::QmanPortal &portal) noexcept
{
	RxQueue *o = rxq_by_ctx(e.context_b());
	if (o == nullptr || o->state != RxqState::running) {
		// A frame of a stopped queue, still in this portal's ring.
		free_fd_buffers(e.fd);
		return true;
	}
	if (o->portal != &portal) {
		// Its queue moved to another lcore since QMan pushed it here.
		free_fd_buffers(e.fd);
		__atomic_fetch_add(&o->stray, 1, __ATOMIC_RELAXED);
		return true;
	}
	if (o->stash_n == kRxStash)
		return false;
	rte_mbuf *m = eth_fd_to_mbuf(*o, e.fd);
	if (m)
		o->stash[o->stash_n++] = m;
	else
		o->stats.errors++;
	return true;
}

namespace
{

template <RxMode Mode> uint16_t rx_burst(void *rxq, rte_mbuf **pkts, uint16_t nb_pkts) noexcept
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
			q.portal = portal;
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

	if (nfd)
		prefetch_frame(fds[0], q.meta_size);
	uint64_t bytes = 0;
	unsigned errors = 0;
	rte_mbuf **out = pkts + got;
	unsigned n = 0;
	for (unsigned i = 0; i < nfd; i++) {
		if (i + 1 < nfd)
			prefetch_frame(fds[i + 1], q.meta_size);
		rte_mbuf *m = eth_fd_to_mbuf(q, fds[i]);
		if (m == nullptr) [[unlikely]] {
			errors++;
			continue;
		}
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

} // namespace

eth_rx_burst_t rx_burst_for(RxMode mode) noexcept
{
	return mode == RxMode::push ? rx_burst<RxMode::push> : rx_burst<RxMode::pull>;
}

// Frames waiting in the queue's FQ (QMan's frame count of the FQ) plus those
// already dequeued for it but not yet handed out.
uint32_t rx_queue_count(void *rxq) noexcept
{
	RxQueue &q = *static_cast<RxQueue *>(rxq);
	// A queue index the port was not configured with (fill_unused_queues:
	// never set up, so no descriptors): what ethdev answers for NULL.
	if (q.nb_desc == 0) [[unlikely]]
		return static_cast<uint32_t>(-EINVAL);
	return fq_frame_count(q.fqid) + q.stash_n;
}

} // namespace dpaa::net
