/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa2's queues: Rx queue i is the DPNI's Rx FQ (TC 0, flow i), pulled
// by the polling thread's portal into storage of the queue's own; Tx queue i
// is the DPNI's Tx FQ of TC i, with its Tx confirmation FQ. The Rx buffer pool is the DPNI's (one
// for all queues), given to it with the Rx buffer layout at start, while the DPNI is disabled, as
// the MC requires.

#include <cerrno>
#include <cinttypes>
#include <cstring>

#include <rte_cycles.h>
#include <rte_malloc.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_mempool.hpp"

namespace dpaa2::net
{

namespace hmc = dpaa2::hw::mc;

namespace
{

// The Rx FQs' flow context: stash the frame's first line and the
// annotation's into the core's cache (FLC[5:4] data, [3:2] annotation
// lines), what upstream asks of WRIOP on its non-LX2 SoCs; the annotation is
// read for parse results and checksums on every SoC here.
constexpr uint64_t kRxFlcStash = 0x14;

// The pool's buffer as WRIOP is told it: from the address QBMan holds (the
// mbuf's buf_addr) to the end of the data room, 64-byte units.
uint16_t pool_buffer_size(rte_mempool *mp) noexcept
{
	const uint32_t room = rte_pktmbuf_data_room_size(mp) & ~uint32_t{63};
	return static_cast<uint16_t>(RTE_MIN(room, uint32_t{0xffc0}));
}

// Whether another Rx queue than `except` uses the port's pool.
bool pool_shared(rte_eth_dev *dev, uint16_t except) noexcept
{
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		if (i != except && dev->data->rx_queues[i] != nullptr)
			return true;
	return false;
}

// The Rx buffer layout and the pool, while the DPNI is disabled.
int rx_pool_attach(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	McIo &io = mc_io();
	dpni::BufferLayout l{};
	l.options = hmc::kDpniBufLayoutOptHeadRoom | hmc::kDpniBufLayoutOptFrameStatus |
		    hmc::kDpniBufLayoutOptParserResult | hmc::kDpniBufLayoutOptDataAlign |
		    hmc::kDpniBufLayoutOptTimestamp | hmc::kDpniBufLayoutOptPrivateDataSize;
	l.pass_fs = l.pass_pr = l.pass_ts = true;
	l.private_data_size = 0;
	l.data_align = kRxDataAlign;
	l.head_room = kRxHeadRoom;
	int ret = dpni::set_buffer_layout(io, p.dpni, dpni::QueueType::rx, l);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_buffer_layout (Rx): %s", dev->data->name,
			      strerror(-ret));
		return ret;
	}
	const int dpbp = rte_dpaa2_mbuf_pool_dpbp_id(p.rx_pool);
	if (dpbp < 0)
		return dpbp;
	ret = dpni::set_pools(io, p.dpni, static_cast<uint16_t>(dpbp), pool_buffer_size(p.rx_pool));
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_pools (dpbp.%d): %s", dev->data->name, dpbp,
			      strerror(-ret));
		return ret;
	}
	p.layout_set = true;
	return 0;
}

} // namespace

int rx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_rxconf *conf, rte_mempool *mp) noexcept
{
	Port &p = port_of(dev);
	const char *name = dev->data->name;
	const int bpid = rte_dpaa2_mbuf_pool_bpid(mp);
	if (bpid < 0) {
		DPAA2_PMD_LOG(ERR,
			      "%s: Rx queue %u: pool %s has the %s ops: WRIOP fills DPBP buffer "
			      "pools only (the dpaa2 ops, the platform's default)",
			      name, idx, mp->name, rte_mempool_get_ops(mp->ops_index)->name);
		return -EINVAL;
	}
	if (p.rx_pool != nullptr && p.rx_pool != mp && pool_shared(dev, idx)) {
		DPAA2_PMD_LOG(ERR,
			      "%s: Rx queue %u: pool %s, but the port's other queues use %s: "
			      "WRIOP fills one pool per DPNI",
			      name, idx, mp->name, p.rx_pool->name);
		return -EINVAL;
	}
	if (rte_pktmbuf_data_room_size(mp) < RTE_PKTMBUF_HEADROOM + kMinRxBufSize) {
		DPAA2_PMD_LOG(ERR, "%s: Rx queue %u: pool %s's data room %u is below %u", name, idx,
			      mp->name, rte_pktmbuf_data_room_size(mp),
			      RTE_PKTMBUF_HEADROOM + kMinRxBufSize);
		return -EINVAL;
	}
	rx_queue_release(dev, idx);
	auto *q = static_cast<RxQueue *>(
		rte_zmalloc_socket("dpaa2_rxq", sizeof(RxQueue), RTE_CACHE_LINE_SIZE, socket));
	auto *storage = static_cast<qb::DequeueResult *>(rte_zmalloc_socket(
		"dpaa2_rxq_dq", sizeof(qb::DequeueResult) * 2 * kBurstMax, 64, socket));
	if (q == nullptr || storage == nullptr) {
		rte_free(q);
		rte_free(storage);
		return -ENOMEM;
	}
	q->storage = storage;
	q->storage_iova = rte_malloc_virt2iova(storage);
	q->pending = -1;
	q->port = &p;
	q->mp = mp;
	q->port_id = dev->data->port_id;
	q->queue_id = idx;
	q->flow = static_cast<uint8_t>(idx);
	q->nb_desc = nb_desc;
	q->deferred_start = conf != nullptr && conf->rx_deferred_start;
	rte_mbuf tmpl{};
	tmpl.nb_segs = 1;
	tmpl.port = q->port_id;
	rte_mbuf_refcnt_set(&tmpl, 1);
	memcpy(&q->rearm, &tmpl.rearm_data, sizeof(q->rearm));

	McIo &io = mc_io();
	dpni::QueueConfig cfg{};
	cfg.options = hmc::kDpniQueueOptUserCtx | hmc::kDpniQueueOptFlc | hmc::kDpniQueueOptDest;
	cfg.flags = static_cast<uint8_t>(hmc::DpniDestType::none) | hmc::kDpniQueueFlagStashCtrl;
	cfg.flc = kRxFlcStash;
	cfg.user_context = reinterpret_cast<uintptr_t>(q);
	int ret = dpni::set_queue(io, p.dpni, dpni::QueueType::rx, 0, q->flow, cfg);
	if (ret == 0)
		ret = dpni::get_queue_fqid(io, p.dpni, dpni::QueueType::rx, 0, q->flow, q->fqid);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: Rx queue %u: dpni_set/get_queue: %s", name, idx,
			      strerror(-ret));
		rte_free(storage);
		rte_free(q);
		return ret;
	}
	if (p.rx_pool != mp)
		p.layout_set = false;
	p.rx_pool = mp;
	p.rx_bpid = static_cast<uint16_t>(bpid);
	dev->data->rx_queues[idx] = q;
	DPAA2_PMD_LOG(DEBUG, "%s: Rx queue %u: FQID 0x%x, pool %s (BPID %d)", name, idx, q->fqid,
		      mp->name, bpid);
	return 0;
}

void rx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	if (q == nullptr)
		return;
	// The frames it holds go back to the pool (the port is stopped).
	if (const unsigned n = rx_queue_drain(*q))
		DPAA2_PMD_LOG(DEBUG, "%s: Rx queue %u: %u frames freed", dev->data->name, idx, n);
	rx_queue_counts_keep(*q->port, *q);
	dev->data->rx_queues[idx] = nullptr;
	rte_free(q->storage);
	rte_free(q);
}

namespace
{

void tx_queue_free(TxQueue *q) noexcept
{
	rte_free(q->conf_storage);
	rte_free(q->conf_area);
	rte_free(q);
}

} // namespace

int tx_conf_fq_setup(rte_eth_dev *dev, TxQueue &q) noexcept
{
	Port &p = port_of(dev);
	McIo &io = mc_io();
	const uint8_t tc = static_cast<uint8_t>(q.queue_id);
	dpni::QueueConfig cfg{};
	cfg.options = hmc::kDpniQueueOptDest | hmc::kDpniQueueOptUserCtx;
	cfg.flags = static_cast<uint8_t>(hmc::DpniDestType::none);
	cfg.user_context = reinterpret_cast<uintptr_t>(&q);
	int ret = dpni::set_queue(io, p.dpni, dpni::QueueType::tx_confirm, tc, 0, cfg);
	if (ret == 0)
		ret = dpni::get_queue_fqid(io, p.dpni, dpni::QueueType::tx_confirm, tc, 0,
					   q.conf_fqid);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: Tx queue %u: the Tx confirmation queue: %s",
			      dev->data->name, q.queue_id, strerror(-ret));
	return ret;
}

int tx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_txconf *conf) noexcept
{
	Port &p = port_of(dev);
	const char *name = dev->data->name;
	tx_queue_release(dev, idx);
	auto *q = static_cast<TxQueue *>(
		rte_zmalloc_socket("dpaa2_txq", sizeof(TxQueue), RTE_CACHE_LINE_SIZE, socket));
	if (q == nullptr)
		return -ENOMEM;
	q->conf_area = static_cast<char *>(rte_zmalloc_socket(
		"dpaa2_txq_conf", size_t{kConfSlots} * kConfSlotSize, 64, socket));
	q->conf_storage = static_cast<qb::DequeueResult *>(rte_zmalloc_socket(
		"dpaa2_txq_dq", sizeof(qb::DequeueResult) * kBurstMax, 64, socket));
	if (q->conf_area == nullptr || q->conf_storage == nullptr) {
		tx_queue_free(q);
		return -ENOMEM;
	}
	q->conf_iova = rte_malloc_virt2iova(q->conf_area);
	q->conf_storage_iova = rte_malloc_virt2iova(q->conf_storage);
	for (uint16_t i = 0; i < kConfSlots; i++)
		q->conf_free[i] = static_cast<uint16_t>(kConfSlots - 1 - i);
	q->conf_free_n = kConfSlots;
	q->port = &p;
	q->port_id = dev->data->port_id;
	q->queue_id = idx;
	q->nb_desc = nb_desc;
	q->last_bpid = -1;
	q->deferred_start = conf != nullptr && conf->tx_deferred_start;
	const uint8_t tc = static_cast<uint8_t>(idx);
	McIo &io = mc_io();
	int ret = dpni::get_queue_fqid(io, p.dpni, dpni::QueueType::tx, tc, 0, q->fqid);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: Tx queue %u: dpni_get_queue: %s", name, idx,
			      strerror(-ret));
		tx_queue_free(q);
		return ret;
	}
	if (p.tx_conf && (ret = tx_conf_fq_setup(dev, *q)) < 0) {
		tx_queue_free(q);
		return ret;
	}
	dev->data->tx_queues[idx] = q;
	DPAA2_PMD_LOG(DEBUG, "%s: Tx queue %u: FQID 0x%x, confirmation FQID 0x%x", name, idx,
		      q->fqid, q->conf_fqid);
	return 0;
}

void tx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (q == nullptr)
		return;
	tx_conf_drain(*q, true);
	tx_queue_counts_keep(*q->port, *q);
	dev->data->tx_queues[idx] = nullptr;
	if (q->conf_pending != 0) {
		// WRIOP may still read their tables and data: the area and
		// the mbufs stay where they are rather than be reused.
		DPAA2_PMD_LOG(WARNING, "%s: Tx queue %u: %u frames never confirmed (left in use)",
			      dev->data->name, idx, q->conf_pending);
		rte_free(q->conf_storage);
		rte_free(q);
		return;
	}
	tx_queue_free(q);
}

// Before the DPNI is disabled: what the Tx FQs hold is sent (the kernel's
// dpaa2-eth waits the same way), so that the confirmations come back.
void tx_queues_flush(rte_eth_dev *dev) noexcept
{
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr)
		return;
	const uint64_t deadline = rte_get_timer_cycles() + rte_get_timer_hz();
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		const auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[i]);
		if (q == nullptr)
			continue;
		uint32_t frames = 0, bytes = 0;
		while (p->fq_query_np(q->fqid, frames, bytes) == 0 && frames != 0 &&
		       rte_get_timer_cycles() < deadline)
			rte_delay_us_sleep(100);
	}
}

int queues_start(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (p.rx_pool != nullptr && !p.layout_set)
		if (int ret = rx_pool_attach(dev); ret < 0)
			return ret;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		auto *q = static_cast<RxQueue *>(dev->data->rx_queues[i]);
		const bool run = q != nullptr && !q->deferred_start;
		if (q != nullptr)
			q->running = run;
		dev->data->rx_queue_state[i] =
			run ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
	}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		auto *q = static_cast<TxQueue *>(dev->data->tx_queues[i]);
		const bool run = q != nullptr && !q->deferred_start;
		if (q != nullptr)
			q->running = run;
		dev->data->tx_queue_state[i] =
			run ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
	}
	return 0;
}

void queues_stop(rte_eth_dev *dev) noexcept
{
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		auto *q = static_cast<RxQueue *>(dev->data->rx_queues[i]);
		if (q == nullptr)
			continue;
		q->running = false;
		rx_queue_park(*q);
		dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		auto *q = static_cast<TxQueue *>(dev->data->tx_queues[i]);
		if (q != nullptr) {
			q->running = false;
			tx_conf_drain(*q, true);
		}
		dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	}
}

int rx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	if (q == nullptr)
		return -EINVAL;
	__atomic_store_n(&q->running, true, __ATOMIC_RELEASE);
	dev->data->rx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int rx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	if (q == nullptr)
		return -EINVAL;
	// The frames that arrive meanwhile wait in the FQ (the DPNI's other
	// queues keep running); a port stop frees them.
	__atomic_store_n(&q->running, false, __ATOMIC_RELEASE);
	dev->data->rx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

int tx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (q == nullptr)
		return -EINVAL;
	__atomic_store_n(&q->running, true, __ATOMIC_RELEASE);
	dev->data->tx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int tx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (q == nullptr)
		return -EINVAL;
	__atomic_store_n(&q->running, false, __ATOMIC_RELEASE);
	dev->data->tx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

void rxq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_rxq_info *info) noexcept
{
	const auto *q = static_cast<const RxQueue *>(dev->data->rx_queues[idx]);
	info->mp = q->mp;
	info->nb_desc = q->nb_desc;
	info->scattered_rx = dev->data->scattered_rx;
	info->conf.rx_deferred_start = q->deferred_start;
	info->conf.offloads = dev->data->dev_conf.rxmode.offloads;
	info->rx_buf_size = rte_pktmbuf_data_room_size(q->mp) - RTE_PKTMBUF_HEADROOM;
}

void txq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_txq_info *info) noexcept
{
	const auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[idx]);
	info->nb_desc = q->nb_desc;
	info->conf.tx_deferred_start = q->deferred_start;
	info->conf.offloads = dev->data->dev_conf.txmode.offloads;
}

int rx_burst_mode_get(rte_eth_dev *dev, uint16_t, rte_eth_burst_mode *mode) noexcept
{
	const Port &p = port_of(dev);
	snprintf(mode->info, sizeof(mode->info), "Scalar pull dequeue, %s%s%s%s%s",
		 p.lx2 ? "LX2 parse summary" : "parse results", p.rx_csum ? ", checksum" : "",
		 p.rx_hash ? ", RSS hash" : "", p.rx_ts ? ", timestamp" : "",
		 p.devargs.no_prefetch ? ", no prefetch" : "");
	return 0;
}

int tx_burst_mode_get(rte_eth_dev *dev, uint16_t, rte_eth_burst_mode *mode) noexcept
{
	const uint64_t o = dev->data->dev_conf.txmode.offloads;
	snprintf(mode->info, sizeof(mode->info), "Scalar enqueue, buffers released by WRIOP%s%s%s",
		 port_of(dev).tx_conf ? " or confirmed" : ", no confirmation (fast free)",
		 (o & RTE_ETH_TX_OFFLOAD_MULTI_SEGS) ? ", SG" : "",
		 (o & (RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
		       RTE_ETH_TX_OFFLOAD_TCP_CKSUM))
			 ? ", checksum insertion"
			 : "");
	return 0;
}

} // namespace dpaa2::net
