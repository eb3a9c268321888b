/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The portal drivers' debug-only checks are written `if constexpr
// (kChecking)` (dpaa_hw/checking.hpp): the cache contract of
// dpaa_hw/portal_access.hpp is checked against the modelled SoC in the
// unit tests' checking build.
#pragma once

#include "dpaa_hw/checking.hpp"
#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa::qbman
{

using hw::cpu_relax;
using hw::kChecking;

} // namespace dpaa::qbman
