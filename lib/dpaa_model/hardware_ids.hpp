/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The hardware IDs a modelled SoC hands to software, and the one allocator
// that hands them out. On a board the USDPAA kernel owns them: its device
// tree's fsl,fqid-range, fsl,bpid-range, fsl,pool-channel-range and
// fsl,cgrid-range nodes say which IDs user space may have (the others are
// the kernel's own interfaces'), and its ID_ALLOC ioctl allocates from one
// pool per kind. The emulated kernel (lib/usdpaa_emu) and the model
// platform, which runs the SoC inside the process, both serve IDs from
// these ranges with make_id_pools(), so that a driver gets the same IDs
// whichever way it reaches the model.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "dpaa_hw/qman_portal.hpp"
#include "emu_common/id_pools.hpp"

namespace dpaa::model
{

// In the USDPAA kernel's ID_ALLOC order (its enum usdpaa_id_type).
enum IdKind : unsigned { kIdFqid, kIdBpid, kIdPoolChannel, kIdCgrid, kNumIdKinds };

struct IdRanges {
	emu::IdPools::Ranges fqids, bpids, pool_channels, cgrids;
};

// The ranges of the USDPAA device trees NXP ships for LS1043A and LS1046A:
// FQIDs 256-511 and 32768-65535 (the kernel's interfaces keep the FQIDs
// below 256), BPIDs 32-63, every pool channel, every CGR.
inline IdRanges usdpaa_id_ranges()
{
	namespace ch = hw::qm::channel;
	IdRanges r;
	r.fqids = {{256, 256}, {32768, 32768}};
	r.bpids = {{32, 32}};
	r.pool_channels = {{ch::kPool1, ch::kNumPools}};
	r.cgrids = {{0, 256}};
	return r;
}

// One allocator for every kind (indexed by IdKind) over 'r'.
inline emu::IdPools make_id_pools(const IdRanges &r)
{
	return emu::IdPools({r.fqids, r.bpids, r.pool_channels, r.cgrids});
}

} // namespace dpaa::model
