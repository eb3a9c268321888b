/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What a primary process running the modelled SoC shares with DPDK secondary
// processes, and the multi-process (rte_mp) messages that carry it.
//
// On a board a secondary opens the USDPAA device itself, maps its own
// portals and the CCSR windows: the hardware is shared because it is
// hardware. With the model the SoC lives in the primary (its thread), so:
//  - the portals' CE/CI areas are memory files (model::PortalMemory) that the
//    primary hands over with rte_mp's file-descriptor passing: a secondary's
//    portal is real memory the primary's model serves, polled as on silicon;
//  - the state both sides read without asking (the SoC description, who owns
//    which portal, the bus-address windows) is one more memory file, this
//    struct, mapped by both before DPDK's own memory exists (bus scan);
//  - CCSR accesses (MAC and BMI counters, BMan pool counts: control path
//    only) are messages that the primary performs on its model's windows.
// Nothing here is on the data path, and nothing depends on the primary's
// private heap: pointers never cross, only indexes, bus addresses and the
// VAs of DPDK memory, which is mapped at the same address everywhere.
#pragma once

#include <atomic>
#include <cstdint>
#include <sys/types.h>

#include "platform/bus_addr.hpp"
#include "platform/platform.hpp"

namespace dpaa::platform::shared
{

inline constexpr uint32_t kMagic = 0x44504141; // "DPAA"
inline constexpr uint32_t kVersion = 1;

// rte_mp action names (at most RTE_MP_MAX_NAME_LEN).
inline constexpr const char *kAttachAction = "dpaa_bus_attach";
inline constexpr const char *kPortalAction = "dpaa_bus_portal";
inline constexpr const char *kCcsrAction = "dpaa_bus_ccsr";
inline constexpr const char *kDmaMapAction = "dpaa_bus_dma_map";
inline constexpr const char *kIdsAction = "dpaa_bus_ids";

struct State {
	uint32_t magic;
	uint32_t version;
	pid_t primary; // the process whose model serves everything here
	SocInfo soc;
	// The process that owns each portal pair (QMan and BMan portal i), 0
	// when free. Claimed with a compare-and-swap from 0; a process that
	// died with a claim leaves its pid, which the next claimant replaces.
	std::atomic<int32_t> portal_owner[kMaxPortals];
	// Bit m: the primary probed MAC m (SocInfo::macs[m]) as a port.
	std::atomic<uint32_t> probed_macs;
	static_assert(kMaxMacs <= 32);
	// The primary's bus-address windows (append-only, as its table): a
	// secondary maps DPDK's memory at the bus addresses the primary chose.
	std::atomic<uint32_t> num_windows;
	WindowTable::Window windows[WindowTable::kMaxWindows];
};
static_assert(std::atomic<int32_t>::is_always_lock_free &&
		      std::atomic<uint32_t>::is_always_lock_free,
	      "shared between processes: the atomics must be plain memory");

// The messages' parameters (at most RTE_MP_MAX_PARAM_LEN bytes).
struct AttachReply {
	int32_t status; // 0, or negative errno; fds[0]: the State file
};

struct PortalRequest {
	uint32_t index;
};

struct PortalReply {
	int32_t status; // fds: QMan CE, QMan CI, BMan CE, BMan CI
	uint16_t channel;
};

enum class CcsrBlock : uint8_t { fman0, fman1, bman };

struct CcsrRequest {
	CcsrBlock block;
	uint8_t write;
	uint32_t off;
	uint32_t value;
};

struct CcsrReply {
	int32_t status;
	uint32_t value;
};

struct DmaMapRequest {
	uint64_t va;
	uint64_t len;
};

struct DmaMapReply {
	int32_t status;
};

// Hardware IDs from the primary's allocator (Platform::alloc_ids/free_ids):
// the modelled SoC's IDs are one set for every process.
struct IdsRequest {
	IdKind kind;
	uint8_t free; // 0: allocate 'count' aligned to 'align'; 1: free from 'base'
	uint32_t count;
	uint32_t align;
	uint32_t base;
};

struct IdsReply {
	int32_t status;
	uint32_t base;
};

// Claim portal pair 'index' for this process: 0, -EINVAL for no such
// portal, or -EBUSY while another live process holds it. A holder that no
// longer exists loses it, with a notice naming it.
int claim_portal(State &s, unsigned index) noexcept;
void release_portal(State &s, unsigned index) noexcept;

} // namespace dpaa::platform::shared
