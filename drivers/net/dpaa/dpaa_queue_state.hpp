/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The life cycle of an Rx and a Tx queue (dev_start/stop,
// rx/tx_queue_start/stop) as transition tables: every state change of a
// queue is a lookup here, so the tables are the whole machine and a test
// can hold each edge against them. No DPDK dependency.

#pragma once

#include <cstdint>

namespace dpaa::net
{

enum class RxqState : uint8_t {
	running,  // FQ in service: bursts dequeue
	stopped,  // FQ out of service: QMan refuses the FMan's frames for it
	retiring, // stopped, but frames of the FQ wait in a portal ring no lcore has
		  // polled since: the control path takes the FQ out of service
		  // once they are consumed (FQRN)
	starting, // started while still retiring: the control path completes the
		  // start once the FQ retired
};
inline constexpr unsigned kRxqStates = 4;

enum class RxqEvent : uint8_t {
	stop_retired,	     // rx_queue_stop; the FQ left service at once
	stop_pending,	     // rx_queue_stop; its retirement waits on a portal ring
	start_retired,	     // rx_queue_start; the FQ was (or is now) out of service
	start_pending,	     // rx_queue_start; its retirement still waits
	retired,	     // the control path took the retired FQ out of service
	port_start,	     // dev_start
	port_start_deferred, // dev_start of an rx_deferred_start queue
	port_stop,	     // dev_stop
};
inline constexpr unsigned kRxqEvents = 8;

namespace rxq_table_detail
{
using S = RxqState;
// [state][event]. A start of a running queue and the end of a retirement
// that nothing waits for change nothing; a stop of a stopped queue finds
// its FQ out of service already.
inline constexpr RxqState kNext[kRxqStates][kRxqEvents] = {
	// stop_retired stop_pending start_retired start_pending retired
	// port_start port_start_deferred port_stop
	/* running */
	{S::stopped, S::retiring, S::running, S::running, S::running, S::running, S::stopped,
	 S::stopped},
	/* stopped */
	{S::stopped, S::retiring, S::running, S::starting, S::stopped, S::running, S::stopped,
	 S::stopped},
	/* retiring */
	{S::stopped, S::retiring, S::running, S::starting, S::stopped, S::running, S::stopped,
	 S::stopped},
	/* starting */
	{S::stopped, S::retiring, S::running, S::starting, S::running, S::running, S::stopped,
	 S::stopped},
};
} // namespace rxq_table_detail

constexpr RxqState rxq_next(RxqState s, RxqEvent e) noexcept
{
	return rxq_table_detail::kNext[static_cast<unsigned>(s)][static_cast<unsigned>(e)];
}

// Whether a queue in state s waits for its FQ's retirement to complete.
constexpr bool rxq_retirement_pending(RxqState s) noexcept
{
	return s == RxqState::retiring || s == RxqState::starting;
}

// A Tx queue: its FQ stays in service while the queue is stopped (what the
// application handed over leaves on the wire); only the bursts stop.
enum class TxqState : uint8_t {
	running, // bursts enqueue
	stopped, // bursts send nothing
};
inline constexpr unsigned kTxqStates = 2;

enum class TxqEvent : uint8_t {
	stop,		     // tx_queue_stop
	start,		     // tx_queue_start
	port_start,	     // dev_start
	port_start_deferred, // dev_start of a tx_deferred_start queue
	port_stop,	     // dev_stop
};
inline constexpr unsigned kTxqEvents = 5;

namespace txq_table_detail
{
using S = TxqState;
// [state][event]: stop, start, port_start, port_start_deferred, port_stop.
inline constexpr TxqState kNext[kTxqStates][kTxqEvents] = {
	/* running */ {S::stopped, S::running, S::running, S::stopped, S::stopped},
	/* stopped */ {S::stopped, S::running, S::running, S::stopped, S::stopped},
};
} // namespace txq_table_detail

constexpr TxqState txq_next(TxqState s, TxqEvent e) noexcept
{
	return txq_table_detail::kNext[static_cast<unsigned>(s)][static_cast<unsigned>(e)];
}

} // namespace dpaa::net
