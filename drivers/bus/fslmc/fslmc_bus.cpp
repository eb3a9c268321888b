/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The rte_bus "fslmc": the objects of the container named by DPRC, listed
// at scan from sysfs (before EAL sets memory up) in type-then-id order,
// then, at probe, the container's VFIO group opened, DPDK's memory mapped
// for DMA, the resources the bus owns set up (resources.cpp) and the
// objects drivers registered for probed, subject to EAL's allow and block
// lists. Cleanup undoes it in reverse order.

#include <dirent.h>
#include <unistd.h>

#include <cctype>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <rte_devargs.h>
#include <rte_eal.h>
#include <rte_memory.h>
#include <rte_string_fns.h>

#include "bus_common/device_list.hpp"
#include "bus_internal.hpp"
#include "processes.hpp"

namespace dpaa2::fslmc
{

RTE_LOG_REGISTER(bus_logtype, bus.fslmc, NOTICE);

namespace
{

TAILQ_HEAD(device_list, rte_fslmc_device);
TAILQ_HEAD(driver_list, rte_fslmc_driver);

struct Bus {
	struct rte_bus bus;
	device_list devices;
	driver_list drivers;
};

Bus the_bus;
Vfio the_vfio;
int iommu_group = -1;
bool scanned, started;

rte_fslmc_device *to_fslmc_device(const rte_device *dev) noexcept
{
	return dpaa::bus_common::device_of<rte_fslmc_device>(dev);
}

rte_devargs *find_devargs(const char *name) noexcept
{
	return dpaa::bus_common::find_devargs(the_bus.bus, name);
}

// "<type>.<id>" with a known type. false for anything else.
bool parse_name(const char *name, ObjKind &kind, uint32_t &id) noexcept
{
	const char *dot = strchr(name, '.');
	if (dot == nullptr || dot == name || dot[1] == '\0')
		return false;
	kind = obj_kind(name, static_cast<size_t>(dot - name));
	if (kind == ObjKind::unknown)
		return false;
	char *end = nullptr;
	errno = 0;
	const unsigned long v = strtoul(dot + 1, &end, 10);
	if (errno != 0 || *end != '\0' || v > UINT32_MAX ||
	    !isdigit(static_cast<unsigned char>(dot[1])))
		return false;
	id = static_cast<uint32_t>(v);
	return true;
}

rte_fslmc_device *new_device(const char *name, ObjKind kind, uint32_t id) noexcept
{
	auto *dev = static_cast<rte_fslmc_device *>(calloc(1, sizeof(rte_fslmc_device)));
	if (dev == nullptr)
		return nullptr;
	strlcpy(dev->name, name, sizeof(dev->name));
	dev->kind = kind;
	dev->object_id = id;
	dev->vfio_fd = -1;
	dev->endpoint_state = -1;
	dev->device.name = dev->name;
	dev->device.bus = &the_bus.bus;
	dev->device.numa_node = SOCKET_ID_ANY;
	dev->device.devargs = find_devargs(dev->name);
	return dev;
}

bool device_before(const rte_fslmc_device *a, const rte_fslmc_device *b) noexcept
{
	if (a->kind != b->kind)
		return a->kind < b->kind;
	return a->object_id < b->object_id;
}

int bus_scan() noexcept
{
	if (scanned) {
		rte_fslmc_device *dev;
		TAILQ_FOREACH(dev, &the_bus.devices, next)
		dev->device.devargs = find_devargs(dev->name);
		return 0;
	}
	const char *dprc = getenv("DPRC");
	if (dprc == nullptr || dprc[0] == '\0')
		return 0; // no container handed to this process: no bus
	ObjKind kind;
	uint32_t dprc_id;
	if (!parse_name(dprc, kind, dprc_id) || kind != ObjKind::dprc) {
		FSLMC_BUS_LOG(ERR, "DPRC=%s does not name a container (dprc.<N>)", dprc);
		return -EINVAL;
	}
	const int group = Vfio::group_of(kSysfsDevices, dprc);
	if (group < 0) {
		FSLMC_BUS_LOG(ERR,
			      "%s: no IOMMU group under %s/%s: %s (is it bound to vfio-fsl-mc?)",
			      dprc, kSysfsDevices, dprc, strerror(-group));
		return group;
	}
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", kSysfsDevices, dprc);
	DIR *dir = opendir(path);
	if (dir == nullptr) {
		FSLMC_BUS_LOG(ERR, "cannot list %s: %s", path, strerror(errno));
		return -errno;
	}
	std::vector<rte_fslmc_device *> found;
	rte_fslmc_device *self = new_device(dprc, ObjKind::dprc, dprc_id);
	if (self == nullptr) {
		closedir(dir);
		return -ENOMEM;
	}
	found.push_back(self);
	while (dirent *e = readdir(dir)) {
		if (e->d_name[0] == '.' || e->d_type != DT_DIR)
			continue;
		uint32_t id;
		if (!parse_name(e->d_name, kind, id)) {
			FSLMC_BUS_LOG(DEBUG, "%s/%s: not an object, skipped", path, e->d_name);
			continue;
		}
		rte_fslmc_device *dev = new_device(e->d_name, kind, id);
		if (dev == nullptr) {
			for (auto *d : found)
				free(d);
			closedir(dir);
			return -ENOMEM;
		}
		found.push_back(dev);
	}
	closedir(dir);
	std::sort(found.begin(), found.end(), device_before);
	for (auto *dev : found)
		TAILQ_INSERT_TAIL(&the_bus.devices, dev, next);
	iommu_group = group;
	scanned = true;
	FSLMC_BUS_LOG(INFO, "%s: %zu objects, IOMMU group %d", dprc, found.size(), group);
	return 0;
}

bool allowed(const rte_fslmc_device &dev) noexcept
{
	return dpaa::bus_common::listed_for_probe(the_bus.bus, dev.device);
}

int probe_device(rte_fslmc_device &dev) noexcept
{
	rte_fslmc_driver *drv;
	TAILQ_FOREACH(drv, &the_bus.drivers, next)
	{
		if (drv->kind != dev.kind)
			continue;
		if (dev.vfio_fd < 0) {
			int fd = vfio().device_fd(dev.name);
			if (fd < 0) {
				FSLMC_BUS_LOG(ERR, "%s: VFIO_GROUP_GET_DEVICE_FD: %s", dev.name,
					      strerror(-fd));
				return fd;
			}
			unsigned regions = 0;
			Vfio::device_info(fd, regions, dev.num_irqs);
			dev.vfio_fd = fd;
		}
		int ret = drv->probe(drv, &dev);
		if (ret > 0)
			continue;
		if (ret < 0) {
			FSLMC_BUS_LOG(ERR, "%s: probe by %s failed: %s", dev.name, drv->driver.name,
				      strerror(-ret));
			return ret;
		}
		dev.driver = drv;
		dev.device.driver = &drv->driver;
		return 0;
	}
	return 0;
}

int start() noexcept
{
	if (started)
		return 0;
	std::string error;
	// A secondary process: the primary's group and container, and its
	// DMA mappings of the memory they share (processes.hpp).
	const bool secondary = is_secondary();
	int ret =
		secondary ? vfio_from_primary(the_vfio, error) : the_vfio.open(iommu_group, error);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "VFIO group %d: %s", iommu_group, error.c_str());
		return ret;
	}
	ret = secondary ? 0 : dma_setup();
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "cannot map DPDK's memory for DMA: %s", strerror(-ret));
		the_vfio.close();
		return ret;
	}
	ret = claims_setup();
	if (ret < 0) {
		if (!secondary)
			dma_teardown();
		the_vfio.close();
		return ret;
	}
	std::vector<rte_fslmc_device *> devices;
	rte_fslmc_device *dev;
	TAILQ_FOREACH(dev, &the_bus.devices, next)
	devices.push_back(dev);
	ret = resources_setup(devices.data(), static_cast<unsigned>(devices.size()));
	if (ret < 0) {
		resources_teardown();
		claims_teardown();
		if (!secondary)
			dma_teardown();
		the_vfio.close();
		return ret;
	}
	if (!secondary)
		share_vfio(the_vfio);
	started = true;
	return 0;
}

int bus_probe() noexcept
{
	if (!scanned)
		return 0;
	int ret = start();
	if (ret < 0)
		return ret;
	rte_fslmc_device *dev;
	TAILQ_FOREACH(dev, &the_bus.devices, next)
	{
		if (dev->driver || !allowed(*dev))
			continue;
		probe_device(*dev);
	}
	return 0;
}

rte_device *bus_find_device(const rte_device *start_dev, rte_dev_cmp_t cmp,
			    const void *data) noexcept
{
	return dpaa::bus_common::find_device(TAILQ_FIRST(&the_bus.devices), start_dev, cmp, data);
}

int bus_plug(rte_device *d) noexcept
{
	rte_fslmc_device *dev = to_fslmc_device(d);
	if (dev->driver) {
		// A device stays probed after its port is closed, until it is
		// removed (as a PCI device does): its driver may make a new
		// port of it (testpmd's "port attach" after "port close"), or
		// answer -EEXIST for one that is open.
		if (rte_eal_process_type() != RTE_PROC_PRIMARY)
			return 0;
		return dev->driver->probe(dev->driver, dev);
	}
	int ret = start();
	return ret < 0 ? ret : probe_device(*dev);
}

int remove_device(rte_fslmc_device &dev) noexcept
{
	if (dev.driver == nullptr)
		return 0;
	if (dev.driver->remove) {
		int ret = dev.driver->remove(&dev);
		if (ret < 0) {
			FSLMC_BUS_LOG(ERR, "%s: remove by %s failed: %s", dev.name,
				      dev.driver->driver.name, strerror(-ret));
			return ret;
		}
	}
	dev.driver = nullptr;
	dev.device.driver = nullptr;
	return 0;
}

int bus_unplug(rte_device *d) noexcept
{
	return remove_device(*to_fslmc_device(d));
}

int bus_parse(const char *name, void *addr) noexcept
{
	ObjKind kind;
	uint32_t id;
	if (!parse_name(name, kind, id))
		return -EINVAL;
	if (addr)
		strlcpy(static_cast<char *>(addr), name, RTE_DEV_NAME_MAX_LEN);
	return 0;
}

// "bus=fslmc" lists every object, "bus=fslmc,name=dpni.1" the one.
void *bus_dev_iterate(const void *start_dev, const char *str, const rte_dev_iterator *) noexcept
{
	const dpaa::bus_common::NameFilter filter(str);
	if (!filter.ok()) {
		FSLMC_BUS_LOG(ERR, "cannot parse device filter \"%s\" (key: name)", str);
		return nullptr;
	}
	return filter.next(TAILQ_FIRST(&the_bus.devices), start_dev);
}

// Asked by EAL after the scan, before it sets memory up: the container's
// IOMMU translates whatever IOVA the bus maps, and IOVA as VA needs no
// physical addresses (so no privilege to read them).
rte_iova_mode bus_iommu_class() noexcept
{
	return scanned ? RTE_IOVA_VA : RTE_IOVA_DC;
}

int bus_cleanup() noexcept
{
	int ret = 0;
	rte_fslmc_device *dev;
	while ((dev = TAILQ_FIRST(&the_bus.devices)) != nullptr) {
		if (remove_device(*dev) < 0)
			ret = -EBUSY;
		TAILQ_REMOVE(&the_bus.devices, dev, next);
		if (dev->vfio_fd >= 0)
			close(dev->vfio_fd);
		free(dev);
	}
	if (started) {
		unshare_vfio();
		resources_teardown();
		claims_teardown();
		if (!is_secondary())
			dma_teardown();
		the_vfio.close();
	}
	started = false;
	scanned = false;
	iommu_group = -1;
	return ret;
}

} // namespace

Vfio &vfio() noexcept
{
	return the_vfio;
}

} // namespace dpaa2::fslmc

using dpaa2::fslmc::the_bus;

extern "C" void rte_fslmc_driver_register(struct rte_fslmc_driver *driver)
{
	TAILQ_INSERT_TAIL(&the_bus.drivers, driver, next);
}

extern "C" void rte_fslmc_driver_unregister(struct rte_fslmc_driver *driver)
{
	TAILQ_REMOVE(&the_bus.drivers, driver, next);
}

extern "C" int rte_fslmc_irq_enable(struct rte_fslmc_device *dev, unsigned index) noexcept
{
	if (dev == nullptr || dev->vfio_fd < 0)
		return -ENODEV;
	if (index >= dev->num_irqs)
		return -EINVAL;
	return dpaa2::fslmc::Vfio::irq_enable(dev->vfio_fd, index);
}

extern "C" int rte_fslmc_irq_disable(struct rte_fslmc_device *dev, unsigned index) noexcept
{
	if (dev == nullptr || dev->vfio_fd < 0)
		return -ENODEV;
	if (index >= dev->num_irqs)
		return -EINVAL;
	return dpaa2::fslmc::Vfio::irq_disable(dev->vfio_fd, index);
}

RTE_INIT_PRIO(fslmc_bus_init, BUS)
{
	TAILQ_INIT(&the_bus.devices);
	TAILQ_INIT(&the_bus.drivers);
	the_bus.bus.scan = dpaa2::fslmc::bus_scan;
	the_bus.bus.probe = dpaa2::fslmc::bus_probe;
	the_bus.bus.cleanup = dpaa2::fslmc::bus_cleanup;
	the_bus.bus.find_device = dpaa2::fslmc::bus_find_device;
	the_bus.bus.plug = dpaa2::fslmc::bus_plug;
	the_bus.bus.unplug = dpaa2::fslmc::bus_unplug;
	the_bus.bus.parse = dpaa2::fslmc::bus_parse;
	the_bus.bus.dev_iterate = dpaa2::fslmc::bus_dev_iterate;
	the_bus.bus.get_iommu_class = dpaa2::fslmc::bus_iommu_class;
	the_bus.bus.name = "fslmc";
	rte_bus_register(&the_bus.bus);
}
