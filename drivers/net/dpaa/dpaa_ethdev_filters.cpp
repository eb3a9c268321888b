/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Offload capabilities, and the MAC settings an application changes at run
// time: promiscuous and all-multicast modes, unicast address filters, MTU,
// pause frames, RSS hash fields.

#include <cerrno>
#include <cstring>

#include <rte_malloc.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_hw/fman_ccsr.hpp"

namespace dpaa::net
{

namespace kn = hw::fman::kg::kn;

// Exactly what the data path implements. No VLAN offload: DPAA keeps tags in
// the frame (see the guide).
uint64_t rx_offload_capa() noexcept
{
	return RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM |
	       RTE_ETH_RX_OFFLOAD_TCP_CKSUM | RTE_ETH_RX_OFFLOAD_SCATTER |
	       RTE_ETH_RX_OFFLOAD_RSS_HASH | RTE_ETH_RX_OFFLOAD_TIMESTAMP;
}

uint64_t tx_offload_capa() noexcept
{
	return RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
	       RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
}

uint64_t rss_offload_capa() noexcept
{
	return RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_SCTP;
}

// RSS hash types -> the fields KeyGen extracts into the hash key.
uint32_t rss_fields(uint64_t rss_hf) noexcept
{
	uint32_t f = 0;
	if (rss_hf & (RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_SCTP))
		f |= kn::kIpSrc1 | kn::kIpDst1;
	if (rss_hf & (RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_SCTP))
		f |= kn::kPtype1 | kn::kL4PSrc | kn::kL4PDst;
	return f;
}

namespace
{

uint64_t rss_hf_of_fields(uint32_t f, uint64_t configured) noexcept
{
	if (!(f & (kn::kIpSrc1 | kn::kIpDst1)))
		return 0;
	// KeyGen hashes what it finds: the configured types it covers.
	return configured & rss_offload_capa();
}

} // namespace

int promiscuous_enable(rte_eth_dev *dev) noexcept
{
	port_of(dev).hw->mac.set_promiscuous(true);
	return 0;
}

int promiscuous_disable(rte_eth_dev *dev) noexcept
{
	port_of(dev).hw->mac.set_promiscuous(false);
	return 0;
}

int allmulticast_enable(rte_eth_dev *dev) noexcept
{
	port_of(dev).hw->mac.set_all_multicast(true);
	return 0;
}

int allmulticast_disable(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	p.hw->mac.set_all_multicast(false);
	p.hw->mac.set_multicast_list(p.mc_list, p.nb_mc);
	return 0;
}

// The group addresses the port accepts besides all-multicast mode: the
// mEMAC's 64-bucket hash, so other groups of the same buckets pass too.
int set_mc_addr_list(rte_eth_dev *dev, rte_ether_addr *list, uint32_t n) noexcept
{
	Port &p = port_of(dev);
	for (uint32_t i = 0; i < n; i++)
		if (!rte_is_multicast_ether_addr(&list[i]))
			return -EINVAL;
	uint8_t(*copy)[RTE_ETHER_ADDR_LEN] = nullptr;
	if (n) {
		copy = static_cast<uint8_t(*)[RTE_ETHER_ADDR_LEN]>(
			rte_malloc("dpaa_mc", n * RTE_ETHER_ADDR_LEN, 0));
		if (copy == nullptr)
			return -ENOMEM;
		for (uint32_t i = 0; i < n; i++)
			memcpy(copy[i], list[i].addr_bytes, RTE_ETHER_ADDR_LEN);
	}
	rte_free(p.mc_list);
	p.mc_list = copy;
	p.nb_mc = n;
	if (!dev->data->all_multicast)
		p.hw->mac.set_multicast_list(p.mc_list, p.nb_mc);
	return 0;
}

// Index 0 is the primary address (MAC_ADDR_0); 1..7 the mEMAC's extra
// exact-match slots.
int mac_addr_add(rte_eth_dev *dev, rte_ether_addr *addr, uint32_t index, uint32_t pool) noexcept
{
	if (pool != 0) {
		DPAA_PMD_LOG(ERR, "%s: VMDq pools are not supported", dev->data->name);
		return -ENOTSUP;
	}
	if (index == 0 || index > fman::Mac::kExtraAddrSlots)
		return -EINVAL;
	if (!rte_is_unicast_ether_addr(addr)) {
		DPAA_PMD_LOG(ERR, "%s: the exact-match filters take unicast addresses",
			     dev->data->name);
		return -EINVAL;
	}
	port_of(dev).hw->mac.set_extra_addr(index - 1, addr->addr_bytes);
	return 0;
}

void mac_addr_remove(rte_eth_dev *dev, uint32_t index) noexcept
{
	if (index == 0 || index > fman::Mac::kExtraAddrSlots)
		return;
	port_of(dev).hw->mac.clear_extra_addr(index - 1);
}

int mac_addr_set(rte_eth_dev *dev, rte_ether_addr *addr) noexcept
{
	if (!rte_is_unicast_ether_addr(addr))
		return -EINVAL;
	port_of(dev).hw->mac.set_primary_addr(addr->addr_bytes);
	return 0;
}

int mtu_set(rte_eth_dev *dev, uint16_t mtu) noexcept
{
	Port &p = port_of(dev);
	const uint32_t frame = mtu + kFrameOverhead;
	if (frame > kMaxRxPktLen)
		return -EINVAL;
	// A frame that does not fit one buffer needs scattered Rx.
	if (p.rx_pool && !(dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER)) {
		const uint32_t room = rte_pktmbuf_data_room_size(p.rx_pool) - RTE_PKTMBUF_HEADROOM;
		if (frame > room) {
			DPAA_PMD_LOG(ERR,
				     "%s: MTU %u needs %u-byte Rx buffers, the pool's hold %u: "
				     "enable RTE_ETH_RX_OFFLOAD_SCATTER",
				     dev->data->name, mtu, frame, room);
			return -EINVAL;
		}
	}
	p.hw->mac.set_max_frame(frame);
	return 0;
}

int flow_ctrl_get(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept
{
	const fman::PauseConfig pc = port_of(dev).hw->mac.pause();
	*fc = rte_eth_fc_conf{};
	fc->mode = pc.rx && pc.tx ? RTE_ETH_FC_FULL
		   : pc.rx	  ? RTE_ETH_FC_RX_PAUSE
		   : pc.tx	  ? RTE_ETH_FC_TX_PAUSE
				  : RTE_ETH_FC_NONE;
	fc->pause_time = pc.quanta;
	fc->autoneg = 0;
	return 0;
}

int flow_ctrl_set(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept
{
	if (fc->autoneg) {
		DPAA_PMD_LOG(ERR, "%s: pause autonegotiation is not supported", dev->data->name);
		return -ENOTSUP;
	}
	if (fc->mac_ctrl_frame_fwd) {
		DPAA_PMD_LOG(ERR, "%s: forwarding MAC control frames is not supported",
			     dev->data->name);
		return -ENOTSUP;
	}
	fman::PauseConfig pc{};
	pc.rx = fc->mode == RTE_ETH_FC_FULL || fc->mode == RTE_ETH_FC_RX_PAUSE;
	pc.tx = fc->mode == RTE_ETH_FC_FULL || fc->mode == RTE_ETH_FC_TX_PAUSE;
	// 0xffff quanta (the longest pause) when the application leaves it 0.
	pc.quanta = fc->pause_time ? fc->pause_time : 0xffff;
	port_of(dev).hw->mac.set_pause(pc);
	return 0;
}

int rss_hash_update(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept
{
	Port &p = port_of(dev);
	if (conf->rss_key != nullptr && conf->rss_key_len != 0) {
		DPAA_PMD_LOG(ERR, "%s: KeyGen's hash takes no key", dev->data->name);
		return -ENOTSUP;
	}
	if (conf->rss_hf & ~rss_offload_capa()) {
		DPAA_PMD_LOG(ERR, "%s: RSS hash types 0x%" PRIx64 " are not supported",
			     dev->data->name, conf->rss_hf & ~rss_offload_capa());
		return -EINVAL;
	}
	p.rss_hf = conf->rss_hf;
	dev->data->dev_conf.rx_adv_conf.rss_conf.rss_hf = conf->rss_hf;
	const uint16_t nb_rx = dev->data->nb_rx_queues;
	int ret = 0;
	if (p.started) {
		ret = p.hw->rx.set_distribution(p.rx_fqid_base, nb_rx, rss_fields(p.rss_hf));
		for (uint16_t i = 0; i < nb_rx; i++)
			if (auto *q = static_cast<RxQueue *>(dev->data->rx_queues[i]))
				q->hash_valid = p.rss_hf != 0 && nb_rx > 1;
	}
	return ret;
}

int rss_hash_conf_get(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept
{
	const Port &p = port_of(dev);
	conf->rss_hf = rss_hf_of_fields(rss_fields(p.rss_hf), p.rss_hf);
	conf->rss_key_len = 0;
	return 0;
}

} // namespace dpaa::net
