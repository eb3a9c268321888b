/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The model thread's stage profile (profile=on): where a step's time goes,
// read from the CPU's own counter between the stages of a step. A clock_gettime
// per stage would cost about as much as the smaller stages themselves.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>

namespace dpaa::model
{

// The stages of one step, in the order Soc::step_locked() runs them.
enum class Stage : unsigned {
	qman_portals,  // management commands, EQCR consumption, DQRR consumption
	bman_portals,  // management commands, RCR releases
	blocks,	       // FMan: Tx ports, wires (generators, sinks), Rx ports
	qman_delivery, // frames QMan hands to FMan's Tx ports
	dqrr,	       // FQ scheduling and DQRR production
	count,
};

inline constexpr std::array<const char *, static_cast<unsigned>(Stage::count)> kStageNames = {
	"qman-portals", "bman-portals", "fman", "qman-delivery", "dqrr"};

// A free-running counter of constant rate: the TSC, the generic timer's
// virtual count, or else the steady clock in ns.
inline uint64_t stage_ticks() noexcept
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
	uint64_t v;
	asm volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
					     std::chrono::steady_clock::now().time_since_epoch())
					     .count());
#endif
}

// Adds the time since the previous lap to a stage's total. Null totals:
// profiling is off and a lap costs one predictable branch.
class StageTimer
{
public:
	using Totals = std::array<std::atomic<uint64_t>, static_cast<unsigned>(Stage::count)>;

	explicit StageTimer(Totals *totals) noexcept : totals_(totals)
	{
		if (totals_ != nullptr)
			last_ = stage_ticks();
	}
	void lap(Stage s) noexcept
	{
		if (totals_ == nullptr)
			return;
		const uint64_t now = stage_ticks();
		// One writer at a time (the SoC's lock): no locked add.
		std::atomic<uint64_t> &t = (*totals_)[static_cast<unsigned>(s)];
		t.store(t.load(std::memory_order_relaxed) + (now - last_),
			std::memory_order_relaxed);
		last_ = now;
	}

private:
	Totals *totals_;
	uint64_t last_ = 0;
};

} // namespace dpaa::model
