/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// How fast a wire feeds its MAC. Time is in picoseconds so that the line-rate
// intervals of 1G, 2.5G and 10G Ethernet are exact integers (one bit is
// 1000, 400 and 100 ps).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace dpaa::model
{

// A rate as the configuration gives it: the MAC's line rate, a number of
// frames per second, or as fast as the MAC takes frames.
struct Rate {
	enum class Kind { line, pps, max };
	Kind kind = Kind::line;
	uint64_t pps = 0; // Kind::pps only

	bool operator==(const Rate &) const = default;
};

class Pacer
{
public:
	// Besides the frame (handed over without FCS), each frame occupies the
	// line for its FCS (4), preamble + SFD (8) and inter-frame gap (12).
	static constexpr uint64_t kFcsBytes = 4;
	static constexpr uint64_t kPreambleIfgBytes = 20;
	// How far a pacer that fell behind (a stalled MAC, a descheduled model
	// thread) may catch up in a burst; beyond that, the lost time is lost.
	static constexpr uint64_t kMaxLagPs = 100'000'000; // 100 us

	static constexpr uint64_t line_interval_ps(uint64_t frame_bytes, uint32_t speed_mbps)
	{
		return (frame_bytes + kFcsBytes + kPreambleIfgBytes) * 8 * 1'000'000 / speed_mbps;
	}
	static constexpr uint64_t pps_interval_ps(uint64_t pps) { return 1'000'000'000'000 / pps; }

	// An unthrottled pacer admits every frame.
	Pacer() = default;
	// throttle false (stepped mode, throttle=off): admits every frame.
	Pacer(Rate rate, uint32_t speed_mbps, bool throttle);

	bool throttled() const { return kind_ != Rate::Kind::max; }
	// The interval this pacer leaves after a frame of that size.
	uint64_t interval_ps(uint64_t frame_bytes) const;
	// May the next frame start at now_ps? Then sent() accounts for it once
	// the MAC took it (a refused frame costs no line time).
	bool ready(uint64_t now_ps);
	void sent(uint64_t frame_bytes) { next_ps_ += interval_ps(frame_bytes); }
	bool admit(uint64_t now_ps, uint64_t frame_bytes)
	{
		if (!ready(now_ps))
			return false;
		sent(frame_bytes);
		return true;
	}

	static uint64_t now_ps()
	{
		auto t = std::chrono::steady_clock::now().time_since_epoch();
		return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(t).count()) *
		       1000;
	}

private:
	Rate::Kind kind_ = Rate::Kind::max;
	uint32_t speed_mbps_ = 0;
	uint64_t pps_interval_ = 0;
	uint64_t next_ps_ = 0;
};

} // namespace dpaa::model
