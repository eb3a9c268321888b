/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC that the process's DPAA bus runs, typed, for the tests
// and tools that read a wire's counters, stall the SoC or check its misuse
// counters. The bus hands it out as void * (dpaa_bus.hpp), since the
// drivers never see the model's types; this is the one place that says
// what it points to. Needs the bus's headers and the model's library
// (dpaa_model_plugin_dep), which the program links so that both use the
// one model.

#pragma once

#include "dpaa_bus.hpp"
#include "dpaa_model/system.hpp"

namespace dpaa_test
{

// nullptr on the board platform (the model is the emulated kernel's), in a
// secondary process, or without a platform.
inline dpaa::model::System *bus_model() noexcept
{
	return static_cast<dpaa::model::System *>(dpaa::bus::model_system());
}

} // namespace dpaa_test
