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
// The burst itself is in dpaa_rx_burst.hpp; an FD that is not the FMan's
// common one (an SG frame, or one a faulty agent enqueued) takes the slow
// path, rx_fd_slow() in dpaa_rx_check.cpp, which trusts no field of it.

#include <algorithm>

#include "dpaa_rx_burst.hpp"

namespace dpaa::net
{

namespace qm = hw::qm;

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
		counter_add(o->stats.errors, 1);
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

} // namespace dpaa::net
