/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// What one trapped access of the emulated kernels costs the thread that
// makes it (lib/emu_common/mmio_trap.hpp): the fault, the decode of the
// instruction, the call of the window's target and the return, with a
// target that only keeps the stored word. Every doorbell a driver rings
// through lib/fslmc_emu or lib/usdpaa_emu costs at least this, plus the
// model's own work under its lock, none of which silicon charges to the
// core; devtools/bench.sh sets it beside the traps per forwarded frame.
//
//   build/app/bench/trap-bench [--rounds N] [--accesses N]
//
// Prints one JSON line: the median and least nanoseconds per trapped store
// over the rounds (the least is the one a preemption did not lengthen: short
// rounds, 10 stores by default, so that some round runs whole on a loaded
// machine), and the same for a store to plain memory. Exits 1 when a store did not
// reach the target.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"

// The name the trap engine's messages start with (emu_common/log.hpp).
const char dpaa::emu::kLogName[] = "trap-bench";

namespace
{

// A doorbell register: keeps the last word stored, counts the stores.
class Doorbell final : public dpaa::emu::TrapTarget
{
public:
	uint32_t last = 0;
	uint64_t stores = 0;

	void load(uint32_t, unsigned n, uint8_t *out) noexcept override { std::memset(out, 0, n); }
	void store(uint32_t, unsigned n, const uint8_t *in) noexcept override
	{
		std::memcpy(&last, in, std::min(n, 4U));
		++stores;
	}
};

// Nanoseconds per store of 'accesses' stores to 'reg'.
double time_stores(volatile uint32_t *reg, unsigned accesses)
{
	const auto t0 = std::chrono::steady_clock::now();
	for (unsigned i = 0; i < accesses; i++)
		*reg = i;
	const auto t1 = std::chrono::steady_clock::now();
	return std::chrono::duration<double, std::nano>(t1 - t0).count() / accesses;
}

double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
	unsigned rounds = 51;
	unsigned accesses = 10;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (std::strcmp(argv[i], "--rounds") == 0)
			rounds = static_cast<unsigned>(
				std::max(1L, std::strtol(argv[i + 1], nullptr, 0)));
		else if (std::strcmp(argv[i], "--accesses") == 0)
			accesses = static_cast<unsigned>(
				std::max(1L, std::strtol(argv[i + 1], nullptr, 0)));
		else {
			std::fprintf(stderr, "usage: trap-bench [--rounds N] [--accesses N]\n");
			return 2;
		}
	}
	Doorbell bell;
	if (dpaa::emu::mmio_trap_install() != 0) {
		std::perror("trap-bench: mmio_trap_install");
		return 1;
	}
	auto *window = static_cast<volatile uint32_t *>(dpaa::emu::mmio_trap_map(4096, bell));
	if (window == nullptr) {
		std::perror("trap-bench: mmio_trap_map");
		return 1;
	}
	volatile uint32_t plain = 0;
	std::vector<double> trapped;
	std::vector<double> memory;
	for (unsigned r = 0; r < rounds; r++) {
		trapped.push_back(time_stores(window, accesses));
		memory.push_back(time_stores(&plain, accesses));
	}
	std::printf("{\"trap_ns_median\": %.1f, \"trap_ns_min\": %.1f, \"store_ns_median\": %.2f, "
		    "\"store_ns_min\": %.2f, \"rounds\": %u, \"accesses\": %u}\n",
		    median(trapped), *std::min_element(trapped.begin(), trapped.end()),
		    median(memory), *std::min_element(memory.begin(), memory.end()), rounds,
		    accesses);
	return bell.stores == uint64_t(rounds) * accesses ? 0 : 1;
}
