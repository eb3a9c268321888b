/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Values the DPAA2 model chooses where the silicon's are not published:
// they say what the model answers, not what every SoC does, so they live
// here and not with the silicon's layouts in lib/dpaa2_hw.
#pragma once

#include <cstdint>

namespace dpaa2::model::reported
{

// A management command's result for a failed command (an acquire from a
// pool that does not exist, a query of an FQ that does not exist, an
// unknown verb). The drivers name only success (0xF0) and print any other
// code.
inline constexpr uint8_t kMcResultError = 0xff;

} // namespace dpaa2::model::reported
