/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The frames an FQ holds, in order: a ring of FDs that grows (doubling) when
// an enqueue finds it full and never shrinks, so after warm-up an enqueue or
// a dequeue is a copy and an index update (a std::deque allocates and frees
// a block every 32 FDs as frames flow through it, and indexes through a map
// of blocks at every access). Each FD keeps the byte count the FQ accounted
// for it at the enqueue, which the dequeue takes back without decoding the
// FD again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "dpaa_hw/fd.hpp"

namespace dpaa::model
{

class FqFrames
{
public:
	size_t size() const noexcept { return count_; }
	bool empty() const noexcept { return count_ == 0; }
	// The next push_back() grows the ring.
	bool full() const noexcept { return count_ == cap_; }

	void push_back(const hw::Fd &fd, uint32_t bytes)
	{
		if (count_ == cap_) [[unlikely]]
			grow();
		const size_t i = (head_ + count_) & (cap_ - 1);
		fds_[i] = fd;
		bytes_[i] = bytes;
		count_++;
	}
	// The oldest frame and its byte count; the ring must not be empty.
	const hw::Fd &front() const noexcept { return fds_[head_]; }
	uint32_t front_bytes() const noexcept { return bytes_[head_]; }
	void pop_front() noexcept
	{
		head_ = (head_ + 1) & (cap_ - 1);
		count_--;
	}
	// The oldest frames, for a dequeue of several at once: a copy of the
	// ring's position, so that the stores that carry the frames on (bytes,
	// which may alias anything) do not make the compiler read it again
	// at each frame. Valid until the ring changes.
	struct Front {
		const hw::Fd *fds;
		const uint32_t *bytes;
		size_t head, mask;
		const hw::Fd &fd(size_t i) const noexcept { return fds[(head + i) & mask]; }
		uint32_t len(size_t i) const noexcept { return bytes[(head + i) & mask]; }
	};
	Front front_view() const noexcept { return {fds_.get(), bytes_.get(), head_, cap_ - 1}; }
	// Drop the 'n' oldest frames (n <= size()).
	void pop_front(size_t n) noexcept
	{
		head_ = (head_ + n) & (cap_ - 1);
		count_ -= n;
	}

private:
	[[gnu::noinline]] void grow()
	{
		const size_t cap = cap_ == 0 ? 64 : 2 * cap_;
		std::unique_ptr<hw::Fd[]> fds(new hw::Fd[cap]);
		std::unique_ptr<uint32_t[]> bytes(new uint32_t[cap]);
		for (size_t i = 0; i < count_; i++) {
			fds[i] = fds_[(head_ + i) & (cap_ - 1)];
			bytes[i] = bytes_[(head_ + i) & (cap_ - 1)];
		}
		fds_ = std::move(fds);
		bytes_ = std::move(bytes);
		cap_ = cap;
		head_ = 0;
	}

	std::unique_ptr<hw::Fd[]> fds_;
	std::unique_ptr<uint32_t[]> bytes_;
	size_t cap_ = 0; // a power of two, or 0
	size_t head_ = 0, count_ = 0;
};

} // namespace dpaa::model
