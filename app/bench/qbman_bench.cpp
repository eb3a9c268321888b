/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Frames per second through enqueue -> QMan model -> DQRR -> consume, with the
// real portal driver and the model:
//  - stepped: one thread drives the portal and steps the model itself;
//  - threaded: the driver thread enqueues and consumes on one portal while
//    the model runs on its own thread (optionally both pinned: --cpus A,B),
//    once with the model's default idle back-off and once spinning.
// Both figures come from one run so that they can be compared side by side.
// Prints one JSON object. Usage: qbman_bench [--frames N] [--cpus D,M]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <pthread.h>
#include <sched.h>

#include "dpaa_model/soc.hpp"
#include "qbman/qman_portal.hpp"

namespace
{

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;
using dpaa::model::Soc;
using dpaa::qbman::QmanPortal;
using Clock = std::chrono::steady_clock;

void step_model(void *soc)
{
	static_cast<Soc *>(soc)->step();
}

struct Result {
	double seconds;
	uint64_t frames;
	bool ok;
};

QmanPortal make_portal(Soc &soc, unsigned idx)
{
	auto &mp = soc.qman_portal(idx);
	QmanPortal p({mp.ce(), mp.ci(), hw::Channel{mp.channel()}, idx});
	p.init();
	return p;
}

int setup_fq(QmanPortal &p, uint32_t fqid)
{
	dpaa::qbman::FqInit fi;
	fi.dest = p.channel();
	const int rc = p.init_fq(hw::Fqid{fqid}, fi);
	p.static_dequeue(qm::sdqcr::kChannelsDedicated);
	return rc;
}

// The loop the driver thread runs in both modes; Stepped adds the model step.
template <bool Stepped> Result run(Soc &soc, QmanPortal &p, uint64_t frames)
{
	constexpr uint32_t kFqid = 0x100;
	std::array<hw::Fd, 8> burst;
	for (unsigned i = 0; i < burst.size(); i++)
		burst[i] = hw::Fd::contig(0x1000 * (i + 1), 1, 64, 60);
	uint64_t sent = 0, got = 0, bad = 0;
	const auto t0 = Clock::now();
	while (got < frames) {
		if (sent < frames) {
			const unsigned want =
				static_cast<unsigned>(std::min<uint64_t>(8, frames - sent));
			sent += p.enqueue_burst(hw::Fqid{kFqid}, std::span(burst.data(), want));
		}
		if constexpr (Stepped)
			soc.step();
		got += p.poll_dqrr(16, [&](const qm::DqrrEntry &e) { bad += e.fqid() != kFqid; });
	}
	const double s = std::chrono::duration<double>(Clock::now() - t0).count();
	return {s, got, bad == 0 && got == frames};
}

bool pin_self(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set) == 0;
}

} // namespace

int main(int argc, char **argv)
{
	uint64_t frames = 2'000'000;
	int driver_cpu = -1, model_cpu = -1;
	for (int i = 1; i < argc; i++) {
		if (!std::strcmp(argv[i], "--frames") && i + 1 < argc)
			frames = std::strtoull(argv[++i], nullptr, 0);
		else if (!std::strcmp(argv[i], "--cpus") && i + 1 < argc &&
			 std::sscanf(argv[++i], "%d,%d", &driver_cpu, &model_cpu) == 2)
			;
		else {
			std::fprintf(stderr, "usage: %s [--frames N] [--cpus DRIVER,MODEL]\n",
				     argv[0]);
			return 2;
		}
	}
	if (driver_cpu >= 0 && !pin_self(driver_cpu)) {
		std::fprintf(stderr, "cannot pin the driver thread to CPU %d\n", driver_cpu);
		return 1;
	}

	Result stepped, threaded, dedicated;
	{
		Soc soc;
		QmanPortal p = make_portal(soc, 0);
		p.set_wait_hook({step_model, &soc});
		if (setup_fq(p, 0x100) != 0)
			return 1;
		stepped = run<true>(soc, p, frames);
	}
	// Threaded, with the model thread's default back-off (made for a machine
	// it shares with the application), then spinning as if it owned its core.
	for (Result *r : {&threaded, &dedicated}) {
		Soc soc;
		Soc::ThreadConfig tc;
		tc.cpu = model_cpu;
		if (r == &dedicated)
			tc.spin_steps = 1u << 30;
		if (soc.start_thread(tc) != 0) {
			std::fprintf(stderr, "cannot start the model thread on CPU %d\n",
				     model_cpu);
			return 1;
		}
		QmanPortal p = make_portal(soc, 0);
		if (setup_fq(p, 0x100) != 0)
			return 1;
		*r = run<false>(soc, p, frames);
		soc.stop_thread();
	}
	std::printf("{\"benchmark\": \"qbman enqueue->dqrr->consume\", \"frames\": %llu,\n"
		    " \"stepped_single_thread_fps\": %.0f,\n"
		    " \"threaded_driver_plus_model_fps\": %.0f,\n"
		    " \"threaded_model_spinning_fps\": %.0f,\n"
		    " \"threaded_over_stepped\": %.3f,\n"
		    " \"driver_cpu\": %d, \"model_cpu\": %d, \"ok\": %s}\n",
		    static_cast<unsigned long long>(frames), stepped.frames / stepped.seconds,
		    threaded.frames / threaded.seconds, dedicated.frames / dedicated.seconds,
		    (threaded.frames / threaded.seconds) / (stepped.frames / stepped.seconds),
		    driver_cpu, model_cpu,
		    (stepped.ok && threaded.ok && dedicated.ok) ? "true" : "false");
	return (stepped.ok && threaded.ok && dedicated.ok) ? 0 : 1;
}
