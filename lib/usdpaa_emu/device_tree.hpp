/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The device tree a USDPAA kernel shows in /proc/device-tree, generated from
// the model's board description: the QMan/BMan blocks and portals with their
// versions, ID ranges and pool channels; the FMan with its ports and mEMACs;
// the FMan's 1588 timer (fsl,fman-ptp-timer, named by the FMan's
// ptimer-handle); the buffer pools and the fsl,dpaa node whose fsl,dpa-ethernet-init children
// hand the MACs to user space, with their Rx/Tx FQIDs. Each node is a
// folder, each property a file of big-endian cells or NUL-terminated
// strings, as the kernel's procfs presents them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dpaa_model/board.hpp"
#include "dpaa_model/hardware_ids.hpp"

namespace dpaa::usdpaa
{

// Where the blocks sit in the SoC's physical address space (LS1043A and
// LS1046A alike, from their reference manuals' memory maps).
namespace phys
{
inline constexpr uint64_t kQmanCcsr = 0x1880000;
inline constexpr uint64_t kBmanCcsr = 0x1890000;
inline constexpr uint64_t kCcsrSize = 0x10000;
inline constexpr uint64_t kFmanCcsr = 0x1a00000;
inline constexpr uint64_t kFmanSize = 0xfe000;
// The FMan's 1588 timer: its own node and 4 KiB block right after the
// FMan's registers (ptp-timer@1afe000 on LS1046A).
inline constexpr uint64_t kFmanTimer = kFmanCcsr + kFmanSize;
inline constexpr uint64_t kFmanTimerSize = 0x1000;
inline constexpr uint64_t kQmanPortalCe = 0x500000000;
inline constexpr uint64_t kQmanPortalCi = 0x504000000;
inline constexpr uint64_t kBmanPortalCe = 0x508000000;
inline constexpr uint64_t kBmanPortalCi = 0x50c000000;
inline constexpr uint64_t kPortalStride = 0x10000;
inline constexpr uint64_t kPortalSize = 0x4000;
} // namespace phys

// One MAC as the fsl,dpaa node hands it to user space.
struct DpaInterface {
	std::string node_name; // "ethernet@8": the name the link ioctls use
	unsigned fman = 0;
	unsigned cell = 0;
	uint32_t rx_err_fqid = 0, rx_def_fqid = 0;
	uint32_t tx_err_fqid = 0, tx_conf_fqid = 0;
	std::array<uint8_t, 6> mac_addr{};
};

using model::IdRanges;

struct DeviceTree {
	std::vector<DpaInterface> interfaces;
	IdRanges ranges;
	uint32_t soc_svr = 0; // SVR, for soc0/soc_id
};

// What the tree holds for this board (no files).
DeviceTree describe(const model::BoardDesc &board);

// Writes the tree into the folder 'dir' (which exists). 0 or negative errno,
// with error saying which file failed.
int write_device_tree(const model::BoardDesc &board, const DeviceTree &dt, const std::string &dir,
		      std::string &error);

} // namespace dpaa::usdpaa
