/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The rte_bus "dpaa_bus": one device per FMan MAC the platform reports, in
// FMan-then-cell order, probed by the drivers registered with
// RTE_PMD_REGISTER_DPAA, subject to EAL's allow and block lists.
//
// Life cycle, as EAL drives it: scan (before EAL sets up memory) finds the
// platform and lists the devices; probe (after memory) starts the platform
// (the model's thread), maps DPDK's memory for DMA, sets up portals and
// resources, then probes the devices; cleanup (rte_eal_cleanup) removes the
// devices and undoes the rest in reverse order.
//
// In a DPDK secondary process the scan first asks the primary for the
// modelled SoC it runs (model_host/model_host.hpp); a secondary of a primary on
// a board finds the board itself, as the primary did. A secondary allocates
// no QMan resources (FQIDs, channels, congestion groups): the primary set
// the ports up, the secondary uses them.

#include "dpaa_bus.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <rte_devargs.h>
#include <rte_eal.h>
#include <rte_lcore.h>
#include <rte_memory.h>
#include <rte_string_fns.h>

#include "bus_common/device_list.hpp"
#include "bus_internal.hpp"
#include "discover.hpp"
#include "model_host/model_host.hpp"
#include "platform/dpdk_memory.hpp"

namespace dpaa
{

RTE_LOG_REGISTER(bus_logtype, bus.dpaa, NOTICE);

namespace
{

TAILQ_HEAD(device_list, rte_dpaa_device);
TAILQ_HEAD(driver_list, rte_dpaa_driver);

struct Bus {
	struct rte_bus bus;
	device_list devices;
	driver_list drivers;
};

Bus the_bus;
// The platform and how this process shares it (process_sharing.hpp).
bus::BusPlatform the_bus_platform;
platform::Platform *the_platform; // the_bus_platform.platform, or nullptr
bool scanned;
bool started;

rte_dpaa_device *to_dpaa_device(const rte_device *dev) noexcept
{
	return bus_common::device_of<rte_dpaa_device>(dev);
}

rte_devargs *find_devargs(const char *name) noexcept
{
	return bus_common::find_devargs(the_bus.bus, name);
}

const char *mac_kind(const platform::MacInfo &m) noexcept
{
	return m.type == platform::MacType::memac_10g ? "10G mEMAC" : "1G mEMAC";
}

int add_devices(const platform::SocInfo &soc) noexcept
{
	for (unsigned i = 0; i < soc.num_macs; i++) {
		const platform::MacInfo &m = soc.macs[i];
		auto *dev = static_cast<rte_dpaa_device *>(calloc(1, sizeof(rte_dpaa_device)));
		if (dev == nullptr)
			return -ENOMEM;
		strlcpy(dev->name, m.name, sizeof(dev->name));
		dev->fman_index = m.fman;
		dev->mac_index = m.cell + 1;
		dev->mac = &m;
		dev->device.name = dev->name;
		dev->device.bus = &the_bus.bus;
		dev->device.numa_node = SOCKET_ID_ANY;
		dev->device.devargs = find_devargs(dev->name);
		TAILQ_INSERT_TAIL(&the_bus.devices, dev, next);
		DPAA_BUS_LOG(INFO, "%s: %s, %u Mb/s (%s %s)", dev->name, mac_kind(m), m.speed_mbps,
			     the_platform->kind(), soc.board);
	}
	return 0;
}

int bus_scan() noexcept
{
	if (scanned) {
		// A rescan (hot-plug through rte_dev_probe) finds the same
		// devices; only their devargs may be new.
		rte_dpaa_device *dev;
		TAILQ_FOREACH(dev, &the_bus.devices, next)
		dev->device.devargs = find_devargs(dev->name);
		return 0;
	}
	std::string error;
	int ret = -ENODEV;
	if (rte_eal_process_type() == RTE_PROC_SECONDARY) {
		ret = platform::attach_primary_model(the_bus_platform, error);
		if (ret == -ENOTSUP) // a build without the model: none to attach to
			ret = -ENODEV;
		else if (ret == -ENODEV && getenv("DPAA_MODEL") != nullptr) {
			// Its own model would be another SoC, whose wires would
			// reopen the primary's files.
			DPAA_BUS_LOG(ERR, "DPAA_MODEL is set but the primary process runs no "
					  "modelled DPAA board: no device");
			scanned = true;
			return 0;
		}
	}
	if (ret == -ENODEV)
		ret = bus::discover(the_bus_platform, error);
	the_platform = the_bus_platform.platform.get();
	if (ret < 0) {
		DPAA_BUS_LOG(ERR, "%s", error.c_str());
		return ret;
	}
	scanned = true;
	if (!the_platform) {
		platform::model_mp_serve_none();
		if (!error.empty()) // a USDPAA kernel, but nothing for this process
			DPAA_BUS_LOG(NOTICE, "no device: %s", error.c_str());
		else
			DPAA_BUS_LOG(DEBUG, "no DPAA hardware and no modelled board: no device");
		return 0;
	}
	return add_devices(the_platform->soc());
}

int start_platform() noexcept
{
	if (started || !the_platform)
		return 0;
	platform::Platform &p = *the_platform;
	int ret = platform::dpdk_memory_attach(p);
	if (ret < 0) {
		DPAA_BUS_LOG(ERR, "cannot map DPDK memory for DMA: %s", strerror(-ret));
		return ret;
	}
	// Every process allocates IDs, a secondary too: from the kernel on a
	// board, through the primary on the model.
	ret = bus::resources_setup(p);
	if (ret == 0)
		ret = bus::portals_setup(p, bus::current_sharing());
	if (ret == 0)
		ret = p.start();
	// Secondary processes may attach from now on.
	if (ret == 0)
		ret = bus::current_sharing().serve();
	if (ret < 0) {
		DPAA_BUS_LOG(ERR, "cannot start the %s platform: %s", p.kind(), strerror(-ret));
		return ret;
	}
	started = true;
	return 0;
}

// The device's MAC as the platform numbers them (SocInfo::macs).
unsigned mac_number(const rte_dpaa_device &dev) noexcept
{
	return static_cast<unsigned>(dev.mac - the_platform->soc().macs);
}

int probe_device(rte_dpaa_device &dev) noexcept
{
	rte_dpaa_driver *drv;
	TAILQ_FOREACH(drv, &the_bus.drivers, next)
	{
		DPAA_BUS_LOG(DEBUG, "%s: probing with %s", dev.name, drv->driver.name);
		int ret = drv->probe(drv, &dev);
		if (ret > 0)
			continue; // not this driver's device
		if (ret < 0) {
			DPAA_BUS_LOG(ERR, "%s: probe by %s failed: %s", dev.name, drv->driver.name,
				     strerror(-ret));
			return ret;
		}
		dev.driver = drv;
		dev.device.driver = &drv->driver;
		if (rte_eal_process_type() == RTE_PROC_PRIMARY)
			bus::current_sharing().set_probed(mac_number(dev), true);
		return 0;
	}
	return 0;
}

bool allowed(const rte_dpaa_device &dev) noexcept
{
	// A secondary process's ports are its primary's.
	if (rte_eal_process_type() != RTE_PROC_PRIMARY &&
	    !bus::current_sharing().probed_by_primary(mac_number(dev)))
		return false;
	return bus_common::listed_for_probe(the_bus.bus, dev.device);
}

int bus_probe() noexcept
{
	if (!the_platform)
		return 0;
	int ret = start_platform();
	if (ret < 0)
		return ret;
	rte_dpaa_device *dev;
	TAILQ_FOREACH(dev, &the_bus.devices, next)
	{
		if (!allowed(*dev)) {
			DPAA_BUS_LOG(DEBUG, "%s: not probed (allow/block list)", dev->name);
			continue;
		}
		if (dev->driver)
			continue;
		probe_device(*dev);
	}
	return 0;
}

rte_device *bus_find_device(const rte_device *start, rte_dev_cmp_t cmp, const void *data) noexcept
{
	return bus_common::find_device(TAILQ_FIRST(&the_bus.devices), start, cmp, data);
}

int bus_plug(rte_device *d) noexcept
{
	rte_dpaa_device *dev = to_dpaa_device(d);
	if (dev->driver) {
		// A device stays probed after its port is closed, until it is
		// removed (as a PCI device does): its driver may make a new
		// port of it, or answer -EEXIST for one that is open. A
		// secondary process's view of it is the primary's.
		if (rte_eal_process_type() != RTE_PROC_PRIMARY)
			return 0;
		return dev->driver->probe(dev->driver, dev);
	}
	int ret = start_platform();
	return ret < 0 ? ret : probe_device(*dev);
}

int remove_device(rte_dpaa_device &dev) noexcept
{
	if (dev.driver == nullptr)
		return 0;
	if (dev.driver->remove) {
		int ret = dev.driver->remove(&dev);
		if (ret < 0) {
			DPAA_BUS_LOG(ERR, "%s: remove by %s failed: %s", dev.name,
				     dev.driver->driver.name, strerror(-ret));
			return ret;
		}
	}
	dev.driver = nullptr;
	dev.device.driver = nullptr;
	if (rte_eal_process_type() == RTE_PROC_PRIMARY && the_platform)
		bus::current_sharing().set_probed(mac_number(dev), false);
	return 0;
}

int bus_unplug(rte_device *d) noexcept
{
	return remove_device(*to_dpaa_device(d));
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
	// A DPAA device named on the command line with a wrong DPAA_MODEL stops
	// EAL initialisation here, with the model's message.
	std::string error;
	if (bus::check_model_config(error) < 0) {
		DPAA_BUS_LOG(ERR, "%s", error.c_str());
		return -EINVAL;
	}
	if (addr)
		strlcpy(static_cast<char *>(addr), name, RTE_DEV_NAME_MAX_LEN);
	return 0;
}

// rte_dev_iterator over the bus: "bus=dpaa_bus" lists every device,
// "bus=dpaa_bus,name=fm1-mac9" the one of that name.
void *bus_dev_iterate(const void *start, const char *str, const rte_dev_iterator *) noexcept
{
	const bus_common::NameFilter filter(str);
	if (!filter.ok()) {
		DPAA_BUS_LOG(ERR, "cannot parse device filter \"%s\" (key: name)", str);
		return nullptr;
	}
	return filter.next(TAILQ_FIRST(&the_bus.devices), start);
}

// Asked by EAL after the scan, before it sets memory up.
rte_iova_mode bus_iommu_class() noexcept
{
	if (the_platform && the_platform->iova_need() == platform::IovaNeed::physical)
		return RTE_IOVA_PA;
	return RTE_IOVA_DC;
}

int bus_cleanup() noexcept
{
	int ret = 0;
	rte_dpaa_device *dev;
	while ((dev = TAILQ_FIRST(&the_bus.devices)) != nullptr) {
		if (remove_device(*dev) < 0)
			ret = -EBUSY;
		TAILQ_REMOVE(&the_bus.devices, dev, next);
		free(dev);
	}
	if (the_platform) {
		// A secondary whose primary exited first says so (once), here at
		// the latest.
		the_platform->hardware_present();
		bus::portal_irqs_teardown();
		// Stop the model before the portals and memory it reads go.
		the_platform->stop();
		for (const std::string &line : the_platform->wire_report())
			DPAA_BUS_LOG(INFO, "%s", line.c_str());
		const std::string misuse = the_platform->misuse_report();
		if (!misuse.empty())
			DPAA_BUS_LOG(WARNING, "the drivers misused the modelled hardware: %s",
				     misuse.c_str());
		bus::portals_teardown();
		bus::resources_teardown();
		platform::dpdk_memory_detach();
		bus::current_sharing().unserve();
		the_bus_platform.reset();
		the_platform = nullptr;
	}
	started = false;
	scanned = false;
	return ret;
}

} // namespace

platform::Platform *bus::current_platform() noexcept
{
	return the_platform;
}

bus::ProcessSharing &bus::current_sharing() noexcept
{
	static bus::NoSharing none;
	return the_bus_platform.sharing ? *the_bus_platform.sharing : none;
}

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

extern "C" const dpaa::platform::SocInfo *rte_dpaa_soc(void) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p ? &p->soc() : nullptr;
}

extern "C" dpaa::hw::RegisterWindow *rte_dpaa_fman_ccsr(unsigned fman) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p ? p->fman_ccsr(fman) : nullptr;
}

extern "C" dpaa::hw::RegisterWindow *rte_dpaa_fman_timer(unsigned fman) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p ? p->fman_timer(fman) : nullptr;
}

extern "C" dpaa::hw::RegisterWindow *rte_dpaa_bman_ccsr(void) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p ? p->bman_ccsr() : nullptr;
}

extern "C" int rte_dpaa_dma_map(const void *va, size_t len) noexcept
{
	return dpaa::platform::dpdk_memory_map(va, len);
}

extern "C" bool rte_dpaa_hw_present(void) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p != nullptr && p->hardware_present();
}

extern "C" void *rte_dpaa_model_system(void) noexcept
{
	auto *p = dpaa::bus::current_platform();
	return p ? p->model_system() : nullptr;
}

RTE_INIT_PRIO(dpaa_bus_init, BUS)
{
	TAILQ_INIT(&the_bus.devices);
	TAILQ_INIT(&the_bus.drivers);
	the_bus.bus.scan = dpaa::bus_scan;
	the_bus.bus.probe = dpaa::bus_probe;
	the_bus.bus.cleanup = dpaa::bus_cleanup;
	the_bus.bus.find_device = dpaa::bus_find_device;
	the_bus.bus.plug = dpaa::bus_plug;
	the_bus.bus.unplug = dpaa::bus_unplug;
	the_bus.bus.parse = dpaa::bus_parse;
	the_bus.bus.dev_iterate = dpaa::bus_dev_iterate;
	the_bus.bus.get_iommu_class = dpaa::bus_iommu_class;
	the_bus.bus.name = "dpaa_bus";
	rte_bus_register(&the_bus.bus);
}
