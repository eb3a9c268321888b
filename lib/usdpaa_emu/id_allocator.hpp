/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The ID allocator moved to lib/emu_common (both emulations and the DPAA2
// model use it); this name stays for the code that includes it from here.
#pragma once

#include "emu_common/id_allocator.hpp"

namespace dpaa::usdpaa
{
using emu::IdAllocator;
} // namespace dpaa::usdpaa
