/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The DPNI commands of the port's control features, typed as those of
// dpni_cmd.hpp are: address and VLAN filters (dpaa2_ethdev_filters.cpp) and
// the link configuration that carries the pause bits
// (dpaa2_ethdev_flow_ctrl.cpp). Every function returns 0 or a negative
// errno, the MC's status as mc_status_errno() maps it.
//
// Plain C++ with no DPDK dependency.
#pragma once

#include <cstdint>

#include "dpni_cmd.hpp"

namespace dpaa2::net::dpni
{

// An entry of the DPNI's address filter (unicast or multicast), in the
// address's usual byte order.
int add_mac_addr(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept;
int remove_mac_addr(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept;
// Empties the filter of its unicast entries, its multicast ones, or both.
int clear_mac_filters(McIo &io, const McObject &o, bool unicast, bool multicast) noexcept;

int enable_vlan_filter(McIo &io, const McObject &o, bool on) noexcept;
int add_vlan_id(McIo &io, const McObject &o, uint16_t vid) noexcept;
int remove_vlan_id(McIo &io, const McObject &o, uint16_t vid) noexcept;

// dpni_set_link_cfg: the rate and the kDpniLinkOpt* options (autoneg,
// half duplex, PAUSE, ASYM_PAUSE) the DPMAC runs with.
struct LinkCfg {
	uint32_t rate_mbps = 0;
	uint64_t options = 0;
	uint64_t advertising = 0;
};
int set_link_cfg(McIo &io, const McObject &o, const LinkCfg &cfg) noexcept;

} // namespace dpaa2::net::dpni
