/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Built from `sources` so that DPDK's pmdinfogen sees this library; the ops
// themselves register from dpaa2_mempool.cpp.

#include <rte_config.h>

extern "C" {
extern const char dpaa2_mempool_ops_name[];
const char dpaa2_mempool_ops_name[] __attribute__((used)) = "dpaa2";
}
