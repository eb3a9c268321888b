/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_sink.hpp"

#include "dpaa_model/gen_frame.hpp"

namespace dpaa::model
{

namespace
{
void bump(std::atomic<uint64_t> &c, uint64_t n = 1)
{
	// One writer (the model thread): a relaxed load + store is enough and
	// cheaper than a locked add.
	c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}
} // namespace

bool SinkWire::transmit(std::span<const uint8_t> frame)
{
	bump(frames_);
	bump(bytes_, frame.size());
	gen::Parsed p;
	if (!gen::parse(frame, p))
		return true;
	bump(generated_);
	if (!p.intact)
		bump(bad_);
	else
		track(p.flow, p.seq);
	return true;
}

void SinkWire::add_flows(uint16_t flow)
{
	flows_.resize(size_t(flow) + 1);
}

void SinkWire::track_other(Flow &f, uint32_t seq)
{
	// Serial-number arithmetic, so that 32-bit sequence numbers may wrap.
	const int32_t d = int32_t(seq - f.next);
	if (d >= 0) {
		if (d > 0)
			bump(lost_, uint64_t(d));
		const unsigned shift = unsigned(d) + 1;
		f.window = shift >= 64 ? 1 : (f.window << shift) | 1;
		f.next = seq + 1;
		return;
	}
	const uint64_t age = uint64_t(-int64_t(d)); // 1: the previous number
	if (age <= 64) {
		const uint64_t bit = uint64_t(1) << (age - 1);
		if (f.window & bit) {
			bump(duplicates_);
			return;
		}
		f.window |= bit;
	}
	// Older than the window: assume late rather than duplicated.
	bump(out_of_order_);
	if (lost_.load(std::memory_order_relaxed))
		bump(lost_, uint64_t(-1));
}

SinkWire::Counters SinkWire::counters() const
{
	Counters c;
	c.frames = frames_.load(std::memory_order_relaxed);
	c.bytes = bytes_.load(std::memory_order_relaxed);
	c.generated = generated_.load(std::memory_order_relaxed);
	c.bad = bad_.load(std::memory_order_relaxed);
	c.out_of_order = out_of_order_.load(std::memory_order_relaxed);
	c.duplicates = duplicates_.load(std::memory_order_relaxed);
	c.lost = lost_.load(std::memory_order_relaxed);
	return c;
}

SinkWire::RateSample SinkWire::rate()
{
	const auto now = std::chrono::steady_clock::now();
	const uint64_t frames = frames_.load(std::memory_order_relaxed);
	const uint64_t bytes = bytes_.load(std::memory_order_relaxed);
	RateSample r;
	r.seconds = std::chrono::duration<double>(now - last_time_).count();
	if (r.seconds > 0) {
		r.pps = double(frames - last_frames_) / r.seconds;
		r.mbps = double(bytes - last_bytes_) * 8 / 1e6 / r.seconds;
	}
	last_time_ = now;
	last_frames_ = frames;
	last_bytes_ = bytes;
	return r;
}

} // namespace dpaa::model
