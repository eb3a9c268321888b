/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// IEEE 1588 and Rx timestamps: the FMan's 1588 timer (dpaa_hw/fman_timer.hpp)
// read, set and adjusted; the timestamp the FMan writes into every Rx
// buffer's internal context (kTimestampOffset) put in the mbuf's dynamic
// timestamp field (RTE_ETH_RX_OFFLOAD_TIMESTAMP) and, with timesync on,
// kept as the port's last PTP Rx timestamp; Tx timestamps through the Tx
// confirmation path, as the hardware does it: a frame the application
// marks RTE_MBUF_F_TX_IEEE1588_TMST goes out with FD command FCO to the
// port's confirmation FQ and UPD, so the FMan writes the time it left into
// the buffer's prepended data and hands the FD back instead of releasing
// the buffer; timesync_read_tx_timestamp dequeues it, reads that time and
// frees the buffer.
//
// The timer runs as the kernel set it up (Linux's ptp_qoriq on a board): the
// driver reads and moves the counter, it does not reprogram the clock.
// Timestamps are the counter's value: nanoseconds.

#include <cstring>

#include <rte_ether.h>
#include <rte_mbuf_dyn.h>
#include <rte_time.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_rx_parse.hpp"

namespace dpaa::net
{

namespace
{

namespace ft = hw::fman_timer;
namespace qm = hw::qm;

constexpr uint16_t kPtpEtherType = 0x88f7;
constexpr uint16_t kPtpEventPort = 319;
constexpr uint16_t kPtpGeneralPort = 320;
// Management commands a confirmation dequeue may take before giving up.
constexpr unsigned kConfPolls = 1000;

uint64_t load_be64(const char *p) noexcept
{
	uint64_t v;
	memcpy(&v, p, sizeof(v));
	return rte_be_to_cpu_64(v);
}

uint16_t load_be16(const uint8_t *p) noexcept
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

// A PTP message: Ethernet type 0x88F7 (after any VLAN tags), or UDP to the
// PTP event or general port; the parse result says where the headers are.
bool is_ptp(const rte_mbuf *m, const char *buf) noexcept
{
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	const auto *f = rte_pktmbuf_mtod(m, const uint8_t *);
	const uint32_t len = m->data_len;
	if (pr.etype_off != hw::fman::kNoOffset && pr.etype_off + 2u <= len &&
	    load_be16(f + pr.etype_off) == kPtpEtherType)
		return true;
	if ((pr.l4r & hw::fman::l4r::kTypeMask) == hw::fman::l4r::kUdp &&
	    pr.l4_off != hw::fman::kNoOffset && pr.l4_off + 4u <= len) {
		const uint16_t dport = load_be16(f + pr.l4_off + 2);
		return dport == kPtpEventPort || dport == kPtpGeneralPort;
	}
	return false;
}

uint64_t timer_read(hw::RegisterWindow &t) noexcept
{
	// TMR_CNT_L first: reading it latches TMR_CNT_H.
	const uint32_t lo = t.read32(ft::kTmrCntL);
	const uint32_t hi = t.read32(ft::kTmrCntH);
	return (uint64_t{hi} << 32) | lo;
}

void timer_write(hw::RegisterWindow &t, uint64_t ns) noexcept
{
	// TMR_CNT_L, then TMR_CNT_H, which loads both.
	t.write32(ft::kTmrCntL, static_cast<uint32_t>(ns));
	t.write32(ft::kTmrCntH, static_cast<uint32_t>(ns >> 32));
}

int timer_check(const Port &p) noexcept
{
	if (p.timer == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: the FMan's 1588 timer is not mapped on this platform",
			     p.bus_dev->name);
		return -ENOTSUP;
	}
	if (!(p.timer->read32(ft::kTmrCtrl) & ft::ctrl::kTe)) {
		DPAA_PMD_LOG(ERR,
			     "%s: the FMan's 1588 timer is not running (TMR_CTRL TE clear): the "
			     "kernel's ptp_qoriq driver starts it",
			     p.bus_dev->name);
		return -ENOTSUP;
	}
	return 0;
}

// The confirmation FQ: parked on pool channel 1, never scheduled, dequeued
// by volatile dequeues of the thread that reads the Tx timestamp.
int txconf_setup(Port &p) noexcept
{
	if (p.txconf_fqid != 0)
		return 0;
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: no QMan portal for this thread", p.bus_dev->name);
		return -ENODEV;
	}
	const int64_t fqid = bus::fqid_alloc();
	if (fqid < 0) {
		DPAA_PMD_LOG(ERR, "%s: no FQID for Tx confirmations: %s", p.bus_dev->name,
			     strerror(static_cast<int>(-fqid)));
		return static_cast<int>(fqid);
	}
	qbman::FqInit init{};
	init.dest = hw::Channel{bus::soc()->pool_channel1};
	init.wq = 7;
	init.schedule = false;
	const int ret = portal->init_fq(hw::Fqid{static_cast<uint32_t>(fqid)}, init);
	if (ret < 0) {
		DPAA_PMD_LOG(ERR, "%s: Tx confirmation FQ 0x%x init failed: %s", p.bus_dev->name,
			     static_cast<uint32_t>(fqid), strerror(-ret));
		bus::fqid_free(static_cast<uint32_t>(fqid));
		return ret;
	}
	p.txconf_fqid = static_cast<uint32_t>(fqid);
	return 0;
}

// Every confirmation waiting: its Tx timestamp kept (the latest wins), its
// buffers freed. Entries of other FQs met in this thread's ring (push-mode
// Rx queues bound to it) are parked for their queues.
void take_confirmations(Port &p) noexcept
{
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr || p.txconf_fqid == 0)
		return;
	auto entry = [&](const qm::DqrrEntry &e) {
		if (!e.has_frame())
			return;
		if (e.fqid() != p.txconf_fqid) {
			if (!park_foreign_entry(e, *portal))
				free_fd_buffers(e.fd);
			return;
		}
		const char *buf = static_cast<const char *>(bus::bus_to_va(e.fd.addr()));
		p.tx_ptp.post(load_be64(buf + kTimestampOffset));
		free_fd_buffers(e.fd);
	};
	// A volatile dequeue of a pull-mode Rx queue may still run here.
	for (unsigned i = 0; portal->vdqcr_busy() && i < kConfPolls; i++)
		if (portal->poll_dqrr(qbman::QmanPortal::kDqrrMaxFill, entry) == 0)
			rte_pause();
	if (fq_frame_count(p.txconf_fqid) == 0)
		return;
	if (portal->volatile_dequeue(hw::Fqid{p.txconf_fqid}, 0, false) < 0)
		return;
	for (unsigned i = 0; portal->vdqcr_busy() && i < kConfPolls; i++)
		if (portal->poll_dqrr(qbman::QmanPortal::kDqrrMaxFill, entry) == 0)
			fq_frame_count(p.txconf_fqid); // lets a stepped model advance
}

} // namespace

void rx_stamp(RxQueue &q, rte_mbuf *m, const char *buf) noexcept
{
	const uint64_t ts = load_be64(buf + kTimestampOffset);
	if (q.ts_field >= 0) {
		*RTE_MBUF_DYNFIELD(m, q.ts_field, rte_mbuf_timestamp_t *) = ts;
		m->ol_flags |= q.ts_flag;
	}
	Port &p = *q.port;
	if (p.timesync && is_ptp(m, buf)) {
		m->ol_flags |= RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST;
		m->timesync = 0; // one set of timestamp registers: index 0
		p.rx_ptp.post(ts);
	}
}

int timestamp_configure(rte_eth_dev *dev) noexcept
{
	if (!(dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_TIMESTAMP))
		return 0;
	int field;
	uint64_t flag;
	const int ret = rte_mbuf_dyn_rx_timestamp_register(&field, &flag);
	if (ret < 0) {
		DPAA_PMD_LOG(ERR, "%s: cannot register the mbuf timestamp field: %s",
			     dev->data->name, rte_strerror(rte_errno));
		return -rte_errno;
	}
	return 0;
}

void select_bursts(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	rte_eth_dev_data &d = *dev->data;
	const bool rx_ts = d.dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	int field = -1;
	uint64_t flag = 0;
	if (rx_ts && rte_mbuf_dyn_rx_timestamp_register(&field, &flag) < 0)
		field = -1;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++)
		if (auto *q = static_cast<RxQueue *>(d.rx_queues[i])) {
			q->ts_field = field;
			q->ts_flag = flag;
			q->stamp = rx_ts || p.timesync;
		}
	dev->rx_pkt_burst = rx_burst_for(p.devargs.rx_mode, rx_ts || p.timesync);
	dev->tx_pkt_burst = tx_burst_for(d.dev_conf.txmode.offloads, p.timesync);
	// A started port's bursts are called through the fast-path table
	// (filled at rte_eth_dev_start): switch them there too, as other PMDs
	// do when timesync changes them. A pointer store: a burst that runs
	// meanwhile finishes with the old function.
	if (d.dev_started) {
		rte_eth_fp_ops[d.port_id].rx_pkt_burst = dev->rx_pkt_burst;
		rte_eth_fp_ops[d.port_id].tx_pkt_burst = dev->tx_pkt_burst;
	}
}

int timesync_enable(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (int ret = timer_check(p); ret < 0)
		return ret;
	if (int ret = txconf_setup(p); ret < 0)
		return ret;
	p.rx_ptp.clear();
	p.tx_ptp.clear();
	p.timesync = true;
	select_bursts(dev);
	return 0;
}

int timesync_disable(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (!p.timesync)
		return 0;
	p.timesync = false;
	select_bursts(dev);
	take_confirmations(p);
	return 0;
}

int timesync_read_rx_timestamp(rte_eth_dev *dev, timespec *ts, uint32_t) noexcept
{
	Port &p = port_of(dev);
	if (!p.timesync || !p.rx_ptp.take(*ts))
		return -EINVAL; // off, or no PTP frame since the last read
	return 0;
}

int timesync_read_tx_timestamp(rte_eth_dev *dev, timespec *ts) noexcept
{
	Port &p = port_of(dev);
	if (!p.timesync)
		return -EINVAL;
	take_confirmations(p);
	// Not confirmed yet: the caller retries.
	return p.tx_ptp.take(*ts) ? 0 : -EAGAIN;
}

int timesync_adjust_time(rte_eth_dev *dev, int64_t delta) noexcept
{
	Port &p = port_of(dev);
	if (int ret = timer_check(p); ret < 0)
		return ret;
	timer_write(*p.timer, timer_read(*p.timer) + static_cast<uint64_t>(delta));
	return 0;
}

int timesync_read_time(rte_eth_dev *dev, timespec *ts) noexcept
{
	Port &p = port_of(dev);
	if (int ret = timer_check(p); ret < 0)
		return ret;
	*ts = rte_ns_to_timespec(timer_read(*p.timer));
	return 0;
}

int timesync_write_time(rte_eth_dev *dev, const timespec *ts) noexcept
{
	Port &p = port_of(dev);
	if (int ret = timer_check(p); ret < 0)
		return ret;
	timer_write(*p.timer, rte_timespec_to_ns(ts));
	return 0;
}

int read_clock(rte_eth_dev *dev, uint64_t *clock) noexcept
{
	Port &p = port_of(dev);
	if (int ret = timer_check(p); ret < 0)
		return ret;
	*clock = timer_read(*p.timer);
	return 0;
}

void timesync_stop(Port &p) noexcept
{
	if (p.txconf_fqid == 0)
		return;
	if (qbman::QmanPortal *portal = bus::qman_portal())
		fq_drain(*portal, p.txconf_fqid);
	p.tx_ptp.clear();
	p.rx_ptp.clear();
}

void timesync_close(Port &p) noexcept
{
	timesync_stop(p);
	p.timesync = false;
	if (p.txconf_fqid != 0) {
		bus::fqid_free(p.txconf_fqid);
		p.txconf_fqid = 0;
	}
}

} // namespace dpaa::net
