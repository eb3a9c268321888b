/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan model registers: identification, reset values, read-only and
// self-clearing fields, link status, KeyGen indirect access.

#include <gtest/gtest.h>

#include "fman_test_support.hpp"

namespace dpaa::test
{
namespace
{

namespace kg = fm::kg;

// A next-engine value naming a KeyGen scheme still names the KeyGen engine:
// the BMI dispatches on the engine field alone.
TEST(FmanNia, KeygenSchemeKeepsTheEngineFieldAndNamesTheScheme)
{
	for (unsigned s = 0; s < 32; s++) {
		const uint32_t nia = fm::nia::keygen_scheme(s);
		EXPECT_EQ(nia & fm::nia::kEngineMask, fm::nia::kEngKeygen) << "scheme " << s;
		EXPECT_EQ(nia & fm::nia::kKgSchemeMask, s);
		EXPECT_NE(nia & fm::nia::kKgDirect, 0u);
	}
	EXPECT_FALSE(fm::nia::is_keygen(fm::nia::kEngQmiDeq));
	EXPECT_FALSE(fm::nia::is_keygen(fm::nia::kEngQmiEnq));
}

TEST(FmanRegs, RevisionAndMicrocodeAsLs1046a)
{
	FmanRig rig;
	uint32_t rev = rig.rd(fm::fpm::kBase + fm::fpm::kIpRev1);
	EXPECT_EQ((rev & fm::fpm::kRev1MajorMask) >> fm::fpm::kRev1MajorShift, fm::fpm::kMajorV3);
	rig.wr(fm::fpm::kBase + fm::fpm::kIpRev1, 0);
	EXPECT_EQ(rig.rd(0xC30C4), rev); // read-only
	EXPECT_EQ(rig.fman.faults().read_only_write, 1u);

	rig.wr(fm::iram::kBase + fm::iram::kIadd, fm::iram::kUcodeVersionAddr | fm::iram::kIaddAie);
	EXPECT_EQ(rig.rd(fm::iram::kBase + fm::iram::kIready), fm::iram::kIreadyReady);
	uint32_t v = rig.rd(fm::iram::kBase + fm::iram::kIdata);
	EXPECT_EQ(v >> 16, 106u);
	EXPECT_EQ((v >> 8) & 0xff, 4u);
	EXPECT_EQ(v & 0xff, 18u);
}

TEST(FmanRegs, MacResetValuesAndAddresses)
{
	FmanRig rig;
	const unsigned c = FmanRig::kMac9;
	EXPECT_EQ(rig.mac_rd(c, memac::kMaxFrm), memac::kMaxFrmReset);
	EXPECT_EQ(rig.mac_rd(c, memac::kCommandConfig), memac::cmd::kReset);
	EXPECT_EQ(rig.mac_rd(c, memac::kIfMode) & memac::if_mode::kMask, memac::if_mode::k10G);
	EXPECT_EQ(rig.mac_rd(FmanRig::kMac3, memac::kIfMode) & memac::if_mode::kMask,
		  memac::if_mode::kGmii);
	rig.mac_wr(c, memac::kMacAddr0Lo, 0x9f040000);
	rig.mac_wr(c, memac::kMacAddr0Hi, 0x00000900);
	EXPECT_EQ(rig.mac_rd(c, memac::kMacAddr0Lo), 0x9f040000u);
	EXPECT_EQ(rig.mac_rd(c, memac::kMacAddr0Hi), 0x00000900u);
	rig.mac_wr(c, memac::kMaxFrm, 0xdead2400);
	EXPECT_EQ(rig.mac_rd(c, memac::kMaxFrm), 0x2400u);
	// HASHTABLE_CTRL is write-only; SWR self-clears.
	rig.mac_wr(c, memac::kHashtableCtrl, memac::hash::kMcastEn | 5);
	EXPECT_EQ(rig.mac_rd(c, memac::kHashtableCtrl), 0u);
	rig.mac_wr(c, memac::kCommandConfig, memac::cmd::kSwReset | memac::cmd::kRxEn);
	EXPECT_EQ(rig.mac_rd(c, memac::kCommandConfig), memac::cmd::kRxEn);
	// Registers without behaviour keep what was written.
	rig.mac_wr(c, memac::pause_quanta(0), 0xffff);
	EXPECT_EQ(rig.mac_rd(c, memac::pause_quanta(0)), 0xffffu);
	// Counters are read-only.
	rig.mac_wr(c, memac::stat::kRFrm, 7);
	EXPECT_EQ(rig.mac_rd(c, memac::stat::kRFrm), 0u);
	EXPECT_EQ(rig.fman.faults().read_only_write, 1u);
}

TEST(FmanRegs, IfStatusFollowsTheWire)
{
	FmanRig rig;
	namespace ifs = dpaa::model::memac_if_status;
	uint32_t s = rig.mac_rd(FmanRig::kMac9, memac::kIfStatus);
	EXPECT_EQ(s & ifs::kLinkUp, ifs::kLinkUp);
	EXPECT_EQ(s & ifs::kSpeedMask, ifs::kSpeed10G);
	EXPECT_EQ(rig.mac_rd(FmanRig::kMac3, memac::kIfStatus) & ifs::kSpeedMask, ifs::kSpeed1G);
	rig.wires[FmanRig::kMac9]->up = false;
	EXPECT_EQ(rig.mac_rd(FmanRig::kMac9, memac::kIfStatus) & ifs::kLinkUp, 0u);
	// A MAC without a wire has no link.
	EXPECT_EQ(rig.mac_rd(4, memac::kIfStatus), 0u);
}

TEST(FmanRegs, ClearOnRead)
{
	FmanRig rig;
	const unsigned c = FmanRig::kMac9;
	rig.mac_wr(c, memac::kCommandConfig, memac::cmd::kRxEn);
	rig.mac_wr(c, memac::kStatnConfig, memac::statn::kClearOnRead);
	rig.rx(c, FrameBuilder().etype(0x0800).payload(60).finish());
	EXPECT_EQ(rig.mac_rd(c, memac::stat::kRPkt), 1u);
	EXPECT_EQ(rig.mac_rd(c, memac::stat::kRPkt + 4), 0u); // reading _U clears
	EXPECT_EQ(rig.mac_rd(c, memac::stat::kRPkt), 0u);
}

TEST(FmanRegs, PortResetValues)
{
	FmanRig rig;
	const unsigned c = FmanRig::kMac10;
	EXPECT_EQ(rig.rx_rd(c, fm::bmi_rx::kRcfg), 0u);
	EXPECT_EQ(rig.rx_rd(c, fm::bmi_rx::kRicp), fm::icp::kDefault);
	EXPECT_EQ(rig.rx_rd(c, fm::bmi_rx::kRfne), fm::nia::kEngParser);
	EXPECT_EQ(rig.rx_rd(c, fm::bmi_rx::kRfpne), fm::nia::kEnqueue);
	EXPECT_EQ(rig.rx_rd(c, fm::bmi_rx::kRstc), fm::bmi_rx::kStatsEn);
	EXPECT_EQ(rig.tx_rd(c, fm::bmi_tx::kTicp), fm::icp::kDefault);
	// The device tree's fsl,qman-channel-id of Tx ports 0x30, 0x31, 0x2a.
	EXPECT_EQ(rig.fman.tx_channel(FmanRig::kMac9), 0x800);
	EXPECT_EQ(rig.fman.tx_channel(FmanRig::kMac10), 0x801);
	EXPECT_EQ(rig.fman.tx_channel(FmanRig::kMac3), 0x804);
}

TEST(FmanRegs, KeygenSchemeAndPortThroughTheIndirectWindow)
{
	FmanRig rig;
	rig.wr(kg::kBase + kg::kSeMode, kg::kModeEn | fm::nia::kEnqueue);
	rig.wr(kg::kBase + kg::kSeEkfc, kg::kn::kIpSrc1);
	rig.wr(kg::kBase + kg::kSeFqb, 0x400);
	rig.wr(kg::kBase + kg::kSeHc, kg::hc(4));
	rig.wr(kg::kBase + kg::kAr, kg::ar_scheme(7, false));
	EXPECT_EQ(rig.rd(kg::kBase + kg::kAr) & kg::kArGo, 0u);
	// Scribble over the window, then read scheme 7 back through it.
	for (uint32_t off = kg::kSeMode; off <= kg::kSeVsp; off += 4)
		rig.wr(kg::kBase + off, 0xffffffff);
	rig.wr(kg::kBase + kg::kAr, kg::ar_scheme(7, true));
	EXPECT_EQ(rig.rd(kg::kBase + kg::kSeMode), kg::kModeEn | fm::nia::kEnqueue);
	EXPECT_EQ(rig.rd(kg::kBase + kg::kSeEkfc), kg::kn::kIpSrc1);
	EXPECT_EQ(rig.rd(kg::kBase + kg::kSeFqb), 0x400u);
	EXPECT_EQ(rig.rd(kg::kBase + kg::kSeHc), 3u);
	EXPECT_EQ(rig.fman.keygen().scheme(0)[0], 0u); // other schemes untouched

	rig.wr(kg::kBase + kg::kPeSp, 0x01000000);
	rig.wr(kg::kBase + kg::kAr, kg::ar_port(0x11, false));
	EXPECT_EQ(rig.fman.keygen().port_schemes(0x11), 0x01000000u);
}

TEST(FmanRegs, DriverMisuseIsCountedAsFaults)
{
	FmanRig rig;
	const unsigned c = FmanRig::kMac9;
	rig.add_pool(1, 2048, 4);
	rig.add_pool(2, 512, 4);
	rig.setup_rx(c, 0x100, 0x101, 32);
	// Pools must be given in ascending size; the IC copy (16 + 48) must end
	// before the frame (margin 32).
	rig.set_pools(c, {{1, 2048}, {2, 512}});
	EXPECT_EQ(rig.fman.faults().pools_not_ascending, 1u);
	rig.rx(c, FrameBuilder().etype(0x0800).ipv4(17).udp().payload(30).finish());
	rig.run();
	EXPECT_EQ(rig.fman.faults().ic_overlaps_frame, 1u);
	// The frame still arrives, with the IC copy cut at the margin.
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fd.bpid(), 2);

	// Tx checksum without prepended data; a buffer for an unusable BPID.
	rig.setup_tx(c, 0x300, 0, 0);
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(30).finish();
	uint64_t buf = rig.alloc(256);
	std::memcpy(rig.mem.at(buf + 64), f.data(), f.size());
	hw::Fd fd = hw::Fd::contig(buf, 200, 64, static_cast<uint32_t>(f.size()));
	fd.set_cmd(fm::fd_cmd::kDtc);
	rig.soc.qman().enqueue(0x300, fd);
	rig.run();
	EXPECT_EQ(rig.wires[c]->sent.size(), 1u);
	EXPECT_EQ(rig.fman.faults().dtc_without_rpd, 1u);
	EXPECT_EQ(rig.fman.faults().bad_release_bpid, 1u);

	rig.wr(kg::kBase + kg::kAr, kg::kArGo | kg::kArSelClsPlan);
	EXPECT_EQ(rig.fman.faults().keygen_bad_access, 1u);
	EXPECT_EQ(rig.fman.faults().read_only_write, 0u);
}

} // namespace
} // namespace dpaa::test
