/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The DPAA bus as the drivers on it see it: devices are FMan MACs named
// "fm<N>-mac<M>" and drivers register with RTE_PMD_REGISTER_DPAA.

#pragma once

#include <sys/queue.h>

#include <bus_driver.h>
#include <dev_driver.h>
#include <rte_log.h>

namespace dpaa {

extern int bus_logtype;

} // namespace dpaa

#define DPAA_BUS_LOG(level, fmt, ...)                                                              \
	rte_log(RTE_LOG_##level, dpaa::bus_logtype, "dpaa_bus: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

struct rte_dpaa_driver;

struct rte_dpaa_device {
	TAILQ_ENTRY(rte_dpaa_device) next;
	struct rte_device device;
	struct rte_dpaa_driver *driver;
	char name[RTE_DEV_NAME_MAX_LEN];
	unsigned fman_index; // 0-based: "fm1" is FMan 0
	unsigned mac_index;  // the MAC's cell index + 1, as the port name counts
};

using rte_dpaa_probe_t = int (*)(struct rte_dpaa_driver *drv, struct rte_dpaa_device *dev);
using rte_dpaa_remove_t = int (*)(struct rte_dpaa_device *dev);

struct rte_dpaa_driver {
	TAILQ_ENTRY(rte_dpaa_driver) next;
	struct rte_driver driver;
	rte_dpaa_probe_t probe;
	rte_dpaa_remove_t remove;
};

extern "C" {
void rte_dpaa_driver_register(struct rte_dpaa_driver *driver);
void rte_dpaa_driver_unregister(struct rte_dpaa_driver *driver);
}

// DPDK's RTE_PMD_EXPORT_NAME and RTE_PMD_REGISTER_PARAM_STRING declare
// `static` arrays, which C++ mangles (_ZL14this_pmd_name0), so pmdinfogen
// would not find them. These pin the C symbol names with asm labels, which
// keeps the registration in C++ rather than in a C file on the side.
#define DPAA_PMD_EXPORT_NAME(nm, idx)                                                              \
	static const char dpaa_pmd_name_##nm[] __asm__("this_pmd_name" RTE_STR(idx))              \
		__attribute__((used)) = RTE_STR(nm)

#define DPAA_PMD_REGISTER_PARAM_STRING(nm, str)                                                    \
	static const char dpaa_pmd_params_##nm[] __asm__("__" RTE_STR(nm) "_param_string_export") \
		__attribute__((used)) = str

#define RTE_PMD_REGISTER_DPAA(nm, dpaa_drv)                                                        \
	RTE_INIT(dpaainitfn_##nm)                                                                  \
	{                                                                                          \
		(dpaa_drv).driver.name = RTE_STR(nm);                                              \
		rte_dpaa_driver_register(&(dpaa_drv));                                             \
	}                                                                                          \
	DPAA_PMD_EXPORT_NAME(nm, __COUNTER__)
