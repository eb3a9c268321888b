/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#include "dpaa_fq.hpp"

#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <mutex>

#include <unistd.h>

#include <rte_cycles.h>
#include <rte_lcore.h>
#include <rte_spinlock.h>

#include "dpaa_fd.hpp"
#include "platform/platform.hpp"

namespace dpaa::net
{

qbman::QmanPortal *rxq_own_portal[RTE_MAX_ETHPORTS][kMaxRxQueues];

namespace
{

namespace qm = hw::qm;

// Rx queues by FQ context_b (1-based: 0 means none).
constexpr unsigned kCtxSlots = RTE_MAX_ETHPORTS * kMaxRxQueues;
RxQueue *rxq_table[kCtxSlots + 1];

// The work queue of our FQs in their channel: all equal, so channels serve
// them round-robin.
constexpr uint8_t kRxWq = 3;
constexpr uint8_t kTxWq = 3;
// How long stop waits for the Tx FQs to empty before dropping what is left.
constexpr uint64_t kTxDrainMs = 1000;
// Management commands a drain may take before giving up.
constexpr unsigned kDrainPolls = 100000;
// Attempts to take a retired FQ out of service. Retirement stays pending
// while frames of the FQ sit in a portal ring that its lcore no longer polls
// (a forwarding lcore that stopped with entries in its ring); the FQ is then
// left retiring and the next start takes fresh FQIDs.
constexpr unsigned kOosPolls = 20;
// Bursts on a retiring queue between two attempts to complete its stop.
constexpr uint32_t kIdleRetryPolls = 256;

// What QMan stashes into the polling core's cache with each DQRR entry of an
// Rx FQ (context A, FQ_CTRL::CTXA_STASHING): the annotation's first line
// (the parse result and hash the burst turns into packet_type, flags and
// RSS hash) and the frame's first line (the headers the application reads
// first), as upstream's driver stashes them. No context line: context B is
// a queue index, not an address. Upstream leaves the annotation out on the
// LS1046A, where it measured stashing to be a bottleneck with many cores;
// our burst reads the annotation of every frame, so it stays.
constexpr uint64_t kRxStashing = qm::ctx_a_stash::make(1, 1, 0);
constexpr unsigned kFmanV3Major = 6; // FM_IP_REV_1 MAJ of the FMan v3

// Context A of a Tx FQ. Our Tx path hands the FMan buffers of BMan pools
// and never asks for a confirmation unless the FD does (FCO, for Tx
// timestamps): the FMan must free them. An FMan v3 frees a buffer it did
// not allocate itself only with A2V and EBD (and OVOM, B0V as upstream and
// the kernel write them); OVFQ with context B 0 means no confirmation
// whatever the port's FMBM_TCFQID holds. Earlier FMans free without being
// asked.
uint64_t tx_context_a(hw::RegisterWindow &ccsr) noexcept
{
	namespace ca = hw::fman::tx_context_a;
	return fman::read_version(ccsr).major >= kFmanV3Major ? ca::kV3NoConfirmFreeBuffers
							      : ca::kOverrideFq;
}

qbman::QmanPortal *ctl_portal(const char *what) noexcept
{
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr)
		DPAA_PMD_LOG(ERR, "%s: no QMan portal for this thread", what);
	return portal;
}

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

namespace
{

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

uint32_t rx_ctx(const RxQueue &q) noexcept
{
	return 1u + q.port_id * kMaxRxQueues + q.queue_id;
}

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

// Retire an FQ, free what it holds, take it out of service. ring: the
// queue's own portal, whose DQRR may hold frames of the FQ that keep its
// retirement pending (the caller has stopped its static dequeue).
int fq_shutdown(qbman::QmanPortal &portal, uint32_t fqid, uint64_t *freed,
		uint64_t *mac_errors = nullptr, qbman::QmanPortal *ring = nullptr) noexcept
{
	const hw::Fqid f{fqid};
	qbman::FqNp np;
	int ret = portal.query_fq_np(f, np);
	if (ret < 0)
		return ret;
	if (np.state == qm::FqState::oos)
		return 0;
	if (np.state != qm::FqState::retired && !np.retire_pending) {
		ret = portal.retire_fq(f);
		if (ret < 0 && ret != -EINPROGRESS) {
			DPAA_PMD_LOG(ERR, "FQ 0x%x: retire failed: %s", fqid, strerror(-ret));
			return ret;
		}
	}
	const unsigned n = free_queue_ring(ring) + fq_drain(portal, fqid, mac_errors);
	if (freed)
		*freed += n;
	take_mr(portal); // enqueue rejections: their buffers back
	for (unsigned i = 0; i < kOosPolls; i++) {
		ret = portal.oos_fq(f);
		if (ret != -EPERM && ret != -ENOTEMPTY)
			break;
		// Retirement still pending (frames in a DQRR), or frames came in.
		take_mr(portal);
		const unsigned more = free_queue_ring(ring) + fq_drain(portal, fqid, mac_errors);
		if (freed)
			*freed += more;
	}
	// -EPERM: still retiring, its frames in the ring of an lcore that has
	// not polled since; the callers say what that means for them.
	if (ret < 0 && ret != -EPERM)
		DPAA_PMD_LOG(WARNING, "FQ 0x%x: out of service failed: %s", fqid, strerror(-ret));
	return ret;
}

// Whether every FQ of a block is out of service now (retired ones emptied
// and taken out on the way).
bool block_oos(qbman::QmanPortal *portal, uint32_t base, uint16_t n) noexcept
{
	bool oos = portal != nullptr;
	for (uint16_t i = 0; i < n && oos; i++)
		oos = fq_shutdown(*portal, base + i, nullptr) == 0;
	return oos;
}

// Rx FQID blocks given up while some of their FQs were still retiring, their
// last frames in the ring of an lcore that has not polled since: by a start
// (the queues take fresh FQIDs), a reconfigure or a close. They go back to
// the allocator only once out of service, whichever port's start or stop
// looks next: handed out again while retiring, they could not be
// initialised, and the frames they hold would never be freed.
struct Retiring {
	uint32_t base;
	uint16_t n;
};
constexpr unsigned kMaxRetiring = 16;
Retiring retiring[kMaxRetiring];
std::mutex retiring_lock; // held across management commands: not a spin lock

void reap_retiring(qbman::QmanPortal *portal) noexcept
{
	std::lock_guard<std::mutex> hold(retiring_lock);
	for (Retiring &b : retiring) {
		if (b.n == 0 || !block_oos(portal, b.base, b.n))
			continue;
		bus::fqid_free(b.base, b.n);
		b.n = 0;
	}
}

void keep_retiring(uint32_t base, uint16_t n) noexcept
{
	bool kept = false;
	{
		std::lock_guard<std::mutex> hold(retiring_lock);
		for (Retiring &b : retiring) {
			if (b.n != 0)
				continue;
			b = Retiring{base, n};
			kept = true;
			break;
		}
	}
	if (!kept)
		DPAA_PMD_LOG(WARNING, "FQs 0x%x..0x%x still retiring stay allocated for good", base,
			     base + n - 1);
}

// Give a block back to the allocator, now if it is out of service, else
// once it is.
void release_block(qbman::QmanPortal *portal, uint32_t base, uint16_t n) noexcept
{
	if (n == 0)
		return;
	if (block_oos(portal, base, n))
		bus::fqid_free(base, n);
	else
		keep_retiring(base, n);
}

// The descriptor count bounds the frames an Rx queue's FQ holds, as a count
// of frames whatever their size: the FQ counts into a congestion group of
// its own in frame mode, whose tail drop (CSTD) rejects the FMan's enqueues
// once the group is congested, i.e. once it holds more than CS_THRES frames:
// CS_THRES = nb_desc - 1 lets in at most nb_desc. The FMan frees what QMan
// rejects and counts it as a discard (imissed). Upstream's driver likewise
// gives each Rx FQ a CGR.
int rx_cgr_setup(qbman::QmanPortal &portal, RxQueue &q) noexcept
{
	if (q.cgrid < 0) {
		const int id = bus::cgrid_alloc();
		if (id < 0) {
			DPAA_PMD_LOG(ERR,
				     "port %u Rx queue %u: no congestion group left to bound the "
				     "queue to %u descriptors (the platform's CGRID range is used "
				     "up): %s",
				     q.port_id, q.queue_id, q.nb_desc, strerror(-id));
			return id;
		}
		q.cgrid = static_cast<int16_t>(id);
	}
	qbman::CgrInit c;
	c.threshold = q.nb_desc > 0 ? q.nb_desc - 1u : 0u;
	c.frame_mode = true;
	c.tail_drop = true;
	const int ret = portal.init_cgr(static_cast<uint8_t>(q.cgrid), c);
	if (ret < 0)
		DPAA_PMD_LOG(ERR, "port %u Rx queue %u: congestion group %d init failed: %s",
			     q.port_id, q.queue_id, q.cgrid, strerror(-ret));
	return ret;
}

// Put an Rx queue's FQ (out of service or parked) in service. Push mode
// with a pool channel: scheduled to it, dequeued once a burst adds the
// channel to its lcore's SDQCR. Otherwise parked: bound to the polling
// lcore's dedicated channel at its first burst (push), or pulled (pull).
int rx_fq_init(qbman::QmanPortal &portal, const RxQueue &q) noexcept
{
	const bool push = q.port->devargs.rx_mode == RxMode::push;
	qbman::FqInit init{};
	init.dest = hw::Channel{q.channel ? q.channel : pool_channel1()};
	init.wq = kRxWq;
	init.fq_ctrl = qm::fq_ctrl::kCtxAStashing;
	init.context_a = kRxStashing;
	init.context_b = q.ctx;
	init.cgid = q.cgrid;
	init.schedule = push && q.channel != 0;
	const int ret = portal.init_fq(hw::Fqid{q.fqid}, init);
	if (ret < 0)
		DPAA_PMD_LOG(ERR, "port %u Rx queue %u: FQ 0x%x init failed: %s", q.port_id,
			     q.queue_id, q.fqid, strerror(-ret));
	return ret;
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

void free_stash(RxQueue &q) noexcept
{
	for (unsigned k = 0; k < q.stash_n; k++)
		rte_pktmbuf_free(q.stash[k]);
	q.stash_n = 0;
}

// One attempt, from any lcore, to take a stopped queue's FQ out of service:
// -EBUSY while frames of it still sit in a portal ring (retirement
// pending). Unlike fq_shutdown it never waits, so a burst may call it.
int fq_try_oos(qbman::QmanPortal &portal, uint32_t fqid) noexcept
{
	const hw::Fqid f{fqid};
	qbman::FqNp np;
	int ret = portal.query_fq_np(f, np);
	if (ret < 0)
		return ret;
	if (np.state == qm::FqState::oos)
		return 0;
	if (np.retire_pending)
		return -EBUSY;
	if (np.state != qm::FqState::retired) {
		ret = portal.retire_fq(f);
		if (ret == -EINPROGRESS)
			return -EBUSY;
		if (ret < 0)
			return ret;
	}
	fq_drain(portal, fqid);
	ret = portal.oos_fq(f);
	return ret == -ENOTEMPTY || ret == -EPERM ? -EBUSY : ret;
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

int fqs_allocate(Port &p, uint16_t nb_rx, uint16_t nb_tx) noexcept
{
	fqs_free(p);
	const uint16_t rx_fqs = nb_rx > 1 ? static_cast<uint16_t>(rte_align32pow2(nb_rx)) : 1;
	const int64_t rx = bus::fqid_alloc(rx_fqs, rx_fqs);
	if (rx < 0) {
		DPAA_PMD_LOG(ERR, "%s: no %u FQIDs for Rx: %s", p.bus_dev->name, rx_fqs,
			     strerror(static_cast<int>(-rx)));
		return static_cast<int>(rx);
	}
	p.rx_fqid_base = static_cast<uint32_t>(rx);
	p.nb_rx_fqs = rx_fqs;
	if (nb_tx) {
		const int64_t tx = bus::fqid_alloc(nb_tx, 1);
		if (tx < 0) {
			DPAA_PMD_LOG(ERR, "%s: no %u FQIDs for Tx: %s", p.bus_dev->name, nb_tx,
				     strerror(static_cast<int>(-tx)));
			fqs_free(p);
			return static_cast<int>(tx);
		}
		p.tx_fqid_base = static_cast<uint32_t>(tx);
		p.nb_tx_fqs = nb_tx;
	}
	return 0;
}

void fqs_free(Port &p) noexcept
{
	release_block(bus::qman_portal(), p.rx_fqid_base, p.nb_rx_fqs);
	if (p.nb_tx_fqs)
		bus::fqid_free(p.tx_fqid_base, p.nb_tx_fqs);
	p.rx_fqid_base = p.tx_fqid_base = 0;
	p.nb_rx_fqs = p.nb_tx_fqs = 0;
}

int fqs_start(Port &p) noexcept
{
	qbman::QmanPortal *portal = ctl_portal(p.bus_dev->name);
	if (portal == nullptr)
		return -ENODEV;
	rte_eth_dev_data &d = *p.eth_dev->data;
	int ret;

	// Rx, push mode: each FQ scheduled to a pool channel of its own, which
	// no portal dequeues until the queue's first burst adds it to that
	// lcore's SDQCR; frames wait in the FQ meanwhile. Without a free pool
	// channel (or in pull mode), parked: bound to the polling lcore's
	// dedicated channel at its first burst (push), or pulled (pull).
	const bool push = p.devargs.rx_mode == RxMode::push;
	// FQs still retiring from the last stop (their last frames wait in the
	// ring of an lcore that has not polled since) cannot be initialised:
	// the queues take a fresh block of FQIDs, and the old block waits with
	// the others until out of service (its frames are handed out when that
	// lcore polls again).
	reap_retiring(portal);
	bool stuck = false;
	for (uint16_t i = 0; i < d.nb_rx_queues && !stuck; i++)
		stuck = fq_shutdown(*portal, p.rx_fqid_base + i, nullptr) < 0;
	if (stuck) {
		const int64_t fresh = bus::fqid_alloc(p.nb_rx_fqs, p.nb_rx_fqs);
		if (fresh < 0) {
			DPAA_PMD_LOG(ERR, "%s: Rx FQs still retiring and no fresh FQIDs: %s",
				     p.bus_dev->name, strerror(static_cast<int>(-fresh)));
			return static_cast<int>(fresh);
		}
		DPAA_PMD_LOG(INFO, "%s: Rx FQs 0x%x.. still retiring: using 0x%x..",
			     p.bus_dev->name, p.rx_fqid_base, static_cast<uint32_t>(fresh));
		keep_retiring(p.rx_fqid_base, p.nb_rx_fqs);
		p.rx_fqid_base = static_cast<uint32_t>(fresh);
	}
	for (uint16_t i = 0; i < d.nb_rx_queues; i++) {
		RxQueue &q = *static_cast<RxQueue *>(d.rx_queues[i]);
		q.fqid = p.rx_fqid_base + i;
		q.portal = nullptr;
		q.stash_n = 0;
		q.hash_valid = p.rss_hf != 0 && d.nb_rx_queues > 1;
		if ((ret = rx_cgr_setup(*portal, q)) < 0)
			return ret;
		if (push && q.channel == 0) {
			const int ch = bus::pool_channel_alloc();
			if (ch > 0)
				q.channel = static_cast<uint16_t>(ch);
			else
				DPAA_PMD_LOG(INFO,
					     "%s: Rx queue %u: no pool channel left; the queue is "
					     "bound to the first lcore that polls it",
					     p.bus_dev->name, i);
		}
		if (push)
			take_queue_portal(q);
		rxq_register(q);
		q.idle_polls = 0;
		if (q.conf.rx_deferred_start) {
			// Its FQ stays out of service (shut down above) until
			// rx_queue_start: QMan refuses the FMan's frames for it.
			q.state = RxqState::stopped;
			continue;
		}
		ret = rx_fq_init(*portal, q);
		if (ret < 0)
			return ret;
		q.state = RxqState::running;
	}
	const uint64_t tx_ctx_a = d.nb_tx_queues > 0 ? tx_context_a(p.hw->ccsr) : 0;
	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		TxQueue &q = *static_cast<TxQueue *>(d.tx_queues[i]);
		q.fqid = p.tx_fqid_base + i;
		fq_shutdown(*portal, q.fqid, nullptr);
		qbman::FqInit init{};
		init.dest = hw::Channel{p.hw->info.tx_channel};
		init.wq = kTxWq;
		init.context_a = tx_ctx_a;
		init.context_b = 0; // no confirmation FQ (OVFQ)
		init.schedule = true;
		ret = portal->init_fq(hw::Fqid{q.fqid}, init);
		if (ret < 0) {
			DPAA_PMD_LOG(ERR, "%s: Tx queue %u: FQ 0x%x init failed: %s",
				     p.bus_dev->name, i, q.fqid, strerror(-ret));
			return ret;
		}
		// A deferred queue's FQ is ready: tx_queue_start only lets the
		// bursts through.
		q.running = !q.conf.tx_deferred_start;
	}
	fq_shutdown(*portal, p.err_fqid, nullptr);
	qbman::FqInit err{};
	err.dest = hw::Channel{pool_channel1()};
	err.wq = 7;
	err.schedule = false; // drained by volatile dequeues from the control path
	ret = portal->init_fq(hw::Fqid{p.err_fqid}, err);
	if (ret < 0)
		DPAA_PMD_LOG(ERR, "%s: error FQ 0x%x init failed: %s", p.bus_dev->name, p.err_fqid,
			     strerror(-ret));
	return ret;
}

void fqs_stop(Port &p) noexcept
{
	qbman::QmanPortal *portal = ctl_portal(p.bus_dev->name);
	if (portal == nullptr)
		return;
	rte_eth_dev_data &d = *p.eth_dev->data;

	// Tx first: bursts send nothing from now on (an enqueue to a retired
	// FQ would be rejected), and what the application handed over leaves
	// on the wire.
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		if (TxQueue *q = static_cast<TxQueue *>(d.tx_queues[i]))
			__atomic_store_n(&q->running, false, __ATOMIC_RELEASE);
	rte_atomic_thread_fence(__ATOMIC_SEQ_CST);
	const uint64_t deadline = rte_get_timer_cycles() + kTxDrainMs * rte_get_timer_hz() / 1000;
	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		const uint32_t fqid = p.tx_fqid_base + i;
		while (fq_frame_count(fqid) != 0 && rte_get_timer_cycles() < deadline)
			rte_pause();
		uint64_t dropped = 0;
		fq_shutdown(*portal, fqid, &dropped);
		if (TxQueue *q = static_cast<TxQueue *>(d.tx_queues[i]))
			counter_add(q->stats.errors, dropped);
	}
	for (uint16_t i = 0; i < d.nb_rx_queues; i++) {
		RxQueue &q = *static_cast<RxQueue *>(d.rx_queues[i]);
		std::atomic_ref(q.state).store(RxqState::stopped, std::memory_order_release);
		// A secondary process's portal keeps the channel until that
		// process gives the portal back (which clears its SDQCR).
		if (q.channel != 0 && bound_portal_here(q) != nullptr)
			update_sdqcr(*q.portal, 0, sdq_bit(q));
		// Its own portal too, if a secondary's burst bound it last.
		qbman::QmanPortal *own = queue_portal(q);
		if (own != nullptr)
			sdq_reset(*own);
		fq_shutdown(*portal, q.fqid, nullptr, nullptr, own);
		// Frames another queue's burst parked for this one.
		free_stash(q);
		std::atomic_ref(q.portal).store(nullptr, std::memory_order_relaxed);
		release_queue_portal(q);
	}
	uint64_t errs = 0;
	fq_shutdown(*portal, p.err_fqid, &errs, &p.err_mac_frames);
	p.err_frames += errs;
	// Blocks left retiring by earlier stops whose lcore has polled since:
	// their frames go back to the pool now, not at some later start.
	reap_retiring(portal);
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

void release_queue_cgr(RxQueue &q) noexcept
{
	if (q.cgrid < 0)
		return;
	bus::cgrid_free(static_cast<uint32_t>(q.cgrid));
	q.cgrid = -1;
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

void txq_stop(TxQueue &q) noexcept
{
	__atomic_store_n(&q.running, false, __ATOMIC_RELEASE);
	rte_atomic_thread_fence(__ATOMIC_SEQ_CST);
	// What the application handed over leaves on the wire: the entries
	// of this thread's EQCR that QMan has not read yet (not in the FQ's
	// count yet) and the FQ's frames. The FQ stays in service, so
	// anything still in another lcore's EQCR goes out too.
	const uint64_t deadline = rte_get_timer_cycles() + kTxDrainMs * rte_get_timer_hz() / 1000;
	qbman::QmanPortal *portal = bus::qman_portal();
	for (;;) {
		const bool eqcr_empty =
			portal == nullptr || portal->eqcr_update() == qm::kEqcrSize - 1;
		// A management command: also what lets a stepped model run.
		const uint32_t left = fq_frame_count(q.fqid);
		if (eqcr_empty && left == 0)
			return;
		if (rte_get_timer_cycles() >= deadline) {
			DPAA_PMD_LOG(WARNING,
				     "port %u Tx queue %u stopped with frames still queued after "
				     "%u ms (flow control?); they leave when the FMan takes them",
				     q.port_id, q.queue_id, static_cast<unsigned>(kTxDrainMs));
			return;
		}
		rte_pause();
	}
}

void txq_start(TxQueue &q) noexcept
{
	__atomic_store_n(&q.running, true, __ATOMIC_RELEASE);
}

} // namespace dpaa::net
