/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Basic statistics. Frames and bytes are the queues' own counts (what the
// bursts handed to the application and enqueued: exact, without FCS, as
// DPDK counts them); the drops are the DPNI's (dpni_get_statistics page 2:
// frames discarded for errors, frames it had no buffer for, frames it could
// not send) plus the bursts' own (malformed FDs, frames with no buffer to be
// copied to). The DPNI's page 0 and 1 counters count every frame at its
// entry, dropped ones too, and run while the counters are read: extended
// statistics give them as they are.

#include <cerrno>
#include <cstring>

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

QueueCounts software_counts(rte_eth_dev *dev) noexcept
{
	const Port &p = port_of(dev);
	QueueCounts c = p.gone;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++) {
		if (const auto *q = static_cast<const RxQueue *>(dev->data->rx_queues[i])) {
			c.rx_packets += counter_get(q->packets);
			c.rx_bytes += counter_get(q->bytes);
			c.rx_bad_fds += counter_get(q->bad_fds);
		}
	}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		if (const auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[i])) {
			c.tx_packets += counter_get(q->packets);
			c.tx_bytes += counter_get(q->bytes);
			c.tx_errors += counter_get(q->errors);
		}
	}
	return c;
}

} // namespace

int stats_get(rte_eth_dev *dev, rte_eth_stats *stats) noexcept
{
	Port &p = port_of(dev);
	uint64_t drops[7];
	if (int ret = dpni::get_statistics(mc_io(), p.dpni, kPageDrops, drops); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_get_statistics page %u: %s", dev->data->name,
			      kPageDrops, strerror(-ret));
		return ret;
	}
	const QueueCounts c = software_counts(dev);
	const QueueCounts &b = p.base;
	stats->ipackets = c.rx_packets - b.rx_packets;
	stats->ibytes = c.rx_bytes - b.rx_bytes;
	stats->imissed = drops[kIngressNoBuffer];
	stats->ierrors = drops[kIngressDiscarded] + c.rx_bad_fds - b.rx_bad_fds;
	stats->opackets = c.tx_packets - b.tx_packets;
	stats->obytes = c.tx_bytes - b.tx_bytes;
	stats->oerrors = drops[kEgressDiscarded] + c.tx_errors - b.tx_errors;
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
	p.base = software_counts(dev);
	return 0;
}

} // namespace dpaa2::net
