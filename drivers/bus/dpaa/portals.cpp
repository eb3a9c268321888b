/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Per-thread portal affinity. A portal is not thread-safe (nor is it on
// silicon), so every thread that runs bursts or mempool operations owns one
// QMan and one BMan software portal, of the same index, from its first call
// to qman_portal() / bman_portal() (the out-of-line slow path below) until:
//  - the thread exits (a pthread key destructor gives the pair back), or
//  - it calls release_thread_portals(), or
//  - the last port is closed (no burst can run any more: every thread's
//    pair goes back, and each thread's cached pointers are cleared through
//    the addresses the slow path recorded).
// A thread beyond the number of portals gets nullptr and an ERR log naming
// the limit; rte_errno is EBUSY.
//
// A QMan portal may also belong to a push-mode Rx queue rather than to a
// thread (rte_dpaa_queue_portal_take): the queue's FQ is dequeued there
// alone, and whichever thread polls the queue polls that portal, so what
// QMan pushed into its DQRR is there for the next poller (DPDK lets one
// thread at a time poll a queue; the QMan manual lets any core access any
// software portal). The slot's BMan portal stays unused meanwhile.
//
// DPDK processes that share a modelled SoC (a primary and its secondaries)
// share its portals too: a slot is taken only once the process sharing
// (process_sharing.hpp) gives this process the pair (claim_portal), and
// given back to it with the slot.
//
// The portal driver objects live as long as the bus; a new owner re-runs
// init(), which takes the portal over from whatever state it was left in.

#include <cerrno>
#include <mutex>
#include <new>
#include <pthread.h>

#include <rte_errno.h>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"
#include "qbman/bman_portal.hpp"
#include "qbman/qman_portal.hpp"

__thread dpaa::qbman::QmanPortal *rte_dpaa_tls_qman_portal;
__thread dpaa::qbman::BmanPortal *rte_dpaa_tls_bman_portal;

namespace dpaa::bus
{

namespace
{

struct Slot {
	qbman::QmanPortal *qman = nullptr;
	qbman::BmanPortal *bman = nullptr;
	// The owner thread's cached pointers (its TLS variables); null: free.
	qbman::QmanPortal **owner_q = nullptr;
	qbman::BmanPortal **owner_b = nullptr;
	bool queue = false; // owned by an Rx queue, not by a thread
};

std::mutex lock;
Slot slots[platform::kMaxPortals];
unsigned num_slots;
platform::Platform *plat;
ProcessSharing *sharing;
pthread_key_t exit_key;
bool key_created;
unsigned open_ports;

void free_slot(Slot &s) noexcept
{
	if (s.owner_q != nullptr || s.queue) {
		if (s.owner_q != nullptr) {
			__atomic_store_n(s.owner_q, nullptr, __ATOMIC_RELAXED);
			__atomic_store_n(s.owner_b, nullptr, __ATOMIC_RELAXED);
		}
		// No static dequeue on a portal nobody polls: frames wait in
		// their FQs, where the next poller (or a queue stop) finds them.
		s.qman->set_sdqcr(0);
		sharing->release_portal(static_cast<unsigned>(&s - slots));
	}
	s.owner_q = nullptr;
	s.owner_b = nullptr;
	s.queue = false;
	portal_irqs_release(static_cast<unsigned>(&s - slots));
}

// pthread key destructor: the value is the exiting thread's &tls_qman.
void on_thread_exit(void *owner) noexcept
{
	std::lock_guard<std::mutex> hold(lock);
	for (unsigned i = 0; i < num_slots; i++)
		if (slots[i].owner_q == owner)
			free_slot(slots[i]);
}

int map_slot(unsigned i) noexcept
{
	Slot &s = slots[i];
	if (s.qman != nullptr)
		return 0;
	platform::QmanPortalMap qm;
	platform::BmanPortalMap bm;
	int ret = plat->map_qman_portal(i, qm);
	if (ret == 0)
		ret = plat->map_bman_portal(i, bm);
	if (ret < 0)
		return ret;
	s.qman = new (std::nothrow) qbman::QmanPortal(
		qbman::QmanPortalConfig{qm.ce, qm.ci, hw::Channel{qm.channel}, i, qm.pools});
	s.bman = new (std::nothrow)
		qbman::BmanPortal(qbman::BmanPortalConfig{bm.ce, bm.ci, i, plat->bman_ccsr()});
	if (s.qman == nullptr || s.bman == nullptr) {
		delete s.qman;
		delete s.bman;
		s.qman = nullptr;
		s.bman = nullptr;
		return -ENOMEM;
	}
#ifndef RTE_DPAA_BOARD_ONLY // qbman/model_hooks.hpp
	const platform::WaitFn w = plat->wait_fn();
	s.qman->set_wait_hook(qbman::WaitHook{w.fn, w.arg});
	s.bman->set_wait_hook(qbman::WaitHook{w.fn, w.arg});
	const platform::EqcrFullFn e = plat->eqcr_full_fn();
	s.qman->set_eqcr_full_hook(qbman::EqcrFullHook{e.fn, e.arg});
#endif
	return 0;
}

// Slot i, if no one has it, claimed for this process, mapped and its
// portals taken over (the BMan one only if 'bman'): 0; 1 if it is taken
// (here or by another process); negative errno (logged).
int claim_free_slot(unsigned i, bool bman) noexcept
{
	Slot &s = slots[i];
	if (s.owner_q != nullptr || s.queue || sharing->claim_portal(i) < 0)
		return 1;
	int ret = map_slot(i);
	if (ret == 0)
		ret = s.qman->init();
	if (ret == 0 && bman)
		ret = s.bman->init();
	if (ret < 0) {
		sharing->release_portal(i);
		DPAA_BUS_LOG(ERR, "portal %u: cannot take it over: %s", i, strerror(-ret));
	}
	return ret;
}

// The calling thread takes a free slot: 0, or negative errno (logged).
[[gnu::noinline, gnu::cold]] int take_slot() noexcept
{
	std::lock_guard<std::mutex> hold(lock);
	if (plat == nullptr) {
		DPAA_BUS_LOG(ERR,
			     "no portal: the DPAA bus found no DPAA hardware or modelled board");
		return -ENODEV;
	}
	for (unsigned i = 0; i < num_slots; i++) {
		Slot &s = slots[i];
		const int ret = claim_free_slot(i, true);
		if (ret > 0)
			continue;
		if (ret < 0)
			return ret;
		s.owner_q = &rte_dpaa_tls_qman_portal;
		s.owner_b = &rte_dpaa_tls_bman_portal;
		if (key_created)
			pthread_setspecific(exit_key, s.owner_q);
		rte_dpaa_tls_qman_portal = s.qman;
		rte_dpaa_tls_bman_portal = s.bman;
		DPAA_BUS_LOG(DEBUG, "portal %u (channel 0x%x) now belongs to thread %lu", i,
			     s.qman->channel().value, static_cast<unsigned long>(pthread_self()));
		return 0;
	}
	DPAA_BUS_LOG(ERR,
		     "no free portal for this thread: all %u QMan/BMan portal pairs are taken "
		     "(one per thread that polls or uses a dpaa mempool, in this process and "
		     "the DPDK processes sharing its DPAA; at most %u such threads)",
		     num_slots, num_slots);
	return -EBUSY;
}

// A free slot for an Rx queue, if one stays free for each of 'threads'
// threads that own none yet: nullptr otherwise (the caller falls back).
qbman::QmanPortal *take_queue_slot(unsigned threads) noexcept
{
	std::lock_guard<std::mutex> hold(lock);
	if (plat == nullptr)
		return nullptr;
	unsigned free_slots = 0, thread_slots = 0;
	for (unsigned i = 0; i < num_slots; i++) {
		free_slots += slots[i].owner_q == nullptr && !slots[i].queue;
		thread_slots += slots[i].owner_q != nullptr;
	}
	const unsigned reserve = threads > thread_slots ? threads - thread_slots : 0;
	if (free_slots <= reserve)
		return nullptr;
	for (unsigned i = 0; i < num_slots; i++) {
		Slot &s = slots[i];
		const int ret = claim_free_slot(i, false);
		if (ret > 0)
			continue;
		if (ret < 0)
			return nullptr;
		s.queue = true;
		DPAA_BUS_LOG(DEBUG, "portal %u (channel 0x%x) now belongs to an Rx queue", i,
			     s.qman->channel().value);
		return s.qman;
	}
	return nullptr;
}

} // namespace

int portals_setup(platform::Platform &p, ProcessSharing &s) noexcept
{
	std::lock_guard<std::mutex> hold(lock);
	plat = &p;
	sharing = &s;
	const platform::SocInfo &soc = p.soc();
	num_slots = std::min(soc.num_qman_portals, soc.num_bman_portals);
	if (!key_created && pthread_key_create(&exit_key, on_thread_exit) == 0)
		key_created = true;
	return 0;
}

void portals_teardown() noexcept
{
	std::lock_guard<std::mutex> hold(lock);
	for (unsigned i = 0; i < num_slots; i++) {
		Slot &s = slots[i];
		free_slot(s);
		if (s.qman != nullptr) {
			plat->unmap_qman_portal(i);
			plat->unmap_bman_portal(i);
		}
		delete s.qman;
		delete s.bman;
		s = Slot{};
	}
	// This thread's key value must not outlive the slots it named.
	if (key_created)
		pthread_setspecific(exit_key, nullptr);
	num_slots = 0;
	open_ports = 0;
	plat = nullptr;
	sharing = nullptr;
}

} // namespace dpaa::bus

using namespace dpaa;

extern "C" qbman::QmanPortal *rte_dpaa_qman_portal_slow(void) noexcept
{
	if (rte_dpaa_tls_qman_portal == nullptr) {
		int ret = bus::take_slot();
		if (ret < 0) {
			rte_errno = -ret;
			return nullptr;
		}
	}
	return rte_dpaa_tls_qman_portal;
}

extern "C" qbman::BmanPortal *rte_dpaa_bman_portal_slow(void) noexcept
{
	if (rte_dpaa_tls_bman_portal == nullptr) {
		int ret = bus::take_slot();
		if (ret < 0) {
			rte_errno = -ret;
			return nullptr;
		}
	}
	return rte_dpaa_tls_bman_portal;
}

extern "C" void rte_dpaa_hw_wait(void) noexcept
{
#ifndef RTE_DPAA_BOARD_ONLY // qbman/model_hooks.hpp: silicon needs no call
	// The wait function is fixed while the bus runs; no lock on this path.
	platform::Platform *p = bus::plat;
	if (p == nullptr)
		return;
	qbman::call_hook(p->wait_fn());
#endif
}

extern "C" int rte_dpaa_portals_release(void) noexcept
{
	std::lock_guard<std::mutex> hold(bus::lock);
	for (unsigned i = 0; i < bus::num_slots; i++)
		if (bus::slots[i].owner_q == &rte_dpaa_tls_qman_portal) {
			bus::free_slot(bus::slots[i]);
			return 0;
		}
	return -ENOENT;
}

extern "C" unsigned rte_dpaa_portals_in_use(void) noexcept
{
	std::lock_guard<std::mutex> hold(bus::lock);
	unsigned n = 0;
	for (unsigned i = 0; i < bus::num_slots; i++)
		n += bus::slots[i].owner_q != nullptr;
	return n;
}

extern "C" qbman::QmanPortal *rte_dpaa_queue_portal_take(unsigned threads) noexcept
{
	return bus::take_queue_slot(threads);
}

extern "C" void rte_dpaa_queue_portal_give(qbman::QmanPortal *portal) noexcept
{
	std::lock_guard<std::mutex> hold(bus::lock);
	for (unsigned i = 0; i < bus::num_slots; i++)
		if (bus::slots[i].queue && bus::slots[i].qman == portal)
			bus::free_slot(bus::slots[i]);
}

extern "C" void rte_dpaa_port_opened(void) noexcept
{
	std::lock_guard<std::mutex> hold(bus::lock);
	bus::open_ports++;
}

extern "C" void rte_dpaa_port_closed(void) noexcept
{
	std::lock_guard<std::mutex> hold(bus::lock);
	if (bus::open_ports == 0 || --bus::open_ports != 0)
		return;
	for (unsigned i = 0; i < bus::num_slots; i++)
		bus::free_slot(bus::slots[i]);
}
