/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The net_dpaa PMD's private state: one Port per FMan MAC (the ethdev's
// dev_private), its Rx queues (one QMan FQ each, fed by the FMan Rx port or
// by KeyGen's hash distribution over consecutive FQIDs) and its Tx queues
// (one FQ each, scheduled to the FMan Tx port's channel).

#pragma once

#include <cstddef>
#include <cstdint>

#include <ethdev_driver.h>
#include <rte_ether.h>
#include <rte_log.h>
#include <rte_spinlock.h>

#include "bus_common/ptp_stamp.hpp"
#include "dpaa_bus.hpp"
#include "dpaa_port_hw.hpp"
#include "dpaa_queue_state.hpp"
#include "dpaa_rx_check.hpp"

namespace dpaa::net
{

extern int logtype;

// Queues and burst limits.
inline constexpr uint16_t kMaxRxQueues = 8; // KeyGen distributes over a power of two
inline constexpr uint16_t kMaxTxQueues = 8;
inline constexpr uint16_t kMinRxDesc = 64;
inline constexpr uint16_t kMaxRxDesc = 8192;
inline constexpr uint16_t kDefaultRxDesc = 1024;
inline constexpr uint16_t kMinTxDesc = 64;
inline constexpr uint16_t kMaxTxDesc = 8192;
inline constexpr uint16_t kDefaultTxDesc = 1024;
inline constexpr uint32_t kMinRxBufSize = 256;
inline constexpr uint32_t kMaxRxPktLen = 9600; // the mEMAC's largest MAXFRM the FMan handles
// MTU -> frame length: Ethernet header, FCS and two VLAN tags, which DPAA
// keeps in the frame (a QinQ frame of a full MTU must still be accepted).
inline constexpr uint32_t kFrameOverhead = RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN + 2 * 4;
inline constexpr uint16_t kBurstMax = 32; // frames the data path handles at once
inline constexpr uint16_t kMaxSegs = 16;  // SG entries per frame (one SG table, no extension)
// Where the FMan writes the internal context (parse results, hash) in an Rx
// buffer, and reads it from in a Tx buffer: the first bytes of the headroom.
inline constexpr uint16_t kRxIcOffset = 0x10;

enum class RxMode : uint8_t {
	push, // static dequeue: the FQ is scheduled to the polling lcore's portal channel
	pull, // volatile dequeue of the queue's FQ from the polling lcore's portal
};

struct Port;

// Where an Rx queue is in its life cycle: RxqState (dpaa_queue_state.hpp).

// Software counters of a queue, summed once per burst.
struct QueueStats {
	uint64_t packets;
	uint64_t bytes;
	uint64_t errors;
};

// A queue's counters have one writer, the lcore in the queue's bursts, and
// readers on other threads (stats_get, xstats_get); stats_reset records a
// base instead of writing them. Relaxed atomic loads and stores compile to
// the plain moves of a non-atomic add (no locked instruction) and give a
// reader a whole value, where plain accesses from two threads are a data
// race.
inline void counter_add(uint64_t &c, uint64_t n) noexcept
{
	__atomic_store_n(&c, __atomic_load_n(&c, __ATOMIC_RELAXED) + n, __ATOMIC_RELAXED);
}

inline uint64_t counter_get(const uint64_t &c) noexcept
{
	return __atomic_load_n(&c, __ATOMIC_RELAXED);
}

// What a queue counted since the last stats_reset.
inline QueueStats stats_since(const QueueStats &now, const QueueStats &base) noexcept
{
	return {counter_get(now.packets) - base.packets, counter_get(now.bytes) - base.bytes,
		counter_get(now.errors) - base.errors};
}

inline QueueStats stats_now(const QueueStats &now) noexcept
{
	return stats_since(now, QueueStats{});
}

inline constexpr unsigned kRxStash = 32;

struct alignas(RTE_CACHE_LINE_SIZE) RxQueue {
	// Hot: read on every burst.
	qbman::QmanPortal *portal; // push: the portal the FQ is scheduled to
	uint32_t fqid;
	uint32_t meta_size; // bytes from an mbuf's header to its buffer (mbuf + private area)
	uint64_t rearm;	    // mbuf rearm_data word: refcnt 1, nb_segs 1, port (data_off 0)
	uint16_t port_id;
	uint16_t queue_id;
	uint16_t stash_n; // push: frames of this queue another queue's burst dequeued
	bool hash_valid;  // KeyGen distributes: hash.rss is meaningful
	RxqState state;	  // checked first by every burst (same line as the above)
	QueueStats stats;
	// What the inline check of every FD compares with (dpaa_rx_check.hpp).
	PoolSpan span;	   // where the buffers of the queue's pool are
	uint32_t buf_size; // bytes from a buffer's start to the end of its object
	uint8_t bpid;	   // the queue's pool
	rte_mbuf *stash[kRxStash];
	// Cold.
	rte_mempool *mp;
	Port *port;
	uint32_t ctx;	  // context_b of the FQ: index in the process's Rx queue table
	uint16_t channel; // push: the queue's QMan pool channel (0: none, dedicated channel)
	uint64_t stray;	  // frames of this queue met in another lcore's ring (atomic)
	uint16_t nb_desc;
	int16_t cgrid;	  // the FQ's congestion group (bounds it to nb_desc frames), -1: none yet
	uint64_t bad_fds; // FDs dropped as malformed (rx_fd_slow)
	uint64_t bad_fds_logged; // bad_fds at the last log line
	uint64_t bad_log_tsc;	 // when that line was written
	uint64_t bad_fds_base;	 // bad_fds at the last stats reset
	QueueStats stats_base;	 // stats at the last stats reset
	// The process whose portal driver 'portal' is: DPDK processes share
	// the queue, not their portal drivers (see bound_portal_here()).
	int32_t portal_pid;
	// Timestamps (the timestamping burst only): the mbuf dynamic field and
	// flag of RTE_ETH_RX_OFFLOAD_TIMESTAMP (offset < 0: offload off).
	int ts_field;
	uint64_t ts_flag;
	bool stamp; // the port's bursts are the timestamping ones
	// Serialises the FQ's life-cycle changes: the control thread's queue
	// start/stop and a data-path burst that completes one.
	rte_spinlock_t lock;
	rte_eth_rxconf conf;
};
static_assert(offsetof(RxQueue, state) < RTE_CACHE_LINE_SIZE,
	      "the burst's state check reads no line the burst would not read anyway");

struct alignas(RTE_CACHE_LINE_SIZE) TxQueue {
	uint32_t fqid;
	uint16_t port_id;
	uint16_t queue_id;
	rte_mempool *copy_pool; // dpaa pool for frames the FMan cannot free itself
	uint8_t copy_bpid;
	bool running;	 // false: stopped (tx_queue_stop, deferred start); bursts send nothing
	uint8_t mr_tick; // bursts since the last message-ring poll, modulo 256
	QueueStats stats;
	uint64_t copied; // frames that took the copy path
	Port *port;
	QueueStats stats_base; // stats and copied at the last stats_reset
	uint64_t copied_base;
	uint16_t nb_desc;
	rte_eth_txconf conf;
};
static_assert(offsetof(TxQueue, running) < RTE_CACHE_LINE_SIZE,
	      "the burst's stopped check reads no line the burst would not read anyway");

// Per-port configuration chosen from devargs at probe.
struct Devargs {
	RxMode rx_mode = RxMode::push;
};

struct Port {
	rte_eth_dev *eth_dev;
	rte_dpaa_device *bus_dev;
	PortHw *hw; // the FMan MAC, its BMI ports (control path)
	Devargs devargs;
	rte_ether_addr perm_addr;

	uint32_t rx_fqid_base; // consecutive FQIDs, KeyGen's base (queue i = base + i)
	uint16_t nb_rx_fqs;
	uint32_t tx_fqid_base;
	uint16_t nb_tx_fqs;
	uint32_t err_fqid;    // Rx/Tx error FQ (frames the FMan refused)
	rte_mempool *rx_pool; // the one pool of the FMan Rx port (all Rx queues share it)
	int rx_bpid;

	uint64_t rss_hf;			// hash types KeyGen uses, as RTE_ETH_RSS_* flags
	uint8_t (*mc_list)[RTE_ETHER_ADDR_LEN]; // rte_eth_dev_set_mc_addr_list (rte_malloc)
	uint32_t nb_mc;
	bool started;
	bool admin_down; // rte_eth_dev_set_link_down
	bool tx_loopback;
	bool lsc_alarm_armed;
	uint8_t lsc_status;	      // the link status the last LSC event reported (alarm thread)
	platform::LinkMode link_mode; // from rte_eth_conf::link_speeds, set at start

	// IEEE 1588 (dpaa_ethdev_timesync.cpp).
	hw::RegisterWindow *timer;	   // the FMan's 1588 timer, nullptr if not mapped
	bool timesync;			   // timesync_enable: PTP frames flagged and stamped
	uint32_t txconf_fqid;		   // Tx confirmations of timestamped frames (0: none yet)
	dpaa::bus_common::PtpStamp rx_ptp; // the last PTP frame's Rx timestamp, read once
	dpaa::bus_common::PtpStamp tx_ptp; // the last Tx timestamp confirmed, read once

	// Statistics baselines: the hardware counters run free, reset subtracts.
	MacCounters mac_base;
	PortCounters rx_port_base;
	PortCounters tx_port_base;
	uint64_t err_frames;	 // frames drained from the error FQ (since probe)
	uint64_t err_mac_frames; // of which the MAC counted already (FCS errors)
	uint64_t err_frames_base;
	uint64_t err_mac_frames_base;
	uint64_t tx_rejected; // frames QMan refused on enqueue (ERNs; atomic)
	uint64_t tx_rejected_base;
	// What the queues released since the last reset had counted (a
	// reconfigure releases them; their counts stay the port's until a
	// stats_reset), by queue index.
	QueueStats rxq_gone[kMaxRxQueues];
	QueueStats txq_gone[kMaxTxQueues];
	uint64_t rx_stray_gone;	  // RxQueue::stray
	uint64_t rx_bad_fds_gone; // RxQueue::bad_fds
	uint64_t tx_copied_gone;  // TxQueue::copied
};

inline Port &port_of(rte_eth_dev *dev) noexcept
{
	return *static_cast<Port *>(dev->data->dev_private);
}

inline const Port &port_of(const rte_eth_dev *dev) noexcept
{
	return *static_cast<const Port *>(dev->data->dev_private);
}

// The port's hardware as this process reaches it: the ethdev's
// process_private. The primary's is Port::hw; a DPDK secondary process has
// its own (its CCSR windows, its MacInfo), since Port is shared memory and
// a PortHw holds process-local references. Ops a secondary offers use this.
inline PortHw &hw_of(rte_eth_dev *dev) noexcept
{
	return *static_cast<PortHw *>(dev->process_private);
}

// Data path (dpaa_rx.cpp, dpaa_tx.cpp). stamp: the bursts that also handle
// timestamps (Rx offload TIMESTAMP, timesync), separate instantiations so
// that the others do not spend a cycle on them.
eth_rx_burst_t rx_burst_for(RxMode mode, bool stamp = false) noexcept;
eth_tx_burst_t tx_burst_for(uint64_t tx_offloads, bool stamp = false) noexcept;
// The timestamping Rx burst's work on one frame (dpaa_ethdev_timesync.cpp).
void rx_stamp(RxQueue &q, rte_mbuf *m, const char *buf) noexcept;
uint32_t rx_queue_count(void *rxq) noexcept;
// The calling thread's portal's message ring (dpaa_ern.cpp): the enqueue
// rejections' buffers freed and counted in their port's oerrors. Returns the
// rejections taken.
unsigned take_mr(qbman::QmanPortal &portal) noexcept;

// Link speed (dpaa_ethdev_link.cpp): the speeds a MAC offers; the IF_MODE
// setting a configuration's link_speeds asks for, or -EINVAL (logged) if the
// MAC cannot run it.
uint32_t speed_capa(const platform::MacInfo &m) noexcept;
int link_mode_from_conf(const Port &p, uint32_t link_speeds, platform::LinkMode &out) noexcept;

// Capabilities (dpaa_ethdev_filters.cpp).
uint64_t rx_offload_capa() noexcept;
uint64_t tx_offload_capa() noexcept;
uint64_t rss_offload_capa() noexcept;
uint32_t rss_fields(uint64_t rss_hf) noexcept;

// Queue ops (dpaa_ethdev_queues.cpp).
int rx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_rxconf *conf, rte_mempool *mp) noexcept;
int tx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_txconf *conf) noexcept;
// After configure: every queue index beyond the configured ones names a
// queue that never runs, so that a burst on it returns 0 (not a crash).
void fill_unused_queues(rte_eth_dev *dev) noexcept;
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
// After dev_start: each queue's ethdev state from what the start did.
void publish_queue_states(rte_eth_dev *dev) noexcept;

// Rx queue interrupts (dpaa_ethdev_intr.cpp): the configuration check, the
// eventfds from start to stop, the queue ops.
int rx_intr_check_config(const rte_eth_dev *dev) noexcept;
int rx_intr_start(rte_eth_dev *dev) noexcept;
void rx_intr_stop(rte_eth_dev *dev) noexcept;
int rx_queue_intr_enable(rte_eth_dev *dev, uint16_t idx) noexcept;
int rx_queue_intr_disable(rte_eth_dev *dev, uint16_t idx) noexcept;

// Filters and MAC settings (dpaa_ethdev_filters.cpp).
int promiscuous_enable(rte_eth_dev *dev) noexcept;
int promiscuous_disable(rte_eth_dev *dev) noexcept;
int allmulticast_enable(rte_eth_dev *dev) noexcept;
int allmulticast_disable(rte_eth_dev *dev) noexcept;
int mac_addr_add(rte_eth_dev *dev, rte_ether_addr *addr, uint32_t index, uint32_t pool) noexcept;
void mac_addr_remove(rte_eth_dev *dev, uint32_t index) noexcept;
int mac_addr_set(rte_eth_dev *dev, rte_ether_addr *addr) noexcept;
int set_mc_addr_list(rte_eth_dev *dev, rte_ether_addr *list, uint32_t n) noexcept;
int mtu_set(rte_eth_dev *dev, uint16_t mtu) noexcept;
int flow_ctrl_get(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept;
int flow_ctrl_set(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept;
int rss_hash_update(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept;
int rss_hash_conf_get(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept;

// IEEE 1588 and timestamps (dpaa_ethdev_timesync.cpp).
// At configure: the dynamic timestamp field if the Rx offload asks for it.
int timestamp_configure(rte_eth_dev *dev) noexcept;
// The bursts for the port's current settings (offloads, timesync); also
// installs them in the fast-path table of a started port.
void select_bursts(rte_eth_dev *dev) noexcept;
int timesync_enable(rte_eth_dev *dev) noexcept;
int timesync_disable(rte_eth_dev *dev) noexcept;
int timesync_read_rx_timestamp(rte_eth_dev *dev, timespec *ts, uint32_t flags) noexcept;
int timesync_read_tx_timestamp(rte_eth_dev *dev, timespec *ts) noexcept;
int timesync_adjust_time(rte_eth_dev *dev, int64_t delta) noexcept;
int timesync_read_time(rte_eth_dev *dev, timespec *ts) noexcept;
int timesync_write_time(rte_eth_dev *dev, const timespec *ts) noexcept;
int read_clock(rte_eth_dev *dev, uint64_t *clock) noexcept;
// At stop: the confirmations still queued go back to the pool. At close:
// the confirmation FQ's FQID too.
void timesync_stop(Port &p) noexcept;
void timesync_close(Port &p) noexcept;

// Statistics (dpaa_ethdev_stats.cpp).
int stats_get(rte_eth_dev *dev, rte_eth_stats *stats) noexcept;
int stats_reset(rte_eth_dev *dev) noexcept;
// The extended statistics' callbacks (lib/bus_common/xstats_table.hpp).
void set_xstats_ops(eth_dev_ops &o) noexcept;

} // namespace dpaa::net

#define DPAA_PMD_LOG(level, fmt, ...)                                                              \
	rte_log(RTE_LOG_##level, dpaa::net::logtype,                                               \
		"net_dpaa: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

extern struct rte_dpaa_driver rte_dpaa_pmd;
