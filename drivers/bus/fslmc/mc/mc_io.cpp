/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "mc/mc_io.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>

#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa2::fslmc
{

namespace
{

// Device memory takes single, naturally aligned accesses of the width the
// MC expects: 64-bit parameter stores, 32-bit header stores, 64-bit header
// loads (the Layerscape interconnect does not split them).
void store64(volatile uint8_t *p, uint64_t v) noexcept
{
	*reinterpret_cast<volatile uint64_t *>(p) = v;
}
void store32(volatile uint8_t *p, uint32_t v) noexcept
{
	*reinterpret_cast<volatile uint32_t *>(p) = v;
}
uint64_t load64(const volatile uint8_t *p) noexcept
{
	return *reinterpret_cast<const volatile uint64_t *>(p);
}

constexpr unsigned kStatusShift = 16; // header byte 2

} // namespace

int McIo::send(hw::McCommand &cmd) noexcept
{
	cmd.set_status(hw::McStatus::ready);
	uint64_t raw[8];
	static_assert(sizeof(raw) == sizeof(cmd));
	std::memcpy(raw, &cmd, sizeof(raw));

	std::lock_guard<std::mutex> hold(lock_);
	// The parameters, then header word 1 (token, command), then word 0
	// with the READY status: the MC starts on that last store.
	for (unsigned i = 1; i < 8; i++)
		store64(portal_ + 8 * i, raw[i]);
	store32(portal_ + 4, static_cast<uint32_t>(raw[0] >> 32));
	std::atomic_thread_fence(std::memory_order_release);
	store32(portal_ + hw::kMcDoorbellOffset, static_cast<uint32_t>(raw[0]));

	const auto deadline = std::chrono::steady_clock::now() + timeout_;
	uint64_t header;
	for (unsigned polls = 0;; polls++) {
		header = load64(portal_);
		if (static_cast<uint8_t>(header >> kStatusShift) !=
		    static_cast<uint8_t>(hw::McStatus::ready))
			break;
		// The clock only every 64 polls: an MC answers in microseconds.
		if ((polls & 63) == 63 && std::chrono::steady_clock::now() > deadline) {
			timeouts_++;
			return -ETIMEDOUT;
		}
		dpaa::hw::cpu_relax();
	}
	std::atomic_thread_fence(std::memory_order_acquire);
	raw[0] = header;
	for (unsigned i = 1; i < 8; i++)
		raw[i] = load64(portal_ + 8 * i);
	std::memcpy(&cmd, raw, sizeof(raw));
	return hw::mc_status_errno(cmd.status());
}

} // namespace dpaa2::fslmc
