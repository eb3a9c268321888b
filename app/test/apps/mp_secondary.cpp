/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A DPDK secondary process for test_multiprocess.py: it attaches to a
// primary (dpdk-testpmd, ports configured and started, not forwarding) and
// uses the ports the way an application's secondary would.
//
//   mp-secondary <EAL args> -- traffic <n> [<tx port> <rx port>]
//     n frames sent on the Tx port's queue 0 (default fm1-mac9) from a
//     pool this process creates (the platform's default ops: BMan or
//     QBMan through its own portals), received on the Rx port's queue 0
//     (default fm1-mac10; a cable joins the two MACs), compared byte for
//     byte; then the Rx port's counters as ethdev reports them here. Exit
//     0 when every frame came back intact; it gives up after 20 s in
//     which no frame moved.
//   mp-secondary <EAL args> -- orphan [<port>]
//     reads the port's (default fm1-mac9) counters, prints "ready", waits for a line on stdin
//     (the test makes the primary exit meanwhile), reads them again and
//     prints what ethdev answered. Exit 0 when the second read failed.
//   mp-secondary <EAL args> -- hold
//     creates a pool (which takes a portal pair for this thread), prints
//     "holding", and waits to be killed.

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

namespace
{

uint16_t port_named(const char *name)
{
	uint16_t id;
	if (rte_eth_dev_get_port_by_name(name, &id) != 0) {
		printf("secondary: no port %s\n", name);
		exit(2);
	}
	return id;
}

std::vector<uint8_t> frame(unsigned i)
{
	std::vector<uint8_t> f(60 + (i % 64));
	const uint8_t dst[6] = {0x02, 0x00, 0x00, 0xd9, 0x01, 0x0a};
	const uint8_t src[6] = {0x02, 0x00, 0x00, 0x00, 0x22, 0x22};
	memcpy(f.data(), dst, 6);
	memcpy(f.data() + 6, src, 6);
	f[12] = 0x88; // local experimental EtherType: no parser surprises
	f[13] = 0xb5;
	for (size_t k = 14; k < f.size(); k++)
		f[k] = static_cast<uint8_t>(i * 7 + k);
	f[14] = static_cast<uint8_t>(i >> 8);
	f[15] = static_cast<uint8_t>(i);
	return f;
}

int traffic(unsigned n, const char *tx_name, const char *rx_name)
{
	const uint16_t tx_port = port_named(tx_name);
	const uint16_t rx_port = port_named(rx_name);
	rte_mempool *mp = rte_pktmbuf_pool_create("mp_secondary", 1024, 0, 0,
						  RTE_MBUF_DEFAULT_BUF_SIZE, rte_socket_id());
	if (mp == nullptr) {
		printf("secondary: no pool: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	printf("secondary: pool ops %s, %u mbufs available\n",
	       rte_mempool_get_ops(mp->ops_index)->name, rte_mempool_avail_count(mp));
	std::vector<std::vector<uint8_t>> sent;
	for (unsigned i = 0; i < n; i++)
		sent.push_back(frame(i));

	unsigned next_tx = 0, received = 0, mismatches = 0;
	// Slow is not stuck: the run gives up after 20 s without a frame sent
	// or received, however long it takes in all.
	const uint64_t patience = 20 * rte_get_timer_hz();
	uint64_t last_progress = rte_get_timer_cycles();
	while (received < n && rte_get_timer_cycles() - last_progress < patience) {
		const unsigned progress = next_tx + received;
		if (next_tx < n) {
			rte_mbuf *m = rte_pktmbuf_alloc(mp);
			if (m != nullptr) {
				const auto &f = sent[next_tx];
				memcpy(rte_pktmbuf_append(m, f.size()), f.data(), f.size());
				if (rte_eth_tx_burst(tx_port, 0, &m, 1) == 1)
					next_tx++;
				else
					rte_pktmbuf_free(m);
			}
		}
		rte_mbuf *pkts[32];
		const uint16_t got = rte_eth_rx_burst(rx_port, 0, pkts, 32);
		for (uint16_t k = 0; k < got; k++) {
			rte_mbuf *m = pkts[k];
			const auto &f = sent[received < n ? received : n - 1];
			if (received >= n || m->pkt_len != f.size() ||
			    memcmp(rte_pktmbuf_mtod(m, void *), f.data(), f.size()) != 0)
				mismatches++;
			received++;
			rte_pktmbuf_free(m);
		}
		if (next_tx + received != progress)
			last_progress = rte_get_timer_cycles();
	}
	rte_eth_stats st{};
	const int sret = rte_eth_stats_get(rx_port, &st);
	printf("secondary: sent %u, received %u, mismatches %u\n", next_tx, received, mismatches);
	printf("secondary: %s stats: %d, ipackets %" PRIu64 " ibytes %" PRIu64 "\n", rx_name, sret,
	       st.ipackets, st.ibytes);
	rte_mempool_free(mp);
	return next_tx == n && received == n && mismatches == 0 && sret == 0 ? 0 : 1;
}

int orphan(const char *name)
{
	const uint16_t port = port_named(name);
	rte_eth_stats st{};
	int ret = rte_eth_stats_get(port, &st);
	printf("secondary: stats: %d\nsecondary: ready\n", ret);
	fflush(stdout);
	char line[64];
	if (fgets(line, sizeof(line), stdin) == nullptr)
		return 2;
	ret = rte_eth_stats_get(port, &st);
	printf("secondary: stats after the primary exited: %d (%s)\n", ret, strerror(-ret));
	return ret < 0 ? 0 : 1;
}

int hold()
{
	rte_mempool *mp = rte_pktmbuf_pool_create("mp_secondary_hold", 256, 0, 0,
						  RTE_MBUF_DEFAULT_BUF_SIZE, rte_socket_id());
	printf("secondary: %s\n", mp != nullptr ? "holding" : rte_strerror(rte_errno));
	fflush(stdout);
	char line[64];
	if (fgets(line, sizeof(line), stdin) == nullptr)
		return 2;
	rte_mempool_free(mp);
	return 0;
}

} // namespace

int main(int argc, char **argv)
{
	const int used = rte_eal_init(argc, argv);
	if (used < 0) {
		printf("secondary: EAL: %s\n", rte_strerror(rte_errno));
		return 2;
	}
	argc -= used;
	argv += used;
	int ret = 2;
	if (argc >= 3 && strcmp(argv[1], "traffic") == 0)
		ret = traffic(static_cast<unsigned>(atoi(argv[2])),
			      argc >= 5 ? argv[3] : "fm1-mac9", argc >= 5 ? argv[4] : "fm1-mac10");
	else if (argc >= 2 && strcmp(argv[1], "orphan") == 0)
		ret = orphan(argc >= 3 ? argv[2] : "fm1-mac9");
	else if (argc >= 2 && strcmp(argv[1], "hold") == 0)
		ret = hold();
	else
		printf("usage: mp-secondary <EAL args> -- traffic <n> [<tx port> <rx port>] | "
		       "orphan [<port>] | "
		       "hold\n");
	fflush(stdout);
	rte_eal_cleanup();
	return ret;
}
