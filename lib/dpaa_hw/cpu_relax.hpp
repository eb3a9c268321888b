/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The pause a polling loop takes between two looks at the hardware (or at
// the other side of the model), so that a sibling hardware thread and the
// memory system get their turn. Shared by the drivers and the model.
#pragma once

namespace dpaa::hw
{

inline void cpu_relax() noexcept
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	asm volatile("yield" ::: "memory");
#endif
}

} // namespace dpaa::hw
