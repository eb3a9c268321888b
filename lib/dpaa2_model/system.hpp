/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The modelled DPAA2 SoC as a configuration string (DPAA2_KERNEL_MODEL)
// describes it: QBMan, WRIOP with the board's DPMACs and their wires, and
// the MC firmware with dynamic_dpl.sh's containers. The emulated fsl-mc
// kernel creates one; tests create them directly.
//
// One lock covers the whole model: the model thread holds it while it
// steps, the emulation for every trapped access and ioctl.
//
// Threaded mode (the default): start() runs a thread (pinned to cpu= if
// given) that polls WRIOP (wires in, Tx out) and QBMan (direct-mode portals,
// static dequeue) until stop(), backing off (spin, yield, sleep) while
// idle. Stepped mode: nothing runs by itself; the owner calls step(), and
// wires are not paced, so a run is deterministic.
#pragma once

#include <pthread.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "dpaa2_model/config.hpp"
#include "dpaa2_model/mc.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/wriop.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "dpaa_model/wire_set.hpp"

namespace dpaa2::model
{

class System
{
public:
	// nullptr, and error naming the bad part of the configuration, on failure.
	static std::unique_ptr<System> create(std::string_view config, BusMemory &mem,
					      std::string &error);
	static std::unique_ptr<System> create(ModelConfig config, BusMemory &mem,
					      std::string &error);
	~System();
	System(const System &) = delete;
	System &operator=(const System &) = delete;

	Qbman &qbman() { return *qbman_; }
	Wriop &wriop() { return *wriop_; }
	Mc &mc() { return *mc_; }
	const ModelConfig &config() const { return cfg_; }
	const BoardDesc &board() const { return *cfg_.board; }

	void lock() { lock_.lock(); }
	void unlock() { lock_.unlock(); }

	// Threaded mode: start the model thread; 0 or negative errno. Stepped
	// mode: nothing to start, 0.
	int start();
	// Stops the model thread (if running) and flushes the wires' files.
	void stop();
	bool running() const { return running_; }
	// Stepped mode (tests): one round under the lock, true if work was done.
	bool step();

	// The wire on that DPMAC ("dpmac.3"), nullptr if there is no such DPMAC.
	dpaa::model::Wire *wire(std::string_view port) { return wires_->wire(port); }
	dpaa::model::WireSet &wires() { return *wires_; }
	// What each wire counted, one line per wire, then the model thread's
	// busy time, for the emulation to log when the application stops.
	std::vector<std::string> wire_summary() const;
	// Driver misuse the blocks saw: QBMan's portals, the MC's commands.
	uint64_t misuse_count() const;

private:
	System() = default;
	bool step_locked();
	static void *thread_entry(void *arg);
	void thread_main();

	// Destroyed bottom-up: the MC (which holds DPNIs and portals) before
	// WRIOP (which holds wire pointers) before the wires and QBMan.
	ModelConfig cfg_;
	std::mutex lock_;
	std::unique_ptr<dpaa::model::WireSet> wires_;
	std::unique_ptr<Qbman> qbman_;
	std::unique_ptr<Wriop> wriop_;
	std::unique_ptr<Mc> mc_;

	pthread_t thread_{};
	bool running_ = false;
	std::atomic<bool> stop_{false};
	std::atomic<uint64_t> busy_steps_{0}, idle_steps_{0}, busy_ns_{0};
	uint64_t start_ns_ = 0, stop_ns_ = 0;
};

} // namespace dpaa2::model
