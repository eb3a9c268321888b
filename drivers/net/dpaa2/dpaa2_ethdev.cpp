/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// net_dpaa2: probe/remove of the container's DPNIs, the device life cycle
// (configure, start, stop, close), device information and the ops table.
// Queues, link, statistics and MAC settings are in the files next to this
// one.

#include "dpaa2_ethdev.hpp"

#include <cerrno>
#include <cinttypes>
#include <cstring>

#include <ethdev_driver.h>
#include <rte_kvargs.h>
#include <rte_malloc.h>
#include <rte_mbuf_dyn.h>
#include <rte_mbuf_pool_ops.h>

#include "dpaa2_mempool.hpp"

namespace dpaa2::net
{

RTE_LOG_REGISTER(logtype, pmd.net.dpaa2, NOTICE);

namespace hmc = dpaa2::hw::mc;
namespace mc = dpaa2::fslmc::mc;

uint64_t rx_offload_capa() noexcept
{
	// Exactly what the data path implements. No VLAN strip: WRIOP
	// keeps tags in the frame, and the Rx burst never reads the frame
	// (a software strip would); the VLAN filter is WRIOP's. RSS_HASH is added on the LX2160A,
	// whose WRIOP gives the hash in the FD (dev_infos_get). TIMESTAMP:
	// WRIOP writes its 1588 timer into every Rx buffer's annotation.
	return RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM |
	       RTE_ETH_RX_OFFLOAD_TCP_CKSUM | RTE_ETH_RX_OFFLOAD_SCATTER |
	       RTE_ETH_RX_OFFLOAD_VLAN_FILTER | RTE_ETH_RX_OFFLOAD_TIMESTAMP;
}

uint64_t tx_offload_capa() noexcept
{
	// Checksums are WRIOP's (dpni_set_offload TX_L3/L4_CSUM, for every
	// frame of the port). No VLAN insert: WRIOP has none, and a software
	// one would write every frame.
	// MBUF_FAST_FREE: WRIOP releases every frame, and the DPNI confirms
	// none (dpaa2_tx.cpp).
	return RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
	       RTE_ETH_TX_OFFLOAD_TCP_CKSUM | RTE_ETH_TX_OFFLOAD_MULTI_SEGS |
	       RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
}

namespace
{

constexpr uint64_t kRxCsumOffloads =
	RTE_ETH_RX_OFFLOAD_IPV4_CKSUM | RTE_ETH_RX_OFFLOAD_UDP_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM;

uint64_t rx_capa_of(const Port &p) noexcept
{
	return rx_offload_capa() | (p.lx2 ? RTE_ETH_RX_OFFLOAD_RSS_HASH : 0);
}

} // namespace

// The bursts for the port's current settings.
void select_bursts(rte_eth_dev *dev) noexcept
{
	const Port &p = port_of(dev);
	dev->rx_pkt_burst = rx_burst_for(
		{p.lx2, p.rx_csum, p.rx_hash, p.rx_ts, !p.devargs.no_prefetch, p.timesync});
	dev->tx_pkt_burst = tx_burst_for(p.tx_conf);
	dev->rx_queue_count = rx_queue_count;
	// A started port's bursts are called through ethdev's fast-path table,
	// filled at rte_eth_dev_start: timesync_enable and _disable, which
	// applications call on a started port (testpmd's ieee1588 mode when
	// forwarding begins), switch the Rx burst there too, as net/cnxk's
	// timesync_enable does (cn10k_eth_set_rx_function). One aligned
	// pointer store: a burst that runs meanwhile on another lcore ends
	// with the old variant, which works on the same queue state, and the
	// next call takes the new one.
	if (dev->data->dev_started)
		__atomic_store_n(&rte_eth_fp_ops[dev->data->port_id].rx_pkt_burst,
				 dev->rx_pkt_burst, __ATOMIC_RELEASE);
}

namespace
{

// ---------------------------------------------------------------- life cycle

int dev_configure(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	const rte_eth_conf &conf = dev->data->dev_conf;
	const uint16_t nb_rx = dev->data->nb_rx_queues;
	const uint16_t nb_tx = dev->data->nb_tx_queues;
	McIo &io = mc_io();

	// ethdev has checked the offloads against the capabilities (that is
	// where a VLAN strip request fails); a driver says why on the rest.
	const uint64_t rx_unsupported = conf.rxmode.offloads & ~rx_capa_of(p);
	if (rx_unsupported) {
		DPAA2_PMD_LOG(ERR,
			      "%s: Rx offloads 0x%" PRIx64 " are not supported (VLAN tags stay in "
			      "the frame on DPAA2)",
			      dev->data->name, rx_unsupported);
		return -ENOTSUP;
	}
	if (conf.txmode.offloads & ~tx_offload_capa()) {
		DPAA2_PMD_LOG(ERR, "%s: Tx offloads 0x%" PRIx64 " are not supported",
			      dev->data->name, conf.txmode.offloads & ~tx_offload_capa());
		return -ENOTSUP;
	}
	if (conf.rxmode.mq_mode != RTE_ETH_MQ_RX_NONE && conf.rxmode.mq_mode != RTE_ETH_MQ_RX_RSS) {
		DPAA2_PMD_LOG(ERR, "%s: only RSS multi-queue Rx is supported", dev->data->name);
		return -ENOTSUP;
	}
	if (nb_rx > p.attr.num_queues || nb_tx > p.attr.num_tx_tcs) {
		DPAA2_PMD_LOG(ERR, "%s: %u Rx and %u Tx queues: the DPNI has %u and %u",
			      dev->data->name, nb_rx, nb_tx, p.attr.num_queues, p.attr.num_tx_tcs);
		return -EINVAL;
	}
	if (conf.rxmode.mq_mode == RTE_ETH_MQ_RX_RSS &&
	    (conf.rx_adv_conf.rss_conf.rss_hf & ~rss_offload_capa())) {
		DPAA2_PMD_LOG(ERR, "%s: RSS hash types 0x%" PRIx64 " are not supported",
			      dev->data->name,
			      conf.rx_adv_conf.rss_conf.rss_hf & ~rss_offload_capa());
		return -ENOTSUP;
	}
	const uint32_t mtu = conf.rxmode.mtu ? conf.rxmode.mtu : dev->data->mtu;
	if (mtu < RTE_ETHER_MIN_MTU || mtu > kMaxRxPktLen - kFrameOverhead) {
		DPAA2_PMD_LOG(ERR, "%s: MTU %u out of range [%u, %u]", dev->data->name, mtu,
			      RTE_ETHER_MIN_MTU, kMaxRxPktLen - kFrameOverhead);
		return -EINVAL;
	}
	if (int ret = max_frame_length_set(p, mtu); ret < 0)
		return ret;

	// WRIOP's checksum validation and insertion, and the hash in the FD's
	// FLC: settings of the DPNI, which the MC takes while it is disabled
	// (it is: the port is stopped).
	const uint64_t rxo = conf.rxmode.offloads, txo = conf.txmode.offloads;
	// Frames longer than one Rx buffer come as chains only when the
	// application asked for them (dev_start and mtu_set check the sizes).
	dev->data->scattered_rx = (rxo & RTE_ETH_RX_OFFLOAD_SCATTER) != 0;
	p.rx_csum = rxo & kRxCsumOffloads;
	p.rx_hash = p.lx2 && (conf.rxmode.mq_mode == RTE_ETH_MQ_RX_RSS ||
			      (rxo & RTE_ETH_RX_OFFLOAD_RSS_HASH));
	p.rx_ts = false;
	if (rxo & RTE_ETH_RX_OFFLOAD_TIMESTAMP) {
		if (int ret = rte_mbuf_dyn_rx_timestamp_register(&rx_ts_offset, &rx_ts_flag);
		    ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: cannot register the mbuf timestamp field: %s",
				      dev->data->name, strerror(rte_errno));
			return -rte_errno;
		}
		p.rx_ts = true;
	}
	const struct {
		hmc::DpniOffload which;
		bool on;
	} offloads[] = {
		{hmc::DpniOffload::rx_l3_csum, (rxo & RTE_ETH_RX_OFFLOAD_IPV4_CKSUM) != 0},
		{hmc::DpniOffload::rx_l4_csum,
		 (rxo & (RTE_ETH_RX_OFFLOAD_UDP_CKSUM | RTE_ETH_RX_OFFLOAD_TCP_CKSUM)) != 0},
		{hmc::DpniOffload::tx_l3_csum, (txo & RTE_ETH_TX_OFFLOAD_IPV4_CKSUM) != 0},
		{hmc::DpniOffload::tx_l4_csum,
		 (txo & (RTE_ETH_TX_OFFLOAD_UDP_CKSUM | RTE_ETH_TX_OFFLOAD_TCP_CKSUM)) != 0},
	};
	for (const auto &o : offloads) {
		if (int ret = dpni::set_offload(io, p.dpni, o.which, o.on); ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: dpni_set_offload %u: %s", dev->data->name,
				      static_cast<unsigned>(o.which), strerror(-ret));
			return ret;
		}
	}
	if (p.lx2) {
		if (int ret = dpni::set_offload(io, p.dpni, hmc::DpniOffload::flctype_hash,
						p.rx_hash);
		    ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: dpni_set_offload FLCTYPE_HASH: %s", dev->data->name,
				      strerror(-ret));
			return ret;
		}
	}
	// Tx confirmation: none on a port whose frames WRIOP may all release
	// (MBUF_FAST_FREE), unless drv_tx_conf asks for it. The Tx queues set
	// up before a change of mode get their confirmation FQ at start.
	p.tx_conf = !(txo & RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE) || p.devargs.tx_conf;
	if (int ret =
		    dpni::set_tx_confirmation_mode(io, p.dpni,
						   p.tx_conf ? hmc::DpniConfirmationMode::affine
							     : hmc::DpniConfirmationMode::disable);
	    ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_tx_confirmation_mode: %s", dev->data->name,
			      strerror(-ret));
		return ret;
	}
	if (int ret = rx_distribution_set(dev); ret < 0)
		return ret;
	if (int ret = vlan_filter_configure(dev); ret < 0)
		return ret;
	select_bursts(dev);
	return 0;
}

int dev_start(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	McIo &io = mc_io();
	if (p.rx_pool == nullptr && dev->data->nb_rx_queues > 0) {
		DPAA2_PMD_LOG(ERR, "%s: no Rx queue was set up", dev->data->name);
		return -EINVAL;
	}
	// Every queue configure asked for must have been set up: a burst on
	// one that was not would have no queue to work on.
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		if (dev->data->rx_queues[i] == nullptr) {
			DPAA2_PMD_LOG(ERR, "%s: Rx queue %u was not set up", dev->data->name, i);
			return -EINVAL;
		}
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++) {
		auto *q = static_cast<TxQueue *>(dev->data->tx_queues[i]);
		if (q == nullptr) {
			DPAA2_PMD_LOG(ERR, "%s: Tx queue %u was not set up", dev->data->name, i);
			return -EINVAL;
		}
		// Set up while the port confirmed nothing, started confirming.
		if (p.tx_conf && q->conf_fqid == 0)
			if (int ret = tx_conf_fq_setup(dev, *q); ret < 0)
				return ret;
	}
	// The MTU given at configure, before the queues named their pool.
	if (int ret = rx_buffers_check(dev, dev->data->mtu); ret < 0)
		return ret;
	// Frames with a wrong checksum reach the queues (their mbufs say it);
	// the other errors are discarded and counted by the DPNI.
	constexpr uint32_t kCsumErrors = hw::hwa::fas::kL3ce | hw::hwa::fas::kL4ce;
	int ret = dpni::set_errors_behavior(io, p.dpni, hw::hwa::fas::kRxErrorMask & ~kCsumErrors,
					    hmc::DpniErrorAction::discard, false);
	if (ret == 0)
		ret = dpni::set_errors_behavior(io, p.dpni, kCsumErrors, hmc::DpniErrorAction::cont,
						true);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_errors_behavior: %s", dev->data->name,
			      strerror(-ret));
		return ret;
	}
	if ((ret = queues_start(dev)) < 0)
		return ret;
	if ((ret = mc::enable(io, p.dpni)) < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_enable: %s", dev->data->name, strerror(-ret));
		queues_stop(dev);
		return ret;
	}
	p.started = true;
	p.admin_down = false;
	if (dev->data->dev_conf.intr_conf.lsc && (ret = lsc_start(dev)) < 0)
		DPAA2_PMD_LOG(WARNING, "%s: no link status interrupt (%s): link_update only",
			      dev->data->name, strerror(-ret));
	link_update(dev, 0);
	return 0;
}

int dev_stop(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	lsc_stop(dev);
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		if (auto *q = static_cast<TxQueue *>(dev->data->tx_queues[i]))
			__atomic_store_n(&q->running, false, __ATOMIC_RELEASE);
	tx_queues_flush(dev);
	if (int ret = mc::disable(mc_io(), p.dpni); ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_disable: %s", dev->data->name, strerror(-ret));
	p.started = false;
	queues_stop(dev);
	rte_eth_link link{};
	link.link_status = RTE_ETH_LINK_DOWN;
	rte_eth_linkstatus_set(dev, &link);
	return 0;
}

void release_queues(rte_eth_dev *dev) noexcept
{
	for (uint16_t i = 0; i < dev->data->nb_rx_queues; i++)
		rx_queue_release(dev, i);
	for (uint16_t i = 0; i < dev->data->nb_tx_queues; i++)
		tx_queue_release(dev, i);
}

int dev_close(rte_eth_dev *dev) noexcept
{
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return 0;
	Port &p = port_of(dev);
	release_queues(dev);
	McIo &io = mc_io();
	// The DPNI as the next user expects it: reset (pools, layouts,
	// queues), then closed.
	if (int ret = mc::reset(io, p.dpni); ret < 0)
		DPAA2_PMD_LOG(WARNING, "%s: dpni_reset: %s", dev->data->name, strerror(-ret));
	mc::close(io, p.dpni);
	rte_free(p.dist_key_cfg);
	p.dist_key_cfg = nullptr;
	rte_intr_instance_free(p.intr);
	p.intr = nullptr;
	dev->intr_handle = nullptr;
	DPAA2_PMD_LOG(INFO, "%s: port %u closed", dev->data->name, dev->data->port_id);
	return 0;
}

// ---------------------------------------------------------------- information

int dev_infos_get(rte_eth_dev *dev, rte_eth_dev_info *info) noexcept
{
	const Port &p = port_of(dev);
	info->max_rx_queues = RTE_MIN(kMaxQueues, p.attr.num_queues);
	info->max_tx_queues = RTE_MIN(kMaxQueues, p.attr.num_tx_tcs);
	info->min_rx_bufsize = kMinRxBufSize;
	info->max_rx_pktlen = kMaxRxPktLen;
	info->min_mtu = RTE_ETHER_MIN_MTU;
	info->max_mtu = kMaxRxPktLen - kFrameOverhead;
	info->max_mac_addrs = RTE_MIN(kMaxMacAddrs, uint32_t{p.attr.mac_filter_entries} + 1);
	info->rx_offload_capa = rx_capa_of(p);
	info->tx_offload_capa = tx_offload_capa();
	info->rx_queue_offload_capa = 0; // every offload is the DPNI's
	info->tx_queue_offload_capa = 0;
	info->flow_type_rss_offloads = rss_offload_capa();
	info->hash_key_size = 0; // WRIOP's hash has no software key
	info->reta_size = kRetaSize;
	info->speed_capa = p.speed_capa;
	info->rx_desc_lim.nb_max = kMaxDesc;
	info->rx_desc_lim.nb_min = kMinDesc;
	info->rx_desc_lim.nb_align = 1;
	info->tx_desc_lim.nb_max = kMaxDesc;
	info->tx_desc_lim.nb_min = kMinDesc;
	info->tx_desc_lim.nb_align = 1;
	info->tx_desc_lim.nb_seg_max = kMaxSegs;
	info->tx_desc_lim.nb_mtu_seg_max = kMaxSegs;
	info->default_rxportconf.burst_size = kBurstMax;
	info->default_txportconf.burst_size = kBurstMax;
	info->default_rxportconf.ring_size = kDefaultDesc;
	info->default_txportconf.ring_size = kDefaultDesc;
	info->default_rxportconf.nb_queues = 1;
	info->default_txportconf.nb_queues = 1;
	info->dev_capa = 0;
	return 0;
}

// The MC's firmware, as upstream prints it: the SoC's SVR, then the MC's
// version.
int fw_version_get(rte_eth_dev *dev, char *fw_version, size_t fw_size) noexcept
{
	McIo &io = mc_io();
	uint32_t svr = 0, pvr = 0;
	mc::McVersion v;
	int ret = mc::get_soc_version(io, svr, pvr);
	if (ret == 0)
		ret = mc::get_version(io, v);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: MC version: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	const int len =
		snprintf(fw_version, fw_size, "%x-%u.%u.%u", svr, v.major, v.minor, v.revision);
	if (len < 0)
		return -EINVAL;
	// ethdev's contract: 0, or the size the string needs with its NUL.
	return static_cast<size_t>(len) + 1 > fw_size ? len + 1 : 0;
}

const uint32_t *dev_supported_ptypes_get(rte_eth_dev *dev) noexcept
{
	static const uint32_t ptypes[] = {
		RTE_PTYPE_L2_ETHER,	RTE_PTYPE_L2_ETHER_VLAN, RTE_PTYPE_L2_ETHER_QINQ,
		RTE_PTYPE_L2_ETHER_ARP, RTE_PTYPE_L3_IPV4,	 RTE_PTYPE_L3_IPV4_EXT,
		RTE_PTYPE_L3_IPV6,	RTE_PTYPE_L3_IPV6_EXT,	 RTE_PTYPE_L4_TCP,
		RTE_PTYPE_L4_UDP,	RTE_PTYPE_L4_SCTP,	 RTE_PTYPE_L4_ICMP,
		RTE_PTYPE_L4_FRAG,	RTE_PTYPE_UNKNOWN,
	};
	(void)dev;
	return ptypes;
}

const eth_dev_ops dpaa2_ops = [] {
	eth_dev_ops o{};
	o.dev_configure = dev_configure;
	o.dev_start = dev_start;
	o.dev_stop = dev_stop;
	o.dev_set_link_up = dev_set_link_up;
	o.dev_set_link_down = dev_set_link_down;
	o.dev_close = dev_close;
	o.link_update = link_update;
	o.promiscuous_enable = promiscuous_enable;
	o.promiscuous_disable = promiscuous_disable;
	o.allmulticast_enable = allmulticast_enable;
	o.allmulticast_disable = allmulticast_disable;
	o.mtu_set = mtu_set;
	o.stats_get = stats_get;
	o.stats_reset = stats_reset;
	set_xstats_ops(o);
	o.xstats_reset = stats_reset;
	o.dev_infos_get = dev_infos_get;
	o.fw_version_get = fw_version_get;
	o.dev_supported_ptypes_get = dev_supported_ptypes_get;
	o.vlan_offload_set = vlan_offload_set;
	o.rx_queue_setup = rx_queue_setup;
	o.rx_queue_release = rx_queue_release;
	o.tx_queue_setup = tx_queue_setup;
	o.tx_queue_release = tx_queue_release;
	o.rx_queue_start = rx_queue_start;
	o.rx_queue_stop = rx_queue_stop;
	o.tx_queue_start = tx_queue_start;
	o.tx_queue_stop = tx_queue_stop;
	o.rxq_info_get = rxq_info_get;
	o.txq_info_get = txq_info_get;
	o.rx_burst_mode_get = rx_burst_mode_get;
	o.tx_burst_mode_get = tx_burst_mode_get;
	o.tx_done_cleanup = tx_done_cleanup;
	o.mac_addr_add = mac_addr_add;
	o.mac_addr_remove = mac_addr_remove;
	o.mac_addr_set = mac_addr_set;
	o.set_mc_addr_list = set_mc_addr_list;
	o.vlan_filter_set = vlan_filter_set;
	o.reta_update = reta_update;
	o.reta_query = reta_query;
	o.rss_hash_update = rss_hash_update;
	o.rss_hash_conf_get = rss_hash_conf_get;
	o.flow_ctrl_get = flow_ctrl_get;
	o.flow_ctrl_set = flow_ctrl_set;
	o.timesync_read_time = timesync_read_time;
	o.timesync_write_time = timesync_write_time;
	o.timesync_adjust_time = timesync_adjust_time;
	o.timesync_enable = timesync_enable;
	o.timesync_disable = timesync_disable;
	o.timesync_read_rx_timestamp = timesync_read_rx_timestamp;
	o.timesync_read_tx_timestamp = timesync_read_tx_timestamp;
	return o;
}();

// The primary's close of a port (rte_eth_dev_release_port) frees its Port
// and zeroes the shared rte_eth_dev_data: a secondary that still holds the
// port, its primary gone or the port closed, finds no private data. It gets
// -ENODEV, as for a port that is not there, not a dereference of nothing.
bool released_by_primary(const rte_eth_dev *dev) noexcept
{
	if (dev->data->dev_private != nullptr)
		return false;
	DPAA2_PMD_LOG(ERR, "port %u: the primary process has closed it",
		      unsigned(dev - rte_eth_devices));
	return true;
}

template <auto Op> struct WhilePrimaryHasIt;
template <typename... A, int (*Op)(rte_eth_dev *, A...) noexcept> struct WhilePrimaryHasIt<Op> {
	static int call(rte_eth_dev *dev, A... a) noexcept
	{
		return released_by_primary(dev) ? -ENODEV : Op(dev, a...);
	}
};

// The xstats ops are the shared table's lambdas: kept here to be guarded.
const eth_dev_ops xstats_ops = [] {
	eth_dev_ops o{};
	set_xstats_ops(o);
	return o;
}();

// A secondary process's ports (dpdk-proc-info, dpdk-pdump): it reads them
// and polls their queues, and the primary, whose Port and queues they are,
// configures them. Whatever would change a port is not there (ethdev
// answers -ENOTSUP), so a secondary can neither reconfigure a port under
// the primary's feet nor stop it when it exits.
const eth_dev_ops dpaa2_secondary_ops = [] {
	eth_dev_ops o{};
	o.link_update = WhilePrimaryHasIt<link_update>::call;
	o.stats_get = WhilePrimaryHasIt<stats_get>::call;
	o.xstats_get_names = xstats_ops.xstats_get_names;
	o.xstats_get_names_by_id = xstats_ops.xstats_get_names_by_id;
	o.xstats_get = [](rte_eth_dev *dev, rte_eth_xstat *xs, unsigned n) {
		return released_by_primary(dev) ? -ENODEV : xstats_ops.xstats_get(dev, xs, n);
	};
	o.xstats_get_by_id = [](rte_eth_dev *dev, const uint64_t *ids, uint64_t *values,
				unsigned n) {
		return released_by_primary(dev) ? -ENODEV
						: xstats_ops.xstats_get_by_id(dev, ids, values, n);
	};
	o.dev_infos_get = WhilePrimaryHasIt<dev_infos_get>::call;
	o.fw_version_get = WhilePrimaryHasIt<fw_version_get>::call;
	o.dev_supported_ptypes_get = dev_supported_ptypes_get;
	o.rxq_info_get = rxq_info_get; // ethdev checks the (zeroed) queue count
	o.txq_info_get = txq_info_get;
	o.rx_burst_mode_get = rx_burst_mode_get;
	o.tx_burst_mode_get = tx_burst_mode_get;
	o.reta_query = WhilePrimaryHasIt<reta_query>::call;
	o.rss_hash_conf_get = WhilePrimaryHasIt<rss_hash_conf_get>::call;
	o.flow_ctrl_get = WhilePrimaryHasIt<flow_ctrl_get>::call;
	return o;
}();

// ---------------------------------------------------------------- probe

// Upstream's device arguments (dpaa2_ethdev.c), "=1" to turn one on.
// drv_no_prefetch chooses the Rx burst, drv_tx_conf keeps Tx confirmation
// with MBUF_FAST_FREE; the others are refused at probe.
constexpr const char *kNoPrefetchArg = "drv_no_prefetch";
constexpr const char *kLoopbackArg = "drv_loopback";
constexpr const char *kTxConfArg = "drv_tx_conf";
constexpr const char *kErrQueueArg = "drv_err_queue";
constexpr const char *kValidArgs[] = {kNoPrefetchArg, kLoopbackArg, kTxConfArg, kErrQueueArg,
				      nullptr};

// What each refused argument would have done, and why ours does not.
constexpr struct {
	const char *key, *why;
} kRefusedArgs[] = {
	{kLoopbackArg, "upstream's benchmark mode that sends received frames back without "
		       "mbufs; not implemented"},
	{kErrQueueArg, "frames in error are discarded and counted by the DPNI (checksum errors "
		       "reach the queues, flagged); no error queue"},
};

// A flag's value, 0 or 1, for the port `name`.
struct FlagArg {
	const char *name;
	bool *out;
};

int parse_flag(const char *key, const char *value, void *opaque) noexcept
{
	const auto *f = static_cast<const FlagArg *>(opaque);
	if (strcmp(value, "0") != 0 && strcmp(value, "1") != 0) {
		DPAA2_PMD_LOG(ERR, "%s: %s=%s: the value must be 0 or 1", f->name, key, value);
		return -EINVAL;
	}
	*f->out = value[0] == '1';
	return 0;
}

int parse_devargs(const rte_devargs *da, const char *name, Devargs &out) noexcept
{
	if (da == nullptr || da->args == nullptr || da->args[0] == '\0')
		return 0;
	rte_kvargs *kv = rte_kvargs_parse(da->args, kValidArgs);
	if (kv == nullptr) {
		DPAA2_PMD_LOG(ERR,
			      "%s: invalid device arguments \"%s\" (known: %s, %s, %s, %s; "
			      "each =0 or =1)",
			      name, da->args, kNoPrefetchArg, kLoopbackArg, kTxConfArg,
			      kErrQueueArg);
		return -EINVAL;
	}
	// rte_kvargs_process says -1 whatever the handler returned: a value
	// error is -EINVAL, logged by parse_flag.
	FlagArg no_prefetch{name, &out.no_prefetch}, tx_conf{name, &out.tx_conf};
	int ret =
		rte_kvargs_process(kv, kNoPrefetchArg, parse_flag, &no_prefetch) < 0 ? -EINVAL : 0;
	if (ret == 0 && rte_kvargs_process(kv, kTxConfArg, parse_flag, &tx_conf) < 0)
		ret = -EINVAL;
	for (const auto &r : kRefusedArgs) {
		bool on = false;
		FlagArg arg{name, &on};
		if (ret == 0 && rte_kvargs_process(kv, r.key, parse_flag, &arg) < 0)
			ret = -EINVAL;
		if (ret == 0 && on) {
			DPAA2_PMD_LOG(ERR, "%s: %s=1 is not supported: %s", name, r.key, r.why);
			ret = -ENOTSUP;
		}
	}
	rte_kvargs_free(kv);
	return ret;
}

// The DPMAC's own address (a board's DPL may give one), else the DPNI's
// (restool's --mac-addr), else a random locally administered one; the DPNI
// is told the address chosen.
int initial_addr(Port &p, const char *name) noexcept
{
	McIo &io = mc_io();
	uint8_t port_mac[6] = {}, primary[6] = {};
	int ret = dpni::get_port_mac(io, p.dpni, port_mac);
	if (ret < 0 && ret != -ENOTSUP)
		return ret;
	if ((ret = dpni::get_primary_mac(io, p.dpni, primary)) < 0)
		return ret;
	rte_ether_addr a{};
	memcpy(a.addr_bytes, port_mac, 6);
	if (rte_is_zero_ether_addr(&a))
		memcpy(a.addr_bytes, primary, 6);
	if (rte_is_zero_ether_addr(&a)) {
		rte_eth_random_addr(a.addr_bytes);
		DPAA2_PMD_LOG(INFO, "%s: no address from the MC: " RTE_ETHER_ADDR_PRT_FMT, name,
			      RTE_ETHER_ADDR_BYTES(&a));
	}
	if (memcmp(a.addr_bytes, primary, 6) != 0 &&
	    (ret = dpni::set_primary_mac(io, p.dpni, a.addr_bytes)) < 0)
		return ret;
	p.perm_addr = a;
	return 0;
}

// What probe sets on the DPNI once: it is reset, its Tx buffer layouts are
// the frame status and the timestamp (the Tx annotation WRIOP may read and
// write: a frame that asks for its Tx timestamp gets it there, as the
// kernel's dpaa2-eth and upstream's dpaa2_dev_init set both layouts), its
// frame length that of a standard MTU.
int dpni_init(Port &p, const char *name) noexcept
{
	McIo &io = mc_io();
	int ret = mc::reset(io, p.dpni);
	if (ret == 0)
		ret = dpni::get_attributes(io, p.dpni, p.attr);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_reset/get_attributes: %s", name, strerror(-ret));
		return ret;
	}
	if (p.attr.num_queues == 0 || p.attr.num_rx_tcs == 0 || p.attr.num_tx_tcs == 0) {
		DPAA2_PMD_LOG(ERR, "%s: the DPNI has no queues (%u Rx, %u Tx TCs)", name,
			      p.attr.num_queues, p.attr.num_tx_tcs);
		return -ENODEV;
	}
	dpni::BufferLayout tx{};
	tx.options = hmc::kDpniBufLayoutOptFrameStatus | hmc::kDpniBufLayoutOptTimestamp;
	tx.pass_fs = true;
	tx.pass_ts = true;
	for (auto qt : {dpni::QueueType::tx, dpni::QueueType::tx_confirm}) {
		if ((ret = dpni::set_buffer_layout(io, p.dpni, qt, tx)) < 0) {
			DPAA2_PMD_LOG(ERR, "%s: dpni_set_buffer_layout (Tx): %s", name,
				      strerror(-ret));
			return ret;
		}
	}
	// Every Tx FQ confirms on its own FQ, unless a frame opts out: those
	// WRIOP may release do (dpaa2_tx.cpp). Configure may turn it off.
	p.tx_conf = true;
	ret = dpni::set_tx_confirmation_mode(io, p.dpni, hmc::DpniConfirmationMode::affine);
	if (ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_tx_confirmation_mode: %s", name, strerror(-ret));
		return ret;
	}
	uint32_t dpmac_speeds = 0;
	ret = dpni::get_speed_capability(io, p.dpni, dpmac_speeds);
	if (ret < 0)
		DPAA2_PMD_LOG(DEBUG, "%s: no speed capability from the MC: %s", name,
			      strerror(-ret));
	p.speed_capa = speed_capa_of(dpmac_speeds);
	if ((ret = initial_addr(p, name)) < 0) {
		DPAA2_PMD_LOG(ERR, "%s: MAC address: %s", name, strerror(-ret));
		return ret;
	}
	return max_frame_length_set(p, RTE_ETHER_MTU);
}

// The primary's port of the DPNI, in a secondary process: the Port and the
// queues are in DPDK's shared memory, as are the mempools the primary made
// (their BPIDs in this process's table); MC commands go through this
// process's own MC portal with the primary's DPNI token (the MC takes a
// token from any portal of the container, as upstream's secondary uses it),
// and each polling thread gets a software portal of its own.
int attach_secondary(rte_fslmc_device *dev) noexcept
{
	rte_eth_dev *eth_dev = rte_eth_dev_attach_secondary(dev->name);
	if (eth_dev == nullptr) {
		DPAA2_PMD_LOG(DEBUG, "%s: the primary process made no port of it", dev->name);
		return -ENODEV;
	}
	rte_dpaa2_bpid_info_sync();
	eth_dev->device = &dev->device;
	eth_dev->dev_ops = &dpaa2_secondary_ops;
	select_bursts(eth_dev);
	rte_eth_dev_probing_finish(eth_dev);
	DPAA2_PMD_LOG(INFO, "%s: port %u of the primary process", dev->name,
		      eth_dev->data->port_id);
	return 0;
}

int eth_probe(rte_fslmc_driver *, rte_fslmc_device *dev) noexcept
{
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return attach_secondary(dev);
	if (rte_eth_dev_allocated(dev->name) != nullptr) {
		DPAA2_PMD_LOG(DEBUG, "%s: probed already, its port is open", dev->name);
		return -EEXIST;
	}
	if (fslmc::mc_io() == nullptr) {
		DPAA2_PMD_LOG(ERR, "%s: no MC portal", dev->name);
		return -ENODEV;
	}
	if (rte_eal_iova_mode() != RTE_IOVA_VA) {
		// Frame descriptors carry the addresses the mempool gives QBMan,
		// which are virtual ones.
		DPAA2_PMD_LOG(ERR, "%s: net_dpaa2 needs IOVA as VA (--iova-mode=va)", dev->name);
		return -ENOTSUP;
	}
	rte_eth_dev *eth_dev = rte_eth_dev_allocate(dev->name);
	if (eth_dev == nullptr)
		return -ENOMEM;
	auto *p = static_cast<Port *>(
		rte_zmalloc_socket(dev->name, sizeof(Port), RTE_CACHE_LINE_SIZE, SOCKET_ID_ANY));
	auto *addrs = static_cast<rte_ether_addr *>(
		rte_zmalloc(dev->name, kMaxMacAddrs * sizeof(rte_ether_addr), 0));
	rte_intr_handle *intr = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	if (p == nullptr || addrs == nullptr || intr == nullptr) {
		rte_free(p);
		rte_free(addrs);
		rte_intr_instance_free(intr);
		rte_eth_dev_release_port(eth_dev);
		return -ENOMEM;
	}
	p->eth_dev = eth_dev;
	p->bus_dev = dev;
	p->intr = intr;
	p->irq_fd = -1;
	p->lx2 = (rte_fslmc_svr() & mc::kSvrFamilyMask) == mc::kSvrLx2160a;
	int ret = parse_devargs(dev->device.devargs, dev->name, p->devargs);
	if (ret == 0) {
		ret = mc::open(mc_io(), mc::ObjType::dpni, dev->object_id, p->dpni);
		if (ret < 0)
			DPAA2_PMD_LOG(ERR, "%s: dpni_open: %s", dev->name, strerror(-ret));
		else
			ret = dpni_init(*p, dev->name);
	}
	if (ret < 0) {
		mc::close(mc_io(), p->dpni);
		rte_free(p);
		rte_free(addrs);
		rte_intr_instance_free(intr);
		rte_eth_dev_release_port(eth_dev);
		return ret;
	}
	addrs[0] = p->perm_addr;
	eth_dev->device = &dev->device;
	eth_dev->intr_handle = intr;
	eth_dev->data->dev_private = p;
	eth_dev->data->mac_addrs = addrs;
	// The per-queue counters in the extended statistics too, as upstream.
	eth_dev->data->dev_flags |= RTE_ETH_DEV_AUTOFILL_QUEUE_XSTATS;
	if (dev->num_irqs > 0)
		eth_dev->data->dev_flags |= RTE_ETH_DEV_INTR_LSC;
	eth_dev->data->mtu = RTE_ETHER_MTU;
	eth_dev->dev_ops = &dpaa2_ops;
	select_bursts(eth_dev);
	stats_reset(eth_dev);
	rte_eth_dev_probing_finish(eth_dev);
	DPAA2_PMD_LOG(
		INFO, "%s: port %u, connected to %s, " RTE_ETHER_ADDR_PRT_FMT ", %u Rx queues",
		dev->name, eth_dev->data->port_id, dev->endpoint[0] ? dev->endpoint : "nothing",
		RTE_ETHER_ADDR_BYTES(&p->perm_addr), p->attr.num_queues);
	return 0;
}

int eth_remove(rte_fslmc_device *dev) noexcept
{
	rte_eth_dev *eth_dev = rte_eth_dev_allocated(dev->name);
	if (eth_dev == nullptr || eth_dev->state == RTE_ETH_DEV_UNUSED)
		return 0;
	// A secondary's exit: its view of the port goes, the port stays the
	// primary's, running.
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return rte_eth_dev_release_port(eth_dev);
	const uint16_t port = eth_dev->data->port_id;
	if (eth_dev->data->dev_started) {
		if (int ret = rte_eth_dev_stop(port); ret < 0) {
			DPAA2_PMD_LOG(ERR, "%s: cannot stop the port to remove it: %s", dev->name,
				      strerror(-ret));
			return ret;
		}
	}
	return rte_eth_dev_close(port);
}

} // namespace
} // namespace dpaa2::net

struct rte_fslmc_driver rte_dpaa2_pmd = {
	.next = {},
	.driver = {},
	.kind = dpaa2::fslmc::ObjKind::dpni,
	.probe = dpaa2::net::eth_probe,
	.remove = dpaa2::net::eth_remove,
};
