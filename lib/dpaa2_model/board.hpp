/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The DPAA2 boards the model knows: the SoC's identity as the MC reports it
// (SVR, cores), the versions of its blocks (QBMan, WRIOP, MC firmware), and
// its DPMACs with the PHYs the board wires to them.
//
// Facts: the SoCs' DPMAC nodes (Linux fsl-lx2160a.dtsi dpmac1..18,
// fsl-ls208xa.dtsi dpmac1..16) and the RDBs' PHYs (fsl-lx2160a-rdb.dts:
// dpmac3/4 AQR107 usxgmii, dpmac17/18 AR8035 rgmii; fsl-ls208xa-rdb.dtsi:
// dpmac1-4 CS4340 XFI, dpmac5-8 AQR405). A DPMAC whose board wiring the
// device trees do not describe (the LX2160A-RDB's SFP28/QSFP cages) keeps
// the SoC's fastest MAC speed for its kind of port and the PHY "unknown".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dpaa2::model
{

struct DpmacDesc {
	unsigned id;		 // dpmac.<id>
	uint32_t max_speed_mbps; // what the PHY (or the SerDes lane) allows
	const char *phy;	 // "aqr107", "ar8035", ...
	const char *interface;	 // phy-connection-type: "usxgmii", "rgmii", ...
};

struct BoardDesc {
	std::string_view name; // "lx2160a-rdb"
	const char *soc;       // "LX2160A"
	uint32_t svr;	       // mc_get_soc_version; the driver masks & 0xffff0000
	uint32_t pvr;	       // the cores' MIDR
	unsigned cores;
	uint32_t qman_version;	// dpio_get_attributes' qbman_version
	uint16_t wriop_version; // dpni_get_attributes: major << 10 | minor << 5 | rev
	bool lx2_frc_summary;	// WRIOP writes the parse summary in FD.FRC
	uint32_t mc_major, mc_minor, mc_revision;
	std::vector<DpmacDesc> dpmacs; // every DPMAC of the SoC, by id

	const DpmacDesc *dpmac(unsigned id) const;
	// "dpmac.1 .. dpmac.18", for messages.
	std::string dpmac_range() const;
};

const BoardDesc *find_board(std::string_view name);
const BoardDesc &default_board();
std::string board_names(); // "lx2160a-rdb, ls2088a-rdb"

// SVR families upstream compares (qbman_sys.h): the top 16 bits.
inline constexpr uint32_t kSvrLx2160a = 0x87360000;
inline constexpr uint32_t kSvrLs2088a = 0x87090000;

constexpr uint16_t wriop_version(unsigned major, unsigned minor, unsigned rev)
{
	return static_cast<uint16_t>(major << 10 | minor << 5 | rev);
}

} // namespace dpaa2::model
