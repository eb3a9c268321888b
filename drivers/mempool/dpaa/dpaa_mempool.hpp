/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The "dpaa" mempool ops: each mempool is one BMan buffer pool (its own BPID).
//
// What BMan holds for an object: the bus address of the object's data
// buffer, i.e. object start + meta_size, where object start is the address
// the mempool hands out (the struct rte_mbuf of a pktmbuf pool) and
//   meta_size = sizeof(struct rte_mbuf) + the pool's mbuf private size
// for pktmbuf pools (== mbuf->buf_addr - mbuf), and 0 for other pools.
// So a driver turns a frame descriptor's buffer back into its mbuf with
//   mbuf = (struct rte_mbuf *)((char *)bus_to_va(fd.addr) - meta_size)
// using the pool's entry of rte_dpaa_bpid_info[fd.bpid].
//
// Releases go through the calling thread's BMan portal's release ring (RCR),
// which BMan consumes asynchronously (on a board as in the model, whose
// thread drains the ring later): get_count, BMan's free-buffer count, lags
// releases still in the ring. Acquires are synchronous (a management command).
#pragma once

#include <stdint.h>

#include <rte_mempool.h>

#define DPAA_MEMPOOL_MAX_BPIDS 64

struct dpaa_bpid_info {
	struct rte_mempool *mp; // NULL: BPID not owned by a dpaa mempool
	uint32_t meta_size;	// object start -> the address BMan holds
	uint32_t buf_size;	// bytes from that address to the end of the object
};

#ifdef __cplusplus
extern "C" {
#endif

// Indexed by BPID; an entry is valid while its mempool exists.
extern struct dpaa_bpid_info rte_dpaa_bpid_info[DPAA_MEMPOOL_MAX_BPIDS];

// The BMan pool behind a mempool of the "dpaa" ops, or -EINVAL for a mempool
// of other ops.
int rte_dpaa_mempool_bpid(const struct rte_mempool *mp);

// Join the other DPDK processes' BMan pools (see dpaa_mempool_shared.hpp):
// a PMD calls it at probe, before any burst; idempotent.
void rte_dpaa_mempool_share(void);

#ifdef __cplusplus
}
#endif
