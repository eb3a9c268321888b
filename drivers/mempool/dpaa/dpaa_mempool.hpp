/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#pragma once

#include <rte_mempool.h>

// The BMan pool behind a mempool of the "dpaa" ops, or -EINVAL for a mempool
// of other ops.
extern "C" int rte_dpaa_mempool_bpid(const struct rte_mempool *mp);
