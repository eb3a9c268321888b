/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/fman_timer.hpp"

#include <algorithm>

#include "dpaa_hw/fman_timer.hpp"

namespace dpaa::model
{

namespace ft = hw::fman_timer;

namespace
{
// The block's id registers: the model's values (the manual's TMR_ID for
// the FMan's timer could not be read from a public source).
constexpr uint32_t kTmrIdValue = 0x00010100;

static_assert(FmanTimer::ticks_at(1'000'000'000) == FmanTimer::kRefClockHz);
static_assert(FmanTimer::ticks_at(UINT64_MAX) ==
	      static_cast<uint64_t>(static_cast<unsigned __int128>(UINT64_MAX) *
				    FmanTimer::kRefClockHz / 1'000'000'000u));
} // namespace

FmanTimer::FmanTimer(uint64_t start_ns) noexcept
{
	reset(0, start_ns);
}

void FmanTimer::reset(uint64_t now_ns, uint64_t start_ns) noexcept
{
	regs_.fill(0);
	regs_[ft::kTmrId / 4] = kTmrIdValue;
	regs_[ft::kTmrCtrl / 4] = (kTclkPeriodNs << ft::ctrl::kTclkPeriodShift) |
				  ft::ctrl::kCkselPlatform | ft::ctrl::kFiperSt | ft::ctrl::kRtpe |
				  ft::ctrl::kTe | ft::ctrl::kFrd;
	decode_ctrl();
	regs_[ft::kTmrAdd / 4] = kAddend;
	regs_[ft::kTmrPrsc / 4] = kPrescale;
	regs_[ft::tmr_fiper(0) / 4] = 1'000'000'000u - kTclkPeriodNs;
	regs_[ft::tmr_fiper(1) / 4] = 100'000u - kTclkPeriodNs;
	cnt_ = start_ns;
	acc_ = 0;
	last_ns_ = now_ns;
	ticks_ = ticks_at(now_ns);
	tick_rem_ = static_cast<uint32_t>(now_ns % kTickDen * kTickNum % kTickDen);
	// Alarm 1 at the first whole second half a second away or more, less a
	// step: FIPER1 then pulses on every second (ptp_qoriq's set_alarm()).
	alarm_ = {(start_ns + 1'500'000'000u) / 1'000'000'000u * 1'000'000'000u - kTclkPeriodNs, 0};
	alarm_armed_ = {true, false};
	alarm_l_write_ = {};
	fiper_started_ = false;
	fiper_base_ = 0;
	cnt_h_latch_ = cnt_l_write_ = 0;
	next_event_ = 0;
}

uint64_t FmanTimer::ticks_to(uint64_t now_ns) noexcept
{
	const uint64_t ticks = ticks_at(now_ns);
	const uint64_t n = ticks - ticks_;
	ticks_ = ticks;
	tick_rem_ = static_cast<uint32_t>(now_ns % kTickDen * kTickNum % kTickDen);
	return n;
}

void FmanTimer::check_events(uint64_t from, uint64_t to) noexcept
{
	uint32_t &tevent = regs_[ft::kTmrTevent / 4];
	for (unsigned i = 0; i < ft::kNumAlarms; i++) {
		if (!alarm_armed_[i] || alarm_[i] > to)
			continue;
		alarm_armed_[i] = false;
		tevent |= ft::event::alarm(i);
		// FIPER starts from alarm 1 (TMR_CTRL FIPERST).
		if (i == 0 && (regs_[ft::kTmrCtrl / 4] & ft::ctrl::kFiperSt)) {
			fiper_started_ = true;
			fiper_base_ = alarm_[i];
			from = alarm_[i];
		}
	}
	// The counter value at which the next call may find something: the
	// earliest armed alarm, and (below) each FIPER's next pulse.
	next_event_ = UINT64_MAX;
	for (unsigned i = 0; i < ft::kNumAlarms; i++)
		if (alarm_armed_[i])
			next_event_ = std::min(next_event_, alarm_[i]);
	if (!fiper_started_)
		return;
	const uint64_t period = ft::ctrl::tclk_period(regs_[ft::kTmrCtrl / 4]);
	for (unsigned i = 0; i < ft::kNumFipers; i++) {
		const uint64_t every = uint64_t{regs_[ft::tmr_fiper(i) / 4]} + period;
		if (regs_[ft::tmr_fiper(i) / 4] == 0 || from < fiper_base_)
			continue;
		// A pulse when [from, to] crosses the end of the interval of
		// pulses 'from' is in, i.e. (to - base) / every > (from - base) /
		// every. The interval is kept while 'from' stays in it (the
		// timer is read for every frame, a pulse comes every 100 us or
		// second), so that a division runs once per pulse, not per read.
		FiperInterval &iv = fiper_iv_[i];
		if (iv.base != fiper_base_ || iv.every != every || from < iv.begin ||
		    from >= iv.end) {
			const uint64_t k = (from - fiper_base_) / every;
			iv = {fiper_base_, every, fiper_base_ + k * every,
			      fiper_base_ + (k + 1) * every};
		}
		if (to >= iv.end || from == fiper_base_)
			tevent |= ft::event::pulse(i);
	}
	// The next pulse after 'to' (the next call's 'from', unless software
	// writes the counter, which resets next_event_): the end of the
	// interval 'to' is in, or the base while 'to' is before it.
	for (unsigned i = 0; i < ft::kNumFipers; i++) {
		if (regs_[ft::tmr_fiper(i) / 4] == 0)
			continue;
		if (to < fiper_base_) {
			next_event_ = std::min(next_event_, fiper_base_);
			continue;
		}
		const uint64_t every = uint64_t{regs_[ft::tmr_fiper(i) / 4]} + period;
		FiperInterval &iv = fiper_iv_[i];
		if (iv.base != fiper_base_ || iv.every != every || to < iv.begin || to >= iv.end) {
			const uint64_t k = (to - fiper_base_) / every;
			iv = {fiper_base_, every, fiper_base_ + k * every,
			      fiper_base_ + (k + 1) * every};
		}
		next_event_ = std::min(next_event_, iv.end);
	}
	// A counter that stands on the FIPER base gives its pulse again on
	// the next step (the 'from == fiper_base_' above): look then.
	if (to == fiper_base_)
		next_event_ = std::min(next_event_, to);
}

uint64_t FmanTimer::counter_before(uint64_t t_ns) const noexcept
{
	// Earlier than the last look: back from the counter at its nominal rate
	// (TMR_ADD / 2^32 steps per reference tick).
	if (!running())
		return cnt_;
	const uint64_t back_ticks = ticks_ - ticks_at(t_ns);
	const uint32_t ctrl = regs_[ft::kTmrCtrl / 4];
	const uint64_t period = ft::ctrl::tclk_period(ctrl);
	const uint64_t steps =
		(ctrl & ft::ctrl::kByp)
			? back_ticks
			: static_cast<uint64_t>((static_cast<unsigned __int128>(back_ticks) *
						 regs_[ft::kTmrAdd / 4]) >>
						32);
	return cnt_ - steps * period;
}

uint32_t FmanTimer::read(uint32_t off, uint64_t now_ns) noexcept
{
	advance(now_ns);
	switch (off) {
	case ft::kTmrCntL:
		cnt_h_latch_ = static_cast<uint32_t>(cnt_ >> 32);
		return static_cast<uint32_t>(cnt_);
	case ft::kTmrCntH:
		return cnt_h_latch_;
	case ft::kTmrAcc:
		return acc_;
	default:
		break;
	}
	for (unsigned i = 0; i < ft::kNumAlarms; i++) {
		if (off == ft::tmr_alarm_h(i))
			return static_cast<uint32_t>(alarm_[i] >> 32);
		if (off == ft::tmr_alarm_l(i))
			return static_cast<uint32_t>(alarm_[i]);
	}
	return off < 0x100 ? regs_[off / 4] : 0;
}

void FmanTimer::write(uint32_t off, uint32_t v, uint64_t now_ns) noexcept
{
	advance(now_ns);
	next_event_ = 0; // whatever the write changes, the next advance looks again
	switch (off) {
	case ft::kTmrId:
	case ft::kTmrId2:
		return; // read-only
	case ft::kTmrCtrl:
		if (v & ft::ctrl::kTmsr) {
			// Soft reset: everything to 0, the timer stopped.
			regs_.fill(0);
			regs_[ft::kTmrId / 4] = kTmrIdValue;
			cnt_ = 0;
			acc_ = 0;
			alarm_ = {};
			alarm_armed_ = {};
			fiper_started_ = false;
			decode_ctrl();
			return;
		}
		if (!(regs_[off / 4] & ft::ctrl::kFiperSt) && (v & ft::ctrl::kFiperSt))
			fiper_started_ = false; // restarts at the next alarm 1
		regs_[off / 4] = v;
		decode_ctrl();
		return;
	case ft::kTmrTevent:
		regs_[off / 4] &= ~v; // write 1 to clear
		return;
	case ft::kTmrCntL:
		cnt_l_write_ = v;
		return;
	case ft::kTmrCntH:
		cnt_ = (uint64_t{v} << 32) | cnt_l_write_;
		return;
	case ft::kTmrAcc:
		acc_ = v;
		return;
	case ft::kTmrPrsc:
		regs_[off / 4] = v & ft::kPrscMask;
		return;
	default:
		break;
	}
	for (unsigned i = 0; i < ft::kNumAlarms; i++) {
		if (off == ft::tmr_alarm_l(i)) {
			alarm_l_write_[i] = v;
			return;
		}
		if (off == ft::tmr_alarm_h(i)) {
			// Writing the high half arms the alarm.
			alarm_[i] = (uint64_t{v} << 32) | alarm_l_write_[i];
			alarm_armed_[i] = true;
			if (i == 0)
				fiper_started_ = false;
			check_events(cnt_, cnt_);
			return;
		}
	}
	if (off < 0x100)
		regs_[off / 4] = v;
}

} // namespace dpaa::model
