/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Debug-only checks in the portal drivers are written `if constexpr
// (kChecking)`, so that release builds carry none of them and layouts never
// change between builds.
#pragma once

#include <sched.h>

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

// Called while a driver spins on a management-command response. On a board
// it is unset (the portal answers in microseconds); a test running the model
// in stepped mode installs one that advances the model.
struct WaitHook {
	void (*fn)(void *arg) = nullptr;
	void *arg = nullptr;
};

// Polls of a management response before giving up with -ETIMEDOUT.
inline constexpr unsigned long kMcMaxPolls = 50'000'000;
// Polls spent spinning before each further poll yields the CPU: a command
// normally completes within them; past that, whatever answers it (another
// thread, on a busy machine) may need this core.
inline constexpr unsigned long kMcSpinPolls = 1024;

// One wait between two polls of a management response.
inline void mc_poll_wait(const WaitHook &h, unsigned long polls) noexcept
{
	if (h.fn != nullptr)
		h.fn(h.arg);
	else if (polls < kMcSpinPolls)
		cpu_relax();
	else
		sched_yield();
}

} // namespace dpaa::qbman
