/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The cable tests' program: the modelled board, its two ports and pools.

#include "cable_fixture.hpp"

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

int main(int argc, char **argv)
{
	testing::InitGoogleTest(&argc, argv);
	if (eal_start(argv[0],
		      "board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded;throttle=off",
		      {"-l", "0-1"}) < 0) {
		fprintf(stderr, "EAL initialisation failed\n");
		return 1;
	}
	A = port_by_name("fm1-mac9");
	B = port_by_name("fm1-mac10");
	g_pool = dpaa_pool("pool", 4096);
	g_small = dpaa_pool("small", 1024, RTE_PKTMBUF_HEADROOM + 256);
	g_ring_pool = rte_pktmbuf_pool_create_by_ops(
		"ring_pool", 256, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY, "ring_mp_mc");
	if (A >= RTE_MAX_ETHPORTS || B >= RTE_MAX_ETHPORTS || !g_pool || !g_small || !g_ring_pool) {
		fprintf(stderr, "no DPAA ports or pools (ports %u %u)\n", A, B);
		return 1;
	}
	const int ret = RUN_ALL_TESTS();
	rte_eth_dev_close(A);
	rte_eth_dev_close(B);
	rte_eal_cleanup();
	return ret;
}
