/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The emulated VFIO fsl-mc kernel interface on LS2088A-RDB (meson preloads
// lib/fslmc_emu with board=ls2088a-rdb): QBMan 4.1, whose software portals
// have no doorbells. A DPIO has two regions; its cache-enabled page is
// where the driver writes commands with their valid bits, and a management
// command is answered by the time the driver first looks (upstream polls
// the response 1000 times, then gives up).

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>

#include "dpaa2_hw/qbman_portal.hpp"
#include "fslmc_emu_test_support.hpp"

namespace
{

using namespace dpaa2::test;
namespace qb = dpaa2::hw::qb;

TEST(FslmcEmuDirect, ReleaseAndAcquireThroughTheValidBits)
{
	Vfio v;
	ASSERT_NO_FATAL_FAILURE(v.setup());
	const std::set<std::string> objs = scan_container();
	const int mfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, first_of(objs, "dpmcp").c_str());
	ASSERT_GE(mfd, 0);
	vfio_region_info ri;
	void *portal = map_region(mfd, 0, ri);
	ASSERT_NE(portal, MAP_FAILED);
	McPortal mc(portal);
	McPortal::Answer a = mc.run(cmd::kMcGetSocVersion);
	ASSERT_EQ(a.status, kMcOk);
	EXPECT_EQ(a.u32(0) & 0xffff0000u, 0x87090000u); // LS2088A

	// The buffer's memory, mapped for the SoC.
	const size_t mem_len = 1 << 20;
	uint8_t *mem = dma_memory(v.container, mem_len, MAP_PRIVATE);
	ASSERT_NE(mem, nullptr);

	const std::string dpio = first_of(objs, "dpio");
	const int dfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, dpio.c_str());
	ASSERT_GE(dfd, 0);
	vfio_device_info di = {};
	di.argsz = sizeof(di);
	ASSERT_EQ(ioctl(dfd, VFIO_DEVICE_GET_INFO, &di), 0);
	EXPECT_EQ(di.num_regions, 2u); // no memory-backed CENA before QBMan 5.0
	a = mc.run(cmd::kDpioOpen, 0, {id_of(dpio)});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t token = a.token;
	ASSERT_EQ(mc.run(cmd::kEnable, token).status, kMcOk);
	a = mc.run(cmd::kGetAttributes, token);
	ASSERT_EQ(a.status, kMcOk);
	EXPECT_LT(a.u32(24), 0x05000000u) << "qbman_version";

	const std::string dpbp = first_of(objs, "dpbp");
	a = mc.run(cmd::kDpbpOpen, 0, {id_of(dpbp)});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t bp_token = a.token;
	ASSERT_EQ(mc.run(cmd::kEnable, bp_token).status, kMcOk);
	a = mc.run(cmd::kGetAttributes, bp_token);
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t bpid = a.u16(2);

	vfio_region_info ce, ci;
	auto *cena = static_cast<volatile uint8_t *>(map_region(dfd, 0, ce));
	ASSERT_NE(cena, MAP_FAILED) << strerror(errno);
	auto *cinh = static_cast<volatile uint32_t *>(map_region(dfd, 1, ci));
	ASSERT_NE(cinh, MAP_FAILED) << strerror(errno);
	cinh[qb::cinh::kCfg / 4] = qb::swp_cfg::kDpdkRev41;
	EXPECT_EQ(cinh[qb::cinh::kCfg / 4], qb::swp_cfg::kDpdkRev41);
	EXPECT_EQ(cinh[qb::cinh::kDqpi / 4] & 0xf, 0u);

	// Release: RAR grants a slot; the buffer, then word 0 with the verb
	// and the slot's valid bit.
	const uint64_t buffer = reinterpret_cast<uint64_t>(mem) + 0x8000;
	const uint32_t rar = cinh[qb::cinh::kRar / 4];
	ASSERT_TRUE(rar & qb::rar::kSuccess);
	const uint32_t rcr = qb::cena::direct::rcr(rar & qb::rar::kSlotMask);
	*reinterpret_cast<volatile uint64_t *>(cena + rcr + 8) = buffer;
	*reinterpret_cast<volatile uint32_t *>(cena + rcr) =
		uint32_t(qb::rcr_verb::kRcValid | (rar & qb::rar::kVb) | 1) | uint32_t(bpid) << 16;

	// Acquire: the command's body, then its verb with the valid bit; the
	// response is there at the first look.
	volatile uint8_t *cr = cena + qb::cena::direct::kCr;
	*reinterpret_cast<volatile uint32_t *>(cr + 4) = 1; // num
	*reinterpret_cast<volatile uint16_t *>(cr + 2) = bpid;
	cr[0] = qb::mc_verb::kAcquire | qb::kValidBit;
	volatile uint8_t *rr = cena + qb::cena::direct::rr(qb::kValidBit);
	EXPECT_EQ(rr[0] & qb::mc_verb::kMask, qb::mc_verb::kAcquire);
	EXPECT_EQ(rr[1], qb::kMcResultOk);
	EXPECT_EQ(rr[4], 1);
	EXPECT_EQ(*reinterpret_cast<volatile uint64_t *>(rr + 8), buffer);

	close(dfd);
	close(mfd);
}

} // namespace
