/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QMan block: frame queues (FQs) and their states, work queues and
// channels, and the scheduling of FQs onto software portals' DQRRs and onto
// consumers inside the SoC (FMan Tx ports). The software-portal front ends
// (portal.hpp) turn ring and register traffic into calls on this class.
//
// Congestion groups (dpaa_hw/qman_cgr.hpp): INITCGR, MODIFYCGR, QUERYCGR,
// QUERYCONGESTION; FQs with CGE count frames and bytes into their CGR, a CGR
// whose count (in its MODE) exceeds CS_THRES is congested, CSTD rejects
// enqueues to its FQs (ERN rc CGR_TAILDROP), CSCN raises QCSP_ISR::CSCI on
// the software portals its target mask names at each change of state.
//
// Not modelled: order restoration, WRED (its fields are stored and
// reported, the average count reads 0), CSCN to direct-connect portals,
// CGRTESTWRITE, weighted
// scheduling between WQs 2..7 (all eight WQs of a channel are served in strict
// priority order, FQs of one WQ round-robin), held-active and
// avoid-blocking semantics (the FQ_CTRL bits are stored and reported).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <memory>

#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/qman_cgr.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/fq_frames.hpp"

namespace dpaa::model
{

class QmanSwPortal;

// A consumer of frames inside the SoC, attached to a channel (FMan Tx ports).
class ChannelConsumer
{
public:
	// Take one frame of FQ 'fqid'. Returning false means "busy, offer it
	// again later": the frame stays at the head of its FQ. Called by the
	// Qman in the middle of a visit, whose frames leave the FQ's counts
	// when it ends: deliver() does not call back into the Qman.
	virtual bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t context_b,
			     uint64_t context_a) = 0;

protected:
	~ChannelConsumer() = default;
};

// Result of an enqueue, as the silicon would report it (an ERN on the
// enqueuing portal's MR for the rejections).
enum class EnqueueStatus : uint8_t {
	ok,
	rejected,      // FQ out of service or FQID invalid: ERN rc = ERROR
	tail_drop,     // FQ tail-drop threshold exceeded: ERN rc = FQ_TAILDROP
	cgr_tail_drop, // the FQ's congestion group is congested, CSTD: rc = CGR_TAILDROP
};

// A congestion group: its fields as software wrote them, and what its FQs
// hold.
struct Cgr {
	hw::qm::CgrFields f{}; // as written (f.cs unused: see congested)
	uint16_t targ_swp = 0; // CSCN targets: software portal n at bit n
	uint64_t frames = 0;   // held by its FQs
	uint64_t bytes = 0;
	bool congested = false; // CS
	uint64_t taildrops = 0; // enqueues CSTD rejected
	// f.cs_thres decoded, f.mode and f.cstd_en as flags: set by INITCGR and
	// MODIFYCGR, read at every enqueue and dequeue.
	uint64_t thres = 0;
	bool frame_mode = false;
	bool cstd = false;

	uint64_t count() const noexcept { return frame_mode ? frames : bytes; }
};

struct Fq {
	uint32_t fqid = 0;
	hw::qm::FqState state = hw::qm::FqState::oos;
	uint16_t channel = 0;
	uint8_t chan_slot = 0; // Qman::channel_slot(channel)
	uint8_t wq = 0;
	uint8_t cgid = 0;
	uint8_t orpc = 0;
	uint16_t fq_ctrl = 0;
	uint16_t ics_cred = 0;
	uint16_t td_raw = 0;
	uint32_t context_b = 0;
	uint64_t context_a = 0;
	// Context A when FQ_CTRL::CTXA_STASHING is set, else 0: what the
	// portals that dequeue the FQ stash with each entry (ctx_a_stash).
	uint64_t stashing = 0;

	FqFrames frames;
	uint64_t byte_cnt = 0;
	uint16_t seqnum = 0;
	// What INITFQ set, decoded for the enqueue path: the byte count above
	// which an enqueue is tail-dropped (FQ_CTRL::TDE with a TD_THRESH; no
	// limit otherwise), and the CGR the FQ counts into (FQ_CTRL::CGE).
	uint64_t td_limit = std::numeric_limits<uint64_t>::max();
	Cgr *cgr = nullptr;
	// Bytes 8..15 of its DQRR entries, FQID and CONTEXT_B, as stored.
	struct DqrrIds {
		hw::be32 fqid;
		hw::be32 context_b;
	} dqrr_ids{};

	uint64_t taildrops = 0; // frames refused by tail drop (FQ threshold or CGR)
	uint64_t rejects = 0;	// frames refused because the FQ was out of service

	bool in_wq = false;	// linked into its channel's work queue
	Fq *wq_next = nullptr;	// work-queue link
	unsigned dqrr_refs = 0; // DQRR entries of this FQ not yet consumed
	int retire_portal = -1; // >= 0: retirement pending, FQRN goes there

	// A bit per software portal that has issued a volatile dequeue of it.
	uint16_t vdq_portals = 0;
	bool scheduled() const noexcept
	{
		using S = hw::qm::FqState;
		return state == S::tentatively_scheduled || state == S::truly_scheduled ||
		       state == S::active;
	}
};

// Snapshot of an FQ for tests and the platform layer.
struct FqInfo {
	hw::qm::FqState state;
	uint32_t frames;
	uint64_t bytes;
	uint64_t taildrops;
	uint64_t rejects;
	bool retire_pending;
};

class Qman
{
public:
	static constexpr unsigned kNumPortals = 10;
	static constexpr unsigned kNumWqs = 8;
	// Channels that exist, in the LS104x numbering (hw::qm::channel): the
	// portals' dedicated ones, 15 pool channels, one FMan's 16 direct-connect
	// ones. Their numbers are sparse (0..9, 0x401.., 0x800..), so the table
	// is dense over what exists, and channel_slot() maps a number into it.
	static constexpr unsigned kNumChannels =
		kNumPortals + hw::qm::channel::kNumPools + hw::qm::channel::kFmanChannels;
	// Index of channel 'ch' in the table, or -1 if the SoC has no such channel.
	static int channel_slot(uint16_t ch) noexcept;

	Qman();
	~Qman();
	Qman(const Qman &) = delete;
	Qman &operator=(const Qman &) = delete;

	// Enqueue from a block inside the SoC (FMan Rx), or from a portal's EQCR.
	EnqueueStatus enqueue(uint32_t fqid, const hw::Fd &fd);
	// The same, inline, for the EQCR's consumption loop (the rare outcomes
	// out of line): a call per frame there costs as much as the enqueue.
	// 'fq' is find(fqid).
	EnqueueStatus enqueue_inline(Fq *fq, const hw::Fd &fd)
	{
		if (fq == nullptr || fq->state == hw::qm::FqState::oos) [[unlikely]]
			return reject(fq);
		const uint32_t len = fd_bytes(fd);
		// FQ tail drop compares the FQ's byte count with TD_THRESH.
		if (fq->byte_cnt + len > fq->td_limit) [[unlikely]]
			return tail_drop(*fq, nullptr);
		Cgr *cg = fq->cgr;
		if (cg != nullptr && cg->congested && cg->cstd) [[unlikely]]
			return tail_drop(*fq, cg);
		// Most enqueues find the FQ linked already (it holds frames), room
		// in its ring and its CGR (if any) staying in its state: they make
		// no call, so that the enqueue needs no registers saved.
		if (fq->frames.full() || !fq->in_wq ||
		    (cg != nullptr && cgr_would_change(*cg, 1, len))) [[unlikely]]
			return enqueue_slow(*fq, fd, len);
		fq->frames.push_back(fd, len);
		fq->byte_cnt += len;
		if (cg != nullptr) {
			cg->frames++;
			cg->bytes += len;
		}
		return EnqueueStatus::ok;
	}
	// Whether an enqueue to 'fq' is bound to be the push of its frame and
	// nothing else: in service, linked into its WQ, without a tail-drop
	// threshold or a CGR. Enqueues to it keep it so.
	static bool takes_plain(const Fq &fq) noexcept
	{
		return fq.state != hw::qm::FqState::oos && fq.in_wq && fq.cgr == nullptr &&
		       fq.td_limit == std::numeric_limits<uint64_t>::max();
	}
	// enqueue_inline() to an FQ that takes_plain(): it accepts the frame.
	void enqueue_plain(Fq &fq, const hw::Fd &fd)
	{
		const uint32_t len = fd_bytes(fd);
		fq.frames.push_back(fd, len);
		fq.byte_cnt += len;
	}
	// The FQ 'fqid', nullptr if it was never initialised. An FQ, once
	// created, lives as long as the Qman.
	Fq *find(uint32_t fqid) const noexcept
	{
		if (fqid - 1u >= hw::qm::kFqidMask) // 0, or beyond the 24-bit space
			return nullptr;
		const Page *page = fqs_[fqid >> kPageBits].get();
		return page ? (*page)[fqid & ((1u << kPageBits) - 1)].get() : nullptr;
	}
	// Bytes an FD accounts for in the FQ byte count (and tail drop).
	static uint32_t fd_bytes(const hw::Fd &fd) noexcept
	{
		// FD::FORMAT bit 1 (value 0x2) selects the long formats' 29-bit length.
		return (static_cast<uint8_t>(fd.format()) & 0x2) ? fd.length_big() : fd.length();
	}
	// Whether an enqueue of a frame of 'bytes' to 'fqid' would be tail-dropped
	// now (the FQ's TD_THRESH, or its CGR congested with CSTD). Changes nothing.
	// Inline: FMan asks before each frame it receives.
	bool would_tail_drop(uint32_t fqid, uint32_t bytes) const noexcept
	{
		const Fq *fq = find(fqid);
		if (fq == nullptr || fq->state == hw::qm::FqState::oos)
			return false;
		if (fq->byte_cnt + bytes > fq->td_limit)
			return true;
		const Cgr *cg = fq->cgr;
		return cg != nullptr && cg->congested && cg->cstd;
	}

	// Frames of FQs scheduled on 'channel' go to 'c' instead of a portal.
	void attach_channel_consumer(uint16_t channel, ChannelConsumer &c);
	void detach_channel_consumer(uint16_t channel);

	// Management command from software portal 'portal'.
	void execute(unsigned portal, const hw::qm::McCommand &cmd, hw::qm::McResult &res);

	// Fill up to 'budget' DQRR entries of 'p' from its volatile command and
	// its static dequeue channels. Returns how many entries were written.
	unsigned dequeue_to_portal(QmanSwPortal &p, unsigned budget);
	// Software consumed 'n' DQRR entries of 'fq' on portal 'portal'.
	void dqrr_consumed(unsigned portal, Fq &fq, unsigned n);
	// Offer frames to channel consumers; true if any frame moved.
	bool poll_consumers();

	bool fq_info(uint32_t fqid, FqInfo &out) const;
	// The software portals that dequeue FQ 'fqid', a bit per portal index:
	// those whose SDQCR selects the channel it is scheduled on, and those
	// that have ever issued a volatile dequeue (VDQCR) of it, and
	// kConsumerDequeuer for a block inside the SoC on its channel (a
	// direct-connect portal). 0 for an FQ out of service.
	static constexpr uint32_t kConsumerDequeuer = 1u << 31;
	uint32_t dequeuers(uint32_t fqid) const;
	uint64_t fq_taildrops(uint32_t fqid) const;
	const Cgr &cgr(uint8_t cgid) const noexcept { return cgrs_[cgid]; }
	static bool valid_channel(uint16_t ch) noexcept;

	void set_portals(std::array<QmanSwPortal *, kNumPortals> portals) { portals_ = portals; }

	// The scheduler's shortcut: an FQ that successive visits would pick
	// again and again (alone in its WQ, and for a portal's static dequeue
	// its channel the only selected one with frames) is served in one
	// visit for all of them, with the same entries, order and state. On
	// by default; off, for tests that hold it against the visits one by
	// one.
	void set_visit_runs(bool on) noexcept { visit_runs_ = on; }

private:
	struct WorkQueue {
		Fq *head = nullptr;
		Fq *tail = nullptr;
	};
	struct ChannelState {
		std::array<WorkQueue, kNumWqs> wq{};
		uint8_t nonempty = 0; // bit per WQ
		ChannelConsumer *consumer = nullptr;
	};

	Fq &get_or_create(uint32_t fqid);
	void link(Fq &fq);
	void unlink(Fq &fq);
	ChannelState *channel_state(uint16_t channel) noexcept;
	Fq *pop_wq(ChannelState &ch);
	Fq *pop_head(ChannelState &ch, unsigned w); // WQ w must not be empty
	hw::Fd pop_frame(Fq &fq);
	void refresh_sched_state(Fq &fq);
	void complete_retire(Fq &fq);
	void post_fq_state(unsigned portal, uint8_t verb, const Fq &fq);

	void cmd_initfq(const hw::qm::McInitFq &c, bool sched, hw::qm::McResult &r);
	void cmd_queryfq(uint32_t fqid, hw::qm::McResult &r);
	void cmd_queryfq_np(uint32_t fqid, hw::qm::McResult &r);
	void cmd_alter(unsigned portal, uint8_t verb, uint32_t fqid, hw::qm::McResult &r);
	void cmd_initcgr(const hw::qm::McInitCgr &c, bool init, hw::qm::McResult &r);
	void cmd_querycgr(uint8_t cgid, hw::qm::McResult &r);
	void cmd_querycongestion(unsigned portal, hw::qm::McResult &r);

	// The CGR an FQ counts into (FQ_CTRL::CGE), or nullptr.
	Cgr *cgr_of(const Fq &fq) noexcept;
	void cgr_account(Cgr &cg, int64_t frames, int64_t bytes)
	{
		cg.frames = static_cast<uint64_t>(static_cast<int64_t>(cg.frames) + frames);
		cg.bytes = static_cast<uint64_t>(static_cast<int64_t>(cg.bytes) + bytes);
		cgr_update(cg);
	}
	// The congestion state follows the count: congested while it exceeds
	// CS_THRES.
	void cgr_update(Cgr &cg)
	{
		if ((cg.count() > cg.thres) != cg.congested) [[unlikely]]
			cgr_changed(cg);
	}
	[[gnu::noinline]] void cgr_changed(Cgr &cg);
	// Whether adding 'frames' and 'bytes' to its count would change the
	// CGR's state.
	static bool cgr_would_change(const Cgr &cg, uint64_t frames, uint64_t bytes) noexcept
	{
		const uint64_t count = cg.frame_mode ? cg.frames + frames : cg.bytes + bytes;
		return (count > cg.thres) != cg.congested;
	}
	// enqueue()'s rare outcomes.
	[[gnu::noinline]] EnqueueStatus reject(Fq *fq);
	[[gnu::noinline]] EnqueueStatus tail_drop(Fq &fq, Cgr *cg);
	[[gnu::noinline]] void schedule(Fq &fq);
	[[gnu::noinline]] EnqueueStatus enqueue_slow(Fq &fq, const hw::Fd &fd, uint32_t len);

	unsigned volatile_dequeue(QmanSwPortal &p, unsigned budget);
	unsigned static_dequeue(QmanSwPortal &p, unsigned budget);

	// The channels a portal's SDQCR selects, decoded when the register's
	// value changes (it is read at every production, so a write is seen at
	// the next one) rather than at every production.
	struct SdqChannels {
		uint32_t sdq = 0; // the SDQCR value 'ch' was decoded from
		unsigned n = 0;
		std::array<ChannelState *, 1 + hw::qm::channel::kNumPools> ch{};
	};
	const SdqChannels &sdq_channels(QmanSwPortal &p, uint32_t sdq) noexcept;
	std::array<SdqChannels, kNumPortals> sdq_channels_{};

	// FQ table over the 24-bit FQID space, two levels allocated on demand.
	static constexpr unsigned kPageBits = 16;
	using Page = std::array<std::unique_ptr<Fq>, 1u << kPageBits>;
	std::array<std::unique_ptr<Page>, 1u << (24 - kPageBits)> fqs_;

	std::array<ChannelState, kNumChannels> channels_{};
	// A bit per channel slot: the channels that have a consumer, and
	// those with an FQ in one of their WQs (ChannelState::nonempty != 0).
	static_assert(kNumChannels <= 64);
	uint64_t consumer_channels_ = 0;
	uint64_t active_channels_ = 0;
	unsigned slot_of(const ChannelState &ch) const noexcept
	{
		return static_cast<unsigned>(&ch - channels_.data());
	}
	std::array<Cgr, hw::qm::kNumCgrs> cgrs_{};
	std::array<QmanSwPortal *, kNumPortals> portals_{};
	unsigned consumer_rr_ = 0;
	bool visit_runs_ = true;
};

} // namespace dpaa::model
