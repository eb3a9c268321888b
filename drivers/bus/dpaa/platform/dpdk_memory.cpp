/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "platform/dpdk_memory.hpp"

#include <cerrno>
#include <mutex>

#include <rte_errno.h>
#include <rte_memory.h>

#include "platform/bus_addr.hpp"

dpaa::platform::WindowTable rte_dpaa_windows;

namespace dpaa::platform
{

namespace
{

constexpr const char *kCallbackName = "dpaa_bus";

Platform *attached;
bool callback_registered;
// The window table takes one writer at a time: DPDK's event callback and an
// on-demand mapping from a mempool's populate may race.
std::mutex writer;

// A memseg list: the whole VA reservation, for a platform that assigns bus
// addresses itself (memory DPDK allocates in it later is then covered).
int map_list(Platform &p, const rte_memseg_list *msl) noexcept
{
	if (msl->base_va == nullptr || msl->len == 0)
		return 0;
	return p.dma_map(reinterpret_cast<uintptr_t>(msl->base_va), msl->len, Platform::kNoIova);
}

// Segments of [va, va + len) in runs contiguous in VA and IOVA, for a
// platform whose bus addresses are DPDK's IOVAs. No lock: called either
// under DPDK's memory lock (event callback) or with the memory stable.
int map_segments(Platform &p, const rte_memseg_list *msl, uintptr_t va, size_t len) noexcept
{
	uintptr_t run_va = 0;
	uint64_t run_iova = 0;
	size_t run_len = 0;
	const uintptr_t end = va + len;
	for (uintptr_t a = va; a < end;) {
		const rte_memseg *ms = rte_mem_virt2memseg(reinterpret_cast<void *>(a), msl);
		if (ms == nullptr || ms->len == 0)
			return -EFAULT;
		const uintptr_t ms_va = reinterpret_cast<uintptr_t>(ms->addr);
		if (run_len != 0 && ms_va == run_va + run_len && ms->iova == run_iova + run_len) {
			run_len += ms->len;
		} else {
			if (run_len != 0) {
				int ret = p.dma_map(run_va, run_len, run_iova);
				if (ret < 0)
					return ret;
			}
			run_va = ms_va;
			run_iova = ms->iova;
			run_len = ms->len;
		}
		a = ms_va + ms->len;
	}
	return run_len != 0 ? p.dma_map(run_va, run_len, run_iova) : 0;
}

int map_range(Platform &p, const void *va, size_t len) noexcept
{
	const rte_memseg_list *msl = rte_mem_virt2memseg_list(va);
	if (msl == nullptr)
		return -EFAULT;
	if (p.assigns_bus_addresses())
		return map_list(p, msl);
	return map_segments(p, msl, reinterpret_cast<uintptr_t>(va), len);
}

int walk_list(const rte_memseg_list *msl, void *arg) noexcept
{
	return map_list(*static_cast<Platform *>(arg), msl) < 0 ? -1 : 0;
}

int walk_contig(const rte_memseg_list *, const rte_memseg *ms, size_t len, void *arg) noexcept
{
	return static_cast<Platform *>(arg)->dma_map(reinterpret_cast<uintptr_t>(ms->addr), len,
						     ms->iova) < 0
		       ? -1
		       : 0;
}

void mem_event(rte_mem_event type, const void *addr, size_t len, void *) noexcept
{
	// Freed memory keeps its window: its bus range is not reused, and a
	// later allocation at the same VA finds it mapped already (model). On
	// a board the same VA comes back with the same pages in DPDK's
	// hugepage files, so the window stays right as well.
	if (type != RTE_MEM_EVENT_ALLOC || attached == nullptr)
		return;
	std::lock_guard<std::mutex> hold(writer);
	map_range(*attached, addr, len);
}

} // namespace

int dpdk_memory_attach(Platform &p) noexcept
{
	// Single-threaded here (bus probe in rte_eal_init), and before the
	// callback exists: no writer lock, which would order against DPDK's
	// memory lock the other way round from mem_event().
	attached = &p;
	int ret = p.assigns_bus_addresses() ? rte_memseg_list_walk(walk_list, &p)
					    : rte_memseg_contig_walk(walk_contig, &p);
	if (ret < 0)
		return -ENOMEM;
	// DPDK offers no event in legacy memory mode (--no-huge, --legacy-mem):
	// memory cannot grow there except as external heaps, which
	// dpdk_memory_map() picks up on demand.
	if (rte_mem_event_callback_register(kCallbackName, mem_event, nullptr) == 0)
		callback_registered = true;
	else if (rte_errno != ENOTSUP)
		return -rte_errno;
	return 0;
}

void dpdk_memory_detach() noexcept
{
	if (callback_registered)
		rte_mem_event_callback_unregister(kCallbackName, nullptr);
	callback_registered = false;
	attached = nullptr;
	rte_dpaa_windows.clear();
}

int dpdk_memory_map(const void *va, size_t len) noexcept
{
	if (attached == nullptr)
		return -ENODEV;
	if (rte_dpaa_windows.covers(reinterpret_cast<uintptr_t>(va), len))
		return 0;
	std::lock_guard<std::mutex> hold(writer);
	return map_range(*attached, va, len);
}

} // namespace dpaa::platform
