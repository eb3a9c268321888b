/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#pragma once

#include <rte_log.h>

#include "dpaa_bus.hpp"

namespace dpaa::net {

extern int logtype;

} // namespace dpaa::net

#define DPAA_PMD_LOG(level, fmt, ...)                                                              \
	rte_log(RTE_LOG_##level, dpaa::net::logtype, "net_dpaa: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

extern struct rte_dpaa_driver rte_dpaa_pmd;
