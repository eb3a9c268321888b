/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The cable tests' program: the modelled board, its two ports and pools
// (main() is the shared one, eal_test_main.cpp).

#include <string>

#include "cable_fixture.hpp"
#include "eal_test_main.hpp"

using namespace dpaa_test;

namespace cable_test
{

rte_mempool *g_pool;
rte_mempool *g_small;
rte_mempool *g_ring_pool;
uint16_t A, B;

int poll_lcore(void *arg)
{
	auto *a = static_cast<PollArgs *>(arg);
	auto rx = rx_wait(a->port, a->queue, a->want, 300);
	a->got = rx.size();
	free_all(rx);
	return 0;
}

} // namespace cable_test

using namespace cable_test;

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program;
	program.start_eal = [](const char *argv0) {
		return eal_start(
			argv0,
			"board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded;throttle=off",
			{"-l", "0-1"});
	};
	program.set_up = []() -> std::string {
		A = port_by_name("fm1-mac9");
		B = port_by_name("fm1-mac10");
		g_pool = dpaa_pool("pool", 4096);
		g_small = dpaa_pool("small", 1024, RTE_PKTMBUF_HEADROOM + 256);
		g_ring_pool = rte_pktmbuf_pool_create_by_ops("ring_pool", 256, 0, 0,
							     RTE_MBUF_DEFAULT_BUF_SIZE,
							     SOCKET_ID_ANY, "ring_mp_mc");
		if (A >= RTE_MAX_ETHPORTS || B >= RTE_MAX_ETHPORTS || !g_pool || !g_small ||
		    !g_ring_pool)
			return "no DPAA ports or pools (ports " + std::to_string(A) + " " +
			       std::to_string(B) + ")";
		return "";
	};
	return program;
}
