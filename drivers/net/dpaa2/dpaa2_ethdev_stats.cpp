/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Statistics.
//
// Basic: frames and bytes are the queues' own counts (what the bursts
// handed to the application and enqueued: exact, without FCS, as DPDK
// counts them), per queue too; the drops are the DPNI's
// (dpni_get_statistics page 2: frames discarded for errors, frames it had
// no buffer for, frames it could not send) plus the bursts' own (malformed
// FDs, frames of too many segments). A released queue's counts stay in the
// port's, under its index: counters reset at probe and stats_reset only.
//
// Extended: the DPNI's statistics pages 0, 1, 2 and 4 under upstream's
// names (the DPNI counts every frame at its entry, dropped ones too, and
// runs while they are read), then the frames of pages 0 and 1 as a whole,
// then the driver's own counts.

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "bus_common/xstats_table.hpp"
#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace
{

// dpni_get_statistics page 2 (fsl_dpni.h, union dpni_statistics).
constexpr uint8_t kPageDrops = 2;
enum : uint8_t {
	kIngressFiltered = 0,
	kIngressDiscarded = 1,
	kIngressNoBuffer = 2,
	kEgressDiscarded = 3,
};

// The DPNI pages the extended statistics read.
constexpr uint8_t kPages[] = {0, 1, 2, 4};
constexpr unsigned kNumPages = sizeof(kPages);

// The driver's own extended counters.
enum class Sw : uint8_t { rx_bad_fds, tx_confirmed, tx_bad_conf };

struct XstatDef {
	const char *name;
	int8_t page; // index into kPages, -1: a driver counter
	uint8_t counter;
};

constexpr XstatDef kXstats[] = {
	// Upstream's names and order (dpaa2_xstats_strings).
	{"ingress_multicast_frames", 0, 2},
	{"ingress_multicast_bytes", 0, 3},
	{"ingress_broadcast_frames", 0, 4},
	{"ingress_broadcast_bytes", 0, 5},
	{"egress_multicast_frames", 1, 2},
	{"egress_multicast_bytes", 1, 3},
	{"egress_broadcast_frames", 1, 4},
	{"egress_broadcast_bytes", 1, 5},
	{"ingress_filtered_frames", 2, 0},
	{"ingress_discarded_frames", 2, 1},
	{"ingress_nobuffer_discards", 2, 2},
	{"egress_discarded_frames", 2, 3},
	{"egress_confirmed_frames", 2, 4},
	{"cgr_reject_frames", 3, 0},
	{"cgr_reject_bytes", 3, 1},
	// Ours: every frame and byte the DPNI took in and sent.
	{"ingress_all_frames", 0, 0},
	{"ingress_all_bytes", 0, 1},
	{"egress_all_frames", 1, 0},
	{"egress_all_bytes", 1, 1},
	// The driver's: malformed Rx FDs dropped, Tx frames freed on their
	// confirmation, confirmations that named no frame in flight.
	{"rx_malformed_fds", -1, uint8_t(Sw::rx_bad_fds)},
	{"tx_confirmed_mbufs", -1, uint8_t(Sw::tx_confirmed)},
	{"tx_stray_confirmations", -1, uint8_t(Sw::tx_bad_conf)},
};

struct Pages {
	uint64_t c[kNumPages][7];
};

int read_pages(rte_eth_dev *dev, Pages &out) noexcept
{
	const Port &p = port_of(dev);
	for (unsigned i = 0; i < kNumPages; i++) {
		if (int ret = dpni::get_statistics(mc_io(), p.dpni, kPages[i], out.c[i]); ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: dpni_get_statistics page %u: %s", dev->data->name,
				      kPages[i], strerror(-ret));
			return ret;
		}
	}
	return 0;
}

QueueTotals since_reset(const RxQueue &q) noexcept
{
	return {counter_get(q.packets) - q.base.packets, counter_get(q.bytes) - q.base.bytes,
		counter_get(q.bad_fds) - q.base.errors};
}

QueueTotals since_reset(const TxQueue &q) noexcept
{
	return {counter_get(q.packets) - q.base.packets, counter_get(q.bytes) - q.base.bytes,
		counter_get(q.errors) - q.base.errors};
}

// Per queue index: the released queues' counts and the live queue's.
void queue_totals(rte_eth_dev *dev, QueueTotals (&rx)[kMaxQueues],
		  QueueTotals (&tx)[kMaxQueues]) noexcept
{
	const Port &p = port_of(dev);
	const rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < kMaxQueues; i++) {
		rx[i] = p.rxq_gone[i];
		tx[i] = p.txq_gone[i];
		if (i < d.nb_rx_queues && d.rx_queues[i] != nullptr) {
			const QueueTotals t =
				since_reset(*static_cast<const RxQueue *>(d.rx_queues[i]));
			rx[i].packets += t.packets;
			rx[i].bytes += t.bytes;
			rx[i].errors += t.errors;
		}
		if (i < d.nb_tx_queues && d.tx_queues[i] != nullptr) {
			const QueueTotals t =
				since_reset(*static_cast<const TxQueue *>(d.tx_queues[i]));
			tx[i].packets += t.packets;
			tx[i].bytes += t.bytes;
			tx[i].errors += t.errors;
		}
	}
}

uint64_t software_counter(rte_eth_dev *dev, Sw which) noexcept
{
	const Port &p = port_of(dev);
	const rte_eth_dev_data &d = *dev->data;
	uint64_t n = 0;
	switch (which) {
	case Sw::rx_bad_fds: {
		QueueTotals rx[kMaxQueues], tx[kMaxQueues];
		queue_totals(dev, rx, tx);
		for (const QueueTotals &t : rx)
			n += t.errors;
		return n;
	}
	case Sw::tx_confirmed:
		n = p.tx_confirmed_gone;
		for (uint16_t i = 0; i < d.nb_tx_queues; i++)
			if (const auto *q = static_cast<const TxQueue *>(d.tx_queues[i]))
				n += counter_get(q->confirmed) - q->confirmed_base;
		return n;
	case Sw::tx_bad_conf:
		n = p.tx_bad_conf_gone;
		for (uint16_t i = 0; i < d.nb_tx_queues; i++)
			if (const auto *q = static_cast<const TxQueue *>(d.tx_queues[i]))
				n += counter_get(q->bad_conf) - q->bad_conf_base;
		return n;
	}
	return 0;
}

uint64_t xstat_value(rte_eth_dev *dev, const Pages &pg, unsigned id) noexcept
{
	const XstatDef &x = kXstats[id];
	if (x.page >= 0)
		return pg.c[x.page][x.counter];
	return software_counter(dev, Sw{x.counter});
}

// The ethdev callbacks' logic, shared with net_dpaa (lib/bus_common).
constexpr dpaa::bus_common::XstatsTable kXstatsTable(kXstats, "net_dpaa2", &logtype, read_pages,
						     xstat_value);

} // namespace

void rx_queue_counts_keep(Port &p, const RxQueue &q) noexcept
{
	if (q.queue_id >= kMaxQueues)
		return;
	const QueueTotals t = since_reset(q);
	QueueTotals &g = p.rxq_gone[q.queue_id];
	g.packets += t.packets;
	g.bytes += t.bytes;
	g.errors += t.errors;
}

void tx_queue_counts_keep(Port &p, const TxQueue &q) noexcept
{
	p.tx_confirmed_gone += counter_get(q.confirmed) - q.confirmed_base;
	p.tx_bad_conf_gone += counter_get(q.bad_conf) - q.bad_conf_base;
	if (q.queue_id >= kMaxQueues)
		return;
	const QueueTotals t = since_reset(q);
	QueueTotals &g = p.txq_gone[q.queue_id];
	g.packets += t.packets;
	g.bytes += t.bytes;
	g.errors += t.errors;
}

int stats_get(rte_eth_dev *dev, rte_eth_stats *stats) noexcept
{
	Port &p = port_of(dev);
	uint64_t drops[7];
	if (int ret = dpni::get_statistics(mc_io(), p.dpni, kPageDrops, drops); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_get_statistics page %u: %s", dev->data->name,
			      kPageDrops, strerror(-ret));
		return ret;
	}
	QueueTotals rx[kMaxQueues], tx[kMaxQueues];
	queue_totals(dev, rx, tx);
	uint64_t rx_bad = 0, tx_dropped = 0;
	for (uint16_t i = 0; i < kMaxQueues; i++) {
		stats->ipackets += rx[i].packets;
		stats->ibytes += rx[i].bytes;
		rx_bad += rx[i].errors;
		stats->opackets += tx[i].packets;
		stats->obytes += tx[i].bytes;
		tx_dropped += tx[i].errors;
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			stats->q_ipackets[i] = rx[i].packets;
			stats->q_ibytes[i] = rx[i].bytes;
			stats->q_errors[i] = rx[i].errors;
			stats->q_opackets[i] = tx[i].packets;
			stats->q_obytes[i] = tx[i].bytes;
		}
	}
	stats->imissed = drops[kIngressNoBuffer];
	stats->ierrors = drops[kIngressDiscarded] + rx_bad;
	stats->oerrors = drops[kEgressDiscarded] + tx_dropped;
	return 0;
}

int stats_reset(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (int ret = dpni::reset_statistics(mc_io(), p.dpni); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_reset_statistics: %s", dev->data->name,
			      strerror(-ret));
		return ret;
	}
	memset(p.rxq_gone, 0, sizeof(p.rxq_gone));
	memset(p.txq_gone, 0, sizeof(p.txq_gone));
	p.tx_confirmed_gone = p.tx_bad_conf_gone = 0;
	// The bursts' counters are theirs to write: a reset takes them as the
	// base the next reads count from.
	const rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++)
		if (auto *q = static_cast<RxQueue *>(d.rx_queues[i]))
			q->base = {counter_get(q->packets), counter_get(q->bytes),
				   counter_get(q->bad_fds)};
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		if (auto *q = static_cast<TxQueue *>(d.tx_queues[i])) {
			q->base = {counter_get(q->packets), counter_get(q->bytes),
				   counter_get(q->errors)};
			q->confirmed_base = counter_get(q->confirmed);
			q->bad_conf_base = counter_get(q->bad_conf);
		}
	return 0;
}

void set_xstats_ops(eth_dev_ops &o) noexcept
{
	dpaa::bus_common::set_xstats_ops<kXstatsTable>(o);
}

} // namespace dpaa2::net
