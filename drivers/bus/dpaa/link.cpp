/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A device's link, as the platform knows it: the PHY's state that a board's
// kernel reports through its link ioctls, or the modelled wire's. The MAC's
// own registers do not say it in a layout the drivers could rely on.

#include <cerrno>

#include "bus_internal.hpp"
#include "dpaa_bus.hpp"

namespace
{

// The device's index in the platform's MAC list, or -ENODEV.
int mac_index(const rte_dpaa_device *dev, dpaa::platform::Platform *&plat) noexcept
{
	plat = dpaa::bus::current_platform();
	if (plat == nullptr || dev == nullptr || dev->mac == nullptr)
		return -ENODEV;
	const dpaa::platform::SocInfo &soc = plat->soc();
	const ptrdiff_t i = dev->mac - soc.macs;
	if (i < 0 || static_cast<unsigned>(i) >= soc.num_macs)
		return -ENODEV;
	return static_cast<int>(i);
}

} // namespace

extern "C" int rte_dpaa_link_state(const rte_dpaa_device *dev,
				   dpaa::platform::LinkState *out) noexcept
{
	dpaa::platform::Platform *plat;
	const int i = mac_index(dev, plat);
	return i < 0 ? i : plat->link_state(static_cast<unsigned>(i), *out);
}

extern "C" int rte_dpaa_link_set_admin(const rte_dpaa_device *dev, int up) noexcept
{
	dpaa::platform::Platform *plat;
	const int i = mac_index(dev, plat);
	return i < 0 ? i : plat->set_link_admin(static_cast<unsigned>(i), up != 0);
}

extern "C" int rte_dpaa_link_set_event_fd(const rte_dpaa_device *dev, int efd) noexcept
{
	dpaa::platform::Platform *plat;
	const int i = mac_index(dev, plat);
	return i < 0 ? i : plat->set_link_event_fd(static_cast<unsigned>(i), efd);
}

extern "C" int rte_dpaa_link_set_mode(const rte_dpaa_device *dev,
				      const dpaa::platform::LinkMode *mode) noexcept
{
	dpaa::platform::Platform *plat;
	const int i = mac_index(dev, plat);
	return i < 0 ? i : plat->set_link_mode(static_cast<unsigned>(i), *mode);
}
