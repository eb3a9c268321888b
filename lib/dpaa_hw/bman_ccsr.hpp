/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BMan CCSR registers the portal drivers use: per-pool depletion thresholds
// and free-buffer counts. On silicon these live in the BMan configuration
// space, not in the portals.
#pragma once

#include <cstdint>

namespace dpaa::hw::bm::ccsr
{

inline constexpr uint32_t kWindowSize = 0x1000;

constexpr uint32_t pool_swdet(unsigned bpid) noexcept
{
	return 0x0000 + bpid * 4;
} // sw depletion entry
constexpr uint32_t pool_hwdet(unsigned bpid) noexcept
{
	return 0x0100 + bpid * 4;
} // hw depletion entry
constexpr uint32_t pool_swdxt(unsigned bpid) noexcept
{
	return 0x0200 + bpid * 4;
} // sw depletion exit
constexpr uint32_t pool_hwdxt(unsigned bpid) noexcept
{
	return 0x0300 + bpid * 4;
} // hw depletion exit
constexpr uint32_t pool_content(unsigned bpid) noexcept
{
	return 0x0600 + bpid * 4;
} // free buffers (RO)

// Threshold registers: 8-bit mantissa [7:0], 4-bit exponent [11:8]; value = mant << exp.
namespace thresh
{
inline constexpr uint32_t kMaxValue = 0xffu << 15;
constexpr uint32_t value(uint32_t raw) noexcept
{
	return (raw & 0xff) << ((raw >> 8) & 0xf);
}
// Smallest encoding >= v, saturated at kMaxValue.
constexpr uint32_t encode(uint32_t v) noexcept
{
	if (v > kMaxValue)
		v = kMaxValue;
	uint32_t e = 0;
	while (v > 0xff) {
		const bool odd = v & 1;
		v >>= 1;
		e++;
		if (odd)
			v++;
	}
	return v | (e << 8);
}
} // namespace thresh

} // namespace dpaa::hw::bm::ccsr
