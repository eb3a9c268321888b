/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Cache eviction for the burst benchmarks of both families: on a board the
// lines a burst reads first (what the device wrote by DMA: frame buffers,
// dequeue entries) are not in the CPU's caches, while a model writes them
// with the CPU. A benchmark evicts them before each timed call.

#pragma once

#include <cstddef>

#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

namespace dpaa::bench
{

inline void evict(const void *addr, size_t len) noexcept
{
	const auto *p = static_cast<const char *>(addr);
	for (size_t off = 0; off < len; off += RTE_CACHE_LINE_SIZE) {
#if defined(__x86_64__) || defined(__i386__)
		__builtin_ia32_clflush(p + off);
#elif defined(__aarch64__)
		asm volatile("dc civac, %0" ::"r"(p + off) : "memory");
#endif
	}
}

// Completes the evictions before the timed call starts.
inline void evict_fence() noexcept
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_mfence();
#elif defined(__aarch64__)
	asm volatile("dsb sy" ::: "memory");
#endif
}

// The lines a burst may touch of every mbuf of the pool: the mbuf's two,
// and the buffer's first four (annotation, then the frame at its offset).
// Not the whole buffer: the rest is never read, and flushing a whole pool
// every round would make a run take minutes.
inline void evict_pool(rte_mempool *mp) noexcept
{
	rte_mempool_obj_iter(
		mp,
		[](rte_mempool *, void *, void *obj, unsigned) {
			const auto *m = static_cast<const rte_mbuf *>(obj);
			evict(m->buf_addr, 4 * RTE_CACHE_LINE_SIZE);
			evict(m, 2 * RTE_CACHE_LINE_SIZE);
		},
		nullptr);
	evict_fence();
}

} // namespace dpaa::bench
