/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The registration of the PMD on the fsl-mc bus. It is built from `sources`
// rather than `objs` because DPDK's pmdinfogen reads the PMD's exported name
// only from those objects.

// DPDK compiles `sources` without its "-include rte_config.h" for C++.
#include <rte_config.h>

#include "fslmc_bus.hpp"

extern struct rte_fslmc_driver rte_dpaa2_pmd;

RTE_PMD_REGISTER_FSLMC(net_dpaa2, rte_dpaa2_pmd);
// Upstream's device arguments: drv_no_prefetch is taken, the others are
// refused at probe with the reason (dpaa2_ethdev.cpp, parse_devargs).
FSLMC_PMD_REGISTER_PARAM_STRING(net_dpaa2, "drv_no_prefetch=<0|1> "
					   "drv_loopback=<0|1> "
					   "drv_tx_conf=<0|1> "
					   "drv_err_queue=<0|1>");
