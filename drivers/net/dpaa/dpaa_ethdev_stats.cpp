/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Basic and extended statistics. Packets and bytes come from the queues'
// software counters (exactly what the application received and handed over),
// plus what the queues released since the last reset had counted: they
// count from probe or stats_reset, whatever reconfigures came in between;
// drops and errors from the hardware: the mEMAC's RMON counters, the FMan BMI
// port counters and the port's error FQ. The hardware counters run free; a
// reset records a baseline that later reads subtract.

#include <cstddef>
#include <cstring>

#include <rte_eal.h>

#include "bus_common/xstats_table.hpp"
#include "dpaa_ethdev.hpp"
#include "dpaa_fq.hpp"

namespace dpaa::net
{

namespace
{

enum class Src : uint8_t { mac, rx_port, tx_port, port };

struct XstatDesc {
	const char *name;
	Src src;
	size_t off;
};

#define MAC_X(name, field)                                                                         \
	{                                                                                          \
		name, Src::mac, offsetof(MacCounters, field)                                       \
	}
#define RXP_X(name, field)                                                                         \
	{                                                                                          \
		name, Src::rx_port, offsetof(PortCounters, field)                                  \
	}
#define TXP_X(name, field)                                                                         \
	{                                                                                          \
		name, Src::tx_port, offsetof(PortCounters, field)                                  \
	}

const XstatDesc kXstats[] = {
	MAC_X("rx_mac_good_bytes", rx_octets),
	MAC_X("rx_mac_all_bytes", rx_octets_all),
	MAC_X("rx_mac_good_packets", rx_frames_ok),
	MAC_X("rx_unicast_packets", rx_ucast),
	MAC_X("rx_multicast_packets", rx_mcast),
	MAC_X("rx_broadcast_packets", rx_bcast),
	MAC_X("rx_pause_packets", rx_pause),
	MAC_X("rx_mac_control_packets", rx_control),
	MAC_X("rx_crc_errors", rx_fcs_errors),
	MAC_X("rx_alignment_errors", rx_align_errors),
	MAC_X("rx_mac_errors", rx_errors),
	MAC_X("rx_mac_dropped_packets", rx_drops),
	MAC_X("rx_undersize_errors", rx_undersize),
	MAC_X("rx_oversize_errors", rx_oversize),
	MAC_X("rx_fragmented_errors", rx_fragments),
	MAC_X("rx_jabber_errors", rx_jabbers),
	MAC_X("rx_size_64_packets", rx_64),
	MAC_X("rx_size_65_to_127_packets", rx_65_127),
	MAC_X("rx_size_128_to_255_packets", rx_128_255),
	MAC_X("rx_size_256_to_511_packets", rx_256_511),
	MAC_X("rx_size_512_to_1023_packets", rx_512_1023),
	MAC_X("rx_size_1024_to_1518_packets", rx_1024_1518),
	MAC_X("rx_size_1519_to_max_packets", rx_1519_max),
	MAC_X("rx_vlan_packets", rx_vlan),
	MAC_X("tx_mac_good_bytes", tx_octets),
	MAC_X("tx_mac_good_packets", tx_frames_ok),
	MAC_X("tx_unicast_packets", tx_ucast),
	MAC_X("tx_multicast_packets", tx_mcast),
	MAC_X("tx_broadcast_packets", tx_bcast),
	MAC_X("tx_pause_packets", tx_pause),
	MAC_X("tx_mac_control_packets", tx_control),
	MAC_X("tx_mac_errors", tx_errors),
	MAC_X("tx_size_64_packets", tx_64),
	MAC_X("tx_size_65_to_127_packets", tx_65_127),
	MAC_X("tx_size_128_to_255_packets", tx_128_255),
	MAC_X("tx_size_256_to_511_packets", tx_256_511),
	MAC_X("tx_size_512_to_1023_packets", tx_512_1023),
	MAC_X("tx_size_1024_to_1518_packets", tx_1024_1518),
	MAC_X("tx_size_1519_to_max_packets", tx_1519_max),
	MAC_X("tx_vlan_packets", tx_vlan),
	RXP_X("rx_fman_port_frames", frames),
	RXP_X("rx_fman_port_discards", discards),
	RXP_X("rx_fman_port_bad_frames", bad_frames),
	RXP_X("rx_fman_port_large_frames", large_frames),
	RXP_X("rx_fman_port_no_buffer_discards", no_buffer),
	RXP_X("rx_fman_port_dealloc_buffers", dealloc_bufs),
	TXP_X("tx_fman_port_frames", frames),
	TXP_X("tx_fman_port_discards", discards),
	TXP_X("tx_fman_port_bad_frames", bad_frames),
	TXP_X("tx_fman_port_dealloc_buffers", dealloc_bufs),
	{"rx_error_queue_packets", Src::port, 0},
	{"tx_copied_packets", Src::port, 1},
	{"tx_rejected_packets", Src::port, 2},
	{"rx_queue_errors", Src::port, 3},
	{"tx_queue_errors", Src::port, 4},
	{"rx_bad_descriptors", Src::port, 5},
};

#undef MAC_X
#undef RXP_X
#undef TXP_X

struct Snapshot {
	MacCounters mac;
	PortCounters rx;
	PortCounters tx;
};

// The error FQ is drained by the primary only: its count lives in the
// shared Port, which a secondary reads as the primary left it. A secondary
// whose primary has exited reads nothing (-ENODEV).
int read_hw(rte_eth_dev *dev, Snapshot &s) noexcept
{
	if (rte_eal_process_type() == RTE_PROC_PRIMARY)
		drain_error_fq(port_of(dev));
	else if (!bus::hw_present())
		return -ENODEV;
	PortHw &hw = hw_of(dev);
	hw.mac.read_counters(s.mac);
	hw.rx.read_counters(s.rx);
	hw.tx.read_counters(s.tx);
	return 0;
}

uint64_t field(const void *base, size_t off) noexcept
{
	uint64_t v;
	memcpy(&v, static_cast<const char *>(base) + off, sizeof(v));
	return v;
}

uint64_t tx_copied(const rte_eth_dev *dev) noexcept
{
	uint64_t n = port_of(dev).tx_copied_gone;
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		if (auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[i]))
			n += counter_get(q->copied) - q->copied_base;
	return n;
}

uint64_t tx_rejected(const Port &p) noexcept
{
	return __atomic_load_n(&p.tx_rejected, __ATOMIC_RELAXED) - p.tx_rejected_base;
}

// Errors the queues counted in software: Rx frames with error status, and
// frames met in the ring of an lcore the queue no longer polls; Tx frames
// dropped at stop or refused as unsendable.
uint64_t rx_queue_errors(const rte_eth_dev *dev) noexcept
{
	const Port &p = port_of(dev);
	uint64_t n = p.rx_stray_gone;
	for (const QueueStats &g : p.rxq_gone)
		n += g.errors;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		if (auto *q = static_cast<const RxQueue *>(dev->data->rx_queues[i]))
			n += stats_since(q->stats, q->stats_base).errors +
			     __atomic_load_n(&q->stray, __ATOMIC_RELAXED);
	return n;
}

uint64_t tx_queue_errors(const rte_eth_dev *dev) noexcept
{
	uint64_t n = 0;
	for (const QueueStats &g : port_of(dev).txq_gone)
		n += g.errors;
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		if (auto *q = static_cast<const TxQueue *>(dev->data->tx_queues[i]))
			n += stats_since(q->stats, q->stats_base).errors;
	return n;
}

// FDs the Rx slow path dropped as malformed (dpaa_rx_check.cpp); they are
// in rx_queue_errors too.
uint64_t rx_bad_descriptors(const rte_eth_dev *dev) noexcept
{
	uint64_t n = port_of(dev).rx_bad_fds_gone;
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		if (auto *q = static_cast<const RxQueue *>(dev->data->rx_queues[i]))
			n += counter_get(q->bad_fds) - q->bad_fds_base;
	return n;
}

uint64_t port_xstat(const rte_eth_dev *dev, const Port &p, size_t which) noexcept
{
	switch (which) {
	case 0:
		return p.err_frames - p.err_frames_base;
	case 1:
		return tx_copied(dev);
	case 2:
		return tx_rejected(p);
	case 3:
		return rx_queue_errors(dev);
	case 5:
		return rx_bad_descriptors(dev);
	default:
		return tx_queue_errors(dev);
	}
}

uint64_t xstat_value(rte_eth_dev *dev, const Snapshot &s, unsigned id) noexcept
{
	const Port &p = port_of(dev);
	const XstatDesc &x = kXstats[id];
	switch (x.src) {
	case Src::mac:
		return field(&s.mac, x.off) - field(&p.mac_base, x.off);
	case Src::rx_port:
		return field(&s.rx, x.off) - field(&p.rx_port_base, x.off);
	case Src::tx_port:
		return field(&s.tx, x.off) - field(&p.tx_port_base, x.off);
	case Src::port:
		break;
	}
	return port_xstat(dev, p, x.off);
}

// The ethdev callbacks' logic, shared with net_dpaa2 (lib/bus_common).
constexpr dpaa::bus_common::XstatsTable kXstatsTable(kXstats, "net_dpaa", &logtype, read_hw,
						     xstat_value);

} // namespace

int stats_get(rte_eth_dev *dev, rte_eth_stats *st) noexcept
{
	Port &p = port_of(dev);
	Snapshot s;
	if (int ret = read_hw(dev, s); ret < 0)
		return ret;
	const rte_eth_dev_data &d = *dev->data;
	uint64_t rx_errors = p.rx_stray_gone, tx_errors = 0;
	// The queues released since the last reset: in the totals, and in the
	// per-queue counters of an index configured again.
	for (uint16_t i = 0; i < kMaxRxQueues; i++) {
		const QueueStats &g = p.rxq_gone[i];
		st->ipackets += g.packets;
		st->ibytes += g.bytes;
		rx_errors += g.errors;
		if (i < d.nb_rx_queues && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			st->q_ipackets[i] = g.packets;
			st->q_ibytes[i] = g.bytes;
			st->q_errors[i] = g.errors;
		}
	}
	for (uint16_t i = 0; i < kMaxTxQueues; i++) {
		const QueueStats &g = p.txq_gone[i];
		st->opackets += g.packets;
		st->obytes += g.bytes;
		tx_errors += g.errors;
		if (i < d.nb_tx_queues && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			st->q_opackets[i] = g.packets;
			st->q_obytes[i] = g.bytes;
		}
	}
	for (uint16_t i = 0; i < d.nb_rx_queues; i++) {
		const auto *q = static_cast<const RxQueue *>(d.rx_queues[i]);
		if (q == nullptr)
			continue;
		const QueueStats qs = stats_since(q->stats, q->stats_base);
		st->ipackets += qs.packets;
		st->ibytes += qs.bytes;
		rx_errors += qs.errors + __atomic_load_n(&q->stray, __ATOMIC_RELAXED);
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			st->q_ipackets[i] += qs.packets;
			st->q_ibytes[i] += qs.bytes;
			st->q_errors[i] += qs.errors;
		}
	}
	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		const auto *q = static_cast<const TxQueue *>(d.tx_queues[i]);
		if (q == nullptr)
			continue;
		const QueueStats qs = stats_since(q->stats, q->stats_base);
		st->opackets += qs.packets;
		st->obytes += qs.bytes;
		tx_errors += qs.errors;
		if (i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			st->q_opackets[i] += qs.packets;
			st->q_obytes[i] += qs.bytes;
		}
	}
	// Frames the hardware dropped for want of room: QMan tail drop and
	// BMan depletion, both counted by the Rx port as discards.
	const uint64_t no_buffer = s.rx.no_buffer - p.rx_port_base.no_buffer;
	st->imissed = (s.rx.discards - p.rx_port_base.discards) + no_buffer;
	st->rx_nombuf = no_buffer;
	// The MAC's error count (FCS, undersize, oversize), plus what the FMan
	// sent to the error FQ for other reasons (parser, buffer size...).
	st->ierrors = rx_errors + (s.mac.rx_errors - p.mac_base.rx_errors) +
		      (p.err_frames - p.err_frames_base) -
		      (p.err_mac_frames - p.err_mac_frames_base);
	// ... and the frames QMan refused on enqueue (dpaa_ern.cpp).
	st->oerrors = tx_errors + (s.mac.tx_errors - p.mac_base.tx_errors) +
		      (s.tx.discards - p.tx_port_base.discards) + tx_rejected(p);
	return 0;
}

int stats_reset(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	Snapshot s;
	if (int ret = read_hw(dev, s); ret < 0)
		return ret;
	p.mac_base = s.mac;
	p.rx_port_base = s.rx;
	p.tx_port_base = s.tx;
	p.err_frames_base = p.err_frames;
	p.err_mac_frames_base = p.err_mac_frames;
	p.tx_rejected_base = __atomic_load_n(&p.tx_rejected, __ATOMIC_RELAXED);
	memset(p.rxq_gone, 0, sizeof(p.rxq_gone));
	memset(p.txq_gone, 0, sizeof(p.txq_gone));
	p.rx_stray_gone = 0;
	p.rx_bad_fds_gone = 0;
	p.tx_copied_gone = 0;
	const rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++)
		if (auto *q = static_cast<RxQueue *>(d.rx_queues[i])) {
			// The bursts' counters are theirs to write: a reset
			// takes them as the base from which the next reads count.
			q->stats_base = stats_now(q->stats);
			__atomic_store_n(&q->stray, 0, __ATOMIC_RELAXED);
			q->bad_fds_base = counter_get(q->bad_fds);
		}
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		if (auto *q = static_cast<TxQueue *>(d.tx_queues[i])) {
			q->stats_base = stats_now(q->stats);
			q->copied_base = counter_get(q->copied);
		}
	return 0;
}

void set_xstats_ops(eth_dev_ops &o) noexcept
{
	dpaa::bus_common::set_xstats_ops<kXstatsTable>(o);
}

} // namespace dpaa::net
