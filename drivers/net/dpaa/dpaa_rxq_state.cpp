/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Rx queue stop and start on a started port (RxqState), and the Rx queue
// table by FQ context_b.

#include <atomic>
#include <cerrno>
#include <cinttypes>

#include <rte_alarm.h>
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

// How often the control path looks for pending stops to complete while a
// queue retires: QMan completes a retirement as soon as the lcore that
// holds the FQ's last frames polls, so a millisecond keeps the FQ in
// service (taking frames nobody receives) only briefly, at no cost
// otherwise.
constexpr uint64_t kCompletePeriodUs = 1000;

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
	rxq_completions_pause();
	if (q.ctx && rxq_table[q.ctx] == &q)
		rxq_table[q.ctx] = nullptr;
	rxq_completions_resume();
}

namespace
{

// Complete a retiring or starting queue's transition, its lock held: false
// while its retirement is still pending.
bool complete_transition(RxQueue &q, qbman::QmanPortal &portal) noexcept
{
	const int ret = fq_try_oos(portal, q.fqid);
	if (ret == -EBUSY)
		return false;
	if (ret < 0) {
		DPAA_PMD_LOG(WARNING, "port %u Rx queue %u: FQ 0x%x out of service failed: %s",
			     q.port_id, q.queue_id, q.fqid, strerror(-ret));
		return false;
	}
	const bool start = rxq_next(q.state, RxqEvent::retired) == RxqState::running;
	if (start && rx_fq_init(portal, q) < 0)
		return false;
	rxq_apply(q, RxqEvent::retired);
	if (start)
		DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u started once its FQ retired", q.port_id,
			     q.queue_id);
	return true;
}

// The alarm: every retiring or starting queue whose retirement completed
// (its FQRN came to the control portal) leaves service, and a starting one
// is put back in service. While a control path holds the control portal,
// or a queue's lock, that queue waits for the next round.
void complete_pending(void *) noexcept
{
	// Frees (and the BMan portal they need) may give this thread portals
	// of its own, which it gives back when done: it polls nothing.
	const bool had_portals = rte_dpaa_tls_qman_portal != nullptr;
	const CtlPortal ctl(std::try_to_lock);
	qbman::QmanPortal *portal = ctl.get();
	bool again = false;
	for (unsigned ctx = 1; ctx <= kCtxSlots; ctx++) {
		RxQueue *q = rxq_table[ctx];
		if (q == nullptr || !rxq_retirement_pending(std::atomic_ref(q->state).load(
					    std::memory_order_acquire)))
			continue;
		if (portal == nullptr || !rte_spinlock_trylock(&q->lock)) {
			again = true;
			continue;
		}
		if (rxq_retirement_pending(q->state) && !complete_transition(*q, *portal))
			again = true;
		rte_spinlock_unlock(&q->lock);
	}
	if (!had_portals && rte_dpaa_tls_qman_portal != nullptr)
		bus::release_thread_portals();
	if (again)
		rxq_complete_later();
}

bool any_pending() noexcept
{
	for (unsigned ctx = 1; ctx <= kCtxSlots; ctx++)
		if (RxQueue *q = rxq_table[ctx];
		    q != nullptr && rxq_retirement_pending(std::atomic_ref(q->state).load(
					    std::memory_order_acquire)))
			return true;
	return false;
}

} // namespace

void rxq_complete_later() noexcept
{
	const int ret = rte_eal_alarm_set(kCompletePeriodUs, complete_pending, nullptr);
	if (ret < 0)
		DPAA_PMD_LOG(WARNING,
			     "no alarm to complete Rx queue stops (%s): a retiring queue leaves "
			     "service at its next start or stop",
			     strerror(-ret));
}

void rxq_completions_pause() noexcept
{
	// Waits for a run in progress, unless this is that run's thread.
	rte_eal_alarm_cancel(complete_pending, nullptr);
}

void rxq_completions_resume() noexcept
{
	if (any_pending())
		rxq_complete_later();
}

void rxq_apply(RxQueue &q, RxqEvent e) noexcept
{
	std::atomic_ref(q.state).store(rxq_next(q.state, e), std::memory_order_release);
}

int rxq_stop(RxQueue &q) noexcept
{
	const CtlPortal ctl("Rx queue stop");
	qbman::QmanPortal *portal = ctl.get();
	if (portal == nullptr)
		return -ENODEV;
	rte_spinlock_lock(&q.lock);
	// Bursts see the queue stopped before its FQ changes; a burst of
	// another queue that meets one of its frames frees it from now on.
	// (the state the stop leaves it in follows below).
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
	uint64_t freed = free_caller_ring_entries(q);
	const int ret = fq_shutdown(*portal, q.fqid, &freed, nullptr, own);
	freed += q.stash_n;
	free_stash(q);
	rxq_apply(q, ret < 0 ? RxqEvent::stop_pending : RxqEvent::stop_retired);
	if (ret < 0) {
		// Frames of the FQ wait in the ring of an lcore that has not
		// polled since it last took some; they are freed when it
		// polls again, and the FQ then leaves service (its next burst,
		// the queue's start or the port's stop complete it).
		rxq_complete_later();
		DPAA_PMD_LOG(INFO,
			     "port %u Rx queue %u stopped; FQ 0x%x leaves service once the lcore "
			     "that polled it last polls again",
			     q.port_id, q.queue_id, q.fqid);
	}
	rte_spinlock_unlock(&q.lock);
	DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u stopped, %" PRIu64 " frames freed", q.port_id,
		     q.queue_id, freed);
	return 0;
}

int rxq_start(RxQueue &q) noexcept
{
	const CtlPortal ctl("Rx queue start");
	qbman::QmanPortal *portal = ctl.get();
	if (portal == nullptr)
		return -ENODEV;
	rte_spinlock_lock(&q.lock);
	int ret = 0;
	if (q.state != RxqState::running) {
		unbind_push_queue(q);
		// Frames queued while it was retiring are dropped, as those
		// the FMan sent to a stopped queue.
		free_caller_ring_entries(q);
		if (fq_shutdown(*portal, q.fqid, nullptr) < 0) {
			// Still retiring: the control path completes the start
			// once the lcore that holds the FQ's last frames polls.
			rxq_apply(q, RxqEvent::start_pending);
			rxq_complete_later();
			DPAA_PMD_LOG(INFO,
				     "port %u Rx queue %u: FQ 0x%x still retiring; receives once "
				     "the lcore that polled it last polls again",
				     q.port_id, q.queue_id, q.fqid);
		} else {
			ret = rx_fq_init(*portal, q);
			if (ret == 0)
				rxq_apply(q, RxqEvent::start_retired);
		}
	}
	rte_spinlock_unlock(&q.lock);
	return ret;
}

uint16_t rxq_idle_burst(RxQueue &q, qbman::QmanPortal &portal) noexcept
{
	// A stopped queue's FQ is out of service, so nothing of it is left.
	if (!rxq_retirement_pending(std::atomic_ref(q.state).load(std::memory_order_acquire)))
		return 0;
	// Not while the control path changes the queue: the FQ may be back
	// in service, its frames the application's again.
	if (!rte_spinlock_trylock(&q.lock))
		return 0;
	// The FQ's last frames in this lcore's ring hold its retirement back:
	// consumed, they let QMan complete it (FQRN), and the control path
	// takes the FQ out of service.
	if (rxq_retirement_pending(q.state))
		free_own_ring_entries(q, portal);
	rte_spinlock_unlock(&q.lock);
	return 0;
}

} // namespace dpaa::net
