/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/qman.hpp"

#include <algorithm>
#include <cstring>

#include "dpaa_model/portal.hpp"

namespace dpaa::model
{

namespace qm = hw::qm;
using S = qm::FqState;

Qman::Qman() = default;
Qman::~Qman() = default;

int Qman::channel_slot(uint16_t ch) noexcept
{
	namespace c = qm::channel;
	if (ch >= c::kSwPortal0 && ch < c::kSwPortal0 + kNumPortals)
		return ch - c::kSwPortal0;
	if (ch >= c::kPool1 && ch < c::kPool1 + c::kNumPools)
		return static_cast<int>(kNumPortals + (ch - c::kPool1));
	if (ch >= c::kFman0Base && ch < c::kFman0Base + c::kFmanChannels)
		return static_cast<int>(kNumPortals + c::kNumPools + (ch - c::kFman0Base));
	return -1;
}

bool Qman::valid_channel(uint16_t ch) noexcept
{
	return channel_slot(ch) >= 0;
}

Qman::ChannelState *Qman::channel_state(uint16_t channel) noexcept
{
	const int slot = channel_slot(channel);
	return slot < 0 ? nullptr : &channels_[static_cast<unsigned>(slot)];
}

Fq &Qman::get_or_create(uint32_t fqid)
{
	auto &page = fqs_[fqid >> kPageBits];
	if (!page)
		page = std::make_unique<Page>();
	auto &slot = (*page)[fqid & ((1u << kPageBits) - 1)];
	if (!slot) {
		slot = std::make_unique<Fq>();
		slot->fqid = fqid;
	}
	return *slot;
}

void Qman::refresh_sched_state(Fq &fq)
{
	if (!fq.scheduled())
		return;
	if (fq.dqrr_refs > 0)
		fq.state = S::active;
	else
		fq.state = fq.in_wq ? S::truly_scheduled : S::tentatively_scheduled;
}

void Qman::link(Fq &fq)
{
	// An FQ is scheduled only to a channel INITFQ accepted.
	ChannelState &ch = channels_[fq.chan_slot];
	WorkQueue &wq = ch.wq[fq.wq];
	fq.wq_next = nullptr;
	if (wq.tail)
		wq.tail->wq_next = &fq;
	else
		wq.head = &fq;
	wq.tail = &fq;
	ch.nonempty |= static_cast<uint8_t>(1u << fq.wq);
	active_channels_ |= uint64_t{1} << fq.chan_slot;
	fq.in_wq = true;
	refresh_sched_state(fq);
}

void Qman::unlink(Fq &fq)
{
	if (!fq.in_wq)
		return;
	ChannelState &ch = channels_[fq.chan_slot];
	WorkQueue &wq = ch.wq[fq.wq];
	Fq *prev = nullptr;
	for (Fq *p = wq.head; p; prev = p, p = p->wq_next) {
		if (p != &fq)
			continue;
		(prev ? prev->wq_next : wq.head) = p->wq_next;
		if (wq.tail == p)
			wq.tail = prev;
		break;
	}
	if (!wq.head)
		ch.nonempty &= static_cast<uint8_t>(~(1u << fq.wq));
	if (!ch.nonempty)
		active_channels_ &= ~(uint64_t{1} << fq.chan_slot);
	fq.in_wq = false;
	fq.wq_next = nullptr;
	refresh_sched_state(fq);
}

Fq *Qman::pop_wq(ChannelState &ch)
{
	if (!ch.nonempty)
		return nullptr;
	// Strict priority: WQ0 first.
	return pop_head(ch, static_cast<unsigned>(__builtin_ctz(ch.nonempty)));
}

Fq *Qman::pop_head(ChannelState &ch, unsigned w)
{
	WorkQueue &wq = ch.wq[w];
	Fq *fq = wq.head;
	wq.head = fq->wq_next;
	if (!wq.head) {
		wq.tail = nullptr;
		ch.nonempty &= static_cast<uint8_t>(~(1u << w));
		if (!ch.nonempty)
			active_channels_ &= ~(uint64_t{1} << slot_of(ch));
	}
	fq->wq_next = nullptr;
	fq->in_wq = false;
	return fq;
}

hw::Fd Qman::pop_frame(Fq &fq)
{
	const hw::Fd fd = fq.frames.front();
	const uint32_t len = fq.frames.front_bytes();
	fq.frames.pop_front();
	fq.byte_cnt -= len;
	if (Cgr *cg = fq.cgr)
		cgr_account(*cg, -1, -int64_t{len});
	return fd;
}

Cgr *Qman::cgr_of(const Fq &fq) noexcept
{
	return fq.cgr;
}

// Each change of a CGR's state is notified (CSCN) to the target portals.
void Qman::cgr_changed(Cgr &cg)
{
	cg.congested = !cg.congested;
	if (!(cg.f.cscn_en & qm::cgr::kEn))
		return;
	for (unsigned n = 0; n < kNumPortals; n++)
		if ((cg.targ_swp & (1u << n)) && portals_[n] != nullptr)
			portals_[n]->raise_csci();
}

EnqueueStatus Qman::enqueue(uint32_t fqid, const hw::Fd &fd)
{
	return enqueue_inline(find(fqid), fd);
}

EnqueueStatus Qman::reject(Fq *fq)
{
	if (fq)
		fq->rejects++;
	return EnqueueStatus::rejected;
}

EnqueueStatus Qman::tail_drop(Fq &fq, Cgr *cg)
{
	fq.taildrops++;
	if (cg == nullptr)
		return EnqueueStatus::tail_drop;
	cg->taildrops++;
	return EnqueueStatus::cgr_tail_drop;
}

// enqueue_inline() of a frame that grows the FQ's ring, changes its CGR's
// state or finds the FQ out of its WQ (scheduled, it goes in).
EnqueueStatus Qman::enqueue_slow(Fq &fq, const hw::Fd &fd, uint32_t len)
{
	fq.frames.push_back(fd, len);
	fq.byte_cnt += len;
	if (fq.cgr != nullptr)
		cgr_account(*fq.cgr, 1, len);
	if (!fq.in_wq)
		schedule(fq);
	return EnqueueStatus::ok;
}

// An enqueue to an FQ that was not in its WQ: scheduled, it goes in.
void Qman::schedule(Fq &fq)
{
	if (fq.scheduled() && fq.retire_portal < 0)
		link(fq);
}

void Qman::attach_channel_consumer(uint16_t channel, ChannelConsumer &c)
{
	if (ChannelState *ch = channel_state(channel)) {
		ch->consumer = &c;
		consumer_channels_ |= uint64_t{1} << slot_of(*ch);
	}
}

void Qman::detach_channel_consumer(uint16_t channel)
{
	if (ChannelState *ch = channel_state(channel)) {
		ch->consumer = nullptr;
		consumer_channels_ &= ~(uint64_t{1} << slot_of(*ch));
	}
}

bool Qman::poll_consumers()
{
	// Frames per FQ visit, as a direct-connect portal takes them in small
	// groups; bounds the work of one step per channel.
	constexpr unsigned kPerVisit = 3;
	constexpr unsigned kPerChannel = 64;
	bool moved = false;
	// The channels with a consumer and frames, in channel order; the mask
	// is looked at again after each channel, for one that a delivery
	// made active.
	for (uint64_t todo = consumer_channels_ & active_channels_; todo != 0;) {
		const unsigned slot = static_cast<unsigned>(__builtin_ctzll(todo));
		todo = consumer_channels_ & active_channels_ & ~((uint64_t{2} << slot) - 1);
		ChannelState &ch = channels_[slot];
		unsigned budget = kPerChannel;
		bool busy = false;
		while (budget > 0 && !busy && ch.nonempty) {
			// The FQ at the head of the highest-priority WQ stays
			// linked while it is visited: visited and put back at
			// the tail when others wait in its WQ, left where it is
			// when it is alone there (the same order, for less work).
			const unsigned w = static_cast<unsigned>(__builtin_ctz(ch.nonempty));
			WorkQueue &wq = ch.wq[w];
			Fq *fq = wq.head;
			// Alone in its WQ, the FQ is visited again and again until
			// the budget, the consumer or its frames run out: those
			// visits go as one.
			const unsigned per_visit = (wq.tail == fq && visit_runs_)
							   ? budget
							   : std::min(kPerVisit, budget);
			const unsigned take = static_cast<unsigned>(
				std::min<size_t>(per_visit, fq->frames.size()));
			const FqFrames::Front src = fq->frames.front_view();
			uint64_t bytes = 0;
			unsigned i = 0;
			for (; i < take; i++) {
				if (!ch.consumer->deliver(fq->fqid, src.fd(i), fq->context_b,
							  fq->context_a)) {
					busy = true;
					break;
				}
				bytes += src.len(i);
			}
			// The delivered frames leave the FQ and its counts (and
			// its CGR's) at once: as in static_dequeue().
			if (i != 0) {
				fq->frames.pop_front(i);
				fq->byte_cnt -= bytes;
				if (Cgr *cg = fq->cgr)
					cgr_account(*cg, -int64_t{i}, -static_cast<int64_t>(bytes));
				budget -= i;
				moved = true;
			}
			if (!fq->frames.empty() && fq->scheduled() && fq->retire_portal < 0) {
				if (wq.tail != fq) {
					pop_head(ch, w);
					link(*fq);
				}
			} else {
				pop_head(ch, w);
				refresh_sched_state(*fq);
			}
		}
	}
	return moved;
}

unsigned Qman::dequeue_to_portal(QmanSwPortal &p, unsigned budget)
{
	unsigned n = 0;
	// VDQCR::PRECEDENCE = 0: the volatile command goes first.
	if (p.vdq().active)
		n += volatile_dequeue(p, budget);
	if (n < budget)
		n += static_dequeue(p, budget - n);
	return n;
}

unsigned Qman::volatile_dequeue(QmanSwPortal &p, unsigned budget)
{
	using namespace qm::dqrr_stat;
	QmanSwPortal::VolatileCmd &v = p.vdq();
	if (budget == 0)
		return 0;
	Fq *fq = find(v.fqid);
	if (fq != nullptr)
		fq->vdq_portals |= uint16_t(1u << p.index());
	if (fq == nullptr || fq->state == S::oos) {
		// Nothing to dequeue from: the command expires at once.
		p.dqrr_put(nullptr, v.fqid, nullptr, kUnscheduled | kDqcrExpired, 0);
		v.active = false;
		return 1;
	}
	unsigned n = 0;
	while (n < budget) {
		if (fq->frames.empty()) {
			p.dqrr_put(fq, v.fqid, nullptr, kUnscheduled | kDqcrExpired | kFqEmpty, 0);
			v.active = false;
			n++;
			break;
		}
		const hw::Fd fd = pop_frame(*fq);
		v.taken++;
		const bool empty = fq->frames.empty();
		// Without EXACT QMan may complete the last group of up to three
		// frames it fetched, returning up to two frames more than asked.
		const bool count_done =
			v.requested != 0 && v.taken >= v.requested && (v.exact || v.taken % 3 == 0);
		const bool done = empty || count_done;
		const uint8_t stat = kValidFrame | kUnscheduled | (empty ? kFqEmpty : 0) |
				     (done ? kDqcrExpired : 0);
		p.dqrr_put(fq, v.fqid, &fd, stat, 0);
		n++;
		if (done) {
			v.active = false;
			break;
		}
	}
	if (fq->frames.empty())
		unlink(*fq);
	refresh_sched_state(*fq);
	return n;
}

const Qman::SdqChannels &Qman::sdq_channels(QmanSwPortal &p, uint32_t sdq) noexcept
{
	SdqChannels &s = sdq_channels_[p.index()];
	if (s.sdq == sdq) [[likely]]
		return s;
	s.sdq = sdq;
	s.n = 0;
	if (sdq & qm::sdqcr::kChannelsDedicated)
		s.ch[s.n++] = channel_state(p.channel());
	for (unsigned n = 1; n <= qm::channel::kNumPools; n++)
		if (sdq & qm::sdqcr::channels_pool(n))
			s.ch[s.n++] = channel_state(qm::channel::pool(n));
	return s;
}

unsigned Qman::static_dequeue(QmanSwPortal &p, unsigned budget)
{
	using namespace qm::dqrr_stat;
	const uint32_t sdq = p.sdqcr();
	const SdqChannels &sel = sdq_channels(p, sdq);
	const unsigned nch = sel.n;
	if (nch == 0 || budget == 0)
		return 0;
	const uint8_t tok =
		static_cast<uint8_t>((sdq & qm::sdqcr::kTokenMask) >> qm::sdqcr::kTokenShift);
	const unsigned per_visit = (sdq & qm::sdqcr::kCountUpto3) ? 3 : 1;
	// The selected channels that hold frames. Dequeues only take frames
	// away: once one channel is left, every visit of the rounds to come is
	// to it.
	unsigned busy = 0;
	for (unsigned c = 0; c < nch; c++)
		busy += sel.ch[c]->nonempty != 0;

	unsigned rr = p.sdq_rr();
	if (rr >= nch)
		rr %= nch;
	unsigned n = 0;
	bool any = true;
	while (n < budget && any) {
		any = false;
		unsigned start = rr;
		unsigned c = start;
		for (unsigned k = 0; k < nch && n < budget; k++, c = (c + 1 == nch) ? 0 : c + 1) {
			ChannelState &ch = *sel.ch[c];
			if (!ch.nonempty)
				continue;
			any = true;
			// The FQ at the head of the highest-priority WQ, visited in
			// place: put back at the tail if others wait in its WQ,
			// left alone if it is the only one (the same order).
			const unsigned w = static_cast<unsigned>(__builtin_ctz(ch.nonempty));
			WorkQueue &wq = ch.wq[w];
			Fq *fq = wq.head;
			const uint8_t held =
				(fq->fq_ctrl & qm::fq_ctrl::kHoldActive) ? kFqHeldActive : 0;
			const unsigned frames = static_cast<unsigned>(
				std::min<size_t>(budget - n, fq->frames.size()));
			unsigned take = std::min(per_visit, frames);
			if (busy == 1 && wq.tail == fq && visit_runs_) {
				// Alone in its WQ, in the only channel with frames: the
				// visits of this round and the next ones are all to it
				// until it is empty or the DQRR full, one round each.
				// They go as one, the rounds counted for the next call.
				const unsigned visits = (frames + per_visit - 1) / per_visit;
				take = frames;
				if (nch > 1)
					start = (start + visits - 1) % nch;
			}
			// The visit's frames leave the FQ's (and its CGR's) counts at
			// once: a dequeue only lowers them, so the CGR's state
			// changes at most once either way, to the same state.
			const uint64_t bytes = p.dqrr_put_frames(
				*fq, take, static_cast<uint8_t>(kValidFrame | held), tok);
			fq->byte_cnt -= bytes;
			if (Cgr *cg = fq->cgr)
				cgr_account(*cg, -int64_t{take}, -static_cast<int64_t>(bytes));
			n += take;
			if (!fq->frames.empty()) {
				if (wq.tail != fq) {
					pop_head(ch, w);
					link(*fq);
				} else {
					refresh_sched_state(*fq);
				}
			} else {
				pop_head(ch, w);
				refresh_sched_state(*fq);
				busy -= ch.nonempty == 0;
			}
		}
		rr = start + 1 == nch ? 0 : start + 1;
	}
	p.sdq_rr() = rr;
	return n;
}

void Qman::dqrr_consumed(unsigned portal, Fq &fq, unsigned n)
{
	(void)portal;
	if (fq.dqrr_refs == 0)
		return;
	fq.dqrr_refs = fq.dqrr_refs > n ? fq.dqrr_refs - n : 0;
	if (fq.dqrr_refs > 0)
		return;
	if (fq.retire_portal >= 0)
		complete_retire(fq);
	else
		refresh_sched_state(fq);
}

void Qman::complete_retire(Fq &fq)
{
	const auto portal = static_cast<unsigned>(fq.retire_portal);
	fq.retire_portal = -1;
	fq.state = S::retired;
	post_fq_state(portal, qm::mr_verb::kFqrn, fq);
}

// An FQ state-change message on the MR of the portal that asked for the
// change. A retirement QMan completes at once is announced too (FQRNI),
// although ALTER_RETIRE's result says so already: the kernel's and
// upstream's qman_retire_fq act on the result and ignore the FQRNI that
// follows, their MR handlers drop FQRNIs, and a portal being set up first
// drains the FQRNIs a previous user left on its MR (drain_mr_fqrni).
void Qman::post_fq_state(unsigned portal, uint8_t verb, const Fq &fq)
{
	QmanSwPortal *p = portals_[portal];
	if (p == nullptr)
		return;
	qm::MrEntry m{};
	m.verb = verb;
	m.dca_fqs = fq.frames.empty() ? 0 : qm::fqs::kNotEmpty;
	m.set_fqid(fq.fqid);
	m.tag_context_b.store(fq.context_b);
	p->mr_post(m);
}

void Qman::execute(unsigned portal, const qm::McCommand &cmd, qm::McResult &res)
{
	std::memset(&res, 0, sizeof(res));
	const uint8_t verb = cmd.verb & qm::mcc_verb::kMask;
	const auto &fc = reinterpret_cast<const qm::McFq &>(cmd);
	const uint32_t fqid = fc.fqid.load() & qm::kFqidMask;
	switch (verb) {
	case qm::mcc_verb::kInitFqParked:
	case qm::mcc_verb::kInitFqSched:
		cmd_initfq(reinterpret_cast<const qm::McInitFq &>(cmd),
			   verb == qm::mcc_verb::kInitFqSched, res);
		break;
	case qm::mcc_verb::kQueryFq:
		cmd_queryfq(fqid, res);
		break;
	case qm::mcc_verb::kQueryFqNp:
		cmd_queryfq_np(fqid, res);
		break;
	case qm::mcc_verb::kAlterSched:
	case qm::mcc_verb::kAlterRetire:
	case qm::mcc_verb::kAlterOos:
		cmd_alter(portal, verb, fqid, res);
		break;
	case qm::mcc_verb_cgr::kInitCgr:
	case qm::mcc_verb_cgr::kModifyCgr:
		cmd_initcgr(reinterpret_cast<const qm::McInitCgr &>(cmd),
			    verb == qm::mcc_verb_cgr::kInitCgr, res);
		break;
	case qm::mcc_verb_cgr::kQueryCgr:
		cmd_querycgr(reinterpret_cast<const qm::McQueryCgr &>(cmd).cgid, res);
		break;
	case qm::mcc_verb_cgr::kQueryCongestion:
		cmd_querycongestion(portal, res);
		break;
	default:
		res.result = qm::mcr_result::kErrBadCommand;
		break;
	}
}

void Qman::cmd_initfq(const qm::McInitFq &c, bool sched, qm::McResult &r)
{
	const uint32_t first = c.fqid.load() & qm::kFqidMask;
	const uint32_t count = uint32_t{c.count.load()} + 1;
	const uint16_t we = c.we_mask.load();
	if (first == 0 || first + count - 1 > qm::kFqidMask) {
		r.result = qm::mcr_result::kErrFqid;
		return;
	}
	if ((we & qm::we::kDestWq) && !valid_channel(c.fqd.channel())) {
		r.result = qm::mcr_result::kErrBadChannel;
		return;
	}
	// All FQs must accept the command before any changes.
	for (uint32_t id = first; id < first + count; id++) {
		const Fq *fq = find(id);
		if (fq && fq->state != S::oos && fq->state != S::parked) {
			r.result = qm::mcr_result::kErrFqState;
			return;
		}
	}
	for (uint32_t id = first; id < first + count; id++) {
		Fq &fq = get_or_create(id);
		// A parked FQ keeps its frames: they move with it if the command
		// changes its congestion group.
		if (Cgr *old = cgr_of(fq); old && !fq.frames.empty())
			cgr_account(*old, -static_cast<int64_t>(fq.frames.size()),
				    -static_cast<int64_t>(fq.byte_cnt));
		if (fq.state == S::oos) {
			// Fields not write-enabled start from zero when leaving OOS.
			fq.channel = 0;
			fq.wq = 0;
			fq.fq_ctrl = 0;
			fq.td_raw = 0;
			fq.context_a = 0;
			fq.context_b = 0;
			fq.cgid = 0;
			fq.orpc = 0;
			fq.ics_cred = 0;
		}
		if (we & qm::we::kDestWq) {
			fq.channel = c.fqd.channel();
			fq.wq = c.fqd.wq();
		}
		fq.chan_slot = static_cast<uint8_t>(channel_slot(fq.channel));
		if (we & qm::we::kFqCtrl)
			fq.fq_ctrl = c.fqd.fq_ctrl.load() & qm::fq_ctrl::kMask;
		// TD_THRESH and OAC share the field; WE_OAC selects OAC.
		if ((we & qm::we::kTdThresh) && !(we & qm::we::kOac))
			fq.td_raw = c.fqd.td.load() & 0x1fff;
		if (we & qm::we::kContextA)
			fq.context_a = c.fqd.context_a.load();
		if (we & qm::we::kContextB)
			fq.context_b = c.fqd.context_b.load();
		if (we & qm::we::kCgid)
			fq.cgid = c.fqd.cgid;
		if (we & qm::we::kOrpc)
			fq.orpc = c.fqd.orpc;
		if (we & qm::we::kIcsCred)
			fq.ics_cred = c.fqd.ics_cred.load() & 0x7fff;
		fq.td_limit = ((fq.fq_ctrl & qm::fq_ctrl::kTde) && fq.td_raw != 0)
				      ? qm::td::value(fq.td_raw)
				      : std::numeric_limits<uint64_t>::max();
		fq.cgr = (fq.fq_ctrl & qm::fq_ctrl::kCge) ? &cgrs_[fq.cgid] : nullptr;
		fq.stashing = (fq.fq_ctrl & qm::fq_ctrl::kCtxAStashing) ? fq.context_a : 0;
		fq.dqrr_ids.fqid.store(fq.fqid & qm::kFqidMask);
		fq.dqrr_ids.context_b.store(fq.context_b);
		if (Cgr *now = cgr_of(fq); now && !fq.frames.empty())
			cgr_account(*now, static_cast<int64_t>(fq.frames.size()),
				    static_cast<int64_t>(fq.byte_cnt));
		if (sched) {
			fq.state = S::tentatively_scheduled;
			if (!fq.frames.empty())
				link(fq);
		} else {
			fq.state = S::parked;
		}
	}
	r.result = qm::mcr_result::kOk;
}

void Qman::cmd_queryfq(uint32_t fqid, qm::McResult &r)
{
	if (fqid == 0) {
		r.result = qm::mcr_result::kErrFqid;
		return;
	}
	auto &q = reinterpret_cast<qm::McrQueryFq &>(r);
	q.result = qm::mcr_result::kOk;
	const Fq *fq = find(fqid);
	if (fq == nullptr)
		return; // never initialised: an OOS FQD of zeroes
	q.fqd.orpc = fq->orpc;
	q.fqd.cgid = fq->cgid;
	q.fqd.fq_ctrl.store(fq->fq_ctrl);
	q.fqd.set_dest(fq->channel, fq->wq);
	q.fqd.ics_cred.store(fq->ics_cred);
	q.fqd.td.store(fq->td_raw);
	q.fqd.context_b.store(fq->context_b);
	q.fqd.context_a.store(fq->context_a);
}

void Qman::cmd_queryfq_np(uint32_t fqid, qm::McResult &r)
{
	if (fqid == 0) {
		r.result = qm::mcr_result::kErrFqid;
		return;
	}
	auto &q = reinterpret_cast<qm::McrQueryFqNp &>(r);
	q.result = qm::mcr_result::kOk;
	const Fq *fq = find(fqid);
	if (fq == nullptr)
		return;
	q.state = static_cast<uint8_t>(fq->state) | (fq->retire_portal >= 0 ? qm::np_state::kR : 0);
	q.frm_cnt_raw.store(static_cast<uint32_t>(std::min<size_t>(fq->frames.size(), 0xffffff)));
	q.byte_cnt.store(static_cast<uint32_t>(std::min<uint64_t>(fq->byte_cnt, 0xffffffff)));
}

void Qman::cmd_alter(unsigned portal, uint8_t verb, uint32_t fqid, qm::McResult &r)
{
	auto &a = reinterpret_cast<qm::McrAlterFq &>(r);
	if (fqid == 0) {
		a.result = qm::mcr_result::kErrFqid;
		return;
	}
	Fq *fq = find(fqid);
	if (fq == nullptr || fq->state == S::oos) {
		a.result = qm::mcr_result::kErrFqState;
		return;
	}
	switch (verb) {
	case qm::mcc_verb::kAlterSched:
		if (fq->state != S::parked) {
			a.result = qm::mcr_result::kErrFqState;
			return;
		}
		fq->state = S::tentatively_scheduled;
		if (!fq->frames.empty())
			link(*fq);
		a.result = qm::mcr_result::kOk;
		return;
	case qm::mcc_verb::kAlterRetire:
		if (fq->state == S::retired || fq->retire_portal >= 0) {
			a.result = qm::mcr_result::kErrFqState;
			return;
		}
		unlink(*fq);
		if (fq->dqrr_refs > 0) {
			// Frames of this FQ sit in a DQRR: retirement completes
			// when software has consumed them, with an FQRN.
			fq->retire_portal = static_cast<int>(portal);
			a.result = qm::mcr_result::kPending;
			return;
		}
		fq->state = S::retired;
		a.fqs = fq->frames.empty() ? 0 : qm::fqs::kNotEmpty;
		a.result = qm::mcr_result::kOk;
		post_fq_state(portal, qm::mr_verb::kFqrni, *fq);
		return;
	case qm::mcc_verb::kAlterOos:
		if (fq->state != S::retired) {
			a.result = qm::mcr_result::kErrFqState;
			return;
		}
		if (!fq->frames.empty()) {
			a.result = qm::mcr_result::kErrNotEmpty;
			return;
		}
		fq->state = S::oos;
		a.result = qm::mcr_result::kOk;
		return;
	default:
		a.result = qm::mcr_result::kErrBadCommand;
		return;
	}
}

// INITCGR writes the enabled fields and resets the others; MODIFYCGR
// writes the enabled fields only. The count is not a field: it is what the
// group's FQs hold. Every CGID of the 8-bit field exists.
void Qman::cmd_initcgr(const qm::McInitCgr &c, bool init, qm::McResult &r)
{
	Cgr &cg = cgrs_[c.cgid];
	const uint16_t we = c.we_mask.load();
	if (init) {
		cg.f = qm::CgrFields{};
		cg.targ_swp = 0;
	}
	if (we & qm::cgr_we::kWrParmG)
		cg.f.wr_parm_g = c.cgr.wr_parm_g;
	if (we & qm::cgr_we::kWrParmY)
		cg.f.wr_parm_y = c.cgr.wr_parm_y;
	if (we & qm::cgr_we::kWrParmR)
		cg.f.wr_parm_r = c.cgr.wr_parm_r;
	if (we & qm::cgr_we::kWrEnG)
		cg.f.wr_en_g = c.cgr.wr_en_g & qm::cgr::kEn;
	if (we & qm::cgr_we::kWrEnY)
		cg.f.wr_en_y = c.cgr.wr_en_y & qm::cgr::kEn;
	if (we & qm::cgr_we::kWrEnR)
		cg.f.wr_en_r = c.cgr.wr_en_r & qm::cgr::kEn;
	if (we & qm::cgr_we::kCscnEn)
		cg.f.cscn_en = c.cgr.cscn_en & qm::cgr::kEn;
	if (we & qm::cgr_we::kCscnTarg) {
		// QMan rev 3.x: an update of one target's bit.
		const uint16_t upd = c.cgr.cscn_targ_upd_ctrl();
		const unsigned idx = upd & qm::cgr::kTargUpdIdxMask;
		if (!(upd & qm::cgr::kTargUpdDcp) && idx < kNumPortals) {
			if (upd & qm::cgr::kTargUpdWriteBit)
				cg.targ_swp = static_cast<uint16_t>(cg.targ_swp | (1u << idx));
			else
				cg.targ_swp = static_cast<uint16_t>(cg.targ_swp & ~(1u << idx));
		}
	}
	if (we & qm::cgr_we::kCstdEn)
		cg.f.cstd_en = c.cgr.cstd_en & qm::cgr::kEn;
	if (we & qm::cgr_we::kCsThres)
		cg.f.cs_thres.store(c.cgr.cs_thres.load() & 0x1fff);
	if (we & qm::cgr_we::kMode)
		cg.f.mode = c.cgr.mode & qm::cgr::kModeFrame;
	cg.thres = qm::cs_thres::value(cg.f.cs_thres.load());
	cg.frame_mode = (cg.f.mode & qm::cgr::kModeFrame) != 0;
	cg.cstd = (cg.f.cstd_en & qm::cgr::kEn) != 0;
	cgr_update(cg);
	r.result = qm::mcr_result::kOk;
}

void Qman::cmd_querycgr(uint8_t cgid, qm::McResult &r)
{
	const Cgr &cg = cgrs_[cgid];
	auto &q = reinterpret_cast<qm::McrQueryCgr &>(r);
	q.result = qm::mcr_result::kOk;
	q.cgr = cg.f;
	q.cgr.cscn_targ.store(0); // the rev 3.x targets read back in CSCN_TARG_SWP
	q.cgr.cs = cg.congested ? 1 : 0;
	const uint64_t n = std::min<uint64_t>(cg.count(), 0xffffffffffull);
	q.i_bcnt_hi.store(static_cast<uint32_t>(n >> 32));
	q.i_bcnt_lo.store(static_cast<uint32_t>(n));
	uint32_t swp0 = 0;
	for (unsigned p = 0; p < kNumPortals; p++)
		if (cg.targ_swp & (1u << p))
			swp0 |= qm::cgr::targ_swp_bit(p);
	q.cscn_targ_swp[0].store(swp0);
}

void Qman::cmd_querycongestion(unsigned portal, qm::McResult &r)
{
	auto &q = reinterpret_cast<qm::McrQueryCongestion &>(r);
	q.result = qm::mcr_result::kOk;
	std::array<uint32_t, 8> words{};
	for (unsigned n = 0; n < qm::kNumCgrs; n++)
		if (cgrs_[n].congested)
			words[n / 32] |= 0x80000000u >> (n % 32);
	for (unsigned w = 0; w < 8; w++)
		q.state[w].store(words[w]);
	// Software reads the state after CSCI: see QmanSwPortal::raise_csci.
	if (portal < kNumPortals && portals_[portal] != nullptr)
		portals_[portal]->csci_taken();
}

uint32_t Qman::dequeuers(uint32_t fqid) const
{
	static_assert(kNumPortals <= 16, "vdq_portals has a bit per portal");
	const Fq *fq = find(fqid);
	if (fq == nullptr || fq->state == S::oos)
		return 0;
	uint32_t mask = fq->vdq_portals;
	if (const int slot = channel_slot(fq->channel);
	    slot >= 0 && channels_[static_cast<unsigned>(slot)].consumer != nullptr)
		mask |= kConsumerDequeuer;
	for (unsigned i = 0; i < kNumPortals; i++) {
		const QmanSwPortal *p = portals_[i];
		if (p == nullptr)
			continue;
		const uint32_t sdq = p->sdqcr();
		bool selects = fq->channel == p->channel() && (sdq & qm::sdqcr::kChannelsDedicated);
		for (unsigned n = 1; n <= qm::channel::kNumPools && !selects; n++)
			selects = fq->channel == qm::channel::pool(n) &&
				  (sdq & qm::sdqcr::channels_pool(n));
		if (selects)
			mask |= 1u << i;
	}
	return mask;
}

bool Qman::fq_info(uint32_t fqid, FqInfo &out) const
{
	const Fq *fq = find(fqid);
	if (fq == nullptr)
		return false;
	out.state = fq->state;
	out.frames = static_cast<uint32_t>(fq->frames.size());
	out.bytes = fq->byte_cnt;
	out.taildrops = fq->taildrops;
	out.rejects = fq->rejects;
	out.retire_pending = fq->retire_portal >= 0;
	return true;
}

uint64_t Qman::fq_taildrops(uint32_t fqid) const
{
	const Fq *fq = find(fqid);
	return fq ? fq->taildrops : 0;
}

} // namespace dpaa::model
