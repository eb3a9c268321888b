/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The hardware IDs of every kind one SoC hands out, one IdAllocator per
// kind behind one lock: what the USDPAA kernel's ID_ALLOC ioctls serve (one
// pool per kind, as the kernel's gen_pools), and what a model platform that
// runs the SoC in the process serves the same way. Kinds are small indexes
// (the caller's enum); callers may come from several threads.
#pragma once

#include <cerrno>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "emu_common/id_allocator.hpp"

namespace dpaa::emu
{

class IdPools
{
public:
	using Ranges = std::vector<std::pair<uint32_t, uint32_t>>; // first, count

	// One entry per kind: the ranges its IDs come from.
	explicit IdPools(const std::vector<Ranges> &per_kind) : pools_(per_kind.size())
	{
		for (size_t k = 0; k < per_kind.size(); k++)
			pools_[k].set_ranges(per_kind[k]);
	}

	// IdAllocator::alloc of that kind; -EINVAL for no such kind.
	int alloc(unsigned kind, uint32_t &base, uint32_t &num, uint32_t align, bool partial)
	{
		std::lock_guard<std::mutex> hold(lock_);
		return kind < pools_.size() ? pools_[kind].alloc(base, num, align, partial)
					    : -EINVAL;
	}

	int reserve(unsigned kind, uint32_t base, uint32_t num)
	{
		std::lock_guard<std::mutex> hold(lock_);
		return kind < pools_.size() ? pools_[kind].reserve(base, num) : -EINVAL;
	}

	int release(unsigned kind, uint32_t base, uint32_t num)
	{
		std::lock_guard<std::mutex> hold(lock_);
		return kind < pools_.size() ? pools_[kind].release(base, num) : -EINVAL;
	}

	size_t held(unsigned kind) const
	{
		std::lock_guard<std::mutex> hold(lock_);
		return kind < pools_.size() ? pools_[kind].held() : 0;
	}

private:
	mutable std::mutex lock_;
	std::vector<IdAllocator> pools_;
};

} // namespace dpaa::emu
