/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The registration of the PMD on the DPAA bus. It is built from `sources`
// rather than `objs` because DPDK's pmdinfogen reads the PMD's exported name
// and parameter string only from those objects.

// DPDK compiles `sources` without its "-include rte_config.h" for C++.
#include <rte_config.h>

#include "dpaa_bus.hpp"

extern struct rte_dpaa_driver rte_dpaa_pmd;

RTE_PMD_REGISTER_DPAA(net_dpaa, rte_dpaa_pmd);
DPAA_PMD_REGISTER_PARAM_STRING(net_dpaa, "rx_mode=push|pull");
