/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BPIDs and their rte_dpaa_bpid_info entries across DPDK processes.
//
// BMan is one for the SoC, so a BPID comes from the platform's allocator,
// which every process shares (dpaa_bus.hpp), and a pool made by one process
// is used by the others: dpdk-pdump creates its pool in a secondary, and the primary's Rx
// callbacks copy frames into it; a secondary's Rx burst turns the primary's
// pool's buffers back into mbufs. Each process keeps its own copy of
// rte_dpaa_bpid_info, which the data path reads as a plain array (no
// indirection): whoever changes an entry announces it over rte_mp, and the
// primary passes a secondary's announcement on to the other secondaries
// before it answers, so that a pool is known everywhere once its creation
// returns.
#pragma once

#include "dpaa_mempool.hpp"

namespace dpaa::mempool
{

// Sets the entry here and in every process (an empty 'info' clears it).
void bpid_publish(unsigned bpid, const dpaa_bpid_info &info) noexcept;
// Once per process, before the first pool or port: joins the announcements
// and, in a secondary, copies the entries the other processes made.
void bpid_share_init() noexcept;

} // namespace dpaa::mempool
