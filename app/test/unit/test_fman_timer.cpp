/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan model, IEEE 1588 timer: its registers at their offset of the FMan's
// window, the counter driven by the reference clock through TMR_ADD, the
// alarms and FIPER events, and the timestamps the FMan writes for frames
// (Rx internal context, Tx prepended data on FD command UPD).

#include <gtest/gtest.h>

#include <random>

#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_model/fman_timer.hpp"
#include "dpaa_model/wire_sink.hpp"
#include "fman_test_support.hpp"

namespace dpaa::test
{
namespace
{

namespace ft = hw::fman_timer;
namespace cmd = fm::fd_cmd;

class FmanTimerTest : public ::testing::Test
{
protected:
	uint32_t trd(uint32_t off) { return rig.rd(ft::kBlockOffset + off); }
	void twr(uint32_t off, uint32_t v) { rig.wr(ft::kBlockOffset + off, v); }
	uint64_t counter()
	{
		const uint32_t lo = trd(ft::kTmrCntL); // latches TMR_CNT_H
		return (uint64_t{trd(ft::kTmrCntH)} << 32) | lo;
	}
	void set_counter(uint64_t ns)
	{
		twr(ft::kTmrCntL, static_cast<uint32_t>(ns));
		twr(ft::kTmrCntH, static_cast<uint32_t>(ns >> 32));
	}
	static uint64_t be64_at(const uint8_t *p)
	{
		uint64_t v = 0;
		for (int i = 0; i < 8; i++)
			v = v << 8 | p[i];
		return v;
	}
	FmanRig rig;
};

TEST_F(FmanTimerTest, ResetStateIsWhatTheKernelLeaves)
{
	const uint32_t ctrl = trd(ft::kTmrCtrl);
	EXPECT_TRUE(ctrl & ft::ctrl::kTe);
	EXPECT_TRUE(ctrl & ft::ctrl::kRtpe);
	EXPECT_EQ(ft::ctrl::tclk_period(ctrl), 2u);
	EXPECT_EQ(ctrl & ft::ctrl::kCkselMask, ft::ctrl::kCkselPlatform);
	EXPECT_EQ(trd(ft::kTmrAdd), 0xb6db6db7u);
	EXPECT_EQ(trd(ft::kTmrPrsc), 2u);
	EXPECT_EQ(trd(ft::tmr_fiper(0)), 999'999'998u);
	EXPECT_EQ(counter(), 0u);
	// Alarm 1 one step before the next second (ptp_qoriq's set_alarm()).
	EXPECT_EQ(trd(ft::tmr_alarm_h(0)), 0u);
	EXPECT_EQ(trd(ft::tmr_alarm_l(0)), 999'999'998u);
}

TEST_F(FmanTimerTest, CounterFollowsTheModelClockThroughTheAddend)
{
	rig.fman.advance_clock(1'000'000'000);
	// 700 MHz * 0xb6db6db7 / 2^32 = 500 M steps of 2 ns.
	EXPECT_EQ(counter(), 1'000'000'000u);
	// Frequency compensation: half the addend, 350 M steps a second.
	twr(ft::kTmrAdd, 0x80000000);
	rig.fman.advance_clock(1'000'000'000);
	EXPECT_EQ(counter(), 1'700'000'000u);
	// Stopped: TE clear.
	twr(ft::kTmrCtrl, trd(ft::kTmrCtrl) & ~ft::ctrl::kTe);
	rig.fman.advance_clock(1'000'000'000);
	EXPECT_EQ(counter(), 1'700'000'000u);
}

TEST_F(FmanTimerTest, BypassCountsAStepPerReferenceTickAndTheAddendAgainWithout)
{
	const uint32_t ctrl = trd(ft::kTmrCtrl);
	// BYP: TMR_ADD out of the way, a 2 ns step per 700 MHz tick, in steps
	// of a frame's line time as in one large one.
	twr(ft::kTmrCtrl, ctrl | ft::ctrl::kByp);
	for (unsigned i = 0; i < 1000; i++)
		rig.fman.advance_clock(100);
	EXPECT_EQ(counter(), 2u * 70'000u);
	rig.fman.advance_clock(1'000'000'000);
	EXPECT_EQ(counter(), 2u * 70'000u + 1'400'000'000u);
	// BYP clear: 500 M steps a second through the addend again, from the
	// accumulator the bypass left (0).
	twr(ft::kTmrCtrl, ctrl);
	for (unsigned i = 0; i < 1000; i++)
		rig.fman.advance_clock(100);
	EXPECT_EQ(counter(), 2u * 70'000u + 1'400'000'000u + 100'000u);
	// A period of 4 ns: the steps count twice as much.
	twr(ft::kTmrCtrl, (ctrl & ~ft::ctrl::kTclkPeriodMask) | (4u << ft::ctrl::kTclkPeriodShift));
	rig.fman.advance_clock(1'000'000);
	EXPECT_EQ(counter(), 2u * 70'000u + 1'400'000'000u + 100'000u + 2'000'000u);
}

TEST_F(FmanTimerTest, CounterWriteLoadsOnTheHighHalfAndReadLatchesIt)
{
	set_counter(0x0000000512345678ull);
	EXPECT_EQ(counter(), 0x0000000512345678ull);
	twr(ft::kTmrCntL, 0); // alone: nothing loaded yet
	EXPECT_EQ(counter(), 0x0000000512345678ull);
	rig.fman.advance_clock(1000);
	EXPECT_EQ(counter(), 0x0000000512345678ull + 1000);
	// TMR_CNT_H reads what the last TMR_CNT_L read latched.
	const uint32_t hi = trd(ft::kTmrCntH);
	EXPECT_EQ(hi, 5u);
}

TEST_F(FmanTimerTest, AlarmAndFiperEvents)
{
	set_counter(10'000);
	twr(ft::tmr_alarm_l(1), 10'500);
	twr(ft::tmr_alarm_h(1), 0);
	EXPECT_EQ(trd(ft::kTmrTevent) & ft::event::kAlm2, 0u);
	rig.fman.advance_clock(1000);
	EXPECT_TRUE(trd(ft::kTmrTevent) & ft::event::kAlm2);
	twr(ft::kTmrTevent, ft::event::kAlm2); // write 1 to clear
	EXPECT_EQ(trd(ft::kTmrTevent) & ft::event::kAlm2, 0u);

	// Alarm 1 (one step before the second) starts FIPER1's pulses.
	EXPECT_EQ(trd(ft::kTmrTevent) & (ft::event::kAlm1 | ft::event::kPp1), 0u);
	rig.fman.advance_clock(1'000'000'000);
	EXPECT_TRUE(trd(ft::kTmrTevent) & ft::event::kAlm1);
	twr(ft::kTmrTevent, ft::event::kAlm1 | ft::event::kPp1);
	rig.fman.advance_clock(1'000'000'000);
	EXPECT_TRUE(trd(ft::kTmrTevent) & ft::event::kPp1);
	EXPECT_EQ(trd(ft::kTmrTevent) & ft::event::kAlm1, 0u); // fired once
}

// The counter stopping exactly on alarm 1 (FIPER1's base): the alarm and
// the pulse at the base; the next step, however short, gives the pulse of
// the base again, as a counter leaving it does.
TEST_F(FmanTimerTest, CounterOnTheFiperBaseGivesItsPulseOnTheNextStep)
{
	auto closed_form = [](uint64_t t) {
		const auto ticks = static_cast<uint64_t>(static_cast<unsigned __int128>(t) *
							 700'000'000 / 1'000'000'000);
		return 2 * static_cast<uint64_t>(
				   static_cast<unsigned __int128>(ticks) * 0xb6db6db7u >> 32);
	};
	constexpr uint64_t kBase = 999'999'998; // alarm 1 at reset
	uint64_t t = kBase - 10;
	while (closed_form(t) < kBase)
		t++;
	ASSERT_EQ(closed_form(t), kBase);
	rig.fman.advance_clock(t);
	EXPECT_EQ(counter(), kBase);
	const uint32_t both = ft::event::kAlm1 | ft::event::kPp1;
	EXPECT_EQ(trd(ft::kTmrTevent) & both, both);
	twr(ft::kTmrTevent, both);
	EXPECT_EQ(trd(ft::kTmrTevent) & both, 0u);
	rig.fman.advance_clock(2); // a tick or two: a frame's step
	EXPECT_EQ(trd(ft::kTmrTevent) & both, ft::event::kPp1);
	// Once the counter has left the base: none until the next second.
	while (counter() == kBase) {
		twr(ft::kTmrTevent, both);
		rig.fman.advance_clock(2);
	}
	twr(ft::kTmrTevent, both);
	rig.fman.advance_clock(2);
	EXPECT_EQ(trd(ft::kTmrTevent) & both, 0u);
}

TEST_F(FmanTimerTest, RxTimestampIsTheArrivalTheWireReports)
{
	constexpr unsigned kMac = FmanRig::kMac9;
	rig.mac_wr(kMac, memac::kCommandConfig, memac::cmd::kRxEn | memac::cmd::kTxPadEn);
	rig.setup_rx(kMac, 0x200, 0x201);
	rig.add_pool(1, 2048, 4);
	rig.set_pools(kMac, {{1, 2048}});
	rig.fman.advance_clock(5'000);
	EXPECT_EQ(counter(), 5'000u);
	// A cable tells the MAC the frame arrived 3 us ago: the counter then.
	rig.fman.mac_port(kMac).wire_arrival(2'000);
	ASSERT_TRUE(rig.rx(kMac, FrameBuilder().etype(0x88f7).payload(60).finish(false)));
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(be64_at(rig.mem.at(rig.sink.got[0].fd.addr()) + 0x30), 2'000u);
}

TEST_F(FmanTimerTest, TxTimestampWrittenOnUpdOnly)
{
	constexpr unsigned kMac = FmanRig::kMac10;
	constexpr uint32_t kTxFq = 0x300, kConfFq = 0x301;
	rig.mac_wr(kMac, memac::kCommandConfig, memac::cmd::kTxEn | memac::cmd::kTxPadEn);
	rig.setup_tx(kMac, kTxFq, kConfFq, 0);
	const Bytes f = FrameBuilder().etype(0x88f7).payload(60).finish(false);
	auto place = [&] {
		const uint64_t buf = rig.alloc(256);
		std::memcpy(rig.mem.at(buf + 64), f.data(), f.size());
		return hw::Fd::contig(buf, 0xff, 64, static_cast<uint32_t>(f.size()));
	};
	hw::Fd plain = place();
	plain.set_cmd(cmd::kFco);
	hw::Fd stamped = place();
	stamped.set_cmd(cmd::kFco | cmd::kRpd | cmd::kUpd);
	rig.fman.advance_clock(7'000);
	ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, plain), model::EnqueueStatus::ok);
	ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, stamped), model::EnqueueStatus::ok);
	rig.run();
	ASSERT_EQ(rig.sink.got.size(), 2u); // both confirmed
	EXPECT_EQ(be64_at(rig.mem.at(plain.addr()) + 0x30), 0u);
	// It left after the first frame's line time (74 + 4 + 20 bytes at 10G:
	// 78 ns), to the timer's 2 ns step.
	EXPECT_NEAR(static_cast<double>(be64_at(rig.mem.at(stamped.addr()) + 0x30)), 7'078.0, 2.0);
	// Without TMR_CTRL RTPE the FMan records nothing.
	twr(ft::kTmrCtrl, trd(ft::kTmrCtrl) & ~ft::ctrl::kRtpe);
	hw::Fd again = place();
	again.set_cmd(cmd::kFco | cmd::kRpd | cmd::kUpd);
	ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, again), model::EnqueueStatus::ok);
	rig.run();
	EXPECT_EQ(be64_at(rig.mem.at(again.addr()) + 0x30), 0u);
	expect_no_faults(rig.fman);
}

// A sink's link is the MAC's own setting alone, which the FMan keeps from
// poll to poll: an IF_MODE write in between is seen by the next frame's
// line time, i.e. by the stamp of the frame after it.
TEST_F(FmanTimerTest, LineTimeFollowsAnIfModeWriteBetweenPollsOnAFixedLink)
{
	constexpr unsigned kMac = FmanRig::kMac10;
	constexpr uint32_t kTxFq = 0x300, kConfFq = 0x301;
	model::SinkWire sink("fm1-mac10");
	rig.fman.attach_wire(kMac, sink);
	rig.mac_wr(kMac, memac::kCommandConfig, memac::cmd::kTxEn | memac::cmd::kTxPadEn);
	rig.setup_tx(kMac, kTxFq, kConfFq, 0);
	const Bytes f = FrameBuilder().etype(0x88f7).payload(60).finish(false);
	auto send = [&] {
		const uint64_t buf = rig.alloc(256);
		std::memcpy(rig.mem.at(buf + 64), f.data(), f.size());
		hw::Fd fd = hw::Fd::contig(buf, 0xff, 64, static_cast<uint32_t>(f.size()));
		fd.set_cmd(cmd::kFco | cmd::kRpd | cmd::kUpd);
		EXPECT_EQ(rig.soc.qman().enqueue(kTxFq, fd), model::EnqueueStatus::ok);
		rig.run();
		return be64_at(rig.mem.at(fd.addr()) + 0x30);
	};
	// 74 + 4 + 20 bytes: 78 ns at 10G (whole ns), 784 ns at 1G (the timer's 2 ns
	// steps around it).
	const uint64_t t0 = send();
	const uint64_t t1 = send();
	EXPECT_NEAR(static_cast<double>(t1 - t0), 78.0, 3.0);
	rig.mac_wr(kMac, memac::kIfMode, memac::if_mode::kGmii);
	const uint64_t t2 = send();
	const uint64_t t3 = send();
	EXPECT_NEAR(static_cast<double>(t2 - t1), 78.0, 3.0); // t1's frame left at 10G
	EXPECT_NEAR(static_cast<double>(t3 - t2), 784.0, 3.0);
	rig.mac_wr(kMac, memac::kIfMode, memac::if_mode::k10G);
	const uint64_t t4 = send();
	const uint64_t t5 = send();
	EXPECT_NEAR(static_cast<double>(t4 - t3), 784.0, 3.0);
	EXPECT_NEAR(static_cast<double>(t5 - t4), 78.0, 3.0);
	EXPECT_EQ(sink.counters().frames, 6u);
	expect_no_faults(rig.fman);
}

// Every stamp the FMan takes (one per frame, the model's clock moved by each
// frame's line time, now and then by an idle gap of up to 40 s) is the
// counter's closed form at that time: reset from 0 at time 0, 2 ns per
// step, floor(ticks * TMR_ADD / 2^32) steps after floor(t * 700 MHz)
// reference ticks; an earlier time read in between changes none of it.
TEST(FmanTimerStamps, EveryStampIsTheClosedFormAtItsTime)
{
	model::FmanTimer timer;
	auto closed_form = [](uint64_t t) {
		const auto ticks = static_cast<uint64_t>(static_cast<unsigned __int128>(t) *
							 700'000'000 / 1'000'000'000);
		return 2 * static_cast<uint64_t>(
				   static_cast<unsigned __int128>(ticks) * 0xb6db6db7u >> 32);
	};
	std::mt19937_64 rng(1588);
	uint64_t t = 0;
	for (unsigned i = 0; i < 300000; i++) {
		const unsigned kind = rng() % 1000;
		t += kind < 990	  ? rng() % 1300	       // frames' line times, 0 included
		     : kind < 999 ? rng() % 100'000'000	       // a pause
				  : rng() % 40'000'000'000ull; // a long idle gap
		ASSERT_EQ(timer.counter_at(t), closed_form(t)) << "stamp " << i << " at " << t;
		if (kind == 0 && t > 1000) {
			EXPECT_LE(timer.counter_at(t - 1000), closed_form(t));
		}
	}
}

} // namespace
} // namespace dpaa::test
