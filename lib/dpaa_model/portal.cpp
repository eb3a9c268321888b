/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/portal.hpp"

#include <algorithm>
#include <cstring>

#include <sched.h>
#include <time.h>

#include "dpaa_hw/cpu_relax.hpp"
#include "dpaa_hw/portal_access.hpp"
#include "dpaa_model/bman.hpp"
#include "dpaa_model/qman.hpp"

namespace dpaa::model
{

namespace qm = hw::qm;
namespace bm = hw::bm;

namespace
{

// Value the model leaves in DCAP once it has taken a write: DCAP is a
// write-only command register on silicon, and no valid command has all bits
// set (bits 15:9 are reserved).
constexpr uint32_t kDcapIdle = 0xffffffff;

uint32_t reg_take(void *ci, uint32_t off, uint32_t idle) noexcept
{
	return hw::from_be(
		__atomic_exchange_n(hw::reg_ptr(ci, off), hw::to_be(idle), __ATOMIC_ACQ_REL));
}

// Copy a 64-byte entry except its verb, which the caller stores last.
void copy_body(void *dst, const void *src) noexcept
{
	std::memcpy(static_cast<char *>(dst) + 1, static_cast<const char *>(src) + 1, 63);
}

} // namespace

// ------------------------------------------------------------------ QMan

QmanSwPortal::QmanSwPortal(Qman &qman, unsigned index)
    : qman_(qman), index_(index), ce_(qm::kCeSize), ci_(qm::kCiSize),
      cfg_reg_(valid() ? hw::reg_ptr(ci_.get(), qm::ci::kCfg) : &detail::kNoCfg)
{
	reset();
}

void QmanSwPortal::reset()
{
	if (!valid())
		return;
	ce_.clear();
	ci_.clear();
	void *ce = ce_.get();
	void *ci = ci_.get();
	eqcr_lock();
	eqcr_.init(hw::area_at<void>(ce, qm::ce::kEqcr));
	eqcr_pos_.store(eqcr_.cursor().to_reg(), std::memory_order_release);
	staged_head_.store(0, std::memory_order_relaxed);
	staged_tail_.store(0, std::memory_order_relaxed);
	eqcr_unlock();
	dqrr_.init(hw::area_at<void>(ce, qm::ce::kDqrr));
	mr_.init(hw::area_at<void>(ce, qm::ce::kMr));
	dqrr_ci_ = dqrr_fill_ = 0;
	run_head_ = run_count_ = 0;
	dcap_head_.store(dcap_tail_.load(std::memory_order_acquire), std::memory_order_release);
	mr_ci_ = mr_fill_ = 0;
	mr_backlog_.clear();
	mc_vbit_ = hw::kVbit;
	mc_rridx_ = 1;
	vdq_ = {};
	sdq_rr_ = 0;
	irq_line_ = false;
	csci_ = false;
	isr_shown_ = 0;
	// Producer indices reset to "index 0, wrap bit set": the first lap of
	// each ring is written with the valid bit set.
	hw::reg_write(ci, qm::ci::kEqcrPi, qm::kEqcrSize);
	hw::reg_write(ci, qm::ci::kEqcrCi, qm::kEqcrSize);
	hw::reg_write(ci, qm::ci::kDqrrPi, qm::kDqrrSize);
	hw::reg_write(ci, qm::ci::kMrPi, qm::kMrSize);
	hw::reg_write(ci, qm::ci::kDqrrDcap, kDcapIdle);
	hw::reg_write(ce, qm::ce::kEqcrPi, qm::kEqcrSize);
	hw::reg_write(ce, qm::ce::kEqcrCi, qm::kEqcrSize);
	hw::reg_write(ce, qm::ce::kDqrrPi, qm::kDqrrSize);
	hw::reg_write(ce, qm::ce::kMrPi, qm::kMrSize);
}

uint32_t QmanSwPortal::sdqcr() const noexcept
{
	return hw::reg_read(ci_.get(), qm::ci::kSdqcr);
}

void QmanSwPortal::raise_csci() noexcept
{
	csci_ = true;
	update_isr();
}

void QmanSwPortal::update_isr() noexcept
{
	void *ci = ci_.get();
	const uint32_t now = hw::reg_read(ci, qm::ci::kIsr);
	// A word other than the one the model wrote is software's
	// write-one-to-clear.
	if (now != isr_shown_ && (now & qm::irq::kCsci))
		csci_ = false;
	const uint32_t level = (dqrr_fill_ ? qm::irq::kDqri : 0) | (mr_fill_ ? qm::irq::kMri : 0) |
			       (csci_ ? qm::irq::kCsci : 0);
	if (now != level)
		hw::reg_write(ci, qm::ci::kIsr, level);
	isr_shown_ = level;
	// The portal's interrupt line is a level: a status bit software enabled
	// and did not inhibit. What reaches the CPU is its rising edge, so
	// enabling (or uninhibiting) a bit that is already set interrupts at
	// once, which is what lets a driver arm the interrupt after its last
	// empty poll without losing a frame that arrived in between.
	const bool line = (level & hw::reg_read(ci, qm::ci::kIer)) != 0 &&
			  hw::reg_read(ci, qm::ci::kIir) == 0;
	if (line && !irq_line_ && irq_fn_)
		irq_fn_(irq_arg_, level);
	irq_line_ = line;
}

namespace
{

// QCSP_CFG's DCM: DQRR entries are consumed by DCAP (and enqueue DCA), not
// by DQRR_CI.
bool consumes_by_dcap(uint32_t cfg) noexcept
{
	return ((cfg & qm::cfg::kDcmMask) >> qm::cfg::kDcmShift) ==
	       static_cast<uint32_t>(qm::DqrrCmode::cdc);
}

} // namespace

bool QmanSwPortal::poll_configured(uint32_t cfg)
{
	// QCSP_CFG read once per poll: DCM decides how DQRR entries are
	// consumed, by DQRR_CI or DCAP and enqueue DCA.
	const bool cdc = consumes_by_dcap(cfg);
	bool did = poll_mc(cdc);
	did |= poll_eqcr(cdc);
	did |= poll_dqrr_consumption(cdc);
	did |= poll_vdqcr();
	did |= flush_mr();
	update_isr();
	return did;
}

// The EQCR's lock is a spin lock: both sides hold it for a few entry copies,
// and a model thread put to sleep on a mutex the driver held would cost the
// driver a wake-up system call and the model its CPU.
bool QmanSwPortal::eqcr_try_lock() noexcept
{
	return !eqcr_busy_.exchange(true, std::memory_order_acquire);
}

void QmanSwPortal::eqcr_lock() noexcept
{
	// The holder can only be the portal's driver, preempted within a copy.
	for (unsigned spins = 0; !eqcr_try_lock(); spins++) {
		if (spins < 1024)
			hw::cpu_relax();
		else
			sched_yield();
	}
}

void QmanSwPortal::eqcr_unlock() noexcept
{
	eqcr_busy_.store(false, std::memory_order_release);
}

// Whether a command or ring entry whose verb byte is 'verb' is posted, the
// portal expecting valid bit 'vbit'. A verb byte of 0 is not: it is a line
// the CPU zeroed (upstream's dcbz before it fills a command or an EQCR
// entry) and has not written yet. On silicon the portal never sees that
// state, as the zeroed line stays in the CPU's cache until the driver
// flushes it with its verb; here the driver writes the model's memory in
// place, and a step that read the zeroed line when the ring's or the
// command's valid bit is 0 would take it as posted. Every command and
// enqueue has a non-zero verb, so no posted entry is ever missed.
inline bool posted(uint8_t verb, uint8_t vbit) noexcept
{
	return verb != 0 && (verb & hw::kVbit) == vbit;
}

// Whether the ring holds an entry to take, without the EQCR's lock: the
// model's poll need not take the lock (and keep the driver from it) when
// not. A stale answer only moves the work to the next step.
bool QmanSwPortal::eqcr_ring_pending() const noexcept
{
	const auto pos =
		hw::RingCursor<qm::kEqcrSize>::from_reg(eqcr_pos_.load(std::memory_order_acquire));
	const void *e =
		hw::area_at<char>(ce_.get(), qm::ce::kEqcr) + pos.idx() * sizeof(qm::EqcrEntry);
	return posted(hw::load_verb(e), pos.vbit());
}

namespace detail
{

bool lock_for_drain(std::mutex &lock, std::atomic<unsigned> &waiters) noexcept
{
	waiters.fetch_add(1, std::memory_order_relaxed);
	timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bool got = false;
	for (unsigned spins = 0; !(got = lock.try_lock()); spins++) {
		if (spins < 1024) {
			hw::cpu_relax();
			continue;
		}
		timespec t;
		clock_gettime(CLOCK_MONOTONIC, &t);
		const uint64_t waited =
			static_cast<uint64_t>(t.tv_sec - t0.tv_sec) * 1'000'000'000u +
			static_cast<uint64_t>(t.tv_nsec) - static_cast<uint64_t>(t0.tv_nsec);
		if (waited >= kDrainWaitNs)
			break;
		sched_yield();
	}
	waiters.fetch_sub(1, std::memory_order_relaxed);
	return got;
}

} // namespace detail

bool QmanSwPortal::drain_eqcr()
{
	if (detail::load_cfg(cfg_reg_) == 0)
		return false;
	// Busy: the model's thread is taking the entries itself.
	if (!eqcr_try_lock())
		return false;
	const unsigned n = take_eqcr_locked();
	const bool staging_full = staged_tail_.load(std::memory_order_relaxed) -
					  staged_head_.load(std::memory_order_acquire) ==
				  kEqcrStaged;
	eqcr_unlock();
	if (n > 0)
		return true;
	if (!staging_full || soc_lock_ == nullptr)
		return false;
	return enqueue_staged_under_soc_lock(detail::load_cfg(cfg_reg_));
}

// The staging queue full, the ring still full: what silicon's QMan would
// have enqueued to the FQs long ago goes there now, from the waiting
// driver's thread, under the model's lock (the staging queue's one consumer
// holds it). The model's thread, which takes and drops the lock at every
// step, leaves it to a waiting drain after its current step.
bool QmanSwPortal::enqueue_staged_under_soc_lock(uint32_t cfg)
{
	if (!detail::lock_for_drain(*soc_lock_, *soc_waiters_))
		return false;
	const bool cdc = consumes_by_dcap(cfg);
	const bool did = poll_eqcr(cdc);
	soc_lock_->unlock();
	return did;
}

// Ring -> staging queue, then EQCR_CI says the slots are free again. The
// staging queue has producers under the EQCR's lock (this) and one consumer,
// the model's poll, which reads its entries without the lock: a producer
// writes only slots the consumer has released (head), the consumer reads
// only slots a producer has published (tail).
unsigned QmanSwPortal::take_eqcr_locked()
{
	const uint32_t head = staged_head_.load(std::memory_order_acquire);
	const uint32_t tail = staged_tail_.load(std::memory_order_relaxed);
	const unsigned room = kEqcrStaged - (tail - head);
	// The cursor walked in a local copy: the copies are bytes, which
	// could alias it.
	const qm::EqcrEntry *const ring = eqcr_.at(0);
	auto cur = eqcr_.cursor();
	unsigned n = 0;
	while (n < room) {
		const qm::EqcrEntry *e = ring + cur.idx();
		if (!posted(hw::load_verb(e), cur.vbit()))
			break;
		if (!ce_shadow_.visible(e)) [[unlikely]]
			faults_.unflushed_entry++;
		std::memcpy(&staged_[(tail + n) % kEqcrStaged], e, sizeof(TakenEntry));
		cur.advance();
		n++;
	}
	if (n == 0)
		return 0;
	eqcr_.seek(cur);
	staged_tail_.store(tail + n, std::memory_order_release);
	publish_eqcr_ci_locked();
	return n;
}

// EQCR_CI (and its shadows) say the slots up to the cursor are free again.
void QmanSwPortal::publish_eqcr_ci_locked()
{
	const uint32_t pos = eqcr_.cursor().to_reg();
	eqcr_pos_.store(pos, std::memory_order_release);
	hw::reg_write(ci_.get(), qm::ci::kEqcrCi, pos);
	hw::reg_write(ci_.get(), qm::ci::kEqcrPi, pos);
	hw::reg_write(ce_.get(), qm::ce::kEqcrCi, pos);
}

bool QmanSwPortal::poll_eqcr(bool cdc)
{
	// The EQCR's lock only around taking entries off the ring; the
	// enqueues read the staging queue without it. Again only while the
	// staging queue filled up with the ring still holding entries, up to
	// a full staging queue and a ring per step: what the driver writes
	// while the step enqueues is taken by the next step (or by the
	// driver's own drain_eqcr() if it finds the ring full first), and a
	// look at the ring costs the driver the line it writes next.
	unsigned total = 0;
	for (;;) {
		bool filled = false;
		if (eqcr_ring_pending()) {
			eqcr_lock();
			take_eqcr_locked();
			filled = staged_tail_.load(std::memory_order_relaxed) -
					 staged_head_.load(std::memory_order_relaxed) ==
				 kEqcrStaged;
			eqcr_unlock();
		}
		total += enqueue_staged(cdc);
		if (!filled || total >= kEqcrStaged + qm::kEqcrSize)
			break;
	}
	return total > 0;
}

unsigned QmanSwPortal::enqueue_staged(bool cdc)
{
	const uint32_t head = staged_head_.load(std::memory_order_relaxed);
	const uint32_t tail = staged_tail_.load(std::memory_order_acquire);
	if (head == tail)
		return 0;
	// A burst goes to one FQ: its lookup is kept from one entry to the
	// next (no FQ is created while this runs), and whether nothing but the
	// push of the frame can come of an enqueue to it (Qman::takes_plain),
	// which only an enqueue DCA (the FQ's retirement completing) can
	// change.
	uint32_t fqid = 0;
	Fq *fq = nullptr;
	bool plain = false;
	for (uint32_t i = head; i != tail; i++) {
		const TakenEntry &e = staged_[i % kEqcrStaged];
		if ((e.verb & qm::eqcr_verb::kCmdMask) != qm::eqcr_verb::kCmdEnqueue) [[unlikely]] {
			faults_.bad_eqcr_verb++;
			continue;
		}
		if (e.fqid() != fqid || fq == nullptr) {
			fqid = e.fqid();
			fq = qman_.find(fqid);
			plain = fq != nullptr && Qman::takes_plain(*fq);
		}
		if (plain) {
			qman_.enqueue_plain(*fq, e.fd);
		} else {
			const EnqueueStatus st = qman_.enqueue_inline(fq, e.fd);
			plain = fq != nullptr && Qman::takes_plain(*fq);
			if (st != EnqueueStatus::ok) [[unlikely]]
				post_ern(e, st == EnqueueStatus::rejected ? qm::mr_rc::kError
					    : st == EnqueueStatus::tail_drop
						    ? qm::mr_rc::kFqTaildrop
						    : qm::mr_rc::kCgrTaildrop);
		}
		// Enqueue DCA: the entry also consumes a DQRR entry.
		if (cdc && (e.dca & qm::eqcr_dca::kEnable)) [[unlikely]] {
			consume_dqrr_to(((e.dca & qm::eqcr_dca::kIdxMask) + 1u) &
					(qm::kDqrrSize - 1));
			fq = nullptr;
		}
	}
	staged_head_.store(tail, std::memory_order_release);
	return tail - head;
}

void QmanSwPortal::post_ern(const TakenEntry &e, uint8_t rc)
{
	qm::MrEntry m{};
	m.verb =
		e.verb & static_cast<uint8_t>(~hw::kVbit); // a software ERN echoes the enqueue verb
	m.dca_fqs = e.dca;
	m.seqnum = e.seqnum;
	m.rc = rc;
	m.fqid_raw = e.fqid_raw;
	m.tag_context_b = e.tag;
	m.fd = e.fd;
	mr_post(m);
}

void QmanSwPortal::mr_post(const qm::MrEntry &e)
{
	mr_backlog_.push_back(e);
	flush_mr();
}

bool QmanSwPortal::flush_mr()
{
	void *ci = ci_.get();
	const unsigned ci_now = hw::reg_read(ci, qm::ci::kMrCi) & (qm::kMrSize - 1);
	const unsigned consumed = hw::RingCursor<qm::kMrSize>::distance(mr_ci_, ci_now);
	if (consumed > mr_fill_) {
		faults_.bad_consume++;
	} else {
		mr_fill_ -= consumed;
		mr_ci_ = ci_now;
	}
	unsigned n = 0;
	while (!mr_backlog_.empty() && mr_fill_ < kMrMaxFill) {
		const qm::MrEntry &m = mr_backlog_.front();
		qm::MrEntry *slot = mr_.start();
		copy_body(slot, &m);
		mr_.commit(m.verb);
		mr_fill_++;
		mr_backlog_.pop_front();
		n++;
	}
	if (n == 0)
		return consumed > 0;
	hw::reg_write(ci, qm::ci::kMrPi, mr_.cursor().to_reg());
	return true;
}

void QmanSwPortal::dqrr_put(Fq *fq, uint32_t fqid, const hw::Fd *fd, uint8_t stat, uint8_t tok)
{
	qm::DqrrEntry *e = dqrr_.start();
	// Body with plain stores; commit() stores the verb with release.
	e->stat = stat;
	e->seqnum.store(fq ? static_cast<uint16_t>(fq->seqnum++ & 0x7fff) : 0);
	e->tok = tok;
	e->set_fqid(fqid);
	e->set_context_b(fq ? fq->context_b : 0);
	e->fd = fd ? *fd : hw::Fd{};
	if (fd != nullptr && fq != nullptr) {
		fq->dqrr_refs++;
		note_dqrr(fq, 1);
		if (fq->stashing != 0)
			stashed_.add(fq->stashing, 1);
	} else {
		note_dqrr(nullptr, 1);
	}
	dqrr_.commit(qm::dqrr_verb::kFrameDequeue);
	dqrr_fill_++;
}

bool QmanSwPortal::produce_configured(uint32_t cfg)
{
	void *ci = ci_.get();
	const unsigned mf = (cfg & qm::cfg::kMfMask) >> qm::cfg::kMfShift;
	const unsigned limit = std::min(mf == 0 ? qm::kDqrrSize : mf, kDqrrMaxFill);
	if (dqrr_fill_ >= limit)
		return false;
	const unsigned n = qman_.dequeue_to_portal(*this, limit - dqrr_fill_);
	if (n == 0)
		return false;
	hw::reg_write(ci, qm::ci::kDqrrPi, dqrr_.cursor().to_reg());
	update_isr();
	return true;
}

void QmanSwPortal::consume_dqrr_to(unsigned new_ci)
{
	unsigned n = hw::RingCursor<qm::kDqrrSize>::distance(dqrr_ci_, new_ci);
	if (n > dqrr_fill_) {
		faults_.bad_consume++;
		return;
	}
	// A run of entries of one FQ (a burst off one Rx queue) is given back
	// to it at once.
	for (unsigned left = n; left != 0;) {
		DqrrRun &r = dqrr_runs_[run_head_];
		const unsigned k = std::min(r.n, left);
		if (r.fq != nullptr)
			qman_.dqrr_consumed(index_, *r.fq, k);
		left -= k;
		r.n -= k;
		if (r.n == 0) {
			run_head_ = (run_head_ + 1) & (qm::kDqrrSize - 1);
			run_count_--;
		}
	}
	dqrr_ci_ = new_ci;
	dqrr_fill_ -= n;
}

void QmanSwPortal::take_dcap(uint32_t v)
{
	if (v & qm::dcap::kS)
		consume_dqrr_mask(v >> qm::dcap::kMaskShift);
	else
		consume_dqrr_to(((v & qm::dcap::kIdxMask) + 1) & (qm::kDqrrSize - 1));
	hw::reg_write(ci_.get(), qm::ci::kDqrrCi, dqrr_ci_);
}

void QmanSwPortal::post_dcap(uint32_t value) noexcept
{
	const uint32_t tail = dcap_tail_.load(std::memory_order_relaxed);
	for (unsigned spins = 0; tail - dcap_head_.load(std::memory_order_acquire) >= kDcapQueued;
	     spins++) {
		if (spins < 1024)
			hw::cpu_relax();
		else
			sched_yield();
	}
	dcap_queue_[tail % kDcapQueued] = value;
	dcap_tail_.store(tail + 1, std::memory_order_release);
}

void QmanSwPortal::refill_dqrr() noexcept
{
	const uint32_t cfg = detail::load_cfg(cfg_reg_);
	if (cfg == 0 || soc_lock_ == nullptr || !detail::lock_for_drain(*soc_lock_, *soc_waiters_))
		return;
	const bool cdc = consumes_by_dcap(cfg);
	if (poll_dqrr_consumption(cdc))
		produce_configured(cfg);
	update_isr();
	soc_lock_->unlock();
}

// DCAP's bitmask form, taken in ring order like the single-entry form: the
// outstanding entries up to the furthest one the mask names are consumed,
// those it names and those before it. DCAP is memory the model polls, so a
// write the model has not seen yet is overwritten by the next: read this way,
// a later mask also completes a lost earlier one, which is exact for a
// driver that consumes in order (upstream's and ours, outside held-active
// FQs). An empty mask consumes nothing; if it overwrites a pending mask, that
// mask's entries are consumed by the next non-empty one. A bit naming an
// entry that is not outstanding is driver misuse.
void QmanSwPortal::consume_dqrr_mask(uint32_t mask)
{
	unsigned upto = 0; // outstanding entries to consume, from dqrr_ci_
	uint32_t named = 0;
	for (unsigned i = 0; i < dqrr_fill_; i++) {
		const unsigned slot = (dqrr_ci_ + i) & (qm::kDqrrSize - 1);
		const uint32_t bit = qm::dcap::mask_bit(slot) >> qm::dcap::kMaskShift;
		if (mask & bit) {
			named |= bit;
			upto = i + 1;
		}
	}
	if ((mask & 0xffff) != named)
		faults_.bad_consume++;
	consume_dqrr_to((dqrr_ci_ + upto) & (qm::kDqrrSize - 1));
}

bool QmanSwPortal::poll_dqrr_consumption(bool cdc)
{
	void *ci = ci_.get();
	if (cdc) {
		bool did = false;
		const uint32_t head = dcap_head_.load(std::memory_order_relaxed);
		const uint32_t tail = dcap_tail_.load(std::memory_order_acquire);
		for (uint32_t i = head; i != tail; i++)
			take_dcap(dcap_queue_[i % kDcapQueued]);
		if (head != tail) {
			dcap_head_.store(tail, std::memory_order_release);
			did = true;
		}
		if (hw::reg_read(ci, qm::ci::kDqrrDcap) != kDcapIdle) {
			const uint32_t v = reg_take(ci, qm::ci::kDqrrDcap, kDcapIdle);
			if (v != kDcapIdle) {
				take_dcap(v);
				did = true;
			}
		}
		return did;
	}
	const unsigned ci_now = hw::reg_read(ci, qm::ci::kDqrrCi) & (qm::kDqrrSize - 1);
	if (ci_now == dqrr_ci_)
		return false;
	consume_dqrr_to(ci_now);
	return true;
}

bool QmanSwPortal::poll_vdqcr()
{
	void *ci = ci_.get();
	if (hw::reg_read(ci, qm::ci::kVdqcr) == 0)
		return false;
	const uint32_t v = reg_take(ci, qm::ci::kVdqcr, 0);
	if (v == 0)
		return false;
	if (vdq_.active) {
		faults_.vdqcr_busy++;
		return true;
	}
	vdq_.active = true;
	vdq_.exact = v & qm::vdqcr::kExact;
	vdq_.fqid = v & qm::vdqcr::kFqidMask;
	vdq_.requested = (v & qm::vdqcr::kNumFramesMask) >> qm::vdqcr::kNumFramesShift;
	vdq_.taken = 0;
	return true;
}

bool QmanSwPortal::poll_mc(bool cdc)
{
	void *ce = ce_.get();
	auto *cr = hw::area_at<qm::McCommand>(ce, qm::ce::kCr);
	const uint8_t verb = hw::load_verb(cr);
	if (!posted(verb, mc_vbit_))
		return false;
	if (!ce_shadow_.visible(cr)) [[unlikely]]
		faults_.unflushed_entry++;
	qm::McCommand cmd;
	std::memcpy(&cmd, cr, sizeof(cmd));
	// What QMan took off this portal's EQCR before the command is enqueued
	// before it runs: the driver may have issued it on seeing EQCR_CI move
	// (a Tx queue stop waits for its EQCR to empty, then for the FQ).
	enqueue_staged(cdc);
	qm::McResult res;
	qman_.execute(index_, cmd, res);
	auto *rr = hw::area_at<qm::McResult>(ce, mc_rridx_ ? qm::ce::kRr1 : qm::ce::kRr0);
	auto *other = hw::area_at<qm::McResult>(ce, mc_rridx_ ? qm::ce::kRr0 : qm::ce::kRr1);
	// The inactive response reads zero until its next command completes.
	hw::store_verb(other, 0);
	copy_body(rr, &res);
	hw::store_verb(rr, static_cast<uint8_t>((verb & qm::mcc_verb::kMask) |
						(mc_rridx_ ? 0x80 : 0))); // MCR_VERB_RRID
	mc_vbit_ ^= hw::kVbit;
	mc_rridx_ ^= 1;
	return true;
}

// ------------------------------------------------------------------ BMan

BmanSwPortal::BmanSwPortal(Bman &bman, unsigned index)
    : bman_(bman), index_(index), ce_(bm::kCeSize), ci_(bm::kCiSize),
      cfg_reg_(valid() ? hw::reg_ptr(ci_.get(), bm::ci::kCfg) : &detail::kNoCfg)
{
	reset();
}

void BmanSwPortal::reset()
{
	if (!valid())
		return;
	ce_.clear();
	ci_.clear();
	rcr_.init(hw::area_at<void>(ce_.get(), bm::ce::kRcr));
	mc_vbit_ = hw::kVbit;
	mc_rridx_ = 1;
	hw::reg_write(ci_.get(), bm::ci::kRcrPi, bm::kRcrSize);
	hw::reg_write(ci_.get(), bm::ci::kRcrCi, bm::kRcrSize);
	hw::reg_write(ce_.get(), bm::ce::kRcrPi, bm::kRcrSize);
	hw::reg_write(ce_.get(), bm::ce::kRcrCi, bm::kRcrSize);
}

bool BmanSwPortal::poll_configured()
{
	bool did = poll_mc();
	did |= poll_rcr();
	return did;
}

bool BmanSwPortal::poll_rcr()
{
	unsigned n = 0;
	while (n < bm::kRcrSize) {
		const bm::RcrEntry *e = rcr_.current();
		if (e == nullptr)
			break;
		if (!ce_shadow_.visible(e)) [[unlikely]]
			faults_.unflushed_entry++;
		const uint8_t verb = e->verb();
		const uint8_t cmd = verb & bm::rcr_verb::kCmdMask;
		const unsigned count = verb & bm::rcr_verb::kBufCountMask;
		if ((cmd != bm::rcr_verb::kCmdBpidSingle && cmd != bm::rcr_verb::kCmdBpidMulti) ||
		    count == 0 || count > bm::kMaxBufs) {
			faults_.bad_rcr_entry++;
		} else {
			for (unsigned i = 0; i < count; i++) {
				const uint8_t bpid = cmd == bm::rcr_verb::kCmdBpidSingle
							     ? e->bpid()
							     : e->bufs[i].bpid();
				if (!bman_.release(bpid, e->bufs[i].addr()))
					faults_.bad_rcr_entry++;
			}
		}
		rcr_.next();
		n++;
	}
	if (n == 0)
		return false;
	const uint32_t pos = rcr_.cursor().to_reg();
	hw::reg_write(ci_.get(), bm::ci::kRcrCi, pos);
	hw::reg_write(ci_.get(), bm::ci::kRcrPi, pos);
	hw::reg_write(ce_.get(), bm::ce::kRcrCi, pos);
	return true;
}

bool BmanSwPortal::under_soc_lock(bool (BmanSwPortal::*poll)())
{
	if (!configured() || soc_lock_ == nullptr)
		return false;
	if (!detail::lock_for_drain(*soc_lock_, *soc_waiters_))
		return false;
	const bool did = (this->*poll)();
	soc_lock_->unlock();
	return did;
}

bool BmanSwPortal::drain_rcr()
{
	return under_soc_lock(&BmanSwPortal::poll_rcr);
}

bool BmanSwPortal::serve_mc()
{
	return under_soc_lock(&BmanSwPortal::poll_mc);
}

bool BmanSwPortal::poll_mc()
{
	void *ce = ce_.get();
	auto *cr = hw::area_at<bm::McCommand>(ce, bm::ce::kCr);
	const uint8_t verb = hw::load_verb(cr);
	if (!posted(verb, mc_vbit_))
		return false;
	if (!ce_shadow_.visible(cr)) [[unlikely]]
		faults_.unflushed_entry++;
	const uint8_t bpid = cr->bpid;
	alignas(64) uint8_t res[64] = {};
	uint8_t rverb;
	switch (verb & bm::mcc_verb::kCmdMask) {
	case bm::mcc_verb::kCmdAcquire: {
		const unsigned want = verb & bm::mcc_verb::kAcquireCountMask;
		if (want == 0 || want > bm::kMaxBufs) {
			faults_.bad_mc_verb++;
			rverb = bm::mcc_verb::kCmdErrInvalid;
			break;
		}
		uint64_t bufs[bm::kMaxBufs];
		const unsigned got = bman_.acquire(bpid, bufs, want);
		auto *a = reinterpret_cast<bm::McrAcquire *>(res);
		for (unsigned i = 0; i < got; i++) {
			a->bufs[i].bpid_raw.store(bpid);
			a->bufs[i].set_addr(bufs[i]);
		}
		rverb = static_cast<uint8_t>(bm::mcc_verb::kCmdAcquire | got);
		break;
	}
	case bm::mcc_verb::kCmdQuery: {
		auto *q = reinterpret_cast<bm::McrQuery *>(res);
		bman_.query(q->as, q->ds);
		rverb = bm::mcc_verb::kCmdQuery;
		break;
	}
	default:
		faults_.bad_mc_verb++;
		rverb = bm::mcc_verb::kCmdErrInvalid;
		break;
	}
	void *rr = hw::area_at<void>(ce, mc_rridx_ ? bm::ce::kRr1 : bm::ce::kRr0);
	void *other = hw::area_at<void>(ce, mc_rridx_ ? bm::ce::kRr0 : bm::ce::kRr1);
	hw::store_verb(other, 0);
	copy_body(rr, res);
	hw::store_verb(rr, static_cast<uint8_t>(rverb | (mc_rridx_ ? 0x80 : 0)));
	mc_vbit_ ^= hw::kVbit;
	mc_rridx_ ^= 1;
	return true;
}

} // namespace dpaa::model
