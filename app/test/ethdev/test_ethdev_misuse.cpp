/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// An application that misuses net_dpaa gets an error code or a counted drop,
// never a crash: ethdev calls on queues that do not exist, before configure,
// after stop and after close; NULL and zero-length bursts, bursts far above
// the ring; Tx mbufs whose data lies outside their buffer, chains longer
// than the FMan's SG table, chains with empty segments, chains that lie
// about their length. fm1-mac9 is on a loopback wire, so what Tx sends comes
// back to its Rx. Every test ends with the pool's buffers all back.

#include <cstdio>

#include <rte_dev.h>

#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

rte_mempool *g_pool;
uint16_t P;

constexpr uint32_t kIp1 = 0xc0a80001, kIp2 = 0xc0a80002;

L2 self()
{
	return L2{port_mac(P), port_mac(P), -1, -1};
}

rte_mbuf *mbuf_of(const Bytes &f)
{
	rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
	if (m != nullptr)
		memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(f.size())), f.data(), f.size());
	return m;
}

// f as a chain of segments of 'seg' bytes each (the last one shorter), with
// an empty segment after every 'empty_every' segments (0: none).
rte_mbuf *chain_of(const Bytes &f, size_t seg, unsigned empty_every = 0)
{
	rte_mbuf *head = nullptr;
	unsigned n = 0;
	for (size_t off = 0; off < f.size(); off += seg) {
		const size_t len = std::min(seg, f.size() - off);
		rte_mbuf *m = rte_pktmbuf_alloc(g_pool);
		if (m == nullptr)
			return head;
		memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(len)), f.data() + off, len);
		if (head == nullptr)
			head = m;
		else if (rte_pktmbuf_chain(head, m) != 0)
			return head;
		if (empty_every && ++n % empty_every == 0) {
			rte_mbuf *e = rte_pktmbuf_alloc(g_pool);
			if (e != nullptr && rte_pktmbuf_chain(head, e) != 0)
				rte_pktmbuf_free(e);
		}
	}
	return head;
}

class Misuse : public testing::Test
{
protected:
	void SetUp() override { start_ = pool_settle(g_pool, g_pool->size); }
	void TearDown() override { expect_pool_back(P, g_pool, start_); }
	void start_port()
	{
		PortSetup s;
		s.pool = g_pool;
		ASSERT_EQ(port_start(P, s), 0);
		ASSERT_EQ(rte_eth_stats_reset(P), 0);
	}
	uint64_t start_ = 0;
};

TEST_F(Misuse, CallsBeforeConfigureFail)
{
	// The port was probed, never configured.
	EXPECT_LT(rte_eth_rx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr, g_pool), 0);
	EXPECT_LT(rte_eth_tx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr), 0);
	EXPECT_LT(rte_eth_dev_start(P), 0);
	EXPECT_LT(rte_eth_dev_rx_queue_start(P, 0), 0);
	EXPECT_LT(rte_eth_dev_tx_queue_stop(P, 0), 0);
	rte_mbuf *pk[4];
	EXPECT_EQ(rte_eth_rx_burst(P, 0, pk, 4), 0);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, pk, 0), 0);
	rte_eth_stats st{};
	EXPECT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.ipackets + st.opackets + st.ierrors + st.oerrors, 0u);
}

TEST_F(Misuse, StartWithoutQueuesSetUpFails)
{
	rte_eth_conf conf{};
	ASSERT_EQ(rte_eth_dev_configure(P, 2, 2, &conf), 0);
	EXPECT_EQ(rte_eth_rx_queue_setup(P, 2, 512, SOCKET_ID_ANY, nullptr, g_pool), -EINVAL);
	EXPECT_EQ(rte_eth_tx_queue_setup(P, 5, 512, SOCKET_ID_ANY, nullptr), -EINVAL);
	ASSERT_EQ(rte_eth_rx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr, g_pool), 0);
	ASSERT_EQ(rte_eth_tx_queue_setup(P, 0, 512, SOCKET_ID_ANY, nullptr), 0);
	EXPECT_EQ(rte_eth_dev_start(P), -EINVAL) << "Rx queue 1 and Tx queue 1 are not set up";
}

TEST_F(Misuse, BurstsOnQueuesThatDoNotExistReturnZero)
{
	start_port();
	rte_mbuf *pk[32];
	for (uint16_t q :
	     {uint16_t{1}, uint16_t{7}, uint16_t{8}, uint16_t{RTE_MAX_QUEUES_PER_PORT - 1}})
		EXPECT_EQ(rte_eth_rx_burst(P, q, pk, 32), 0) << "Rx queue " << q;
	rte_mbuf *m = mbuf_of(ipv4_udp(self(), kIp1, kIp2, 1, 2, 40));
	ASSERT_NE(m, nullptr);
	for (uint16_t q : {uint16_t{1}, uint16_t{RTE_MAX_QUEUES_PER_PORT - 1}})
		EXPECT_EQ(rte_eth_tx_burst(P, q, &m, 1), 0) << "Tx queue " << q;
	rte_pktmbuf_free(m);
	EXPECT_EQ(rte_eth_dev_rx_queue_stop(P, 3), -EINVAL);
	EXPECT_EQ(rte_eth_dev_tx_queue_start(P, 3), -EINVAL);
	rte_eth_rxq_info ri;
	EXPECT_EQ(rte_eth_rx_queue_info_get(P, 1, &ri), -EINVAL);
	EXPECT_EQ(rte_eth_rx_queue_count(P, 1), -EINVAL);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.ipackets + st.opackets + st.ierrors + st.oerrors, 0u);
}

TEST_F(Misuse, NullZeroLengthAndOversizedBursts)
{
	start_port();
	EXPECT_EQ(rte_eth_rx_burst(P, 0, nullptr, 0), 0);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, nullptr, 0), 0);
	// Far more than the Tx ring holds in one call: some go, the caller
	// keeps the rest; what went comes back on the loopback, counted once.
	std::vector<rte_mbuf *> tx;
	for (unsigned i = 0; i < 1500; i++) {
		tx.push_back(
			mbuf_of(ipv4_udp(self(), kIp1, kIp2, static_cast<uint16_t>(i), 2, 20)));
		ASSERT_NE(tx.back(), nullptr);
	}
	const uint16_t sent = rte_eth_tx_burst(P, 0, tx.data(), static_cast<uint16_t>(tx.size()));
	EXPECT_GT(sent, 0);
	EXPECT_LE(sent, tx.size());
	rte_pktmbuf_free_bulk(tx.data() + sent, static_cast<unsigned>(tx.size() - sent));
	// An Rx burst asking for 65535 frames gets at most what exists. What
	// the Rx queue could not hold (it is bounded to its descriptor count,
	// and the loopback can outrun this loop) is counted in imissed.
	std::vector<rte_mbuf *> rx(UINT16_MAX);
	unsigned got = 0;
	rte_eth_stats st{};
	for (int idle = 0; idle < 200 && got + st.imissed < sent; idle++) {
		const uint16_t n = rte_eth_rx_burst(P, 0, rx.data() + got, UINT16_MAX - got);
		EXPECT_LE(n, UINT16_MAX - got);
		got += n;
		if (n == 0)
			sleep_ms(2);
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	}
	EXPECT_GT(got, 0u);
	EXPECT_EQ(got + st.imissed, sent);
	rte_pktmbuf_free_bulk(rx.data(), got);
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.opackets, sent);
	EXPECT_EQ(st.ipackets, got);
	EXPECT_EQ(st.ipackets + st.imissed, sent);
	EXPECT_EQ(st.oerrors, 0u);
}

// Frames no FMan can send are taken, freed and counted in oerrors; the
// frames around them go out unharmed.
TEST_F(Misuse, UnsendableTxMbufsAreDroppedAndCounted)
{
	start_port();
	const Bytes good = ipv4_udp(self(), kIp1, kIp2, 1, 2, 100);
	std::vector<rte_mbuf *> tx;
	tx.push_back(mbuf_of(good));
	// data_len beyond the buffer.
	rte_mbuf *over = mbuf_of(good);
	ASSERT_NE(over, nullptr);
	over->data_len = static_cast<uint16_t>(over->buf_len);
	over->pkt_len = over->data_len;
	tx.push_back(over);
	// A frame of 0 bytes.
	rte_mbuf *empty = rte_pktmbuf_alloc(g_pool);
	ASSERT_NE(empty, nullptr);
	tx.push_back(empty);
	// A chain that says it has 3 segments and holds 2.
	rte_mbuf *liar = chain_of(good, 80);
	ASSERT_NE(liar, nullptr);
	ASSERT_EQ(liar->nb_segs, 2);
	liar->nb_segs = 3;
	tx.push_back(liar);
	// A chain whose pkt_len is not the sum of its segments.
	rte_mbuf *bad_len = chain_of(good, 80);
	ASSERT_NE(bad_len, nullptr);
	bad_len->pkt_len += 10;
	tx.push_back(bad_len);
	tx.push_back(mbuf_of(good));
	for (rte_mbuf *m : tx)
		ASSERT_NE(m, nullptr);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, tx.data(), static_cast<uint16_t>(tx.size())), tx.size());
	auto rx = rx_wait(P, 0, 3, 300);
	ASSERT_EQ(rx.size(), 2u);
	for (rte_mbuf *m : rx)
		EXPECT_EQ(mbuf_bytes(m), good);
	free_all(rx);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.opackets, 2u);
	EXPECT_EQ(st.obytes, 2 * good.size());
	EXPECT_EQ(st.oerrors, 4u);
}

// Chains the FMan cannot take as they are (more segments than its SG
// table, empty segments) go out as copies, byte-exact.
TEST_F(Misuse, LongChainsAndEmptySegmentsGoOutByteExact)
{
	start_port();
	const Bytes big = ipv4_udp(self(), kIp1, kIp2, 3, 4, 1200);
	std::vector<rte_mbuf *> tx;
	tx.push_back(chain_of(big, 50));     // 25 segments, above the 16 of an SG table
	tx.push_back(chain_of(big, 300, 1)); // an empty segment after each
	tx.push_back(chain_of(big, 600));    // a plain SG frame, for comparison
	for (rte_mbuf *m : tx)
		ASSERT_NE(m, nullptr);
	EXPECT_GT(tx[0]->nb_segs, 16);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, tx.data(), static_cast<uint16_t>(tx.size())), tx.size());
	auto rx = rx_wait(P, 0, 4, 300);
	ASSERT_EQ(rx.size(), 3u);
	for (rte_mbuf *m : rx)
		EXPECT_EQ(mbuf_bytes(m), big);
	free_all(rx);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
	EXPECT_EQ(st.opackets, 3u);
	EXPECT_EQ(st.oerrors, 0u);
}

TEST_F(Misuse, BurstsAfterStopReturnZero)
{
	start_port();
	ASSERT_EQ(port_stop(P), 0);
	rte_mbuf *pk[8];
	EXPECT_EQ(rte_eth_rx_burst(P, 0, pk, 8), 0);
	rte_mbuf *m = mbuf_of(ipv4_udp(self(), kIp1, kIp2, 1, 2, 40));
	ASSERT_NE(m, nullptr);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, &m, 1), 0);
	rte_pktmbuf_free(m);
	EXPECT_EQ(rte_eth_dev_rx_queue_start(P, 0), -EINVAL) << "the port is stopped";
	EXPECT_EQ(port_stop(P), 0) << "a second stop is harmless";
}

// Last: the port is gone afterwards.
TEST_F(Misuse, CallsAfterCloseFail)
{
	start_port();
	ASSERT_EQ(port_stop(P), 0);
	ASSERT_EQ(rte_eth_dev_close(P), 0);
	rte_mbuf *pk[8];
	EXPECT_EQ(rte_eth_rx_burst(P, 0, pk, 8), 0);
	EXPECT_EQ(rte_eth_tx_burst(P, 0, pk, 0), 0);
	expect_port_closed(P);
}

// After the close: the MAC is probed again (testpmd's "port attach"), as a
// new port whose counters start from zero, and it forwards.
TEST_F(Misuse, AClosedMacCanBeProbedAgain)
{
	ASSERT_FALSE(rte_eth_dev_is_valid_port(P));
	P = expect_probed_again_forwards("dpaa_bus:fm1-mac9", "fm1-mac9", g_pool);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=loopback;mode=threaded",
			     {"-a", "dpaa_bus:fm1-mac9"}, [] {
				     P = port_by_name("fm1-mac9");
				     g_pool = dpaa_pool("pool", 4096);
				     return ports_and_pools({P}, {g_pool});
			     });
}
