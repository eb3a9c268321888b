/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

#ifndef RTE_PMD_DPAA_H
#define RTE_PMD_DPAA_H

/**
 * @file rte_pmd_dpaa.h
 *
 * NXP DPAA poll-mode driver specific API.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Turn the FMan MAC's Tx-to-Rx loopback of a DPAA port on or off.
 *
 * @param port
 *   The port identifier of a net_dpaa port.
 * @param on
 *   1 to loop transmitted frames back into the port's receive side, 0 to
 *   send them on the wire.
 * @return
 *   0 on success, -ENODEV if @p port is not a valid port, -ENOTSUP if it
 *   belongs to another driver.
 */
int rte_pmd_dpaa_set_tx_loopback(uint16_t port, uint8_t on);

#ifdef __cplusplus
}
#endif

#endif /* RTE_PMD_DPAA_H */
