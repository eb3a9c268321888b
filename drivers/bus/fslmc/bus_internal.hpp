/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Shared between the bus's own files: the container's VFIO state and the
// set-up and tear-down of what the bus owns.
#pragma once

#include <cstdint>

#include "fslmc_bus.hpp"
#include "vfio.hpp"

namespace dpaa2::fslmc
{

// The sysfs folder of fsl-mc devices.
inline constexpr const char *kSysfsDevices = "/sys/bus/fsl-mc/devices";

Vfio &vfio() noexcept;

// dma.cpp: DPDK's memory in the container's IOMMU (IOVA = VA), now and as
// it grows.
int dma_setup() noexcept;
void dma_teardown() noexcept;

// resources.cpp: the MC portal (first DPMCP, version check), the SoC, the
// DPRC's connections, the DPIOs, DPBPs and DPCONs. `devices` is the bus's
// list; resource objects are opened, the others left to their drivers.
int resources_setup(rte_fslmc_device **devices, unsigned n) noexcept;
void resources_teardown() noexcept;

} // namespace dpaa2::fslmc
