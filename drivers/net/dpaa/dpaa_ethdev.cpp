/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#include "dpaa_ethdev.hpp"

#include <cerrno>

#include <ethdev_driver.h>

#include "rte_pmd_dpaa.h"

namespace dpaa::net {

RTE_LOG_REGISTER(logtype, pmd.net.dpaa, NOTICE);

namespace {

int eth_probe(rte_dpaa_driver *, rte_dpaa_device *dev) noexcept
{
	DPAA_PMD_LOG(ERR, "%s: the ethdev PMD is not implemented yet", dev->name);
	return -ENOTSUP;
}

int eth_remove(rte_dpaa_device *) noexcept
{
	return 0;
}

bool is_dpaa_port(uint16_t port) noexcept
{
	const rte_eth_dev &dev = rte_eth_devices[port];
	return dev.device != nullptr && dev.device->driver == &rte_dpaa_pmd.driver;
}

} // namespace
} // namespace dpaa::net

struct rte_dpaa_driver rte_dpaa_pmd = {
	.next = {},
	.driver = {},
	.probe = dpaa::net::eth_probe,
	.remove = dpaa::net::eth_remove,
};

extern "C" int rte_pmd_dpaa_set_tx_loopback(uint16_t port, uint8_t on)
{
	RTE_ETH_VALID_PORTID_OR_ERR_RET(port, -ENODEV);
	if (!dpaa::net::is_dpaa_port(port))
		return -ENOTSUP;
	(void)on;
	return -ENOTSUP;
}
