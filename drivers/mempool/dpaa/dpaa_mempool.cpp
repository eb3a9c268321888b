/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#include "dpaa_mempool.hpp"

#include <cerrno>
#include <cstring>

extern "C" int rte_dpaa_mempool_bpid(const struct rte_mempool *mp)
{
	if (mp == nullptr || strcmp(rte_mempool_get_ops(mp->ops_index)->name, "dpaa") != 0)
		return -EINVAL;
	return -ENODEV;
}
