/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The IEEE 1588 clock: the SoC's 1588 timer, read and set through its
// DPRTC, the MC object the bus finds in the container (assigned to it as
// restool assigns any object; the kernel's dpaa2-ptp drives the same
// timer). WRIOP stamps every Rx frame with that timer (dpaa2_rx.cpp), so
// the Rx timestamps and rte_eth_timesync_read_time() share one time base,
// in ns. One timer per SoC: every port reads and sets the same clock, as
// upstream's.
//
// Timesync: with it on, the Rx burst is the timesync variant, which marks
// the frames WRIOP's parser found to be PTP messages (FAS PTP) and keeps
// the last one's timestamp for timesync_read_rx_timestamp. A frame sent
// with RTE_MBUF_F_TX_IEEE1588_TMST is confirmed (never released by WRIOP)
// and asks WRIOP, through its egress action descriptor, to write the time
// it left into its annotation (the kernel's dpaa2_eth_enable_tx_tstamp):
// the confirmation brings it back, and timesync_read_tx_timestamp takes
// the confirmations that have come back.

#include <cerrno>
#include <cstddef>
#include <cstring>

#include <rte_errno.h>
#include <rte_mbuf_dyn.h>
#include <rte_time.h>

#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace
{

namespace hmc = dpaa2::hw::mc;
namespace mc = dpaa2::fslmc::mc;

// Opened by the bus's callback, on the main thread, before any port is
// probed; left open for the process, as upstream's.
mc::McObject dprtc;

void on_dprtc(fslmc::ObjKind, uint32_t id) noexcept
{
	if (dprtc.open)
		return; // one timer per SoC: the first DPRTC serves
	if (int ret = mc::open(mc_io(), mc::ObjType::dprtc, id, dprtc); ret < 0)
		DPAA2_PMD_LOG(WARNING, "dprtc.%u: open: %s: no IEEE 1588 clock", id,
			      strerror(-ret));
}

int no_clock(const rte_eth_dev *dev) noexcept
{
	DPAA2_PMD_LOG(ERR,
		      "%s: no IEEE 1588 clock: the container has no DPRTC (restool dprc "
		      "assign the SoC's dprtc to it)",
		      dev->data->name);
	return -ENOTSUP;
}

int get_time(uint64_t &ns) noexcept
{
	hw::McCommand c = hw::McCommand::make(hmc::kCmdDprtcGetTime, dprtc.token);
	if (int ret = mc_io().send(c); ret < 0)
		return ret;
	ns = c.as<hmc::DprtcTime>().time.load();
	return 0;
}

int set_time(uint64_t ns) noexcept
{
	hw::McCommand c = hw::McCommand::make(hmc::kCmdDprtcSetTime, dprtc.token);
	c.as<hmc::DprtcTime>().time.store(ns);
	return mc_io().send(c);
}

} // namespace

int timesync_read_time(rte_eth_dev *dev, timespec *ts) noexcept
{
	if (!dprtc.open)
		return no_clock(dev);
	uint64_t ns = 0;
	if (int ret = get_time(ns); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dprtc_get_time: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	*ts = rte_ns_to_timespec(ns);
	return 0;
}

int timesync_write_time(rte_eth_dev *dev, const timespec *ts) noexcept
{
	if (!dprtc.open)
		return no_clock(dev);
	if (int ret = set_time(rte_timespec_to_ns(ts)); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dprtc_set_time: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	return 0;
}

// As the kernel's ptp_qoriq adjtime and upstream do: the time read, moved
// and written back (what passes between the two commands is lost, a few
// microseconds of MC latency).
int timesync_adjust_time(rte_eth_dev *dev, int64_t delta) noexcept
{
	if (!dprtc.open)
		return no_clock(dev);
	uint64_t ns = 0;
	int ret = get_time(ns);
	if (ret == 0)
		ret = set_time(ns + static_cast<uint64_t>(delta));
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: adjusting the DPRTC's time: %s", dev->data->name,
			      strerror(-ret));
	return ret;
}

// ------------------------------------------------------------- timesync

void rx_ptp_latch(RxQueue &q, rte_mbuf *const *bufs, uint16_t n) noexcept
{
	// The last PTP frame of the burst: the one the application reads
	// the time of next (testpmd's ieee1588 mode takes one at a time).
	for (uint16_t i = n; i-- > 0;) {
		const rte_mbuf *m = bufs[i];
		if (!(m->ol_flags & RTE_MBUF_F_RX_IEEE1588_TMST))
			continue;
		q.port->rx_ptp.post(
			*RTE_MBUF_DYNFIELD(m, rx_ts_offset, const rte_mbuf_timestamp_t *));
		return;
	}
}

// The Tx annotation at the start of the frame's confirmation slot: FRC
// FASV and FAEADV, CTRL ASAL 128 bytes, and a FAEAD whose action 2 asks
// for the update of the annotation (A2V, UPDV, UPD), without action 4:
// the frame is confirmed on its queue's FQ, as every confirmed frame.
// The timestamp word is cleared: a frame WRIOP did not stamp reads 0.
void tx_stamp_request(hw::Fd &fd, char *slot) noexcept
{
	namespace a = hw::hwa;
	fd.set_frc(a::frc::kFasv | a::frc::kFaeadv);
	fd.set_ctrl(a::ctrl::asal(kConfSgtOffset));
	a::Faead e;
	e.conf_fqid.store(0);
	e.ctrl.store(a::faead::kA2v | a::faead::kUpdv | a::faead::kUpd);
	memcpy(slot + a::kFaeadOffset, &e, sizeof(e));
	memset(slot + offsetof(a::Annotation, timestamp), 0, sizeof(a::Le64));
}

// The time the frame left, in word 2 of the annotation WRIOP updated (the
// kernel's dpaa2_get_ts on its Tx confirmation path, upstream's
// annotation->word2 in dpaa2_dev_tx_conf).
void tx_stamp_collect(TxQueue &q, const char *slot) noexcept
{
	const auto *a = reinterpret_cast<const hw::hwa::Annotation *>(slot);
	q.port->tx_ptp.post(a->timestamp.load());
}

int timesync_enable(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (!dprtc.open)
		return no_clock(dev);
	if (!p.tx_conf) {
		DPAA2_PMD_LOG(ERR,
			      "%s: no IEEE 1588 Tx timestamps without Tx confirmation, which the "
			      "DPNI runs without under RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE: add "
			      "drv_tx_conf=1 to the device's arguments, or configure the port "
			      "without that offload",
			      dev->data->name);
		return -ENOTSUP;
	}
	// The timesync burst keeps each frame's time in the mbuf's dynamic
	// timestamp field: registered here if configure did not.
	if (rte_mbuf_dyn_rx_timestamp_register(&rx_ts_offset, &rx_ts_flag) < 0) {
		DPAA2_PMD_LOG(ERR, "%s: cannot register the mbuf timestamp field: %s",
			      dev->data->name, strerror(rte_errno));
		return -rte_errno;
	}
	p.rx_ptp.clear();
	p.tx_ptp.clear();
	p.timesync = true;
	select_bursts(dev);
	return 0;
}

int timesync_disable(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	p.timesync = false;
	select_bursts(dev);
	p.rx_ptp.clear();
	p.tx_ptp.clear();
	return 0;
}

int timesync_read_rx_timestamp(rte_eth_dev *dev, timespec *ts, uint32_t) noexcept
{
	Port &p = port_of(dev);
	if (!p.timesync || !p.rx_ptp.take(*ts))
		return -EINVAL; // off, or no PTP frame since the last read
	return 0;
}

// The confirmations that have come back are taken on the calling thread's
// portal: call it from the lcore that sends on the port's queues, as
// ieee1588 forwarding does (and as upstream's drains its Tx confirmation
// queue); -EAGAIN while the frame is still on its way.
int timesync_read_tx_timestamp(rte_eth_dev *dev, timespec *ts) noexcept
{
	Port &p = port_of(dev);
	if (!p.timesync)
		return -EINVAL;
	if (!p.tx_ptp.ready()) {
		for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
			if (auto *q = static_cast<TxQueue *>(dev->data->tx_queues[i]);
			    q != nullptr && q->conf_pending != 0)
				tx_conf_drain(*q, false);
	}
	return p.tx_ptp.take(*ts) ? 0 : -EAGAIN;
}

} // namespace dpaa2::net

RTE_INIT(dpaa2_net_timesync_init)
{
	rte_fslmc_object_cb_register(dpaa2::fslmc::ObjKind::dprtc, dpaa2::net::on_dprtc);
}
