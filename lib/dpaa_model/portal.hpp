/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Software-portal front ends of the modelled QMan and BMan. Each owns the
// portal's cache-enabled (CE) and cache-inhibited (CI) memory, 16 KiB each,
// and serves it by polling, the way the silicon sees the driver's writes; it
// is the portal's side of dpaa_hw/portal_access.hpp (its rings are
// DeviceRings: no cache to maintain, release and acquire on the verbs):
//  - EQCR/RCR in valid-bit mode: the model reads the verb of the next entry
//    (acquire) and processes the entry when its valid bit has the expected
//    polarity, then publishes the consumer index in the CI register;
//  - DQRR/MR: the model writes the entry body, then the verb with the valid
//    bit (release), then the producer-index register;
//  - consumption: DQRR_CI written by the driver (CCI mode) or DCAP (CDC
//    mode); MR_CI written by the driver;
//  - management command: the CR verb is polled for the expected valid bit,
//    the response goes to RR0/RR1 alternately, the other RR's verb reads 0.
//
// QCSP_ISR is kept as a level: DQRI while the DQRR holds entries software has
// not consumed, MRI likewise for the MR. Software's write-one-to-clear is
// thereby honoured whenever the condition has gone (and reasserted when not).
// CSCI (a congestion group's state changed) is an event, latched until
// software clears it (see raise_csci).
//
// Registers whose write is a command (VDQCR, DCAP) are latched by the model
// with an atomic exchange, so in threaded mode a command is taken exactly
// once. Both DCAP forms are taken in ring order: the single-entry form as
// "consumed up to and including this index", the bitmask form (S=1) as
// "consumed up to and including the furthest entry the mask names" (see
// consume_dqrr_mask). Drivers consume in order (ours with the single-entry
// form, upstream DPDK with one mask per poll), so two DCAP writes the model
// has not yet seen merge into the later one instead of being lost. An empty
// mask that overwrites a pending one delays that consumption to the next
// non-empty write; a platform that traps DCAP writes one by one (rather than
// sharing the page as memory) never merges them.
//
// The EQCR is consumed in two halves: taking entries off the ring (which
// publishes EQCR_CI) and enqueuing them to their FQs. poll() does both under
// the model's lock; drain_eqcr() takes entries, on whatever thread calls it,
// under the EQCR's own spin lock, into a staging queue that the next poll()
// enqueues from first. So a driver that finds its EQCR full gets it consumed
// at once, as silicon would, whatever the model's thread is doing (running a
// long step, or not getting a CPU), unless that thread is itself in the
// middle of taking entries: each side holds the EQCR's lock for a few entry
// copies only, and the driver never waits for it. Silicon's QMan takes every
// entry into its FQs, which hold any number of frames: so when the staging
// queue is full too, drain_eqcr() enqueues it to the FQs itself, under the
// model's lock (set_soc_lock), which the model's thread hands over after its
// current step while a drain waits for it (up to kDrainWaitNs: a model
// stalled for longer leaves the ring full, as the tests that stall it
// expect).
//
// DQRR production never exceeds 15 outstanding entries and MR 7: the driver's
// CI writes carry no wrap bit, so a full ring could not be told from an empty
// one (the Linux driver programs DQRR max fill 15 for the same reason).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <mutex>

#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_hw/ring.hpp"
#include "dpaa_model/ce_shadow.hpp"
#include "dpaa_model/portal_memory.hpp"
#include "dpaa_model/qman.hpp"

namespace dpaa::model
{

class Bman;

namespace detail
{
// QCSP_CFG / BCSP_CFG of a portal whose memory could not be allocated: a
// register that reads 0, so that the portal is never polled.
inline constexpr uint32_t kNoCfg = 0;

// A portal's CFG register, as the portal's polls read it at every step
// (acquire, as reg_read()).
inline uint32_t load_cfg(const uint32_t *reg) noexcept
{
	return hw::from_be(__atomic_load_n(reg, __ATOMIC_ACQUIRE));
}

// How long a drain on a driver's thread waits for the model's lock.
inline constexpr uint64_t kDrainWaitNs = 2'000'000;

// The model's lock for a drain on a driver's thread: the count of waiters
// raised while waiting (the model's thread hands the lock over after its
// current step when it is not 0), up to kDrainWaitNs. true: held.
bool lock_for_drain(std::mutex &lock, std::atomic<unsigned> &waiters) noexcept;
} // namespace detail

// Driver misuse the model detected; tests assert these stay zero.
// What a QMan software portal stashed into its core's cache with the DQRR
// entries it produced, by the FQ's context A (FQ_CTRL::CTXA_STASHING): the
// lines of each frame's annotation, of its data and of its FQ's context.
// The model has no cache to put them in: it counts them, for tests to check
// what a board's core would find in its cache.
struct StashCounts {
	uint64_t entries = 0; // DQRR entries of stashing FQs
	uint64_t annotation_lines = 0;
	uint64_t data_lines = 0;
	uint64_t context_lines = 0;

	void add(uint64_t stashing, unsigned n) noexcept
	{
		namespace cs = hw::qm::ctx_a_stash;
		entries += n;
		annotation_lines += uint64_t{n} * cs::annotation_lines(stashing);
		data_lines += uint64_t{n} * cs::data_lines(stashing);
		context_lines += uint64_t{n} * cs::context_lines(stashing);
	}
};

struct PortalFaults {
	uint64_t bad_eqcr_verb = 0;
	uint64_t bad_mc_verb = 0;
	uint64_t bad_consume = 0; // consumed more DQRR/MR entries than produced
	uint64_t vdqcr_busy = 0;  // VDQCR written while a volatile command ran
	uint64_t bad_rcr_entry = 0;
	uint64_t bad_ccsr_write = 0; // BMan CCSR: a write to no register of the block
	// An EQCR/RCR entry or a command the portal took whose CE line the core
	// had written and not written back (checked when CeShadow tracks).
	uint64_t unflushed_entry = 0;
};

class QmanSwPortal
{
	using DqrrIds = decltype(Fq::dqrr_ids);

public:
	static constexpr unsigned kDqrrMaxFill = 15;
	static constexpr unsigned kMrMaxFill = 7;

	QmanSwPortal(Qman &qman, unsigned index);

	void *ce() const noexcept { return ce_.get(); }
	void *ci() const noexcept { return ci_.get(); }
	// The areas' memory files, for another process that drives the portal.
	int ce_fd() const noexcept { return ce_.fd(); }
	int ci_fd() const noexcept { return ci_.fd(); }
	bool valid() const noexcept { return ce_.get() && ci_.get(); }
	unsigned index() const noexcept { return index_; }
	uint16_t channel() const noexcept { return hw::qm::channel::sw_portal(index_); }
	const PortalFaults &faults() const noexcept { return faults_; }
	// The CE lines as the core's cache leaves them, in a checking build.
	CeShadow &ce_shadow() noexcept { return ce_shadow_; }
	const StashCounts &stashed() const noexcept { return stashed_; }

	// Power-on state: memory zeroed, index registers at "index 0, wrap set".
	void reset();
	// Commands software wrote: EQCR, management command, consumption, VDQCR.
	// A portal no driver has configured (QCSP_CFG still 0: EQCR in
	// PI-register production mode, which the model does not serve) is not
	// polled: the SoC's step looks at each portal's QCSP_CFG only.
	bool poll()
	{
		const uint32_t cfg = detail::load_cfg(cfg_reg_);
		return cfg != 0 && poll_configured(cfg);
	}
	bool configured() const noexcept { return detail::load_cfg(cfg_reg_) != 0; }
	// DQRR production from the portal's volatile and static dequeues.
	bool produce()
	{
		const uint32_t cfg = detail::load_cfg(cfg_reg_);
		return cfg != 0 && produce_configured(cfg);
	}
	// poll() and produce() of a step that has read QCSP_CFG already (not
	// 0, as cpu order), from cfg_reg().
	bool poll_configured(uint32_t cfg);
	bool produce_configured(uint32_t cfg);
	const uint32_t *cfg_reg() const noexcept { return cfg_reg_; }
	// Take what the EQCR holds off the ring and publish EQCR_CI; the next
	// poll() enqueues it. Any thread, without the model's lock; when the
	// staging queue is full, the entries go to their FQs under the model's
	// lock, waited for up to kDrainWaitNs (false if the EQCR is being
	// consumed right now, held nothing, or the lock did not come). See
	// Soc::drain_eqcr.
	bool drain_eqcr();
	static constexpr uint64_t kDrainWaitNs = detail::kDrainWaitNs;
	// The model's lock, and the count of drains waiting for it, which the
	// model's thread reads between steps (Soc::thread_main). Unset: a full
	// staging queue waits for the next poll().
	void set_soc_lock(std::mutex *lock, std::atomic<unsigned> *waiters) noexcept
	{
		soc_lock_ = lock;
		soc_waiters_ = waiters;
	}
	// Entries taken off the EQCR and not yet enqueued at most.
	static constexpr unsigned kEqcrStaged = 64;
	// A DCAP write as one bus transaction, for a platform that traps the
	// driver's stores to the CI area instead of sharing it as memory: the
	// writes are queued and taken in order by poll(), none merged. Called
	// by the portal's one driver thread; waits (yielding) only while
	// kDcapQueued writes are still untaken.
	void post_dcap(uint32_t value) noexcept;
	static constexpr unsigned kDcapQueued = 64;
	// After a consumption (post_dcap(), or a store to DQRR_CI): take it
	// and refill the DQRR from the portal's channels, on the calling
	// thread under the model's lock (waited for up to kDrainWaitNs):
	// silicon's QMan refills a DQRR within well under a microsecond of a
	// consumption, and a driver polling again right away finds the frames
	// its FQs hold, whatever the model's thread is doing (or, under
	// valgrind, not yet allowed to do). Without the lock the consumption
	// stays for the model's thread.
	void refill_dqrr() noexcept;

	// --- used by Qman while producing
	struct VolatileCmd {
		bool active = false;
		bool exact = false;
		uint32_t fqid = 0;
		unsigned requested = 0; // VDQCR::NUMFRAMES; 0 = until the FQ is empty
		unsigned taken = 0;
	};
	VolatileCmd &vdq() noexcept { return vdq_; }
	uint32_t sdqcr() const noexcept;
	unsigned &sdq_rr() noexcept { return sdq_rr_; }
	// Write one DQRR entry; fd may be null (expiry without a frame).
	void dqrr_put(Fq *fq, uint32_t fqid, const hw::Fd *fd, uint8_t stat, uint8_t tok);
	// dqrr_put() of the 'n' oldest frames of 'fq' (n <= its frames), the
	// static dequeue's: each entry's body with plain stores, then its verb
	// with release (as commit()); 'stat' gains FQ_EMPTY on the entry that
	// empties the FQ. The frames leave the FQ's ring; its byte count and
	// its CGR's are the caller's, with the bytes this returns.
	uint64_t dqrr_put_frames(Fq &fq, unsigned n, uint8_t stat, uint8_t tok) noexcept
	{
		// The model's own state in locals and first: the entries' fields
		// are bytes, and a store to them could alias anything read after.
		const FqFrames::Front src = fq.frames.front_view();
		const bool empties = n == fq.frames.size();
		fq.frames.pop_front(n);
		const uint16_t seq0 = fq.seqnum;
		fq.seqnum = static_cast<uint16_t>(seq0 + n);
		fq.dqrr_refs += n;
		dqrr_fill_ += n;
		note_dqrr(&fq, n);
		if (fq.stashing != 0)
			stashed_.add(fq.stashing, n);
		const DqrrIds ids = fq.dqrr_ids;
		hw::qm::DqrrEntry *const base = dqrr_.at(0);
		auto cur = dqrr_.cursor();
		uint64_t bytes = 0;
		for (unsigned i = 0; i < n; i++) {
			hw::qm::DqrrEntry *e = base + cur.idx();
			e->stat = (empties && i + 1 == n)
					  ? static_cast<uint8_t>(stat | hw::qm::dqrr_stat::kFqEmpty)
					  : stat;
			e->seqnum.store(static_cast<uint16_t>((seq0 + i) & 0x7fff));
			e->tok = tok;
			static_assert(sizeof(ids) == 8 &&
				      offsetof(hw::qm::DqrrEntry, context_b_raw) ==
					      offsetof(hw::qm::DqrrEntry, fqid_raw) + 4);
			std::memcpy(&e->fqid_raw, &ids, sizeof(ids));
			e->fd = src.fd(i);
			bytes += src.len(i);
			hw::store_verb(e, static_cast<uint8_t>(hw::qm::dqrr_verb::kFrameDequeue |
							       cur.vbit()));
			cur.advance();
		}
		dqrr_.seek(cur);
		return bytes;
	}
	void mr_post(const hw::qm::MrEntry &e);
	// A congestion group targeting this portal changed state (CSCN):
	// QCSP_ISR::CSCI is set until software clears it. ISR is write-one-to-
	// clear, and shared memory shows the model a write only when it changes
	// the word: so CSCI is also taken as cleared when this portal runs
	// QUERYCONGESTION, which is what software does on CSCI (csci_taken).
	void raise_csci() noexcept;
	void csci_taken() noexcept { csci_ = false; }
	unsigned dqrr_fill() const noexcept { return dqrr_fill_; }

	// Interrupt line of the portal: called (from the model's thread, with
	// the model's lock held) when the line rises, i.e. when some QCSP_ISR
	// bit is set and enabled in QCSP_IER while QCSP_IIR is clear, whichever
	// of the three changed: DQRI when the DQRR receives entries, or when
	// software enables DQRI while the DQRR holds some. A platform layer
	// signals an eventfd from it.
	using IrqHook = void (*)(void *arg, uint32_t isr);
	void set_irq_hook(IrqHook fn, void *arg) noexcept
	{
		irq_fn_ = fn;
		irq_arg_ = arg;
	}

private:
	bool poll_eqcr(bool cdc);
	bool eqcr_try_lock() noexcept;
	void eqcr_lock() noexcept;
	void eqcr_unlock() noexcept;
	bool eqcr_ring_pending() const noexcept;
	// An EQCR entry as QMan keeps it once taken off the ring: its first 32
	// bytes, the fields up to and including the FD (the rest is reserved).
	struct TakenEntry {
		uint8_t verb;
		uint8_t dca;
		hw::be16 seqnum;
		hw::be32 orp;
		hw::be32 fqid_raw;
		hw::be32 tag;
		hw::Fd fd;
		uint32_t fqid() const noexcept { return fqid_raw.load() & hw::qm::kFqidMask; }
	};
	static_assert(sizeof(TakenEntry) == 32 &&
		      offsetof(TakenEntry, fd) == offsetof(hw::qm::EqcrEntry, fd));
	unsigned take_eqcr_locked();
	void publish_eqcr_ci_locked();
	unsigned enqueue_staged(bool cdc);
	bool poll_mc(bool cdc);
	bool poll_dqrr_consumption(bool cdc);
	bool poll_vdqcr();
	bool flush_mr();
	void consume_dqrr_to(unsigned new_ci);
	void consume_dqrr_mask(uint32_t mask);
	void take_dcap(uint32_t v);
	void post_ern(const TakenEntry &e, uint8_t rc);
	void update_isr() noexcept;

	Qman &qman_;
	unsigned index_;
	PortalMemory ce_;
	PortalMemory ci_;
	const uint32_t *cfg_reg_; // QCSP_CFG in ci_, or detail::kNoCfg

	// The EQCR's consumer side, under eqcr_busy_: its cursor, EQCR_CI, the
	// staging queue's tail. eqcr_pos_ is also read without it.
	std::atomic<bool> eqcr_busy_{false};
	std::mutex *soc_lock_ = nullptr;
	std::atomic<unsigned> *soc_waiters_ = nullptr;
	bool enqueue_staged_under_soc_lock(uint32_t cfg);
	hw::DeviceRing<hw::qm::EqcrEntry, hw::qm::kEqcrSize> eqcr_;
	std::atomic<uint32_t> eqcr_pos_{0}; // eqcr_'s cursor, as EQCR_CI
	std::array<TakenEntry, kEqcrStaged> staged_;
	std::atomic<uint32_t> staged_head_{0}; // next to enqueue (the model's poll)
	std::atomic<uint32_t> staged_tail_{0}; // next to fill (under eqcr_busy_)
	// post_dcap()'s queue: one producer (the driver), one consumer (poll).
	std::array<uint32_t, kDcapQueued> dcap_queue_{};
	std::atomic<uint32_t> dcap_head_{0};
	std::atomic<uint32_t> dcap_tail_{0};
	hw::DeviceRing<hw::qm::DqrrEntry, hw::qm::kDqrrSize> dqrr_;
	hw::DeviceRing<hw::qm::MrEntry, hw::qm::kMrSize> mr_;
	unsigned dqrr_ci_ = 0;	 // consumer index as last seen
	unsigned dqrr_fill_ = 0; // produced, not consumed
	// The FQ of each outstanding DQRR entry (nullptr: an entry without a
	// frame), as runs of entries of one FQ, oldest first: a burst off one
	// FQ is one run, produced and given back at once. At most one run per
	// entry, so the ring of runs never overflows.
	struct DqrrRun {
		Fq *fq;
		unsigned n;
	};
	std::array<DqrrRun, hw::qm::kDqrrSize> dqrr_runs_{};
	unsigned run_head_ = 0, run_count_ = 0;
	void note_dqrr(Fq *fq, unsigned n) noexcept
	{
		constexpr unsigned kMask = hw::qm::kDqrrSize - 1;
		if (run_count_ != 0) {
			DqrrRun &last = dqrr_runs_[(run_head_ + run_count_ - 1) & kMask];
			if (last.fq == fq) {
				last.n += n;
				return;
			}
		}
		dqrr_runs_[(run_head_ + run_count_++) & kMask] = {fq, n};
	}
	unsigned mr_ci_ = 0;
	unsigned mr_fill_ = 0;
	std::deque<hw::qm::MrEntry> mr_backlog_; // messages waiting for MR room
	uint8_t mc_vbit_ = hw::kVbit;
	unsigned mc_rridx_ = 1;
	VolatileCmd vdq_;
	unsigned sdq_rr_ = 0;
	PortalFaults faults_;
	StashCounts stashed_;
	CeShadow ce_shadow_;
	IrqHook irq_fn_ = nullptr;
	void *irq_arg_ = nullptr;
	bool irq_line_ = false;	 // the interrupt line as of the last poll
	bool csci_ = false;	 // QCSP_ISR::CSCI latched
	uint32_t isr_shown_ = 0; // QCSP_ISR as the model last wrote it
};

class BmanSwPortal
{
public:
	BmanSwPortal(Bman &bman, unsigned index);

	void *ce() const noexcept { return ce_.get(); }
	void *ci() const noexcept { return ci_.get(); }
	// The areas' memory files, for another process that drives the portal.
	int ce_fd() const noexcept { return ce_.fd(); }
	int ci_fd() const noexcept { return ci_.fd(); }
	bool valid() const noexcept { return ce_.get() && ci_.get(); }
	unsigned index() const noexcept { return index_; }
	const PortalFaults &faults() const noexcept { return faults_; }
	// The CE lines as the core's cache leaves them, in a checking build.
	CeShadow &ce_shadow() noexcept { return ce_shadow_; }

	void reset();
	// Likewise for BCSP_CFG (RPM 0: PI-register production).
	bool poll() { return detail::load_cfg(cfg_reg_) != 0 && poll_configured(); }
	bool configured() const noexcept { return detail::load_cfg(cfg_reg_) != 0; }
	// poll() of a step that found BCSP_CFG not 0 in cfg_reg().
	bool poll_configured();
	const uint32_t *cfg_reg() const noexcept { return cfg_reg_; }
	// Take what the RCR holds into the pools and publish RCR_CI, on the
	// calling thread, under the model's lock (waited for up to
	// kDrainWaitNs): silicon's BMan takes a release within well under a
	// microsecond, and a driver that reads RCR_CI to find room expects it
	// taken whatever the model's thread is doing. false if the portal is
	// not configured, the ring held nothing, or the lock did not come.
	bool drain_rcr();
	// Answer the management command the driver has just posted, on the
	// calling thread, under the model's lock likewise: silicon's BMan
	// answers within well under a microsecond, and a driver that polls
	// the response through a trapped line would otherwise trap once per
	// poll until the model's thread runs. false if nothing was posted or
	// the lock did not come (the model's thread answers then).
	bool serve_mc();
	void set_soc_lock(std::mutex *lock, std::atomic<unsigned> *waiters) noexcept
	{
		soc_lock_ = lock;
		soc_waiters_ = waiters;
	}

private:
	bool poll_rcr();
	bool poll_mc();
	// One of the polls above on the calling thread, under the model's lock.
	bool under_soc_lock(bool (BmanSwPortal::*poll)());

	Bman &bman_;
	unsigned index_;
	PortalMemory ce_;
	PortalMemory ci_;
	const uint32_t *cfg_reg_; // BCSP_CFG in ci_, or detail::kNoCfg
	hw::DeviceRing<hw::bm::RcrEntry, hw::bm::kRcrSize> rcr_;
	uint8_t mc_vbit_ = hw::kVbit;
	unsigned mc_rridx_ = 1;
	PortalFaults faults_;
	CeShadow ce_shadow_;
	std::mutex *soc_lock_ = nullptr;
	std::atomic<unsigned> *soc_waiters_ = nullptr;
};

} // namespace dpaa::model
