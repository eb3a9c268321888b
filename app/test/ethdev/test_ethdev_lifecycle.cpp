/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A port's life cycle under a flood that never stops: fm1-mac9's generator
// sends as fast as the modelled MAC takes frames, from before the first
// rte_eth_dev_start to after the last rte_eth_dev_close; the test forwards
// what fm1-mac9 receives to fm1-mac10, whose sink checks every flow's
// order. Each cycle configures, starts, forwards, stops, closes and probes
// both MACs again; start, stop and close must complete under the flood,
// forwarding must begin every time, the sink must count exactly what the
// driver said it sent, with no frame twice or out of order, and every
// buffer must be back after every cycle. A hot unplug (rte_dev_remove of
// a started port) under the same flood gives everything back too.
//
// DPAA_TEST_FLOOD picks the flood: "gen" (default), "pcap" (a pcap file
// played at rate=max in a loop, from before start to after close), or
// "cable" (fm1-mac9 cabled to fm1-mac10 and the test forwarding each port's
// Rx to the other's Tx, seeded with 512 frames each cycle, so that they
// circulate as fast as the two MACs and the driver move them).
// DPAA_TEST_CYCLES sets the number of cycles (default 50; the stress suite
// runs 1000).

#include <cstdio>
#include <cstdlib>

#include <rte_cycles.h>
#include <rte_dev.h>

#include "dpaa_model/wire_sink.hpp"
#include "ethdev_test_support.hpp"
#include "model_access.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
dpaa::model::System *g_sys;
uint64_t g_sent; // what fm1-mac10's Tx counted as sent, over every cycle
std::string g_flood = "gen";
std::string g_dir; // the pcap flood's file

bool cable()
{
	return g_flood == "cable";
}

unsigned cycles()
{
	const char *e = getenv("DPAA_TEST_CYCLES");
	return e ? static_cast<unsigned>(strtoul(e, nullptr, 10)) : 50;
}

uint16_t probed(const char *name)
{
	uint16_t p = port_by_name(name);
	if (p >= RTE_MAX_ETHPORTS) {
		const std::string dev = std::string("dpaa_bus:") + name;
		if (rte_dev_probe(dev.c_str()) != 0)
			return RTE_MAX_ETHPORTS;
		p = port_by_name(name);
	}
	return p;
}

// Forward fm1-mac9 -> fm1-mac10 until 'want' frames went out or 'ms' passed.
uint64_t forward(uint16_t rx, uint16_t tx, uint64_t want, unsigned ms)
{
	uint64_t sent = 0;
	const uint64_t end = rte_get_timer_cycles() + rte_get_timer_hz() * ms / 1000;
	while (sent < want && rte_get_timer_cycles() < end) {
		rte_mbuf *b[32];
		const uint16_t n = rte_eth_rx_burst(rx, 0, b, 32);
		const uint16_t k = rte_eth_tx_burst(tx, 0, b, n);
		for (uint16_t i = k; i < n; i++)
			rte_pktmbuf_free(b[i]);
		sent += k;
		if (cable()) {
			// And back: fm1-mac10's Rx to fm1-mac9's Tx.
			const uint16_t m = rte_eth_rx_burst(tx, 0, b, 32);
			const uint16_t j = rte_eth_tx_burst(rx, 0, b, m);
			for (uint16_t i = j; i < m; i++)
				rte_pktmbuf_free(b[i]);
		}
	}
	return sent;
}

uint64_t opackets(uint16_t p)
{
	rte_eth_stats st{};
	rte_eth_stats_get(p, &st);
	return st.opackets;
}

// Both ports started, forwarding begun. Returns the ports.
void start_both(uint16_t &rx, uint16_t &tx)
{
	rx = probed("fm1-mac9");
	tx = probed("fm1-mac10");
	ASSERT_LT(rx, RTE_MAX_ETHPORTS);
	ASSERT_LT(tx, RTE_MAX_ETHPORTS);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(rx, s), 0);
	ASSERT_EQ(port_start(tx, s), 0);
	// The generator's frames are for another address, as testpmd lets
	// them in.
	ASSERT_EQ(rte_eth_promiscuous_enable(rx), 0);
	if (cable()) {
		ASSERT_EQ(rte_eth_promiscuous_enable(tx), 0);
		// Sent by fm1-mac10, so that fm1-mac9 receives them first.
		const L2 l2{port_mac(rx), port_mac(tx), -1, -1};
		std::vector<Bytes> seed;
		for (unsigned i = 0; i < 512; i++)
			seed.push_back(ipv4_udp(l2, 0x0a000001, 0x0a000002,
						static_cast<uint16_t>(i), 9, 18));
		ASSERT_GT(send_frames(tx, 0, g_pool, seed), 0u);
	}
	ASSERT_GT(forward(rx, tx, 256, 5000), 0u) << "forwarding did not begin";
}

// The sink has counted everything the driver sent.
void expect_sink_matches()
{
	if (cable())
		return; // no sink: the frames circulate
	dpaa::model::SinkWire *sink = g_sys->sink("fm1-mac10");
	ASSERT_NE(sink, nullptr);
	dpaa::model::SinkWire::Counters c = sink->counters();
	for (int i = 0; i < 2000 && c.frames != g_sent; i++) {
		sleep_ms(1);
		c = sink->counters();
	}
	EXPECT_EQ(c.frames, g_sent) << "frames the driver counted as sent";
	EXPECT_EQ(c.duplicates, 0u);
	EXPECT_EQ(c.out_of_order, 0u);
	EXPECT_EQ(c.bad, 0u);
}

TEST(Lifecycle, CyclesUnderAFloodFromBeforeStartToAfterClose)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	const unsigned n = cycles();
	for (unsigned c = 0; c < n; c++) {
		uint16_t rx = 0, tx = 0;
		start_both(rx, tx);
		ASSERT_FALSE(HasFatalFailure()) << "cycle " << c;
		forward(rx, tx, UINT64_MAX, 20);
		ASSERT_EQ(port_stop(rx), 0) << "cycle " << c;
		ASSERT_EQ(port_stop(tx), 0) << "cycle " << c;
		g_sent += opackets(tx);
		ASSERT_EQ(rte_eth_dev_close(rx), 0) << "cycle " << c;
		ASSERT_EQ(rte_eth_dev_close(tx), 0) << "cycle " << c;
		ASSERT_EQ(pool_settle(g_pool, start), start) << "buffers lost in cycle " << c;
	}
	expect_sink_matches();
}

TEST(Lifecycle, HotUnplugOfStartedPortsUnderAFlood)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	for (int round = 0; round < 2; round++) {
		uint16_t rx = 0, tx = 0;
		start_both(rx, tx);
		ASSERT_FALSE(HasFatalFailure());
		// Frames in flight in both directions, then both MACs removed
		// without a stop.
		for (int i = 0; i < 8; i++) {
			rte_mbuf *b[32];
			const uint16_t got = rte_eth_rx_burst(rx, 0, b, 32);
			const uint16_t k = rte_eth_tx_burst(tx, 0, b, got);
			for (uint16_t j = k; j < got; j++)
				rte_pktmbuf_free(b[j]);
		}
		g_sent += opackets(tx);
		rte_eth_dev_info ri{}, ti{};
		ASSERT_EQ(rte_eth_dev_info_get(rx, &ri), 0);
		ASSERT_EQ(rte_eth_dev_info_get(tx, &ti), 0);
		ASSERT_EQ(rte_dev_remove(ri.device), 0);
		ASSERT_EQ(rte_dev_remove(ti.device), 0);
		EXPECT_FALSE(rte_eth_dev_is_valid_port(rx));
		EXPECT_FALSE(rte_eth_dev_is_valid_port(tx));
		EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers lost at unplug";
	}
	expect_sink_matches();
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program;
	program.start_eal = [](const char *argv0) {
		if (const char *e = getenv("DPAA_TEST_FLOOD"))
			g_flood = e;
		std::string model = "board=ls1046a-rdb;mode=threaded;";
		if (g_flood == "gen") {
			model += "fm1-mac9=gen:size=64:flows=16:rate=max;fm1-mac10=sink";
		} else if (g_flood == "pcap") {
			g_dir = make_temp_dir("dpaa-ethdev-flood");
			if (g_dir.empty())
				return -1;
			const L2 l2{{{0x02, 0, 0, 0, 0, 0x01}}, {{0x02, 0, 0, 0, 0, 0x02}}, -1, -1};
			std::vector<Bytes> frames;
			for (unsigned i = 0; i < 64; i++)
				frames.push_back(ipv4_udp(l2, 0x0a000001, 0x0a000002,
							  static_cast<uint16_t>(i), 9, 18 + i));
			write_pcap(g_dir + "/in.pcap", frames);
			model += "fm1-mac9=pcap:rx=" + g_dir +
				 "/in.pcap:rate=max:loop=0;fm1-mac10=sink";
		} else if (g_flood == "cable") {
			model += "fm1-mac9=cable:fm1-mac10";
		} else {
			fprintf(stderr, "DPAA_TEST_FLOOD=%s: gen, pcap or cable\n",
				g_flood.c_str());
			return -1;
		}
		return eal_start(argv0, model,
				 {"-a", "dpaa_bus:fm1-mac9", "-a", "dpaa_bus:fm1-mac10"});
	};
	program.set_up = []() -> std::string {
		g_pool = dpaa_pool("pool", 4096);
		g_sys = bus_model();
		if (g_sys == nullptr)
			return "no model";
		return ports_and_pools({}, {g_pool});
	};
	program.tear_down = [] {
		if (!g_dir.empty())
			remove_dir(g_dir);
	};
	return program;
}
