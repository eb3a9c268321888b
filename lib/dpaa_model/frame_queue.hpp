/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A bounded FIFO of frames for the wires that hold frames in flight (cable,
// loopback, a held frame the MAC refused). Slots keep their capacity, so after
// warm-up a frame costs a copy and no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dpaa::model
{

class FrameQueue
{
public:
	explicit FrameQueue(size_t capacity) : slots_(capacity), tags_(capacity) {}

	size_t capacity() const { return slots_.size(); }
	size_t size() const { return count_; }
	bool empty() const { return count_ == 0; }
	bool full() const { return count_ == slots_.size(); }

	// false (and nothing stored) when full.
	// tag: what the wire keeps with the frame (a cable: when it left).
	bool push(std::span<const uint8_t> frame, uint64_t tag = 0)
	{
		if (full())
			return false;
		const size_t i = (head_ + count_) % slots_.size();
		std::vector<uint8_t> &slot = slots_[i];
		slot.assign(frame.begin(), frame.end());
		tags_[i] = tag;
		count_++;
		return true;
	}
	std::span<const uint8_t> front() const { return slots_[head_]; }
	uint64_t front_tag() const { return tags_[head_]; }
	void pop()
	{
		head_ = (head_ + 1) % slots_.size();
		count_--;
	}

private:
	std::vector<std::vector<uint8_t>> slots_;
	std::vector<uint64_t> tags_;
	size_t head_ = 0;
	size_t count_ = 0;
};

} // namespace dpaa::model
