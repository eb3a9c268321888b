/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Values the model chooses to report where silicon reports its own: they say
// what the modelled SoC is, not what every SoC is, so they live here and
// not with the silicon's layouts in lib/dpaa_hw.
#pragma once

#include <cstdint>

namespace dpaa::model::reported
{

// FM_IP_REV_1: FMan v3 (major 6), minor 3 (v3H class: 8 Rx ports, 64 KiB
// IRAM), as on LS1046A; the IP block id [31:16] is the model's.
inline constexpr uint32_t kFmIpRev1 = 0x00a00603;

// The microcode version (IRAM word hw::fman::iram::kUcodeVersionAddr): that
// of the microcode NXP ships for LS1043A/LS1046A, 106.4.18.
inline constexpr uint32_t kUcodeVersion = (106u << 16) | (4u << 8) | 18u;

// The parser's L2R error code for a header that runs past the end of the
// frame (the manual leaves the codes in L2R[4:0] to the parser's microcode).
inline constexpr uint16_t kL2rErrTruncated = 0x0001;

} // namespace dpaa::model::reported
