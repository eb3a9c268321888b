/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the bus's discovery (../discover.cpp) asks of the model's host: the
// modelled SoC as a primary process's platform, or a secondary's view of
// its primary's. A build without the model (meson option dpaa_model=false)
// has no_model.cpp instead, whose answers are "no model".
#pragma once

#include <string>

#include "process_sharing.hpp"

namespace dpaa::platform
{

// The modelled SoC of DPAA_MODEL 'config', loaded from the model's library
// (model_loader.hpp), with what the primary shares with secondaries: 0 with
// 'out' set, or negative errno with 'error' set (-ENOTSUP: this build has
// no model).
int create_model_platform(const char *config, bus::BusPlatform &out, std::string &error) noexcept;

// The modelled SoC's own check of a DPAA_MODEL value (nothing is built):
// 0, -EINVAL with 'error' saying what is wrong, -ENOENT with 'error'
// saying where the model's library was looked for, or -ENOTSUP.
int check_model_syntax(const char *config, std::string &error) noexcept;

// How many modelled SoCs exist in this process.
unsigned model_platform_count() noexcept;

// In a secondary process: attach to the primary's modelled SoC. 0 with
// 'out' set; -ENODEV when the primary runs no modelled board (then the
// caller looks for a board); -ENOTSUP in a build without the model; other
// negative errno with 'error' set.
int attach_primary_model(bus::BusPlatform &out, std::string &error) noexcept;

// A primary without a modelled board: a secondary's attach request is
// answered "none" at once (a DPAA2 primary's secondary asks too, and would
// otherwise wait for EAL's timeout and log its failure).
void model_mp_serve_none() noexcept;

} // namespace dpaa::platform
