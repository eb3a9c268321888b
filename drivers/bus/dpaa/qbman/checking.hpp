/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Debug-only checks in the portal drivers are written `if constexpr
// (kChecking)`, so that release builds carry none of them and layouts never
// change between builds.
#pragma once

#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa::qbman
{

#ifdef DPAA_QBMAN_CHECKING
inline constexpr bool kChecking = DPAA_QBMAN_CHECKING;
#elif defined(NDEBUG)
inline constexpr bool kChecking = false;
#else
inline constexpr bool kChecking = true;
#endif

using hw::cpu_relax;

} // namespace dpaa::qbman
