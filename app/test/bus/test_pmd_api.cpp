/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The public C API of rte_pmd_dpaa.h on ports that are not DPAA ports.

#include <gtest/gtest.h>

#include <cerrno>

#include <rte_ethdev.h>

#include "rte_pmd_dpaa.h"

extern "C" int c_caller_set_tx_loopback(uint16_t port, uint8_t on);

TEST(PmdApi, TxLoopbackOnInvalidPortIsENODEV)
{
	EXPECT_EQ(rte_pmd_dpaa_set_tx_loopback(RTE_MAX_ETHPORTS - 1, 1), -ENODEV);
}

TEST(PmdApi, TxLoopbackOnPortOfAnotherDriverIsENOTSUP)
{
	uint16_t port;
	ASSERT_EQ(rte_eth_dev_get_port_by_name("net_null0", &port), 0);
	EXPECT_EQ(rte_pmd_dpaa_set_tx_loopback(port, 1), -ENOTSUP);
	EXPECT_EQ(rte_pmd_dpaa_set_tx_loopback(port, 0), -ENOTSUP);
}

TEST(PmdApi, HeaderIsPlainC)
{
	EXPECT_EQ(c_caller_set_tx_loopback(RTE_MAX_ETHPORTS - 1, 0), -ENODEV);
}
