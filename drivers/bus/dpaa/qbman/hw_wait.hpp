/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The one way a driver waits on QMan/BMan: for a management-command answer,
// for room in a ring, for a ring to drain. On a board these take
// microseconds; in the modelled SoC the answer comes from another thread,
// which may share this CPU (DPAA_MODEL "cpu=0" with the application's lcore on
// CPU 0). So a wait spins briefly, then yields the CPU at every poll, and
// gives up after kWaitTimeoutNs (model_hooks.hpp) instead of hanging forever.
#pragma once

#include <cstdint>
#include <ctime>
#include <sched.h>

#include "qbman/checking.hpp"
#include "qbman/model_hooks.hpp"

// Set once the hardware is gone for good (a secondary process whose primary,
// which ran the modelled SoC, has exited; see Platform::hardware_present):
// a wait past its spinning phase then fails at once instead of yielding for
// kWaitTimeoutNs. Read only there, never on a path that does not wait.
extern "C" int rte_dpaa_hw_lost;

namespace dpaa::qbman
{

// Polls spent spinning before each further poll yields the CPU: a command
// normally completes within them; past that, whatever answers it (another
// thread, on a busy machine) may need this core.
inline constexpr unsigned long kWaitSpinPolls = 1024;
// How long a wait lasts before giving up (-ETIMEDOUT for the caller) is
// kWaitTimeoutNs (model_hooks.hpp), the kernel's 10 ms for silicon alone.

class HwWait
{
public:
	explicit HwWait(const WaitHook &hook) noexcept : hook_(hook) {}

	// One wait between two polls. False once the wait has lasted
	// kWaitTimeoutNs: the caller stops polling and reports a timeout.
	[[nodiscard]] bool operator()() noexcept
	{
		call_hook(hook_);
		if (polls_ < kWaitSpinPolls) {
			polls_++;
			cpu_relax();
			return true;
		}
		if (__atomic_load_n(&rte_dpaa_hw_lost, __ATOMIC_RELAXED)) [[unlikely]]
			return false;
		const uint64_t now = now_ns();
		if (deadline_ == 0)
			deadline_ = now + kWaitTimeoutNs;
		else if (now >= deadline_)
			return false;
		sched_yield();
		return true;
	}

	// Start over after progress (a ring that drains some, then stalls).
	void reset() noexcept
	{
		polls_ = 0;
		deadline_ = 0;
	}

private:
	static uint64_t now_ns() noexcept
	{
		timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u +
		       static_cast<uint64_t>(ts.tv_nsec);
	}

	WaitHook hook_;
	unsigned long polls_ = 0;
	uint64_t deadline_ = 0;
};

} // namespace dpaa::qbman
