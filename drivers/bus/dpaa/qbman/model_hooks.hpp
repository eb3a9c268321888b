/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Whether the portal drivers call the modelled SoC's hooks
// (dpaa_hw/portal_access.hpp: a wait's poll advances a stepped model, a full
// EQCR has the model's QMan drain it). A board-only build (meson option
// dpaa_model=false, which defines RTE_DPAA_BOARD_ONLY) has no model to call:
// every call below is compiled out, and the portal drivers are what they
// would be for silicon alone. The hook members stay, unset, so that the
// drivers' layout is the same in both builds.
#pragma once

#include <cstdint>

#include "dpaa_hw/portal_access.hpp"

namespace dpaa::qbman
{

#ifdef RTE_DPAA_BOARD_ONLY
inline constexpr bool kModelHooks = false;
#else
inline constexpr bool kModelHooks = true;
#endif

// Called at every poll of a wait (see portal_access.hpp). It only makes the
// hardware progress: it never replaces HwWait's spin-then-yield.
using WaitHook = hw::WaitHook;
// Called by enqueue when the EQCR is still full (see portal_access.hpp).
using EqcrFullHook = hw::EqcrFullHook;

inline void call_hook(const WaitHook &h) noexcept
{
	if constexpr (kModelHooks)
		if (h.fn != nullptr)
			h.fn(h.arg);
}

// How long a wait (HwWait) polls before the caller reports a timeout.
// Silicon answers a management command in microseconds: the kernel's
// drivers give up after QM_MCR_TIMEOUT and BM_MCR_TIMEOUT, 10 ms
// (drivers/soc/fsl/qbman/qman.c, bman.c), and so does a board-only build.
// The modelled SoC answers from another thread, which may share this CPU
// (DPAA_MODEL "cpu=0"), run under a sanitizer or on a loaded machine: far
// beyond anything it needs, so that only a stopped model reaches it.
inline constexpr uint64_t kWaitTimeoutNs = kModelHooks ? 5'000'000'000 : 10'000'000;

} // namespace dpaa::qbman
