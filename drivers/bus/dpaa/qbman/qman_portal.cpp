/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "qbman/qman_portal.hpp"

#include <cstring>

namespace dpaa::qbman
{

int qman_result_errno(uint8_t result) noexcept
{
	switch (result) {
	case qm::mcr_result::kOk:
		return 0;
	case qm::mcr_result::kErrFqid:
	case qm::mcr_result::kErrBadChannel:
		return -EINVAL;
	case qm::mcr_result::kErrFqState:
		return -EPERM; // not allowed in the FQ's current state
	case qm::mcr_result::kErrNotEmpty:
		return -ENOTEMPTY;
	case qm::mcr_result::kPending:
		return -EINPROGRESS;
	case qm::mcr_result::kErrBadCommand:
		return -ENOTSUP;
	default:
		return -EIO;
	}
}

namespace
{

bool valid_fqid(hw::Fqid f) noexcept
{
	return f.value != 0 && f.value <= qm::kFqidMask;
}

} // namespace

QmanPortal::QmanPortal(const QmanPortalConfig &cfg) noexcept
    : ce_(cfg.ce), ci_(cfg.ci), channel_(cfg.channel), index_(cfg.index), pools_(cfg.pools)
{
}

#ifndef RTE_DPAA_BOARD_ONLY
unsigned QmanPortal::eqcr_full_call() noexcept
{
	// EQCR_CI again even when the hook took nothing: QMan may have consumed
	// the ring meanwhile (the model's thread, which kept the hook out).
	eqcr_full_.fn(eqcr_full_.arg, index_);
	return eqcr_update();
}
#endif

int QmanPortal::init(DqrrConsume mode) noexcept
{
	if (ce_ == nullptr || ci_ == nullptr)
		return -EINVAL;
	consume_ = mode;
	const uint32_t dcm = static_cast<uint32_t>(mode == DqrrConsume::dcap ? qm::DqrrCmode::cdc
									     : qm::DqrrCmode::cci);
	hw::reg_write(ci_, qm::ci::kCfg,
		      (static_cast<uint32_t>(qm::EqcrPmode::pvb) << qm::cfg::kEpmShift) |
			      (kDqrrMaxFill << qm::cfg::kMfShift) | (dcm << qm::cfg::kDcmShift) |
			      qm::cfg::kReSe);
	set_sdqcr(0);

	using EqCursor = hw::RingCursor<qm::kEqcrSize>;
	using DqCursor = hw::RingCursor<qm::kDqrrSize>;
	using MrCursor = hw::RingCursor<qm::kMrSize>;
	eqcr_.init(hw::area_at<void>(ce_, qm::ce::kEqcr),
		   EqCursor::from_reg(hw::reg_read(ci_, qm::ci::kEqcrPi)));
	eqcr_update();
	// Start after whatever the portal produced before we took it, and
	// consume that.
	dqrr_.init(hw::area_at<void>(ce_, qm::ce::kDqrr),
		   DqCursor::from_reg(hw::reg_read(ci_, qm::ci::kDqrrPi)));
	dqrr_unacked_ = 0;
	if (mode == DqrrConsume::ci_register)
		hw::reg_write(ci_, qm::ci::kDqrrCi, dqrr_.cursor().idx());
	vdq_busy_ = false;
	mr_.init(hw::area_at<void>(ce_, qm::ce::kMr),
		 MrCursor::from_reg(hw::reg_read(ci_, qm::ci::kMrPi)));
	mr_consume();
	// Whatever a previous owner of the portal left in this core's cache of
	// the lines read from now on is stale.
	dqrr_.invalidate();
	mr_.invalidate();
	hw::invalidate_lines(hw::area_at<void>(ce_, qm::ce::kCr), 1);
	hw::invalidate_lines(hw::area_at<void>(ce_, qm::ce::kRr0), 2);

	// The polarity of the next command follows the last one the CR holds.
	const uint8_t last = hw::load_verb(hw::area_at<void>(ce_, qm::ce::kCr));
	mc_rridx_ = (last & hw::kVbit) ? 0 : 1;
	mc_vbit_ = mc_rridx_ ? hw::kVbit : 0;
	mc_pending_ = false;
	return 0;
}

int QmanPortal::volatile_dequeue(hw::Fqid fqid, unsigned n, bool exact) noexcept
{
	if (!valid_fqid(fqid) || n > qm::vdqcr::kMaxFrames)
		return -EINVAL;
	if (vdq_busy_)
		return -EBUSY;
	vdq_busy_ = true;
	hw::reg_write(ci_, qm::ci::kVdqcr,
		      (exact ? qm::vdqcr::kExact : 0) | qm::vdqcr::numframes(n) | fqid.value);
	return 0;
}

qm::McCommand *QmanPortal::mc_start() noexcept
{
	if (mc_pending_) [[unlikely]] {
		// The previous command timed out: its response must arrive
		// before the next command may be written.
		const void *rr = hw::area_at<void>(ce_, mc_rridx_ ? qm::ce::kRr1 : qm::ce::kRr0);
		HwWait wait(wait_);
		while (!hw::response_ready(rr))
			if (!wait())
				return nullptr;
		mc_vbit_ ^= hw::kVbit;
		mc_rridx_ ^= 1;
		mc_pending_ = false;
	}
	auto *cr = hw::area_at<qm::McCommand>(ce_, qm::ce::kCr);
	std::memset(cr->body, 0, sizeof(cr->body));
	return cr;
}

const qm::McResult *QmanPortal::mc_commit(uint8_t verb) noexcept
{
	auto *cr = hw::area_at<qm::McCommand>(ce_, qm::ce::kCr);
	const auto *rr =
		hw::area_at<const qm::McResult>(ce_, mc_rridx_ ? qm::ce::kRr1 : qm::ce::kRr0);
	hw::submit_command(cr, static_cast<uint8_t>((verb & qm::mcc_verb::kMask) | mc_vbit_), rr);
	HwWait wait(wait_);
	while (!hw::response_ready(rr)) {
		if (!wait()) {
			mc_pending_ = true;
			return nullptr;
		}
	}
	mc_vbit_ ^= hw::kVbit;
	mc_rridx_ ^= 1;
	return rr;
}

int QmanPortal::init_fq(hw::Fqid fqid, const FqInit &p) noexcept
{
	if (!valid_fqid(fqid) || p.wq > 7)
		return -EINVAL;
	auto *c = reinterpret_cast<qm::McInitFq *>(mc_start());
	if (c == nullptr)
		return -ETIMEDOUT;
	uint16_t we = qm::we::kDestWq | qm::we::kFqCtrl | qm::we::kTdThresh | qm::we::kContextA |
		      qm::we::kContextB;
	c->fqid.store(fqid.value);
	c->count.store(0);
	c->fqd.set_dest(p.dest.value, p.wq);
	uint16_t ctrl = p.fq_ctrl & qm::fq_ctrl::kMask;
	if (p.td_thresh != 0)
		ctrl |= qm::fq_ctrl::kTde;
	if (p.cgid >= 0) {
		we |= qm::we::kCgid;
		ctrl |= qm::fq_ctrl::kCge;
		c->fqd.cgid = static_cast<uint8_t>(p.cgid);
	}
	c->we_mask.store(we);
	c->fqd.fq_ctrl.store(ctrl);
	c->fqd.td.store(p.td_thresh ? qm::td::encode(p.td_thresh) : 0);
	c->fqd.context_a.store(p.context_a);
	c->fqd.context_b.store(p.context_b);
	const qm::McResult *r =
		mc_commit(p.schedule ? qm::mcc_verb::kInitFqSched : qm::mcc_verb::kInitFqParked);
	return r ? qman_result_errno(r->result) : -ETIMEDOUT;
}

// ALTER_FQ, QUERYFQ and QUERYFQ_NP share their request (one FQID): issue one,
// wait for its response and decode its result code. 'res' is the response
// whenever one came, so callers can read what it carries beside the code.
int QmanPortal::fq_command(uint8_t verb, hw::Fqid fqid, const qm::McResult *&res) noexcept
{
	res = nullptr;
	if (!valid_fqid(fqid))
		return -EINVAL;
	auto *c = reinterpret_cast<qm::McFq *>(mc_start());
	if (c == nullptr)
		return -ETIMEDOUT;
	c->fqid.store(fqid.value);
	res = mc_commit(verb);
	if (res == nullptr)
		return -ETIMEDOUT;
	return qman_result_errno(res->result);
}

int QmanPortal::alter(uint8_t verb, hw::Fqid fqid, uint8_t *fqs) noexcept
{
	const qm::McResult *res;
	const int rc = fq_command(verb, fqid, res);
	if (res != nullptr && fqs != nullptr)
		*fqs = reinterpret_cast<const qm::McrAlterFq *>(res)->fqs;
	return rc;
}

int QmanPortal::schedule_fq(hw::Fqid fqid) noexcept
{
	return alter(qm::mcc_verb::kAlterSched, fqid, nullptr);
}

int QmanPortal::retire_fq(hw::Fqid fqid, uint8_t *fqs) noexcept
{
	return alter(qm::mcc_verb::kAlterRetire, fqid, fqs);
}

int QmanPortal::oos_fq(hw::Fqid fqid) noexcept
{
	return alter(qm::mcc_verb::kAlterOos, fqid, nullptr);
}

int QmanPortal::query_fq(hw::Fqid fqid, FqConfig &out) noexcept
{
	const qm::McResult *res;
	const int rc = fq_command(qm::mcc_verb::kQueryFq, fqid, res);
	if (rc != 0)
		return rc;
	const auto *r = reinterpret_cast<const qm::McrQueryFq *>(res);
	out.dest = hw::Channel{r->fqd.channel()};
	out.wq = r->fqd.wq();
	out.fq_ctrl = r->fqd.fq_ctrl.load();
	out.context_a = r->fqd.context_a.load();
	out.context_b = r->fqd.context_b.load();
	out.td_thresh = qm::td::value(r->fqd.td.load());
	return 0;
}

int QmanPortal::query_fq_np(hw::Fqid fqid, FqNp &out) noexcept
{
	const qm::McResult *res;
	const int rc = fq_command(qm::mcc_verb::kQueryFqNp, fqid, res);
	if (rc != 0)
		return rc;
	const auto *r = reinterpret_cast<const qm::McrQueryFqNp *>(res);
	out.state = static_cast<qm::FqState>(r->state & qm::np_state::kMask);
	out.retire_pending = r->state & qm::np_state::kR;
	out.frames = r->frm_cnt();
	out.bytes = r->byte_cnt.load();
	return 0;
}

int QmanPortal::init_cgr(uint8_t cgid, const CgrInit &p) noexcept
{
	auto *c = reinterpret_cast<qm::McInitCgr *>(mc_start());
	if (c == nullptr)
		return -ETIMEDOUT;
	c->we_mask.store(qm::cgr_we::kCsThres | qm::cgr_we::kMode | qm::cgr_we::kCstdEn |
			 qm::cgr_we::kCscnEn | qm::cgr_we::kCscnTarg);
	c->cgr.cs_thres.store(qm::cs_thres::encode_down(p.threshold));
	c->cgr.mode = p.frame_mode ? qm::cgr::kModeFrame : 0;
	c->cgr.cstd_en = p.tail_drop ? qm::cgr::kEn : 0;
	c->cgr.cscn_en = p.notify_me ? qm::cgr::kEn : 0;
	// QMan rev 3.x: CSCN_TARG is written one target at a time.
	const uint16_t upd = static_cast<uint16_t>((p.notify_me ? qm::cgr::kTargUpdWriteBit : 0) |
						   (index_ & qm::cgr::kTargUpdIdxMask));
	c->cgr.cscn_targ.store(uint32_t{upd} << 16);
	c->cgid = cgid;
	const qm::McResult *r = mc_commit(qm::mcc_verb_cgr::kInitCgr);
	return r ? qman_result_errno(r->result) : -ETIMEDOUT;
}

int QmanPortal::set_cgr_threshold(uint8_t cgid, uint64_t threshold) noexcept
{
	auto *c = reinterpret_cast<qm::McInitCgr *>(mc_start());
	if (c == nullptr)
		return -ETIMEDOUT;
	c->we_mask.store(qm::cgr_we::kCsThres);
	c->cgr.cs_thres.store(qm::cs_thres::encode_down(threshold));
	c->cgid = cgid;
	const qm::McResult *r = mc_commit(qm::mcc_verb_cgr::kModifyCgr);
	return r ? qman_result_errno(r->result) : -ETIMEDOUT;
}

int QmanPortal::query_cgr(uint8_t cgid, CgrState &out) noexcept
{
	auto *c = reinterpret_cast<qm::McQueryCgr *>(mc_start());
	if (c == nullptr)
		return -ETIMEDOUT;
	c->cgid = cgid;
	const qm::McResult *res = mc_commit(qm::mcc_verb_cgr::kQueryCgr);
	if (res == nullptr)
		return -ETIMEDOUT;
	const int rc = qman_result_errno(res->result);
	if (rc != 0)
		return rc;
	const auto *r = reinterpret_cast<const qm::McrQueryCgr *>(res);
	out.threshold = qm::cs_thres::value(r->cgr.cs_thres.load());
	out.count = r->i_bcnt();
	out.frame_mode = r->cgr.mode & qm::cgr::kModeFrame;
	out.tail_drop = r->cgr.cstd_en & qm::cgr::kEn;
	out.congested = r->cgr.cs & 1;
	out.notifies_me =
		r->cscn_targ_swp[(index_ / 32) % 4].load() & qm::cgr::targ_swp_bit(index_);
	return 0;
}

int QmanPortal::query_congestion(uint32_t (&state)[8]) noexcept
{
	if (mc_start() == nullptr)
		return -ETIMEDOUT;
	const qm::McResult *res = mc_commit(qm::mcc_verb_cgr::kQueryCongestion);
	if (res == nullptr)
		return -ETIMEDOUT;
	const int rc = qman_result_errno(res->result);
	if (rc != 0)
		return rc;
	const auto *r = reinterpret_cast<const qm::McrQueryCongestion *>(res);
	for (unsigned w = 0; w < 8; w++)
		state[w] = r->state[w].load();
	return 0;
}

} // namespace dpaa::qbman
