/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// DPDK's memory as the platform maps it for DMA: every memseg list at probe
// time, memory DPDK adds later through its memory event callback (hugepage
// mode), and, on demand, memory DPDK added without an event (external heaps,
// --no-huge, where DPDK offers no callback).
#pragma once

#include <cstddef>

#include "platform/platform.hpp"

namespace dpaa::platform
{

// Map all of DPDK's memory and follow its growth. 0 or negative errno.
int dpdk_memory_attach(Platform &p) noexcept;
// Stop following, forget every window (bus cleanup).
void dpdk_memory_detach() noexcept;
// Make [va, va + len) reachable if it is DPDK memory no window covers yet.
// 0 (already or now mapped), -EFAULT if it is not DPDK memory, or the
// platform's error.
int dpdk_memory_map(const void *va, size_t len) noexcept;

} // namespace dpaa::platform
