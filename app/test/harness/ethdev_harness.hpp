/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the ethdev suites of both families share (net_dpaa's in
// app/test/ethdev, net_dpaa2's in app/test/dpaa2-ethdev): EAL started from
// an argument list, ports by name, port configuration, frame builders, Rx
// and Tx helpers, pool counts, pcap files. Public ethdev API only; what
// reaches a family's model or bus stays in that family's support files.

#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "eal_test_main.hpp"

namespace dpaa_test
{

using Bytes = std::vector<uint8_t>;

// eal_init (eal_test_main.hpp) with 'args', then 'extra' (and "-l 0" when
// neither names the lcores). Once per process.
int eal_init(const char *argv0, const std::vector<std::string> &args,
	     const std::vector<std::string> &extra);

uint16_t port_by_name(const char *name);

// What a test program's set-up answers (eal_test_main.hpp): "" when every
// port was found and every pool made, else what is missing.
std::string ports_and_pools(std::initializer_list<uint16_t> ports,
			    std::initializer_list<const rte_mempool *> pools);

struct PortSetup {
	uint16_t nb_rxq = 1;
	uint16_t nb_txq = 1;
	uint16_t nb_rxd = 512;
	uint16_t nb_txd = 512;
	rte_eth_conf conf{};
	rte_mempool *pool = nullptr;
	uint32_t rx_deferred = 0; // bit q: Rx queue q has rx_deferred_start
	uint32_t tx_deferred = 0; // bit q: Tx queue q has tx_deferred_start
};

// Stop (if started), configure, set up the queues and start. 0 or the first error.
int port_start(uint16_t port, const PortSetup &s);
// rte_eth_dev_stop, remembering that the port no longer runs.
int port_stop(uint16_t port);

// Send all frames (copied into mbufs of 'pool'); returns how many went out.
unsigned send_frames(uint16_t port, uint16_t queue, rte_mempool *pool,
		     const std::vector<Bytes> &frames, uint64_t ol_flags = 0, uint8_t l2_len = 0,
		     uint8_t l3_len = 0);

// Receive until 'want' frames arrived or the model went quiet for a while.
std::vector<rte_mbuf *> rx_wait(uint16_t port, uint16_t queue, unsigned want,
				unsigned quiet_ms = 300);
void free_all(std::vector<rte_mbuf *> &v);

// Drain every Rx queue of a port (frames left over by a test).
void rx_flush(uint16_t port);

Bytes mbuf_bytes(const rte_mbuf *m);

// Frame builders. Addresses: dst, src. Payload of 'payload' bytes (pattern).
struct L2 {
	rte_ether_addr dst;
	rte_ether_addr src;
	int vlan = -1;	     // 802.1Q tag (TPID 0x8100) if >= 0
	int outer_vlan = -1; // QinQ outer tag (TPID 0x88a8) if >= 0
};
Bytes eth_frame(const L2 &l2, uint16_t ethertype, const Bytes &l3);
Bytes ipv4_udp(const L2 &l2, uint32_t src_ip, uint32_t dst_ip, uint16_t sport, uint16_t dport,
	       size_t payload, bool good_cksums = true);
Bytes ipv4_tcp(const L2 &l2, uint32_t src_ip, uint32_t dst_ip, uint16_t sport, uint16_t dport,
	       size_t payload, bool good_cksums = true);
Bytes ipv6_udp(const L2 &l2, uint16_t sport, uint16_t dport, size_t payload);
Bytes ipv6_tcp(const L2 &l2, uint16_t sport, uint16_t dport, size_t payload);
Bytes raw_frame(const L2 &l2, size_t len); // ethertype 0x88b5 (local experimental)

// Where the L3 header starts for a frame built with l2.
size_t l2_len(const L2 &l2);

// Software checksum verification of a received IPv4/UDP/TCP frame.
bool ipv4_cksum_ok(const Bytes &f, size_t l2);
bool l4_cksum_ok(const Bytes &f, size_t l2);

rte_ether_addr port_mac(uint16_t port);
uint64_t pool_avail(rte_mempool *mp);
// Wait until the pool's free count returns to 'start' (the buffer pool's
// count lags releases still in the release ring); the count at the end.
uint64_t pool_settle(rte_mempool *mp, uint64_t start, unsigned ms = 2000);

// At a test's end: the port's Rx queues drained and the port stopped (when
// it still exists), then the pool back to 'count' free buffers: none lost
// by the driver, none freed twice.
void expect_pool_back(uint16_t port, rte_mempool *pool, uint64_t count);

// What a closed port answers: -ENODEV to configure, start, stats and close.
void expect_port_closed(uint16_t port);

// After a close: 'device' probed again (testpmd's "port attach") as a new
// port named 'name', whose counters start from zero and which, started
// with Rx buffers from 'pool', forwards a frame over its loopback wire
// byte-exact. The new port, or RTE_MAX_ETHPORTS after a failed expectation.
uint16_t expect_probed_again_forwards(const char *device, const char *name, rte_mempool *pool);

void sleep_ms(unsigned ms);

// A new directory in the system's temporary one, named after 'prefix',
// for the files a modelled wire reads or writes; "" when none could be made.
std::string make_temp_dir(const std::string &prefix);
// The directory and everything in it.
void remove_dir(const std::string &dir);

// A pcap file of Ethernet frames (what a modelled pcap wire reads), and the
// frames of one (what it wrote); read_pcap gives what is complete so far.
void write_pcap(const std::string &path, const std::vector<Bytes> &frames);
std::vector<Bytes> read_pcap(const std::string &path);
// read_pcap once the file holds 'want' frames, or after ms.
std::vector<Bytes> wait_pcap(const std::string &path, size_t want, unsigned ms = 5000);

// Print every nonzero extended statistic of the ports (debugging aid).
void dump_xstats(std::initializer_list<uint16_t> ports);

} // namespace dpaa_test
