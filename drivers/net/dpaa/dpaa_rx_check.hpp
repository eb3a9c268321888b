/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// What the Rx path trusts in a frame descriptor, and what it does with one it
// cannot trust. An FD in an Rx FQ normally comes from the FMan, but any agent
// with a QMan portal can enqueue to that FQ (a buggy process, a corrupted
// annotation): its BPID, address, offset, length, format and SG table are
// not to be believed until checked, and no address is dereferenced before
// it is known to be a buffer of a dpaa pool.
//
// The common FD (short contiguous, no error status, a buffer of the queue's
// own pool, the frame inside the buffer) is recognised inline by
// rx_fd_common(); everything else goes to rx_fd_slow(), out of line.

#pragma once

#include <cstdint>

#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/fman_fd.hpp"

namespace dpaa::net
{

struct RxQueue;

// Where the inline check looks for the buffers of the queue's pool: the
// bus addresses a buffer of the pool's largest memory chunk can start at
// (one subtraction and one compare). Inside it, the mbuf there must say its
// buffer is at that address (DPDK lays objects out with gaps at page
// boundaries, so no arithmetic on the address alone can tell a buffer's
// start). The slow path checks the same of any chunk of any dpaa pool.
struct PoolSpan {
	// Bus address of the chunk's first possible buffer; by default above
	// every 40-bit address, so that no FD passes (all take the slow path).
	uint64_t first = ~uint64_t{0};
	uint64_t span = 0;	// last possible buffer - first
	uintptr_t va_first = 0; // the virtual address of 'first'

	[[gnu::always_inline]] bool holds(uint64_t a) const noexcept { return a - first <= span; }
	// The virtual address of bus address a, if holds(a) (the chunk lies in
	// one bus window): an addition instead of a window lookup. For any
	// other a the result means nothing; the burst only prefetches it (a
	// prefetch never faults) before the check sends the FD to the slow
	// path, which translates properly.
	[[gnu::always_inline]] char *va(uint64_t a) const noexcept
	{
		return reinterpret_cast<char *>(va_first + (a - first));
	}
};

// The span of pool mp's largest memory chunk that one bus window maps.
// meta: bytes from an object to its buffer; buf_size: bytes from a buffer's
// start to the end of its object.
PoolSpan pool_span(const rte_mempool *mp, uint32_t meta, uint32_t buf_size) noexcept;

// The mbuf of the buffer at bus address addr if it is a buffer of the dpaa
// pool of BPID bpid, else nullptr (no such pool, address outside its
// memory or not at a buffer's start). Reads nothing outside that pool.
rte_mbuf *pool_buffer(uint8_t bpid, uint64_t addr) noexcept;

// Any FD the inline check did not take: an SG frame (checked entry by
// entry, converted), a contiguous frame of another dpaa pool (converted),
// or an FD to drop: error status, unknown BPID, an address that is no
// buffer, a frame past its buffer, an SG table too long, extended, looping
// or pointing outside pool memory. A dropped FD's buffers that are genuine
// buffers of their pools go back to them; it is counted in the queue's
// errors (by the caller, on nullptr) and, unless the FMan flagged it with
// an error status, in bad_fds, with one log line per second at most.
[[gnu::noinline]] rte_mbuf *rx_fd_slow(RxQueue &q, const hw::Fd &fd) noexcept;

} // namespace dpaa::net
