/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan software-portal driver: what runs on a core that owns a portal. It
// only touches the portal's CE and CI memory, through dpaa_hw's portal-access
// contract (portal_access.hpp: the barriers and the CE cache maintenance), so
// the same code drives the silicon and the model.
//
// Modes programmed by init(): EQCR valid-bit production (QCSP_CFG::EPM = pvb),
// DQRR max fill 15, DQRR consumption by DQRR_CI writes (CCI) or by DCAP (CDC),
// MR consumed by MR_CI writes. Hot paths (enqueue, DQRR polling) are inline.
//
// Not thread-safe: a portal belongs to one thread at a time, like on silicon.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <span>

#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/ids.hpp"
#include "dpaa_hw/portal_access.hpp"
#include "dpaa_hw/qman_cgr.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_hw/ring.hpp"
#include "qbman/checking.hpp"
#include "qbman/hw_wait.hpp"
#include "qbman/model_hooks.hpp"

namespace dpaa::qbman
{

namespace qm = hw::qm;

struct QmanPortalConfig {
	void *ce;	     // cache-enabled area, 16 KiB
	void *ci;	     // cache-inhibited area, 16 KiB
	hw::Channel channel; // the portal's dedicated channel
	unsigned index;
	// SDQCR pool-channel bits the portal may dequeue from: on a board,
	// those the kernel granted in PORTAL_MAP.
	uint32_t pools = qm::sdqcr::kChannelsPoolMask;
};

enum class DqrrConsume : uint8_t {
	ci_register, // QCSP_CFG::DCM = CCI: write DQRR_CI after a batch
	dcap,	     // QCSP_CFG::DCM = CDC: write DCAP with the last entry consumed
};

// Parameters of INITFQ.
struct FqInit {
	hw::Channel dest{0};
	uint8_t wq = 0;	      // work queue 0 (highest priority) .. 7
	uint16_t fq_ctrl = 0; // qm::fq_ctrl flags; kTde is added when td_thresh != 0
	uint64_t context_a = 0;
	uint32_t context_b = 0; // returned in each DQRR entry of the FQ
	uint32_t td_thresh = 0; // tail-drop threshold in bytes (rounded up), 0 = none
	int16_t cgid = -1;	// >= 0: count into this congestion group (FQ_CTRL::CGE)
	bool schedule = true;	// INITFQ_SCHED, else INITFQ_PARKED
};

// INITCGR: a congestion group that bounds what its FQs hold.
struct CgrInit {
	uint64_t threshold = 0; // CS_THRES, frames or bytes (rounded down)
	bool frame_mode = true; // MODE: count frames, else bytes
	bool tail_drop = true;	// CSTD: reject enqueues while congested
	bool notify_me = false; // CSCN to this portal (QCSP_ISR::CSCI)
};

// QUERYCGR.
struct CgrState {
	uint64_t threshold = 0;
	uint64_t count = 0; // I_CNT: frames or bytes its FQs hold
	bool frame_mode = false;
	bool tail_drop = false;
	bool congested = false;
	bool notifies_me = false; // this portal is a CSCN target
};

// QUERYFQ: the programmable fields.
struct FqConfig {
	hw::Channel dest{0};
	uint8_t wq = 0;
	uint16_t fq_ctrl = 0;
	uint64_t context_a = 0;
	uint32_t context_b = 0;
	uint32_t td_thresh = 0;
};

// QUERYFQ_NP: the non-programmable fields.
struct FqNp {
	qm::FqState state = qm::FqState::oos;
	bool retire_pending = false;
	uint32_t frames = 0;
	uint32_t bytes = 0;
};

class QmanPortal
{
public:
	static constexpr unsigned kDqrrMaxFill = 15;

	explicit QmanPortal(const QmanPortalConfig &cfg) noexcept;

	// Take the portal over: program the modes, align the driver's ring
	// cursors with the portal's indices, consume anything outstanding, and
	// stop static dequeues (SDQCR = 0).
	int init(DqrrConsume mode = DqrrConsume::ci_register) noexcept;
	void set_wait_hook(WaitHook h) noexcept { wait_ = h; }
	void set_eqcr_full_hook(EqcrFullHook h) noexcept { eqcr_full_ = h; }
	hw::Channel channel() const noexcept { return channel_; }
	unsigned index() const noexcept { return index_; }
	uint32_t pools() const noexcept { return pools_; }

	// ---------------------------------------------------------- enqueue

	// 0, or -EBUSY when the EQCR is full.
	int enqueue(hw::Fqid fqid, const hw::Fd &fd) noexcept
	{
		if (eqcr_avail_ == 0 && eqcr_update() == 0 && eqcr_full() == 0) [[unlikely]]
			return -EBUSY;
		put_eqcr(fqid, fd);
		return 0;
	}

	// Enqueues as many as fit; returns how many.
	unsigned enqueue_burst(hw::Fqid fqid, std::span<const hw::Fd> fds) noexcept
	{
		unsigned done = 0;
		while (done < fds.size()) {
			if (eqcr_avail_ == 0 && eqcr_update() == 0 && eqcr_full() == 0)
				break;
			put_eqcr(fqid, fds[done]);
			done++;
		}
		return done;
	}

	// Re-read the EQCR consumer index; returns the free entries.
	unsigned eqcr_update() noexcept
	{
		const unsigned ci = hw::reg_read(ci_, qm::ci::kEqcrCi) & (qm::kEqcrSize - 1);
		const unsigned fill =
			hw::RingCursor<qm::kEqcrSize>::distance(ci, eqcr_.cursor().idx());
		eqcr_avail_ = qm::kEqcrSize - 1 - fill;
		return eqcr_avail_;
	}

	// ---------------------------------------------------------- dequeue

	// The next DQRR entry, or nullptr if the portal has produced none.
	const qm::DqrrEntry *dqrr_current() const noexcept { return dqrr_.current(); }

	// Done with the current entry; it is consumed at the next dqrr_consume().
	void dqrr_next() noexcept
	{
		const qm::DqrrEntry *e = dqrr_.at(dqrr_.cursor().idx());
		if (e->stat & qm::dqrr_stat::kDqcrExpired) [[unlikely]]
			vdq_busy_ = false;
		dqrr_.next();
		dqrr_unacked_++;
	}

	// Hand the entries passed with dqrr_next() back to the portal.
	void dqrr_consume() noexcept
	{
		if (dqrr_unacked_ == 0)
			return;
		const unsigned idx = dqrr_.cursor().idx();
		if (consume_ == DqrrConsume::ci_register)
			hw::reg_write(ci_, qm::ci::kDqrrCi, idx);
		else // DCAP, single-entry form, naming the last entry consumed
			hw::reg_write(ci_, qm::ci::kDqrrDcap, (idx - 1) & qm::dcap::kIdxMask);
		dqrr_unacked_ = 0;
	}

	// Copy the FDs of up to 'max' frames of FQ fqid, in ring order, into
	// fds and pass their entries (consumed at the next dqrr_consume()).
	// Entries without a frame are passed; a frame of another FQ goes to
	// foreign(const DqrrEntry&), which passes it by returning true or stops
	// the walk, before that entry, by returning false. Returns the FDs copied.
	// The walk keeps the ring's cursor and base in registers and stores the
	// cursor once: with dqrr_next() the compiler reloads both after every
	// FD copied (fds may alias the portal, as far as it knows).
	template <typename F>
	unsigned dqrr_take_frames(hw::Fqid fqid, hw::Fd *fds, unsigned max, F &&foreign) noexcept
	{
		constexpr uint8_t kFrameOnly = qm::dqrr_stat::kValidFrame;
		constexpr uint8_t kLooked = kFrameOnly | qm::dqrr_stat::kDqcrExpired;
		const qm::DqrrEntry *const ring = dqrr_.at(0);
		const qm::DqrrEntry *e = ring + dqrr_.cursor().idx();
		uint8_t vbit = dqrr_.cursor().vbit();
		// fqid_raw's reserved top byte is not compared.
		const uint32_t fqid_be = hw::to_be(fqid.value & qm::kFqidMask);
		const uint32_t fqid_mask_be = hw::to_be(qm::kFqidMask);
		hw::Fd *out = fds;
		hw::Fd *const out_end = fds + max;
		unsigned passed = 0;
		while (out < out_end) {
			if (!hw::entry_valid(e, vbit))
				break;
			const uint8_t stat = e->stat;
			uint32_t fqid_raw;
			memcpy(&fqid_raw, &e->fqid_raw, sizeof(fqid_raw));
			const bool mine = (fqid_raw & fqid_mask_be) == fqid_be;
			if ((stat & kLooked) == kFrameOnly && mine) [[likely]] {
				*out++ = e->fd;
			} else {
				if (stat & qm::dqrr_stat::kValidFrame) {
					if (mine)
						*out++ = e->fd;
					else if (!foreign(*e))
						break;
				}
				if (stat & qm::dqrr_stat::kDqcrExpired)
					vdq_busy_ = false;
			}
			passed++;
			if (++e == ring + qm::kDqrrSize) {
				e = ring;
				vbit ^= hw::kVbit;
			}
		}
		const auto idx = static_cast<uint32_t>(e - ring);
		dqrr_.seek(
			hw::RingCursor<qm::kDqrrSize>::from_reg(idx | (vbit ? qm::kDqrrSize : 0u)));
		dqrr_unacked_ += passed;
		return static_cast<unsigned>(out - fds);
	}

	// Call f(const DqrrEntry&) for up to 'limit' entries, then consume them.
	template <typename F> unsigned poll_dqrr(unsigned limit, F &&f) noexcept
	{
		unsigned n = 0;
		while (n < limit) {
			const qm::DqrrEntry *e = dqrr_.current();
			if (e == nullptr)
				break;
			// The next entry's line, one step ahead of its turn.
			__builtin_prefetch(
				dqrr_.at((dqrr_.cursor().idx() + 1) & (qm::kDqrrSize - 1)));
			f(*e);
			dqrr_next();
			n++;
		}
		dqrr_consume();
		return n;
	}

	// Static dequeue: SDQCR as is (see qm::sdqcr), or built from a channel mask.
	void set_sdqcr(uint32_t v) noexcept { hw::reg_write(ci_, qm::ci::kSdqcr, v); }
	void static_dequeue(uint32_t channels, uint8_t token = 0, bool upto3 = true) noexcept
	{
		set_sdqcr(channels ? (channels | qm::sdqcr::kTypePrioQos | qm::sdqcr::token(token) |
				      (upto3 ? qm::sdqcr::kCountUpto3 : 0))
				   : 0);
	}

	// Volatile dequeue of up to n frames (1..63; 0 = until the FQ is empty)
	// of one FQ. -EBUSY while the previous one has not expired.
	int volatile_dequeue(hw::Fqid fqid, unsigned n, bool exact) noexcept;
	bool vdqcr_busy() const noexcept { return vdq_busy_; }

	// ---------------------------------------------------------- message ring

	const qm::MrEntry *mr_current() const noexcept { return mr_.current(); }
	void mr_next() noexcept { mr_.next(); }
	void mr_consume() noexcept { hw::reg_write(ci_, qm::ci::kMrCi, mr_.cursor().idx()); }
	template <typename F> unsigned poll_mr(F &&f) noexcept
	{
		unsigned n = 0;
		while (const qm::MrEntry *e = mr_.current()) {
			f(*e);
			mr_.next();
			n++;
		}
		if (n)
			mr_consume();
		return n;
	}

	// ---------------------------------------------------------- management

	int init_fq(hw::Fqid fqid, const FqInit &p) noexcept;
	int schedule_fq(hw::Fqid fqid) noexcept;
	// 0: retired now; -EINPROGRESS: frames of the FQ are in a DQRR, an FQRN
	// on this portal's MR will say when retirement completes. *fqs gets
	// qm::fqs::kNotEmpty if the retired FQ still holds frames.
	int retire_fq(hw::Fqid fqid, uint8_t *fqs = nullptr) noexcept;
	// Out of service; the FQ must be retired and empty (-ENOTEMPTY otherwise).
	int oos_fq(hw::Fqid fqid) noexcept;
	int query_fq(hw::Fqid fqid, FqConfig &out) noexcept;
	int query_fq_np(hw::Fqid fqid, FqNp &out) noexcept;
	// Congestion groups (0..255).
	int init_cgr(uint8_t cgid, const CgrInit &p) noexcept;
	int set_cgr_threshold(uint8_t cgid, uint64_t threshold) noexcept; // MODIFYCGR
	int query_cgr(uint8_t cgid, CgrState &out) noexcept;
	// QUERYCONGESTION: bit 31 - (n % 32) of word n / 32 is CGR n's state.
	int query_congestion(uint32_t (&state)[8]) noexcept;

	// ---------------------------------------------------------- interrupts

	uint32_t isr() const noexcept { return hw::reg_read(ci_, qm::ci::kIsr); }
	// QCSP_ISR is write-one-to-clear.
	void isr_clear(uint32_t bits) noexcept { hw::reg_write(ci_, qm::ci::kIsr, bits); }
	void set_interrupt_enable(uint32_t bits) noexcept
	{
		hw::reg_write(ci_, qm::ci::kIer, bits);
	}

private:
	// The EQCR is full by EQCR_CI: the free entries once the hook has had
	// QMan consume it, 0 without a hook (a board: one predictable test, on
	// the full-ring path only; nothing at all in a board-only build).
	unsigned eqcr_full() noexcept
	{
		if constexpr (!kModelHooks)
			return 0;
		if (eqcr_full_.fn == nullptr)
			return 0;
		return eqcr_full_call();
	}
	[[gnu::noinline]] unsigned eqcr_full_call() noexcept;

	void put_eqcr(hw::Fqid fqid, const hw::Fd &fd) noexcept
	{
		qm::EqcrEntry *e = eqcr_.start();
		e->dca = 0;
		e->seqnum.store(0);
		e->orp.store(0);
		e->set_fqid(fqid.value);
		e->tag.store(0);
		e->fd = fd;
		eqcr_.commit(qm::eqcr_verb::kCmdEnqueue);
		eqcr_avail_--;
	}

	qm::McCommand *mc_start() noexcept;
	// Commit the command and wait for its response; nullptr on timeout.
	const qm::McResult *mc_commit(uint8_t verb) noexcept;
	int fq_command(uint8_t verb, hw::Fqid fqid, const qm::McResult *&res) noexcept;
	int alter(uint8_t verb, hw::Fqid fqid, uint8_t *fqs) noexcept;

	void *ce_;
	void *ci_;
	hw::Channel channel_;
	unsigned index_;
	uint32_t pools_;
	DqrrConsume consume_ = DqrrConsume::ci_register;

	hw::Ring<qm::EqcrEntry, qm::kEqcrSize> eqcr_;
	unsigned eqcr_avail_ = 0;
	hw::Ring<qm::DqrrEntry, qm::kDqrrSize> dqrr_;
	unsigned dqrr_unacked_ = 0;
	bool vdq_busy_ = false;
	hw::Ring<qm::MrEntry, qm::kMrSize> mr_;

	uint8_t mc_vbit_ = hw::kVbit;
	unsigned mc_rridx_ = 1;
	bool mc_pending_ = false; // a timed-out command whose response is still due
	WaitHook wait_{};
	EqcrFullHook eqcr_full_{};
};

// Negative errno for a management-command result code.
int qman_result_errno(uint8_t result) noexcept;

} // namespace dpaa::qbman
