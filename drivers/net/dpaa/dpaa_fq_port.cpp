/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The frame queues of a port: their FQIDs, their initialisation at start
// (Rx FQs with their congestion groups, Tx FQs with the context A the FMan
// needs, the error FQ) and their teardown at stop.

#include <atomic>
#include <cerrno>

#include <rte_cycles.h>

#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace
{

namespace qm = hw::qm;

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

} // namespace

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

void free_stash(RxQueue &q) noexcept
{
	for (unsigned k = 0; k < q.stash_n; k++)
		rte_pktmbuf_free(q.stash[k]);
	q.stash_n = 0;
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
	if (p.nb_rx_fqs != 0) {
		const CtlPortal ctl(p.bus_dev->name);
		release_block(ctl.get(), p.rx_fqid_base, p.nb_rx_fqs);
	}
	if (p.nb_tx_fqs)
		bus::fqid_free(p.tx_fqid_base, p.nb_tx_fqs);
	p.rx_fqid_base = p.tx_fqid_base = 0;
	p.nb_rx_fqs = p.nb_tx_fqs = 0;
}

int fqs_start(Port &p) noexcept
{
	const CtlPortal ctl(p.bus_dev->name);
	qbman::QmanPortal *portal = ctl.get();
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
		if (q.conf.rx_deferred_start) {
			// Its FQ stays out of service (shut down above) until
			// rx_queue_start: QMan refuses the FMan's frames for it.
			rxq_apply(q, RxqEvent::port_start_deferred);
			continue;
		}
		ret = rx_fq_init(*portal, q);
		if (ret < 0)
			return ret;
		rxq_apply(q, RxqEvent::port_start);
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
		txq_apply(q, q.conf.tx_deferred_start ? TxqEvent::port_start_deferred
						      : TxqEvent::port_start);
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
	const CtlPortal ctl(p.bus_dev->name);
	qbman::QmanPortal *portal = ctl.get();
	if (portal == nullptr)
		return;
	rte_eth_dev_data &d = *p.eth_dev->data;
	// No completion of a pending queue stop runs while the port's FQs
	// leave service.
	rxq_completions_pause();

	// Tx first: bursts send nothing from now on (an enqueue to a retired
	// FQ would be rejected), and what the application handed over leaves
	// on the wire.
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		if (TxQueue *q = static_cast<TxQueue *>(d.tx_queues[i]))
			txq_apply(*q, TxqEvent::port_stop);
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
		rxq_apply(q, RxqEvent::port_stop);
		// A secondary process's portal keeps the channel until that
		// process gives the portal back (which clears its SDQCR).
		if (q.channel != 0 && bound_portal_here(q) != nullptr)
			update_sdqcr(*q.portal, 0, sdq_bit(q));
		// Its own portal too, if a secondary's burst bound it last.
		qbman::QmanPortal *own = queue_portal(q);
		if (own != nullptr)
			sdq_reset(*own);
		free_caller_ring_entries(q);
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
	rxq_completions_resume();
}

void release_queue_cgr(RxQueue &q) noexcept
{
	if (q.cgrid < 0)
		return;
	bus::cgrid_free(static_cast<uint32_t>(q.cgrid));
	q.cgrid = -1;
}

} // namespace dpaa::net
