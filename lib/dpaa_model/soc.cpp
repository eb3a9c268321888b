/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/soc.hpp"

#include <algorithm>
#include <cerrno>

#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa::model
{

namespace
{

uint64_t monotonic_ns() noexcept
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u +
	       static_cast<uint64_t>(ts.tv_nsec);
}

// One writer (the model's thread): a relaxed load and store, no locked add.
void bump(std::atomic<uint64_t> &c, uint64_t n = 1) noexcept
{
	c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}

} // namespace

Soc::Soc()
{
	for (unsigned i = 0; i < Qman::kNumPortals; i++) {
		qportals_.push_back(std::make_unique<QmanSwPortal>(qman_, i));
		qportals_.back()->set_soc_lock(&mutex_, &drain_waiters_);
		qptrs_[i] = qportals_.back().get();
		qstep_.regs[i] = qptrs_[i]->cfg_reg();
	}
	qman_.set_portals(qptrs_);
	for (unsigned i = 0; i < Bman::kNumPortals; i++) {
		bportals_.push_back(std::make_unique<BmanSwPortal>(bman_, i));
		bptrs_[i] = bportals_.back().get();
		bportals_.back()->set_soc_lock(&mutex_, &drain_waiters_);
		bstep_.regs[i] = bptrs_[i]->cfg_reg();
	}
	bman_.set_lock(&mutex_);
}

Soc::~Soc()
{
	stop_thread();
	if (hw::ce_observer.arg == this)
		hw::ce_observer = hw::CeObserver{};
}

void Soc::check_cache_contract()
{
	if (hw::ce_observer.arg == this)
		return;
	for (auto &p : qportals_)
		p->ce_shadow().track(p->ce(), hw::qm::kCeSize);
	for (auto &p : bportals_)
		p->ce_shadow().track(p->ce(), hw::bm::kCeSize);
	hw::ce_observer = hw::CeObserver{&Soc::ce_cpu_wrote, &Soc::ce_cpu_flushed, this};
}

CeShadow *Soc::ce_shadow_of(const void *line) noexcept
{
	for (auto &p : qportals_)
		if (p->ce_shadow().owns(line))
			return &p->ce_shadow();
	for (auto &p : bportals_)
		if (p->ce_shadow().owns(line))
			return &p->ce_shadow();
	return nullptr;
}

void Soc::ce_cpu_wrote(void *soc, const void *line) noexcept
{
	if (CeShadow *s = static_cast<Soc *>(soc)->ce_shadow_of(line))
		s->cpu_wrote(line);
}

void Soc::ce_cpu_flushed(void *soc, const void *line) noexcept
{
	if (CeShadow *s = static_cast<Soc *>(soc)->ce_shadow_of(line))
		s->cpu_flushed(line);
}

void Soc::add_block(Block &b)
{
	std::lock_guard<std::mutex> g(mutex_);
	blocks_.push_back(&b);
}

void Soc::remove_block(Block &b)
{
	std::lock_guard<std::mutex> g(mutex_);
	blocks_.erase(std::remove(blocks_.begin(), blocks_.end(), &b), blocks_.end());
}

bool Soc::step_locked()
{
	StageTimer timer(profiling_.load(std::memory_order_relaxed) ? &stage_ticks_ : nullptr);
	bool did = false;
	// Commands first, so that what software enqueued in this step can be
	// dequeued in it. A portal a driver configures while the step runs is
	// polled from the next step on.
	qstep_.scan();
	for (unsigned i = 0; i < qstep_.n; i++)
		did |= qptrs_[qstep_.idx[i]]->poll_configured(hw::from_be(qstep_.cfg[i]));
	timer.lap(Stage::qman_portals);
	bstep_.scan();
	for (unsigned i = 0; i < bstep_.n; i++)
		did |= bptrs_[bstep_.idx[i]]->poll_configured();
	timer.lap(Stage::bman_portals);
	for (Block *b : blocks_)
		did |= b->poll();
	timer.lap(Stage::blocks);
	did |= qman_.poll_consumers();
	timer.lap(Stage::qman_delivery);
	for (unsigned i = 0; i < qstep_.n; i++)
		did |= qptrs_[qstep_.idx[i]]->produce_configured(hw::from_be(qstep_.cfg[i]));
	timer.lap(Stage::dqrr);
	bump(steps_); // under the lock: one writer at a time
	return did;
}

bool Soc::step()
{
	std::lock_guard<std::mutex> g(mutex_);
	return step_locked();
}

uint64_t Soc::run_until_idle(uint64_t max_steps)
{
	uint64_t n = 0;
	while (n < max_steps) {
		n++;
		if (!step())
			break;
	}
	return n;
}

bool Soc::drain_eqcr(unsigned portal)
{
	return portal < qportals_.size() && qportals_[portal]->drain_eqcr();
}

bool Soc::valid() const noexcept
{
	for (const auto &p : qportals_)
		if (!p->valid())
			return false;
	for (const auto &p : bportals_)
		if (!p->valid())
			return false;
	return true;
}

void *Soc::thread_entry(void *soc)
{
	static_cast<Soc *>(soc)->thread_main();
	return nullptr;
}

int Soc::start_thread(int cpu)
{
	ThreadConfig cfg;
	cfg.cpu = cpu;
	return start_thread(cfg);
}

int Soc::start_thread(const ThreadConfig &cfg)
{
	const int cpu = cfg.cpu;
	if (running_)
		return -EBUSY;
	if (cpu >= CPU_SETSIZE)
		return -EINVAL;
	stop_.store(false, std::memory_order_relaxed);
	thread_cfg_ = cfg;
	busy_steps_.store(0, std::memory_order_relaxed);
	idle_steps_.store(0, std::memory_order_relaxed);
	busy_ns_.store(0, std::memory_order_relaxed);
	stop_ns_.store(0, std::memory_order_relaxed);
	for (auto &t : stage_ticks_)
		t.store(0, std::memory_order_relaxed);
	stop_ticks_.store(0, std::memory_order_relaxed);
	start_ticks_.store(stage_ticks(), std::memory_order_relaxed);
	start_ns_.store(monotonic_ns(), std::memory_order_relaxed);
	profiling_.store(cfg.profile, std::memory_order_relaxed);
	// pthread rather than std::thread: the model is also built without
	// exceptions, and the CPU is set before the thread first runs.
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	if (cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	}
	const int rc = pthread_create(&thread_, &attr, thread_entry, this);
	pthread_attr_destroy(&attr);
	if (rc != 0)
		return -rc;
	pthread_setname_np(thread_, "dpaa-model");
	running_ = true;
	return 0;
}

void Soc::stop_thread()
{
	if (!running_)
		return;
	stop_.store(true, std::memory_order_relaxed);
	pthread_join(thread_, nullptr);
	profiling_.store(false, std::memory_order_relaxed);
	stop_ticks_.store(stage_ticks(), std::memory_order_relaxed);
	stop_ns_.store(monotonic_ns(), std::memory_order_relaxed);
	running_ = false;
}

Soc::ThreadStats Soc::thread_stats() const noexcept
{
	ThreadStats t;
	t.busy_steps = busy_steps_.load(std::memory_order_relaxed);
	t.idle_steps = idle_steps_.load(std::memory_order_relaxed);
	t.busy_ns = busy_ns_.load(std::memory_order_relaxed);
	const uint64_t start = start_ns_.load(std::memory_order_relaxed);
	const uint64_t stop = stop_ns_.load(std::memory_order_relaxed);
	if (start != 0)
		t.run_ns = (stop != 0 ? stop : monotonic_ns()) - start;
	t.profiled = thread_cfg_.profile && start != 0;
	if (t.profiled) {
		const uint64_t t0 = start_ticks_.load(std::memory_order_relaxed);
		const uint64_t t1 = stop_ticks_.load(std::memory_order_relaxed);
		const uint64_t ticks = (t1 != 0 ? t1 : stage_ticks()) - t0;
		for (unsigned i = 0; i < t.stage_ns.size(); i++)
			t.stage_ns[i] = ticks == 0 ? 0
						   : static_cast<uint64_t>(
							     double(stage_ticks_[i].load(
								     std::memory_order_relaxed)) *
							     double(t.run_ns) / double(ticks));
	}
	return t;
}

namespace
{

// While busy (a flood on a wire keeps every step doing something), the
// thread steps its way, taking and dropping the SoC's lock at each step: an
// application thread that needs the lock (a BMan or FMan register access
// while it starts up) or this CPU could wait for ever, as a mutex gives no
// turn to a waiter and the lock is free only between two steps. So at least
// every kBusySlice of busy stepping it steps aside, lock released, for one
// idle sleep: the waiter takes the lock, a thread of this CPU runs.
constexpr uint64_t kBusySliceNs = 1'000'000;
// Steps between two looks at the clock while busy.
constexpr unsigned kBusyClockSteps = 64;

} // namespace

void Soc::thread_main()
{
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0); // 1 us: bounded wake-up latency
	const struct timespec nap = {0, static_cast<long>(thread_cfg_.sleep.count()) * 1000};
	unsigned idle = 0;
	unsigned busy = 0; // steps since the thread last slept or went idle
	uint64_t busy_since = 0;
	uint64_t busy_steps = 0, idle_steps = 0; // published once per run of steps
	// The end of a run of busy steps: its time into the thread's stats.
	auto end_busy = [&] {
		bump(busy_ns_, monotonic_ns() - busy_since);
		bump(busy_steps_, busy_steps);
		busy_steps = 0;
		busy = 0;
	};
	while (!stop_.load(std::memory_order_relaxed)) {
		// A driver waits for the lock to enqueue what its EQCR holds
		// (QmanSwPortal::drain_eqcr): it gets it before the next step.
		if (drain_waiters_.load(std::memory_order_relaxed) != 0) [[unlikely]] {
			sched_yield();
			continue;
		}
		if (step()) {
			if (idle_steps != 0) {
				bump(idle_steps_, idle_steps);
				idle_steps = 0;
			}
			idle = 0;
			busy_steps++;
			if (busy++ == 0) {
				busy_since = monotonic_ns();
			} else if (busy % kBusyClockSteps == 0 &&
				   monotonic_ns() - busy_since >= kBusySliceNs) {
				end_busy();
				nanosleep(&nap, nullptr);
			}
			continue;
		}
		if (busy != 0)
			end_busy();
		idle_steps++;
		if (idle != ~0u)
			idle++;
		if (idle < thread_cfg_.spin_steps) {
			hw::cpu_relax();
		} else if (idle - thread_cfg_.spin_steps < thread_cfg_.yield_steps) {
			sched_yield();
		} else {
			nanosleep(&nap, nullptr);
		}
		if (idle_steps >= kBusyClockSteps) {
			bump(idle_steps_, idle_steps);
			idle_steps = 0;
		}
	}
	if (busy != 0)
		end_busy();
	bump(idle_steps_, idle_steps);
}

PortalFaults Soc::faults() const
{
	PortalFaults t;
	auto add = [&t](const PortalFaults &f) {
		t.bad_eqcr_verb += f.bad_eqcr_verb;
		t.bad_mc_verb += f.bad_mc_verb;
		t.bad_consume += f.bad_consume;
		t.vdqcr_busy += f.vdqcr_busy;
		t.bad_rcr_entry += f.bad_rcr_entry;
		t.unflushed_entry += f.unflushed_entry;
	};
	for (const auto &p : qportals_)
		add(p->faults());
	for (const auto &p : bportals_)
		add(p->faults());
	t.bad_ccsr_write += bman_.bad_ccsr_writes();
	return t;
}

StashCounts Soc::stashed() const
{
	StashCounts t;
	for (const auto &p : qportals_) {
		const StashCounts &s = p->stashed();
		t.entries += s.entries;
		t.annotation_lines += s.annotation_lines;
		t.data_lines += s.data_lines;
		t.context_lines += s.context_lines;
	}
	return t;
}

} // namespace dpaa::model
