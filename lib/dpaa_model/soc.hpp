/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC: QMan, BMan, their software portals (10 + 10 as on
// LS1046A), other blocks registered by colleagues (FMan), and the scheduler
// that advances them all.
//
// Two run modes share the same step():
//  - stepped: a test calls step() / run_until_idle(); nothing runs between
//    calls, so every outcome is deterministic;
//  - threaded: start_thread() runs step() on its own thread (optionally pinned
//    to a CPU). When a step finds nothing to do the thread spins briefly, then
//    yields, then sleeps kIdleSleep at a time, so it leaves the CPU to the
//    application on a small machine while bounding how late it notices work.
//
// The model's state belongs to whoever holds lock(): step() takes it, so a
// control-path call into the model (Qman/Bman methods, fq_info, ...) while the
// thread runs must hold it too. Portal memory needs no lock, and neither does
// drain_eqcr().
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <span>
#include <vector>

#include "dpaa_model/block.hpp"
#include "dpaa_model/bman.hpp"
#include "dpaa_model/portal.hpp"
#include "dpaa_model/qman.hpp"
#include "dpaa_model/stage_clock.hpp"

namespace dpaa::model
{

class Soc
{
public:
	// How the model thread backs off when a step finds nothing to do: steps
	// 'spin_steps' times one pause apart, then 'yield_steps' times with a
	// sched_yield() between them, then sleeps 'sleep' between steps (with
	// the thread's timer slack at 1 us so the sleep is not stretched to the
	// default 50 us). The defaults suit a small machine shared with the
	// application (spinning longer measured much slower there: the model
	// kept the core the application needed); a model thread with a core of
	// its own can spin far longer.
	//
	// Pin the model thread to a core that no busy-polling application thread
	// (a DPDK lcore) uses: sharing a core with a thread that never yields
	// starves the model (app/bench/qbman_bench on the loaded 2-core machine:
	// about 0.1-0.3 Mfps unpinned against 0.6-1.0 Mfps on separate cores).
	struct ThreadConfig {
		int cpu = -1; // pin to this CPU; < 0: no pinning
		unsigned spin_steps = 64;
		unsigned yield_steps = 4000;
		std::chrono::microseconds sleep{20};
		// Time each stage of every step (ThreadStats::stage_ns).
		bool profile = false;
	};

	Soc();
	~Soc();
	Soc(const Soc &) = delete;
	Soc &operator=(const Soc &) = delete;

	Qman &qman() noexcept { return qman_; }
	Bman &bman() noexcept { return bman_; }
	// A portal's memory reaches a driver (or another process) through these
	// only: the step looks for configured portals among those handed out.
	QmanSwPortal &qman_portal(unsigned i) noexcept
	{
		qstep_.hand_out(i);
		return *qportals_[i];
	}
	BmanSwPortal &bman_portal(unsigned i) noexcept
	{
		bstep_.hand_out(i);
		return *bportals_[i];
	}
	static constexpr unsigned num_qman_portals() noexcept { return Qman::kNumPortals; }
	static constexpr unsigned num_bman_portals() noexcept { return Bman::kNumPortals; }

	// Another block polled by the scheduler after the portals' commands.
	void add_block(Block &b);
	void remove_block(Block &b);

	// Stepped mode. step() returns whether anything happened.
	bool step();
	// Steps until a step does nothing (or max_steps); returns steps taken.
	uint64_t run_until_idle(uint64_t max_steps = 100'000'000);

	// QMan takes what portal 'portal's EQCR holds and publishes EQCR_CI, on
	// the caller's thread; the next step enqueues the entries to their FQs.
	// Silicon consumes EQCR entries promptly whatever the CPUs do, while the
	// model's thread (or the test that steps it) may not run for a while: a
	// driver that finds its EQCR full calls this rather than wait. Either
	// mode; takes no model lock (the EQCR has its own, see portal.hpp) unless
	// the entries already taken fill the portal's staging queue: then it
	// enqueues them to their FQs under lock(), which the model's thread
	// hands over after its current step (waited for a bounded time). True
	// if it freed entries.
	bool drain_eqcr(unsigned portal);

	// Threaded mode. cpu < 0: no pinning. Negative errno on failure.
	int start_thread(int cpu = -1);
	int start_thread(const ThreadConfig &cfg);
	void stop_thread();
	bool threaded() const noexcept { return running_; }
	// False if portal memory could not be allocated.
	bool valid() const noexcept;

	// How the model's thread spent its time since start_thread(): steps that
	// did something (and the wall time they took, the clock read when a run
	// of busy steps starts and when it ends, not per step), and idle polls
	// (steps that found nothing to do). busy_ns / run_ns is the thread's
	// utilisation: below 1, the model kept up with what was offered.
	struct ThreadStats {
		uint64_t busy_steps = 0;
		uint64_t idle_steps = 0;
		uint64_t busy_ns = 0;
		uint64_t run_ns = 0; // start_thread() to stop_thread() (or now)
		// With ThreadConfig::profile: the time of every step by stage,
		// busy and idle steps alike.
		bool profiled = false;
		std::array<uint64_t, static_cast<unsigned>(Stage::count)> stage_ns{};
	};
	ThreadStats thread_stats() const noexcept;

	std::mutex &lock() noexcept { return mutex_; }
	uint64_t steps() const noexcept { return steps_.load(std::memory_order_relaxed); }
	// Sum of the driver misuse every portal detected.
	PortalFaults faults() const;
	// From now on, check the CPU side's CE cache contract (portal_access.hpp)
	// in a checking build: every portal's CeShadow tracks its CE lines, fed
	// by this Soc as the process's hw::ce_observer until it goes, and a
	// portal counts (PortalFaults::unflushed_entry) each entry it takes
	// whose line the core did not write back. Stepped use: the driver
	// reports a write and its write-back one after the other, and a model
	// thread looking in between would count a flush about to happen.
	void check_cache_contract();
	// Sum of what every QMan portal stashed (read while the model is quiet:
	// the counts are the model thread's, without atomics).
	StashCounts stashed() const;

private:
	bool step_locked();
	CeShadow *ce_shadow_of(const void *line) noexcept;
	static void ce_cpu_wrote(void *soc, const void *line) noexcept;
	static void ce_cpu_flushed(void *soc, const void *line) noexcept;
	// The portals a driver has configured (the others are not polled), from
	// one look at the CFG register of each portal handed out (qman_portal(),
	// bman_portal(): no driver can have configured the others) at the start
	// of a step: their index, in portal order, and the CFG value the step
	// serves them with.
	template <size_t N> struct StepPortals {
		static_assert(N <= 32);
		std::array<const uint32_t *, N> regs{}; // each portal's CFG register
		// A bit per portal handed out. Set before the caller can write the
		// portal's CFG; a step that has not seen the bit yet sees it at
		// the next one, as it would a CFG written while it runs.
		std::atomic<uint32_t> handed_out{0};
		unsigned n = 0;
		std::array<uint8_t, N> idx{};
		std::array<uint32_t, N> cfg{}; // as stored (big endian)
		void hand_out(unsigned i) noexcept
		{
			const uint32_t bit = uint32_t{1} << i;
			if (!(handed_out.load(std::memory_order_relaxed) & bit))
				handed_out.fetch_or(bit, std::memory_order_release);
		}
		void scan() noexcept
		{
			unsigned k = 0;
			for (uint32_t m = handed_out.load(std::memory_order_acquire); m != 0;
			     m &= m - 1) {
				const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
				const uint32_t raw = __atomic_load_n(regs[i], __ATOMIC_ACQUIRE);
				idx[k] = static_cast<uint8_t>(i);
				cfg[k] = raw;
				k += raw != 0;
			}
			n = k;
		}
	};
	StepPortals<Qman::kNumPortals> qstep_;
	StepPortals<Bman::kNumPortals> bstep_;
	void thread_main();
	static void *thread_entry(void *soc);

	std::mutex mutex_;
	Qman qman_;
	Bman bman_;
	std::vector<std::unique_ptr<QmanSwPortal>> qportals_;
	std::vector<std::unique_ptr<BmanSwPortal>> bportals_;
	std::array<QmanSwPortal *, Qman::kNumPortals> qptrs_{};
	std::array<BmanSwPortal *, Bman::kNumPortals> bptrs_{};
	std::vector<Block *> blocks_;
	pthread_t thread_{};
	bool running_ = false;
	ThreadConfig thread_cfg_;
	std::atomic<bool> stop_{false};
	std::atomic<unsigned> drain_waiters_{0}; // drains waiting for mutex_
	std::atomic<uint64_t> steps_{0};
	// ThreadStats, written by the model's thread only.
	std::atomic<uint64_t> busy_steps_{0}, idle_steps_{0}, busy_ns_{0};
	std::atomic<uint64_t> start_ns_{0}, stop_ns_{0};
	// The stage profile, in stage_ticks(), and the ticks at the thread's
	// start and stop, which convert them to ns.
	std::atomic<bool> profiling_{false};
	StageTimer::Totals stage_ticks_{};
	std::atomic<uint64_t> start_ticks_{0}, stop_ticks_{0};
};

} // namespace dpaa::model
