/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the net_dpaa tests share: EAL set-up on a modelled board, port
// configuration, frame builders, Rx helpers. Public ethdev API only; the
// model is reached through the bus only to read or act on a wire.

#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_udp.h>
#include <rte_tcp.h>

namespace dpaa::model
{
class System;
}

namespace dpaa_test
{

using Bytes = std::vector<uint8_t>;

// The modelled SoC the ports run on, for what only the model can tell (the
// lines it stashed); nullptr on the board platform, whose model is the
// emulated kernel's.
dpaa::model::System *model_system();

// Start EAL on the modelled board described by 'model' (a DPAA_MODEL
// string), with the extra EAL arguments 'extra'. Once per process.
int eal_start(const char *argv0, const std::string &model,
	      const std::vector<std::string> &extra = {});

// A pktmbuf pool of the "dpaa" ops (a BMan pool).
rte_mempool *dpaa_pool(const char *name, unsigned n,
		       uint16_t data_room = RTE_MBUF_DEFAULT_BUF_SIZE);

uint16_t port_by_name(const char *name);

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
// Wait until the pool's free count returns to 'start' (BMan's count lags
// releases still in the release ring); the count at the end.
uint64_t pool_settle(rte_mempool *mp, uint64_t start, unsigned ms = 2000);

void sleep_ms(unsigned ms);

// A pcap file of Ethernet frames (what a modelled pcap wire reads), and the
// frames of one (what it wrote); read_pcap gives what is complete so far.
void write_pcap(const std::string &path, const std::vector<Bytes> &frames);
std::vector<Bytes> read_pcap(const std::string &path);
// read_pcap once the file holds 'want' frames, or after ms.
std::vector<Bytes> wait_pcap(const std::string &path, size_t want, unsigned ms = 5000);

// Print every nonzero extended statistic of the ports (debugging aid).
void dump_xstats(std::initializer_list<uint16_t> ports);

} // namespace dpaa_test
