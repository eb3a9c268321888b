/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan's IEEE 1588 timer (dpaa_hw/fman_timer.hpp): the counter driven
// by the reference clock through the TMR_ADD accumulator, the prescaler,
// two alarms and three fixed-interval pulse generators (FIPER), as events
// in TMR_TEVENT. The model has no interrupt line for it: software polls
// TMR_TEVENT. External triggers (ETTS) and TMR_OFF are stored, not acted on.
//
// Time: the owner gives the model's time in nanoseconds with every call
// (the Fman's clock: the host's monotonic clock in threaded mode, a
// virtual one in stepped mode, so stepped runs repeat); the timer turns it
// into reference-clock ticks and catches up lazily on each access.
//
// Reset state: the timer as Linux's ptp_qoriq driver leaves it on a board
// booted before DPDK runs (DPDK on DPAA always runs over that kernel), with
// the model's reference clock: running, 2 ns per step at 500 MHz nominal
// from kRefClockHz, FIPER1 aligned on seconds by alarm 1.
#pragma once

#include <array>
#include <cstdint>
#include <numeric>

#include "dpaa_hw/fman_timer.hpp"

namespace dpaa::model
{

class FmanTimer
{
public:
	// The model's FMan clock, the timer's reference (CKSEL = 1). A board's
	// depends on its reset configuration word; this is the model's.
	static constexpr uint64_t kRefClockHz = 700'000'000;
	// What ptp_qoriq's automatic configuration picks for that clock: the
	// largest divisor of 1 GHz below it as nominal frequency.
	static constexpr uint32_t kTclkPeriodNs = 2;
	static constexpr uint32_t kAddend = 0xb6db6db7; // ceil(2^32 * 500 MHz / 700 MHz)
	static constexpr uint32_t kPrescale = 2;

	// start_ns: the counter's value at model time 0 (wall-clock time in
	// threaded mode, as ptp_qoriq sets the time of day; 0 in stepped mode).
	explicit FmanTimer(uint64_t start_ns = 0) noexcept;

	uint32_t read(uint32_t off, uint64_t now_ns) noexcept;
	void write(uint32_t off, uint32_t v, uint64_t now_ns) noexcept;

	// The counter at model time t, as the FMan samples it for a frame's
	// timestamp. t may be a little in the past (a frame's arrival the model
	// handles late): the counter is then taken back at its current rate.
	uint64_t counter_at(uint64_t t_ns) noexcept
	{
		if (t_ns >= last_ns_) [[likely]] {
			advance(t_ns);
			return cnt_;
		}
		return counter_before(t_ns);
	}
	bool running() const noexcept
	{
		return regs_[hw::fman_timer::kTmrCtrl / 4] & hw::fman_timer::ctrl::kTe;
	}

	void reset(uint64_t now_ns, uint64_t start_ns) noexcept;

	// Reference ticks in ns nanoseconds: floor(ns * kRefClockHz / 1e9),
	// the fraction reduced (7/10 for 700 MHz) and split at a whole number
	// of its denominators, so that no 128-bit division runs.
	static constexpr uint64_t kTickNum =
		kRefClockHz / std::gcd(kRefClockHz, uint64_t{1'000'000'000});
	static constexpr uint64_t kTickDen =
		1'000'000'000 / std::gcd(kRefClockHz, uint64_t{1'000'000'000});
	static_assert(kTickNum < (uint64_t{1} << 32) && kTickDen < (uint64_t{1} << 32));
	static constexpr uint64_t ticks_at(uint64_t ns) noexcept
	{
		return ns / kTickDen * kTickNum + ns % kTickDen * kTickNum / kTickDen;
	}

private:
	// A step of the model's time shorter than this (every frame's line
	// time, every poll) counts its ticks from the last ones: kTickNum * ns
	// plus the remainder kept stays far inside 64 bits, and so do the
	// steps' TMR_ADD products below.
	static constexpr uint64_t kShortStepNs = uint64_t{1} << 24;

	// The timer brought to now_ns (not before the last time it was).
	void advance(uint64_t now_ns) noexcept
	{
		const uint64_t d = now_ns - last_ns_;
		if (now_ns <= last_ns_)
			return;
		if (d < kShortStepNs && step_ns_ != 0) [[likely]] {
			// A short step of a timer that runs through TMR_ADD: the
			// step's ticks (ticks_at(now_ns) - ticks_, without
			// dividing now_ns, the fraction of a tick carried) and
			// their TMR_ADD products, as count() takes them, inline.
			const uint64_t x = tick_rem_ + d * kTickNum;
			const uint64_t n = x / kTickDen;
			tick_rem_ = static_cast<uint32_t>(x - n * kTickDen);
			ticks_ += n;
			last_ns_ = now_ns;
			const uint64_t sum = n * regs_[hw::fman_timer::kTmrAdd / 4] + acc_;
			acc_ = static_cast<uint32_t>(sum);
			const uint64_t from = cnt_;
			cnt_ += (sum >> 32) * step_ns_;
			// count()'s look at the events, for a step of ticks: a
			// counter left on the FIPER base has next_event_ there
			// (check_events()), for the pulse it gives again.
			if (cnt_ >= next_event_ && n != 0) [[unlikely]]
				check_events(from, cnt_);
			return;
		}
		uint64_t n;
		if (d < kShortStepNs) {
			const uint64_t x = tick_rem_ + d * kTickNum;
			n = x / kTickDen;
			tick_rem_ = static_cast<uint32_t>(x % kTickDen);
			ticks_ += n;
		} else {
			n = ticks_to(now_ns);
		}
		last_ns_ = now_ns;
		if (n != 0)
			count(n);
	}
	// TMR_CTRL decoded when it is written: the counter's step (TCLK_PERIOD)
	// while it runs through the TMR_ADD accumulator (TE set, BYP clear),
	// else 0.
	void decode_ctrl() noexcept
	{
		const uint32_t ctrl = regs_[hw::fman_timer::kTmrCtrl / 4];
		step_ns_ =
			(ctrl & hw::fman_timer::ctrl::kTe) && !(ctrl & hw::fman_timer::ctrl::kByp)
				? hw::fman_timer::ctrl::tclk_period(ctrl)
				: 0;
	}
	// n reference ticks on the counter, if it runs (TMR_CTRL TE): TMR_ADD's
	// accumulator carries steps of TMR_CTRL's period (every tick with BYP).
	void count(uint64_t n) noexcept
	{
		const uint32_t ctrl = regs_[hw::fman_timer::kTmrCtrl / 4];
		if (!(ctrl & hw::fman_timer::ctrl::kTe))
			return;
		uint64_t steps;
		if (ctrl & hw::fman_timer::ctrl::kByp) {
			steps = n;
		} else if (n < kShortStepNs) [[likely]] {
			const uint64_t sum = n * regs_[hw::fman_timer::kTmrAdd / 4] + acc_;
			steps = sum >> 32;
			acc_ = static_cast<uint32_t>(sum);
		} else {
			const unsigned __int128 sum = static_cast<unsigned __int128>(n) *
							      regs_[hw::fman_timer::kTmrAdd / 4] +
						      acc_;
			steps = static_cast<uint64_t>(sum >> 32);
			acc_ = static_cast<uint32_t>(sum);
		}
		const uint64_t from = cnt_;
		cnt_ += steps * hw::fman_timer::ctrl::tclk_period(ctrl);
		// Nothing can happen before next_event_ (check_events() says
		// when the next alarm or pulse is due), except the pulse a
		// counter standing on the FIPER base gives again: no look at
		// the alarms and FIPERs per read.
		if (cnt_ >= next_event_ || from == fiper_base_)
			check_events(from, cnt_);
	}
	uint64_t ticks_to(uint64_t now_ns) noexcept;
	uint64_t counter_before(uint64_t t_ns) const noexcept;
	void check_events(uint64_t from, uint64_t to) noexcept;

	// Registers (words of the 4 KiB block, by offset / 4) not decoded below.
	std::array<uint32_t, 0x100 / 4> regs_{};
	uint64_t cnt_ = 0;	   // TMR_CNT
	uint32_t acc_ = 0;	   // TMR_ACC
	uint64_t ticks_ = 0;	   // reference ticks counted so far
	uint64_t last_ns_ = 0;	   // model time of ticks_
	uint32_t tick_rem_ = 0;	   // last_ns_ * kTickNum % kTickDen: a tick's fraction
	uint32_t cnt_h_latch_ = 0; // TMR_CNT_H as latched by reading TMR_CNT_L
	uint32_t cnt_l_write_ = 0; // TMR_CNT_L written, loaded with TMR_CNT_H
	std::array<uint64_t, 2> alarm_{};
	std::array<bool, 2> alarm_armed_{};
	std::array<uint32_t, 2> alarm_l_write_{};
	uint64_t fiper_base_ = 0; // counter value the pulses count from
	bool fiper_started_ = false;
	// The interval [begin, end) between two pulses of a FIPER that the
	// counter was last in, for the base and period it was computed with
	// (a cache: any other base or period recomputes it).
	struct FiperInterval {
		uint64_t base = 0, every = 0, begin = 1, end = 0;
	};
	std::array<FiperInterval, hw::fman_timer::kNumFipers> fiper_iv_{};
	// No alarm or pulse is due while the counter stays below this (0: look).
	uint64_t next_event_ = 0;
	uint32_t step_ns_ = 0; // decode_ctrl()
};

} // namespace dpaa::model
