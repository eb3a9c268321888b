/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Resources running out. fm1-mac9's generator sends 50000 frames/s.
// - The Rx port's BMan pool empty (the application holds every buffer):
//   the FMan drops what arrives and the port counts it in rx_nombuf and
//   imissed; once the buffers come back, frames arrive again.
// - More BMan pools than BPIDs, more Rx queues than the FMan distributes
//   over: clear errors naming the limit.
// (A full EQCR is dpaa-ethdev-tx-full's; more threads than portals is the
// bus suite's dpaa-bus-portals.)

#include <cstdio>
#include <functional>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;

std::string capture_log(const std::function<void()> &f)
{
	char *buf = nullptr;
	size_t len = 0;
	FILE *log = open_memstream(&buf, &len);
	if (log == nullptr)
		return {};
	rte_openlog_stream(log);
	f();
	rte_openlog_stream(nullptr);
	fclose(log);
	std::string s(buf, len);
	free(buf);
	return s;
}

TEST(Exhaustion, EmptyPoolDropsAreCountedAndTrafficResumes)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_promiscuous_enable(P), 0);
	auto first = rx_wait(P, 0, 100, 2000);
	ASSERT_GE(first.size(), 100u) << "the generator's frames arrive";
	free_all(first);

	// The application takes every buffer: the FMan finds the pool empty.
	std::vector<rte_mbuf *> held;
	for (rte_mbuf *m; (m = rte_pktmbuf_alloc(g_pool)) != nullptr;)
		held.push_back(m);
	auto stale = rx_wait(P, 0, UINT32_MAX, 100); // frames received before it ran dry
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
	sleep_ms(300);
	auto none = rx_wait(P, 0, UINT32_MAX, 100);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_TRUE(none.empty()) << "frames without buffers";
	EXPECT_GT(st.rx_nombuf, 0u) << "frames that found the pool empty";
	EXPECT_GE(st.imissed, st.rx_nombuf);
	EXPECT_EQ(st.ipackets, 0u);

	// Buffers back: traffic resumes.
	for (rte_mbuf *m : held)
		rte_pktmbuf_free(m);
	held.clear();
	free_all(stale);
	auto again = rx_wait(P, 0, 100, 2000);
	EXPECT_GE(again.size(), 100u) << "traffic resumes once buffers are back";
	free_all(again);
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers lost";
}

TEST(Exhaustion, MorePoolsThanBpidsFailsNamingTheLimit)
{
	std::vector<rte_mempool *> pools;
	rte_mempool *last = nullptr;
	const std::string log = capture_log([&] {
		for (int i = 0; i < 70; i++) {
			const std::string name = "bp" + std::to_string(i);
			last = dpaa_pool(name.c_str(), 16);
			if (last == nullptr)
				break;
			pools.push_back(last);
		}
	});
	EXPECT_EQ(last, nullptr) << "BMan has 64 pools";
	EXPECT_LT(pools.size(), 64u);
	EXPECT_NE(log.find("no free BMan pool: all"), std::string::npos) << log;
	EXPECT_NE(log.find("BPIDs"), std::string::npos) << log;
	for (rte_mempool *mp : pools)
		rte_mempool_free(mp);
	// The BPIDs are free again.
	rte_mempool *again = dpaa_pool("bp-again", 16);
	EXPECT_NE(again, nullptr);
	rte_mempool_free(again);
}

TEST(Exhaustion, MoreRxQueuesThanTheFmanDistributesOverFail)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(P, &info), 0);
	EXPECT_EQ(info.max_rx_queues, 8u);
	rte_eth_conf conf{};
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	EXPECT_EQ(rte_eth_dev_configure(P, info.max_rx_queues + 1, 1, &conf), -EINVAL);
	std::string log = capture_log([&] { EXPECT_LT(rte_eth_dev_configure(P, 3, 1, &conf), 0); });
	EXPECT_NE(log.find("power-of-two"), std::string::npos) << log;
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=gen:size=64:flows=4:rate=50000;"
			     "mode=threaded",
			     {"-a", "dpaa_bus:fm1-mac9"}, [] {
				     P = port_by_name("fm1-mac9");
				     g_pool = dpaa_pool("pool", 1024);
				     return ports_and_pools({P}, {g_pool});
			     });
}
