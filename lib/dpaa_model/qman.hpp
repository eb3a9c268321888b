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
#include <deque>
#include <memory>

#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/qman_cgr.hpp"
#include "dpaa_hw/qman_portal.hpp"

namespace dpaa::model
{

class QmanSwPortal;

// A consumer of frames inside the SoC, attached to a channel (FMan Tx ports).
class ChannelConsumer
{
public:
	// Take one frame of FQ 'fqid'. Returning false means "busy, offer it
	// again later": the frame stays at the head of its FQ.
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

	uint64_t count() const noexcept
	{
		return (f.mode & hw::qm::cgr::kModeFrame) ? frames : bytes;
	}
};

struct Fq {
	uint32_t fqid = 0;
	hw::qm::FqState state = hw::qm::FqState::oos;
	uint16_t channel = 0;
	uint8_t wq = 0;
	uint8_t cgid = 0;
	uint8_t orpc = 0;
	uint16_t fq_ctrl = 0;
	uint16_t ics_cred = 0;
	uint16_t td_raw = 0;
	uint32_t context_b = 0;
	uint64_t context_a = 0;

	std::deque<hw::Fd> frames;
	uint64_t byte_cnt = 0;
	uint16_t seqnum = 0;

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
	// Whether an enqueue of a frame of 'bytes' to 'fqid' would be tail-dropped
	// now (the FQ's TD_THRESH, or its CGR congested with CSTD). Changes nothing.
	bool would_tail_drop(uint32_t fqid, uint32_t bytes) const noexcept;

	// Frames of FQs scheduled on 'channel' go to 'c' instead of a portal.
	void attach_channel_consumer(uint16_t channel, ChannelConsumer &c);
	void detach_channel_consumer(uint16_t channel);

	// Management command from software portal 'portal'.
	void execute(unsigned portal, const hw::qm::McCommand &cmd, hw::qm::McResult &res);

	// Fill up to 'budget' DQRR entries of 'p' from its volatile command and
	// its static dequeue channels. Returns how many entries were written.
	unsigned dequeue_to_portal(QmanSwPortal &p, unsigned budget);
	// Software consumed a DQRR entry of 'fqid' on portal 'portal'.
	void dqrr_consumed(unsigned portal, uint32_t fqid);
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

	Fq *find(uint32_t fqid) const noexcept;
	Fq &get_or_create(uint32_t fqid);
	void link(Fq &fq);
	void unlink(Fq &fq);
	ChannelState *channel_state(uint16_t channel) noexcept;
	Fq *pop_wq(ChannelState &ch);
	hw::Fd pop_frame(Fq &fq);
	void refresh_sched_state(Fq &fq);
	void complete_retire(Fq &fq);

	void cmd_initfq(const hw::qm::McInitFq &c, bool sched, hw::qm::McResult &r);
	void cmd_queryfq(uint32_t fqid, hw::qm::McResult &r);
	void cmd_queryfq_np(uint32_t fqid, hw::qm::McResult &r);
	void cmd_alter(unsigned portal, uint8_t verb, uint32_t fqid, hw::qm::McResult &r);
	void cmd_initcgr(const hw::qm::McInitCgr &c, bool init, hw::qm::McResult &r);
	void cmd_querycgr(uint8_t cgid, hw::qm::McResult &r);
	void cmd_querycongestion(unsigned portal, hw::qm::McResult &r);

	// The CGR an FQ counts into (FQ_CTRL::CGE), or nullptr.
	Cgr *cgr_of(const Fq &fq) noexcept;
	void cgr_account(Cgr &cg, int64_t frames, int64_t bytes);
	void cgr_update(Cgr &cg);

	unsigned volatile_dequeue(QmanSwPortal &p, unsigned budget);
	unsigned static_dequeue(QmanSwPortal &p, unsigned budget);

	// FQ table over the 24-bit FQID space, two levels allocated on demand.
	static constexpr unsigned kPageBits = 16;
	using Page = std::array<std::unique_ptr<Fq>, 1u << kPageBits>;
	std::array<std::unique_ptr<Page>, 1u << (24 - kPageBits)> fqs_;

	std::array<ChannelState, kNumChannels> channels_{};
	// Indexes of the channels that have a consumer, ascending.
	std::array<uint8_t, kNumChannels> consumer_slots_{};
	unsigned num_consumer_slots_ = 0;
	void refresh_consumer_slots() noexcept;
	std::array<Cgr, hw::qm::kNumCgrs> cgrs_{};
	std::array<QmanSwPortal *, kNumPortals> portals_{};
	unsigned consumer_rr_ = 0;
};

} // namespace dpaa::model
