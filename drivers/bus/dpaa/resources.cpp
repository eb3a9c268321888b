/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QMan resources a process hands out to its ports: frame queue ids from
// the platform's FQID range, and pool channels.

#include <cerrno>
#include <mutex>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"
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
	return 0;
}

void resources_teardown() noexcept
{
	have_fqids = false; // the next setup's init() starts the range afresh
	std::lock_guard<std::mutex> hold(channel_lock);
	num_pool_channels = 0;
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
