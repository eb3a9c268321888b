/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The net_dpaa2 PMD's private state: one Port per DPNI of the fsl-mc
// container (the ethdev's dev_private), its Rx queues (one frame queue of
// the DPNI's TC 0 each, pulled by the polling thread's software portal; the
// DPNI's hash distribution spreads flows over them) and its Tx queues (one
// Tx FQ of the DPNI's channel each, and its confirmation FQ: WRIOP
// releases sent buffers to their pools, or confirms the frames it may not
// release).
//
// What goes where: dpaa2_ethdev.cpp probe, remove, the life cycle and the
// ops table; dpaa2_ethdev_queues.cpp the queues; dpaa2_rx.cpp and
// dpaa2_tx.cpp the bursts; dpaa2_ethdev_link.cpp link and LSC;
// dpaa2_ethdev_stats.cpp statistics; dpaa2_ethdev_mac.cpp MTU, promiscuous
// and all-multicast; dpaa2_ethdev_filters.cpp address and VLAN filters;
// dpaa2_ethdev_rss.cpp RSS; dpaa2_ethdev_flow_ctrl.cpp flow control;
// dpaa2_ethdev_timesync.cpp the IEEE 1588 clock (the DPRTC);
// dpni_cmd.hpp and dpni_cmd_ctrl.hpp the DPNI's MC commands.

#pragma once

#include <cstddef>
#include <cstdint>

#include <ethdev_driver.h>
#include <rte_ether.h>
#include <rte_log.h>

#include "bus_common/ptp_stamp.hpp"
#include "dpaa2_hw/annotation.hpp"
#include "dpni_cmd.hpp"
#include "fslmc_bus.hpp"

namespace dpaa2::net
{

extern int logtype;

namespace qb = dpaa2::hw::qb;
using fslmc::McIo;

// Queues and burst limits.
inline constexpr uint16_t kMaxQueues = 16;     // per direction, bounded by the DPNI's
inline constexpr uint16_t kBurstMax = 32;      // frames a pull dequeue returns at most
inline constexpr uint16_t kMinDesc = 32;       // descriptor counts: accepted and
inline constexpr uint16_t kMaxDesc = 8192;     // reported (WRIOP's FQs have no ring:
inline constexpr uint16_t kDefaultDesc = 1024; // they bound nothing)
inline constexpr uint32_t kMinRxBufSize = 512;
// DPAA2_MAX_RX_PKT_LEN: the largest frame a DPMAC takes.
inline constexpr uint32_t kMaxRxPktLen = 10240;
// MTU -> frame length: Ethernet header, FCS and two VLAN tags, which stay in
// the frame (a QinQ frame of a full MTU must still be accepted).
inline constexpr uint32_t kFrameOverhead = RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN + 2 * 4;
// SG entries of a frame this driver builds or accepts (upstream's
// DPAA2_MAX_SGS bounds the walk the same way).
inline constexpr uint16_t kMaxSegs = 64;
// Rx buffer layout: the 64-byte hardware annotation at the buffer start
// (private data size 0), then head room, the frame 64-byte aligned at
// RTE_PKTMBUF_HEADROOM, where an mbuf's data starts.
inline constexpr uint16_t kRxDataAlign = 64;
inline constexpr uint16_t kRxHeadRoom = RTE_PKTMBUF_HEADROOM - 64;

// A queue's counters have one writer, the lcore in the queue's bursts, and
// readers on other threads: relaxed loads and stores (plain moves).
inline void counter_add(uint64_t &c, uint64_t n) noexcept
{
	__atomic_store_n(&c, __atomic_load_n(&c, __ATOMIC_RELAXED) + n, __ATOMIC_RELAXED);
}
inline uint64_t counter_get(const uint64_t &c) noexcept
{
	return __atomic_load_n(&c, __ATOMIC_RELAXED);
}

struct Port;

// What a queue counted (frames, bytes, frames dropped): kept by queue index
// when the queue is released, so that the port's counters reset at probe
// and stats_reset only (applications reconfigure, and set up their queues
// again, whenever the MTU or the queue count changes).
struct QueueTotals {
	uint64_t packets, bytes, errors;
};

struct alignas(RTE_CACHE_LINE_SIZE) RxQueue {
	// Hot: read on every burst.
	uint32_t fqid;	  // the DPNI's Rx FQ, known from start on
	bool running;	  // false: stopped (queue stop, deferred start): bursts return 0
	uint16_t port_id; // for mbuf->port
	uint64_t rearm;	  // rearm_data: refcnt 1, nb_segs 1, port (data_off from the FD)
	uint64_t packets; // frames and bytes handed to the application
	uint64_t bytes;	  //
	uint64_t bad_fds; // FDs dropped as malformed (never handed on)
	// Two halves of kBurstMax pull results (64-byte aligned): the burst
	// takes the frames of the pull issued at the end of the previous
	// burst from one while the next pull fills the other.
	qb::DequeueResult *storage;
	uint64_t storage_iova;
	int8_t pending;	   // the half a pull is outstanding into, -1: none
	uint8_t pending_n; // the frames that pull asked for
	uint16_t stash_n;  // frames of a pull the application had no room for,
	// The fast path's pool (dpaa2_rx.cpp): the BPID of the last
	// single-buffer frame, with the single format's bits, as FD word 3
	// has them; its pool's buffer geometry; the memory chunk of the pool
	// that held that frame (len 0: none yet). An FD of that BPID whose
	// address lies in the chunk names a buffer of the pool, known without
	// the BPID table nor a walk of the pool's chunks.
	uint32_t fast_key;
	uint32_t fast_meta_size;
	uint32_t fast_buf_size;
	uintptr_t chunk_start;
	uintptr_t chunk_len;
	rte_mbuf *stash[2 * kBurstMax]; // or a stop's collected

	// Cold.
	QueueTotals base; // the counters at the last stats_reset
	Port *port;
	rte_mempool *mp;
	uint16_t queue_id;
	uint16_t nb_desc;
	uint8_t flow; // the queue's index within TC 0
	bool deferred_start;
};

// Tx confirmation (dpaa2_tx.cpp): frames WRIOP may not release go out as
// SG frames whose table is a slot of the queue's own DMA area, and come back
// on the queue's confirmation FQ; the slot names the mbuf to free.
inline constexpr uint16_t kConfSlots = 256; // confirmations in flight per queue
// A slot starts with the frame's Tx annotation (128 bytes, ASAL 2): the
// frame status WRIOP may write, the Tx timestamp it writes when the frame
// asks for one (dpaa2_ethdev_timesync.cpp) and the egress action
// descriptor that asks; the SG table follows.
inline constexpr uint32_t kConfSgtOffset = 128;
inline constexpr uint32_t kConfSlotSize = kConfSgtOffset + kMaxSegs * sizeof(hw::SgEntry);

struct alignas(RTE_CACHE_LINE_SIZE) TxQueue {
	uint32_t fqid;
	bool running;
	uint16_t port_id;
	// The last pool an mbuf came from and its BPID (-1: not a dpaa2
	// pool): the per-frame lookup, cached.
	const rte_mempool *last_mp;
	int32_t last_bpid;
	uint32_t conf_pending; // frames sent for confirmation, not yet back
	// The memory chunk of last_mp that held the last mbuf looked up
	// (len 0: none): an mbuf inside it is of that pool, found without
	// reading m->pool on the mbuf's second line.
	uintptr_t chunk_start;
	uintptr_t chunk_len;
	uint64_t packets;
	uint64_t bytes;
	uint64_t errors;    // frames dropped (too many segments)
	uint64_t confirmed; // frames confirmed and freed
	uint64_t bad_conf;  // confirmations that name no frame in flight

	// Confirmation, used by frames WRIOP may not release.
	uint32_t conf_fqid;
	char *conf_area; // kConfSlots slots of kConfSlotSize (DMA memory)
	uint64_t conf_iova;
	qb::DequeueResult *conf_storage; // kBurstMax pull results
	uint64_t conf_storage_iova;
	uint16_t conf_free_n; // free slots, on a stack
	uint16_t conf_free[kConfSlots];
	rte_mbuf *conf_mbufs[kConfSlots]; // each slot's frame

	// Cold.
	QueueTotals base; // packets, bytes, errors at the last stats_reset
	uint64_t confirmed_base, bad_conf_base;
	Port *port;
	uint16_t queue_id;
	uint16_t nb_desc;
	bool deferred_start;
};

// Per-port settings chosen from device arguments at probe (-a
// fslmc:dpni.N,drv_no_prefetch=1), as upstream's net_dpaa2 names them.
struct Devargs {
	// drv_no_prefetch: each Rx burst issues its pull and waits for its
	// results, rather than taking those of the pull the previous burst
	// issued (frames reach the application one burst earlier, at the
	// cost of the wait).
	bool no_prefetch;
	// drv_tx_conf: the DPNI confirms even when the port is configured
	// with RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE (Tx timestamps come back in
	// confirmations).
	bool tx_conf;
};

struct Port {
	rte_eth_dev *eth_dev;
	rte_fslmc_device *bus_dev;
	fslmc::mc::McObject dpni;
	dpni::Attributes attr;
	Devargs devargs;
	bool lx2;	     // LX2160A's WRIOP: the parse summary in FD FRC[31:16]
	uint32_t speed_capa; // RTE_ETH_LINK_SPEED_* of the DPMAC
	rte_ether_addr perm_addr;

	// The one buffer pool the DPNI fills (every Rx queue's: WRIOP takes
	// buffers per DPNI, not per queue).
	rte_mempool *rx_pool;
	uint16_t rx_bpid;
	bool layout_set; // Rx buffer layout and pool given to the DPNI

	// The key composition of the hash distribution (DMA memory).
	void *dist_key_cfg;

	bool started;
	bool admin_down;
	bool rx_csum; // the Rx bursts report checksum validation
	bool rx_hash; // and the RSS hash
	bool rx_ts;   // and WRIOP's Rx timestamp (RTE_ETH_RX_OFFLOAD_TIMESTAMP)
	// The DPNI's Tx confirmation mode, chosen at configure: true, one
	// confirmation FQ per Tx queue (DPNI_CONF_AFFINE), which the frames
	// WRIOP may release opt out of; false, none (DPNI_CONF_DISABLE): the
	// port has MBUF_FAST_FREE and not drv_tx_conf (dpaa2_tx.cpp).
	bool tx_conf;

	// IEEE 1588 (dpaa2_ethdev_timesync.cpp): timesync_enable's; the
	// timestamps of the last PTP frame received and of the last frame sent
	// with RTE_MBUF_F_TX_IEEE1588_TMST, each read once
	// (lib/bus_common/ptp_stamp.hpp).
	bool timesync;
	dpaa::bus_common::PtpStamp rx_ptp, tx_ptp;

	// RSS (dpaa2_ethdev_rss.cpp): the hash types of the distribution and
	// the queues it spreads over (1: none).
	uint64_t rss_hf;
	uint16_t rss_queues;

	// LSC: the DPNI's interrupt, signalled on an eventfd (-1: off).
	rte_intr_handle *intr;
	int irq_fd;
	// The link status the last LSC event told the application (the
	// interrupt thread's): a change since then is an event, whoever
	// updated the link first (set_link_down does, synchronously).
	uint8_t lsc_status;

	// Statistics (dpaa2_ethdev_stats.cpp): what released queues had
	// counted since the last reset, by queue index.
	QueueTotals rxq_gone[kMaxQueues];
	QueueTotals txq_gone[kMaxQueues];
	uint64_t tx_confirmed_gone, tx_bad_conf_gone;
};

inline Port &port_of(rte_eth_dev *dev) noexcept
{
	return *static_cast<Port *>(dev->data->dev_private);
}
inline const Port &port_of(const rte_eth_dev *dev) noexcept
{
	return *static_cast<const Port *>(dev->data->dev_private);
}
inline fslmc::McIo &mc_io() noexcept
{
	return *fslmc::mc_io();
}

// Data path (dpaa2_rx.cpp, dpaa2_tx.cpp): the bursts for a port's settings,
// chosen at configure.
struct RxVariant {
	bool lx2;      // the LX2160A's parse summary in the FD
	bool csum;     // checksum flags
	bool hash;     // the RSS hash from the FD's FLC
	bool ts;       // the annotation's timestamp in the mbuf's dynamic field
	bool prefetch; // the pull for the next burst issued at the end of this one
	bool ptp;      // timesync: PTP frames flagged and their time kept (implies ts)
};
eth_rx_burst_t rx_burst_for(const RxVariant &v) noexcept;
// The mbuf's dynamic Rx timestamp field and flag (registered at configure
// when a port asks for timestamps; process-wide, as DPDK's registry is).
extern int rx_ts_offset;
extern uint64_t rx_ts_flag;
// The Tx burst of a DPNI that confirms (Port::tx_conf) or does not.
eth_tx_burst_t tx_burst_for(bool confirming) noexcept;
// The queue's confirmations that have come back: their frames freed; how
// many. At stop, `wait` bounds the wait for those still in flight.
unsigned tx_conf_drain(TxQueue &q, bool wait) noexcept;
// rte_eth_tx_done_cleanup: the confirmations back so far.
int tx_done_cleanup(void *txq, uint32_t free_cnt) noexcept;
// At stop: the outstanding pull's frames into the queue's stash (the
// frames in its FQ wait there for the next start, as on upstream's).
void rx_queue_park(RxQueue &q) noexcept;
// At release: every frame the queue holds back to its pool: how many.
unsigned rx_queue_drain(RxQueue &q) noexcept;
// rte_eth_rx_queue_count: the frames waiting for the application.
uint32_t rx_queue_count(void *rxq) noexcept;

// Capabilities (dpaa2_ethdev.cpp).
uint64_t rx_offload_capa() noexcept;
uint64_t tx_offload_capa() noexcept;
uint64_t rss_offload_capa() noexcept;

// Queue ops (dpaa2_ethdev_queues.cpp).
int rx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_rxconf *conf, rte_mempool *mp) noexcept;
// The Tx queue's confirmation FQ (a port with Port::tx_conf), parked:
// the bursts pull from it.
int tx_conf_fq_setup(rte_eth_dev *dev, TxQueue &q) noexcept;
int tx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_txconf *conf) noexcept;
void rx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept;
void tx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept;
void rxq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_rxq_info *info) noexcept;
void txq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_txq_info *info) noexcept;
int rx_burst_mode_get(rte_eth_dev *dev, uint16_t idx, rte_eth_burst_mode *mode) noexcept;
int tx_burst_mode_get(rte_eth_dev *dev, uint16_t idx, rte_eth_burst_mode *mode) noexcept;
int rx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept;
int rx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept;
int tx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept;
int tx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept;
// At start: each queue's FQID from the MC and its running state.
int queues_start(rte_eth_dev *dev) noexcept;
void queues_stop(rte_eth_dev *dev) noexcept;
// Before the DPNI is disabled: the Tx FQs emptied by WRIOP.
void tx_queues_flush(rte_eth_dev *dev) noexcept;
// At configure: the hash distribution over the Rx queues
// (dpaa2_ethdev_rss.cpp).
int rx_distribution_set(rte_eth_dev *dev) noexcept;

// Link (dpaa2_ethdev_link.cpp).
uint32_t speed_capa_of(uint32_t dpmac_speeds) noexcept;
int link_update(rte_eth_dev *dev, int wait_to_complete) noexcept;
int dev_set_link_up(rte_eth_dev *dev) noexcept;
int dev_set_link_down(rte_eth_dev *dev) noexcept;
int lsc_start(rte_eth_dev *dev) noexcept;
void lsc_stop(rte_eth_dev *dev) noexcept;

// MAC settings (dpaa2_ethdev_mac.cpp).
int promiscuous_enable(rte_eth_dev *dev) noexcept;
int promiscuous_disable(rte_eth_dev *dev) noexcept;
int allmulticast_enable(rte_eth_dev *dev) noexcept;
int allmulticast_disable(rte_eth_dev *dev) noexcept;
int mtu_set(rte_eth_dev *dev, uint16_t mtu) noexcept;
int max_frame_length_set(Port &p, uint32_t mtu) noexcept;
// -EINVAL (and why, logged) when frames of 'mtu' do not fit one Rx buffer
// of the port's pool and scattered Rx is off.
int rx_buffers_check(rte_eth_dev *dev, uint32_t mtu) noexcept;

// Filters (dpaa2_ethdev_filters.cpp).
// Address table entries ethdev keeps (the primary one and mac_addr_add's):
// the DPNI's filter table of a dynamic_dpl.sh DPNI has 16.
inline constexpr uint32_t kMaxMacAddrs = 64;
int mac_addr_add(rte_eth_dev *dev, rte_ether_addr *addr, uint32_t index, uint32_t pool) noexcept;
void mac_addr_remove(rte_eth_dev *dev, uint32_t index) noexcept;
int mac_addr_set(rte_eth_dev *dev, rte_ether_addr *addr) noexcept;
int set_mc_addr_list(rte_eth_dev *dev, rte_ether_addr *list, uint32_t n) noexcept;
int vlan_filter_set(rte_eth_dev *dev, uint16_t vlan_id, int on) noexcept;
int vlan_offload_set(rte_eth_dev *dev, int mask) noexcept;
// At configure: the VLAN filter on or off as the Rx offloads say.
int vlan_filter_configure(rte_eth_dev *dev) noexcept;

// RSS (dpaa2_ethdev_rss.cpp).
inline constexpr uint16_t kRetaSize = 64; // RTE_ETH_RETA_GROUP_SIZE: one group
int rss_hash_update(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept;
int rss_hash_conf_get(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept;
int reta_update(rte_eth_dev *dev, rte_eth_rss_reta_entry64 *reta, uint16_t reta_size) noexcept;
int reta_query(rte_eth_dev *dev, rte_eth_rss_reta_entry64 *reta, uint16_t reta_size) noexcept;

// Flow control (dpaa2_ethdev_flow_ctrl.cpp).
int flow_ctrl_get(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept;
int flow_ctrl_set(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept;

// The IEEE 1588 clock (dpaa2_ethdev_timesync.cpp): -ENOTSUP without a
// DPRTC in the container.
int timesync_read_time(rte_eth_dev *dev, timespec *ts) noexcept;
int timesync_write_time(rte_eth_dev *dev, const timespec *ts) noexcept;
int timesync_adjust_time(rte_eth_dev *dev, int64_t delta) noexcept;
// PTP frames' flags and timestamps; the Rx burst changes with it, on a
// started port too (select_bursts).
int timesync_enable(rte_eth_dev *dev) noexcept;
int timesync_disable(rte_eth_dev *dev) noexcept;
int timesync_read_rx_timestamp(rte_eth_dev *dev, timespec *ts, uint32_t flags) noexcept;
int timesync_read_tx_timestamp(rte_eth_dev *dev, timespec *ts) noexcept;
// The bursts' part (dpaa2_ethdev_timesync.cpp): the timesync Rx burst's
// last PTP frame's time kept; a Tx frame's request for its timestamp, in
// the annotation at the start of its confirmation slot, and the stamp read
// from there when it is confirmed.
void rx_ptp_latch(RxQueue &q, rte_mbuf *const *bufs, uint16_t n) noexcept;
void tx_stamp_request(hw::Fd &fd, char *slot) noexcept;
void tx_stamp_collect(TxQueue &q, const char *slot) noexcept;
// The bursts for the port's settings (dpaa2_ethdev.cpp).
void select_bursts(rte_eth_dev *dev) noexcept;

// Statistics (dpaa2_ethdev_stats.cpp).
int stats_get(rte_eth_dev *dev, rte_eth_stats *stats) noexcept;
int stats_reset(rte_eth_dev *dev) noexcept;
// The extended statistics' callbacks (lib/bus_common/xstats_table.hpp).
void set_xstats_ops(eth_dev_ops &o) noexcept;
// At a queue's release: what it counted, kept for the port's counters.
void rx_queue_counts_keep(Port &p, const RxQueue &q) noexcept;
void tx_queue_counts_keep(Port &p, const TxQueue &q) noexcept;

} // namespace dpaa2::net

#define DPAA2_PMD_LOG(level, fmt, ...)                                                             \
	rte_log(RTE_LOG_##level, dpaa2::net::logtype,                                              \
		"net_dpaa2: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

extern struct rte_fslmc_driver rte_dpaa2_pmd;
