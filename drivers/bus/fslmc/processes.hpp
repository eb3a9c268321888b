/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The bus in DPDK's primary and secondary processes.
//
// The container's VFIO group opens once: the primary opens it and hands its
// group and container descriptors to each secondary that asks (EAL's
// multi-process channel, SCM_RIGHTS), as EAL does for its own VFIO groups.
// The secondary then asks the group for device fds of its own, maps an MC
// portal of its own (the container's last DPMCP, the devices sorted by
// type and object id: the primary uses the first; with a DPMCP blocked,
// -b fslmc:dpmcp.N, the first one not blocked: the rule of upstream
// 22.11's fslmc_vfio.c, fslmc_process_mcp's caller) and software portals
// the primary does not use;
// DPDK's memory is already in the IOMMU, mapped by the primary.
//
// Which process uses which DPIO and DPBP: a table in shared memory (a
// memzone the primary reserves), one owner per object, taken with a
// compare-and-swap, so a process never drives a portal or a pool another
// one drives. An owner that has exited (a secondary that was killed) is no
// owner.
#pragma once

#include <cstdint>
#include <string>

#include "fslmc_bus.hpp"
#include "vfio.hpp"

namespace dpaa2::fslmc
{

// Primary: answers secondaries' requests for the group and the container.
int share_vfio(Vfio &v) noexcept;
void unshare_vfio() noexcept;
// Secondary: the primary's group and container. 0 or -errno, error set.
int vfio_from_primary(Vfio &v, std::string &error) noexcept;

// The ownership table: reserved by the primary, found by a secondary.
int claims_setup() noexcept;
void claims_teardown() noexcept;
// true if this process now owns kind.id (or did already); *from_dead set
// when it took the object over from a process that exited holding it.
bool claim(ObjKind kind, uint32_t id, bool *from_dead = nullptr) noexcept;
void unclaim(ObjKind kind, uint32_t id) noexcept;

inline bool is_secondary() noexcept
{
	return rte_eal_process_type() != RTE_PROC_PRIMARY;
}

} // namespace dpaa2::fslmc
