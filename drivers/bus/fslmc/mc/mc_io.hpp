/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The driver's side of an MC command portal: one 64-byte command written
// into the portal (a DPMCP's region 0, mapped by the bus), the header's
// status polled until the MC firmware has answered, the response read back.
//
// One lock per portal serialises the commands of every thread. It is a
// scoped lock: a command that times out returns -ETIMEDOUT with the lock
// released, so the next command is sent rather than every later caller
// hanging behind it (upstream keeps its spinlock taken after a timeout).
//
// Plain C++ with no DPDK dependency, so that the unit tests run it against a
// 64-byte buffer and a responder thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>

#include "dpaa2_hw/mc_portal.hpp"

namespace dpaa2::fslmc
{

class McIo
{
public:
	// Upstream waits one second (rte_get_timer_hz() cycles) for the MC.
	static constexpr std::chrono::milliseconds kDefaultTimeout{1000};

	// `portal`: the first 64 bytes of the MC portal region, device memory.
	explicit McIo(volatile void *portal,
		      std::chrono::nanoseconds timeout = kDefaultTimeout) noexcept
	    : portal_(static_cast<volatile uint8_t *>(portal)), timeout_(timeout)
	{
	}
	McIo(const McIo &) = delete;
	McIo &operator=(const McIo &) = delete;

	// Sends `cmd` (its status is set to READY here) and waits for the
	// answer, which replaces `cmd` (header and params). Returns 0, the MC's
	// status as a negative errno (mc_status_errno), or -ETIMEDOUT when the
	// MC did not answer within the timeout; then `cmd` is left as sent.
	int send(hw::McCommand &cmd) noexcept;

	// Commands that timed out since the portal was opened.
	uint64_t timeouts() const noexcept { return timeouts_; }
	volatile void *portal() const noexcept { return portal_; }

private:
	volatile uint8_t *portal_;
	std::chrono::nanoseconds timeout_;
	std::mutex lock_;
	uint64_t timeouts_ = 0;
};

} // namespace dpaa2::fslmc
