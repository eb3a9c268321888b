/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// RSS: WRIOP's hash distribution of the DPNI's TC 0 over its first N Rx
// queues (dpni_set_rx_hash_dist), on a key composed of header fields (a
// DPKG extract list in DMA memory). The hash has no software key, and
// there is no indirection table in the silicon: a frame goes to queue
// hash % N. The redirection table ethdev shows is therefore that
// distribution written out (entry i is i % N), and an update is taken when
// it is such a table: the N it names becomes the distribution's size
// (what upstream's driver of later releases does too).

#include <cerrno>
#include <cinttypes>
#include <cstring>

#include <rte_malloc.h>

#include "dpaa2_ethdev.hpp"

namespace dpaa2::net
{

namespace hmc = dpaa2::hw::mc;

uint64_t rss_offload_capa() noexcept
{
	// The header fields WRIOP's key extracts, as upstream's LX2160A
	// driver composes them: the Ethernet type (L2 payload), the outer
	// VLAN TCI, IP addresses and protocol, TCP, UDP and SCTP ports.
	// Upstream also offers MPLS labels, the IPsec SPIs and the PPPoE
	// session: not here (see dpaa2.rst).
	return RTE_ETH_RSS_L2_PAYLOAD | RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP |
	       RTE_ETH_RSS_SCTP | RTE_ETH_RSS_C_VLAN | RTE_ETH_RSS_S_VLAN;
}

namespace
{

// The key for the hash types `hf`, as extracts in the DMA area.
void compose_key(hmc::DpkgExtractArea &area, uint64_t hf) noexcept
{
	memset(&area, 0, hmc::kDpkgExtractAreaSize);
	auto add = [&](hmc::NetProt prot, uint32_t fields) {
		hmc::DpkgExtract &e = area.extracts[area.num_extracts++];
		e.extract_type = static_cast<uint8_t>(hmc::DpkgExtractType::from_hdr);
		e.efh_type = static_cast<uint8_t>(hmc::DpkgHdrType::full_field);
		e.prot = static_cast<uint8_t>(prot);
		e.field.store(fields);
	};
	if (hf & RTE_ETH_RSS_L2_PAYLOAD)
		add(hmc::NetProt::eth, hmc::kFldEthType);
	if (hf & (RTE_ETH_RSS_C_VLAN | RTE_ETH_RSS_S_VLAN))
		add(hmc::NetProt::vlan, hmc::kFldVlanTci);
	// The L4 types hash the addresses too, as RSS does.
	if (hf & (RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP | RTE_ETH_RSS_TCP | RTE_ETH_RSS_SCTP))
		add(hmc::NetProt::ip, hmc::kFldIpSrc | hmc::kFldIpDst | hmc::kFldIpProto);
	if (hf & RTE_ETH_RSS_TCP)
		add(hmc::NetProt::tcp, hmc::kFldL4PortSrc | hmc::kFldL4PortDst);
	if (hf & RTE_ETH_RSS_UDP)
		add(hmc::NetProt::udp, hmc::kFldL4PortSrc | hmc::kFldL4PortDst);
	if (hf & RTE_ETH_RSS_SCTP)
		add(hmc::NetProt::sctp, hmc::kFldL4PortSrc | hmc::kFldL4PortDst);
}

// The distribution over `size` queues on the key of `hf` (size 1 or hf 0:
// every frame to queue 0).
int distribution_apply(rte_eth_dev *dev, uint64_t hf, uint16_t size) noexcept
{
	Port &p = port_of(dev);
	if (hf == 0)
		size = 1;
	if (size > 1 && p.dist_key_cfg == nullptr) {
		p.dist_key_cfg = rte_zmalloc("dpaa2_dist_key", hmc::kDpkgExtractAreaSize, 64);
		if (p.dist_key_cfg == nullptr)
			return -ENOMEM;
	}
	if (size > 1)
		compose_key(*static_cast<hmc::DpkgExtractArea *>(p.dist_key_cfg), hf);
	const int ret = dpni::set_rx_hash_dist(mc_io(), p.dpni, 0, size,
					       size > 1 ? rte_malloc_virt2iova(p.dist_key_cfg) : 0);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR,
			      "%s: dpni_set_rx_hash_dist over %u queues (hash types 0x%" PRIx64
			      "): %s",
			      dev->data->name, size, hf, strerror(-ret));
		return ret;
	}
	p.rss_hf = hf;
	p.rss_queues = size;
	return 0;
}

bool rss_configured(const rte_eth_dev *dev) noexcept
{
	return dev->data->dev_conf.rxmode.mq_mode == RTE_ETH_MQ_RX_RSS;
}

} // namespace

int rx_distribution_set(rte_eth_dev *dev) noexcept
{
	const rte_eth_conf &conf = dev->data->dev_conf;
	const uint64_t hf = rss_configured(dev) ? conf.rx_adv_conf.rss_conf.rss_hf : 0;
	return distribution_apply(dev, hf, dev->data->nb_rx_queues);
}

int rss_hash_update(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept
{
	if (conf->rss_key != nullptr && conf->rss_key_len != 0) {
		DPAA2_PMD_LOG(ERR, "%s: WRIOP's hash has no key to set", dev->data->name);
		return -ENOTSUP;
	}
	if (conf->rss_hf & ~rss_offload_capa()) {
		DPAA2_PMD_LOG(ERR, "%s: RSS hash types 0x%" PRIx64 " are not supported",
			      dev->data->name, conf->rss_hf & ~rss_offload_capa());
		return -EINVAL;
	}
	if (conf->rss_hf != 0 && !rss_configured(dev)) {
		DPAA2_PMD_LOG(ERR, "%s: RSS is not configured (mq_mode RTE_ETH_MQ_RX_RSS)",
			      dev->data->name);
		return -EINVAL;
	}
	// The queues the distribution spreads over stay as the table set them.
	const Port &p = port_of(dev);
	const uint16_t size = p.rss_queues > 1 ? p.rss_queues : dev->data->nb_rx_queues;
	const int ret = distribution_apply(dev, conf->rss_hf, size);
	if (ret == 0)
		dev->data->dev_conf.rx_adv_conf.rss_conf.rss_hf = conf->rss_hf;
	return ret;
}

int rss_hash_conf_get(rte_eth_dev *dev, rte_eth_rss_conf *conf) noexcept
{
	conf->rss_hf = port_of(dev).rss_hf;
	conf->rss_key_len = 0;
	return 0;
}

int reta_update(rte_eth_dev *dev, rte_eth_rss_reta_entry64 *reta, uint16_t reta_size) noexcept
{
	Port &p = port_of(dev);
	if (reta_size != kRetaSize) {
		DPAA2_PMD_LOG(ERR, "%s: the redirection table has %u entries, not %u",
			      dev->data->name, kRetaSize, reta_size);
		return -EINVAL;
	}
	if (!rss_configured(dev) || p.rss_hf == 0) {
		DPAA2_PMD_LOG(ERR, "%s: RSS is not configured (mq_mode RTE_ETH_MQ_RX_RSS)",
			      dev->data->name);
		return -ENOTSUP;
	}
	// The table as it is, with the entries the masks name replaced.
	uint16_t table[kRetaSize];
	for (uint16_t i = 0; i < kRetaSize; i++) {
		const rte_eth_rss_reta_entry64 &g = reta[i / RTE_ETH_RETA_GROUP_SIZE];
		const unsigned bit = i % RTE_ETH_RETA_GROUP_SIZE;
		table[i] = (g.mask >> bit) & 1 ? g.reta[bit] : i % p.rss_queues;
	}
	// WRIOP spreads over queues 0..N-1 evenly: the table must be that.
	const uint16_t n = static_cast<uint16_t>(table[kRetaSize - 1] + 1);
	bool even = n != 0 && n <= dev->data->nb_rx_queues && kRetaSize % n == 0;
	for (uint16_t i = 0; even && i < kRetaSize; i++)
		even = table[i] == i % n;
	if (!even) {
		DPAA2_PMD_LOG(ERR,
			      "%s: WRIOP spreads flows evenly over the first N Rx queues: a "
			      "redirection table must be 0, 1, ..., N-1 repeated (N dividing %u, "
			      "at most %u)",
			      dev->data->name, kRetaSize, dev->data->nb_rx_queues);
		return -ENOTSUP;
	}
	return distribution_apply(dev, p.rss_hf, n);
}

int reta_query(rte_eth_dev *dev, rte_eth_rss_reta_entry64 *reta, uint16_t reta_size) noexcept
{
	const Port &p = port_of(dev);
	if (reta_size != kRetaSize) {
		DPAA2_PMD_LOG(ERR, "%s: the redirection table has %u entries, not %u",
			      dev->data->name, kRetaSize, reta_size);
		return -EINVAL;
	}
	const uint16_t n = p.rss_queues > 0 ? p.rss_queues : 1;
	for (uint16_t i = 0; i < kRetaSize; i++) {
		rte_eth_rss_reta_entry64 &g = reta[i / RTE_ETH_RETA_GROUP_SIZE];
		const unsigned bit = i % RTE_ETH_RETA_GROUP_SIZE;
		if ((g.mask >> bit) & 1)
			g.reta[bit] = i % n;
	}
	return 0;
}

} // namespace dpaa2::net
