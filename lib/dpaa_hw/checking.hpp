/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Debug-only checks are written `if constexpr (kChecking)`, so that a build
// without DPAA_CHECKING carries none of them and layouts never change
// between builds. The unit tests that drive the portal drivers against the
// modelled SoC build with DPAA_CHECKING=1 (app/test/unit/meson.build).
#pragma once

namespace dpaa::hw
{

#ifdef DPAA_CHECKING
inline constexpr bool kChecking = DPAA_CHECKING;
#else
inline constexpr bool kChecking = false;
#endif

} // namespace dpaa::hw
