/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

/* rte_pmd_dpaa.h is a plain C header: this file is compiled as C. */

#include <rte_pmd_dpaa.h>

int c_caller_set_tx_loopback(uint16_t port, uint8_t on);

int c_caller_set_tx_loopback(uint16_t port, uint8_t on)
{
	return rte_pmd_dpaa_set_tx_loopback(port, on);
}
