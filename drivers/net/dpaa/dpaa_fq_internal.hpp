/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// What the files behind dpaa_fq.hpp share among themselves: the PMD's other
// files call only dpaa_fq.hpp.

#pragma once

#include <cstdint>
#include <mutex>

#include "dpaa_ethdev.hpp"

namespace dpaa::net
{

namespace qm = hw::qm;

// The work queue of our FQs in their channel: all equal, so channels serve
// them round-robin.
inline constexpr uint8_t kRxWq = 3;
inline constexpr uint8_t kTxWq = 3;
// How long a stop waits for the Tx FQs to empty before dropping what is left.
inline constexpr uint64_t kTxDrainMs = 1000;

// dpaa_ctl_portal.cpp
// The process's control portal, held (locked) as long as this object
// lives: every FQ management command of the control paths is issued on it,
// so the FQRN of a retirement one of them leaves pending is read by the
// next (take_mr). Empty (get() nullptr) when no portal could be had.
class CtlPortal
{
public:
	// Waits for the lock; takes the portal on first use (an ERR log
	// naming 'what' if none is left).
	explicit CtlPortal(const char *what) noexcept;
	// Only if the lock is free now, and only a portal taken already: for
	// the alarm, which must not wait for a control path that waits for
	// it (rxq_completions_pause).
	explicit CtlPortal(std::try_to_lock_t) noexcept;
	CtlPortal(const CtlPortal &) = delete;
	CtlPortal &operator=(const CtlPortal &) = delete;

	qbman::QmanPortal *get() const noexcept { return portal_; }

private:
	std::unique_lock<std::mutex> hold_;
	qbman::QmanPortal *portal_ = nullptr;
};

// dpaa_fq_bind.cpp
// QMan's pool channel 1, as the platform numbers it (0x401 on LS104x).
uint16_t pool_channel1() noexcept;
// The SDQCR bit that dequeues q's channel.
uint32_t sdq_bit(const RxQueue &q) noexcept;
void update_sdqcr(qbman::QmanPortal &portal, uint32_t set, uint32_t clear) noexcept;
void sdq_reset(qbman::QmanPortal &portal) noexcept;
void unbind_push_queue(RxQueue &q) noexcept;
void take_queue_portal(RxQueue &q) noexcept;

// dpaa_fq_drain.cpp
unsigned free_queue_ring(qbman::QmanPortal *ring) noexcept;
unsigned free_own_ring_entries(const RxQueue &q, qbman::QmanPortal &portal) noexcept;
// The same in the calling thread's ring, if it owns a portal: a control
// path's thread that polled q holds its last frames there, which the
// control portal's commands never meet.
unsigned free_caller_ring_entries(const RxQueue &q) noexcept;

// dpaa_fq_retire.cpp
// Attempts to take a retired FQ out of service. Retirement stays pending
// while frames of the FQ sit in a portal ring that its lcore no longer polls
// (a forwarding lcore that stopped with entries in its ring); the FQ is then
// left retiring and the next start takes fresh FQIDs.
inline constexpr unsigned kOosPolls = 20;
int fq_shutdown(qbman::QmanPortal &portal, uint32_t fqid, uint64_t *freed,
		uint64_t *mac_errors = nullptr, qbman::QmanPortal *ring = nullptr) noexcept;
int fq_try_oos(qbman::QmanPortal &portal, uint32_t fqid) noexcept;
void reap_retiring(qbman::QmanPortal *portal) noexcept;
void keep_retiring(uint32_t base, uint16_t n) noexcept;
void release_block(qbman::QmanPortal *portal, uint32_t base, uint16_t n) noexcept;

// dpaa_rxq_state.cpp
// The queue's next state by the transition table (dpaa_queue_state.hpp),
// stored for the bursts to see (release).
void rxq_apply(RxQueue &q, RxqEvent e) noexcept;
// Completes pending Rx queue stops and starts from the EAL's alarm thread
// while any queue retires (armed by the stop or start that left it so).
void rxq_complete_later() noexcept;
// Stop the completions before a port's queues change (port stop, queue
// release): waits for a completion that runs; rearms for the other ports.
void rxq_completions_pause() noexcept;
void rxq_completions_resume() noexcept;

// dpaa_txq_state.cpp
void txq_apply(TxQueue &q, TxqEvent e) noexcept;

// dpaa_fq_port.cpp
// What QMan stashes into the polling core's cache with each DQRR entry of an
// Rx FQ (context A, FQ_CTRL::CTXA_STASHING): the annotation's first line
// (the parse result and hash the burst turns into packet_type, flags and
// RSS hash) and the frame's first line (the headers the application reads
// first), as upstream's driver stashes them. No context line: context B is
// a queue index, not an address. Upstream leaves the annotation out on the
// LS1046A, where it measured stashing to be a bottleneck with many cores;
// our burst reads the annotation of every frame, so it stays.
inline constexpr uint64_t kRxStashing = qm::ctx_a_stash::make(1, 1, 0);
int rx_fq_init(qbman::QmanPortal &portal, const RxQueue &q) noexcept;
void free_stash(RxQueue &q) noexcept;

} // namespace dpaa::net
