/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Finding and loading the model's library (model_plugin.hpp), only ever when
// DPAA_MODEL is set.
#pragma once

#include <string>

#include "platform/model_plugin.hpp"

namespace dpaa::platform
{

// The plugin's table, loaded on the first call (from the file
// DPAA_MODEL_LIBRARY names, if set: tests, relocated installs) and kept for the process's
// life; nullptr with 'error' naming every file tried and why it failed.
const ModelPluginOps *model_plugin(std::string &error) noexcept;

} // namespace dpaa::platform
