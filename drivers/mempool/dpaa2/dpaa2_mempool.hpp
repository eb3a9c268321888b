/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The "dpaa2" mempool ops: each mempool is one QBMan buffer pool, a DPBP of
// the fsl-mc container (its BPID).
//
// What QBMan holds for an object: the address (IOVA, equal to the VA: the
// fsl-mc bus runs DPDK in IOVA-as-VA mode) of the object's data buffer,
// i.e. object start + meta_size, where meta_size is sizeof(struct rte_mbuf)
// + the pool's mbuf private size for pktmbuf pools (== mbuf->buf_addr -
// mbuf) and 0 for other pools. A driver turns a frame descriptor's buffer
// back into its mbuf with
//   mbuf = (struct rte_mbuf *)((char *)fd_addr - meta_size)
// using the entry rte_dpaa2_bpid_info[fd.bpid].
#pragma once

#include <stdint.h>

#include <rte_mempool.h>

// BPIDs are 14 bits.
#define DPAA2_MEMPOOL_MAX_BPIDS 16384

struct dpaa2_bpid_info {
	struct rte_mempool *mp; // NULL: BPID not owned by a dpaa2 mempool
	uint32_t meta_size;	// object start -> the address QBMan holds
	uint32_t buf_size;	// bytes from that address to the end of the object
};

#ifdef __cplusplus
extern "C" {
#endif

// Indexed by BPID; an entry is valid while its mempool exists.
extern struct dpaa2_bpid_info rte_dpaa2_bpid_info[DPAA2_MEMPOOL_MAX_BPIDS];

// The BPID behind a mempool of the "dpaa2" ops, -EINVAL for a mempool of
// other ops, -ENODEV for one whose creation failed.
int rte_dpaa2_mbuf_pool_bpid(struct rte_mempool *mp);

// The id of the DPBP behind such a mempool (what a DPNI's set_pools names),
// with the same errors.
int rte_dpaa2_mbuf_pool_dpbp_id(struct rte_mempool *mp);

// The mbuf whose data buffer starts at `buf_addr` (an FD's address), for
// a pktmbuf pool of the "dpaa2" ops.
struct rte_mbuf *rte_dpaa2_mbuf_from_buf_addr(struct rte_mempool *mp, void *buf_addr);

// A secondary process: the table filled from the pools the primary made
// (their BPIDs are in shared memory; the table is each process's own).
void rte_dpaa2_bpid_info_sync(void);

#ifdef __cplusplus
}
#endif
