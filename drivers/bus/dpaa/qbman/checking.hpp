/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Debug-only checks in the portal drivers are written `if constexpr
// (kChecking)`, so that release builds carry none of them and layouts never
// change between builds.
#pragma once

namespace dpaa::qbman
{

#ifdef DPAA_QBMAN_CHECKING
inline constexpr bool kChecking = DPAA_QBMAN_CHECKING;
#elif defined(NDEBUG)
inline constexpr bool kChecking = false;
#else
inline constexpr bool kChecking = true;
#endif

inline void cpu_relax() noexcept
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	asm volatile("yield" ::: "memory");
#endif
}

} // namespace dpaa::qbman
