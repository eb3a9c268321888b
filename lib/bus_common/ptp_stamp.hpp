/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The last IEEE 1588 timestamp of one direction of a port, read once:
// rte_eth_timesync_read_rx_timestamp() and _tx_timestamp() return each
// stamp a single time, so that a caller (testpmd's ieee1588 forwarding)
// tells a new frame's stamp from the one it read before. The lcore whose
// burst or Tx confirmation saw the frame posts it; whoever calls the
// timesync API takes it: the time is stored before the flag (release), and
// read after it (acquire). A trivial type, zeroed with the port's private
// data: empty.

#pragma once

#include <cstdint>
#include <ctime>

#include <rte_time.h>

namespace dpaa::bus_common
{

struct PtpStamp {
	uint64_t ns;
	bool valid;

	void post(uint64_t time_ns) noexcept
	{
		ns = time_ns;
		__atomic_store_n(&valid, true, __ATOMIC_RELEASE);
	}
	bool ready() const noexcept { return __atomic_load_n(&valid, __ATOMIC_ACQUIRE); }
	// False, and `ts` untouched, when no stamp came since the last take.
	bool take(timespec &ts) noexcept
	{
		if (!ready())
			return false;
		ts = rte_ns_to_timespec(ns);
		__atomic_store_n(&valid, false, __ATOMIC_RELAXED);
		return true;
	}
	void clear() noexcept { __atomic_store_n(&valid, false, __ATOMIC_RELAXED); }
};

} // namespace dpaa::bus_common
