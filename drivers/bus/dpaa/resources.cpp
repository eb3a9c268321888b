/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The hardware IDs a process hands out to its ports and pools: frame queue
// ids, BMan pool ids, pool channels and congestion groups. On a board they
// come from the USDPAA kernel's allocators (the platform's alloc_ids()),
// which share the SoC's IDs between the kernel's own interfaces and every
// DPAA process; on the model, whose SoC is this process's alone, from the
// ranges the platform reports, here.

#include <algorithm>
#include <bitset>
#include <cerrno>
#include <mutex>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/qman_cgr.hpp"
#include "qbman/qman_fqid_alloc.hpp"

namespace dpaa::bus
{

namespace
{

platform::Platform *plat;
qbman::FqidAllocator fqids;
bool have_fqids;
std::mutex channel_lock;
uint16_t pool_channels[platform::kMaxPoolChannels];
bool channel_used[platform::kMaxPoolChannels];
unsigned num_pool_channels;
std::mutex cgrid_lock;
uint32_t cgrid_base;
uint32_t cgrid_count;
std::bitset<hw::qm::kNumCgrs> cgrid_used;
std::mutex bpid_lock;
uint32_t bpid_base;
uint32_t bpid_count;
std::bitset<hw::bm::kNumPools> bpid_used;

// Whether the platform's allocator (the kernel's) hands the IDs out.
bool kernel_ids() noexcept
{
	return plat != nullptr && plat->allocates_ids();
}

int64_t kernel_alloc(platform::IdKind kind, uint32_t count, uint32_t align) noexcept
{
	uint32_t base = 0;
	const int ret = plat->alloc_ids(kind, count, align, base);
	return ret < 0 ? ret : int64_t{base};
}

} // namespace

int resources_setup(platform::Platform &p) noexcept
{
	plat = &p;
	const platform::SocInfo &soc = p.soc();
	int ret = fqids.init(soc.fqid_base, soc.fqid_count);
	if (ret < 0) {
		DPAA_BUS_LOG(ERR, "FQID range 0x%x+%u: %s", soc.fqid_base, soc.fqid_count,
			     strerror(-ret));
		return ret;
	}
	have_fqids = true;
	std::lock_guard<std::mutex> hold(channel_lock);
	num_pool_channels = soc.num_pool_channels;
	for (unsigned i = 0; i < num_pool_channels; i++) {
		pool_channels[i] = soc.pool_channels[i];
		channel_used[i] = false;
	}
	std::lock_guard<std::mutex> hold_cg(cgrid_lock);
	cgrid_base = soc.cgrid_base;
	cgrid_count =
		soc.cgrid_base < hw::qm::kNumCgrs
			? std::min<uint32_t>(soc.cgrid_count, hw::qm::kNumCgrs - soc.cgrid_base)
			: 0;
	cgrid_used.reset();
	std::lock_guard<std::mutex> hold_bp(bpid_lock);
	bpid_base = std::min<uint32_t>(soc.bpid_base, hw::bm::kNumPools);
	bpid_count = std::min<uint32_t>(soc.bpid_count, hw::bm::kNumPools - bpid_base);
	bpid_used.reset();
	return 0;
}

void resources_teardown() noexcept
{
	plat = nullptr;
	have_fqids = false; // the next setup's init() starts the range afresh
	std::lock_guard<std::mutex> hold(channel_lock);
	num_pool_channels = 0;
	std::lock_guard<std::mutex> hold_cg(cgrid_lock);
	cgrid_count = 0;
}

} // namespace dpaa::bus

using namespace dpaa;
using platform::IdKind;

extern "C" int64_t rte_dpaa_fqid_alloc(uint32_t count, uint32_t align) noexcept
{
	if (bus::kernel_ids())
		return bus::kernel_alloc(IdKind::fqid, count, align);
	if (!bus::have_fqids)
		return -ENODEV;
	return bus::fqids.alloc(count, align);
}

extern "C" int rte_dpaa_fqid_free(uint32_t first, uint32_t count) noexcept
{
	if (bus::kernel_ids()) {
		bus::plat->free_ids(IdKind::fqid, first, count);
		return 0;
	}
	if (!bus::have_fqids)
		return -ENODEV;
	return bus::fqids.free(first, count);
}

extern "C" int rte_dpaa_pool_channel_alloc(void) noexcept
{
	if (bus::kernel_ids())
		return static_cast<int>(bus::kernel_alloc(IdKind::pool_channel, 1, 1));
	std::lock_guard<std::mutex> hold(bus::channel_lock);
	if (bus::num_pool_channels == 0)
		return -ENODEV;
	for (unsigned i = 0; i < bus::num_pool_channels; i++)
		if (!bus::channel_used[i]) {
			bus::channel_used[i] = true;
			return bus::pool_channels[i];
		}
	return -ENOSPC;
}

extern "C" void rte_dpaa_pool_channel_free(uint16_t channel) noexcept
{
	if (bus::kernel_ids()) {
		bus::plat->free_ids(IdKind::pool_channel, channel, 1);
		return;
	}
	std::lock_guard<std::mutex> hold(bus::channel_lock);
	for (unsigned i = 0; i < bus::num_pool_channels; i++)
		if (bus::pool_channels[i] == channel)
			bus::channel_used[i] = false;
}

extern "C" int rte_dpaa_cgrid_alloc(void) noexcept
{
	if (bus::kernel_ids())
		return static_cast<int>(bus::kernel_alloc(IdKind::cgrid, 1, 1));
	std::lock_guard<std::mutex> hold(bus::cgrid_lock);
	if (bus::cgrid_count == 0)
		return -ENODEV;
	for (uint32_t i = 0; i < bus::cgrid_count; i++)
		if (!bus::cgrid_used[i]) {
			bus::cgrid_used[i] = true;
			return static_cast<int>(bus::cgrid_base + i);
		}
	return -ENOSPC;
}

extern "C" void rte_dpaa_cgrid_free(uint32_t cgrid) noexcept
{
	if (bus::kernel_ids()) {
		bus::plat->free_ids(IdKind::cgrid, cgrid, 1);
		return;
	}
	std::lock_guard<std::mutex> hold(bus::cgrid_lock);
	if (cgrid >= bus::cgrid_base && cgrid - bus::cgrid_base < bus::cgrid_count)
		bus::cgrid_used[cgrid - bus::cgrid_base] = false;
}

extern "C" bool rte_dpaa_ids_from_kernel(void) noexcept
{
	return bus::kernel_ids();
}

extern "C" int rte_dpaa_bpid_alloc(void) noexcept
{
	if (bus::kernel_ids())
		return static_cast<int>(bus::kernel_alloc(IdKind::bpid, 1, 1));
	std::lock_guard<std::mutex> hold(bus::bpid_lock);
	if (bus::bpid_count == 0)
		return -ENODEV;
	for (uint32_t i = 0; i < bus::bpid_count; i++)
		if (!bus::bpid_used[bus::bpid_base + i]) {
			bus::bpid_used[bus::bpid_base + i] = true;
			return static_cast<int>(bus::bpid_base + i);
		}
	return -ENOSPC;
}

extern "C" void rte_dpaa_bpid_free(uint32_t bpid) noexcept
{
	if (bus::kernel_ids()) {
		bus::plat->free_ids(IdKind::bpid, bpid, 1);
		return;
	}
	std::lock_guard<std::mutex> hold(bus::bpid_lock);
	if (bpid < hw::bm::kNumPools)
		bus::bpid_used[bpid] = false;
}
