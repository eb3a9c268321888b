/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BMan software-portal driver: release buffers through the release command
// ring (RCR, valid-bit mode), acquire them with the management command, query
// pool state; pool thresholds and free counts go through the BMan CCSR
// window (RegisterWindow: MMIO on a board, the model's registers here).
#pragma once

#include <cerrno>
#include <cstdint>
#include <span>

#include "dpaa_hw/bman_ccsr.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/ids.hpp"
#include "dpaa_hw/portal_access.hpp"
#include "dpaa_hw/register_window.hpp"
#include "dpaa_hw/ring.hpp"
#include "qbman/checking.hpp"
#include "qbman/hw_wait.hpp"

namespace dpaa::qbman
{

namespace bm = hw::bm;

struct BmanPortalConfig {
	void *ce; // cache-enabled area, 16 KiB
	void *ci; // cache-inhibited area, 16 KiB
	unsigned index;
	hw::RegisterWindow *ccsr; // BMan CCSR (thresholds, pool content)
};

class BmanPortal
{
public:
	explicit BmanPortal(const BmanPortalConfig &cfg) noexcept;

	int init() noexcept;
	void set_wait_hook(WaitHook h) noexcept { wait_ = h; }
	unsigned index() const noexcept { return index_; }

	// Release 1..8 buffers (48-bit bus addresses) to one pool with one RCR
	// entry. 0, -EBUSY if the RCR is full, -EINVAL for a bad count or BPID.
	int release(hw::Bpid bpid, std::span<const uint64_t> bufs) noexcept
	{
		if (bufs.empty() || bufs.size() > bm::kMaxBufs || bpid.value >= bm::kNumPools)
			[[unlikely]]
			return -EINVAL;
		if (rcr_avail_ == 0 && rcr_update() == 0) [[unlikely]]
			return -EBUSY;
		bm::RcrEntry *e = rcr_.start();
		for (size_t i = 0; i < bufs.size(); i++)
			e->bufs[i].set_addr(bufs[i]);
		e->bpid() = bpid.value;
		rcr_.commit(static_cast<uint8_t>(bm::rcr_verb::kCmdBpidSingle | bufs.size()));
		rcr_avail_--;
		return 0;
	}

	// release(), waiting (see hw_wait.hpp) while the RCR is full: 0,
	// -ETIMEDOUT if BMan never makes room, -EINVAL.
	int release_wait(hw::Bpid bpid, std::span<const uint64_t> bufs) noexcept;

	unsigned rcr_update() noexcept
	{
		const unsigned ci = hw::reg_read(ci_, bm::ci::kRcrCi) & (bm::kRcrSize - 1);
		const unsigned fill =
			hw::RingCursor<bm::kRcrSize>::distance(ci, rcr_.cursor().idx());
		rcr_avail_ = bm::kRcrSize - 1 - fill;
		return rcr_avail_;
	}

	// Acquire exactly out.size() (1..8) buffers: returns that count, 0 when
	// the pool has fewer (BMan hands out all or nothing), or negative errno.
	int acquire(hw::Bpid bpid, std::span<uint64_t> out) noexcept;

	// Pools with buffers / in depletion, bit n for BPID n.
	int query(uint64_t &available, uint64_t &depleted) noexcept;

	// Free buffers in a pool (BMan CCSR POOL_CONTENT).
	int64_t free_count(hw::Bpid bpid) noexcept;
	// Software depletion entry/exit thresholds (CCSR POOL_SWDET/SWDXT), in
	// buffers, rounded up to what the registers can hold. The pool enters
	// depletion when its count falls below 'entry' and leaves it above 'exit'.
	int set_depletion_thresholds(hw::Bpid bpid, uint32_t entry, uint32_t exit) noexcept;

private:
	const bm::McCommand *mc_submit(uint8_t verb, uint8_t bpid) noexcept;
	const void *mc_wait() noexcept;

	void *ce_;
	void *ci_;
	unsigned index_;
	hw::RegisterWindow *ccsr_;
	hw::Ring<bm::RcrEntry, bm::kRcrSize> rcr_;
	unsigned rcr_avail_ = 0;
	uint8_t mc_vbit_ = hw::kVbit;
	unsigned mc_rridx_ = 1;
	bool mc_pending_ = false;
	WaitHook wait_{};
};

} // namespace dpaa::qbman
