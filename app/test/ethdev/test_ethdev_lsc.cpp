/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Link state of net_dpaa follows the wire: fm1-mac9's wire is a Linux TAP
// interface, whose administrative state the test flips (the modelled link is
// up while the interface is up). Needs root and /dev/net/tun; skipped
// otherwise.

#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

constexpr const char *kTap = "dpaalsc0";
uint16_t P;
rte_mempool *g_pool;
std::atomic<unsigned> g_events{0};

bool set_tap_up(bool up)
{
	const int s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0)
		return false;
	ifreq ifr{};
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", kTap);
	bool ok = ioctl(s, SIOCGIFFLAGS, &ifr) == 0;
	if (ok) {
		ifr.ifr_flags = static_cast<short>(up ? (ifr.ifr_flags | IFF_UP)
						      : (ifr.ifr_flags & ~IFF_UP));
		ok = ioctl(s, SIOCSIFFLAGS, &ifr) == 0;
	}
	close(s);
	return ok;
}

int on_lsc(uint16_t, rte_eth_event_type type, void *, void *)
{
	if (type == RTE_ETH_EVENT_INTR_LSC)
		g_events++;
	return 0;
}

uint8_t link_now()
{
	rte_eth_link l{};
	rte_eth_link_get_nowait(P, &l);
	return l.link_status;
}

bool wait_events(unsigned n, unsigned ms = 3000)
{
	for (unsigned i = 0; i < ms && g_events.load() < n; i++)
		sleep_ms(1);
	return g_events.load() >= n;
}

TEST(Lsc, EventsFollowTheWire)
{
	ASSERT_TRUE(set_tap_up(false));
	ASSERT_EQ(rte_eth_dev_callback_register(P, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr), 0);
	PortSetup s;
	s.pool = g_pool;
	s.conf.intr_conf.lsc = 1;
	ASSERT_EQ(port_start(P, s), 0);
	EXPECT_EQ(link_now(), RTE_ETH_LINK_DOWN);
	const unsigned e0 = g_events.load();
	ASSERT_TRUE(set_tap_up(true));
	EXPECT_TRUE(wait_events(e0 + 1)) << "no event for link up";
	EXPECT_EQ(link_now(), RTE_ETH_LINK_UP);
	ASSERT_TRUE(set_tap_up(false));
	EXPECT_TRUE(wait_events(e0 + 2)) << "no event for link down";
	EXPECT_EQ(link_now(), RTE_ETH_LINK_DOWN);
	port_stop(P);
	rte_eth_dev_callback_unregister(P, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr);
}

TEST(Lsc, NoEventsWithoutIntrConf)
{
	ASSERT_TRUE(set_tap_up(false));
	ASSERT_EQ(rte_eth_dev_callback_register(P, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr), 0);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	const unsigned e0 = g_events.load();
	ASSERT_TRUE(set_tap_up(true));
	sleep_ms(400);
	EXPECT_EQ(g_events.load(), e0);
	EXPECT_EQ(link_now(), RTE_ETH_LINK_UP);
	port_stop(P);
	rte_eth_dev_callback_unregister(P, RTE_ETH_EVENT_INTR_LSC, on_lsc, nullptr);
}

TEST(Lsc, LinkGetWaitsForALinkComingUp)
{
	ASSERT_TRUE(set_tap_up(false));
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	std::thread later([] {
		sleep_ms(300);
		set_tap_up(true);
	});
	rte_eth_link l{};
	ASSERT_EQ(rte_eth_link_get(P, &l), 0);
	later.join();
	EXPECT_EQ(l.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_10G);
	port_stop(P);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program = model_program(std::string("board=ls1046a-rdb;fm1-mac9=tap:name=") +
						       kTap + ";mode=threaded;throttle=off",
					       {"-a", "dpaa_bus:fm1-mac9"}, [] {
						       P = port_by_name("fm1-mac9");
						       g_pool = dpaa_pool("pool", 1024);
						       return ports_and_pools({P}, {g_pool});
					       });
	program.before = [](int, char **) -> std::optional<int> {
		if (geteuid() == 0 && access("/dev/net/tun", R_OK | W_OK) == 0)
			return std::nullopt;
		fprintf(stderr, "needs root and /dev/net/tun: skipped\n");
		return 77;
	};
	return program;
}
