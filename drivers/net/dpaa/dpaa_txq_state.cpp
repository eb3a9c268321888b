/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Tx queue stop and start on a started port.

#include <rte_cycles.h>

#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace qm = hw::qm;

void txq_apply(TxQueue &q, TxqEvent e) noexcept
{
	const TxqState now = __atomic_load_n(&q.running, __ATOMIC_RELAXED) ? TxqState::running
									   : TxqState::stopped;
	__atomic_store_n(&q.running, txq_next(now, e) == TxqState::running, __ATOMIC_RELEASE);
}

void txq_stop(TxQueue &q) noexcept
{
	txq_apply(q, TxqEvent::stop);
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
	txq_apply(q, TxqEvent::start);
}

} // namespace dpaa::net
