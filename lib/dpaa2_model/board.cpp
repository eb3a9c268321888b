/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa2_model/board.hpp"

#include "dpaa2_model/qbman.hpp"

namespace dpaa2::model
{

namespace
{

// The Cortex-A72's MIDR (r0p3), what the MC reports as the PVR.
constexpr uint32_t kPvrCortexA72 = 0x410FD083;

// MC firmware 10.39.0: the release DPDK 25.11 requires at least (fsl_dpmng.h
// MC_VER_MINOR 39); 22.11 accepts 10.32 and later.
constexpr uint32_t kMcMajor = 10, kMcMinor = 39, kMcRevision = 0;

std::vector<DpmacDesc> lx2160a_rdb_dpmacs()
{
	std::vector<DpmacDesc> v;
	for (unsigned id = 1; id <= 18; id++)
		v.push_back({id, 10000, "unknown", "unknown"});
	// fsl-lx2160a-rdb.dts: the two 10GBASE-T ports and the two RGMII ports.
	v[3 - 1] = {3, 10000, "aqr107", "usxgmii"};
	v[4 - 1] = {4, 10000, "aqr107", "usxgmii"};
	v[17 - 1] = {17, 1000, "ar8035", "rgmii-id"};
	v[18 - 1] = {18, 1000, "ar8035", "rgmii-id"};
	return v;
}

std::vector<DpmacDesc> ls2088a_rdb_dpmacs()
{
	std::vector<DpmacDesc> v;
	for (unsigned id = 1; id <= 16; id++)
		v.push_back({id, 10000, "unknown", "unknown"});
	// fsl-ls208xa-rdb.dtsi: four Cortina CS4340 (XFI to SFP+) and four
	// Aquantia AQR405 10GBASE-T.
	for (unsigned id = 1; id <= 4; id++)
		v[id - 1] = {id, 10000, "cs4340", "xfi"};
	for (unsigned id = 5; id <= 8; id++)
		v[id - 1] = {id, 10000, "aqr405", "10gbase-r"};
	return v;
}

const std::vector<BoardDesc> &boards()
{
	static const std::vector<BoardDesc> b = {
		// LX2160A rev 2.0 (SVR revision byte 0x20, as U-Boot prints
		// "LX2160ACE Rev2.0 (0x87360020)"); QBMan 5.0 memory-backed
		// portals; WRIOP 3.0.0.
		{"lx2160a-rdb", "LX2160A", 0x87360020, kPvrCortexA72, 16, kQmanRev50,
		 wriop_version(3, 0, 0), true, kMcMajor, kMcMinor, kMcRevision,
		 lx2160a_rdb_dpmacs()},
		// LS2088A rev 1.0; QBMan 4.1 direct portals; WRIOP 1.0.0 (the
		// revision the kernel's dpaa2-eth treats as "rev1").
		{"ls2088a-rdb", "LS2088A", 0x87090010, kPvrCortexA72, 8, kQmanRev41,
		 wriop_version(1, 0, 0), false, kMcMajor, kMcMinor, kMcRevision,
		 ls2088a_rdb_dpmacs()},
	};
	return b;
}

} // namespace

const DpmacDesc *BoardDesc::dpmac(unsigned id) const
{
	for (const DpmacDesc &d : dpmacs)
		if (d.id == id)
			return &d;
	return nullptr;
}

std::string BoardDesc::dpmac_range() const
{
	return "dpmac." + std::to_string(dpmacs.front().id) + " .. dpmac." +
	       std::to_string(dpmacs.back().id);
}

const BoardDesc *find_board(std::string_view name)
{
	for (const BoardDesc &b : boards())
		if (b.name == name)
			return &b;
	return nullptr;
}

const BoardDesc &default_board()
{
	return boards().front();
}

std::string board_names()
{
	std::string s;
	for (const BoardDesc &b : boards())
		s += (s.empty() ? "" : ", ") + std::string(b.name);
	return s;
}

} // namespace dpaa2::model
