/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The IEEE 1588 clock: the SoC's 1588 timer, read and set through its
// DPRTC, the MC object the bus finds in the container (assigned to it as
// restool assigns any object; the kernel's dpaa2-ptp drives the same
// timer). WRIOP stamps every Rx frame with that timer (dpaa2_rx.cpp), so
// the Rx timestamps and rte_eth_timesync_read_time() share one time base,
// in ns. One timer per SoC: every port reads and sets the same clock, as
// upstream's.

#include <cerrno>
#include <cstring>

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

} // namespace dpaa2::net

RTE_INIT(dpaa2_net_timesync_init)
{
	rte_fslmc_object_cb_register(dpaa2::fslmc::ObjKind::dprtc, dpaa2::net::on_dprtc);
}
