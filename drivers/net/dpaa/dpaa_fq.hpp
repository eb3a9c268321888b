/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The frame queues of a port: allocation of their FQIDs, initialisation at
// start, teardown at stop (retire, drain, out of service), and the binding
// of a push-mode Rx FQ to the portal of the lcore that polls it.

#pragma once

#include <cstdint>

#include "dpaa_ethdev.hpp"

namespace dpaa::net
{

// FQIDs for nb_rx Rx queues (a power of two, aligned, for KeyGen) and nb_tx
// Tx queues; frees the previous ones. Port stopped.
int fqs_allocate(Port &p, uint16_t nb_rx, uint16_t nb_tx) noexcept;
void fqs_free(Port &p) noexcept;
// The PMD's ports, counted so that the last close gives the control portal
// (dpaa_ctl_portal.cpp) back, before the bus takes every portal back.
void ctl_portal_port_opened() noexcept;
void ctl_portal_port_closed() noexcept;
// Initialise every FQ of the port (Rx parked until bound or pulled), but
// leave deferred Rx queues stopped and deferred Tx queues closed.
int fqs_start(Port &p) noexcept;
// Let Tx drain, then take every FQ out of service, freeing what they hold.
void fqs_stop(Port &p) noexcept;

// Queue start/stop on a started port, from the control thread, while no
// burst of that queue runs (bursts of the other queues may).
// Rx stop: bursts of the queue return nothing; its FQ is retired, emptied
// (with what this thread's ring and the queue's stash hold) and taken out
// of service, keeping its FQID (KeyGen distributes over the port's
// consecutive FQIDs): QMan refuses the FMan's frames for it, which the FMan
// Rx port frees and counts as discards (imissed). If frames of the FQ sit in
// the ring of an lcore that has not polled since, the FQ stays retiring
// (RxqState::retiring) until that lcore polls again and frees them; the
// control path then completes the stop (an EAL alarm, every millisecond
// while a queue retires, or the queue's next start or stop).
int rxq_stop(RxQueue &q) noexcept;
// Rx start: the FQ back in service (bound at the queue's next burst, push
// mode). Still retiring: RxqState::starting, completed as a pending stop.
int rxq_start(RxQueue &q) noexcept;
// The burst of a queue that is not running: frees the frames of its FQ this
// lcore's ring holds, which is what lets a pending retirement complete. No
// management command: the control path completes the stop or start.
// Returns 0 (no frames).
uint16_t rxq_idle_burst(RxQueue &q, qbman::QmanPortal &portal) noexcept;
// Tx stop: bursts of the queue send nothing; returns once what was
// enqueued on its FQ went to the FMan (bounded wait). The FQ stays in
// service.
void txq_stop(TxQueue &q) noexcept;
void txq_start(TxQueue &q) noexcept;

// Push mode: make 'portal' the one that statically dequeues q's FQ, on
// the queue's first burst after start. The FQ sits on a pool channel of its
// own. If the queue got a QMan portal of its own at start (queue_portal()),
// 'portal' is that one whichever lcore polls: what QMan pushed into its DQRR
// is there for the next poller, so a queue polled by testpmd's main lcore
// while it flushes, then by a forwarding lcore (or moved between threads by
// Open vSwitch), loses nothing. Otherwise 'portal' is the polling lcore's,
// and a move is a change of the two portals' SDQCR: frames the old lcore's
// ring still holds are dropped (counted) when that lcore meets them.
int bind_push_queue(RxQueue &q, qbman::QmanPortal &portal) noexcept;
void release_queue_channel(RxQueue &q) noexcept;
// Give back the queue's own QMan portal (port stop, rx_queue_release).
void release_queue_portal(RxQueue &q) noexcept;

// Push mode: the QMan portal of a queue's own in this process, by port and
// queue, nullptr if it has none (pull mode, no pool channel, no portal left,
// or the queue was started by another process). Process-local: DPDK
// processes share the queue, not their portal drivers.
extern qbman::QmanPortal *rxq_own_portal[RTE_MAX_ETHPORTS][kMaxRxQueues];
[[gnu::always_inline]] inline qbman::QmanPortal *queue_portal(const RxQueue &q) noexcept
{
	return rxq_own_portal[q.port_id][q.queue_id];
}
// Give back the queue's congestion group (rx_queue_release).
void release_queue_cgr(RxQueue &q) noexcept;

// The Rx queue an FQ's context_b names, or nullptr.
RxQueue *rxq_by_ctx(uint32_t ctx) noexcept;
// The portal driver a queue is bound to if it is this process's, else
// nullptr; bind_portal() records the binding with its process.
qbman::QmanPortal *bound_portal_here(const RxQueue &q) noexcept;
void bind_portal(RxQueue &q, qbman::QmanPortal *portal) noexcept;
void rxq_register(RxQueue &q) noexcept;
void rxq_unregister(RxQueue &q) noexcept;

// A DQRR entry of another queue than the one being polled: converted and
// parked in its queue's stash (that queue is bound to the same portal, so to
// this lcore), or freed if its queue is stopped. false: the stash is full
// and the entry must stay in the ring.
bool park_foreign_entry(const hw::qm::DqrrEntry &e, const qbman::QmanPortal &portal) noexcept;

// An FQ state-change message of an MR (FQRN, FQRNI, FQRL, FQPN), read by
// whoever polls an MR (take_mr): only the control portal's carry them, as
// the control path issues every retirement there. Recorded for the control
// path, which completes the retirement it announces; never acted on there.
void fq_state_message(const hw::qm::MrEntry &e) noexcept;

// QMan's count of frames in an FQ (0 if it cannot be queried).
uint32_t fq_frame_count(uint32_t fqid) noexcept;

// Dequeue and free whatever an FQ holds; returns the frames freed.
// mac_errors: incremented for each frame whose FD status says the MAC saw
// an error (FCS), which the MAC's own counters already count.
unsigned fq_drain(qbman::QmanPortal &portal, uint32_t fqid,
		  uint64_t *mac_errors = nullptr) noexcept;
// The error FQ's frames: freed and counted in the port's error count.
void drain_error_fq(Port &p) noexcept;

} // namespace dpaa::net
