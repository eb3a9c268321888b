/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa over the cable between fm1-mac9 (A) and fm1-mac10 (B):
// The Rx queue's FQ: what it stashes with each entry, how many frames wait
// in it, and QMan's tail drop when nobody polls.

#include <mutex>

#include "cable_fixture.hpp"
#include "model_access.hpp"

using namespace dpaa_test;
using namespace cable_test;

namespace
{

// Rx FQs stash the annotation's first line (parse result, hash) and the
// frame's first line with each DQRR entry (FQ context A), as upstream's
// driver asks: on a board both are in the polling core's cache when the
// burst and the application read them. The model counts what it stashed.
TEST_F(Cable, RxFqsStashTheAnnotationAndTheFirstFrameLine)
{
	dpaa::model::System *sys = bus_model();
	if (sys == nullptr)
		GTEST_SKIP() << "the board platform's model is the emulated kernel's";
	start_pair();
	auto stashed = [sys] {
		std::lock_guard<std::mutex> quiet(sys->soc().lock());
		return sys->soc().stashed();
	};
	const dpaa::model::StashCounts before = stashed();
	const std::vector<Bytes> out(8, raw_frame(to_b(), 200));
	ASSERT_EQ(send_frames(A, 0, g_pool, out), out.size());
	auto rx = rx_wait(B, 0, out.size());
	ASSERT_EQ(rx.size(), out.size());
	free_all(rx);
	const dpaa::model::StashCounts after = stashed();
	EXPECT_EQ(after.entries - before.entries, out.size());
	EXPECT_EQ(after.annotation_lines - before.annotation_lines, out.size());
	EXPECT_EQ(after.data_lines - before.data_lines, out.size());
	EXPECT_EQ(after.context_lines - before.context_lines, 0u);
}

TEST_F(Cable, RxQueueCountAndTailDrop)
{
	PortSetup b;
	b.nb_rxd = 64;
	start_pair({}, b);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	EXPECT_EQ(rte_eth_rx_queue_count(B, 0), 0);
	std::vector<Bytes> few(10, raw_frame(to_b(), 1500));
	ASSERT_EQ(send_frames(A, 0, g_pool, few), 10u);
	for (int i = 0; i < 200 && rte_eth_rx_queue_count(B, 0) < 10; i++)
		sleep_ms(1);
	EXPECT_EQ(rte_eth_rx_queue_count(B, 0), 10);
	// Far more than 64 full-size frames while nobody polls: QMan tail-drops.
	std::vector<Bytes> many(300, raw_frame(to_b(), 1500));
	ASSERT_EQ(send_frames(A, 0, g_pool, many), 300u);
	sleep_ms(200);
	auto rx = rx_wait(B, 0, 310, 200);
	rte_eth_stats st;
	ASSERT_EQ(rte_eth_stats_get(B, &st), 0);
	EXPECT_GT(st.imissed, 0u);
	EXPECT_LE(rx.size(), 80u);
	EXPECT_EQ(rx.size() + st.imissed, 310u);
	EXPECT_EQ(st.ipackets, rx.size());
	free_all(rx);
}

} // namespace
