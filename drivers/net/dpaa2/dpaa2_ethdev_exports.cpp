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
