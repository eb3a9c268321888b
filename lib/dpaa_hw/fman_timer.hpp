/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan's IEEE 1588 timer ("1588 timer module", the device trees'
// "fsl,fman-ptp-timer" node), as the QorIQ LS1043A/LS1046A reference
// manuals lay it out and Linux's ptp_qoriq driver programs it. Its 4 KiB
// block follows the FMan's own registers: on LS1046A the FMan's node covers
// 0x1a00000..0x1afdfff and the timer sits at 0x1afe000, i.e. at offset
// kBlockOffset of the FMan's 1 MiB window. All registers are big-endian
// 32-bit words; offsets below are relative to the block.
//
// The counter: on each tick of the reference clock (TMR_CTRL CKSEL), the
// 32-bit accumulator TMR_ACC takes TMR_ADD; each carry out of it advances
// TMR_CNT by TMR_CTRL TCLK_PERIOD nanoseconds. So TMR_ADD is the frequency
// compensation: nominal rate = reference clock * TMR_ADD / 2^32, and the
// counter reads nanoseconds when TCLK_PERIOD is the nominal period.
// Reading TMR_CNT_L latches TMR_CNT_H (read L, then H); writing TMR_CNT_L
// then TMR_CNT_H loads the counter. The alarms fire (TMR_TEVENT ALMn) when
// the counter reaches TMR_ALARMn (written L then H); FIPERn pulse every
// TMR_FIPERn + TCLK_PERIOD nanoseconds (PPn events) once the timer runs.
#pragma once

#include <cstdint>

namespace dpaa::hw::fman_timer
{

inline constexpr uint32_t kBlockOffset = 0xFE000; // in the FMan's CCSR window
inline constexpr uint32_t kBlockSize = 0x1000;

inline constexpr uint32_t kTmrId = 0x000;
inline constexpr uint32_t kTmrId2 = 0x004;
inline constexpr uint32_t kTmrCtrl = 0x080;
inline constexpr uint32_t kTmrTevent = 0x084; // write 1 to clear
inline constexpr uint32_t kTmrTemask = 0x088;
inline constexpr uint32_t kTmrCntH = 0x098;
inline constexpr uint32_t kTmrCntL = 0x09c;
inline constexpr uint32_t kTmrAdd = 0x0a0;
inline constexpr uint32_t kTmrAcc = 0x0a4;
inline constexpr uint32_t kTmrPrsc = 0x0a8;
inline constexpr uint32_t kTmrOffH = 0x0b0;
inline constexpr uint32_t kTmrOffL = 0x0b4;
inline constexpr unsigned kNumAlarms = 2;
constexpr uint32_t tmr_alarm_h(unsigned i) noexcept // alarm 1, 2 (i = 0, 1)
{
	return 0x0b8 + 8 * i;
}
constexpr uint32_t tmr_alarm_l(unsigned i) noexcept
{
	return tmr_alarm_h(i) + 4;
}
inline constexpr unsigned kNumFipers = 3;
constexpr uint32_t tmr_fiper(unsigned i) noexcept // FIPER1..3 (i = 0..2)
{
	return 0x0d0 + 4 * i;
}
inline constexpr uint32_t kTmrEtts1H = 0x0e0;
inline constexpr uint32_t kTmrEtts1L = 0x0e4;
inline constexpr uint32_t kTmrEtts2H = 0x0e8;
inline constexpr uint32_t kTmrEtts2L = 0x0ec;
static_assert(tmr_alarm_l(1) == 0x0c4 && tmr_fiper(2) == 0x0d8);

// TMR_CTRL
namespace ctrl
{
inline constexpr uint32_t kAlm1p = 0x80000000;
inline constexpr uint32_t kAlm2p = 0x40000000;
inline constexpr uint32_t kFiperSt = 0x10000000; // FIPER start indication
inline constexpr uint32_t kTclkPeriodShift = 16; // [25:16] nanoseconds per counter step
inline constexpr uint32_t kTclkPeriodMask = 0x03ff0000;
inline constexpr uint32_t kRtpe = 0x00008000; // record Tx timestamp to the prepended data
inline constexpr uint32_t kFrd = 0x00004000;  // FIPER realignment disable
inline constexpr uint32_t kTmsr = 0x00000020; // timer soft reset
inline constexpr uint32_t kByp = 0x00000008;  // bypass the drift-compensated clock
inline constexpr uint32_t kTe = 0x00000004;   // timer enable
inline constexpr uint32_t kCkselMask = 0x00000003;
inline constexpr uint32_t kCkselPlatform = 0x00000001; // the FMan's own clock (Linux's default)
constexpr uint32_t tclk_period(uint32_t v) noexcept
{
	return (v & kTclkPeriodMask) >> kTclkPeriodShift;
}
} // namespace ctrl

// TMR_TEVENT / TMR_TEMASK
namespace event
{
inline constexpr uint32_t kEts2 = 0x02000000;
inline constexpr uint32_t kEts1 = 0x01000000;
inline constexpr uint32_t kAlm2 = 0x00020000;
inline constexpr uint32_t kAlm1 = 0x00010000;
inline constexpr uint32_t kPp1 = 0x00000080;
inline constexpr uint32_t kPp2 = 0x00000040;
inline constexpr uint32_t kPp3 = 0x00000020;
constexpr uint32_t alarm(unsigned i) noexcept
{
	return kAlm1 << i;
}
constexpr uint32_t pulse(unsigned i) noexcept
{
	return kPp1 >> i;
}
} // namespace event

// TMR_PRSC: [15:0] output clock division factor.
inline constexpr uint32_t kPrscMask = 0x0000ffff;

} // namespace dpaa::hw::fman_timer
