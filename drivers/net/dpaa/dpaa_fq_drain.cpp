/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Emptying FQs and portal rings from the control path: volatile dequeues
// of an FQ, the frames a queue's own portal or this thread's ring hold, and
// the port's error FQ.

#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace
{

namespace qm = hw::qm;

// Management commands a drain may take before giving up.
constexpr unsigned kDrainPolls = 100000;

// A frame of another FQ a drain met in this thread's ring: parked for its
// queue (bound to this thread's portal), or, if that queue cannot take it,
// freed and counted as that queue's error.
void drain_entry(const qm::DqrrEntry &e, const qbman::QmanPortal &portal) noexcept
{
	if (park_foreign_entry(e, portal))
		return;
	if (RxQueue *o = rxq_by_ctx(e.context_b()))
		counter_add(o->stats.errors, 1);
	free_fd_buffers(e.fd);
}

} // namespace

// Free every frame in a queue's own portal's DQRR (all of its FQ: no
// other FQ is dequeued there). Only while no burst of the queue runs, and
// once its static dequeue is off: what QMan pushed before fills the ring
// at most once, and fq_shutdown calls again for what was still on its way.
unsigned free_queue_ring(qbman::QmanPortal *ring) noexcept
{
	if (ring == nullptr)
		return 0;
	unsigned n = 0;
	for (unsigned pass = 0; pass < 2; pass++)
		ring->poll_dqrr(qm::kDqrrSize, [&n](const qm::DqrrEntry &e) {
			if (e.has_frame()) {
				free_fd_buffers(e.fd);
				n++;
			}
		});
	return n;
}

// Free the entries of q's FQ in this lcore's ring: frames dequeued before q
// stopped, which hold its retirement back. Entries of other queues are
// handled as a burst of q would (parked for their queue); a full stash
// stops the walk.
unsigned free_own_ring_entries(const RxQueue &q, qbman::QmanPortal &portal) noexcept
{
	unsigned n = 0;
	while (const qm::DqrrEntry *e = portal.dqrr_current()) {
		if (e->fqid() == q.fqid && e->has_frame()) {
			free_fd_buffers(e->fd);
			n++;
		} else if (e->has_frame() && !park_foreign_entry(*e, portal)) {
			break;
		}
		portal.dqrr_next();
	}
	portal.dqrr_consume();
	return n;
}

unsigned free_caller_ring_entries(const RxQueue &q) noexcept
{
	qbman::QmanPortal *mine = rte_dpaa_tls_qman_portal; // none taken here
	return mine != nullptr ? free_own_ring_entries(q, *mine) : 0;
}

unsigned fq_drain(qbman::QmanPortal &portal, uint32_t fqid, uint64_t *mac_errors) noexcept
{
	unsigned freed = 0;
	// A volatile dequeue of the application's may still run on this portal.
	for (unsigned i = 0; portal.vdqcr_busy() && i < kDrainPolls; i++) {
		portal.poll_dqrr(qbman::QmanPortal::kDqrrMaxFill, [&](const qm::DqrrEntry &e) {
			if (e.has_frame()) {
				drain_entry(e, portal);
				freed += e.fqid() == fqid;
			}
		});
		qbman::FqNp np;
		portal.query_fq_np(hw::Fqid{fqid}, np); // lets a stepped model advance
	}
	if (portal.volatile_dequeue(hw::Fqid{fqid}, 0, false) < 0)
		return freed;
	for (unsigned i = 0; portal.vdqcr_busy() && i < kDrainPolls; i++) {
		const unsigned n = portal.poll_dqrr(
			qbman::QmanPortal::kDqrrMaxFill, [&](const qm::DqrrEntry &e) {
				if (!e.has_frame())
					return;
				if (e.fqid() == fqid) {
					if (mac_errors &&
					    (e.fd.status() & hw::fman::fd_status::kErrPhysical))
						(*mac_errors)++;
					free_fd_buffers(e.fd);
					freed++;
				} else {
					drain_entry(e, portal);
				}
			});
		if (n == 0) {
			qbman::FqNp np;
			portal.query_fq_np(hw::Fqid{fqid}, np);
		}
	}
	return freed;
}

uint32_t fq_frame_count(uint32_t fqid) noexcept
{
	qbman::QmanPortal *portal = bus::qman_portal();
	qbman::FqNp np;
	if (portal == nullptr || portal->query_fq_np(hw::Fqid{fqid}, np) < 0)
		return 0;
	return np.frames;
}

void drain_error_fq(Port &p) noexcept
{
	if (p.err_fqid == 0 || !p.started)
		return;
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr)
		return;
	qbman::FqNp np;
	if (portal->query_fq_np(hw::Fqid{p.err_fqid}, np) < 0 || np.frames == 0)
		return;
	p.err_frames += fq_drain(*portal, p.err_fqid, &p.err_mac_frames);
}

} // namespace dpaa::net
