/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FQID allocator over a range of the 24-bit FQID space (the range a board's
// device tree, or the model's configuration, gives to this process).
// Allocations are contiguous and aligned, as RSS and Tx-confirmation queue
// groups need. Thread-safe (a spinlock: control path only).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "dpaa_hw/ids.hpp"

namespace dpaa::qbman
{

class FqidAllocator
{
public:
	FqidAllocator() noexcept = default;
	// 0, -EINVAL for an empty or out-of-range range, -ENOMEM.
	int init(uint32_t first, uint32_t count) noexcept;

	// First FQID of 'count' free consecutive FQIDs whose first is a multiple
	// of 'align' (a power of two); -ENOSPC if none.
	int64_t alloc(uint32_t count = 1, uint32_t align = 1) noexcept;
	// Claim a specific range; -EBUSY if any of it is taken.
	int reserve(uint32_t first, uint32_t count) noexcept;
	// -EINVAL if any of it was not allocated (nothing is freed then).
	int free(uint32_t first, uint32_t count = 1) noexcept;
	uint32_t available() const noexcept;

private:
	bool test(uint32_t i) const noexcept { return bits_[i / 64] & (uint64_t{1} << (i % 64)); }
	void set(uint32_t i, bool v) noexcept
	{
		if (v)
			bits_[i / 64] |= uint64_t{1} << (i % 64);
		else
			bits_[i / 64] &= ~(uint64_t{1} << (i % 64));
	}
	bool range_free(uint32_t rel, uint32_t count) const noexcept;
	void lock() const noexcept;
	void unlock() const noexcept { locked_.clear(std::memory_order_release); }

	uint32_t first_ = 0;
	uint32_t count_ = 0;
	uint32_t used_ = 0;
	std::unique_ptr<uint64_t[]> bits_;
	mutable std::atomic_flag locked_ = ATOMIC_FLAG_INIT;
};

} // namespace dpaa::qbman
