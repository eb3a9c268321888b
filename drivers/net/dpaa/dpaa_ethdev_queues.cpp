/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Rx/Tx queue setup, release, start/stop and information.

#include <cerrno>
#include <cstring>

#include <rte_malloc.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_mempool.hpp"

namespace dpaa::net
{

namespace
{

// The mbuf rearm word of a fresh single-segment mbuf of this port: refcnt 1,
// nb_segs 1, port, data_off 0 (the Rx path ORs in the FD's offset).
uint64_t rearm_word(uint16_t port_id) noexcept
{
	rte_mbuf m{};
	m.data_off = 0;
	rte_mbuf_refcnt_set(&m, 1);
	m.nb_segs = 1;
	m.port = port_id;
	uint64_t w;
	memcpy(&w, &m.rearm_data, sizeof(w));
	return w;
}

static_assert(offsetof(rte_mbuf, data_off) == offsetof(rte_mbuf, rearm_data),
	      "the Rx path ORs the FD offset into the rearm word's low 16 bits");

// What a burst on a queue index the port was not configured with finds in
// the ethdev's queue arrays (RTE_MAX_QUEUES_PER_PORT long; DPDK's bursts do
// not check the index): instead of NULL, a queue that never runs, whose
// bursts return 0 at their first check. Never written once set up.
RxQueue unused_rxq;
TxQueue unused_txq;

} // namespace

void fill_unused_queues(rte_eth_dev *dev) noexcept
{
	rte_eth_dev_data &d = *dev->data;
	unused_rxq.state = RxqState::stopped;
	unused_txq.running = false;
	for (unsigned i = 0; d.rx_queues != nullptr && i < RTE_MAX_QUEUES_PER_PORT; i++) {
		if (i < d.nb_rx_queues && d.rx_queues[i] == &unused_rxq)
			d.rx_queues[i] = nullptr; // to be set up
		else if (i >= d.nb_rx_queues && d.rx_queues[i] == nullptr)
			d.rx_queues[i] = &unused_rxq;
	}
	for (unsigned i = 0; d.tx_queues != nullptr && i < RTE_MAX_QUEUES_PER_PORT; i++) {
		if (i < d.nb_tx_queues && d.tx_queues[i] == &unused_txq)
			d.tx_queues[i] = nullptr;
		else if (i >= d.nb_tx_queues && d.tx_queues[i] == nullptr)
			d.tx_queues[i] = &unused_txq;
	}
}

int rx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_rxconf *conf, rte_mempool *mp) noexcept
{
	Port &p = port_of(dev);
	if (p.started) {
		DPAA_PMD_LOG(ERR, "%s: Rx queues are set up while the port is stopped",
			     dev->data->name);
		return -EBUSY;
	}
	const uint64_t unsupported =
		conf->offloads & ~(rx_offload_capa() | dev->data->dev_conf.rxmode.offloads);
	if (unsupported) {
		DPAA_PMD_LOG(ERR, "%s: Rx queue offloads 0x%" PRIx64 " are not supported",
			     dev->data->name, unsupported);
		return -ENOTSUP;
	}
	const int bpid = rte_dpaa_mempool_bpid(mp);
	if (bpid < 0) {
		DPAA_PMD_LOG(ERR,
			     "%s: Rx queue %u: mempool %s is not a dpaa pool (the FMan fills "
			     "BMan buffers): create it with the \"dpaa\" mempool ops",
			     dev->data->name, idx, mp->name);
		return -EINVAL;
	}
	// One Rx port, one buffer pool: every queue of a port shares it.
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		auto *o = static_cast<RxQueue *>(dev->data->rx_queues[i]);
		if (o && i != idx && o->mp != mp) {
			DPAA_PMD_LOG(ERR,
				     "%s: Rx queue %u: mempool %s differs from queue %u's %s; the "
				     "FMan Rx port fills all queues from one pool",
				     dev->data->name, idx, mp->name, i, o->mp->name);
			return -EINVAL;
		}
	}
	if (rte_pktmbuf_data_room_size(mp) < RTE_PKTMBUF_HEADROOM + kMinRxBufSize) {
		DPAA_PMD_LOG(ERR, "%s: Rx queue %u: mbufs of %s are too small (data room %u)",
			     dev->data->name, idx, mp->name, rte_pktmbuf_data_room_size(mp));
		return -EINVAL;
	}

	rx_queue_release(dev, idx);
	auto *q = static_cast<RxQueue *>(rte_zmalloc_socket(
		"dpaa_rxq", sizeof(RxQueue), RTE_CACHE_LINE_SIZE, static_cast<int>(socket)));
	if (q == nullptr)
		return -ENOMEM;
	q->port = &p;
	q->port_id = dev->data->port_id;
	q->queue_id = idx;
	q->mp = mp;
	q->meta_size = sizeof(rte_mbuf) + rte_pktmbuf_priv_size(mp);
	q->rearm = rearm_word(q->port_id);
	q->bpid = static_cast<uint8_t>(bpid);
	q->buf_size = rte_dpaa_bpid_info[bpid].buf_size;
	q->span = pool_span(mp, q->meta_size, q->buf_size);
	if (mp->nb_mem_chunks != 1)
		DPAA_PMD_LOG(INFO,
			     "%s: Rx queue %u: %s has %u memory chunks; frames in all but the "
			     "largest take the Rx slow path",
			     dev->data->name, idx, mp->name, mp->nb_mem_chunks);
	q->nb_desc = nb_desc;
	q->conf = *conf;
	q->state = RxqState::stopped;
	rte_spinlock_init(&q->lock);
	// nb_desc bounds the frames the FQ may hold: a congestion group per
	// queue, allocated when the port starts (rx_cgr_setup).
	q->cgrid = -1;
	dev->data->rx_queues[idx] = q;
	p.rx_pool = mp;
	p.rx_bpid = bpid;
	return 0;
}

void rx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	if (q == nullptr || q == &unused_rxq) {
		dev->data->rx_queues[idx] = nullptr;
		return;
	}
	// What it counted stays counted: the port's counters reset at probe
	// and stats_reset only (applications reconfigure, and re-set up their
	// queues, whenever the MTU or the queue count changes).
	Port &p = port_of(dev);
	if (idx < kMaxRxQueues) {
		const QueueStats qs = stats_since(q->stats, q->stats_base);
		p.rxq_gone[idx].packets += qs.packets;
		p.rxq_gone[idx].bytes += qs.bytes;
		p.rxq_gone[idx].errors += qs.errors;
	}
	p.rx_stray_gone += __atomic_load_n(&q->stray, __ATOMIC_RELAXED);
	p.rx_bad_fds_gone += counter_get(q->bad_fds) - q->bad_fds_base;
	rxq_unregister(*q);
	release_queue_portal(*q);
	release_queue_channel(*q);
	release_queue_cgr(*q);
	for (unsigned k = 0; k < q->stash_n; k++)
		rte_pktmbuf_free(q->stash[k]);
	rte_free(q);
	dev->data->rx_queues[idx] = nullptr;
}

int tx_queue_setup(rte_eth_dev *dev, uint16_t idx, uint16_t nb_desc, unsigned socket,
		   const rte_eth_txconf *conf) noexcept
{
	Port &p = port_of(dev);
	if (p.started) {
		DPAA_PMD_LOG(ERR, "%s: Tx queues are set up while the port is stopped",
			     dev->data->name);
		return -EBUSY;
	}
	const uint64_t unsupported =
		conf->offloads & ~(tx_offload_capa() | dev->data->dev_conf.txmode.offloads);
	if (unsupported) {
		DPAA_PMD_LOG(ERR, "%s: Tx queue offloads 0x%" PRIx64 " are not supported",
			     dev->data->name, unsupported);
		return -ENOTSUP;
	}
	tx_queue_release(dev, idx);
	auto *q = static_cast<TxQueue *>(rte_zmalloc_socket(
		"dpaa_txq", sizeof(TxQueue), RTE_CACHE_LINE_SIZE, static_cast<int>(socket)));
	if (q == nullptr)
		return -ENOMEM;
	q->port = &p;
	q->port_id = dev->data->port_id;
	q->queue_id = idx;
	q->nb_desc = nb_desc;
	q->conf = *conf;
	dev->data->tx_queues[idx] = q;
	return 0;
}

void tx_queue_release(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (q != nullptr && q != &unused_txq) {
		// Its counts stay the port's (see rx_queue_release).
		Port &p = port_of(dev);
		if (idx < kMaxTxQueues) {
			const QueueStats qs = stats_since(q->stats, q->stats_base);
			p.txq_gone[idx].packets += qs.packets;
			p.txq_gone[idx].bytes += qs.bytes;
			p.txq_gone[idx].errors += qs.errors;
		}
		p.tx_copied_gone += counter_get(q->copied) - q->copied_base;
		rte_free(q);
	}
	dev->data->tx_queues[idx] = nullptr;
}

int rx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept
{
	// ethdev refuses a queue start on a stopped port before this.
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	if (!port_of(dev).started || q == nullptr)
		return -EINVAL;
	const int ret = rxq_start(*q);
	if (ret == 0)
		dev->data->rx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STARTED;
	return ret;
}

int rx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	// A stopped port has every queue stopped already.
	if (port_of(dev).started && q != nullptr) {
		const int ret = rxq_stop(*q);
		if (ret < 0)
			return ret;
	}
	dev->data->rx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

int tx_queue_start(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (!port_of(dev).started || q == nullptr)
		return -EINVAL;
	txq_start(*q);
	dev->data->tx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int tx_queue_stop(rte_eth_dev *dev, uint16_t idx) noexcept
{
	auto *q = static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	if (port_of(dev).started && q != nullptr)
		txq_stop(*q);
	dev->data->tx_queue_state[idx] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

void publish_queue_states(rte_eth_dev *dev) noexcept
{
	rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++) {
		const auto &q = *static_cast<const RxQueue *>(d.rx_queues[i]);
		d.rx_queue_state[i] = q.state == RxqState::running ? RTE_ETH_QUEUE_STATE_STARTED
								   : RTE_ETH_QUEUE_STATE_STOPPED;
	}
	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		const auto &q = *static_cast<const TxQueue *>(d.tx_queues[i]);
		d.tx_queue_state[i] =
			q.running ? RTE_ETH_QUEUE_STATE_STARTED : RTE_ETH_QUEUE_STATE_STOPPED;
	}
}

void rxq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_rxq_info *info) noexcept
{
	const auto &q = *static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	info->mp = q.mp;
	info->conf = q.conf;
	info->conf.offloads = dev->data->dev_conf.rxmode.offloads;
	info->conf.rx_drop_en = 1;
	info->scattered_rx = dev->data->scattered_rx;
	info->queue_state = dev->data->rx_queue_state[idx];
	info->nb_desc = q.nb_desc;
	info->rx_buf_size =
		static_cast<uint16_t>(rte_pktmbuf_data_room_size(q.mp) - RTE_PKTMBUF_HEADROOM);
}

void txq_info_get(rte_eth_dev *dev, uint16_t idx, rte_eth_txq_info *info) noexcept
{
	const auto &q = *static_cast<TxQueue *>(dev->data->tx_queues[idx]);
	info->conf = q.conf;
	info->conf.offloads = dev->data->dev_conf.txmode.offloads;
	info->nb_desc = q.nb_desc;
	info->queue_state = dev->data->tx_queue_state[idx];
}

int rx_burst_mode_get(rte_eth_dev *dev, uint16_t, rte_eth_burst_mode *mode) noexcept
{
	const Port &p = port_of(dev);
	snprintf(mode->info, sizeof(mode->info), "%s",
		 p.devargs.rx_mode == RxMode::push
			 ? "Push (static dequeue to the polling lcore's portal channel)"
			 : "Pull (volatile dequeue per burst)");
	mode->flags = 0;
	return 0;
}

int tx_burst_mode_get(rte_eth_dev *dev, uint16_t, rte_eth_burst_mode *mode) noexcept
{
	bool cksum = false, stamp = false;
	for (bool ts : {false, true})
		if (dev->tx_pkt_burst == tx_burst_for(RTE_ETH_TX_OFFLOAD_IPV4_CKSUM, ts)) {
			cksum = true;
			stamp = ts;
		} else if (dev->tx_pkt_burst == tx_burst_for(0, ts)) {
			stamp = ts;
		}
	snprintf(mode->info, sizeof(mode->info), "EQCR enqueue, hardware buffer release%s%s",
		 cksum ? ", checksum offload" : "", stamp ? ", IEEE 1588 Tx timestamps" : "");
	mode->flags = 0;
	return 0;
}

} // namespace dpaa::net
