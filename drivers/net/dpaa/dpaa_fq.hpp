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
// Initialise every FQ of the port (Rx parked until bound or pulled).
int fqs_start(Port &p) noexcept;
// Let Tx drain, then take every FQ out of service, freeing what they hold.
void fqs_stop(Port &p) noexcept;

// Push mode: make 'portal' (the calling lcore's) the one that statically
// dequeues q's FQ, on the first burst of the queue from this lcore. The FQ
// sits on a pool channel of its own, so that moving the queue to another
// lcore is a change of the two portals' SDQCR: a queue polled by testpmd's
// main lcore while it flushes, then by a forwarding lcore, follows the
// forwarding lcore. Frames the old lcore's ring still holds are dropped
// (counted) when that lcore meets them.
int bind_push_queue(RxQueue &q, qbman::QmanPortal &portal) noexcept;
void release_queue_channel(RxQueue &q) noexcept;

// The Rx queue an FQ's context_b names, or nullptr.
RxQueue *rxq_by_ctx(uint32_t ctx) noexcept;
void rxq_register(RxQueue &q) noexcept;
void rxq_unregister(RxQueue &q) noexcept;

// A DQRR entry of another queue than the one being polled: converted and
// parked in its queue's stash (that queue is bound to the same portal, so to
// this lcore), or freed if its queue is stopped. false: the stash is full
// and the entry must stay in the ring.
bool park_foreign_entry(const hw::qm::DqrrEntry &e, const qbman::QmanPortal &portal) noexcept;

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
