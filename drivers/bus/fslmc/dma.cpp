/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// DPDK's memory in the container's IOMMU. Every memseg is mapped at probe
// with its IOVA (the bus asks EAL for IOVA-as-VA, so IOVA == VA), and DPDK's
// memory events map what it allocates later and unmap what it frees.

#include <cerrno>
#include <cstring>
#include <mutex>

#include <rte_errno.h>
#include <rte_memory.h>

#include "bus_internal.hpp"

namespace dpaa2::fslmc
{

namespace
{

constexpr const char *kCallbackName = "fslmc_bus";
bool callback_registered;
std::mutex map_lock;

int map_contig(const rte_memseg_list *, const rte_memseg *ms, size_t len, void *) noexcept
{
	if (ms->iova == RTE_BAD_IOVA)
		return 0;
	int ret = vfio().dma_map(reinterpret_cast<uintptr_t>(ms->addr), ms->iova, len);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "DMA map of %zu bytes at %p: %s", len, ms->addr, strerror(-ret));
		return -1;
	}
	return 0;
}

// Each memseg of [addr, addr + len) on its own: they were allocated (or
// are freed) together but may not be IOVA-contiguous.
void map_range(bool map, const void *addr, size_t len) noexcept
{
	const rte_memseg_list *msl = rte_mem_virt2memseg_list(addr);
	if (msl == nullptr)
		return;
	const uintptr_t end = reinterpret_cast<uintptr_t>(addr) + len;
	for (uintptr_t a = reinterpret_cast<uintptr_t>(addr); a < end;) {
		const rte_memseg *ms = rte_mem_virt2memseg(reinterpret_cast<void *>(a), msl);
		if (ms == nullptr || ms->len == 0)
			return;
		int ret = map ? vfio().dma_map(reinterpret_cast<uintptr_t>(ms->addr), ms->iova,
					       ms->len)
			      : vfio().dma_unmap(ms->iova, ms->len);
		if (ret < 0)
			FSLMC_BUS_LOG(ERR, "DMA %s of %zu bytes at %p: %s", map ? "map" : "unmap",
				      ms->len, ms->addr, strerror(-ret));
		a = reinterpret_cast<uintptr_t>(ms->addr) + ms->len;
	}
}

void mem_event(rte_mem_event type, const void *addr, size_t len, void *) noexcept
{
	std::lock_guard<std::mutex> hold(map_lock);
	map_range(type == RTE_MEM_EVENT_ALLOC, addr, len);
}

} // namespace

int dma_setup() noexcept
{
	// Single-threaded (bus probe, inside rte_eal_init), before the
	// callback exists.
	if (rte_memseg_contig_walk(map_contig, nullptr) < 0)
		return -ENOMEM;
	// Legacy memory (--no-huge, --legacy-mem) offers no events: it does
	// not grow.
	if (rte_mem_event_callback_register(kCallbackName, mem_event, nullptr) == 0)
		callback_registered = true;
	else if (rte_errno != ENOTSUP)
		return -rte_errno;
	return 0;
}

void dma_teardown() noexcept
{
	if (callback_registered)
		rte_mem_event_callback_unregister(kCallbackName, nullptr);
	callback_registered = false;
}

} // namespace dpaa2::fslmc

extern "C" int rte_fslmc_dma_map(const void *va, size_t len) noexcept
{
	if (!dpaa2::fslmc::vfio().is_open())
		return -ENODEV;
	const auto a = reinterpret_cast<uintptr_t>(va);
	std::lock_guard<std::mutex> hold(dpaa2::fslmc::map_lock);
	return dpaa2::fslmc::vfio().dma_map(a, a, len);
}
