/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// net_dpaa: probe/remove, the device life cycle (configure, start, stop,
// close, reset), device information, link and the ops table. Queue setup,
// filters and statistics are in the files next to this one.

#include "dpaa_ethdev.hpp"

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <new>

#include <ethdev_driver.h>
#include <rte_alarm.h>
#include <rte_cycles.h>
#include <rte_kvargs.h>
#include <rte_malloc.h>
#include <rte_mbuf_pool_ops.h>

#include "dpaa_fq.hpp"
#include "dpaa_mempool.hpp"
#include "rte_pmd_dpaa.h"

namespace dpaa::net
{

RTE_LOG_REGISTER(logtype, pmd.net.dpaa, NOTICE);

namespace
{

constexpr const char *kRxModeArg = "rx_mode";
constexpr const char *kValidArgs[] = {kRxModeArg, nullptr};

// How often the link-state-change alarm looks at the MAC.
constexpr uint64_t kLscPollUs = 100 * 1000;
// rte_eth_link_get() waits this long for a link that is still negotiating.
constexpr unsigned kLinkWaitMs = 9000;
constexpr unsigned kLinkPollMs = 100;

int parse_rx_mode(const char *, const char *value, void *opaque) noexcept
{
	auto *mode = static_cast<RxMode *>(opaque);
	if (strcmp(value, "push") == 0)
		*mode = RxMode::push;
	else if (strcmp(value, "pull") == 0)
		*mode = RxMode::pull;
	else
		return -EINVAL;
	return 0;
}

int parse_devargs(const rte_devargs *da, Devargs &out) noexcept
{
	if (da == nullptr || da->args == nullptr || da->args[0] == '\0')
		return 0;
	rte_kvargs *kv = rte_kvargs_parse(da->args, kValidArgs);
	if (kv == nullptr) {
		DPAA_PMD_LOG(ERR, "invalid device arguments \"%s\" (known: %s=push|pull)", da->args,
			     kRxModeArg);
		return -EINVAL;
	}
	int ret = rte_kvargs_process(kv, kRxModeArg, parse_rx_mode, &out.rx_mode);
	rte_kvargs_free(kv);
	if (ret < 0)
		DPAA_PMD_LOG(ERR, "%s must be push or pull", kRxModeArg);
	return ret < 0 ? -EINVAL : 0;
}

// ---------------------------------------------------------------- link

// The PHY's link as the platform reports it (the kernel's link ioctl on a
// board), for a started port that is not administratively down.
bool link_is_up(Port &p, platform::LinkState &ls) noexcept
{
	ls = platform::LinkState{};
	if (!p.started || p.admin_down)
		return false;
	if (bus::link_state(*p.bus_dev, ls) < 0)
		ls = platform::LinkState{};
	return ls.up;
}

int link_update(rte_eth_dev *dev, int wait_to_complete) noexcept
{
	Port &p = port_of(dev);
	platform::LinkState ls;
	bool up = link_is_up(p, ls);
	// A MAC that was just enabled is still negotiating: a caller that asked
	// to wait gets the settled state, as with a PHY on a board.
	if (!up && wait_to_complete && p.started && !p.admin_down) {
		for (unsigned waited = 0; waited < kLinkWaitMs && !up; waited += kLinkPollMs) {
			rte_delay_ms(kLinkPollMs);
			up = link_is_up(p, ls);
		}
	}
	rte_eth_link link{};
	link.link_status = up ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN;
	// A PHY that reports no speed (the kernel's first link interface)
	// runs at the rate the board wires the MAC for.
	link.link_speed = !up		  ? RTE_ETH_SPEED_NUM_NONE
			  : ls.speed_mbps ? ls.speed_mbps
					  : p.hw->info.speed_mbps;
	link.link_duplex =
		!up || ls.full_duplex ? RTE_ETH_LINK_FULL_DUPLEX : RTE_ETH_LINK_HALF_DUPLEX;
	link.link_autoneg = p.link_mode.autoneg ? RTE_ETH_LINK_AUTONEG : RTE_ETH_LINK_FIXED;
	const int unchanged = rte_eth_linkstatus_set(dev, &link);
	if (!unchanged) {
		char text[RTE_ETH_LINK_MAX_STR_LEN];
		rte_eth_link_to_str(text, sizeof(text), &link);
		DPAA_PMD_LOG(INFO, "%s: port %u %s", dev->device->name, dev->data->port_id, text);
	}
	return unchanged;
}

void lsc_alarm(void *arg) noexcept;

void lsc_arm(Port &p) noexcept
{
	if (rte_eal_alarm_set(kLscPollUs, lsc_alarm, p.eth_dev) == 0)
		__atomic_store_n(&p.lsc_alarm_armed, true, __ATOMIC_RELAXED);
}

void lsc_disarm(Port &p) noexcept
{
	// rte_eal_alarm_cancel() waits for a running lsc_alarm() and takes
	// back what it re-armed; the flags are shared with the alarm thread.
	if (__atomic_load_n(&p.lsc_alarm_armed, __ATOMIC_RELAXED))
		rte_eal_alarm_cancel(lsc_alarm, p.eth_dev);
	__atomic_store_n(&p.lsc_alarm_armed, false, __ATOMIC_RELAXED);
}

// The MAC has no interrupt line this driver can wait on from user space, so
// link changes are sampled: a change of the reported state raises the
// event, as an interrupt would. Changed since the last event, not since the
// last link_update(): rte_eth_dev_set_link_down/up and rte_eth_link_get()
// update the link too, and the change they saw is an event all the same
// (the bonding PMD fails over on it).
void lsc_alarm(void *arg) noexcept
{
	auto *dev = static_cast<rte_eth_dev *>(arg);
	Port &p = port_of(dev);
	link_update(dev, 0);
	const uint8_t now = dev->data->dev_link.link_status;
	if (now != p.lsc_status) {
		p.lsc_status = now;
		rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_LSC, nullptr);
	}
	if (__atomic_load_n(&p.started, __ATOMIC_RELAXED))
		lsc_arm(p);
	else
		__atomic_store_n(&p.lsc_alarm_armed, false, __ATOMIC_RELAXED);
}

int dev_set_link_up(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	p.admin_down = false;
	bus::link_set_admin(*p.bus_dev, true);
	if (p.started)
		p.hw->mac.enable(true, true);
	link_update(dev, 0);
	return 0;
}

int dev_set_link_down(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	p.admin_down = true;
	bus::link_set_admin(*p.bus_dev, false);
	p.hw->mac.enable(false, false);
	link_update(dev, 0);
	return 0;
}

// ---------------------------------------------------------------- life cycle

int dev_configure(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	const rte_eth_conf &conf = dev->data->dev_conf;
	const uint16_t nb_rx = dev->data->nb_rx_queues;
	const uint16_t nb_tx = dev->data->nb_tx_queues;

	// The ethdev layer checks this too; a driver says why.
	const uint64_t rx_unsupported = conf.rxmode.offloads & ~rx_offload_capa();
	if (rx_unsupported) {
		DPAA_PMD_LOG(ERR,
			     "%s: Rx offloads 0x%" PRIx64 " are not supported (VLAN tags stay in "
			     "the frame on DPAA: see the net_dpaa guide)",
			     dev->data->name, rx_unsupported);
		return -ENOTSUP;
	}
	const uint64_t tx_unsupported = conf.txmode.offloads & ~tx_offload_capa();
	if (tx_unsupported) {
		DPAA_PMD_LOG(ERR, "%s: Tx offloads 0x%" PRIx64 " are not supported",
			     dev->data->name, tx_unsupported);
		return -ENOTSUP;
	}
	if (conf.rxmode.mq_mode != RTE_ETH_MQ_RX_NONE && conf.rxmode.mq_mode != RTE_ETH_MQ_RX_RSS) {
		DPAA_PMD_LOG(ERR, "%s: only RSS multi-queue Rx is supported", dev->data->name);
		return -ENOTSUP;
	}
	if (conf.txmode.mq_mode != RTE_ETH_MQ_TX_NONE) {
		DPAA_PMD_LOG(ERR, "%s: Tx multi-queue modes are not supported", dev->data->name);
		return -ENOTSUP;
	}
	if (nb_rx > 1 && !rte_is_power_of_2(nb_rx)) {
		DPAA_PMD_LOG(ERR,
			     "%s: %u Rx queues: KeyGen distributes over a power-of-two number "
			     "of queues (1, 2, 4, 8)",
			     dev->data->name, nb_rx);
		return -EINVAL;
	}
	if (conf.rxmode.mq_mode == RTE_ETH_MQ_RX_RSS &&
	    (conf.rx_adv_conf.rss_conf.rss_hf & ~rss_offload_capa())) {
		DPAA_PMD_LOG(ERR, "%s: RSS hash types 0x%" PRIx64 " are not supported",
			     dev->data->name,
			     conf.rx_adv_conf.rss_conf.rss_hf & ~rss_offload_capa());
		return -ENOTSUP;
	}
	if (int ret = rx_intr_check_config(dev); ret < 0)
		return ret;
	if (conf.rxmode.mtu && (conf.rxmode.mtu < RTE_ETHER_MIN_MTU ||
				conf.rxmode.mtu > kMaxRxPktLen - kFrameOverhead)) {
		DPAA_PMD_LOG(ERR, "%s: MTU %u out of range [%u, %u]", dev->data->name,
			     conf.rxmode.mtu, RTE_ETHER_MIN_MTU, kMaxRxPktLen - kFrameOverhead);
		return -EINVAL;
	}

	platform::LinkMode mode{};
	if (int r = link_mode_from_conf(p, conf.link_speeds, mode); r < 0)
		return r;

	int ret = fqs_allocate(p, nb_rx, nb_tx);
	if (ret < 0)
		return ret;
	p.link_mode = mode;
	p.rss_hf = conf.rxmode.mq_mode == RTE_ETH_MQ_RX_RSS ? conf.rx_adv_conf.rss_conf.rss_hf : 0;
	if ((ret = timestamp_configure(dev)) < 0)
		return ret;
	select_bursts(dev);
	fill_unused_queues(dev);
	return 0;
}

int dev_start(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++)
		if (d.rx_queues[i] == nullptr) {
			DPAA_PMD_LOG(ERR, "%s: Rx queue %u is not set up", d.name, i);
			return -EINVAL;
		}
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		if (d.tx_queues[i] == nullptr) {
			DPAA_PMD_LOG(ERR, "%s: Tx queue %u is not set up", d.name, i);
			return -EINVAL;
		}
	if (d.nb_rx_queues == 0) {
		DPAA_PMD_LOG(ERR, "%s: no Rx queue: the FMan Rx port needs a buffer pool", d.name);
		return -EINVAL;
	}
	// The pool of the queues set up now (rx_queue_setup checks they agree).
	p.rx_pool = static_cast<RxQueue *>(d.rx_queues[0])->mp;
	p.rx_bpid = rte_dpaa_mempool_bpid(p.rx_pool);
	const uint32_t max_frame = d.mtu + kFrameOverhead;
	const uint32_t buf_room = rte_pktmbuf_data_room_size(p.rx_pool) - RTE_PKTMBUF_HEADROOM;
	const bool scatter = d.dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER;
	if (max_frame > buf_room && !scatter) {
		DPAA_PMD_LOG(ERR,
			     "%s: MTU %u needs %u-byte frames but Rx buffers hold %u bytes: enable "
			     "RTE_ETH_RX_OFFLOAD_SCATTER or use larger mbufs",
			     d.name, d.mtu, max_frame, buf_room);
		return -EINVAL;
	}
	d.scattered_rx = scatter;

	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		auto &q = *static_cast<TxQueue *>(d.tx_queues[i]);
		q.copy_pool = p.rx_pool;
		q.copy_bpid = static_cast<uint8_t>(p.rx_bpid);
	}
	select_bursts(dev); // the queues' timestamp settings
	// The speed, through whoever owns the PHY (a board's kernel). A mode
	// the application asked for must hold; the default is only a wish.
	if (int r = bus::link_set_mode(*p.bus_dev, p.link_mode); r < 0) {
		const platform::LinkMode &m = p.link_mode;
		char what[64];
		if (m.autoneg)
			snprintf(what, sizeof(what), "autonegotiation");
		else
			snprintf(what, sizeof(what), "%u Mbps %s duplex", m.speed_mbps,
				 m.full_duplex ? "full" : "half");
		if (d.dev_conf.link_speeds != 0) {
			DPAA_PMD_LOG(ERR, "%s: link %s: the PHY's driver refused it: %s", d.name,
				     what, strerror(-r));
			return r;
		}
		DPAA_PMD_LOG(NOTICE, "%s: link left as it was: the PHY's driver refused %s: %s",
			     d.name, what, strerror(-r));
	}
	int ret = rx_intr_start(dev);
	if (ret < 0)
		return ret;
	ret = fqs_start(p);
	if (ret < 0) {
		rx_intr_stop(dev);
		return ret;
	}

	fman::RxPortConfig rc{};
	rc.bpid = static_cast<uint8_t>(p.rx_bpid);
	rc.buf_size = rte_pktmbuf_data_room_size(p.rx_pool);
	rc.data_offset = RTE_PKTMBUF_HEADROOM;
	rc.icp_offset = kRxIcOffset;
	rc.default_fqid = p.rx_fqid_base;
	rc.error_fqid = p.err_fqid;
	rc.scatter = scatter;
	p.hw->rx.configure(rc);
	p.hw->rx.set_distribution(p.rx_fqid_base, d.nb_rx_queues, rss_fields(p.rss_hf));
	p.hw->tx.configure(0, p.err_fqid);

	p.hw->mac.set_max_frame(max_frame);
	p.hw->mac.set_promiscuous(d.promiscuous);
	p.hw->mac.set_all_multicast(d.all_multicast);
	if (!d.all_multicast)
		p.hw->mac.set_multicast_list(p.mc_list, p.nb_mc);
	p.hw->mac.set_loopback(p.tx_loopback);
	p.hw->tx.enable(true);
	p.hw->rx.enable(true);
	if (!p.admin_down)
		p.hw->mac.enable(true, true);

	publish_queue_states(dev); // deferred queues stay stopped
	__atomic_store_n(&p.started, true, __ATOMIC_RELAXED);
	link_update(dev, 0);
	if (d.dev_conf.intr_conf.lsc) {
		p.lsc_status = d.dev_link.link_status;
		lsc_arm(p);
	}
	return 0;
}

int dev_stop(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	rte_eth_dev_data &d = *dev->data;
	lsc_disarm(p);
	if (!p.started)
		return 0;
	rx_intr_stop(dev);
	// Receive side first; transmit stays up until the Tx FQs have drained.
	p.hw->mac.enable(false, !p.admin_down);
	p.hw->rx.enable(false);
	fqs_stop(p);
	p.hw->mac.enable(false, false);
	p.hw->tx.enable(false);
	timesync_stop(p);
	__atomic_store_n(&p.started, false, __ATOMIC_RELAXED);
	for (uint16_t i = 0; i < d.nb_rx_queues; i++)
		d.rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	for (uint16_t i = 0; i < d.nb_tx_queues; i++)
		d.tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	rte_eth_link link{};
	rte_eth_linkstatus_set(dev, &link);
	return 0;
}

void release_queues(rte_eth_dev *dev) noexcept
{
	rte_eth_dev_data &d = *dev->data;
	for (uint16_t i = 0; i < d.nb_rx_queues; i++) {
		rx_queue_release(dev, i);
		d.rx_queues[i] = nullptr;
	}
	for (uint16_t i = 0; i < d.nb_tx_queues; i++) {
		tx_queue_release(dev, i);
		d.tx_queues[i] = nullptr;
	}
}

int dev_close(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	dev_stop(dev);
	release_queues(dev);
	fqs_free(p);
	timesync_close(p);
	if (p.err_fqid) {
		bus::fqid_free(p.err_fqid);
		p.err_fqid = 0;
	}
	p.hw->mac.set_loopback(false);
	if (p.admin_down) // the PHY as the port found it at probe
		bus::link_set_admin(*p.bus_dev, true);
	rte_free(p.mc_list);
	p.mc_list = nullptr;
	p.nb_mc = 0;
	p.hw->~PortHw();
	rte_free(p.hw);
	p.hw = nullptr;
	dev->process_private = nullptr;
	rte_intr_instance_free(dev->intr_handle);
	dev->intr_handle = nullptr;
	// The device stays probed, as a PCI device does after a close: DPDK's
	// usual sequence, rte_eth_dev_close() then rte_dev_remove(), detaches
	// it (eth_remove finds no port to close). rte_dev_probe() of it before
	// that (testpmd's "port attach") makes a new port, with counters of
	// its own (eth_probe).
	ctl_portal_port_closed();
	bus::port_closed();
	return 0;
}

// Back to the state right after probe: stopped, unconfigured, counters and
// filters cleared.
int dev_reset(rte_eth_dev *dev) noexcept
{
	Port &p = port_of(dev);
	dev_stop(dev);
	release_queues(dev);
	fqs_free(p);
	p.tx_loopback = false;
	if (p.admin_down)
		bus::link_set_admin(*p.bus_dev, true);
	p.admin_down = false;
	rte_free(p.mc_list);
	p.mc_list = nullptr;
	p.nb_mc = 0;
	p.hw->mac.init(p.perm_addr.addr_bytes, RTE_ETHER_MAX_LEN);
	rte_ether_addr_copy(&p.perm_addr, &dev->data->mac_addrs[0]);
	for (unsigned i = 1; i < fman::Mac::kExtraAddrSlots + 1; i++)
		memset(&dev->data->mac_addrs[i], 0, sizeof(rte_ether_addr));
	return stats_reset(dev);
}

// ---------------------------------------------------------------- information

int dev_infos_get(rte_eth_dev *dev, rte_eth_dev_info *info) noexcept
{
	info->max_rx_queues = kMaxRxQueues;
	info->max_tx_queues = kMaxTxQueues;
	info->min_rx_bufsize = kMinRxBufSize;
	info->max_rx_pktlen = kMaxRxPktLen;
	info->min_mtu = RTE_ETHER_MIN_MTU;
	info->max_mtu = kMaxRxPktLen - kFrameOverhead;
	info->max_mac_addrs = fman::Mac::kExtraAddrSlots + 1;
	info->max_hash_mac_addrs = 0;
	info->max_vfs = 0;
	info->max_vmdq_pools = 0;
	info->rx_offload_capa = rx_offload_capa();
	info->tx_offload_capa = tx_offload_capa();
	info->rx_queue_offload_capa = 0; // every offload is a port setting of the FMan
	info->tx_queue_offload_capa = 0;
	info->flow_type_rss_offloads = rss_offload_capa();
	info->hash_key_size = 0; // KeyGen's hash has no software key
	info->reta_size = 0;
	info->speed_capa = speed_capa(hw_of(dev).info);
	info->rx_desc_lim.nb_max = kMaxRxDesc;
	info->rx_desc_lim.nb_min = kMinRxDesc;
	info->rx_desc_lim.nb_align = 1;
	info->tx_desc_lim.nb_max = kMaxTxDesc;
	info->tx_desc_lim.nb_min = kMinTxDesc;
	info->tx_desc_lim.nb_align = 1;
	info->tx_desc_lim.nb_seg_max = kMaxSegs;
	info->tx_desc_lim.nb_mtu_seg_max = kMaxSegs;
	info->default_rxportconf.burst_size = kBurstMax;
	info->default_txportconf.burst_size = kBurstMax;
	info->default_rxportconf.ring_size = kDefaultRxDesc;
	info->default_txportconf.ring_size = kDefaultTxDesc;
	info->default_rxportconf.nb_queues = 1;
	info->default_txportconf.nb_queues = 1;
	info->default_rxconf.rx_drop_en = 1; // tail drop: the hardware drops, never stalls
	info->dev_capa = 0;
	return 0;
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
	for (bool stamp : {false, true})
		if (dev->rx_pkt_burst == rx_burst_for(RxMode::push, stamp) ||
		    dev->rx_pkt_burst == rx_burst_for(RxMode::pull, stamp))
			return ptypes;
	return nullptr;
}

int fw_version_get(rte_eth_dev *dev, char *fw, size_t fw_size) noexcept
{
	const fman::FmanVersion v = fman::read_version(hw_of(dev).ccsr);
	const int len = snprintf(fw, fw_size, "FMan %u.%u ucode %u.%u.%u", v.major, v.minor,
				 v.ucode_major, v.ucode_minor, v.ucode_rev);
	if (len < 0)
		return -EINVAL;
	// DPDK's convention: the size needed (with the NUL) when it does not fit.
	return static_cast<size_t>(len) + 1 > fw_size ? len + 1 : 0;
}

int vlan_offload_set(rte_eth_dev *dev, int mask) noexcept
{
	// DPAA keeps VLAN tags in the frame: the FMan cannot remove them, and a
	// software removal would cost a payload read per frame on the Rx path
	// (see the guide). No VLAN offload is advertised, so the ethdev layer
	// refuses most requests before this; whatever arrives here is refused
	// too, with the reason.
	const uint64_t unsupported = dev->data->dev_conf.rxmode.offloads & ~rx_offload_capa();
	DPAA_PMD_LOG(ERR,
		     "%s: VLAN offloads (mask 0x%x, offloads 0x%" PRIx64 ") are not supported: "
		     "DPAA keeps VLAN tags in the frame; the application removes them from the "
		     "L2 header it reads",
		     dev->data->name, mask, unsupported);
	return -ENOTSUP;
}

// What every process may do with a port: look at it (statistics,
// information, queues, burst modes). The primary's table and a secondary's
// both start from it.
void set_look_ops(eth_dev_ops &o) noexcept
{
	o.stats_get = stats_get;
	o.stats_reset = stats_reset;
	set_xstats_ops(o);
	o.xstats_reset = stats_reset;
	o.dev_infos_get = dev_infos_get;
	o.rxq_info_get = rxq_info_get;
	o.txq_info_get = txq_info_get;
	o.rx_burst_mode_get = rx_burst_mode_get;
	o.tx_burst_mode_get = tx_burst_mode_get;
	o.fw_version_get = fw_version_get;
	o.dev_supported_ptypes_get = dev_supported_ptypes_get;
}

const eth_dev_ops dpaa_ops = [] {
	eth_dev_ops o{};
	o.dev_configure = dev_configure;
	o.dev_start = dev_start;
	o.dev_stop = dev_stop;
	o.dev_set_link_up = dev_set_link_up;
	o.dev_set_link_down = dev_set_link_down;
	o.dev_close = dev_close;
	o.dev_reset = dev_reset;
	o.link_update = link_update;
	o.promiscuous_enable = promiscuous_enable;
	o.promiscuous_disable = promiscuous_disable;
	o.allmulticast_enable = allmulticast_enable;
	o.allmulticast_disable = allmulticast_disable;
	o.mac_addr_remove = mac_addr_remove;
	o.mac_addr_add = mac_addr_add;
	o.mac_addr_set = mac_addr_set;
	o.set_mc_addr_list = set_mc_addr_list;
	o.mtu_set = mtu_set;
	set_look_ops(o);
	o.vlan_offload_set = vlan_offload_set;
	o.rx_queue_setup = rx_queue_setup;
	o.rx_queue_release = rx_queue_release;
	o.tx_queue_setup = tx_queue_setup;
	o.tx_queue_release = tx_queue_release;
	o.rx_queue_start = rx_queue_start;
	o.rx_queue_stop = rx_queue_stop;
	o.tx_queue_start = tx_queue_start;
	o.tx_queue_stop = tx_queue_stop;
	o.rx_queue_intr_enable = rx_queue_intr_enable;
	o.rx_queue_intr_disable = rx_queue_intr_disable;
	o.flow_ctrl_get = flow_ctrl_get;
	o.flow_ctrl_set = flow_ctrl_set;
	o.rss_hash_update = rss_hash_update;
	o.rss_hash_conf_get = rss_hash_conf_get;
	o.timesync_enable = timesync_enable;
	o.timesync_disable = timesync_disable;
	o.timesync_read_rx_timestamp = timesync_read_rx_timestamp;
	o.timesync_read_tx_timestamp = timesync_read_tx_timestamp;
	o.timesync_adjust_time = timesync_adjust_time;
	o.timesync_read_time = timesync_read_time;
	o.timesync_write_time = timesync_write_time;
	o.read_clock = read_clock;
	return o;
}();

// What a DPDK secondary process may do with a port the primary owns: look
// at it (information, link, statistics, queues) and run bursts on the
// queues the primary set up. Configuring, starting and stopping it are the
// primary's (ethdev answers -ENOTSUP); closing releases this process's view.
int dev_close_secondary(rte_eth_dev *dev) noexcept
{
	auto *hw = static_cast<PortHw *>(dev->process_private);
	dev->process_private = nullptr;
	delete hw;
	return 0;
}

// The primary keeps dev_link current (shared memory): a secondary reads
// it as it is, and has no link of its own to ask.
int link_update_secondary(rte_eth_dev *, int) noexcept
{
	return 0;
}

const eth_dev_ops dpaa_secondary_ops = [] {
	eth_dev_ops o{};
	o.dev_close = dev_close_secondary;
	o.link_update = link_update_secondary;
	set_look_ops(o);
	return o;
}();

// ---------------------------------------------------------------- probe

// The platform's address for the port (a board's device tree gives the boot
// loader's in local-mac-address), else the one the MAC holds, else a locally
// administered one derived from the MAC's position.
rte_ether_addr initial_addr(Port &p) noexcept
{
	rte_ether_addr a{};
	memcpy(a.addr_bytes, p.hw->info.addr, sizeof(a.addr_bytes));
	if (rte_is_zero_ether_addr(&a))
		p.hw->mac.primary_addr(a.addr_bytes);
	if (rte_is_zero_ether_addr(&a) || !rte_is_valid_assigned_ether_addr(&a)) {
		const uint8_t gen[RTE_ETHER_ADDR_LEN] = {0x02,
							 0x00,
							 0x00,
							 0xd9,
							 static_cast<uint8_t>(p.hw->info.fman + 1),
							 static_cast<uint8_t>(p.hw->info.cell + 1)};
		memcpy(a.addr_bytes, gen, sizeof(gen));
	}
	return a;
}

// A secondary process: the port the primary made, seen through this
// process's own PortHw. The burst functions follow the configuration the
// primary applied; a port the primary reconfigures later keeps them here.
int eth_probe_secondary(rte_dpaa_device *dev, hw::RegisterWindow &ccsr) noexcept
{
	rte_eth_dev *eth_dev = rte_eth_dev_attach_secondary(dev->name);
	if (eth_dev == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: the primary process has no port of this name", dev->name);
		return -ENODEV;
	}
	auto *hw = new (std::nothrow) PortHw(ccsr, *dev->mac);
	if (hw == nullptr) {
		rte_eth_dev_release_port(eth_dev);
		return -ENOMEM;
	}
	rte_dpaa_mempool_share();
	const Port &p = port_of(eth_dev);
	eth_dev->device = &dev->device;
	eth_dev->process_private = hw;
	eth_dev->dev_ops = &dpaa_secondary_ops;
	eth_dev->rx_pkt_burst = rx_burst_for(p.devargs.rx_mode);
	eth_dev->tx_pkt_burst = tx_burst_for(eth_dev->data->dev_conf.txmode.offloads);
	eth_dev->rx_queue_count = rx_queue_count;
	rte_eth_dev_probing_finish(eth_dev);
	DPAA_PMD_LOG(INFO, "%s: port %u of the primary process", dev->name, eth_dev->data->port_id);
	return 0;
}

int eth_probe(rte_dpaa_driver *, rte_dpaa_device *dev) noexcept
{
	if (dev->mac == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: the bus gave no MAC description", dev->name);
		return -ENODEV;
	}
	hw::RegisterWindow *ccsr = bus::fman_ccsr(dev->mac->fman);
	if (ccsr == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: FMan %u is not reachable", dev->name, dev->mac->fman + 1);
		return -ENODEV;
	}
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return eth_probe_secondary(dev, *ccsr);
	// Probed again (the bus asks when the device is probed already): a
	// port the application closed is made anew; an open one stays as it is.
	if (rte_eth_dev_allocated(dev->name) != nullptr) {
		DPAA_PMD_LOG(DEBUG, "%s: probed already, its port is open", dev->name);
		return -EEXIST;
	}
	rte_dpaa_mempool_share();
	Devargs devargs;
	int ret = parse_devargs(dev->device.devargs, devargs);
	if (ret < 0)
		return ret;
	// The FMan fills BMan buffers only: applications that create their
	// pools with the platform's default ops (testpmd, the examples) get
	// dpaa pools. An application's explicit choice stays.
	if (rte_mbuf_set_platform_mempool_ops("dpaa") == -EEXIST)
		DPAA_PMD_LOG(DEBUG, "%s: platform mempool ops already set to %s", dev->name,
			     rte_mbuf_platform_mempool_ops());

	rte_eth_dev *eth_dev = rte_eth_dev_allocate(dev->name);
	if (eth_dev == nullptr)
		return -ENOMEM;
	auto *p = static_cast<Port *>(
		rte_zmalloc_socket(dev->name, sizeof(Port), RTE_CACHE_LINE_SIZE, SOCKET_ID_ANY));
	void *hw_mem =
		rte_zmalloc_socket(dev->name, sizeof(PortHw), RTE_CACHE_LINE_SIZE, SOCKET_ID_ANY);
	auto *addrs = static_cast<rte_ether_addr *>(rte_zmalloc(
		dev->name, sizeof(rte_ether_addr) * (fman::Mac::kExtraAddrSlots + 1), 0));
	rte_intr_handle *intr = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	const int64_t err_fqid = bus::fqid_alloc();
	if (p == nullptr || hw_mem == nullptr || addrs == nullptr || intr == nullptr ||
	    err_fqid < 0) {
		DPAA_PMD_LOG(ERR, "%s: out of memory or FQIDs", dev->name);
		if (err_fqid >= 0)
			bus::fqid_free(static_cast<uint32_t>(err_fqid));
		rte_free(hw_mem);
		rte_free(addrs);
		rte_free(p);
		rte_intr_instance_free(intr);
		rte_eth_dev_release_port(eth_dev);
		return err_fqid < 0 ? static_cast<int>(err_fqid) : -ENOMEM;
	}
	p->eth_dev = eth_dev;
	p->bus_dev = dev;
	p->devargs = devargs;
	p->hw = new (hw_mem) PortHw(*ccsr, *dev->mac);
	p->err_fqid = static_cast<uint32_t>(err_fqid);
	p->timer = bus::fman_timer(dev->mac->fman);
	p->perm_addr = initial_addr(*p);
	addrs[0] = p->perm_addr;
	p->hw->mac.init(p->perm_addr.addr_bytes, RTE_ETHER_MAX_LEN);

	eth_dev->device = &dev->device;
	eth_dev->intr_handle = intr;
	eth_dev->process_private = p->hw;
	eth_dev->data->dev_private = p;
	eth_dev->data->mac_addrs = addrs;
	eth_dev->data->dev_flags |= RTE_ETH_DEV_AUTOFILL_QUEUE_XSTATS | RTE_ETH_DEV_INTR_LSC;
	eth_dev->data->mtu = RTE_ETHER_MTU;
	eth_dev->dev_ops = &dpaa_ops;
	eth_dev->rx_pkt_burst = rx_burst_for(devargs.rx_mode);
	eth_dev->tx_pkt_burst = tx_burst_for(0);
	eth_dev->rx_queue_count = rx_queue_count;
	stats_reset(eth_dev);
	bus::port_opened();
	ctl_portal_port_opened();
	rte_eth_dev_probing_finish(eth_dev);
	DPAA_PMD_LOG(INFO, "%s: port %u, %s Rx, " RTE_ETHER_ADDR_PRT_FMT, dev->name,
		     eth_dev->data->port_id, devargs.rx_mode == RxMode::push ? "push" : "pull",
		     RTE_ETHER_ADDR_BYTES(&p->perm_addr));
	return 0;
}

int eth_remove(rte_dpaa_device *dev) noexcept
{
	rte_eth_dev *eth_dev = rte_eth_dev_allocated(dev->name);
	// A port the application closed already (rte_eth_dev_close() then
	// rte_dev_remove()): nothing left to do. In a secondary, ethdev keeps
	// the primary's data, and with it the name, after release.
	if (eth_dev == nullptr || eth_dev->state == RTE_ETH_DEV_UNUSED)
		return 0;
	// A hot unplug may come while the port runs: ethdev refuses to close
	// a started port, so stop it first. Then close, which releases it.
	// A secondary process's port is the primary's, which keeps it running:
	// the secondary's close (which ethdev allows on a started port there)
	// gives back this process's view of it only, as its EAL cleanup must.
	const uint16_t port = eth_dev->data->port_id;
	if (rte_eal_process_type() == RTE_PROC_PRIMARY && eth_dev->data->dev_started) {
		const int ret = rte_eth_dev_stop(port);
		if (ret < 0) {
			DPAA_PMD_LOG(ERR, "%s: cannot stop the port to remove it: %s", dev->name,
				     strerror(-ret));
			return ret;
		}
	}
	return rte_eth_dev_close(port);
}

bool is_dpaa_port(uint16_t port) noexcept
{
	const rte_eth_dev &dev = rte_eth_devices[port];
	return dev.device != nullptr && dev.device->driver == &rte_dpaa_pmd.driver;
}

} // namespace
} // namespace dpaa::net

struct rte_dpaa_driver rte_dpaa_pmd = {
	.next = {},
	.driver = {},
	.probe = dpaa::net::eth_probe,
	.remove = dpaa::net::eth_remove,
};

extern "C" int rte_pmd_dpaa_set_tx_loopback(uint16_t port, uint8_t on)
{
	using namespace dpaa::net;
	RTE_ETH_VALID_PORTID_OR_ERR_RET(port, -ENODEV);
	if (!is_dpaa_port(port))
		return -ENOTSUP;
	rte_eth_dev *dev = &rte_eth_devices[port];
	if (dev->process_private == nullptr)
		return -ENODEV;
	Port &p = port_of(dev);
	p.tx_loopback = on != 0;
	hw_of(dev).mac.set_loopback(p.tx_loopback);
	return 0;
}
