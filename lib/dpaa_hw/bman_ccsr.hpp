/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BMan CCSR registers the portal drivers use: per-pool depletion thresholds
// and free-buffer counts. On silicon these live in the BMan configuration
// space, not in the portals.
#pragma once

#include <cstdint>

namespace dpaa::hw::bm::ccsr
{

// The BMan CCSR block as the device tree maps it (fsl,bman: reg = <... 0x10000>).
inline constexpr uint32_t kWindowSize = 0x10000;

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

// Other registers of the block (the kernel's bman_ccsr.c): free-buffer proxy
// count, error capture, IP revision, FBPR base and attributes, source ID and
// LIODN, error interrupts (ISR, IER, ISDR, IIR).
inline constexpr uint32_t kFbprFpc = 0x0800;
inline constexpr uint32_t kStateIdle = 0x0960;
inline constexpr uint32_t kStateStop = 0x0964;
inline constexpr uint32_t kEcsr = 0x0a00;
inline constexpr uint32_t kEcir = 0x0a04;
inline constexpr uint32_t kEadr = 0x0a08;
inline constexpr uint32_t kEdata0 = 0x0a10; // EDATA(n): 0x0a10 + 4n, n < 8
inline constexpr uint32_t kSbec0 = 0x0a80;  // SBEC(n): 0x0a80 + 4n, n < 2
inline constexpr uint32_t kIpRev1 = 0x0bf8;
inline constexpr uint32_t kIpRev2 = 0x0bfc;
inline constexpr uint32_t kFbprBare = 0x0c00;
inline constexpr uint32_t kFbprBar = 0x0c04;
inline constexpr uint32_t kFbprAr = 0x0c10;
inline constexpr uint32_t kSrcidr = 0x0d04;
inline constexpr uint32_t kLiodnr = 0x0d08;
inline constexpr uint32_t kErrIsr = 0x0e00; // ISR, IER, ISDR, IIR at +4n

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
