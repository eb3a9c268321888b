/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Flow control: the DPMAC's PAUSE frames, which the MC sets from the DPNI's
// link configuration (dpni_set_link_cfg) and reports in its link state
// (dpni_get_link_state), as two bits in IEEE 802.3 Annex 28B's encoding:
//
//   PAUSE  ASYM_PAUSE   the MAC
//     1        0        honours received PAUSE frames and sends them: full
//     1        1        honours them, sends none: Rx pause
//     0        1        sends them, ignores received ones: Tx pause
//     0        0        neither
//
// The thresholds and the pause time are the MC's: what rte_eth_fc_conf says
// of them is not used (upstream's driver ignores them too).

#include <cerrno>
#include <cstring>

#include "dpaa2_ethdev.hpp"
#include "dpni_cmd_ctrl.hpp"

namespace dpaa2::net
{

namespace
{

namespace hmc = dpaa2::hw::mc;
constexpr uint64_t kPauseBits = hmc::kDpniLinkOptPause | hmc::kDpniLinkOptAsymPause;

rte_eth_fc_mode mode_of(uint64_t options) noexcept
{
	const bool pause = options & hmc::kDpniLinkOptPause;
	const bool asym = options & hmc::kDpniLinkOptAsymPause;
	if (pause)
		return asym ? RTE_ETH_FC_RX_PAUSE : RTE_ETH_FC_FULL;
	return asym ? RTE_ETH_FC_TX_PAUSE : RTE_ETH_FC_NONE;
}

} // namespace

int flow_ctrl_get(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept
{
	dpni::LinkState ls;
	if (int ret = dpni::get_link_state(mc_io(), port_of(dev).dpni, ls); ret < 0) {
		DPAA2_PMD_LOG(ERR, "%s: dpni_get_link_state: %s", dev->data->name, strerror(-ret));
		return ret;
	}
	memset(fc, 0, sizeof(*fc));
	fc->mode = mode_of(ls.options);
	fc->autoneg = (ls.options & hmc::kDpniLinkOptAutoneg) != 0;
	return 0;
}

int flow_ctrl_set(rte_eth_dev *dev, rte_eth_fc_conf *fc) noexcept
{
	uint64_t pause_bits;
	switch (fc->mode) {
	case RTE_ETH_FC_NONE:
		pause_bits = 0;
		break;
	case RTE_ETH_FC_RX_PAUSE:
		pause_bits = hmc::kDpniLinkOptPause | hmc::kDpniLinkOptAsymPause;
		break;
	case RTE_ETH_FC_TX_PAUSE:
		pause_bits = hmc::kDpniLinkOptAsymPause;
		break;
	case RTE_ETH_FC_FULL:
		pause_bits = hmc::kDpniLinkOptPause;
		break;
	default:
		DPAA2_PMD_LOG(ERR, "%s: flow control mode %d", dev->data->name, fc->mode);
		return -EINVAL;
	}
	Port &p = port_of(dev);
	McIo &io = mc_io();
	// The MC refuses a configuration whose rate, autonegotiation or duplex
	// differ from the link's: they are kept, only the pause bits change.
	dpni::LinkState ls;
	int ret = dpni::get_link_state(io, p.dpni, ls);
	if (ret == 0) {
		dpni::LinkCfg cfg;
		cfg.rate_mbps = ls.rate_mbps;
		cfg.options = (ls.options & ~kPauseBits) | pause_bits;
		ret = dpni::set_link_cfg(io, p.dpni, cfg);
	}
	if (ret < 0)
		DPAA2_PMD_LOG(ERR, "%s: dpni_set_link_cfg (flow control mode %d): %s",
			      dev->data->name, fc->mode, strerror(-ret));
	return ret;
}

} // namespace dpaa2::net
