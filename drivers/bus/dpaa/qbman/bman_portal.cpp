/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "qbman/bman_portal.hpp"

#include <cstring>

namespace dpaa::qbman
{

BmanPortal::BmanPortal(const BmanPortalConfig &cfg) noexcept
    : ce_(cfg.ce), ci_(cfg.ci), index_(cfg.index), ccsr_(cfg.ccsr)
{
}

int BmanPortal::init() noexcept
{
	if (ce_ == nullptr || ci_ == nullptr)
		return -EINVAL;
	// BCSP_CFG::RPM = valid-bit production.
	const uint32_t cfg = hw::reg_read(ci_, bm::ci::kCfg) & ~bm::kCfgRpmMask;
	hw::reg_write(ci_, bm::ci::kCfg, cfg | static_cast<uint32_t>(bm::RcrPmode::pvb));
	rcr_.init(hw::area_at<void>(ce_, bm::ce::kRcr),
		  hw::RingCursor<bm::kRcrSize>::from_reg(hw::reg_read(ci_, bm::ci::kRcrPi)));
	rcr_update();
	// Lines a previous owner of the portal may have left in this core's
	// cache: the CR's verb is read next, the responses later.
	hw::invalidate_lines(hw::area_at<void>(ce_, bm::ce::kCr), 1);
	hw::invalidate_lines(hw::area_at<void>(ce_, bm::ce::kRr0), 2);
	const uint8_t last = hw::load_verb(hw::area_at<void>(ce_, bm::ce::kCr));
	mc_rridx_ = (last & hw::kVbit) ? 0 : 1;
	mc_vbit_ = mc_rridx_ ? hw::kVbit : 0;
	mc_pending_ = false;
	return 0;
}

const void *BmanPortal::mc_wait() noexcept
{
	const void *rr = hw::area_at<void>(ce_, mc_rridx_ ? bm::ce::kRr1 : bm::ce::kRr0);
	HwWait wait(wait_);
	while (!hw::response_ready(rr)) {
		if (!wait()) {
			mc_pending_ = true;
			return nullptr;
		}
	}
	mc_vbit_ ^= hw::kVbit;
	mc_rridx_ ^= 1;
	mc_pending_ = false;
	return rr;
}

int BmanPortal::release_wait(hw::Bpid bpid, std::span<const uint64_t> bufs) noexcept
{
	HwWait wait(wait_);
	for (;;) {
		const int ret = release(bpid, bufs);
		if (ret != -EBUSY) [[likely]]
			return ret;
		if (!wait())
			return -ETIMEDOUT;
	}
}

const bm::McCommand *BmanPortal::mc_submit(uint8_t verb, uint8_t bpid) noexcept
{
	if (mc_pending_ && mc_wait() == nullptr)
		return nullptr;
	auto *cr = hw::area_at<bm::McCommand>(ce_, bm::ce::kCr);
	static_assert(sizeof(*cr) == 64);
	hw::clear_entry_body(cr);
	cr->bpid = bpid;
	hw::submit_command(cr, static_cast<uint8_t>(verb | mc_vbit_),
			   hw::area_at<void>(ce_, mc_rridx_ ? bm::ce::kRr1 : bm::ce::kRr0));
	return cr;
}

int BmanPortal::acquire(hw::Bpid bpid, std::span<uint64_t> out) noexcept
{
	if (out.empty() || out.size() > bm::kMaxBufs || bpid.value >= bm::kNumPools)
		return -EINVAL;
	if (mc_submit(static_cast<uint8_t>(bm::mcc_verb::kCmdAcquire | out.size()), bpid.value) ==
	    nullptr)
		return -ETIMEDOUT;
	const auto *r = static_cast<const bm::McrAcquire *>(mc_wait());
	if (r == nullptr)
		return -ETIMEDOUT;
	if ((r->verb() & bm::mcc_verb::kCmdMask) != bm::mcc_verb::kCmdAcquire)
		return -EIO;
	const unsigned n = r->count();
	if (n > out.size())
		return -EIO;
	for (unsigned i = 0; i < n; i++)
		out[i] = r->bufs[i].addr();
	return static_cast<int>(n);
}

int BmanPortal::query(uint64_t &available, uint64_t &depleted) noexcept
{
	if (mc_submit(bm::mcc_verb::kCmdQuery, 0) == nullptr)
		return -ETIMEDOUT;
	const auto *r = static_cast<const bm::McrQuery *>(mc_wait());
	if (r == nullptr)
		return -ETIMEDOUT;
	if ((r->verb & bm::mcc_verb::kCmdMask) != bm::mcc_verb::kCmdQuery)
		return -EIO;
	available = depleted = 0;
	for (unsigned i = 0; i < bm::kNumPools; i++) {
		available |= uint64_t{r->as.test(i)} << i;
		depleted |= uint64_t{r->ds.test(i)} << i;
	}
	return 0;
}

int64_t BmanPortal::free_count(hw::Bpid bpid) noexcept
{
	if (ccsr_ == nullptr)
		return -ENODEV;
	if (bpid.value >= bm::kNumPools)
		return -EINVAL;
	return ccsr_->read32(bm::ccsr::pool_content(bpid.value));
}

int BmanPortal::set_depletion_thresholds(hw::Bpid bpid, uint32_t entry, uint32_t exit) noexcept
{
	if (ccsr_ == nullptr)
		return -ENODEV;
	if (bpid.value >= bm::kNumPools || entry > bm::ccsr::thresh::kMaxValue ||
	    exit > bm::ccsr::thresh::kMaxValue)
		return -EINVAL;
	// Exit first so that the pool never sees an exit below its entry.
	ccsr_->write32(bm::ccsr::pool_swdxt(bpid.value), bm::ccsr::thresh::encode(exit));
	ccsr_->write32(bm::ccsr::pool_swdet(bpid.value), bm::ccsr::thresh::encode(entry));
	return 0;
}

} // namespace dpaa::qbman
