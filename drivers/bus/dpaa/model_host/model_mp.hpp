/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC across DPDK processes (model_shared.hpp says what is
// shared and why): the primary serves it (model_shared.cpp), a secondary
// attaches to it (model_secondary.cpp).
#pragma once

#include <memory>
#include <string>

#include "model_host/model_shared.hpp"
#include "platform/platform.hpp"

namespace dpaa::platform
{

// What the primary's model platform gives the rte_mp actions.
class ModelMpHost
{
public:
	virtual shared::State &state() noexcept = 0;
	// The primary's own platform, whose IDs secondaries allocate from.
	virtual Platform &platform() noexcept = 0;
	// The memory files of portal pair 'index': QMan CE, CI, BMan CE, CI.
	virtual int portal_fds(unsigned index, int fds[4], uint16_t &channel) noexcept = 0;
	virtual hw::RegisterWindow *ccsr(shared::CcsrBlock block) noexcept = 0;

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
// A primary without a modelled board: a secondary's attach request is
// answered "none" at once (a DPAA2 primary's secondary asks too, and would
// otherwise wait for EAL's timeout and log its failure).
void model_mp_serve_none() noexcept;

// In a secondary process: attach to the primary's modelled SoC. 0 with
// 'out' set; -ENODEV when the primary runs no modelled board (then the
// caller looks for a board); other negative errno with 'error' set.
int attach_primary_model(std::unique_ptr<Platform> &out, std::string &error) noexcept;

} // namespace dpaa::platform
