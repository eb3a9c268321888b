/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QMan resources a process hands out to its ports: frame queue ids from
// the platform's FQID range, pool channels, and congestion groups from the
// platform's CGRID range (the device tree's fsl,cgrid-range on a board).

#include <algorithm>
#include <bitset>
#include <cerrno>
#include <mutex>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"
#include "dpaa_hw/qman_cgr.hpp"
#include "qbman/qman_fqid_alloc.hpp"

namespace dpaa::bus
{

namespace
{

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

} // namespace

int resources_setup(const platform::SocInfo &soc) noexcept
{
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
	return 0;
}

void resources_teardown() noexcept
{
	have_fqids = false; // the next setup's init() starts the range afresh
	std::lock_guard<std::mutex> hold(channel_lock);
	num_pool_channels = 0;
	std::lock_guard<std::mutex> hold_cg(cgrid_lock);
	cgrid_count = 0;
}

} // namespace dpaa::bus

using namespace dpaa;

extern "C" int64_t rte_dpaa_fqid_alloc(uint32_t count, uint32_t align) noexcept
{
	if (!bus::have_fqids)
		return -ENODEV;
	return bus::fqids.alloc(count, align);
}

extern "C" int rte_dpaa_fqid_free(uint32_t first, uint32_t count) noexcept
{
	if (!bus::have_fqids)
		return -ENODEV;
	return bus::fqids.free(first, count);
}

extern "C" int rte_dpaa_pool_channel_alloc(void) noexcept
{
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
	std::lock_guard<std::mutex> hold(bus::channel_lock);
	for (unsigned i = 0; i < bus::num_pool_channels; i++)
		if (bus::pool_channels[i] == channel)
			bus::channel_used[i] = false;
}

extern "C" int rte_dpaa_cgrid_alloc(void) noexcept
{
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
	std::lock_guard<std::mutex> hold(bus::cgrid_lock);
	if (cgrid >= bus::cgrid_base && cgrid - bus::cgrid_base < bus::cgrid_count)
		bus::cgrid_used[cgrid - bus::cgrid_base] = false;
}
