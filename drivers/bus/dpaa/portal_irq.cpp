/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Rx interrupts. QMan interrupts per software portal, not per frame queue:
// DQRI says the portal's DQRR holds entries, whichever FQs they are of. An
// lcore that sleeps on several Rx queues has them all served by its own
// portal, so each portal keeps the set of eventfds armed on it (one per Rx
// queue whose interrupt the application enabled) and signals every one of
// them when its line rises. DQRI is enabled in the portal's QCSP_IER while
// that set is not empty.
//
// The line rises from the platform's interrupt thread (the model's thread):
// the set is guarded by a spinlock, never held across a call into the
// platform.

#include <cerrno>
#include <cstdint>
#include <mutex>
#include <unistd.h>

#include <rte_spinlock.h>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"
#include "qbman/qman_portal.hpp"

namespace dpaa::bus
{

namespace
{

// Rx queues one lcore may sleep on (ports x queues).
constexpr unsigned kMaxArmed = 32;

struct PortalIrq {
	rte_spinlock_t lock = RTE_SPINLOCK_INITIALIZER;
	qbman::QmanPortal *portal = nullptr; // the portal whose IER the set drives
	unsigned n = 0;
	int efds[kMaxArmed];
};

PortalIrq portal_irqs[platform::kMaxPortals];
// Which portals have the platform's hook installed (control path only).
std::mutex hook_lock;
bool hooked[platform::kMaxPortals];

void signal(int efd) noexcept
{
	const uint64_t one = 1;
	// An eventfd only refuses to add when its counter would overflow, and
	// is readable then anyway.
	[[maybe_unused]] const ssize_t n = write(efd, &one, sizeof(one));
}

void line_raised(void *arg) noexcept
{
	PortalIrq &pi = *static_cast<PortalIrq *>(arg);
	rte_spinlock_lock(&pi.lock);
	for (unsigned i = 0; i < pi.n; i++)
		signal(pi.efds[i]);
	rte_spinlock_unlock(&pi.lock);
}

int hook(unsigned index) noexcept
{
	std::lock_guard<std::mutex> hold(hook_lock);
	if (hooked[index])
		return 0;
	platform::Platform *plat = current_platform();
	if (plat == nullptr)
		return -ENODEV;
	const int ret = plat->set_qman_portal_irq(index, {line_raised, &portal_irqs[index]});
	if (ret < 0)
		return ret;
	hooked[index] = true;
	return 0;
}

// Removes efd from pi's set; true if it was there.
bool remove(PortalIrq &pi, int efd) noexcept
{
	bool found = false;
	rte_spinlock_lock(&pi.lock);
	for (unsigned i = 0; i < pi.n; i++) {
		if (pi.efds[i] != efd)
			continue;
		pi.efds[i] = pi.efds[--pi.n];
		found = true;
		break;
	}
	if (found && pi.n == 0 && pi.portal != nullptr)
		pi.portal->set_interrupt_enable(0);
	rte_spinlock_unlock(&pi.lock);
	return found;
}

} // namespace

void portal_irqs_release(unsigned index) noexcept
{
	if (index >= platform::kMaxPortals)
		return;
	PortalIrq &pi = portal_irqs[index];
	rte_spinlock_lock(&pi.lock);
	if (pi.n != 0 && pi.portal != nullptr)
		pi.portal->set_interrupt_enable(0);
	pi.n = 0;
	rte_spinlock_unlock(&pi.lock);
}

void portal_irqs_teardown() noexcept
{
	std::lock_guard<std::mutex> hold(hook_lock);
	platform::Platform *plat = current_platform();
	for (unsigned i = 0; i < platform::kMaxPortals; i++) {
		if (hooked[i] && plat != nullptr)
			plat->set_qman_portal_irq(i, {});
		hooked[i] = false;
		PortalIrq &pi = portal_irqs[i];
		rte_spinlock_lock(&pi.lock);
		pi.n = 0;
		pi.portal = nullptr;
		rte_spinlock_unlock(&pi.lock);
	}
}

} // namespace dpaa::bus

using namespace dpaa;

extern "C" int rte_dpaa_portal_irq_arm(int efd, qbman::QmanPortal *portal) noexcept
{
	if (efd < 0)
		return -EINVAL;
	if (portal == nullptr)
		portal = bus::qman_portal();
	if (portal == nullptr)
		return -EBUSY;
	const unsigned index = portal->index();
	if (index >= platform::kMaxPortals)
		return -EINVAL;
	int ret = bus::hook(index);
	if (ret < 0)
		return ret;
	// Armed on one portal at a time: the queue may have moved lcore.
	for (bus::PortalIrq &other : bus::portal_irqs)
		if (&other != &bus::portal_irqs[index])
			bus::remove(other, efd);

	bus::PortalIrq &pi = bus::portal_irqs[index];
	rte_spinlock_lock(&pi.lock);
	bool present = false;
	for (unsigned i = 0; i < pi.n; i++)
		present |= pi.efds[i] == efd;
	if (!present) {
		if (pi.n == bus::kMaxArmed) {
			rte_spinlock_unlock(&pi.lock);
			return -ENOSPC;
		}
		pi.efds[pi.n++] = efd;
	}
	pi.portal = portal;
	portal->set_interrupt_enable(hw::qm::irq::kDqri);
	rte_spinlock_unlock(&pi.lock);
	// An entry that arrived since the caller's last empty poll raised the
	// line then, maybe before this arm: look at the ring itself (QCSP_ISR
	// may still show entries the caller has just consumed).
	if (portal->dqrr_current() != nullptr)
		bus::signal(efd);
	return 0;
}

extern "C" int rte_dpaa_portal_irq_disarm(int efd) noexcept
{
	bool found = false;
	for (bus::PortalIrq &pi : bus::portal_irqs)
		found |= bus::remove(pi, efd);
	return found ? 0 : -ENOENT;
}
