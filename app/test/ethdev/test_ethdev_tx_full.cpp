/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Tx when QMan does not take what the burst handed over.
//
// A Tx burst on a ring that cannot drain: fm1-mac9 transmits to a pcap file
// while the test stalls the modelled SoC (a thread of the test holds the
// model's lock, so neither QMan nor the FMan moves). The burst must return
// fewer frames than asked instead of waiting, count exactly what it took,
// and once the SoC runs again every accepted frame must reach the wire
// byte-exact, with no buffer lost. The Tx calls use the public ethdev API
// only; the model is reached through the bus to stall it, as a board's QMan
// never would be.

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "dpaa_bus.hpp"
#include "dpaa_ethdev.hpp"
#include "ethdev_test_support.hpp"
#include "model_access.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;
std::string g_dir;

constexpr uint32_t kIp1 = 0xc0a80001, kIp2 = 0xc0a80002;
constexpr uint16_t kBurst = 32;

// Holds the modelled SoC's lock on a thread of its own until release().
class Stall
{
public:
	explicit Stall(std::mutex &soc_lock)
	    : t_([this, &soc_lock] {
		      std::lock_guard<std::mutex> stalled(soc_lock);
		      std::unique_lock<std::mutex> l(m_);
		      held_ = true;
		      cv_.notify_all();
		      cv_.wait(l, [this] { return released_; });
	      })
	{
		std::unique_lock<std::mutex> l(m_);
		cv_.wait(l, [this] { return held_; });
	}
	~Stall() { release(); }
	void release()
	{
		{
			std::lock_guard<std::mutex> l(m_);
			released_ = true;
		}
		cv_.notify_all();
		if (t_.joinable())
			t_.join();
	}

private:
	std::mutex m_;
	std::condition_variable cv_;
	bool held_ = false, released_ = false;
	std::thread t_;
};

rte_mbuf *mbuf_of(const Bytes &f)
{
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	if (m == nullptr)
		return nullptr;
	memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(f.size())), f.data(), f.size());
	return m;
}

TEST(TxFull, BurstOnAStalledRingReturnsFewerAndLosesNothing)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
	const rte_ether_addr dst = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x99}};
	const L2 l2{dst, port_mac(P), -1, -1};
	std::vector<Bytes> frames;
	uint64_t bytes = 0;
	for (unsigned i = 0; i < 512; i++) {
		frames.push_back(
			ipv4_udp(l2, kIp1, kIp2, static_cast<uint16_t>(i), 9, 30 + i % 64));
		bytes += frames.back().size();
	}
	// The first frame goes out normally: this thread has its portal, and
	// the EQCR is idle when the stall begins.
	ASSERT_EQ(send_frames(P, 0, g_pool, {frames[0]}), 1u);
	ASSERT_EQ(wait_pcap(g_dir + "/out.pcap", 1).size(), 1u);
	// Every buffer is taken before the stall: an allocation from a dpaa
	// pool may need BMan, which stops with the rest of the SoC.
	std::vector<rte_mbuf *> mbufs;
	for (size_t i = 1; i < frames.size(); i++) {
		mbufs.push_back(mbuf_of(frames[i]));
		ASSERT_NE(mbufs.back(), nullptr);
	}

	dpaa::model::System *sys = bus_model();
	ASSERT_NE(sys, nullptr);
	size_t accepted = 0;
	std::vector<uint16_t> returns;
	std::chrono::nanoseconds short_burst{0};
	{
		Stall stall(sys->soc().lock());
		// Full bursts until the ring is full, then one more on the full ring.
		while (accepted + kBurst <= mbufs.size()) {
			const auto t0 = std::chrono::steady_clock::now();
			const uint16_t n = rte_eth_tx_burst(P, 0, &mbufs[accepted], kBurst);
			const auto t1 = std::chrono::steady_clock::now();
			returns.push_back(n);
			accepted += n;
			if (n < kBurst) {
				short_burst = t1 - t0;
				break;
			}
		}
		if (!returns.empty() && returns.back() < kBurst)
			returns.push_back(rte_eth_tx_burst(P, 0, &mbufs[accepted], kBurst));
		stall.release();
	}
	printf("bursts on the stalled ring returned:");
	for (uint16_t n : returns)
		printf(" %u", n);
	printf(" (the short one in %.1f us)\n", short_burst.count() / 1000.0);
	ASSERT_GE(returns.size(), 2u) << "the ring never filled";
	EXPECT_LT(returns[returns.size() - 2], kBurst);
	EXPECT_EQ(returns.back(), 0) << "a full ring that cannot drain takes nothing";
	EXPECT_GT(accepted, 0u);

	// The SoC runs again: what was accepted goes out; the rest is sent now.
	rte_eth_stats st{};
	for (int i = 0; i < 5000 && st.opackets < 1 + accepted; i++) {
		sleep_ms(1);
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	}
	EXPECT_EQ(st.opackets, 1 + accepted) << "counted as sent: what the bursts returned";
	size_t sent = accepted;
	for (unsigned tries = 0; sent < mbufs.size() && tries < 1000000; tries++) {
		sent += rte_eth_tx_burst(
			P, 0, &mbufs[sent],
			static_cast<uint16_t>(RTE_MIN(mbufs.size() - sent, kBurst)));
		if (sent < mbufs.size())
			std::this_thread::yield();
	}
	ASSERT_EQ(sent, mbufs.size());

	const std::vector<Bytes> got = wait_pcap(g_dir + "/out.pcap", frames.size());
	ASSERT_EQ(got.size(), frames.size());
	for (size_t i = 0; i < frames.size(); i++)
		EXPECT_EQ(got[i], frames[i]) << "frame " << i;
	for (int i = 0; i < 5000 && st.opackets < frames.size(); i++) {
		sleep_ms(1);
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	}
	EXPECT_EQ(st.opackets, frames.size());
	EXPECT_EQ(st.obytes, bytes);
	EXPECT_EQ(st.oerrors, 0u);
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers lost";
}

uint64_t xstat(uint16_t port, const char *name)
{
	uint64_t id = 0, v = ~uint64_t{0};
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(port, &id, &v, 1) != 1)
		ADD_FAILURE() << "no xstat " << name;
	return v;
}

// Frames QMan refuses on enqueue (here: their Tx FQ taken out of service
// behind the driver's back, as a buggy agent on the same QMan could) come
// back on the enqueuing portal's message ring: the driver frees their
// buffers and counts them in oerrors and in an xstat. None reaches the wire.
TEST(TxFull, RejectedEnqueuesAreFreedAndCounted)
{
	const uint64_t start = pool_settle(g_pool, g_pool->size);
	PortSetup s;
	s.pool = g_pool;
	ASSERT_EQ(port_start(P, s), 0);
	ASSERT_EQ(rte_eth_stats_reset(P), 0);
	const size_t before = read_pcap(g_dir + "/out.pcap").size();
	const auto *txq =
		static_cast<const dpaa::net::TxQueue *>(rte_eth_devices[P].data->tx_queues[0]);
	dpaa::qbman::QmanPortal *portal = dpaa::bus::qman_portal();
	ASSERT_NE(portal, nullptr);
	const dpaa::hw::Fqid fqid{txq->fqid};
	ASSERT_EQ(portal->retire_fq(fqid), 0);
	ASSERT_EQ(portal->oos_fq(fqid), 0);

	const rte_ether_addr dst = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x99}};
	const L2 l2{dst, port_mac(P), -1, -1};
	constexpr unsigned kFrames = 300;
	std::vector<Bytes> frames;
	for (unsigned i = 0; i < kFrames; i++)
		frames.push_back(ipv4_udp(l2, kIp1, kIp2, static_cast<uint16_t>(i), 9, 40));
	EXPECT_EQ(send_frames(P, 0, g_pool, frames), kFrames) << "the EQCR takes them all";
	// Bursts with nothing to send still collect the rejections.
	rte_eth_stats st{};
	for (int i = 0; i < 20000 && st.oerrors < kFrames; i++) {
		rte_eth_tx_burst(P, 0, nullptr, 0);
		if (i % 256 == 0) {
			sleep_ms(1);
			ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
		}
	}
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.oerrors, kFrames);
	EXPECT_EQ(xstat(P, "tx_rejected_packets"), kFrames);
	EXPECT_EQ(read_pcap(g_dir + "/out.pcap").size(), before) << "a rejected frame went out";
	port_stop(P);
	EXPECT_EQ(pool_settle(g_pool, start), start) << "buffers of rejected frames lost";
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return pcap_program(
		"dpaa-ethdev-txfull",
		[](const std::string &dir) {
			g_dir = dir;
			return "board=ls1046a-rdb;fm1-mac9=pcap:tx=" + dir +
			       "/out.pcap;mode=threaded";
		},
		{"-a", "dpaa_bus:fm1-mac9"},
		[] {
			P = port_by_name("fm1-mac9");
			g_pool = dpaa_pool("pool", 1024);
			return ports_and_pools({P}, {g_pool});
		});
}
