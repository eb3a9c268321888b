/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The boards the model knows: which FMan MACs exist and are wired on the
// board, their type and speed, their names (fm<fman+1>-mac<cell+1>, as the
// device trees and NXP's tools name them), and the portal counts.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dpaa::model
{

enum class MacType { memac_1g, memac_10g };

// What the board puts on the line side of a MAC (its device-tree node's
// phy-handle or fixed-link), which bounds the speeds the port can run.
enum class PhyKind {
	phy_1g,	   // a 10/100/1000 PHY on RGMII, SGMII or QSGMII
	multirate, // a 10GBASE-T PHY on XFI that adapts the rate (AQR105,
		   // AQR106): 100M, 1G, 2.5G, 5G or 10G on the line while the
		   // MAC runs XFI at 10G, paced by the PHY
	sfp_cage,  // an SFP+ cage: no PHY the kernel drives (a fixed link)
};

struct MacDesc {
	unsigned cell; // MAC cell index in the FMan = mac number - 1
	MacType type;
	uint32_t speed_mbps;
	std::string name; // "fm1-mac9"
	PhyKind phy = PhyKind::phy_1g;
};

struct FmanDesc {
	unsigned index;		   // 0 = fm1
	std::vector<MacDesc> macs; // the MACs the board connects, in cell order
};

struct BoardDesc {
	std::string name; // "ls1046a-rdb"
	std::string soc;  // "LS1046A"
	std::vector<FmanDesc> fmans;
	unsigned qman_portals;
	unsigned bman_portals;

	// The MAC of that name and the FMan it belongs to, or nullptr.
	const MacDesc *find_mac(std::string_view port, unsigned *fman = nullptr) const;
	// "fm1-mac3, fm1-mac4, ..." in device order, for error messages.
	std::string port_list() const;
};

// The boards, by name: "ls1046a-rdb", "ls1043a-rdb".
const BoardDesc *find_board(std::string_view name);
std::span<const BoardDesc> boards();
// "ls1046a-rdb|ls1043a-rdb"
std::string board_names();

} // namespace dpaa::model
