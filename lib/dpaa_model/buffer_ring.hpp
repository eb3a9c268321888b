/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The buffers of one BMan pool: a ring that grows (doubling) when a release
// finds it full, so after warm-up an acquire or a release is an index
// update, with no allocation (a std::deque allocates and frees a block
// every few hundred entries as the pool circulates). FIFO from the head,
// LIFO from the tail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dpaa::model
{

class BufferRing
{
public:
	size_t size() const noexcept { return count_; }
	bool empty() const noexcept { return count_ == 0; }

	void push_back(uint64_t v)
	{
		if (count_ == slots_.size())
			grow();
		slots_[(head_ + count_) & mask_] = v;
		count_++;
	}
	// n values, each masked: one check for room, then the stores.
	void push_back(const uint64_t *v, size_t n, uint64_t mask)
	{
		while (count_ + n > slots_.size())
			grow();
		for (size_t i = 0; i < n; i++)
			slots_[(head_ + count_ + i) & mask_] = v[i] & mask;
		count_ += n;
	}
	uint64_t pop_front() noexcept
	{
		const uint64_t v = slots_[head_];
		head_ = (head_ + 1) & mask_;
		count_--;
		return v;
	}
	// What pop_front() / pop_back() would return; the ring must not be empty.
	uint64_t front() const noexcept { return slots_[head_]; }
	uint64_t back() const noexcept { return slots_[(head_ + count_ - 1) & mask_]; }
	uint64_t pop_back() noexcept
	{
		count_--;
		return slots_[(head_ + count_) & mask_];
	}

private:
	// Rare (warm-up): out of line, so that a release is a few stores.
	[[gnu::noinline]] void grow()
	{
		std::vector<uint64_t> bigger(slots_.empty() ? 64 : 2 * slots_.size());
		for (size_t i = 0; i < count_; i++)
			bigger[i] = slots_[(head_ + i) & mask_];
		slots_.swap(bigger);
		head_ = 0;
		mask_ = slots_.size() - 1;
	}

	std::vector<uint64_t> slots_;
	size_t head_ = 0, count_ = 0, mask_ = 0;
};

} // namespace dpaa::model
