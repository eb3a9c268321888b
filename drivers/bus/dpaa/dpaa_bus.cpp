/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#include "dpaa_bus.hpp"

#include <cerrno>
#include <cstring>

#include <rte_devargs.h>
#include <rte_string_fns.h>

namespace dpaa {

RTE_LOG_REGISTER(bus_logtype, bus.dpaa, NOTICE);

namespace {

TAILQ_HEAD(device_list, rte_dpaa_device);
TAILQ_HEAD(driver_list, rte_dpaa_driver);

struct Bus {
	struct rte_bus bus;
	device_list devices;
	driver_list drivers;
};

Bus the_bus;

rte_dpaa_device *to_dpaa_device(const rte_device *dev) noexcept
{
	auto base = reinterpret_cast<uintptr_t>(dev) - offsetof(rte_dpaa_device, device);
	return reinterpret_cast<rte_dpaa_device *>(base);
}

int bus_scan() noexcept
{
	// No platform is configured yet: a machine without DPAA hardware and
	// without a modelled board has no device, which is not an error.
	DPAA_BUS_LOG(DEBUG, "no DPAA hardware and no modelled board: no device");
	return 0;
}

int probe_device(rte_dpaa_device &dev) noexcept
{
	rte_dpaa_driver *drv;
	TAILQ_FOREACH(drv, &the_bus.drivers, next)
	{
		int ret = drv->probe(drv, &dev);
		if (ret < 0) {
			DPAA_BUS_LOG(ERR, "%s: probe by %s failed: %s", dev.name, drv->driver.name,
				     strerror(-ret));
			return ret;
		}
		dev.driver = drv;
		dev.device.driver = &drv->driver;
		return 0;
	}
	return 0;
}

int bus_probe() noexcept
{
	rte_dpaa_device *dev;
	TAILQ_FOREACH(dev, &the_bus.devices, next)
	{
		if (dev->device.devargs && dev->device.devargs->policy == RTE_DEV_BLOCKED)
			continue;
		if (the_bus.bus.conf.scan_mode == RTE_BUS_SCAN_ALLOWLIST &&
		    (!dev->device.devargs || dev->device.devargs->policy != RTE_DEV_ALLOWED))
			continue;
		if (dev->driver)
			continue;
		probe_device(*dev);
	}
	return 0;
}

rte_device *bus_find_device(const rte_device *start, rte_dev_cmp_t cmp, const void *data) noexcept
{
	rte_dpaa_device *dev = start ? TAILQ_NEXT(to_dpaa_device(start), next)
				     : TAILQ_FIRST(&the_bus.devices);
	for (; dev; dev = TAILQ_NEXT(dev, next))
		if (cmp(&dev->device, data) == 0)
			return &dev->device;
	return nullptr;
}

int bus_parse(const char *name, void *addr) noexcept
{
	// Device names are "fm<N>-mac<M>", as the kernel and the device tree
	// call the FMan MACs.
	unsigned fman, mac;
	int end = 0;
	if (sscanf(name, "fm%u-mac%u%n", &fman, &mac, &end) != 2 || name[end] != '\0' ||
	    fman == 0 || mac == 0)
		return -EINVAL;
	if (addr)
		strlcpy(static_cast<char *>(addr), name, RTE_DEV_NAME_MAX_LEN);
	return 0;
}

} // namespace
} // namespace dpaa

using dpaa::the_bus;

extern "C" void rte_dpaa_driver_register(struct rte_dpaa_driver *driver)
{
	TAILQ_INSERT_TAIL(&the_bus.drivers, driver, next);
}

extern "C" void rte_dpaa_driver_unregister(struct rte_dpaa_driver *driver)
{
	TAILQ_REMOVE(&the_bus.drivers, driver, next);
}

RTE_INIT_PRIO(dpaa_bus_init, BUS)
{
	TAILQ_INIT(&the_bus.devices);
	TAILQ_INIT(&the_bus.drivers);
	the_bus.bus.scan = dpaa::bus_scan;
	the_bus.bus.probe = dpaa::bus_probe;
	the_bus.bus.find_device = dpaa::bus_find_device;
	the_bus.bus.parse = dpaa::bus_parse;
	the_bus.bus.name = "dpaa_bus";
	rte_bus_register(&the_bus.bus);
}
