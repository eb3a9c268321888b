/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Link state, from the MC (dpni_get_link_state: the DPMAC's link as the
// MC's PHY management sees it), and link-state-change events: the DPNI's
// interrupt (LINK_CHANGED) signalled by the kernel on an eventfd, which
// EAL's interrupt thread watches.

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <rte_cycles.h>
#include <rte_interrupts.h>

#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace
{

// rte_eth_link_get() waits this long for a link still coming up (a PHY
// negotiating after the DPNI was enabled).
constexpr unsigned kLinkWaitMs = 2000;
constexpr unsigned kLinkPollMs = 100;
constexpr uint8_t kIrqIndex = 0; // the DPNI's only interrupt

bool link_is_up(Port &p, dpni::LinkState &ls) noexcept
{
	ls = dpni::LinkState{};
	if (!p.started || p.admin_down)
		return false;
	if (dpni::get_link_state(mc_io(), p.dpni, ls) < 0)
		ls = dpni::LinkState{};
	return ls.up;
}

void lsc_handler(void *arg) noexcept
{
	auto *dev = static_cast<rte_eth_dev *>(arg);
	Port &p = port_of(dev);
	uint64_t events;
	if (read(p.irq_fd, &events, sizeof(events)) < 0 && errno != EAGAIN)
		return;
	uint32_t status = 0;
	McIo &io = mc_io();
	if (dpni::get_irq_status(io, p.dpni, kIrqIndex, status) < 0)
		return;
	if (status != 0)
		dpni::clear_irq_status(io, p.dpni, kIrqIndex, status);
	if (!(status & dpni::kIrqEventLinkChanged))
		return;
	link_update(dev, 0);
	const uint8_t now = dev->data->dev_link.link_status;
	if (now != p.lsc_status) {
		p.lsc_status = now;
		rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_LSC, nullptr);
	}
}

} // namespace

uint32_t speed_capa_of(uint32_t dpmac_speeds) noexcept
{
	// Bit n of the MC's answer is enum dpmac_link_speed n.
	static constexpr uint32_t kEth[] = {
		RTE_ETH_LINK_SPEED_10M,	 RTE_ETH_LINK_SPEED_100M, RTE_ETH_LINK_SPEED_1G,
		RTE_ETH_LINK_SPEED_2_5G, RTE_ETH_LINK_SPEED_5G,	  RTE_ETH_LINK_SPEED_10G,
		RTE_ETH_LINK_SPEED_25G,	 RTE_ETH_LINK_SPEED_40G,  RTE_ETH_LINK_SPEED_50G,
		RTE_ETH_LINK_SPEED_100G,
	};
	uint32_t capa = 0;
	for (unsigned i = 0; i < std::size(kEth); i++)
		if (dpmac_speeds & (1u << i))
			capa |= kEth[i];
	return capa;
}

int link_update(rte_eth_dev *dev, int wait_to_complete) noexcept
{
	Port &p = port_of(dev);
	dpni::LinkState ls;
	bool up = link_is_up(p, ls);
	if (!up && wait_to_complete && p.started && !p.admin_down) {
		for (unsigned waited = 0; waited < kLinkWaitMs && !up; waited += kLinkPollMs) {
			rte_delay_ms(kLinkPollMs);
			up = link_is_up(p, ls);
		}
	}
	rte_eth_link link{};
	link.link_status = up ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN;
	link.link_speed = up ? ls.rate_mbps : RTE_ETH_SPEED_NUM_NONE;
	link.link_duplex = !up || !(ls.options & hw::mc::kDpniLinkOptHalfDuplex)
				   ? RTE_ETH_LINK_FULL_DUPLEX
				   : RTE_ETH_LINK_HALF_DUPLEX;
	link.link_autoneg = (ls.options & hw::mc::kDpniLinkOptAutoneg) ? RTE_ETH_LINK_AUTONEG
								       : RTE_ETH_LINK_FIXED;
	const int unchanged = rte_eth_linkstatus_set(dev, &link);
	if (!unchanged) {
		char text[RTE_ETH_LINK_MAX_STR_LEN];
		rte_eth_link_to_str(text, sizeof(text), &link);
		DPAA2_PMD_LOG(INFO, "%s: port %u %s", dev->data->name, dev->data->port_id, text);
	}
	return unchanged;
}

int dev_set_link_up(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (int ret = fslmc::mc::enable(mc_io(), p.dpni); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_enable: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	p.admin_down = false;
	link_update(dev, 0);
	return 0;
}

int dev_set_link_down(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	// The DPNI stops taking and sending frames, as upstream's does.
	if (int ret = fslmc::mc::disable(mc_io(), p.dpni); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_disable: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	p.admin_down = true;
	link_update(dev, 0);
	return 0;
}

int lsc_start(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (p.irq_fd >= 0)
		return 0;
	const int fd = rte_fslmc_irq_enable(p.bus_dev, kIrqIndex);
	if (fd < 0)
		return fd;
	p.irq_fd = fd;
	// The link was down while the port was stopped: its coming up is the
	// first event.
	p.lsc_status = RTE_ETH_LINK_DOWN;
	int ret = rte_intr_fd_set(p.intr, fd);
	if (ret == 0)
		ret = rte_intr_type_set(p.intr, RTE_INTR_HANDLE_EXT);
	if (ret == 0)
		ret = rte_intr_callback_register(p.intr, lsc_handler, dev);
	McIo &io = mc_io();
	if (ret == 0)
		ret = dpni::set_irq_mask(io, p.dpni, kIrqIndex, dpni::kIrqEventLinkChanged);
	if (ret == 0)
		ret = dpni::set_irq_enable(io, p.dpni, kIrqIndex, true);
	if (ret < 0) {
		lsc_stop(dev);
		return ret;
	}
	return 0;
}

void lsc_stop(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	if (p.irq_fd < 0)
		return;
	dpni::set_irq_enable(mc_io(), p.dpni, kIrqIndex, false);
	rte_intr_callback_unregister_sync(p.intr, lsc_handler, dev);
	rte_fslmc_irq_disable(p.bus_dev, kIrqIndex);
	close(p.irq_fd);
	p.irq_fd = -1;
	rte_intr_fd_set(p.intr, -1);
}

} // namespace dpaa2::net
