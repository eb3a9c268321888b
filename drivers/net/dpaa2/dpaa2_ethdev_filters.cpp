/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The DPNI's Rx filters: its unicast address table (the primary address
// and the ones mac_addr_add gives), the multicast list and the VLAN
// filter. WRIOP applies them before a frame takes a buffer: a frame that
// none lets through is dropped there and counted in the DPNI's
// ingress_filtered_frames (dpni_get_statistics page 2), never reaching the
// queues. Promiscuous and all-multicast modes (dpaa2_ethdev_mac.cpp) pass
// every destination; the VLAN filter still applies to them.

#include <cerrno>
#include <cstring>

#include "dpaa2_ethdev.hpp"
#include "dpni_cmd_ctrl.hpp"

namespace dpaa2::net
{

namespace
{

const char *name_of(const rte_eth_dev *dev) noexcept
{
	return dev->data->name;
}

} // namespace

int mac_addr_add(rte_eth_dev *dev, rte_ether_addr *addr, uint32_t index, uint32_t pool) noexcept
{
	(void)index;
	if (pool != 0) {
		DPAA2_PMD_LOG(ERR, "%s: VMDq pools are not supported (pool %u)", name_of(dev),
			      pool);
		return -ENOTSUP;
	}
	const int ret = dpni::add_mac_addr(mc_io(), port_of(dev).dpni, addr->addr_bytes);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_add_mac_addr " RTE_ETHER_ADDR_PRT_FMT ": %s%s",
			      name_of(dev), RTE_ETHER_ADDR_BYTES(addr), strerror(-ret),
			      ret == -ENAVAIL ? " (the DPNI's table is full)" : "");
	return ret;
}

void mac_addr_remove(rte_eth_dev *dev, uint32_t index) noexcept
{
	rte_ether_addr &a = dev->data->mac_addrs[index];
	if (rte_is_zero_ether_addr(&a))
		return;
	if (int ret = dpni::remove_mac_addr(mc_io(), port_of(dev).dpni, a.addr_bytes); ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_remove_mac_addr " RTE_ETHER_ADDR_PRT_FMT ": %s",
			      name_of(dev), RTE_ETHER_ADDR_BYTES(&a), strerror(-ret));
}

int mac_addr_set(rte_eth_dev *dev, rte_ether_addr *addr) noexcept
{
	const int ret = dpni::set_primary_mac(mc_io(), port_of(dev).dpni, addr->addr_bytes);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_primary_mac_addr " RTE_ETHER_ADDR_PRT_FMT ": %s",
			      name_of(dev), RTE_ETHER_ADDR_BYTES(addr), strerror(-ret));
	return ret;
}

int set_mc_addr_list(rte_eth_dev *dev, rte_ether_addr *list, uint32_t n) noexcept
{
	// The list replaces the DPNI's multicast entries; the unicast ones
	// stay.
	Port &p = port_of(dev);
	McIo &io = mc_io();
	for (uint32_t i = 0; i < n; i++) {
		if (!rte_is_multicast_ether_addr(&list[i])) {
			DPAA2_PMD_LOG(ERR, "%s: " RTE_ETHER_ADDR_PRT_FMT " is not multicast",
				      name_of(dev), RTE_ETHER_ADDR_BYTES(&list[i]));
			return -EINVAL;
		}
	}
	int ret = dpni::clear_mac_filters(io, p.dpni, false, true);
	for (uint32_t i = 0; ret == 0 && i < n; i++) {
		ret = dpni::add_mac_addr(io, p.dpni, list[i].addr_bytes);
		if (ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: multicast " RTE_ETHER_ADDR_PRT_FMT ": %s",
				      name_of(dev), RTE_ETHER_ADDR_BYTES(&list[i]), strerror(-ret));
			// All or nothing, as ethdev's caller expects.
			dpni::clear_mac_filters(io, p.dpni, false, true);
		}
	}
	if (ret < 0 && n == 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_clear_mac_filters: %s", name_of(dev), strerror(-ret));
	return ret;
}

int vlan_filter_set(rte_eth_dev *dev, uint16_t vlan_id, int on) noexcept
{
	Port &p = port_of(dev);
	if (p.attr.vlan_filter_entries == 0) {
		DPAA2_PMD_LOG(ERR, "%s: the DPNI has no VLAN filter", name_of(dev));
		return -ENOTSUP;
	}
	const int ret = on ? dpni::add_vlan_id(mc_io(), p.dpni, vlan_id)
			   : dpni::remove_vlan_id(mc_io(), p.dpni, vlan_id);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_%s_vlan_id %u: %s", name_of(dev),
			      on ? "add" : "remove", vlan_id, strerror(-ret));
	return ret;
}

int vlan_filter_configure(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	const bool on = dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
	if (on && p.attr.vlan_filter_entries == 0) {
		DPAA2_PMD_LOG(ERR, "%s: the DPNI has no VLAN filter", name_of(dev));
		return -ENOTSUP;
	}
	const int ret = dpni::enable_vlan_filter(mc_io(), p.dpni, on);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_enable_vlan_filter %d: %s", name_of(dev), on,
			      strerror(-ret));
	return ret;
}

int vlan_offload_set(rte_eth_dev *dev, int mask) noexcept
{
	// ethdev has updated rxmode.offloads and checked them against the
	// capabilities: only the filter can be asked for. DPAA2 keeps VLAN
	// tags in the frame (WRIOP cannot remove them, and a software removal
	// would cost a payload read per frame, the seed's change upstream).
	if (mask & ~RTE_ETH_VLAN_FILTER_MASK) {
		DPAA2_PMD_LOG(ERR,
			      "%s: VLAN offloads (mask 0x%x) are not supported: DPAA2 keeps VLAN "
			      "tags in the frame; the application reads them from the L2 header",
			      name_of(dev), mask & ~RTE_ETH_VLAN_FILTER_MASK);
		return -ENOTSUP;
	}
	return vlan_filter_configure(dev);
}

} // namespace dpaa2::net
