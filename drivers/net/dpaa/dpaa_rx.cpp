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
// parse result and the hash the FMan wrote). The payload, and the mbuf's
// buf_addr, are never read.

#include <algorithm>
#include <cstring>

#include <rte_prefetch.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
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

// One mbuf (chain, for SG) from one FD of queue q. Error frames are freed
// and return nullptr.
[[gnu::noinline]] rte_mbuf *sg_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept;

[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	const uint32_t status = fd.status();
	if (status & prs::fd_status::kRxErrorMask) [[unlikely]] {
		free_fd_buffers(fd);
		return nullptr;
	}
	if (fd.format() != hw::FdFormat::contig) [[unlikely]]
		return sg_fd_to_mbuf(q, fd);
	char *buf = static_cast<char *>(bus::bus_to_va(fd.addr()));
	auto *m = reinterpret_cast<rte_mbuf *>(buf - q.meta_size);
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	const uint32_t len = fd.length();
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

rte_mbuf *sg_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	if (fd.format() != hw::FdFormat::sg) {
		free_fd_buffers(fd);
		return nullptr;
	}
	char *tbl_buf = static_cast<char *>(bus::bus_to_va(fd.addr()));
	const auto *sg = reinterpret_cast<const hw::SgEntry *>(tbl_buf + fd.offset());
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(tbl_buf + kPrsOffset);
	rte_mbuf *head = nullptr, *prev = nullptr;
	uint16_t nseg = 0;
	for (unsigned i = 0; i < hw::fman::kMaxSgEntries; i++) {
		const hw::SgEntry e = sg[i];
		rte_mbuf *s = bus_to_mbuf(e.addr(), q.meta_size);
		rearm(s, q.rearm | e.offset());
		s->data_len = static_cast<uint16_t>(e.length());
		s->next = nullptr;
		if (prev)
			prev->next = s;
		else
			head = s;
		prev = s;
		nseg++;
		if (e.final())
			break;
	}
	head->nb_segs = nseg;
	head->pkt_len = fd.length();
	head->packet_type = parse_ptype(pr);
	uint64_t flags = parse_cksum_flags(pr, fd.status());
	if (q.hash_valid) {
		head->hash.rss = static_cast<uint32_t>(
			reinterpret_cast<const hw::be64 *>(tbl_buf + kHashOffset)->load());
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	head->ol_flags = flags;
	// The table's own buffer goes back to its pool.
	rte_mbuf *tbl = bus_to_mbuf(fd.addr(), q.meta_size);
	rte_mbuf_raw_free(tbl);
	return head;
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
	if (m && o->stamp)
		rx_stamp(*o, m, static_cast<const char *>(bus::bus_to_va(e.fd.addr())));
	if (m)
		o->stash[o->stash_n++] = m;
	else
		o->stats.errors++;
	return true;
}

namespace
{

// Stamp: the timestamping variant (rx_stamp() on every frame), chosen at
// start or by timesync_enable; the other costs nothing for it.
template <RxMode Mode, bool Stamp>
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
		if constexpr (Stamp)
			rx_stamp(q, m, static_cast<const char *>(bus::bus_to_va(fds[i].addr())));
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

eth_rx_burst_t rx_burst_for(RxMode mode, bool stamp) noexcept
{
	if (stamp)
		return mode == RxMode::push ? rx_burst<RxMode::push, true>
					    : rx_burst<RxMode::pull, true>;
	return mode == RxMode::push ? rx_burst<RxMode::push, false> : rx_burst<RxMode::pull, false>;
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

void free_fd_buffers(const hw::Fd &fd) noexcept
{
	if (fd.format() == hw::FdFormat::sg) {
		const dpaa_bpid_info &ti = rte_dpaa_bpid_info[fd.bpid() % DPAA_MEMPOOL_MAX_BPIDS];
		char *tbl = static_cast<char *>(bus::bus_to_va(fd.addr()));
		const auto *sg = reinterpret_cast<const hw::SgEntry *>(tbl + fd.offset());
		for (unsigned i = 0; i < hw::fman::kMaxSgEntries; i++) {
			const hw::SgEntry e = sg[i];
			if (rte_mbuf *m = fd_buffer_mbuf(e.bpid(), e.addr()))
				rte_mempool_put(m->pool, m);
			if (e.final())
				break;
		}
		if (ti.mp)
			rte_mempool_put(ti.mp, tbl - ti.meta_size);
		return;
	}
	if (rte_mbuf *m = fd_buffer_mbuf(fd.bpid(), fd.addr()))
		rte_mempool_put(m->pool, m);
}

rte_mbuf *fd_buffer_mbuf(uint8_t bpid, uint64_t addr) noexcept
{
	const dpaa_bpid_info &bi = rte_dpaa_bpid_info[bpid % DPAA_MEMPOOL_MAX_BPIDS];
	if (bi.mp == nullptr) [[unlikely]] {
		DPAA_PMD_LOG(ERR, "buffer 0x%" PRIx64 " of BPID %u: no dpaa pool owns it", addr,
			     bpid);
		return nullptr;
	}
	return bus_to_mbuf(addr, bi.meta_size);
}

} // namespace dpaa::net
