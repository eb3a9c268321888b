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
// thread runs must hold it too. Portal memory needs no lock.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <vector>

#include "dpaa_model/block.hpp"
#include "dpaa_model/bman.hpp"
#include "dpaa_model/portal.hpp"
#include "dpaa_model/qman.hpp"

namespace dpaa::model
{

class Soc
{
public:
	static constexpr unsigned kIdleSpinSteps = 2000;
	static constexpr unsigned kIdleYieldSteps = 200;
	static constexpr std::chrono::microseconds kIdleSleep{50};

	Soc();
	~Soc();
	Soc(const Soc &) = delete;
	Soc &operator=(const Soc &) = delete;

	Qman &qman() noexcept { return qman_; }
	Bman &bman() noexcept { return bman_; }
	QmanSwPortal &qman_portal(unsigned i) noexcept { return *qportals_[i]; }
	BmanSwPortal &bman_portal(unsigned i) noexcept { return *bportals_[i]; }
	static constexpr unsigned num_qman_portals() noexcept { return Qman::kNumPortals; }
	static constexpr unsigned num_bman_portals() noexcept { return Bman::kNumPortals; }

	// Another block polled by the scheduler after the portals' commands.
	void add_block(Block &b);
	void remove_block(Block &b);

	// Stepped mode. step() returns whether anything happened.
	bool step();
	// Steps until a step does nothing (or max_steps); returns steps taken.
	uint64_t run_until_idle(uint64_t max_steps = 100'000'000);

	// Threaded mode. cpu < 0: no pinning. Negative errno on failure.
	int start_thread(int cpu = -1);
	void stop_thread();
	bool threaded() const noexcept { return running_; }
	// False if portal memory could not be allocated.
	bool valid() const noexcept;

	std::mutex &lock() noexcept { return mutex_; }
	uint64_t steps() const noexcept { return steps_.load(std::memory_order_relaxed); }
	// Sum of the driver misuse every portal detected.
	PortalFaults faults() const;

private:
	bool step_locked();
	void thread_main();
	static void *thread_entry(void *soc);

	std::mutex mutex_;
	Qman qman_;
	Bman bman_;
	std::vector<std::unique_ptr<QmanSwPortal>> qportals_;
	std::vector<std::unique_ptr<BmanSwPortal>> bportals_;
	std::vector<Block *> blocks_;
	pthread_t thread_{};
	bool running_ = false;
	std::atomic<bool> stop_{false};
	std::atomic<uint64_t> steps_{0};
};

} // namespace dpaa::model
