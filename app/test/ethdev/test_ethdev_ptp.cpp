/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Link speed configuration and IEEE 1588 through the public ethdev API, on
// two cables: fm1-mac3 <-> fm1-mac4 (1G mEMACs) and fm1-mac9 <-> fm1-mac10
// (10G mEMACs). link_speeds is accepted or refused with -EINVAL, and the
// link (rte_eth_link_get) reports what the two ends settle at; the FMan's
// 1588 timer is read, written and adjusted; PTP frames carry Rx and Tx
// timestamps that increase and differ by the cable's modelled propagation
// delay (50 ns); RTE_ETH_RX_OFFLOAD_TIMESTAMP fills the mbuf's dynamic
// timestamp field.

#include <rte_mbuf_dyn.h>
#include <rte_time.h>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

constexpr uint64_t kWireDelayNs = 50; // the model's cable (dpaa_model_wires.rst)
constexpr uint64_t kTimerStepNs = 2;  // TMR_CTRL TCLK_PERIOD as the kernel sets it
uint16_t A, B;			      // fm1-mac9, fm1-mac10
uint16_t C, D;			      // fm1-mac3, fm1-mac4
rte_mempool *g_pool;

PortSetup setup(uint32_t link_speeds = 0, uint64_t rx_offloads = 0)
{
	PortSetup s;
	s.pool = g_pool;
	s.conf.link_speeds = link_speeds;
	s.conf.rxmode.offloads = rx_offloads;
	return s;
}

rte_eth_link link_of(uint16_t port)
{
	rte_eth_link l{};
	EXPECT_EQ(rte_eth_link_get_nowait(port, &l), 0);
	return l;
}

// A PTP version 2 message over Ethernet (type 0x88F7): sync (0) by default;
// 44 bytes and the 2 that pad the frame to Ethernet's minimum.
Bytes ptp_frame(uint16_t from, uint8_t msg_id = 0, uint16_t seq = 0)
{
	Bytes msg(46, 0);
	msg[0] = msg_id;
	msg[1] = 2; // versionPTP
	msg[2] = 0;
	msg[3] = 44; // messageLength
	msg[30] = static_cast<uint8_t>(seq >> 8);
	msg[31] = static_cast<uint8_t>(seq);
	const rte_ether_addr ptp_mc = {{0x01, 0x1b, 0x19, 0x00, 0x00, 0x00}};
	return eth_frame({ptp_mc, port_mac(from)}, 0x88f7, msg);
}

uint64_t ns(const timespec &t)
{
	return rte_timespec_to_ns(&t);
}

// The Tx timestamp of the frame just sent; the confirmation may take a while.
int tx_stamp(uint16_t port, uint64_t &out)
{
	timespec t{};
	int ret = -EAGAIN;
	for (unsigned i = 0; i < 2000 && ret == -EAGAIN; i++) {
		ret = rte_eth_timesync_read_tx_timestamp(port, &t);
		if (ret == -EAGAIN)
			sleep_ms(1);
	}
	out = ns(t);
	return ret;
}

// ------------------------------------------------------------ link speed

TEST(LinkSpeed, CapabilitiesPerMac)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(C, &info), 0);
	EXPECT_EQ(info.speed_capa, RTE_ETH_LINK_SPEED_10M_HD | RTE_ETH_LINK_SPEED_10M |
					   RTE_ETH_LINK_SPEED_100M_HD | RTE_ETH_LINK_SPEED_100M |
					   RTE_ETH_LINK_SPEED_1G);
	// fm1-mac9: the AQR106 10GBASE-T PHY adapts the rate.
	ASSERT_EQ(rte_eth_dev_info_get(A, &info), 0);
	EXPECT_EQ(info.speed_capa, RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_1G |
					   RTE_ETH_LINK_SPEED_2_5G | RTE_ETH_LINK_SPEED_5G |
					   RTE_ETH_LINK_SPEED_10G | RTE_ETH_LINK_SPEED_FIXED);
	// fm1-mac10: the SFP+ cage.
	ASSERT_EQ(rte_eth_dev_info_get(B, &info), 0);
	EXPECT_EQ(info.speed_capa,
		  RTE_ETH_LINK_SPEED_1G | RTE_ETH_LINK_SPEED_10G | RTE_ETH_LINK_SPEED_FIXED);
}

TEST(LinkSpeed, ImpossibleSpeedsAreRefused)
{
	constexpr uint32_t F = RTE_ETH_LINK_SPEED_FIXED;
	// A 1G mEMAC: no 10G, no 2.5G.
	EXPECT_EQ(port_start(C, setup(F | RTE_ETH_LINK_SPEED_10G)), -EINVAL);
	EXPECT_EQ(port_start(C, setup(F | RTE_ETH_LINK_SPEED_2_5G)), -EINVAL);
	// A 10G mEMAC on the SFP+ cage: no 10/100, no 2.5G or 5G.
	EXPECT_EQ(port_start(B, setup(F | RTE_ETH_LINK_SPEED_100M)), -EINVAL);
	EXPECT_EQ(port_start(B, setup(F | RTE_ETH_LINK_SPEED_2_5G)), -EINVAL);
	EXPECT_EQ(port_start(B, setup(F | RTE_ETH_LINK_SPEED_5G)), -EINVAL);
	// Behind the rate-adapting PHY: no 10 Mb/s, no half duplex.
	EXPECT_EQ(port_start(A, setup(F | RTE_ETH_LINK_SPEED_10M)), -EINVAL);
	EXPECT_EQ(port_start(A, setup(F | RTE_ETH_LINK_SPEED_100M_HD)), -EINVAL);
	// Fixed names one speed.
	EXPECT_EQ(port_start(C, setup(F | RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_1G)),
		  -EINVAL);
	EXPECT_EQ(port_start(C, setup(F)), -EINVAL);
	// Autonegotiation among the speeds the MAC has: accepted.
	EXPECT_EQ(port_start(C, setup(RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_1G)), 0);
	EXPECT_EQ(port_stop(C), 0);
}

TEST(LinkSpeed, LinkReportsWhatBothEndsSettleAt)
{
	constexpr uint32_t F = RTE_ETH_LINK_SPEED_FIXED;
	// 100 Mb/s half duplex on one end, autonegotiation on the other.
	ASSERT_EQ(port_start(C, setup(F | RTE_ETH_LINK_SPEED_100M_HD)), 0);
	ASSERT_EQ(port_start(D, setup()), 0);
	rte_eth_link l = link_of(C);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_100M);
	EXPECT_EQ(l.link_duplex, RTE_ETH_LINK_HALF_DUPLEX);
	EXPECT_EQ(l.link_autoneg, RTE_ETH_LINK_FIXED);
	l = link_of(D);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_100M);
	EXPECT_EQ(l.link_duplex, RTE_ETH_LINK_HALF_DUPLEX);
	EXPECT_EQ(l.link_autoneg, RTE_ETH_LINK_AUTONEG);
	// Both fixed and different: no link.
	ASSERT_EQ(port_start(D, setup(F | RTE_ETH_LINK_SPEED_10M)), 0);
	EXPECT_EQ(link_of(C).link_status, RTE_ETH_LINK_DOWN);
	EXPECT_EQ(link_of(D).link_status, RTE_ETH_LINK_DOWN);
	// Both fixed at 10 Mb/s full duplex.
	ASSERT_EQ(port_start(C, setup(F | RTE_ETH_LINK_SPEED_10M)), 0);
	l = link_of(C);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_10M);
	EXPECT_EQ(l.link_duplex, RTE_ETH_LINK_FULL_DUPLEX);
	// Both negotiating: 1 Gb/s.
	ASSERT_EQ(port_start(C, setup()), 0);
	ASSERT_EQ(port_start(D, setup()), 0);
	l = link_of(C);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_1G);
	EXPECT_EQ(l.link_autoneg, RTE_ETH_LINK_AUTONEG);
	EXPECT_EQ(port_stop(C), 0);
	EXPECT_EQ(port_stop(D), 0);
}

TEST(LinkSpeed, TenGigMacsAtOneGig)
{
	constexpr uint32_t F = RTE_ETH_LINK_SPEED_FIXED;
	ASSERT_EQ(port_start(A, setup(F | RTE_ETH_LINK_SPEED_1G)), 0);
	ASSERT_EQ(port_start(B, setup()), 0); // 10G fixed: the ends disagree
	EXPECT_EQ(link_of(A).link_status, RTE_ETH_LINK_DOWN);
	ASSERT_EQ(port_start(B, setup(F | RTE_ETH_LINK_SPEED_1G)), 0);
	const rte_eth_link l = link_of(B);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_1G);
	EXPECT_EQ(l.link_autoneg, RTE_ETH_LINK_FIXED);
	// Frames cross at that speed.
	rx_flush(B);
	const Bytes f = raw_frame({port_mac(B), port_mac(A)}, 200);
	ASSERT_EQ(send_frames(A, 0, g_pool, {f}), 1u);
	auto got = rx_wait(B, 0, 1);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(mbuf_bytes(got[0]), f);
	free_all(got);
	EXPECT_EQ(port_stop(A), 0);
	EXPECT_EQ(port_stop(B), 0);
}

TEST(LinkSpeed, RateAdaptingPhyRunsTheLineAtItsRates)
{
	constexpr uint32_t F = RTE_ETH_LINK_SPEED_FIXED;
	// 2.5 and 5 Gb/s are fm1-mac9's PHY's; the SFP+ cage at the cable's
	// far end runs neither, so the link stays down.
	ASSERT_EQ(port_start(B, setup()), 0);
	for (uint32_t speed :
	     {RTE_ETH_LINK_SPEED_2_5G, RTE_ETH_LINK_SPEED_5G, RTE_ETH_LINK_SPEED_100M}) {
		ASSERT_EQ(port_start(A, setup(F | speed)), 0) << speed;
		EXPECT_EQ(link_of(A).link_status, RTE_ETH_LINK_DOWN) << speed;
		EXPECT_EQ(link_of(B).link_status, RTE_ETH_LINK_DOWN) << speed;
	}
	// Autonegotiation among given speeds takes the fastest: 10G, up.
	ASSERT_EQ(port_start(A, setup(RTE_ETH_LINK_SPEED_2_5G | RTE_ETH_LINK_SPEED_10G)), 0);
	rte_eth_link l = link_of(A);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_10G);
	// 1 Gb/s on the line, the MAC still on XFI: the cage's 1G module.
	ASSERT_EQ(port_start(A, setup(F | RTE_ETH_LINK_SPEED_1G)), 0);
	ASSERT_EQ(port_start(B, setup(F | RTE_ETH_LINK_SPEED_1G)), 0);
	l = link_of(A);
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_1G);
	EXPECT_EQ(l.link_duplex, RTE_ETH_LINK_FULL_DUPLEX);
	rx_flush(A);
	const Bytes f = raw_frame({port_mac(A), port_mac(B)}, 300);
	ASSERT_EQ(send_frames(B, 0, g_pool, {f}), 1u);
	auto got = rx_wait(A, 0, 1);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(mbuf_bytes(got[0]), f);
	free_all(got);
	EXPECT_EQ(port_stop(A), 0);
	EXPECT_EQ(port_stop(B), 0);
}

// ------------------------------------------------------------ IEEE 1588

TEST(Timesync, TimerReadWriteAdjust)
{
	ASSERT_EQ(port_start(A, setup()), 0);
	timespec t{};
	ASSERT_EQ(rte_eth_timesync_read_time(A, &t), 0);
	// The kernel sets the timer to the time of day (here, the model).
	EXPECT_GT(t.tv_sec, 1'600'000'000);
	const timespec set = {1000, 500};
	ASSERT_EQ(rte_eth_timesync_write_time(A, &set), 0);
	ASSERT_EQ(rte_eth_timesync_read_time(A, &t), 0);
	EXPECT_GE(ns(t), 1000'000'000'500u);
	EXPECT_LT(ns(t), 1001'000'000'000u);
	ASSERT_EQ(rte_eth_timesync_adjust_time(A, 5'000'000'000), 0);
	ASSERT_EQ(rte_eth_timesync_read_time(A, &t), 0);
	EXPECT_GE(ns(t), 1005'000'000'500u);
	EXPECT_LT(ns(t), 1006'000'000'000u);
	ASSERT_EQ(rte_eth_timesync_adjust_time(A, -2'000'000'000), 0);
	ASSERT_EQ(rte_eth_timesync_read_time(A, &t), 0);
	EXPECT_GE(ns(t), 1003'000'000'500u);
	EXPECT_LT(ns(t), 1004'000'000'000u);
	// It runs: read_clock, 10 ms later, is about 10 ms further.
	uint64_t c0 = 0, c1 = 0;
	ASSERT_EQ(rte_eth_read_clock(A, &c0), 0);
	sleep_ms(10);
	ASSERT_EQ(rte_eth_read_clock(A, &c1), 0);
	EXPECT_GE(c1 - c0, 10'000'000u);
	EXPECT_LT(c1 - c0, 1'000'000'000u);
	// The two MACs share their FMan's timer.
	ASSERT_EQ(rte_eth_timesync_read_time(B, &t), 0);
	EXPECT_GE(ns(t), 1003'000'000'500u);
	EXPECT_EQ(port_stop(A), 0);
}

TEST(Timesync, PtpFramesCarryTimestampsThatDifferByTheWireDelay)
{
	ASSERT_EQ(port_start(A, setup()), 0);
	ASSERT_EQ(port_start(B, setup()), 0);
	timespec t{};
	// Off: no timestamps to read.
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(B, &t, 0), -EINVAL);
	// PTP's multicast address: what the MAC filter lets through once asked.
	ASSERT_EQ(rte_eth_allmulticast_enable(B), 0);
	ASSERT_EQ(rte_eth_timesync_enable(A), 0);
	ASSERT_EQ(rte_eth_timesync_enable(B), 0);
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(B, &t, 0), -EINVAL); // none yet
	rx_flush(B);
	const uint64_t avail = pool_avail(g_pool);
	uint64_t last_tx = 0, last_rx = 0;
	for (uint16_t seq = 0; seq < 5; seq++) {
		ASSERT_EQ(send_frames(A, 0, g_pool, {ptp_frame(A, 0, seq)},
				      RTE_MBUF_F_TX_IEEE1588_TMST),
			  1u);
		uint64_t tx = 0;
		ASSERT_EQ(tx_stamp(A, tx), 0) << "frame " << seq;
		auto got = rx_wait(B, 0, 1);
		ASSERT_EQ(got.size(), 1u);
		EXPECT_EQ(got[0]->ol_flags &
				  (RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST),
			  RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST);
		EXPECT_EQ(mbuf_bytes(got[0]), ptp_frame(A, 0, seq));
		free_all(got);
		ASSERT_EQ(rte_eth_timesync_read_rx_timestamp(B, &t, 0), 0);
		const uint64_t rx = ns(t);
		EXPECT_GT(tx, last_tx);
		EXPECT_GT(rx, last_rx);
		EXPECT_GE(rx, tx + kWireDelayNs - kTimerStepNs) << "tx " << tx << " rx " << rx;
		EXPECT_LE(rx, tx + kWireDelayNs + kTimerStepNs) << "tx " << tx << " rx " << rx;
		last_tx = tx;
		last_rx = rx;
		// Read once: the next read waits for the next frame.
		EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(B, &t, 0), -EINVAL);
		EXPECT_EQ(rte_eth_timesync_read_tx_timestamp(A, &t), -EAGAIN);
	}
	// A frame that is not PTP is not flagged.
	const Bytes f = raw_frame({port_mac(B), port_mac(A)}, 100);
	ASSERT_EQ(send_frames(A, 0, g_pool, {f}), 1u);
	auto got = rx_wait(B, 0, 1);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0]->ol_flags & RTE_MBUF_F_RX_IEEE1588_PTP, 0u);
	free_all(got);
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(B, &t, 0), -EINVAL);
	ASSERT_EQ(rte_eth_timesync_disable(A), 0);
	ASSERT_EQ(rte_eth_timesync_disable(B), 0);
	ASSERT_EQ(rte_eth_allmulticast_disable(B), 0);
	// The confirmed frames' buffers went back to the pool.
	EXPECT_EQ(pool_settle(g_pool, avail), avail);
	EXPECT_EQ(rte_eth_timesync_read_tx_timestamp(A, &t), -EINVAL);
	EXPECT_EQ(port_stop(A), 0);
	EXPECT_EQ(port_stop(B), 0);
}

TEST(Timesync, RxTimestampOffloadFillsTheDynamicField)
{
	ASSERT_EQ(port_start(A, setup()), 0);
	ASSERT_EQ(port_start(B, setup(0, RTE_ETH_RX_OFFLOAD_TIMESTAMP)), 0);
	int field = -1;
	uint64_t flag = 0;
	ASSERT_EQ(rte_mbuf_dyn_rx_timestamp_register(&field, &flag), 0);
	rx_flush(B);
	uint64_t before = 0, after = 0;
	ASSERT_EQ(rte_eth_read_clock(B, &before), 0);
	std::vector<Bytes> frames;
	for (unsigned i = 0; i < 8; i++)
		frames.push_back(raw_frame({port_mac(B), port_mac(A)}, 100 + i));
	ASSERT_EQ(send_frames(A, 0, g_pool, frames), frames.size());
	auto got = rx_wait(B, 0, frames.size());
	ASSERT_EQ(rte_eth_read_clock(B, &after), 0);
	ASSERT_EQ(got.size(), frames.size());
	uint64_t last = before;
	for (rte_mbuf *m : got) {
		ASSERT_TRUE(m->ol_flags & flag);
		const uint64_t ts = *RTE_MBUF_DYNFIELD(m, field, rte_mbuf_timestamp_t *);
		EXPECT_GE(ts, last);
		EXPECT_LE(ts, after);
		last = ts;
		// Not PTP, and timesync is off: no PTP flags.
		EXPECT_EQ(m->ol_flags & RTE_MBUF_F_RX_IEEE1588_PTP, 0u);
	}
	free_all(got);
	// Without the offload, no timestamp flag.
	ASSERT_EQ(port_start(B, setup()), 0);
	rx_flush(B);
	ASSERT_EQ(send_frames(A, 0, g_pool, {frames[0]}), 1u);
	got = rx_wait(B, 0, 1);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0]->ol_flags & flag, 0u);
	free_all(got);
	EXPECT_EQ(port_stop(A), 0);
	EXPECT_EQ(port_stop(B), 0);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;fm1-mac3=cable:fm1-mac4;"
			     "mode=threaded;throttle=off",
			     {"-l", "0-1"}, [] {
				     A = port_by_name("fm1-mac9");
				     B = port_by_name("fm1-mac10");
				     C = port_by_name("fm1-mac3");
				     D = port_by_name("fm1-mac4");
				     g_pool = dpaa_pool("pool", 4096);
				     return ports_and_pools({A, B, C, D}, {g_pool});
			     });
}
