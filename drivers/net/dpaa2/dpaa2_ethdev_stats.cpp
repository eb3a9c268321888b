/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Basic statistics: the DPNI's counters (dpni_get_statistics pages 0-2) with
// the drivers' own drops. The DPNI counts every frame that reaches it on
// page 0; those it filtered (not for this port), discarded (errors) or had
// no buffer for are on page 2, and do not count as received here.
// Extended and per-queue statistics belong in files of their own.

#include <cerrno>
#include <cstring>

#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace
{

// dpni_get_statistics pages and counters (fsl_dpni.h, union dpni_statistics).
enum : uint8_t { kPageIngress = 0, kPageEgress = 1, kPageDrops = 2 };
enum : uint8_t { kAllFrames = 0, kAllBytes = 1 };
enum : uint8_t {
	kIngressFiltered = 0,
	kIngressDiscarded = 1,
	kIngressNoBuffer = 2,
	kEgressDiscarded = 3,
};

struct SoftwareDrops {
	uint64_t rx_bad_fds;
	uint64_t tx_errors;
};

SoftwareDrops software_drops(rte_eth_dev *dev) noexcept
{
	const Port &p = port_of(dev);
	SoftwareDrops d{counter_get(p.rx_gone_bad_fds), counter_get(p.tx_gone_errors)};
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		if (const auto *q = static_cast<const RxQueue *>(dev->data->rx_queues[i]))
			d.rx_bad_fds += counter_get(q->bad_fds);
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		if (const auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[i]))
			d.tx_errors += counter_get(q->errors);
	return d;
}

} // namespace

int stats_get(rte_eth_dev *dev, rte_eth_stats *stats) noexcept
{
	Port &p = port_of(dev);
	uint64_t c[3][7];
	for (uint8_t page = 0; page < 3; page++) {
		if (int ret = dpni::get_statistics(mc_io(), p.dpni, page, c[page]); ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: dpni_get_statistics page %u: %s", dev->data->name,
				      page, strerror(-ret));
			return ret;
		}
	}
	const uint64_t in = c[kPageIngress][kAllFrames];
	const uint64_t not_received = c[kPageDrops][kIngressFiltered] +
				      c[kPageDrops][kIngressDiscarded] +
				      c[kPageDrops][kIngressNoBuffer];
	const SoftwareDrops sw = software_drops(dev);
	stats->ipackets = in > not_received ? in - not_received : 0;
	stats->ibytes = c[kPageIngress][kAllBytes];
	stats->imissed = c[kPageDrops][kIngressNoBuffer];
	stats->ierrors = c[kPageDrops][kIngressDiscarded] + sw.rx_bad_fds - p.sw_base_rx_bad_fds;
	stats->opackets = c[kPageEgress][kAllFrames];
	stats->obytes = c[kPageEgress][kAllBytes];
	stats->oerrors = c[kPageDrops][kEgressDiscarded] + sw.tx_errors - p.sw_base_tx_errors;
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
	const SoftwareDrops sw = software_drops(dev);
	p.sw_base_rx_bad_fds = sw.rx_bad_fds;
	p.sw_base_tx_errors = sw.tx_errors;
	return 0;
}

} // namespace dpaa2::net
