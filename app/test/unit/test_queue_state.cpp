/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Rx and Tx queue state machines (drivers/net/dpaa/dpaa_queue_state.hpp):
// every edge, as the ethdev API and QMan's retirement make it.

#include <gtest/gtest.h>

#include "dpaa_queue_state.hpp"

namespace
{

using namespace dpaa::net;
using S = RxqState;
using E = RxqEvent;

constexpr S kAll[] = {S::running, S::stopped, S::retiring, S::starting};

TEST(RxqState, AStopEndsStoppedOrRetiringFromEveryState)
{
	for (S s : kAll) {
		EXPECT_EQ(rxq_next(s, E::stop_retired), S::stopped);
		EXPECT_EQ(rxq_next(s, E::stop_pending), S::retiring);
	}
}

TEST(RxqState, AStartOfARunningQueueChangesNothing)
{
	EXPECT_EQ(rxq_next(S::running, E::start_retired), S::running);
	EXPECT_EQ(rxq_next(S::running, E::start_pending), S::running);
}

TEST(RxqState, AStartRunsOnceTheFqIsOutOfServiceElseWaits)
{
	for (S s : {S::stopped, S::retiring, S::starting}) {
		EXPECT_EQ(rxq_next(s, E::start_retired), S::running);
		EXPECT_EQ(rxq_next(s, E::start_pending), S::starting);
	}
}

TEST(RxqState, TheEndOfARetirementCompletesWhatWaitedForIt)
{
	EXPECT_EQ(rxq_next(S::retiring, E::retired), S::stopped);
	EXPECT_EQ(rxq_next(S::starting, E::retired), S::running);
	// Nothing waited: the queue stays as it is.
	EXPECT_EQ(rxq_next(S::running, E::retired), S::running);
	EXPECT_EQ(rxq_next(S::stopped, E::retired), S::stopped);
}

TEST(RxqState, APortStartOrStopSetsEveryQueue)
{
	for (S s : kAll) {
		EXPECT_EQ(rxq_next(s, E::port_start), S::running);
		EXPECT_EQ(rxq_next(s, E::port_start_deferred), S::stopped);
		EXPECT_EQ(rxq_next(s, E::port_stop), S::stopped);
	}
}

// No state is a trap: from each, the control path's own events reach
// stopped and running, with no burst and no lcore's help.
TEST(RxqState, EveryStateReachesStoppedAndRunning)
{
	for (S s : kAll) {
		bool seen[kRxqStates] = {};
		seen[static_cast<unsigned>(s)] = true;
		for (unsigned round = 0; round < kRxqStates; round++)
			for (S from : kAll)
				if (seen[static_cast<unsigned>(from)])
					for (E e : {E::stop_retired, E::start_retired, E::retired})
						seen[static_cast<unsigned>(rxq_next(from, e))] =
							true;
		EXPECT_TRUE(seen[static_cast<unsigned>(S::stopped)]) << static_cast<int>(s);
		EXPECT_TRUE(seen[static_cast<unsigned>(S::running)]) << static_cast<int>(s);
	}
}

TEST(RxqState, OnlyAPendingRetirementWaits)
{
	EXPECT_FALSE(rxq_retirement_pending(S::running));
	EXPECT_FALSE(rxq_retirement_pending(S::stopped));
	EXPECT_TRUE(rxq_retirement_pending(S::retiring));
	EXPECT_TRUE(rxq_retirement_pending(S::starting));
}

TEST(TxqState, EveryEdge)
{
	using T = TxqState;
	using X = TxqEvent;
	for (T s : {T::running, T::stopped}) {
		EXPECT_EQ(txq_next(s, X::stop), T::stopped);
		EXPECT_EQ(txq_next(s, X::start), T::running);
		EXPECT_EQ(txq_next(s, X::port_start), T::running);
		EXPECT_EQ(txq_next(s, X::port_start_deferred), T::stopped);
		EXPECT_EQ(txq_next(s, X::port_stop), T::stopped);
	}
}

} // namespace
