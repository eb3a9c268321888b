/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The board platform's device-tree reading, on a tree written the way Linux
// exposes one (/proc/device-tree: a folder per node, a file per property),
// shaped like an LS1046A-RDB USDPAA tree.

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>

#include "platform/device_tree.hpp"

namespace fs = std::filesystem;
namespace dt = dpaa::platform::dt;
using dpaa::platform::MacType;

namespace
{

class TreeWriter
{
public:
	TreeWriter()
	{
		char tmpl[] = "/tmp/dpaa-dt-XXXXXX";
		root_ = mkdtemp(tmpl);
	}
	~TreeWriter() { fs::remove_all(root_); }
	const std::string &root() const { return root_; }

	std::string node(const std::string &path)
	{
		std::string p = root_ + "/" + path;
		fs::create_directories(p);
		return p;
	}
	void cells(const std::string &path, const std::string &prop,
		   std::initializer_list<uint32_t> v)
	{
		std::ofstream f(node(path) + "/" + prop, std::ios::binary);
		for (uint32_t c : v) {
			const char be[4] = {char(c >> 24), char(c >> 16), char(c >> 8), char(c)};
			f.write(be, 4);
		}
	}
	void bytes(const std::string &path, const std::string &prop,
		   std::initializer_list<uint8_t> v)
	{
		std::ofstream f(node(path) + "/" + prop, std::ios::binary);
		for (uint8_t c : v)
			f.put(char(c));
	}
	void strs(const std::string &path, const std::string &prop,
		  std::initializer_list<std::string> v)
	{
		std::ofstream f(node(path) + "/" + prop, std::ios::binary);
		for (const std::string &s : v)
			f.write(s.c_str(), s.size() + 1);
	}

private:
	std::string root_;
};

// An LS1046A-RDB-like tree: /soc (2 address cells, 2 size cells, identity
// ranges) holding fman@1a00000 (1 and 1 cells, ranges into the SoC), its MACs
// and ports, the BMan CCSR, and the portal buses whose ranges put the portals
// at 0x5_0000_0000 (QMan) and 0x5_0800_0000 (BMan).
void write_ls1046a(TreeWriter &t, bool with_ranges = true)
{
	t.strs(".", "compatible", {"fsl,ls1046a-rdb", "fsl,ls1046a"});
	t.strs("fsl,dpaa", "compatible", {"fsl,ls1046a", "fsl,dpaa", "simple-bus"});
	t.cells(".", "#address-cells", {2});
	t.cells(".", "#size-cells", {2});
	t.cells("soc", "#address-cells", {2});
	t.cells("soc", "#size-cells", {2});
	t.cells("soc", "ranges", {});
	const std::string fm = "soc/fman@1a00000";
	t.strs(fm, "compatible", {"fsl,fman"});
	t.cells(fm, "cell-index", {0});
	t.cells(fm, "reg", {0, 0x1a00000, 0, 0x100000});
	t.cells(fm, "#address-cells", {1});
	t.cells(fm, "#size-cells", {1});
	t.cells(fm, "ranges", {0, 0, 0x1a00000, 0x100000});
	t.cells(fm, "clock-frequency", {700000000});
	struct Mac {
		unsigned cell;
		const char *mode;
		uint32_t rx, tx;
	};
	// Written out of cell order: the parser must sort.
	for (Mac m : {Mac{8, "xgmii", 0x10, 0x30}, Mac{2, "rgmii-id", 0x0a, 0x2a},
		      Mac{9, "xgmii", 0x11, 0x31}, Mac{4, "sgmii", 0x0c, 0x2c}}) {
		char name[64];
		snprintf(name, sizeof(name), "%s/ethernet@%x", fm.c_str(),
			 0xe0000 + m.cell * 0x2000);
		t.strs(name, "compatible", {"fsl,fman-memac"});
		t.cells(name, "cell-index", {m.cell});
		t.cells(name, "reg", {0xe0000 + m.cell * 0x2000, 0x1000});
		t.strs(name, "phy-connection-type", {m.mode});
		t.cells(name, "fsl,fman-ports", {0x100 + m.rx, 0x100 + m.tx});
		t.cells(name, "phandle", {0x200 + m.cell});
		t.bytes(name, "local-mac-address", {0x00, 0x04, 0x9f, 0x05, 0x00, uint8_t(m.cell)});
		// User space gets every MAC but fm1-mac5, the kernel's eth0.
		if (m.cell != 4) {
			const std::string dpa = "fsl,dpaa/ethernet@" + std::to_string(m.cell);
			t.strs(dpa, "compatible", {"fsl,dpa-ethernet-init"});
			t.cells(dpa, "fsl,fman-mac", {0x200 + m.cell});
		}
		snprintf(name, sizeof(name), "%s/port@%x", fm.c_str(), 0x80000 + m.rx * 0x1000);
		t.strs(name, "compatible", {"fsl,fman-v3-port-rx"});
		t.cells(name, "cell-index", {m.rx});
		t.cells(name, "phandle", {0x100 + m.rx});
		snprintf(name, sizeof(name), "%s/port@%x", fm.c_str(), 0x80000 + m.tx * 0x1000);
		t.strs(name, "compatible", {"fsl,fman-v3-port-tx"});
		t.cells(name, "cell-index", {m.tx});
		t.cells(name, "linux,phandle", {0x100 + m.tx});
		// As the LS1046A's trees number them: 10G Tx ports 0x30/0x31 on
		// channels 0x800/0x801, 1G Tx port 0x28+c on 0x802+c.
		t.cells(name, "fsl,qman-channel-id",
			{m.tx >= 0x30 ? 0x800 + m.tx - 0x30 : 0x802 + m.tx - 0x28});
	}
	// A disabled MAC is not a device.
	t.strs(fm + "/ethernet@e2000", "compatible", {"fsl,fman-memac"});
	t.cells(fm + "/ethernet@e2000", "cell-index", {1});
	t.strs(fm + "/ethernet@e2000", "status", {"disabled"});

	t.strs("soc/bman@1890000", "compatible", {"fsl,bman"});
	t.cells("soc/bman@1890000", "reg", {0, 0x1890000, 0, 0x10000});

	for (const char *kind : {"qman", "bman"}) {
		const bool q = kind[0] == 'q';
		const std::string bus =
			std::string(kind) + "-portals@" + (q ? "500000000" : "508000000");
		t.strs(bus, "compatible", {"simple-bus"});
		t.cells(bus, "#address-cells", {1});
		t.cells(bus, "#size-cells", {1});
		if (with_ranges)
			t.cells(bus, "ranges", {0, 0x5, q ? 0u : 0x8000000u, 0x8000000});
		for (unsigned i : {1u, 0u}) {
			char at[16];
			snprintf(at, sizeof(at), "@%x", i * 0x10000);
			const std::string n = bus + "/" + kind + "-portal" + at;
			t.strs(n, "compatible", {std::string("fsl,") + kind + "-portal"});
			t.cells(n, "cell-index", {i});
			t.cells(n, "reg", {i * 0x10000, 0x4000, 0x4000000 + i * 0x10000, 0x4000});
		}
	}
	t.strs("soc/qman-fqids@0", "compatible", {"fsl,fqid-range"});
	t.cells("soc/qman-fqids@0", "fsl,fqid-range", {0x200, 0x80});
	t.strs("soc/bman-bpids@0", "compatible", {"fsl,bpid-range"});
	t.cells("soc/bman-bpids@0", "fsl,bpid-range", {32, 32});
	t.strs("soc/qman-pools@0", "compatible", {"fsl,pool-channel-range"});
	t.cells("soc/qman-pools@0", "fsl,pool-channel-range", {0x401, 0xf});
}

} // namespace

TEST(DeviceTree, BigEndianCellsAndStringLists)
{
	const dt::Bytes b{0x00, 0x00, 0x00, 0x05, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0};
	EXPECT_EQ(dt::cell(b, 0), 5u);
	EXPECT_EQ(dt::cell(b, 1), 0x12345678u);
	EXPECT_EQ(dt::cell(b, 3), std::nullopt);
	EXPECT_EQ(dt::cells(b, 1, 2), 0x123456789abcdef0ull);
	EXPECT_EQ(dt::cells(b, 2, 2), std::nullopt);
	const std::string s("fsl,ls1046a-rdb\0fsl,ls1046a\0", 28);
	auto list = dt::strings(dt::Bytes(s.begin(), s.end()));
	ASSERT_EQ(list.size(), 2u);
	EXPECT_EQ(list[0], "fsl,ls1046a-rdb");
	EXPECT_EQ(list[1], "fsl,ls1046a");
}

TEST(DeviceTree, RegDecodesWithTheParentsCellCounts)
{
	TreeWriter t;
	write_ls1046a(t);
	auto fm = dt::reg(t.root(), t.root() + "/soc/fman@1a00000");
	ASSERT_EQ(fm.size(), 1u);
	EXPECT_EQ(fm[0].addr, 0x1a00000u);
	EXPECT_EQ(fm[0].size, 0x100000u);
	auto portal = dt::reg(t.root(), t.root() + "/qman-portals@500000000/qman-portal@10000");
	ASSERT_EQ(portal.size(), 2u);
	EXPECT_EQ(portal[0].addr, 0x10000u);
	EXPECT_EQ(portal[1].addr, 0x4010000u);
	EXPECT_EQ(portal[1].size, 0x4000u);
}

TEST(DeviceTree, RangesTranslateToCpuAddresses)
{
	TreeWriter t;
	write_ls1046a(t);
	const std::string p = t.root() + "/bman-portals@508000000/bman-portal@10000";
	EXPECT_EQ(dt::translate(t.root(), p, 0x4010000), 0x50c010000ull);
	const std::string mac = t.root() + "/soc/fman@1a00000/ethernet@f0000";
	EXPECT_EQ(dt::translate(t.root(), mac, 0xf0000), 0x1af0000ull);
	EXPECT_EQ(dt::translate(t.root(), mac, 0x200000), std::nullopt) << "outside fman's ranges";
}

TEST(DeviceTree, PhandlesAndCompatibleSearch)
{
	TreeWriter t;
	write_ls1046a(t);
	EXPECT_EQ(dt::find_phandle(t.root(), 0x110), t.root() + "/soc/fman@1a00000/port@90000");
	EXPECT_EQ(dt::find_phandle(t.root(), 0x130), t.root() + "/soc/fman@1a00000/port@b0000")
		<< "linux,phandle counts too";
	EXPECT_EQ(dt::find_phandle(t.root(), 0x999), "");
	EXPECT_EQ(dt::find_compatible(t.root(), "fsl,qman-portal").size(), 2u);
}

TEST(DeviceTree, Ls1046aBoardIsParsed)
{
	TreeWriter t;
	write_ls1046a(t);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	EXPECT_STREQ(b.soc.board, "ls1046a-rdb");
	EXPECT_STREQ(b.soc.soc, "LS1046A");
	ASSERT_EQ(b.soc.num_fmans, 1u);
	EXPECT_EQ(b.soc.fmans[0].ccsr_phys, 0x1a00000u);
	EXPECT_EQ(b.soc.fmans[0].ccsr_size, 0x100000u);
	EXPECT_EQ(b.soc.fmans[0].clock_mhz, 700u);

	ASSERT_EQ(b.soc.num_macs, 3u) << "the disabled MAC and the kernel's own are left out";
	const char *names[] = {"fm1-mac3", "fm1-mac9", "fm1-mac10"};
	for (unsigned i = 0; i < 3; i++)
		EXPECT_STREQ(b.soc.macs[i].name, names[i]);
	EXPECT_EQ(b.soc.macs[0].type, MacType::memac_1g);
	EXPECT_EQ(b.soc.macs[0].speed_mbps, 1000u);
	EXPECT_EQ(b.soc.macs[1].cell, 8u);
	EXPECT_EQ(b.soc.macs[1].type, MacType::memac_10g);
	EXPECT_EQ(b.soc.macs[1].speed_mbps, 10000u);
	EXPECT_EQ(b.soc.macs[1].rx_port_id, 0x10);
	EXPECT_EQ(b.soc.macs[1].tx_port_id, 0x30);
	EXPECT_EQ(b.soc.macs[1].tx_channel, 0x800);
	EXPECT_EQ(b.soc.macs[2].tx_channel, 0x801);
	EXPECT_EQ(b.soc.macs[0].tx_channel, 0x804); // fm1-mac3: Tx port 0x2a

	ASSERT_EQ(b.qman_portals.size(), 2u);
	EXPECT_EQ(b.qman_portals[0].index, 0u) << "portals sorted by cell-index";
	EXPECT_EQ(b.qman_portals[1].ce_phys, 0x500010000ull);
	EXPECT_EQ(b.qman_portals[1].ci_phys, 0x504010000ull);
	EXPECT_EQ(b.qman_portals[1].channel, 1u);
	EXPECT_EQ(b.bman_portals[0].ce_phys, 0x508000000ull);
	EXPECT_EQ(b.bman_ccsr_phys, 0x1890000u);

	EXPECT_EQ(b.soc.fqid_base, 0x200u);
	EXPECT_EQ(b.soc.fqid_count, 0x80u);
	EXPECT_EQ(b.soc.bpid_base, 32u);
	EXPECT_EQ(b.soc.bpid_count, 32u);
	ASSERT_EQ(b.soc.num_pool_channels, 15u);
	EXPECT_EQ(b.soc.pool_channels[0], 0x401);
	EXPECT_EQ(b.soc.pool_channels[14], 0x40f);
	EXPECT_EQ(b.soc.pool_channel1, 0x401);
}

TEST(DeviceTree, CgridRangeIsReadAndChecked)
{
	TreeWriter t;
	write_ls1046a(t);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	EXPECT_EQ(b.soc.cgrid_base, 0u); // no fsl,cgrid-range: all 256
	EXPECT_EQ(b.soc.cgrid_count, 256u);
	t.strs("soc/qman-cgrids@0", "compatible", {"fsl,cgrid-range"});
	t.cells("soc/qman-cgrids@0", "fsl,cgrid-range", {16, 64});
	dt::BoardTree b2;
	ASSERT_EQ(dt::parse_board(t.root(), b2, err), 0) << err;
	EXPECT_EQ(b2.soc.cgrid_base, 16u);
	EXPECT_EQ(b2.soc.cgrid_count, 64u);
	t.cells("soc/qman-cgrids@0", "fsl,cgrid-range", {200, 100});
	dt::BoardTree b3;
	EXPECT_EQ(dt::parse_board(t.root(), b3, err), -EINVAL);
	EXPECT_NE(err.find("fsl,cgrid-range <200 100>"), std::string::npos) << err;
}

TEST(DeviceTree, PoolChannelRangeLargerThanAQmanIsNamed)
{
	TreeWriter t;
	write_ls1046a(t);
	t.cells("soc/qman-pools@0", "fsl,pool-channel-range", {0x401, 16});
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -EINVAL);
	EXPECT_NE(err.find("fsl,pool-channel-range <0x401 16>"), std::string::npos) << err;
}

TEST(DeviceTree, TreeWithoutDpaaIsNoDevice)
{
	TreeWriter t;
	t.strs(".", "compatible", {"acme,board"});
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -ENODEV);
	EXPECT_NE(err.find("no fsl,fman node"), std::string::npos) << err;
}

TEST(DeviceTree, PortalOutsideItsBusRangesIsNamed)
{
	TreeWriter t;
	write_ls1046a(t, /*with_ranges=*/false);
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -EINVAL);
	EXPECT_NE(err.find("qman-portal@0: reg is outside the ranges"), std::string::npos) << err;
}

TEST(DeviceTree, MacWithoutCellIndexIsNamed)
{
	TreeWriter t;
	write_ls1046a(t);
	fs::remove(t.root() + "/soc/fman@1a00000/ethernet@f0000/cell-index");
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -EINVAL);
	EXPECT_NE(err.find("ethernet@f0000: fsl,fman-memac node without cell-index"),
		  std::string::npos)
		<< err;
}

TEST(DeviceTree, OnlyTheMacsTheDpaaNodeHandsToUserSpace)
{
	TreeWriter t;
	write_ls1046a(t);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	for (unsigned i = 0; i < b.soc.num_macs; i++)
		EXPECT_STRNE(b.soc.macs[i].name, "fm1-mac5") << "the kernel's own interface";
	EXPECT_STREQ(b.soc.macs[1].if_name, "ethernet@8") << "the link ioctls' name";

	// A tree whose fsl,dpaa node gives user space nothing has no device,
	// and says why.
	fs::remove_all(t.root() + "/fsl,dpaa");
	dt::BoardTree none;
	EXPECT_EQ(dt::parse_board(t.root(), none, err), -ENODEV);
	EXPECT_NE(err.find("no fsl,dpa-ethernet-init node of fsl,dpaa"), std::string::npos) << err;
}

TEST(DeviceTree, DpaNodeNamingAMissingMacIsNamed)
{
	TreeWriter t;
	write_ls1046a(t);
	t.cells("fsl,dpaa/ethernet@8", "fsl,fman-mac", {0x777});
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -EINVAL);
	EXPECT_NE(err.find("ethernet@8: fsl,fman-mac names a node that is not in the tree"),
		  std::string::npos)
		<< err;
}

TEST(DeviceTree, MacAddressComesFromLocalMacAddress)
{
	TreeWriter t;
	write_ls1046a(t);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	const uint8_t want[6] = {0x00, 0x04, 0x9f, 0x05, 0x00, 0x09};
	EXPECT_EQ(memcmp(b.soc.macs[2].addr, want, 6), 0);

	// Upstream and the kernel need it: a MAC without one is named.
	fs::remove(t.root() + "/soc/fman@1a00000/ethernet@f2000/local-mac-address");
	dt::BoardTree b2;
	EXPECT_EQ(dt::parse_board(t.root(), b2, err), -EINVAL);
	EXPECT_NE(err.find("ethernet@f2000: local-mac-address is missing"), std::string::npos)
		<< err;
}

TEST(DeviceTree, TxPortWithoutChannelIsNamed)
{
	TreeWriter t;
	write_ls1046a(t);
	fs::remove(t.root() + "/soc/fman@1a00000/port@b0000/fsl,qman-channel-id");
	dt::BoardTree b;
	std::string err;
	EXPECT_EQ(dt::parse_board(t.root(), b, err), -EINVAL);
	EXPECT_NE(err.find("port@b0000: Tx port without fsl,qman-channel-id"), std::string::npos)
		<< err;
}

TEST(DeviceTree, CellCountsAreInheritedFromAncestors)
{
	TreeWriter t;
	write_ls1046a(t);
	// The FMan's own #address-cells gone: its children take the SoC bus's
	// (2), not the specification's default for a missing one.
	fs::remove(t.root() + "/soc/fman@1a00000/#address-cells");
	fs::remove(t.root() + "/soc/fman@1a00000/#size-cells");
	const std::string fm = t.root() + "/soc/fman@1a00000";
	EXPECT_EQ(dt::address_cells(t.root(), fm), 2u);
	EXPECT_EQ(dt::size_cells(t.root(), fm), 2u) << "the SoC bus's, not the default 1";
	EXPECT_EQ(dt::address_cells(t.root(), t.root() + "/qman-portals@500000000"), 1u);
	// Nothing anywhere: the defaults.
	TreeWriter bare;
	bare.strs("a/b", "compatible", {"x"});
	EXPECT_EQ(dt::address_cells(bare.root(), bare.root() + "/a/b"), 2u);
	EXPECT_EQ(dt::size_cells(bare.root(), bare.root() + "/a/b"), 1u);
}

TEST(DeviceTree, Ls104xPoolChannelsComeFromTheTree)
{
	TreeWriter t;
	write_ls1046a(t);
	t.cells("soc/qman-pools@0", "fsl,pool-channel-range", {0x405, 4});
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	ASSERT_EQ(b.soc.num_pool_channels, 4u);
	EXPECT_EQ(b.soc.pool_channels[0], 0x405) << "LS104x numbering, not the P4080's 0x21";
	EXPECT_EQ(b.soc.pool_channel1, 0x401) << "SDQCR bits count from pool channel 1";

	// A QMan 3.x portal with a range of the P4080's numbering is an error
	// that names both.
	for (const char *n :
	     {"qman-portals@500000000/qman-portal@0", "qman-portals@500000000/qman-portal@10000"})
		t.strs(n, "compatible", {"fsl,qman-portal-3.2.0", "fsl,qman-portal"});
	t.cells("soc/qman-pools@0", "fsl,pool-channel-range", {0x21, 15});
	dt::BoardTree b2;
	EXPECT_EQ(dt::parse_board(t.root(), b2, err), -EINVAL);
	EXPECT_NE(err.find("<0x21 15>: this QMan has 15 pool channels, 0x401..0x40f"),
		  std::string::npos)
		<< err;
}

namespace
{

// The 1588 timer nodes of the LS1046A's tree: ptp-timer@1afe000 beside
// fman@1a00000 in /soc, which names it in ptimer-handle; and a second
// timer node, of an FMan the board does not have, that must not be taken.
void write_timers(TreeWriter &t, bool handle)
{
	for (uint32_t at : {0x1afe000u, 0x1bfe000u}) {
		char n[64];
		snprintf(n, sizeof(n), "soc/ptp-timer@%x", at);
		t.strs(n, "compatible", {"fsl,fman-ptp-timer"});
		t.cells(n, "reg", {0, at, 0, 0x1000});
		t.cells(n, "phandle", {at == 0x1afe000u ? 0x300u : 0x301u});
	}
	if (handle)
		t.cells("soc/fman@1a00000", "ptimer-handle", {0x300});
}

} // namespace

TEST(DeviceTree, FmanTimerIsTheNodeItsPtimerHandleNames)
{
	TreeWriter t;
	write_ls1046a(t);
	write_timers(t, true);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	EXPECT_EQ(b.soc.fmans[0].timer_phys, 0x1afe000u);
	EXPECT_EQ(b.soc.fmans[0].timer_size, 0x1000u);
}

TEST(DeviceTree, FmanTimerWithoutHandleIsTheOneInsideTheFmansMegabyte)
{
	TreeWriter t;
	write_ls1046a(t);
	write_timers(t, false);
	// Listed first in name order, but outside fman@1a00000's 1 MiB.
	t.strs("soc/ptp-timer@1000", "compatible", {"fsl,fman-ptp-timer"});
	t.cells("soc/ptp-timer@1000", "reg", {0, 0x1000, 0, 0x1000});
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	EXPECT_EQ(b.soc.fmans[0].timer_phys, 0x1afe000u);
	EXPECT_EQ(b.soc.fmans[0].timer_size, 0x1000u);
}

TEST(DeviceTree, NoFmanTimerNodeLeavesTheTimerUnmapped)
{
	TreeWriter t;
	write_ls1046a(t);
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	EXPECT_EQ(b.soc.fmans[0].timer_phys, 0u);
	EXPECT_EQ(b.soc.fmans[0].timer_size, 0u);
}

TEST(DeviceTree, LineSideFromPhyHandleOrFixedLink)
{
	TreeWriter t;
	write_ls1046a(t);
	const std::string fm = "soc/fman@1a00000";
	// As fsl-ls1046a-rdb.dts: MAC9 to the AQR106 (clause 45) on
	// mdio@fd000, MAC10 a fixed link to the SFP+ cage, MAC3 an RGMII PHY.
	t.strs(fm + "/mdio@fd000/ethernet-phy@0", "compatible", {"ethernet-phy-ieee802.3-c45"});
	t.cells(fm + "/mdio@fd000/ethernet-phy@0", "phandle", {0x400});
	t.cells(fm + "/ethernet@f0000", "phy-handle", {0x400});
	t.cells(fm + "/ethernet@f2000", "fixed-link", {0, 1, 1000, 0, 0});
	t.cells(fm + "/mdio@fc000/ethernet-phy@1", "reg", {1});
	t.cells(fm + "/mdio@fc000/ethernet-phy@1", "phandle", {0x401});
	t.cells(fm + "/ethernet@e4000", "phy-handle", {0x401});
	dt::BoardTree b;
	std::string err;
	ASSERT_EQ(dt::parse_board(t.root(), b, err), 0) << err;
	ASSERT_EQ(b.soc.num_macs, 3u);
	EXPECT_EQ(b.soc.macs[0].phy, dpaa::platform::PhyKind::phy);	   // fm1-mac3
	EXPECT_EQ(b.soc.macs[1].phy, dpaa::platform::PhyKind::multirate);  // fm1-mac9
	EXPECT_EQ(b.soc.macs[2].phy, dpaa::platform::PhyKind::fixed_link); // fm1-mac10
}
