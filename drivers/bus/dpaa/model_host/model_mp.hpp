/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC across DPDK processes (model_shared.hpp says what is
// shared and why): the primary serves it (model_shared.cpp, for
// model_primary.cpp), a secondary attaches to it (model_secondary.cpp).
#pragma once

#include "model_host/model_shared.hpp"
#include "platform/model_plugin.hpp"

namespace dpaa::platform
{

// What the rte_mp actions serve secondaries from: the primary's model.
class ModelMpHost
{
public:
	virtual shared::State &state() noexcept = 0;
	// The model: its portals' memory files, its CCSR, the IDs secondaries
	// allocate from.
	virtual ModelCore &core() noexcept = 0;
	// Copy into the State the windows of the process's bus-address table
	// it lacks: before a secondary reads them (attach, a DMA map).
	virtual void publish_windows() noexcept = 0;

protected:
	~ModelMpHost() = default;
};

// The State file, created zeroed with the primary's pid.
int model_state_create(shared::State *&state, int &fd) noexcept;
void model_state_destroy(shared::State *state, int fd) noexcept;

// Register the actions (primary only; without a multi-process channel,
// nothing to do). 0 or negative errno.
int model_mp_serve(ModelMpHost &host, int state_fd) noexcept;
void model_mp_unserve() noexcept;

} // namespace dpaa::platform
