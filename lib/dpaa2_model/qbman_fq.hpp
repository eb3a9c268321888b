/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What QBMan keeps for one frame queue and one buffer pool. Internal to the
// QBMan model (qbman.cpp, swp.cpp); other blocks go through Qbman.
#pragma once

#include <cstdint>
#include <deque>
#include <unordered_set>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa_model/buffer_ring.hpp"

namespace dpaa2::model
{

struct QbmanFq {
	uint32_t fqid = 0;
	Qbman::FqSettings settings;
	std::deque<hw::Fd> frames;
	uint64_t bytes = 0;
	uint64_t enqueued = 0, rejected = 0, dropped_at_free = 0;
	Qbman::FqConsumer consumer = nullptr;
	void *consumer_ctx = nullptr;
	bool congested = false; // the CSCN state last written
	// The software portals that pulled from it, a bit per portal index.
	uint64_t pullers = 0;
};

struct QbmanPool {
	// FIFO, as DPAA1's pools: a released buffer comes back last.
	dpaa::model::BufferRing bufs;
	// The addresses the pool holds, to tell a double release (a driver's
	// double free) from a release.
	std::unordered_set<uint64_t> held;
	uint64_t releases = 0, acquires = 0;
	// Software depletion: entered below `entry_below` free buffers, left
	// above `exit_above` (hysteresis); an entry threshold of 0 disables it.
	uint32_t entry_below = 0, exit_above = 0;
	bool depleted = false;
	uint64_t depletion_entries = 0;
};

} // namespace dpaa2::model
