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
// The burst itself is in dpaa_rx_burst.hpp.

#include <algorithm>

#include "dpaa_rx_burst.hpp"

namespace dpaa::net
{

namespace qm = hw::qm;
using rx::rearm;

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

unsigned drain_stash(RxQueue &q, rte_mbuf **pkts, unsigned nb) noexcept
{
	const unsigned n = RTE_MIN(nb, static_cast<unsigned>(q.stash_n));
	std::copy_n(q.stash, n, pkts);
	q.stash_n = static_cast<uint16_t>(q.stash_n - n);
	// Down to the front of the same array: std::copy allows that overlap.
	std::copy(q.stash + n, q.stash + n + q.stash_n, q.stash);
	return n;
}

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
	rte_mbuf *m = rx::eth_fd_to_mbuf(*o, e.fd);
	if (m && o->stamp)
		rx_stamp(*o, m, rx::fd_buf(e.fd));
	if (m)
		o->stash[o->stash_n++] = m;
	else
		o->stats.errors++;
	return true;
}

eth_rx_burst_t rx_burst_for(RxMode mode, bool stamp) noexcept
{
	if (stamp)
		return mode == RxMode::push ? rx::rx_burst<RxMode::push, RxFrameNoWork, true>
					    : rx::rx_burst<RxMode::pull, RxFrameNoWork, true>;
	return mode == RxMode::push ? rx::rx_burst<RxMode::push> : rx::rx_burst<RxMode::pull>;
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
		// It can happen for every frame: logged the 1st, 2nd, 4th, 8th... time.
		static uint64_t unowned;
		const uint64_t n = __atomic_add_fetch(&unowned, 1, __ATOMIC_RELAXED);
		if ((n & (n - 1)) == 0)
			DPAA_PMD_LOG(ERR,
				     "buffer 0x%" PRIx64
				     " of BPID %u: no dpaa pool owns it (%" PRIu64
				     " such buffers so far)",
				     addr, bpid, n);
		return nullptr;
	}
	return bus_to_mbuf(addr, bi.meta_size);
}

} // namespace dpaa::net
