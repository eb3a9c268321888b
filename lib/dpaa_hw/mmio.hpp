/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// 32-bit big-endian accesses to a block's configuration registers (CCSR)
// mapped as device memory, ordered as the Linux kernel's ioread32be() and
// iowrite32be() order them on arm64:
//  - a write comes after every earlier access to memory, for the device too
//    ("dmb oshst" first, the kernel's __iowmb()): a register write that
//    starts the hardware (an FMan port's enable, a BMI pool's size) finds
//    the memory written before it;
//  - a read comes before every later access ("dmb oshld" after it, the
//    kernel's __iormb()): what the code reads after a status register is at
//    least as new as the status.
// Device memory keeps the accesses to it in program order by itself; the
// barriers order them against normal memory. Elsewhere (x86: stores are not
// reordered with stores, nor loads with loads) a compiler barrier does.
#pragma once

#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw
{

inline uint32_t io_read32be(const volatile uint32_t *reg) noexcept
{
	const uint32_t v = *reg;
#if defined(__aarch64__)
	asm volatile("dmb oshld" ::: "memory");
#else
	asm volatile("" ::: "memory");
#endif
	return from_be(v);
}

inline void io_write32be(volatile uint32_t *reg, uint32_t v) noexcept
{
#if defined(__aarch64__)
	asm volatile("dmb oshst" ::: "memory");
#else
	asm volatile("" ::: "memory");
#endif
	*reg = to_be(v);
}

} // namespace dpaa::hw
