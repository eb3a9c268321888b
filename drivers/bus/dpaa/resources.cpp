/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The hardware IDs a process hands out to its ports and pools: frame queue
// ids, BMan pool ids, pool channels and congestion groups. They all come
// from the platform's one allocator (Platform::alloc_ids): the USDPAA
// kernel's on a board, the model's on the model, which a secondary process
// reaches through the primary. The bus keeps none of its own, as upstream's
// process_alloc() keeps none.

#include <cerrno>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"

namespace dpaa::bus
{

namespace
{

platform::Platform *plat;

int64_t alloc(platform::IdKind kind, uint32_t count, uint32_t align) noexcept
{
	if (plat == nullptr)
		return -ENODEV;
	uint32_t base = 0;
	const int ret = plat->alloc_ids(kind, count, align, base);
	return ret < 0 ? ret : int64_t{base};
}

void release(platform::IdKind kind, uint32_t base, uint32_t count) noexcept
{
	if (plat != nullptr)
		plat->free_ids(kind, base, count);
}

} // namespace

int resources_setup(platform::Platform &p) noexcept
{
	plat = &p;
	return 0;
}

void resources_teardown() noexcept
{
	plat = nullptr;
}

} // namespace dpaa::bus

using namespace dpaa;
using platform::IdKind;

extern "C" int64_t rte_dpaa_fqid_alloc(uint32_t count, uint32_t align) noexcept
{
	return bus::alloc(IdKind::fqid, count, align);
}

extern "C" int rte_dpaa_fqid_free(uint32_t first, uint32_t count) noexcept
{
	if (bus::plat == nullptr)
		return -ENODEV;
	bus::release(IdKind::fqid, first, count);
	return 0;
}

extern "C" int rte_dpaa_pool_channel_alloc(void) noexcept
{
	return static_cast<int>(bus::alloc(IdKind::pool_channel, 1, 1));
}

extern "C" void rte_dpaa_pool_channel_free(uint16_t channel) noexcept
{
	bus::release(IdKind::pool_channel, channel, 1);
}

extern "C" int rte_dpaa_cgrid_alloc(void) noexcept
{
	return static_cast<int>(bus::alloc(IdKind::cgrid, 1, 1));
}

extern "C" void rte_dpaa_cgrid_free(uint32_t cgrid) noexcept
{
	bus::release(IdKind::cgrid, cgrid, 1);
}

extern "C" int rte_dpaa_bpid_alloc(void) noexcept
{
	return static_cast<int>(bus::alloc(IdKind::bpid, 1, 1));
}

extern "C" void rte_dpaa_bpid_free(uint32_t bpid) noexcept
{
	bus::release(IdKind::bpid, bpid, 1);
}
