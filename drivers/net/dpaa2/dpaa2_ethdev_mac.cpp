/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The DPNI's MAC-level settings: promiscuous and all-multicast modes (its
// unicast and multicast promiscuity) and the largest frame it takes (MTU).
// Address and VLAN filters belong in a file of their own.

#include <cerrno>
#include <cstring>

#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace
{

int promisc(rte_eth_dev *dev, bool unicast, bool multicast) noexcept
{
	Port &p = port_of(dev);
	McIo &io = mc_io();
	int ret = dpni::set_unicast_promisc(io, p.dpni, unicast);
	if (ret == 0)
		ret = dpni::set_multicast_promisc(io, p.dpni, multicast);
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_unicast/multicast_promisc: %s", dev->data->name,
			      strerror(-ret));
	return ret;
}

} // namespace

// A promiscuous port takes every frame, multicast ones included; leaving
// promiscuous mode keeps multicast ones while all-multicast is on.
int promiscuous_enable(rte_eth_dev *dev) noexcept
{
	return promisc(dev, true, true);
}

int promiscuous_disable(rte_eth_dev *dev) noexcept
{
	return promisc(dev, false, dev->data->all_multicast != 0);
}

int allmulticast_enable(rte_eth_dev *dev) noexcept
{
	return promisc(dev, dev->data->promiscuous != 0, true);
}

int allmulticast_disable(rte_eth_dev *dev) noexcept
{
	return promisc(dev, dev->data->promiscuous != 0, dev->data->promiscuous != 0);
}

int max_frame_length_set(Port &p, uint32_t mtu) noexcept
{
	const uint32_t len = mtu + kFrameOverhead;
	if (int ret = dpni::set_max_frame_length(mc_io(), p.dpni, static_cast<uint16_t>(len));
	    ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_max_frame_length %u: %s", p.bus_dev->name, len,
			      strerror(-ret));
		return ret;
	}
	return 0;
}

int rx_buffers_check(rte_eth_dev *dev, uint32_t mtu) noexcept
{
	const Port &p = port_of(dev);
	// A frame too long for one Rx buffer is spread over several by
	// WRIOP: a port without scattered Rx refuses such an MTU.
	if (p.rx_pool != nullptr &&
	    !(dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER) &&
	    mtu + kFrameOverhead >
		    uint32_t{rte_pktmbuf_data_room_size(p.rx_pool)} - RTE_PKTMBUF_HEADROOM) {
		DPAA2_PMD_LOG(ERR,
			      "%s: MTU %u needs %u-byte buffers (pool %s has %u): enable "
			      "scattered Rx (RTE_ETH_RX_OFFLOAD_SCATTER) or use larger mbufs",
			      dev->data->name, mtu, mtu + kFrameOverhead, p.rx_pool->name,
			      rte_pktmbuf_data_room_size(p.rx_pool) - RTE_PKTMBUF_HEADROOM);
		return -EINVAL;
	}
	return 0;
}

int mtu_set(rte_eth_dev *dev, uint16_t mtu) noexcept
{
	if (int ret = rx_buffers_check(dev, mtu); ret < 0)
		return ret;
	return max_frame_length_set(port_of(dev), mtu);
}

} // namespace dpaa2::net
