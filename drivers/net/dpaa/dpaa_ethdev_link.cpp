/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Link speed configuration: what each MAC can run, the check of
// rte_eth_conf::link_speeds at configure, and the mode it becomes at start
// (set through the platform: a board's kernel owns the PHY).
//
// A 1G mEMAC runs 10 and 100 Mb/s in full or half duplex and 1 Gb/s in full
// duplex (half duplex at 1 Gb/s is not an Ethernet mode its PHYs offer), or
// negotiates. A 10G mEMAC runs 10 Gb/s or, through SGMII, 1 Gb/s, full
// duplex; 10GBASE-R has no autonegotiation, so it is reported fixed. Behind
// a 10GBASE-T PHY that adapts the rate (the RDBs' AQR105/AQR106 on
// fm1-mac9) the line also runs 100 Mb/s, 2.5 and 5 Gb/s while the MAC stays
// on XFI; an SFP+ cage or another PHY gives only the MAC's 1 and 10 Gb/s.

#include <rte_ethdev.h>

#include "dpaa_ethdev.hpp"

namespace dpaa::net
{

namespace
{

constexpr uint32_t k1gCapa = RTE_ETH_LINK_SPEED_10M_HD | RTE_ETH_LINK_SPEED_10M |
			     RTE_ETH_LINK_SPEED_100M_HD | RTE_ETH_LINK_SPEED_100M |
			     RTE_ETH_LINK_SPEED_1G;
constexpr uint32_t k10gCapa = RTE_ETH_LINK_SPEED_1G | RTE_ETH_LINK_SPEED_10G;
constexpr uint32_t kMultirateCapa = RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_1G |
				    RTE_ETH_LINK_SPEED_2_5G | RTE_ETH_LINK_SPEED_5G |
				    RTE_ETH_LINK_SPEED_10G;

struct SpeedBit {
	uint32_t bit;
	uint32_t mbps;
	bool full;
};
constexpr SpeedBit kSpeeds[] = {
	{RTE_ETH_LINK_SPEED_10M_HD, 10, false},	  {RTE_ETH_LINK_SPEED_10M, 10, true},
	{RTE_ETH_LINK_SPEED_100M_HD, 100, false}, {RTE_ETH_LINK_SPEED_100M, 100, true},
	{RTE_ETH_LINK_SPEED_1G, 1000, true},	  {RTE_ETH_LINK_SPEED_2_5G, 2500, true},
	{RTE_ETH_LINK_SPEED_5G, 5000, true},	  {RTE_ETH_LINK_SPEED_10G, 10000, true},
	{RTE_ETH_LINK_SPEED_20G, 20000, true},	  {RTE_ETH_LINK_SPEED_25G, 25000, true},
	{RTE_ETH_LINK_SPEED_40G, 40000, true},	  {RTE_ETH_LINK_SPEED_50G, 50000, true},
	{RTE_ETH_LINK_SPEED_56G, 56000, true},	  {RTE_ETH_LINK_SPEED_100G, 100000, true},
	{RTE_ETH_LINK_SPEED_200G, 200000, true},
};

bool multirate(const platform::MacInfo &m) noexcept
{
	return m.type == platform::MacType::memac_10g && m.phy == platform::PhyKind::multirate;
}

uint32_t capa_of(const platform::MacInfo &m) noexcept
{
	if (multirate(m))
		return kMultirateCapa;
	return m.type == platform::MacType::memac_10g ? k10gCapa : k1gCapa;
}

const char *mac_kind(const platform::MacInfo &m) noexcept
{
	if (multirate(m))
		return "10G mEMAC with a rate-adapting 10GBASE-T PHY: 100 Mbps, 1, 2.5, 5 or "
		       "10 Gbps full duplex";
	if (m.type == platform::MacType::memac_10g)
		return m.phy == platform::PhyKind::fixed_link
			       ? "10G mEMAC on a fixed link or SFP+ cage: 1 or 10 Gbps full duplex"
			       : "10G mEMAC: 1 or 10 Gbps full duplex";
	return "1G mEMAC: 10 or 100 Mbps full or half duplex, 1 Gbps full duplex";
}

} // namespace

uint32_t speed_capa(const platform::MacInfo &m) noexcept
{
	if (m.type == platform::MacType::memac_10g)
		return capa_of(m) | RTE_ETH_LINK_SPEED_FIXED;
	return k1gCapa;
}

int link_mode_from_conf(const Port &p, uint32_t link_speeds, platform::LinkMode &out) noexcept
{
	const platform::MacInfo &m = p.hw->info;
	const bool ten = m.type == platform::MacType::memac_10g;
	const uint32_t capa = capa_of(m);
	const uint32_t speeds = link_speeds & ~RTE_ETH_LINK_SPEED_FIXED;
	const char *name = p.bus_dev->name;
	for (const SpeedBit &s : kSpeeds) {
		if (!(speeds & s.bit) || (capa & s.bit))
			continue;
		DPAA_PMD_LOG(ERR, "%s: link speed %s %s duplex is not supported (%s)", name,
			     rte_eth_link_speed_to_str(s.mbps), s.full ? "full" : "half",
			     mac_kind(m));
		return -EINVAL;
	}
	if (speeds & ~capa) {
		DPAA_PMD_LOG(ERR, "%s: link_speeds 0x%x: unknown speed bits", name, link_speeds);
		return -EINVAL;
	}
	if (!(link_speeds & RTE_ETH_LINK_SPEED_FIXED)) {
		// Autonegotiation (of the speeds given, or of all of them). A
		// 10G mEMAC has none: it runs the fastest speed it is allowed.
		if (ten) {
			uint32_t fastest = 10000;
			if (speeds != 0)
				for (const SpeedBit &s : kSpeeds)
					if (speeds & s.bit)
						fastest = s.mbps;
			out = {fastest, true, false};
		} else {
			out = {1000, true, true};
		}
		return 0;
	}
	const SpeedBit *pick = nullptr;
	for (const SpeedBit &s : kSpeeds)
		if (speeds & s.bit) {
			if (pick != nullptr) {
				DPAA_PMD_LOG(ERR,
					     "%s: link_speeds 0x%x: a fixed link speed names one "
					     "speed",
					     name, link_speeds);
				return -EINVAL;
			}
			pick = &s;
		}
	if (pick == nullptr) {
		DPAA_PMD_LOG(ERR, "%s: link_speeds 0x%x: fixed, but no speed given", name,
			     link_speeds);
		return -EINVAL;
	}
	out = {pick->mbps, pick->full, false};
	return 0;
}

} // namespace dpaa::net
