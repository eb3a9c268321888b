/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Inside the model's library only: the constructor of its platform
// (model_platform.cpp), for the entry point (model_plugin.cpp).
#pragma once

#include <memory>
#include <string>

#include "platform/model_plugin.hpp"

namespace dpaa::platform
{

int create_model_core(const ModelPluginHost &host, const char *config,
		      std::unique_ptr<ModelCore> &out, std::string &error) noexcept;

} // namespace dpaa::platform
