/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The board platform's constructor, for the bus's discovery (../discover.cpp).
#pragma once

#include <memory>
#include <string>

#include "platform/platform.hpp"

namespace dpaa::platform
{

// The USDPAA kernel device and the device tree under 'dt_root': 0 with 'out'
// set, -ENODEV when the machine has no USDPAA device or no DPAA device tree
// ('error' may say why), other negative errno with 'error' set.
int create_board_platform(const char *dt_root, std::unique_ptr<Platform> &out,
			  std::string &error) noexcept;

} // namespace dpaa::platform
