/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Built from `sources` rather than `objs` so that DPDK's pmdinfogen sees it;
// the bus registers itself from fslmc_bus.cpp and exports no PMD strings, so
// this unit only carries the bus library's identity.

#include <rte_config.h>

extern "C" {
extern const char fslmc_bus_name[];
const char fslmc_bus_name[] __attribute__((used)) = "fslmc";
}
