/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Taking FQs out of service: retirement, the last frames, ALTER_OOS; and
// the Rx FQID blocks that wait, still retiring, before they are reused.

#include <cerrno>
#include <mutex>

#include <rte_spinlock.h>

#include "dpaa_fq.hpp"
#include "dpaa_fq_internal.hpp"

namespace dpaa::net
{

namespace
{

namespace qm = hw::qm;

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

// The retirements of FQs the control path takes out of service, and
// whether each is over: answered "pending" by QMan (frames of the FQ in a
// DQRR), it ends with the FQRN that QMan posts on the MR of the portal that
// asked, the control portal, whose next holder reads it (take_mr) and
// records it here; answered at once, it is over already. The control path
// then finishes the shutdown (drain, ALTER_OOS) without asking QMan.
// Enough slots for every Rx queue's FQ and as many FQs of blocks given up
// while retiring.
struct RetireNotice {
	uint32_t fqid; // 0: a free slot
	bool done;     // retired: the FQRN came, or no FQRN was due
};
constexpr unsigned kMaxNotices = 2 * RTE_MAX_ETHPORTS * kMaxRxQueues;
RetireNotice notices[kMaxNotices];
rte_spinlock_t notices_lock = RTE_SPINLOCK_INITIALIZER;

RetireNotice *notice_find(uint32_t fqid) noexcept
{
	for (RetireNotice &n : notices)
		if (n.fqid == fqid)
			return &n;
	return nullptr;
}

// Record fqid's retirement as pending, or as over ('done').
void notice_record(uint32_t fqid, bool done) noexcept
{
	rte_spinlock_lock(&notices_lock);
	RetireNotice *n = notice_find(fqid);
	if (n == nullptr)
		n = notice_find(0);
	if (n != nullptr)
		*n = RetireNotice{fqid, done};
	rte_spinlock_unlock(&notices_lock);
	if (n == nullptr)
		DPAA_PMD_LOG(WARNING,
			     "FQ 0x%x: no room to record its retirement; it leaves service at its "
			     "queue's next start or stop",
			     fqid);
}

void notice_forget(uint32_t fqid) noexcept
{
	rte_spinlock_lock(&notices_lock);
	if (RetireNotice *n = notice_find(fqid))
		*n = RetireNotice{};
	rte_spinlock_unlock(&notices_lock);
}

} // namespace

void fq_state_message(const qm::MrEntry &e) noexcept
{
	// FQRNI: the ALTER_RETIRE answer said the retirement was immediate,
	// and the caller recorded it then (the kernel and upstream drop them
	// too). FQRL: no FQ of ours has an order restoration list. FQPN: none
	// of ours is parked by QMan (no HOLD_ACTIVE, no park on empty).
	if (e.type() != qm::mr_verb::kFqrn || e.fqid() == 0)
		return;
	rte_spinlock_lock(&notices_lock);
	RetireNotice *n = notice_find(e.fqid());
	if (n != nullptr)
		n->done = true;
	rte_spinlock_unlock(&notices_lock);
	if (n == nullptr)
		DPAA_PMD_LOG(DEBUG, "FQRN for FQ 0x%x, whose retirement nobody waits for",
			     e.fqid());
}

// Retire an FQ, free what it holds, take it out of service. ring: the
// queue's own portal, whose DQRR may hold frames of the FQ that keep its
// retirement pending (the caller has stopped its static dequeue).
int fq_shutdown(qbman::QmanPortal &portal, uint32_t fqid, uint64_t *freed, uint64_t *mac_errors,
		qbman::QmanPortal *ring) noexcept
{
	const hw::Fqid f{fqid};
	qbman::FqNp np;
	int ret = portal.query_fq_np(f, np);
	if (ret < 0)
		return ret;
	if (np.state == qm::FqState::oos) {
		notice_forget(fqid);
		return 0;
	}
	if (np.state == qm::FqState::retired) {
		notice_record(fqid, true);
	} else if (!np.retire_pending) {
		ret = portal.retire_fq(f);
		if (ret < 0 && ret != -EINPROGRESS) {
			DPAA_PMD_LOG(ERR, "FQ 0x%x: retire failed: %s", fqid, strerror(-ret));
			return ret;
		}
		notice_record(fqid, ret == 0);
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
	if (ret == 0)
		notice_forget(fqid);
	// -EPERM: still retiring, its frames in the ring of an lcore that has
	// not polled since; the callers say what that means for them.
	if (ret < 0 && ret != -EPERM)
		DPAA_PMD_LOG(WARNING, "FQ 0x%x: out of service failed: %s", fqid, strerror(-ret));
	return ret;
}

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

// One attempt, from the control path, to take a stopped queue's FQ out of
// service, once fq_shutdown has asked for its retirement: -EBUSY while its
// FQRN has not come (frames of it still in a portal ring). It never waits,
// and asks QMan nothing before the FQRN.
int fq_try_oos(qbman::QmanPortal &portal, uint32_t fqid) noexcept
{
	take_mr(portal);
	rte_spinlock_lock(&notices_lock);
	const RetireNotice *n = notice_find(fqid);
	const bool retired = n != nullptr && n->done;
	rte_spinlock_unlock(&notices_lock);
	if (!retired)
		return -EBUSY;
	fq_drain(portal, fqid);
	const int ret = portal.oos_fq(hw::Fqid{fqid});
	if (ret == 0)
		notice_forget(fqid);
	// -ENOTEMPTY: frames came in since the drain; the next round drains
	// them.
	return ret == -ENOTEMPTY ? -EBUSY : ret;
}

} // namespace dpaa::net
