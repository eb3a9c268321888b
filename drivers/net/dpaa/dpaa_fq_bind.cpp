/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Which QMan portal dequeues a push-mode Rx FQ: the static dequeue
// channels of each portal (SDQCR), the queue's own portal, and the binding
// of a queue to the portal of the lcore that polls it.

#include <atomic>
#include <cerrno>

#include <unistd.h>

#include <rte_lcore.h>
#include <rte_spinlock.h>

#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"
#include "platform/platform.hpp"

namespace dpaa::net
{

qbman::QmanPortal *rxq_own_portal[RTE_MAX_ETHPORTS][kMaxRxQueues];

namespace
{

namespace qm = hw::qm;

// The static dequeue channels of each portal (by portal index): the pool
// channels of the push-mode queues bound to it, and its dedicated channel
// for queues that got no pool channel. Changed by the lcore that binds a
// queue and by the control thread that stops one, possibly at the same
// time: the mask update and the portal's SDQCR write happen under one lock,
// or the later write could carry the older mask and leave a bound queue's
// channel out of the SDQCR (its frames would wait in the FQ for good).
struct SdqChannels {
	rte_spinlock_t lock = RTE_SPINLOCK_INITIALIZER;
	uint32_t channels = 0;
};
SdqChannels sdq_channels[platform::kMaxPortals];

} // namespace

qbman::QmanPortal *bound_portal_here(const RxQueue &q) noexcept
{
	return q.portal != nullptr && q.portal_pid == getpid() ? q.portal : nullptr;
}

void bind_portal(RxQueue &q, qbman::QmanPortal *portal) noexcept
{
	std::atomic_ref(q.portal).store(portal, std::memory_order_relaxed);
	q.portal_pid = getpid();
}

void update_sdqcr(qbman::QmanPortal &portal, uint32_t set, uint32_t clear) noexcept
{
	SdqChannels &m = sdq_channels[portal.index() % platform::kMaxPortals];
	rte_spinlock_lock(&m.lock);
	m.channels = (m.channels & ~clear) | set;
	// Up to three frames per FQ visit, which keeps a burst's entries
	// mostly of one queue.
	portal.static_dequeue(m.channels);
	rte_spinlock_unlock(&m.lock);
}

// A queue's own portal starts with no channel in its SDQCR, whatever the
// slot's previous owner left in its mask.
void sdq_reset(qbman::QmanPortal &portal) noexcept
{
	SdqChannels &m = sdq_channels[portal.index() % platform::kMaxPortals];
	rte_spinlock_lock(&m.lock);
	m.channels = 0;
	portal.static_dequeue(0);
	rte_spinlock_unlock(&m.lock);
}

// QMan's pool channel 1, as the platform numbers it (0x401 on LS104x): the
// SDQCR pool bits count from it; also where FQs that wait parked point.
uint16_t pool_channel1() noexcept
{
	return bus::soc()->pool_channel1;
}

uint32_t sdq_bit(const RxQueue &q) noexcept
{
	if (q.channel == 0)
		return qm::sdqcr::kChannelsDedicated;
	return qm::sdqcr::pool_channel(q.channel, pool_channel1());
}

// Stop statically dequeuing a push-mode queue's pool channel on the portal
// it was bound to; the next start binds it again at its first burst.
void unbind_push_queue(RxQueue &q) noexcept
{
	qbman::QmanPortal *bound = bound_portal_here(q);
	std::atomic_ref(q.portal).store(nullptr, std::memory_order_relaxed);
	if (bound != nullptr && q.channel != 0)
		update_sdqcr(*bound, 0, sdq_bit(q));
}

// A QMan portal of the queue's own (see bind_push_queue), if the platform
// has one to spare: one stays free for every lcore of this process that
// has none yet, as each needs one for its Tx bursts and mempool. Without
// one, the queue follows the portal of the lcore that polls it.
void take_queue_portal(RxQueue &q) noexcept
{
	if (queue_portal(q) != nullptr || q.channel == 0)
		return;
	qbman::QmanPortal *own = bus::take_queue_portal(rte_lcore_count());
	if (own != nullptr && !(sdq_bit(q) & own->pools())) {
		// The kernel keeps the queue's pool channel from that portal.
		bus::give_queue_portal(own);
		own = nullptr;
	}
	if (own == nullptr) {
		DPAA_PMD_LOG(INFO,
			     "port %u Rx queue %u: no QMan portal to spare for the queue alone; "
			     "it is dequeued by the portal of the lcore that polls it, so "
			     "frames in that portal's ring are lost if another lcore polls the "
			     "queue next",
			     q.port_id, q.queue_id);
		return;
	}
	sdq_reset(*own);
	rxq_own_portal[q.port_id][q.queue_id] = own;
	DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u: QMan portal %u of its own", q.port_id, q.queue_id,
		     own->index());
}

int bind_push_queue(RxQueue &q, qbman::QmanPortal &portal) noexcept
{
	if (q.state != RxqState::running)
		return -EINVAL;
	if (q.channel != 0) {
		if (!(sdq_bit(q) & portal.pools())) {
			// The kernel keeps that pool channel from this portal.
			DPAA_PMD_LOG(ERR,
				     "port %u Rx queue %u: portal %u may not dequeue from pool "
				     "channel 0x%x (its SDQCR pool bits: 0x%x)",
				     q.port_id, q.queue_id, portal.index(), q.channel,
				     portal.pools());
			return -EPERM;
		}
		// Another lcore dequeued it before: it stops, this one starts.
		// The application polls a queue from one lcore at a time, so
		// the old lcore is not in a burst of this queue now.
		if (qbman::QmanPortal *old = bound_portal_here(q))
			update_sdqcr(*old, 0, sdq_bit(q));
		update_sdqcr(portal, sdq_bit(q), 0);
		bind_portal(q, &portal);
		DPAA_PMD_LOG(DEBUG, "port %u Rx queue %u: FQ 0x%x on pool channel 0x%x, portal %u",
			     q.port_id, q.queue_id, q.fqid, q.channel, portal.index());
		return 0;
	}
	if (q.portal != nullptr) {
		// Scheduled to another lcore's dedicated channel: its frames
		// arrive there; moving it needs the FQ out of service.
		return -EBUSY;
	}
	qbman::FqInit init{};
	init.dest = portal.channel();
	init.wq = kRxWq;
	init.fq_ctrl = qm::fq_ctrl::kCtxAStashing;
	init.context_a = kRxStashing;
	init.context_b = q.ctx;
	init.cgid = q.cgrid;
	init.schedule = true;
	const int ret = portal.init_fq(hw::Fqid{q.fqid}, init);
	if (ret < 0) {
		DPAA_PMD_LOG(ERR, "port %u Rx queue %u: scheduling FQ 0x%x to portal %u failed: %s",
			     q.port_id, q.queue_id, q.fqid, portal.index(), strerror(-ret));
		return ret;
	}
	update_sdqcr(portal, qm::sdqcr::kChannelsDedicated, 0);
	bind_portal(q, &portal);
	return 0;
}

void release_queue_portal(RxQueue &q) noexcept
{
	qbman::QmanPortal *&own = rxq_own_portal[q.port_id][q.queue_id];
	if (own == nullptr)
		return;
	if (std::atomic_ref(q.portal).load(std::memory_order_relaxed) == own)
		std::atomic_ref(q.portal).store(nullptr, std::memory_order_relaxed);
	sdq_reset(*own);
	bus::give_queue_portal(own);
	own = nullptr;
}

void release_queue_channel(RxQueue &q) noexcept
{
	if (q.channel == 0)
		return;
	bus::pool_channel_free(q.channel);
	q.channel = 0;
}

} // namespace dpaa::net
