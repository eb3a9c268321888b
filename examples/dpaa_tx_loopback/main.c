/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

/*
 * dpaa_tx_loopback: the smallest application of the DPAA PMD's own API.
 *
 * For every DPAA port it turns the MAC's Tx loopback on with
 * rte_pmd_dpaa_set_tx_loopback(), sends a burst of frames, counts the frames
 * that come back on the same port, and turns the loopback off again. It links
 * librte_net_dpaa like any application that uses a PMD-specific API, in-tree
 * (meson) or out-of-tree (pkg-config libdpdk, see Makefile).
 *
 *   dpaa_tx_loopback [EAL options] -- [-n frames]
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_pmd_dpaa.h>

#define BURST 32
#define FRAME_LEN 64

static int set_up_port(uint16_t port, struct rte_mempool *pool)
{
	struct rte_eth_conf conf;
	int ret;

	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, 512, rte_eth_dev_socket_id(port), NULL, pool);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, 512, rte_eth_dev_socket_id(port), NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	return ret;
}

static unsigned int send_frames(uint16_t port, struct rte_mempool *pool, unsigned int count)
{
	struct rte_ether_addr own;
	unsigned int sent = 0;

	rte_eth_macaddr_get(port, &own);
	while (sent < count) {
		struct rte_mbuf *m = rte_pktmbuf_alloc(pool);
		struct rte_ether_hdr *eth;

		if (m == NULL)
			break;
		eth = (struct rte_ether_hdr *)rte_pktmbuf_append(m, FRAME_LEN);
		if (eth == NULL) {
			rte_pktmbuf_free(m);
			break;
		}
		memset(rte_pktmbuf_mtod(m, char *), 0, FRAME_LEN);
		eth->dst_addr = own; /* looped back frames must pass the MAC's filter */
		eth->src_addr = own;
		eth->ether_type = rte_cpu_to_be_16(0x88b5); /* local experimental */
		if (rte_eth_tx_burst(port, 0, &m, 1) != 1) {
			rte_pktmbuf_free(m);
			break;
		}
		sent++;
	}
	return sent;
}

static unsigned int receive_frames(uint16_t port, unsigned int expected)
{
	struct rte_mbuf *burst[BURST];
	uint64_t deadline = rte_get_timer_cycles() + 2 * rte_get_timer_hz();
	unsigned int received = 0;

	while (received < expected && rte_get_timer_cycles() < deadline) {
		uint16_t n = rte_eth_rx_burst(port, 0, burst, BURST);

		received += n;
		rte_pktmbuf_free_bulk(burst, n);
	}
	return received;
}

int main(int argc, char **argv)
{
	unsigned int frames = 100, dpaa_ports = 0, failures = 0;
	struct rte_mempool *pool;
	uint16_t port;
	int ret, opt;

	ret = rte_eal_init(argc, argv);
	if (ret < 0) {
		fprintf(stderr, "EAL initialisation failed: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	argc -= ret;
	argv += ret;
	while ((opt = getopt(argc, argv, "n:")) != -1) {
		if (opt == 'n') {
			frames = (unsigned int)strtoul(optarg, NULL, 0);
		} else {
			fprintf(stderr, "usage: dpaa_tx_loopback [EAL options] -- [-n frames]\n");
			return 2;
		}
	}

	/* The API's contract on a port number that names no port. */
	ret = rte_pmd_dpaa_set_tx_loopback(RTE_MAX_ETHPORTS - 1, 1);
	printf("invalid port: %s\n", ret == -ENODEV ? "-ENODEV" : "unexpected");
	if (ret != -ENODEV)
		failures++;

	pool = rte_pktmbuf_pool_create("loopback_pool", 4096, 256, 0, RTE_MBUF_DEFAULT_BUF_SIZE,
				       rte_socket_id());
	if (pool == NULL) {
		fprintf(stderr, "mbuf pool: %s\n", rte_strerror(rte_errno));
		return 1;
	}

	RTE_ETH_FOREACH_DEV(port)
	{
		struct rte_eth_dev_info info;
		unsigned int sent, received;

		rte_eth_dev_info_get(port, &info);
		ret = rte_pmd_dpaa_set_tx_loopback(port, 1);
		if (ret == -ENOTSUP) {
			printf("port %u (%s): not a DPAA port\n", port, info.driver_name);
			continue;
		}
		dpaa_ports++;
		if (ret != 0 || set_up_port(port, pool) != 0) {
			printf("port %u: cannot set up loopback: %s\n", port, strerror(-ret));
			failures++;
			continue;
		}
		sent = send_frames(port, pool, frames);
		received = receive_frames(port, sent);
		printf("port %u (%s): tx loopback: %u sent, %u received\n", port,
		       rte_dev_name(info.device), sent, received);
		if (sent != frames || received != sent)
			failures++;
		rte_pmd_dpaa_set_tx_loopback(port, 0);
		rte_eth_dev_stop(port);
		rte_eth_dev_close(port);
	}
	printf("%u DPAA port(s), %u failure(s)\n", dpaa_ports, failures);
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return failures == 0 ? 0 : 1;
}
