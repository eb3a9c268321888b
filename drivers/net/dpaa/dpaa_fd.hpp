/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Frame descriptors <-> mbufs: the conversions both data paths and the queue
// teardown share. A BMan buffer's address is the mbuf's buf_addr; the mbuf
// header sits meta_size bytes before it (dpaa_mempool.hpp).

#pragma once

#include <cstdint>

#include <rte_mbuf.h>

#include "dpaa_bus.hpp"
#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_mempool.hpp"

namespace dpaa::net
{

// The mbuf whose buffer starts at bus address 'addr'.
[[gnu::always_inline]] inline rte_mbuf *bus_to_mbuf(uint64_t addr, uint32_t meta_size) noexcept
{
	return reinterpret_cast<rte_mbuf *>(static_cast<char *>(bus::bus_to_va(addr)) - meta_size);
}

// Where the FMan's parse result and KeyGen hash are, relative to the buffer
// start (the FMBM_RICP / FMBM_TICP setting, fman_ccsr.hpp icp::kDefault).
inline constexpr uint32_t kPrsOffset = 0x10;
inline constexpr uint32_t kHashOffset = 0x38;

// Free every buffer of a frame that will not reach the application (an
// error frame, a frame of a stopped queue, a rejected enqueue): each that is
// a buffer of the dpaa pool its BPID names goes back to it, once; anything
// else is not ours to free and is left alone (dpaa_rx_check.cpp).
void free_fd_buffers(const hw::Fd &fd) noexcept;

} // namespace dpaa::net
