/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The sysfs a board with the fsl-mc bus and vfio-fsl-mc shows, generated
// into a folder of the emulation's (the interposer redirects the real paths
// there):
//
//   devices/platform/soc/80c000000.fsl-mc/dprc.1/     the root container,
//       <obj>/ for its objects (the DPMACs), dprc.2/   DPDK's container,
//       with <type>.<id>/ for each of its objects; each object folder has
//       uevent, modalias, driver_override, power/, and (DPDK's container
//       and its objects, bound to vfio-fsl-mc) a driver link and an
//       iommu_group link
//   bus/fsl-mc/devices/<obj>  links to the object folders
//   bus/fsl-mc/drivers/vfio-fsl-mc/
//   kernel/iommu_groups/<N>/devices/<obj>  links back
//   module/vfio/parameters/enable_unsafe_noiommu_mode  "N": a real type1
//       IOMMU, not the unsafe no-IOMMU mode
//   module/vfio_iommu_type1/, module/vfio_fsl_mc/
//
// What DPDK reads: the iommu_group link's last component (the group
// number), the DT_DIR entries of the container's folder, the noiommu
// parameter, and that /sys/module/vfio exists (EAL's module check).
#pragma once

#include <string>
#include <vector>

#include "dpaa2_model/mc.hpp"

namespace dpaa2::emu
{

// Where the fsl-mc bus's platform device sits in the real sysfs (the LX2160A
// and LS2088A device trees' fsl-mc@80c000000).
inline constexpr const char kFslMcPlatform[] = "/sys/devices/platform/soc/80c000000.fsl-mc";

// The folders of the real sysfs that the generated tree stands for.
inline constexpr const char *kSysfsFolders[] = {
	"/sys/bus/fsl-mc",
	kFslMcPlatform,
	"/sys/kernel/iommu_groups",
	"/sys/module/vfio",
	"/sys/module/vfio_iommu_type1",
	"/sys/module/vfio_fsl_mc",
};

// Writes the tree under root (which exists): the objects of the root
// container and of DPDK's, which is in iommu group `group`. 0 or a
// negative errno, with error naming what failed.
int write_sysfs(const std::string &root, const std::vector<model::Mc::Object> &root_objects,
		const std::vector<model::Mc::Object> &dpdk_objects, unsigned group,
		std::string &error);

} // namespace dpaa2::emu
