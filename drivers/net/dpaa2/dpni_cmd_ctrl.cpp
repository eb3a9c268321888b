/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpni_cmd_ctrl.hpp"

#include <cerrno>

namespace dpaa2::net::dpni
{

namespace hmc = dpaa2::hw::mc;
using hw::McCommand;

namespace
{

int send(McIo &io, const McObject &o, McCommand &c) noexcept
{
	if (!o.open)
		return -EBADF;
	return io.send(c);
}

// The command's address is the address's bytes last first.
void put_mac(uint8_t *field, const uint8_t mac[6]) noexcept
{
	for (unsigned i = 0; i < 6; i++)
		field[5 - i] = mac[i];
}

int vlan_id_command(McIo &io, const McObject &o, uint16_t id, uint16_t vid) noexcept
{
	McCommand c = McCommand::make(id, o.token);
	c.as<hmc::DpniVlanIdCommand>().vlan_id.store(vid);
	return send(io, o, c);
}

} // namespace

int add_mac_addr(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept
{
	// flags 0: no TC or FQ steering, the address only passes the filter.
	McCommand c = McCommand::make(hmc::dpni::kAddMacAddr, o.token);
	put_mac(c.as<hmc::DpniAddMacAddrCommand>().mac_addr, mac);
	return send(io, o, c);
}

int remove_mac_addr(McIo &io, const McObject &o, const uint8_t mac[6]) noexcept
{
	McCommand c = McCommand::make(hmc::dpni::kRemoveMacAddr, o.token);
	put_mac(c.as<hmc::DpniMacAddr>().mac_addr, mac);
	return send(io, o, c);
}

int clear_mac_filters(McIo &io, const McObject &o, bool unicast, bool multicast) noexcept
{
	// dpni_clear_mac_filters: bit 0 unicast, bit 1 multicast.
	McCommand c = McCommand::make(hmc::dpni::kClearMacFilters, o.token);
	c.as<hmc::DpniEnable>().enable =
		static_cast<uint8_t>((unicast ? 0x1 : 0) | (multicast ? 0x2 : 0));
	return send(io, o, c);
}

int enable_vlan_filter(McIo &io, const McObject &o, bool on) noexcept
{
	McCommand c = McCommand::make(hmc::dpni::kEnableVlanFilter, o.token);
	c.as<hmc::DpniEnable>().enable = on ? 1 : 0;
	return send(io, o, c);
}

int add_vlan_id(McIo &io, const McObject &o, uint16_t vid) noexcept
{
	return vlan_id_command(io, o, hmc::dpni::kAddVlanId, vid);
}

int remove_vlan_id(McIo &io, const McObject &o, uint16_t vid) noexcept
{
	return vlan_id_command(io, o, hmc::dpni::kRemoveVlanId, vid);
}

int set_link_cfg(McIo &io, const McObject &o, const LinkCfg &cfg) noexcept
{
	McCommand c = McCommand::make(hmc::dpni::kSetLinkCfg, o.token);
	auto &p = c.as<hmc::DpniLinkCfg>();
	p.rate.store(cfg.rate_mbps);
	p.options.store(cfg.options);
	p.advertising.store(cfg.advertising);
	return send(io, o, c);
}

} // namespace dpaa2::net::dpni
