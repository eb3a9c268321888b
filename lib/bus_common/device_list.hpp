/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the DPAA bus and the fsl-mc bus do alike with their devices. Each
// keeps a TAILQ of a device type of its own (rte_dpaa_device,
// rte_fslmc_device) that embeds the rte_device as 'device', links through
// 'next' and is named by 'name'; the helpers are templates over that type,
// and each bus keeps its own log and its own rules on top of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <bus_driver.h>
#include <dev_driver.h>
#include <rte_devargs.h>
#include <rte_kvargs.h>

namespace dpaa::bus_common
{

// The bus device that embeds d (d == &dev->device).
template <class Dev> Dev *device_of(const rte_device *d) noexcept
{
	auto base = reinterpret_cast<uintptr_t>(d) - offsetof(Dev, device);
	return reinterpret_cast<Dev *>(base);
}

// The devargs the application gave for the device 'name' of 'bus', if any.
inline rte_devargs *find_devargs(const rte_bus &bus, const char *name) noexcept
{
	rte_devargs *da;
	RTE_EAL_DEVARGS_FOREACH(bus.name, da)
	{
		if (strcmp(da->name, name) == 0)
			return da;
	}
	return nullptr;
}

// Whether the application's allow and block lists let 'bus' probe dev.
inline bool listed_for_probe(const rte_bus &bus, const rte_device &dev) noexcept
{
	if (dev.devargs && dev.devargs->policy == RTE_DEV_BLOCKED)
		return false;
	if (bus.conf.scan_mode == RTE_BUS_SCAN_ALLOWLIST &&
	    (!dev.devargs || dev.devargs->policy != RTE_DEV_ALLOWED))
		return false;
	return true;
}

// rte_bus::find_device over the list that begins with 'first': the first
// device after 'start' (from the beginning if nullptr) that cmp matches.
template <class Dev>
rte_device *find_device(Dev *first, const rte_device *start, rte_dev_cmp_t cmp,
			const void *data) noexcept
{
	Dev *dev = start ? TAILQ_NEXT(device_of<Dev>(start), next) : first;
	for (; dev; dev = TAILQ_NEXT(dev, next))
		if (cmp(&dev->device, data) == 0)
			return &dev->device;
	return nullptr;
}

// The filter of rte_bus::dev_iterate ("bus=<bus>,name=<device>"): empty, it
// selects every device; "name=<device>", the one of that name. ok() is false
// for a string that does not parse (the bus logs it).
class NameFilter
{
public:
	explicit NameFilter(const char *str) noexcept
	{
		if (str == nullptr || str[0] == '\0')
			return;
		static const char *const keys[] = {"name", nullptr};
		kv_ = rte_kvargs_parse(str, keys);
		ok_ = kv_ != nullptr;
		if (ok_)
			name_ = rte_kvargs_get(kv_, "name");
	}
	~NameFilter() { rte_kvargs_free(kv_); }
	NameFilter(const NameFilter &) = delete;
	NameFilter &operator=(const NameFilter &) = delete;

	bool ok() const noexcept { return ok_; }

	// rte_bus::dev_iterate over the list that begins with 'first': the
	// next device after 'start' (from the beginning if nullptr) that the
	// filter selects.
	template <class Dev> void *next(Dev *first, const void *start) const noexcept
	{
		Dev *dev =
			start ? TAILQ_NEXT(device_of<Dev>(static_cast<const rte_device *>(start)),
					   next)
			      : first;
		while (dev && name_ && strcmp(dev->name, name_) != 0)
			dev = TAILQ_NEXT(dev, next);
		return dev ? &dev->device : nullptr;
	}

private:
	rte_kvargs *kv_ = nullptr;
	const char *name_ = nullptr;
	bool ok_ = true;
};

} // namespace dpaa::bus_common
