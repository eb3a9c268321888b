/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa2_model/system.hpp"

#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

#include <cerrno>
#include <cstdio>

#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa2::model
{

namespace
{

uint64_t monotonic_ns()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return uint64_t(ts.tv_sec) * 1'000'000'000u + uint64_t(ts.tv_nsec);
}

// The idle back-off of DPAA1's model thread: spin a little (a driver's
// next doorbell usually follows at once), then yield, then sleep.
constexpr unsigned kSpinSteps = 64;
constexpr unsigned kYieldSteps = 4000;
constexpr struct timespec kNap = {0, 20'000};
// While busy, step aside (lock released, one nap) at least once per slice:
// a mutex gives no turn to a waiter, and an application thread that needs
// the lock (a trapped access while it starts) must get it.
constexpr uint64_t kBusySliceNs = 1'000'000;
constexpr unsigned kBusyClockSteps = 64;

} // namespace

std::unique_ptr<System> System::create(std::string_view config, BusMemory &mem, std::string &error)
{
	ModelConfig cfg;
	if (!parse_config(config, cfg, error))
		return nullptr;
	return create(std::move(cfg), mem, error);
}

std::unique_ptr<System> System::create(ModelConfig config, BusMemory &mem, std::string &error)
{
	std::unique_ptr<System> s(new System);
	s->cfg_ = std::move(config);
	// The wires first: a file or TAP that cannot be opened fails before
	// anything else is built.
	dpaa::model::WireSet::Options opts;
	opts.variable = kConfigVariable;
	opts.throttle = s->cfg_.throttled();
	opts.threaded = s->cfg_.mode == RunMode::threaded;
	s->wires_ = dpaa::model::WireSet::create(s->cfg_.dpmacs, opts, error);
	if (!s->wires_)
		return nullptr;
	const BoardDesc &board = *s->cfg_.board;
	s->qbman_ = std::make_unique<Qbman>(mem, board.qman_version);
	s->wriop_ = std::make_unique<Wriop>(*s->qbman_, mem, board.lx2_frc_summary);
	// Every DPMAC of the SoC exists (the MC owns them in dprc.1); the set's
	// entries are in the board's DPMAC order.
	std::vector<dpaa::model::WireSet::Entry> &entries = s->wires_->entries();
	for (size_t i = 0; i < board.dpmacs.size(); i++) {
		const DpmacDesc &d = board.dpmacs[i];
		s->wriop_->add_mac(d.id, d.max_speed_mbps, d.phy);
		s->wriop_->attach_wire(d.id, *entries[i].wire);
	}
	s->mc_ = std::make_unique<Mc>(s->cfg_, *s->qbman_, *s->wriop_, mem);
	return s;
}

System::~System()
{
	stop();
	mc_.reset();
	wriop_.reset();
	qbman_.reset();
}

bool System::step_locked()
{
	bool worked = wriop_->poll();
	worked |= qbman_->poll();
	return worked;
}

bool System::step()
{
	std::lock_guard<std::mutex> g(lock_);
	return step_locked();
}

int System::start()
{
	if (cfg_.mode == RunMode::stepped || running_)
		return 0;
	stop_.store(false, std::memory_order_relaxed);
	start_ns_ = monotonic_ns();
	stop_ns_ = 0;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	if (cfg_.cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(cfg_.cpu, &set);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	}
	const int rc = pthread_create(&thread_, &attr, thread_entry, this);
	pthread_attr_destroy(&attr);
	if (rc != 0)
		return -rc;
	pthread_setname_np(thread_, "dpaa2-model");
	running_ = true;
	return 0;
}

void System::stop()
{
	if (running_) {
		stop_.store(true, std::memory_order_relaxed);
		pthread_join(thread_, nullptr);
		running_ = false;
		stop_ns_ = monotonic_ns();
	}
	if (wires_)
		wires_->flush();
}

void *System::thread_entry(void *arg)
{
	static_cast<System *>(arg)->thread_main();
	return nullptr;
}

void System::thread_main()
{
	prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0); // 1 us: bounded wake-up latency
	unsigned idle = 0, busy = 0;
	uint64_t busy_since = 0;
	auto end_busy = [&] {
		busy_ns_.fetch_add(monotonic_ns() - busy_since, std::memory_order_relaxed);
		busy = 0;
	};
	while (!stop_.load(std::memory_order_relaxed)) {
		if (step()) {
			idle = 0;
			busy_steps_.fetch_add(1, std::memory_order_relaxed);
			if (busy++ == 0) {
				busy_since = monotonic_ns();
			} else if (busy % kBusyClockSteps == 0 &&
				   monotonic_ns() - busy_since >= kBusySliceNs) {
				end_busy();
				nanosleep(&kNap, nullptr);
			}
			continue;
		}
		if (busy != 0)
			end_busy();
		idle_steps_.fetch_add(1, std::memory_order_relaxed);
		if (idle != ~0u)
			idle++;
		if (idle < kSpinSteps)
			dpaa::hw::cpu_relax();
		else if (idle - kSpinSteps < kYieldSteps)
			sched_yield();
		else
			nanosleep(&kNap, nullptr);
	}
	if (busy != 0)
		end_busy();
}

std::vector<std::string> System::wire_summary() const
{
	std::vector<std::string> lines = wires_->summary();
	for (std::string &l : wriop_->rx_summary())
		lines.push_back(std::move(l));
	if (start_ns_ == 0)
		return lines;
	const uint64_t run_ns = (stop_ns_ ? stop_ns_ : monotonic_ns()) - start_ns_;
	const uint64_t busy_ns = busy_ns_.load(std::memory_order_relaxed);
	char buf[256];
	std::snprintf(buf, sizeof(buf),
		      "model thread: %.1f%% busy (%.3f of %.3f s), %llu steps with work, %llu idle "
		      "polls",
		      run_ns ? 100.0 * double(busy_ns) / double(run_ns) : 0.0,
		      double(busy_ns) / 1e9, double(run_ns) / 1e9,
		      static_cast<unsigned long long>(busy_steps_.load(std::memory_order_relaxed)),
		      static_cast<unsigned long long>(idle_steps_.load(std::memory_order_relaxed)));
	lines.emplace_back(buf);
	return lines;
}

uint64_t System::misuse_count() const
{
	return qbman_->misuse_count() + mc_->misuse_count();
}

} // namespace dpaa2::model
