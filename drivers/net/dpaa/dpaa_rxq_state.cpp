/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Rx queue stop and start on a started port (RxqState), and the Rx queue
// table by FQ context_b.

#include <atomic>
#include <cerrno>
#include <cinttypes>

#include <rte_spinlock.h>

#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace
{

// Rx queues by FQ context_b (1-based: 0 means none).
constexpr unsigned kCtxSlots = RTE_MAX_ETHPORTS * kMaxRxQueues;
RxQueue *rxq_table[kCtxSlots + 1];

// Bursts on a retiring queue between two attempts to complete its stop.
constexpr uint32_t kIdleRetryPolls = 256;

uint32_t rx_ctx(const RxQueue &q) noexcept
{
	return 1u + q.port_id * kMaxRxQueues + q.queue_id;
}

} // namespace

RxQueue *rxq_by_ctx(uint32_t ctx) noexcept
{
	return ctx <= kCtxSlots ? rxq_table[ctx] : nullptr;
}

void rxq_register(RxQueue &q) noexcept
{
	q.ctx = rx_ctx(q);
	rxq_table[q.ctx] = &q;
}

void rxq_unregister(RxQueue &q) noexcept
{
	if (q.ctx && rxq_table[q.ctx] == &q)
		rxq_table[q.ctx] = nullptr;
}

int rxq_stop(RxQueue &q) noexcept
{
	qbman::QmanPortal *portal = ctl_portal("Rx queue stop");
	if (portal == nullptr)
		return -ENODEV;
	rte_spinlock_lock(&q.lock);
	// Bursts see the queue stopped before its FQ changes; a burst of
	// another queue that meets one of its frames frees it from now on.
	std::atomic_ref(q.state).store(RxqState::stopped, std::memory_order_release);
	unbind_push_queue(q);
	qbman::QmanPortal *own = queue_portal(q);
	if (own != nullptr)
		sdq_reset(*own);
	rte_atomic_thread_fence(__ATOMIC_SEQ_CST);
	// Retire, free what the FQ, the queue's own portal's ring and this
	// thread's ring hold, out of service. The FQ keeps its FQID: KeyGen
	// distributes over the port's consecutive FQIDs, and QMan now refuses
	// the FMan's frames for it.
	uint64_t freed = 0;
	const int ret = fq_shutdown(*portal, q.fqid, &freed, nullptr, own);
	freed += q.stash_n;
	free_stash(q);
	if (ret < 0) {
		// Frames of the FQ wait in the ring of an lcore that has not
		// polled since it last took some; they are freed when it
		// polls again, and the FQ then leaves service (its next burst,
		// the queue's start or the port's stop complete it).
		std::atomic_ref(q.state).store(RxqState::retiring, std::memory_order_release);
		DPAA_PMD_LOG(INFO,
			     "port %u Rx queue %u stopped; FQ 0x%x leaves service once the lcore "
			     "that polled it last polls again",
			     q.port_id, q.queue_id, q.fqid);
	}
	q.idle_polls = 0;
	rte_spinlock_unlock(&q.lock);
	DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u stopped, %" PRIu64 " frames freed", q.port_id,
		     q.queue_id, freed);
	return 0;
}

int rxq_start(RxQueue &q) noexcept
{
	qbman::QmanPortal *portal = ctl_portal("Rx queue start");
	if (portal == nullptr)
		return -ENODEV;
	rte_spinlock_lock(&q.lock);
	int ret = 0;
	if (q.state != RxqState::running) {
		unbind_push_queue(q);
		// Frames queued while it was retiring are dropped, as those
		// the FMan sent to a stopped queue.
		if (fq_shutdown(*portal, q.fqid, nullptr) < 0) {
			// Still retiring: the first burst that finds the ring
			// holding its frames emptied completes the start.
			q.idle_polls = 0;
			std::atomic_ref(q.state).store(RxqState::starting,
						       std::memory_order_release);
			DPAA_PMD_LOG(INFO,
				     "port %u Rx queue %u: FQ 0x%x still retiring; receives once "
				     "the lcore that polled it last polls again",
				     q.port_id, q.queue_id, q.fqid);
		} else {
			ret = rx_fq_init(*portal, q);
			if (ret == 0)
				std::atomic_ref(q.state).store(RxqState::running,
							       std::memory_order_release);
		}
	}
	rte_spinlock_unlock(&q.lock);
	return ret;
}

uint16_t rxq_idle_burst(RxQueue &q, qbman::QmanPortal &portal) noexcept
{
	// Retiring and starting queues need a pending retirement completed;
	// a stopped queue's FQ is out of service, so nothing of it is left.
	if (std::atomic_ref(q.state).load(std::memory_order_acquire) == RxqState::stopped)
		return 0;
	if (!rte_spinlock_trylock(&q.lock))
		return 0;
	if (q.state == RxqState::retiring || q.state == RxqState::starting) {
		// This lcore's ring held the FQ's last frames: QMan completes
		// the retirement once it sees them consumed, within a few
		// commands, and the FQ leaves service before this burst
		// returns. Otherwise another ring holds them: an attempt (a few
		// management commands) now and then.
		const bool freed = free_own_ring_entries(q, portal) != 0;
		int ret = -EBUSY;
		// Not while a volatile dequeue of another queue is in flight on
		// this portal: the drain would take its frames.
		if (!portal.vdqcr_busy()) {
			if (freed) {
				for (unsigned i = 0; i < kOosPolls && ret == -EBUSY; i++)
					ret = fq_try_oos(portal, q.fqid);
			} else if (q.idle_polls++ % kIdleRetryPolls == 0) {
				ret = fq_try_oos(portal, q.fqid);
			}
		}
		if (ret == 0) {
			if (q.state == RxqState::retiring) {
				std::atomic_ref(q.state).store(RxqState::stopped,
							       std::memory_order_release);
			} else if (rx_fq_init(portal, q) == 0) {
				std::atomic_ref(q.state).store(RxqState::running,
							       std::memory_order_release);
				DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u started by a burst",
					     q.port_id, q.queue_id);
			}
		}
	}
	rte_spinlock_unlock(&q.lock);
	return 0;
}

} // namespace dpaa::net
