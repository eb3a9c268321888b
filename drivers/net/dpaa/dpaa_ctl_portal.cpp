/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The process's control portal. QMan posts the FQRN that completes a
// pending retirement on the MR of the portal that issued ALTER_RETIRE. If
// each control path used its calling thread's portal, the FQRN of a queue
// stopped from the application's thread would land where the EAL alarm
// that completes retirements never looks. So every FQ management command
// of the control paths (port start and stop, queue start and stop, the
// alarm) goes through one QMan portal, taken from the bus like a queue's
// own portal (no thread owns it, its static dequeue stays off), and used
// under one lock: whoever holds the lock next reads the FQRN. The portal
// goes back to the bus with the PMD's last port.

#include <mutex>

#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace
{

// Held across management commands, which wait for QMan: not a spin lock.
std::mutex ctl_lock;
qbman::QmanPortal *ctl_qman; // under ctl_lock
unsigned open_ports;	     // under ctl_lock

} // namespace

CtlPortal::CtlPortal(const char *what) noexcept : hold_(ctl_lock)
{
	if (ctl_qman == nullptr) {
		// Leaves a portal for each lcore that has none yet; failing
		// that, any free one, as the control path cannot do without.
		ctl_qman = bus::take_queue_portal(rte_lcore_count());
		if (ctl_qman == nullptr)
			ctl_qman = bus::take_queue_portal(0);
		if (ctl_qman == nullptr)
			DPAA_PMD_LOG(ERR,
				     "%s: no QMan portal left for the control path (all are "
				     "taken by polling threads and Rx queues)",
				     what);
	}
	portal_ = ctl_qman;
}

CtlPortal::CtlPortal(std::try_to_lock_t) noexcept : hold_(ctl_lock, std::try_to_lock)
{
	if (hold_.owns_lock())
		portal_ = ctl_qman;
}

void ctl_portal_port_opened() noexcept
{
	std::lock_guard<std::mutex> hold(ctl_lock);
	open_ports++;
}

void ctl_portal_port_closed() noexcept
{
	std::lock_guard<std::mutex> hold(ctl_lock);
	if (open_ports == 0 || --open_ports != 0 || ctl_qman == nullptr)
		return;
	// No port left, so no FQ of ours retires any more: nothing is lost
	// with the MR.
	take_mr(*ctl_qman);
	bus::give_queue_portal(ctl_qman);
	ctl_qman = nullptr;
}

} // namespace dpaa::net
