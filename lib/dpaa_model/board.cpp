/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// Board descriptions, from the boards' device trees (fsl-ls1046a-rdb.dts,
// fsl-ls1043a-rdb.dts): the fman0 ethernet@ nodes the board configures with a
// PHY or a fixed link. Node ethernet@e0000 + cell * 0x2000 is MAC cell
// "cell" (fm1-mac<cell+1>); ethernet@f0000/f2000 are the 10G MACs 9 and 10.
#include "dpaa_model/board.hpp"

#include <array>

namespace dpaa::model
{

namespace
{

MacDesc mac_1g(unsigned number)
{
	return {number - 1, MacType::memac_1g, 1000, "fm1-mac" + std::to_string(number)};
}

MacDesc mac_10g(unsigned number, PhyKind phy)
{
	return {number - 1, MacType::memac_10g, 10000, "fm1-mac" + std::to_string(number), phy};
}

// Both SoCs have 10 QMan and 10 BMan software portals (qportal0..9,
// bportal0..9 in their device trees).
constexpr unsigned kPortals = 10;

const std::array<BoardDesc, 2> &all_boards()
{
	static const std::array<BoardDesc, 2> b{{
		// LS1046A-RDB: MAC3/MAC4 RGMII PHYs, MAC5/MAC6 SGMII PHYs,
		// MAC9 (10GEC1) XFI to the AQR106 10GBASE-T PHY (phy-handle
		// to a clause-45 PHY on mdio@fd000), MAC10 (10GEC2) XFI to the
		// SFP+ cage (fixed-link). MAC1/MAC2 are not wired.
		{"ls1046a-rdb",
		 "LS1046A",
		 {{0,
		   {mac_1g(3), mac_1g(4), mac_1g(5), mac_1g(6), mac_10g(9, PhyKind::multirate),
		    mac_10g(10, PhyKind::sfp_cage)}}},
		 kPortals,
		 kPortals},
		// LS1043A-RDB: MAC1/MAC2 and MAC5/MAC6 on the QSGMII PHY,
		// MAC3/MAC4 RGMII PHYs, MAC9 (10GEC1) to the AQR105 10GBASE-T
		// PHY (clause 45, mdio@fd000). LS1043A has no MAC10.
		{"ls1043a-rdb",
		 "LS1043A",
		 {{0,
		   {mac_1g(1), mac_1g(2), mac_1g(3), mac_1g(4), mac_1g(5), mac_1g(6),
		    mac_10g(9, PhyKind::multirate)}}},
		 kPortals,
		 kPortals},
	}};
	return b;
}

} // namespace

const MacDesc *BoardDesc::find_mac(std::string_view port, unsigned *fman) const
{
	for (const FmanDesc &f : fmans) {
		for (const MacDesc &m : f.macs) {
			if (m.name == port) {
				if (fman)
					*fman = f.index;
				return &m;
			}
		}
	}
	return nullptr;
}

std::string BoardDesc::port_list() const
{
	std::string s;
	for (const FmanDesc &f : fmans) {
		for (const MacDesc &m : f.macs) {
			if (!s.empty())
				s += ", ";
			s += m.name;
		}
	}
	return s;
}

std::span<const BoardDesc> boards()
{
	return all_boards();
}

const BoardDesc *find_board(std::string_view name)
{
	for (const BoardDesc &b : all_boards())
		if (b.name == name)
			return &b;
	return nullptr;
}

std::string board_names()
{
	std::string s;
	for (const BoardDesc &b : all_boards()) {
		if (!s.empty())
			s += "|";
		s += b.name;
	}
	return s;
}

} // namespace dpaa::model
