/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa as real applications use it (issue 29: Open vSwitch, the bonding
// PMD, DPDK's own pmd_perf_autotest), on the modelled LS1046A-RDB with a
// cable between fm1-mac9 (port A) and fm1-mac10 (port B). Public ethdev and
// EAL API only.

#include <atomic>

#include <rte_bus.h>
#include <rte_dev.h>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t A, B;

constexpr uint32_t kIpA = 0x0a000001, kIpB = 0x0a000002;

class Apps : public ::testing::Test
{
protected:
	void SetUp() override { start_avail_ = pool_settle(g_pool, g_pool->size); }
	void TearDown() override
	{
		for (uint16_t p : {A, B}) {
			if (!rte_eth_dev_is_valid_port(p))
				continue;
			rte_eth_dev_set_link_up(p);
			rx_flush(p);
			port_stop(p);
		}
		EXPECT_EQ(pool_settle(g_pool, start_avail_), start_avail_) << "buffers lost";
	}

	uint64_t start_avail_ = 0;
};

std::vector<Bytes> frames_a_to_b(unsigned n, size_t payload = 64)
{
	const L2 l2{port_mac(B), port_mac(A), -1, -1};
	std::vector<Bytes> v;
	for (unsigned i = 0; i < n; i++)
		v.push_back(
			ipv4_udp(l2, kIpA, kIpB, static_cast<uint16_t>(1000 + i % 64), 9, payload));
	return v;
}

uint64_t xstat(uint16_t port, const char *name)
{
	uint64_t id = 0, v = ~uint64_t{0};
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(port, &id, &v, 1) != 1)
		ADD_FAILURE() << "no xstat " << name;
	return v;
}

rte_eth_stats stats(uint16_t port)
{
	rte_eth_stats st{};
	EXPECT_EQ(rte_eth_stats_get(port, &st), 0);
	return st;
}

// A -> B, n frames; B receives them all on its queues.
void forward(unsigned n, uint16_t b_queues = 1)
{
	const std::vector<Bytes> f = frames_a_to_b(n);
	ASSERT_EQ(send_frames(A, 0, g_pool, f), n);
	unsigned got = 0;
	for (int round = 0; round < 50 && got < n; round++)
		for (uint16_t q = 0; q < b_queues; q++) {
			auto rx = rx_wait(B, q, n - got, 50);
			got += static_cast<unsigned>(rx.size());
			free_all(rx);
		}
	ASSERT_EQ(got, n);
}

// ------------------------------------------------------------- counters

// testpmd's "port stop all; port config all rxq N; port start all", OVS's
// reconfiguration: configure and queue setup again. What the port counted
// stays counted; only rte_eth_stats_reset() starts from zero.
TEST_F(Apps, CountersSurviveReconfigure)
{
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(A, s), 0);
	ASSERT_EQ(port_start(B, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(A), 0);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	forward(500);
	const rte_eth_stats a0 = stats(A), b0 = stats(B);
	EXPECT_EQ(a0.opackets, 500u);
	EXPECT_EQ(b0.ipackets, 500u);
	EXPECT_EQ(b0.ipackets, xstat(B, "rx_mac_good_packets"));

	// Same queue count, configured again.
	ASSERT_EQ(port_stop(A), 0);
	ASSERT_EQ(port_stop(B), 0);
	ASSERT_EQ(port_start(A, s), 0);
	ASSERT_EQ(port_start(B, s), 0);
	rte_eth_stats a1 = stats(A), b1 = stats(B);
	EXPECT_EQ(a1.opackets, a0.opackets) << "a reconfigure reset the Tx counters";
	EXPECT_EQ(a1.obytes, a0.obytes);
	EXPECT_EQ(b1.ipackets, b0.ipackets) << "a reconfigure reset the Rx counters";
	EXPECT_EQ(b1.ibytes, b0.ibytes);
	EXPECT_GE(b1.ipackets, xstat(B, "rx_mac_good_packets"));

	// Two Rx queues on B (RSS), then back to one: the queue that goes
	// keeps its frames counted.
	PortSetup two = s;
	two.nb_rxq = 2;
	two.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	two.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
	ASSERT_EQ(port_start(B, two), 0);
	forward(500, 2);
	b1 = stats(B);
	EXPECT_EQ(b1.ipackets, 1000u);
	ASSERT_EQ(port_start(B, s), 0);
	b1 = stats(B);
	a1 = stats(A);
	EXPECT_EQ(b1.ipackets, 1000u) << "the released queue's frames were forgotten";
	EXPECT_EQ(a1.opackets, 1000u);
	EXPECT_EQ(b1.ipackets, xstat(B, "rx_mac_good_packets"));
	EXPECT_EQ(a1.opackets, xstat(A, "tx_mac_good_packets"));

	// Only a reset starts from zero.
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	b1 = stats(B);
	EXPECT_EQ(b1.ipackets, 0u);
	EXPECT_EQ(b1.ibytes, 0u);
	forward(10);
	EXPECT_EQ(stats(B).ipackets, 10u);
}

// ------------------------------------------------------------- link

std::atomic<unsigned> g_lsc[RTE_MAX_ETHPORTS];

int on_lsc(uint16_t port, rte_eth_event_type type, void *, void *)
{
	if (type == RTE_ETH_EVENT_INTR_LSC && port < RTE_MAX_ETHPORTS)
		g_lsc[port]++;
	return 0;
}

uint8_t link_now(uint16_t p)
{
	rte_eth_link l{};
	rte_eth_link_get_nowait(p, &l);
	return l.link_status;
}

// Until port p has had 'n' events and its link is 'status' (or 5 s passed).
bool wait_link(uint16_t p, unsigned n, uint8_t status)
{
	for (unsigned i = 0; i < 5000; i++) {
		if (g_lsc[p].load() >= n && link_now(p) == status)
			return true;
		sleep_ms(1);
	}
	return false;
}

// The bonding PMD (mode 1) trusts LSC events to fail over: set_link_down
// on a port must raise one, and on a board the PHY goes down, so the
// cable's far end loses its link too (and raises its own event).
TEST_F(Apps, LinkDownRaisesAnEventAndTakesThePeerDown)
{
	for (uint16_t p : {A, B})
		ASSERT_EQ(rte_eth_dev_callback_register(p, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr),
			  0);
	PortSetup s;
	s.pool = g_pool;
	s.conf.intr_conf.lsc = 1;
	ASSERT_EQ(port_start(A, s), 0);
	ASSERT_EQ(port_start(B, s), 0);
	rte_eth_link l{};
	ASSERT_EQ(rte_eth_link_get(A, &l), 0);
	ASSERT_EQ(l.link_status, RTE_ETH_LINK_UP);
	ASSERT_EQ(rte_eth_link_get(B, &l), 0);
	ASSERT_EQ(l.link_status, RTE_ETH_LINK_UP);
	sleep_ms(300); // the events of the links coming up, if any, are in
	const unsigned ea = g_lsc[A].load(), eb = g_lsc[B].load();

	ASSERT_EQ(rte_eth_dev_set_link_down(A), 0);
	EXPECT_TRUE(wait_link(A, ea + 1, RTE_ETH_LINK_DOWN)) << "no event for A's link down";
	EXPECT_TRUE(wait_link(B, eb + 1, RTE_ETH_LINK_DOWN)) << "the far end B stayed up";
	EXPECT_EQ(link_now(A), RTE_ETH_LINK_DOWN);
	EXPECT_EQ(link_now(B), RTE_ETH_LINK_DOWN);

	ASSERT_EQ(rte_eth_dev_set_link_up(A), 0);
	EXPECT_TRUE(wait_link(A, ea + 2, RTE_ETH_LINK_UP)) << "no event for A's link up";
	EXPECT_TRUE(wait_link(B, eb + 2, RTE_ETH_LINK_UP)) << "the far end B stayed down";
	forward(10);

	for (uint16_t p : {A, B})
		rte_eth_dev_callback_unregister(p, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr);
}

// ------------------------------------------------------------- Tx

// DPDK's pmd_perf_autotest primes its ports: 2048 frames each, bursts of
// 32, giving up after 5 bursts that take nothing. On a board QMan consumes
// the EQCR within nanoseconds and a Tx FQ holds any number of frames: all
// of them go in.
TEST_F(Apps, TxPrimingTakesEveryFrame)
{
	constexpr unsigned kPerPort = 2048, kBurst = 32, kMaxRetry = 5;
	PortSetup s;
	s.pool = g_pool;
	s.nb_rxd = 2048;
	s.nb_txd = 2048;
	ASSERT_EQ(port_start(A, s), 0);
	ASSERT_EQ(port_start(B, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(A), 0);
	ASSERT_EQ(rte_eth_stats_reset(B), 0);
	std::vector<rte_mbuf *> m(2 * kPerPort);
	ASSERT_EQ(rte_pktmbuf_alloc_bulk(g_pool, m.data(), static_cast<unsigned>(m.size())), 0);
	const L2 ab{port_mac(B), port_mac(A), -1, -1}, ba{port_mac(A), port_mac(B), -1, -1};
	for (size_t i = 0; i < m.size(); i++) {
		const Bytes f = ipv4_udp(i < kPerPort ? ab : ba, kIpA, kIpB,
					 static_cast<uint16_t>(i), 9, 18);
		memcpy(rte_pktmbuf_append(m[i], static_cast<uint16_t>(f.size())), f.data(),
		       f.size());
	}
	unsigned idx = 0;
	for (uint16_t port : {A, B}) {
		unsigned num = kPerPort, retries = 0;
		while (num) {
			const uint16_t n = rte_eth_tx_burst(port, 0, &m[idx], RTE_MIN(kBurst, num));
			if (n == 0 && ++retries == kMaxRetry)
				break;
			num -= n;
			idx += n;
		}
	}
	for (size_t i = idx; i < m.size(); i++)
		rte_pktmbuf_free(m[i]);
	EXPECT_EQ(idx, 2 * kPerPort) << "frames the Tx bursts refused";
	rte_eth_stats st{};
	for (int i = 0; i < 5000 && st.opackets < idx; i++) {
		sleep_ms(1);
		st = stats(A);
		st.opackets += stats(B).opackets;
	}
	EXPECT_EQ(st.opackets, idx);
}

// ------------------------------------------------------------- detach

rte_device *device_of(uint16_t port)
{
	rte_eth_dev_info info{};
	return rte_eth_dev_info_get(port, &info) == 0 ? const_cast<rte_device *>(info.device)
						      : nullptr;
}

// Last: B is closed, detached and attached again. DPDK's usual sequence
// (testpmd's "port close" then "device detach", OVS's detach): close,
// then remove the device. Removing it without a close does both.
TEST_F(Apps, AClosedPortCanBeDetached)
{
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(B, s), 0);
	rte_device *dev = device_of(B);
	ASSERT_NE(dev, nullptr);
	ASSERT_EQ(port_stop(B), 0);
	ASSERT_EQ(rte_eth_dev_close(B), 0);
	EXPECT_TRUE(rte_dev_is_probed(dev)) << "a closed port's device stays probed";
	EXPECT_EQ(rte_dev_remove(dev), 0);
	EXPECT_FALSE(rte_dev_is_probed(dev));

	// Attached again: a new port, which works.
	ASSERT_EQ(rte_dev_probe("dpaa_bus:fm1-mac10"), 0);
	B = port_by_name("fm1-mac10");
	ASSERT_LT(B, RTE_MAX_ETHPORTS);
	ASSERT_EQ(port_start(A, s), 0);
	ASSERT_EQ(port_start(B, s), 0);
	forward(10);
	EXPECT_EQ(stats(B).ipackets, 10u);

	// A probe of a device whose port is open changes nothing (EAL
	// answers 0 for a device probed already, as for PCI).
	const uint16_t ports = rte_eth_dev_count_avail();
	rte_dev_probe("dpaa_bus:fm1-mac10");
	EXPECT_EQ(rte_eth_dev_count_avail(), ports);
	EXPECT_EQ(port_by_name("fm1-mac10"), B);
	EXPECT_EQ(stats(B).ipackets, 10u) << "the open port was made anew";

	// The same by name, as testpmd's "device detach" does it.
	ASSERT_EQ(port_stop(B), 0);
	ASSERT_EQ(rte_eth_dev_close(B), 0);
	EXPECT_EQ(rte_eal_hotplug_remove("dpaa_bus", "fm1-mac10"), 0);
	EXPECT_FALSE(rte_dev_is_probed(dev));
	// And a closed port's device probed again without a detach (testpmd's
	// "port close" then "port attach") is a new port too.
	ASSERT_EQ(rte_dev_probe("dpaa_bus:fm1-mac10"), 0);
	B = port_by_name("fm1-mac10");
	ASSERT_LT(B, RTE_MAX_ETHPORTS);
	ASSERT_EQ(rte_eth_dev_close(B), 0);
	ASSERT_EQ(rte_dev_probe("dpaa_bus:fm1-mac10"), 0);
	B = port_by_name("fm1-mac10");
	ASSERT_LT(B, RTE_MAX_ETHPORTS);
	ASSERT_EQ(port_start(B, s), 0);
	forward(10);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=cable:fm1-mac10;mode=threaded",
			     {"-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"}, [] {
				     A = port_by_name("fm1-mac9");
				     B = port_by_name("fm1-mac10");
				     g_pool = dpaa_pool("pool", 16384);
				     return ports_and_pools({A, B}, {g_pool});
			     });
}
