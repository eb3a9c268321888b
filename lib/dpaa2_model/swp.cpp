/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/swp.hpp"

#include <cstring>

#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/qbman_fq.hpp"
#include "dpaa2_model/reported.hpp"

namespace dpaa2::model
{

namespace qb = hw::qb;

namespace
{

// The driver writes a command's body, then its verb; the verb is read with
// acquire order so that the body read after it is the one it validates.
uint8_t load_verb(const uint8_t *line) noexcept
{
	return __atomic_load_n(line, __ATOMIC_ACQUIRE);
}

// A result or response: everything but one byte first, then that byte (the
// token of a dequeue result, the verb of a response) with release order, so
// that a reader that sees it sees the rest.
void publish(uint8_t *dst, const void *src, size_t len, size_t last) noexcept
{
	const auto *s = static_cast<const uint8_t *>(src);
	std::memcpy(dst, s, last);
	std::memcpy(dst + last + 1, s + last + 1, len - last - 1);
	__atomic_store_n(dst + last, s[last], __ATOMIC_RELEASE);
}

// A 32-bit register in the CENA area (EQCR_CI), which a driver thread may
// read while QBMan writes it: one aligned store.
void store_le32(uint8_t *dst, uint32_t v) noexcept
{
	__atomic_store_n(reinterpret_cast<uint32_t *>(dst), hw::to_le(v), __ATOMIC_RELEASE);
}

// The valid bit of ring entry `idx` (index with its wrap bit above a ring of
// `size`): 1 on the first lap, flipping at every wrap, as the drivers keep it.
uint8_t ring_vb(uint32_t idx, uint32_t size) noexcept
{
	return (idx & size) ? 0 : qb::kValidBit;
}

} // namespace

SwPortal::SwPortal(Qbman &qbman, unsigned index)
    : qb_(qbman), index_(index), memory_backed_(qbman.memory_backed()), cena_(kCenaSize)
{
	reset();
}

void SwPortal::reset()
{
	cena_.clear();
	cfg_ = 0;
	isr_ = ier_ = iir_ = itpr_ = dqrr_itr_ = 0;
	sdest_ = 0;
	eqcr_ci_ = eqcr_pi_ = 0;
	vdqcr_vb_ = cr_vb_ = rr_vb_ = qb::kValidBit;
	pull_pending_ = false;
	pending_left_ = 0;
	rcr_.fill(RcrSlot{});
	rcr_next_ = 0;
	dqrr_pi_ = 0;
	dqrr_vb_ = qb::kValidBit;
	dqrr_held_ = 0;
	sdqcr_ = 0;
	sdq_channels_.fill(0);
	sdq_cursor_ = 0;
	sdq_next_bit_ = 0;
}

uint32_t SwPortal::ring_size() const noexcept
{
	return memory_backed_ ? qb::kEqcrSizeMemBacked : qb::kEqcrSizeDirect;
}

uint32_t SwPortal::index_mask() const noexcept
{
	return 2 * ring_size() - 1;
}

uint32_t SwPortal::eqcr_offset(uint32_t idx) const noexcept
{
	const uint32_t n = idx & (ring_size() - 1);
	return memory_backed_ ? qb::cena::mem::eqcr(n) : qb::cena::direct::eqcr(n);
}

uint32_t SwPortal::dqrr_offset(unsigned n) const noexcept
{
	return memory_backed_ ? qb::cena::mem::dqrr(n) : qb::cena::direct::dqrr(n);
}

uint32_t SwPortal::rcr_offset(unsigned n) const noexcept
{
	return memory_backed_ ? qb::cena::mem::rcr(n) : qb::cena::direct::rcr(n);
}

uint32_t SwPortal::cr_offset() const noexcept
{
	return memory_backed_ ? qb::cena::mem::kCr : qb::cena::direct::kCr;
}

uint32_t SwPortal::vdqcr_offset() const noexcept
{
	return memory_backed_ ? qb::cena::mem::kVdqcr : qb::cena::direct::kVdqcr;
}

uint32_t SwPortal::eqcr_ci_offset() const noexcept
{
	return memory_backed_ ? qb::cena::mem::kEqcrCi : qb::cena::direct::kEqcrCi;
}

// ---------------------------------------------------------------- CINH

uint32_t SwPortal::cinh_load(uint32_t off, unsigned size)
{
	namespace c = qb::cinh;
	if (!memory_backed_ && off < c::kEqcrPi) {
		uint32_t v = 0;
		cena_load(off, &v, size <= 4 ? size : 4);
		return hw::from_le(v);
	}
	switch (off) {
	case c::kEqcrPi:
		// The producer index QBMan expects next, with that entry's valid
		// bit: the driver starts its ring from it.
		if (memory_backed_)
			return eqcr_pi_ | ring_vb(eqcr_pi_, ring_size());
		return eqcr_ci_ | ring_vb(eqcr_ci_, ring_size());
	case c::kEqcrCi:
		return eqcr_ci_;
	case c::kEqar:
		return 0; // array-mode enqueue is not modelled: no slot granted
	case c::kRar:
		return rar_read();
	case c::kDqpi:
		return dqrr_pi_ & (2 * qb::kDqrrSize - 1);
	case c::kCfg:
		return cfg_;
	case c::kSdqcr:
		return sdqcr_;
	case c::kDqrrItr:
		return dqrr_itr_;
	case c::kIsr:
		return isr_;
	case c::kIer:
		return ier_;
	case c::kIir:
		return iir_;
	case c::kItpr:
		return itpr_;
	case c::kRcrPi:
		return memory_backed_ ? qb::kRtMode : 0;
	default:
		return 0;
	}
}

void SwPortal::cinh_store(uint32_t off, uint32_t value, unsigned size)
{
	namespace c = qb::cinh;
	if (!memory_backed_ && off < c::kEqcrPi) {
		const uint32_t v = hw::to_le(value);
		cena_store(off, &v, size <= 4 ? size : 4);
		return;
	}
	const bool doorbell = off == c::kEqcrPi || off == c::kCrRt || off == c::kVdqcrRt ||
			      (off >= c::kRcrAmRt && off < c::kRcrAmRt + 4 * qb::kRcrSlots);
	if (doorbell) {
		if (!memory_backed_) {
			qb_.misuse().record(QbmanMisuse::doorbell_direct_mode,
					    "portal %u: store 0x%x to CINH 0x%x, a doorbell of "
					    "memory-backed portals (QMan >= 5.0)",
					    index_, value, off);
			return;
		}
		if (!(value & qb::kRtMode)) {
			qb_.misuse().record(
				QbmanMisuse::doorbell_without_rt,
				"portal %u: doorbell CINH 0x%x = 0x%x without RT (0x100)", index_,
				off, value);
			return;
		}
		if (off == c::kEqcrPi)
			eqcr_doorbell(value);
		else if (off == c::kCrRt)
			cr_doorbell();
		else if (off == c::kVdqcrRt)
			vdqcr_doorbell();
		else
			rcr_doorbell((off - c::kRcrAmRt) / 4);
		return;
	}
	switch (off) {
	case c::kCfg:
		cfg_ = value;
		return;
	case c::kRcrPi:
		return; // the driver's RT-mode write at init: nothing to keep
	case c::kSdqcr:
		sdqcr_ = value;
		return;
	case c::kDcap: {
		const unsigned idx = value & (qb::kDqrrSize - 1);
		if (!(dqrr_held_ & (1u << idx))) {
			qb_.misuse().record(QbmanMisuse::bad_dcap,
					    "portal %u: DCAP of DQRR entry %u, which holds nothing",
					    index_, idx);
			return;
		}
		dqrr_held_ &= ~(1u << idx);
		return;
	}
	case c::kDqrrItr:
		dqrr_itr_ = value;
		return;
	case c::kIsr:
		isr_ &= ~value; // write 1 to clear
		return;
	case c::kIer:
		ier_ = value;
		return;
	case c::kIsdr:
		return;
	case c::kIir:
		iir_ = value;
		return;
	case c::kItpr:
		itpr_ = value;
		return;
	default:
		qb_.misuse().record(QbmanMisuse::cinh_bad_offset,
				    "portal %u: store 0x%x to CINH 0x%x, no register the model "
				    "serves (array-mode enqueue is not modelled)",
				    index_, value, off);
	}
}

// ---------------------------------------------------------------- EQCR

void SwPortal::eqcr_doorbell(uint32_t value)
{
	const uint32_t mask = index_mask();
	const uint32_t pi = value & mask;
	const uint32_t n = (pi - eqcr_ci_) & mask;
	if (n > ring_size()) {
		qb_.misuse().record(QbmanMisuse::eqcr_pi_outside_ring,
				    "portal %u: EQCR_PI 0x%x is %u entries ahead of CI %u; the "
				    "ring holds %u",
				    index_, value, n, eqcr_ci_, ring_size());
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		const uint32_t idx = (eqcr_ci_ + i) & mask;
		const uint8_t *line = cena() + eqcr_offset(idx);
		const uint8_t verb = load_verb(line);
		if ((verb & qb::kValidBit) != ring_vb(idx, ring_size())) {
			qb_.misuse().record(QbmanMisuse::bad_eqcr_verb,
					    "portal %u: EQCR entry %u has verb 0x%02x, not the "
					    "valid bit of its lap (0x%02x): not written?",
					    index_, idx, verb, ring_vb(idx, ring_size()));
			continue;
		}
		enqueue_entry(line);
	}
	eqcr_ci_ = eqcr_pi_ = pi;
	store_le32(cena() + eqcr_ci_offset(), eqcr_ci_);
}

bool SwPortal::service_eqcr()
{
	const uint32_t mask = index_mask();
	bool any = false;
	for (uint32_t i = 0; i < ring_size(); i++) {
		const uint8_t *line = cena() + eqcr_offset(eqcr_ci_);
		const uint8_t verb = load_verb(line);
		if ((verb & qb::kValidBit) != ring_vb(eqcr_ci_, ring_size()))
			break;
		enqueue_entry(line);
		eqcr_ci_ = (eqcr_ci_ + 1) & mask;
		any = true;
	}
	if (any)
		store_le32(cena() + eqcr_ci_offset(), eqcr_ci_);
	return any;
}

void SwPortal::enqueue_entry(const uint8_t *line)
{
	qb::EqcrEntry e;
	std::memcpy(&e, line, sizeof(e));
	if (e.verb & qb::eq_verb::kTargetQd) {
		qb_.misuse().record(QbmanMisuse::bad_eqcr_verb,
				    "portal %u: enqueue verb 0x%02x targets a queuing destination, "
				    "which the model does not serve",
				    index_, e.verb);
		return;
	}
	// An enqueue with DCA also consumes a DQRR entry (event mode).
	if (e.dca & qb::eq_dca::kEnable)
		cinh_store(qb::cinh::kDcap, e.dca & qb::eq_dca::kIndexMask);
	const uint32_t fqid = e.tgtid.load() & hw::kFqidMask;
	if (qb_.find_fq(fqid) == nullptr) {
		qb_.misuse().record(QbmanMisuse::enqueue_unknown_fq,
				    "portal %u: enqueue to FQID 0x%x, which is not allocated",
				    index_, fqid);
		return;
	}
	qb_.enqueue(fqid, e.fd);
}

// ---------------------------------------------------------------- VDQCR

void SwPortal::vdqcr_doorbell()
{
	qb::PullCommand cmd;
	std::memcpy(&cmd, cena() + vdqcr_offset(), sizeof(cmd));
	if (pull_pending_) {
		qb_.misuse().record(QbmanMisuse::vdqcr_busy,
				    "portal %u: a pull while the previous one still waits for DQRR "
				    "room",
				    index_);
		return;
	}
	vdqcr_vb_ ^= qb::kValidBit;
	run_pull(cmd);
}

bool SwPortal::service_vdqcr()
{
	const uint8_t *line = cena() + vdqcr_offset();
	const uint8_t verb = load_verb(line);
	if ((verb & qb::kValidBit) != vdqcr_vb_ || (verb & ~qb::kValidBit) == 0)
		return false;
	qb::PullCommand cmd;
	std::memcpy(&cmd, line, sizeof(cmd));
	cmd.verb = verb;
	vdqcr_vb_ ^= qb::kValidBit;
	if (pull_pending_) {
		qb_.misuse().record(QbmanMisuse::vdqcr_busy,
				    "portal %u: a pull while the previous one still waits for DQRR "
				    "room",
				    index_);
		return true;
	}
	run_pull(cmd);
	return true;
}

void SwPortal::run_pull(const qb::PullCommand &cmd)
{
	namespace pv = qb::pull_verb;
	const uint32_t fqid = cmd.dq_src.load() & hw::kFqidMask;
	QbmanFq *fq = nullptr;
	if ((cmd.verb & pv::kDtMask) != pv::kDtFrameQueue)
		qb_.misuse().record(QbmanMisuse::bad_pull,
				    "portal %u: pull verb 0x%02x from a channel or work queue; the "
				    "model pulls from frame queues only",
				    index_, cmd.verb);
	else if ((fq = qb_.find_fq(fqid)) == nullptr)
		qb_.misuse().record(QbmanMisuse::bad_pull,
				    "portal %u: pull from FQID 0x%x, which is not allocated",
				    index_, fqid);
	if (fq == nullptr) {
		// Nothing to dequeue: the command still ends, with one expired
		// result, or a driver waiting for it would wait forever.
		qb::DequeueResult r{};
		r.verb = qb::result_verb::kDq;
		r.stat = qb::dq_stat::kVolatile | qb::dq_stat::kExpired | qb::dq_stat::kFqEmpty;
		r.tok = cmd.tok;
		r.fqid.store(fqid);
		if (!(cmd.verb & pv::kRls)) {
			pull_pending_ = !dqrr_push(r);
			if (pull_pending_) {
				pending_pull_ = cmd;
				pending_left_ = 1;
			}
			return;
		}
		auto *dst = static_cast<uint8_t *>(
			qb_.memory().to_host(cmd.rsp_addr.load(), qb::kLineSize));
		if (dst != nullptr)
			publish(dst, &r, sizeof(r), offsetof(qb::DequeueResult, tok));
		return;
	}
	fq->pullers |= uint64_t{1} << index_;
	const unsigned max = cmd.numf + 1u;
	if (!(cmd.verb & pv::kRls)) {
		// Results to the DQRR, as room allows.
		pull_pending_ = true;
		pending_pull_ = cmd;
		pending_left_ = max;
		produce_dqrr();
		return;
	}
	const uint64_t rsp = cmd.rsp_addr.load();
	for (unsigned i = 0; i < max; i++) {
		auto *dst = static_cast<uint8_t *>(
			qb_.memory().to_host(rsp + uint64_t{i} * qb::kLineSize, qb::kLineSize));
		if (dst == nullptr) {
			qb_.misuse().record(
				QbmanMisuse::pull_storage_unmapped,
				"portal %u: pull storage 0x%llx (entry %u) is not mapped", index_,
				static_cast<unsigned long long>(rsp), i);
			return;
		}
		qb::DequeueResult r{};
		r.verb = qb::result_verb::kDq;
		r.stat = qb::dq_stat::kVolatile;
		r.tok = cmd.tok;
		r.fqid.store(fqid);
		r.fqd_ctx.store(fq->settings.user_context);
		bool last;
		if (qb_.take(*fq, r.fd)) {
			r.stat |= qb::dq_stat::kValidFrame;
			last = i + 1 == max || fq->frames.empty();
		} else {
			last = true; // empty: one result says so
		}
		if (fq->frames.empty())
			r.stat |= qb::dq_stat::kFqEmpty;
		if (last)
			r.stat |= qb::dq_stat::kExpired;
		r.fq_frm_cnt.store(static_cast<uint32_t>(fq->frames.size()));
		r.fq_byte_cnt.store(static_cast<uint32_t>(fq->bytes));
		publish(dst, &r, sizeof(r), offsetof(qb::DequeueResult, tok));
		if (last)
			return;
	}
}

// ---------------------------------------------------------------- DQRR

bool SwPortal::dqrr_push(const qb::DequeueResult &r)
{
	const unsigned slot = dqrr_pi_ & (qb::kDqrrSize - 1);
	if (dqrr_held_ & (1u << slot))
		return false;
	qb::DequeueResult e = r;
	e.verb = static_cast<uint8_t>((r.verb & ~qb::kValidBit) | dqrr_vb_);
	publish(cena() + dqrr_offset(slot), &e, sizeof(e), 0);
	dqrr_held_ |= 1u << slot;
	dqrr_pi_ = (dqrr_pi_ + 1) & (2 * qb::kDqrrSize - 1);
	if ((dqrr_pi_ & (qb::kDqrrSize - 1)) == 0)
		dqrr_vb_ ^= qb::kValidBit;
	return true;
}

bool SwPortal::produce_dqrr()
{
	bool any = false;
	// A volatile dequeue to the DQRR first: it is what the driver waits on.
	while (pull_pending_) {
		const uint32_t fqid = pending_pull_.dq_src.load() & hw::kFqidMask;
		QbmanFq *fq = qb_.find_fq(fqid);
		const unsigned slot = dqrr_pi_ & (qb::kDqrrSize - 1);
		if (dqrr_held_ & (1u << slot))
			return any;
		qb::DequeueResult r{};
		r.verb = qb::result_verb::kDq;
		r.stat = qb::dq_stat::kVolatile;
		r.tok = pending_pull_.tok;
		r.fqid.store(fqid);
		bool last = true;
		if (fq != nullptr) {
			r.fqd_ctx.store(fq->settings.user_context);
			if (qb_.take(*fq, r.fd)) {
				r.stat |= qb::dq_stat::kValidFrame;
				last = --pending_left_ == 0 || fq->frames.empty();
			}
			if (fq->frames.empty())
				r.stat |= qb::dq_stat::kFqEmpty;
			r.fq_frm_cnt.store(static_cast<uint32_t>(fq->frames.size()));
			r.fq_byte_cnt.store(static_cast<uint32_t>(fq->bytes));
		}
		if (last) {
			r.stat |= qb::dq_stat::kExpired;
			pull_pending_ = false;
		}
		dqrr_push(r);
		any = true;
	}
	// Static dequeue: the channels SDQCR names, round robin, up to one or
	// three frames per command (FC).
	const uint32_t src = sdqcr_ & qb::sdqcr::kSrcMask;
	if (src == 0)
		return any;
	const unsigned per_visit = (sdqcr_ & qb::sdqcr::kFcUpTo3) ? 3 : 1;
	const auto tok =
		static_cast<uint8_t>((sdqcr_ & qb::sdqcr::kTokMask) >> qb::sdqcr::kTokShift);
	for (unsigned k = 0; k < 16; k++) {
		const unsigned bit = (sdq_next_bit_ + k) % 16;
		if (!(src & (1u << bit)) || sdq_channels_[bit] == 0)
			continue;
		QbmanFq *fq = qb_.next_scheduled(sdq_channels_[bit], sdq_cursor_);
		if (fq == nullptr)
			continue;
		for (unsigned f = 0; f < per_visit && !fq->frames.empty(); f++) {
			const unsigned slot = dqrr_pi_ & (qb::kDqrrSize - 1);
			if (dqrr_held_ & (1u << slot))
				return any;
			qb::DequeueResult r{};
			r.verb = qb::result_verb::kDq;
			r.tok = tok;
			r.fqid.store(fq->fqid);
			r.fqd_ctx.store(fq->settings.user_context);
			qb_.take(*fq, r.fd);
			r.stat = qb::dq_stat::kValidFrame;
			if (fq->frames.empty())
				r.stat |= qb::dq_stat::kFqEmpty;
			r.fq_frm_cnt.store(static_cast<uint32_t>(fq->frames.size()));
			r.fq_byte_cnt.store(static_cast<uint32_t>(fq->bytes));
			dqrr_push(r);
			any = true;
		}
		sdq_next_bit_ = (bit + 1) % 16;
	}
	return any;
}

int SwPortal::add_static_dequeue_channel(uint16_t channel)
{
	for (unsigned i = 0; i < sdq_channels_.size(); i++)
		if (sdq_channels_[i] == channel)
			return static_cast<int>(i);
	for (unsigned i = 0; i < sdq_channels_.size(); i++)
		if (sdq_channels_[i] == 0) {
			sdq_channels_[i] = channel;
			return static_cast<int>(i);
		}
	return -1;
}

bool SwPortal::remove_static_dequeue_channel(uint16_t channel)
{
	for (auto &c : sdq_channels_)
		if (c == channel && channel != 0) {
			c = 0;
			return true;
		}
	return false;
}

// ---------------------------------------------------------------- RCR

uint32_t SwPortal::rar_read()
{
	// Direct mode: slots whose commands QBMan has not looked at yet are
	// served first, so that a driver that releases faster than the model
	// thread polls finds a slot.
	if (!memory_backed_)
		service_rcr();
	for (unsigned k = 0; k < qb::kRcrSlots; k++) {
		const unsigned slot = (rcr_next_ + k) % qb::kRcrSlots;
		RcrSlot &s = rcr_[slot];
		if (s.granted)
			continue;
		s.granted = true;
		rcr_next_ = (slot + 1) % qb::kRcrSlots;
		return qb::rar::kSuccess | s.vb | slot;
	}
	return 0;
}

void SwPortal::rcr_doorbell(unsigned slot)
{
	RcrSlot &s = rcr_[slot];
	if (!s.granted) {
		qb_.misuse().record(QbmanMisuse::rcr_slot_not_granted,
				    "portal %u: release doorbell for RCR slot %u, which RAR did "
				    "not grant",
				    index_, slot);
		return;
	}
	release_entry(cena() + rcr_offset(slot), s.vb, slot);
}

bool SwPortal::service_rcr()
{
	bool any = false;
	for (unsigned slot = 0; slot < qb::kRcrSlots; slot++) {
		RcrSlot &s = rcr_[slot];
		if (!s.granted)
			continue;
		const uint8_t *line = cena() + rcr_offset(slot);
		const uint8_t verb = load_verb(line);
		if ((verb & qb::kValidBit) != s.vb || !(verb & qb::rcr_verb::kRcValid))
			continue;
		release_entry(line, s.vb, slot);
		any = true;
	}
	return any;
}

void SwPortal::release_entry(const uint8_t *line, uint8_t expect_vb, unsigned slot)
{
	qb::ReleaseCommand c;
	std::memcpy(&c, line, sizeof(c));
	c.verb = load_verb(line);
	RcrSlot &s = rcr_[slot];
	s.granted = false;
	s.vb ^= qb::kValidBit;
	const unsigned n = c.verb & qb::rcr_verb::kNumMask;
	if (!(c.verb & qb::rcr_verb::kRcValid) || (c.verb & qb::kValidBit) != expect_vb || n == 0) {
		qb_.misuse().record(QbmanMisuse::bad_rcr_entry,
				    "portal %u: RCR slot %u verb 0x%02x: want RC valid (0x20), "
				    "valid bit 0x%02x and 1..7 buffers",
				    index_, slot, c.verb, expect_vb);
		return;
	}
	const uint16_t bpid = c.bpid.load() & hw::kBpidMask;
	for (unsigned i = 0; i < n; i++)
		qb_.bp_release(bpid, c.buf[i].load());
}

// ---------------------------------------------------------------- CR / RR

void SwPortal::cr_doorbell()
{
	uint8_t cmd[64];
	std::memcpy(cmd, cena() + cr_offset(), sizeof(cmd));
	if ((cmd[0] & qb::kValidBit) != rr_vb_)
		qb_.misuse().record(QbmanMisuse::cr_valid_bit,
				    "portal %u: management command verb 0x%02x, but the next "
				    "response carries valid bit 0x%02x",
				    index_, cmd[0], rr_vb_);
	execute_mc(cmd, cena() + qb::cena::mem::kRr, rr_vb_);
	rr_vb_ ^= qb::kValidBit;
}

bool SwPortal::service_cr()
{
	const uint8_t *line = cena() + qb::cena::direct::kCr;
	const uint8_t verb = load_verb(line);
	if ((verb & qb::kValidBit) != cr_vb_ || (verb & qb::mc_verb::kMask) == 0)
		return false;
	uint8_t cmd[64];
	std::memcpy(cmd, line, sizeof(cmd));
	cmd[0] = verb;
	const uint8_t vb = cr_vb_;
	cr_vb_ ^= qb::kValidBit;
	// The response area of this valid bit still holds the answer of two
	// commands ago: it is cleared before the answer is written, and that of
	// the other valid bit (the previous answer, which the driver has read
	// before it wrote this command) is cleared so that the next command's
	// poll cannot see it.
	cena()[qb::cena::direct::rr(vb ^ qb::kValidBit)] = 0;
	execute_mc(cmd, cena() + qb::cena::direct::rr(vb), vb);
	return true;
}

void SwPortal::execute_mc(const uint8_t *cmd, uint8_t *rsp, uint8_t rsp_vb)
{
	namespace mv = qb::mc_verb;
	const uint8_t verb = cmd[0] & mv::kMask;
	uint8_t out[64] = {};
	out[1] = qb::kMcResultOk;
	switch (verb) {
	case mv::kAcquire: {
		qb::AcquireCommand c;
		std::memcpy(&c, cmd, sizeof(c));
		auto *r = reinterpret_cast<qb::AcquireResponse *>(out);
		const uint16_t bpid = c.bpid.load();
		if (c.num == 0 || c.num > qb::kMaxReleaseBuffers) {
			qb_.misuse().record(QbmanMisuse::bad_mc_command,
					    "portal %u: acquire of %u buffers (1..7)", index_,
					    c.num);
			r->rslt = reported::kMcResultError;
			break;
		}
		if (!qb_.bp_exists(bpid)) {
			qb_.misuse().record(
				QbmanMisuse::acquire_bad_bpid,
				"portal %u: acquire from BPID %u, which is not allocated", index_,
				bpid);
			r->rslt = reported::kMcResultError;
			break;
		}
		uint64_t bufs[qb::kMaxReleaseBuffers];
		r->num = static_cast<uint8_t>(qb_.bp_acquire(bpid, bufs, c.num));
		for (unsigned i = 0; i < r->num; i++)
			r->buf[i].store(bufs[i]);
		break;
	}
	case mv::kBpQuery: {
		qb::BpQueryCommand c;
		std::memcpy(&c, cmd, sizeof(c));
		auto *r = reinterpret_cast<qb::BpQueryResponse *>(out);
		const uint16_t bpid = c.bpid.load();
		if (!qb_.bp_exists(bpid)) {
			r->rslt = reported::kMcResultError;
			break;
		}
		const uint32_t n = qb_.bp_count(bpid);
		r->fill.store(n);
		r->state =
			static_cast<uint8_t>((n == 0 ? qb::bp_state::kEmpty : 0) |
					     (qb_.bp_depleted(bpid) ? qb::bp_state::kDepleted : 0));
		r->vbpid.store(bpid);
		break;
	}
	case mv::kFqQuery: {
		qb::FqQueryCommand c;
		std::memcpy(&c, cmd, sizeof(c));
		auto *r = reinterpret_cast<qb::FqQueryResponse *>(out);
		const QbmanFq *fq = qb_.find_fq(c.fqid.load() & hw::kFqidMask);
		if (fq == nullptr) {
			r->rslt = reported::kMcResultError;
			break;
		}
		r->fqd_ctx.store(fq->settings.user_context);
		r->vfqid.store(fq->fqid);
		break;
	}
	case mv::kFqQueryNp: {
		qb::FqQueryCommand c;
		std::memcpy(&c, cmd, sizeof(c));
		auto *r = reinterpret_cast<qb::FqQueryNpResponse *>(out);
		const QbmanFq *fq = qb_.find_fq(c.fqid.load() & hw::kFqidMask);
		if (fq == nullptr) {
			r->rslt = reported::kMcResultError;
			break;
		}
		r->st1 = fq->settings.scheduled && !fq->frames.empty() ? qb::fq_st1::kTrulyScheduled
								       : qb::fq_st1::kParked;
		r->frm_cnt.store(static_cast<uint32_t>(fq->frames.size()) & qb::kFqFrameCountMask);
		r->byte_cnt.store(static_cast<uint32_t>(fq->bytes));
		break;
	}
	case mv::kWqchanConfigure:
	case mv::kWqQuery:
	case mv::kFqSchedule:
	case mv::kFqForce:
	case mv::kFqXon:
	case mv::kFqXoff:
	case mv::kCgrQuery:
	case mv::kWredQuery:
	case mv::kCgrStatQuery:
	case mv::kCgrStatQueryClear:
		// Known commands of eventdev, the kernel and debugging, with
		// nothing modelled behind them: acknowledged, zeros.
		break;
	default:
		qb_.misuse().record(QbmanMisuse::bad_mc_verb,
				    "portal %u: management command verb 0x%02x", index_, cmd[0]);
		out[1] = reported::kMcResultError;
		break;
	}
	out[0] = static_cast<uint8_t>(verb | rsp_vb);
	publish(rsp, out, sizeof(out), 0);
}

// ---------------------------------------------------------------- direct

void SwPortal::cena_store(uint32_t off, const void *src, size_t len)
{
	if (off >= kCenaSize || len > kCenaSize - off) {
		qb_.misuse().record(QbmanMisuse::cinh_bad_offset,
				    "portal %u: CENA store of %zu bytes at 0x%x, outside the area",
				    index_, len, off);
		return;
	}
	const auto *s = static_cast<const uint8_t *>(src);
	// The verb byte last, if the store holds one, as the driver ordered it.
	const uint32_t first_line = (off + qb::kLineSize - 1) / qb::kLineSize * qb::kLineSize;
	const bool has_verb = first_line < off + len;
	if (!has_verb) {
		std::memcpy(cena() + off, s, len);
		return;
	}
	const size_t at = first_line - off;
	std::memcpy(cena() + off, s, at);
	if (at + 1 < len)
		std::memcpy(cena() + first_line + 1, s + at + 1, len - at - 1);
	__atomic_store_n(cena() + first_line, s[at], __ATOMIC_RELEASE);
	service();
}

void SwPortal::cena_load(uint32_t off, void *dst, size_t len)
{
	if (off >= kCenaSize || len > kCenaSize - off) {
		std::memset(dst, 0, len);
		return;
	}
	std::memcpy(dst, cena() + off, len);
}

bool SwPortal::service()
{
	if (memory_backed_ || cfg_ == 0)
		return false;
	bool any = service_cr();
	any |= service_rcr();
	any |= service_vdqcr();
	any |= service_eqcr();
	return any;
}

} // namespace dpaa2::model
