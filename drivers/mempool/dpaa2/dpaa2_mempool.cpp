/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The "dpaa2" mempool ops (see dpaa2_mempool.hpp for what QBMan holds):
//
// - alloc: a DPBP of the container, enabled, its BPID; what a former owner
//   left in the pool is drained first;
// - populate: rte_mempool_op_populate_helper() lays the objects out and
//   enqueues each one; they are gathered and released seven per release
//   command;
// - enqueue: releases through the calling thread's software portal, seven
//   buffers a command;
// - dequeue: acquires of up to seven buffers (QBMan's limit, all or
//   nothing per command); when the pool runs dry part-way, what was taken
//   goes back and the call fails with -ENOBUFS, obj_table untouched;
// - get_count: QBMan's free count for the pool (a BP query on the thread's
//   portal; the MC's dpbp_get_num_free_bufs for a thread without one);
// - free: the pool is drained (acquires of seven) and the DPBP given back,
//   so that the buffer pool is empty when the mempool is gone.
//
// The first DPBP the bus opens makes "dpaa2" the platform's mempool ops,
// as on every DPAA2 system.

#include "dpaa2_mempool.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_pool_ops.h>
#include <rte_mempool.h>

#include "fslmc_bus.hpp"

struct dpaa2_bpid_info rte_dpaa2_bpid_info[DPAA2_MEMPOOL_MAX_BPIDS];

namespace dpaa2::mempool
{

namespace qbman = dpaa2::fslmc::qbman;
namespace fslmc = dpaa2::fslmc;

RTE_LOG_REGISTER(logtype, mempool.dpaa2, NOTICE);

#define DPAA2_MEMPOOL_LOG(level, fmt, ...)                                                         \
	rte_log(RTE_LOG_##level, dpaa2::mempool::logtype,                                          \
		"mempool_dpaa2: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

namespace
{

constexpr const char *kOpsName = "dpaa2";
constexpr unsigned kBurst = hw::qb::kMaxReleaseBuffers; // 7 per command
// A release ring slot is free again within a few of QBMan's cycles; this
// bounds the wait for one (upstream tries 10000 times).
constexpr unsigned kReleaseTries = 100000;

// In DPDK's shared memory: a secondary process uses the pool by its BPID;
// the DPBP's handle is the creating process's.
struct Pool {
	rte_fslmc_dpbp *dpbp = nullptr; // valid in the creator only
	int32_t creator = 0;		// its pid
	uint32_t dpbp_id = 0;
	uint16_t bpid = 0;
	uint32_t meta = 0;
	bool destroying = false;
};

Pool *pool_of(const rte_mempool *mp) noexcept
{
	return static_cast<Pool *>(mp->pool_data);
}

bool is_ours(const rte_mempool *mp) noexcept
{
	return strcmp(rte_mempool_get_ops(mp->ops_index)->name, kOpsName) == 0;
}

// Set once DPDK destroys a pool: rte_mempool_free() first dequeues the
// objects one by one (rte_mempool_free_memchunks), one acquire command
// each; those fail at once instead, and ops_free drains the pool in
// commands of seven.
void on_mempool_event(rte_mempool_event event, rte_mempool *mp, void *) noexcept
{
	if (event == RTE_MEMPOOL_EVENT_DESTROY && mp->pool_data != nullptr && is_ours(mp))
		pool_of(mp)->destroying = true;
}
std::once_flag event_cb_once;

qbman::Swp *thread_portal(const rte_mempool *mp) noexcept
{
	qbman::Swp *p = fslmc::portal();
	if (p == nullptr) [[unlikely]] {
		DPAA2_MEMPOOL_LOG(ERR, "%s: this thread has no software portal (logged above)",
				  mp->name);
		rte_errno = ENODEV;
	}
	return p;
}

int release(qbman::Swp &p, uint16_t bpid, const uint64_t *bufs, unsigned n) noexcept
{
	for (unsigned tries = 0; tries < kReleaseTries; tries++) {
		int ret = p.release(bpid, bufs, n);
		if (ret != -EBUSY) [[likely]]
			return ret;
		rte_pause();
	}
	return -ETIMEDOUT;
}

int release_all(qbman::Swp &p, uint16_t bpid, const uint64_t *bufs, unsigned n) noexcept
{
	for (unsigned i = 0; i < n;) {
		const unsigned k = std::min(n - i, kBurst);
		if (int ret = release(p, bpid, bufs + i, k); ret < 0) [[unlikely]]
			return ret;
		i += k;
	}
	return 0;
}

// Takes every buffer the pool holds: commands of seven, then smaller ones
// for the rest. Returns how many.
uint64_t drain(qbman::Swp &p, uint16_t bpid) noexcept
{
	uint64_t bufs[kBurst];
	uint64_t drained = 0;
	for (unsigned n = kBurst; n > 0;) {
		const int got = p.acquire(bpid, bufs, n);
		if (got > 0)
			drained += static_cast<unsigned>(got);
		else if (got == -ENOBUFS)
			n--; // fewer than n left: a smaller command
		else
			break;
	}
	return drained;
}

int ops_alloc(rte_mempool *mp) noexcept
{
	if (rte_fslmc_mc_io() == nullptr) {
		DPAA2_MEMPOOL_LOG(ERR, "%s: no fsl-mc container (DPRC unset?): no buffer pool",
				  mp->name);
		return -ENODEV;
	}
	if (rte_eal_iova_mode() != RTE_IOVA_VA) {
		DPAA2_MEMPOOL_LOG(ERR, "%s: the dpaa2 mempool needs IOVA as VA (--iova-mode=va)",
				  mp->name);
		return -ENOTSUP;
	}
	auto *pool = static_cast<Pool *>(rte_zmalloc("dpaa2_pool", sizeof(Pool), 0));
	if (pool == nullptr)
		return -ENOMEM;
	pool->dpbp = rte_fslmc_dpbp_alloc();
	if (pool->dpbp == nullptr) {
		rte_free(pool);
		return -ENOSPC; // logged by the bus with the container's count
	}
	pool->bpid = pool->dpbp->bpid;
	pool->dpbp_id = pool->dpbp->obj.id;
	pool->creator = getpid();
	if (pool->bpid >= DPAA2_MEMPOOL_MAX_BPIDS) {
		DPAA2_MEMPOOL_LOG(ERR, "%s: BPID %u out of range", mp->name, pool->bpid);
		rte_fslmc_dpbp_free(pool->dpbp);
		rte_free(pool);
		return -ERANGE;
	}
	// pktmbuf pools (their private area is set before the first populate)
	// give QBMan the data buffer; other pools the object itself.
	if (mp->private_data_size >= sizeof(rte_pktmbuf_pool_private)) {
		const auto *priv =
			static_cast<const rte_pktmbuf_pool_private *>(rte_mempool_get_priv(mp));
		pool->meta = static_cast<uint32_t>(sizeof(rte_mbuf) + priv->mbuf_priv_size);
	}
	std::call_once(event_cb_once, [] {
		if (rte_mempool_event_callback_register(on_mempool_event, nullptr) != 0)
			DPAA2_MEMPOOL_LOG(WARNING, "no mempool event callback: freeing a pool "
						   "takes one acquire command per object");
	});
	if (qbman::Swp *p = fslmc::portal()) {
		if (uint64_t n = drain(*p, pool->bpid))
			DPAA2_MEMPOOL_LOG(DEBUG, "BPID %u: %lu buffers of a former pool drained",
					  pool->bpid, static_cast<unsigned long>(n));
	}
	rte_dpaa2_bpid_info[pool->bpid] =
		dpaa2_bpid_info{mp, pool->meta, mp->elt_size - pool->meta};
	mp->pool_data = pool;
	DPAA2_MEMPOOL_LOG(DEBUG, "%s: dpbp.%u, BPID %u, buffers at object + %u", mp->name,
			  pool->dpbp->obj.id, pool->bpid, pool->meta);
	return 0;
}

void ops_free(rte_mempool *mp) noexcept
{
	Pool *pool = pool_of(mp);
	if (pool == nullptr)
		return;
	mp->pool_data = nullptr;
	if (qbman::Swp *p = fslmc::portal())
		drain(*p, pool->bpid);
	rte_dpaa2_bpid_info[pool->bpid] = dpaa2_bpid_info{};
	rte_fslmc_dpbp_free(pool->dpbp);
	rte_free(pool);
}

// While populate lays a pool's objects out, DPDK enqueues them one at a
// time: they are gathered here and released seven per command, so that
// filling a pool of n objects costs n / 7 release commands, not n.
struct Filling {
	const rte_mempool *mp = nullptr;
	unsigned n = 0;
	uint64_t bufs[kBurst];
};
thread_local Filling filling;

int filling_flush(qbman::Swp &p) noexcept
{
	Filling &f = filling;
	if (f.n == 0)
		return 0;
	const int ret = release(p, pool_of(f.mp)->bpid, f.bufs, f.n);
	f.n = 0;
	return ret;
}

[[gnu::noinline]] int filling_add(qbman::Swp &p, void *const *obj_table, unsigned n,
				  uint32_t meta) noexcept
{
	Filling &f = filling;
	for (unsigned i = 0; i < n; i++) {
		f.bufs[f.n++] = reinterpret_cast<uintptr_t>(obj_table[i]) + meta;
		if (f.n == kBurst)
			if (int ret = filling_flush(p); ret < 0)
				return ret;
	}
	return 0;
}

int ops_enqueue(rte_mempool *mp, void *const *obj_table, unsigned n) noexcept
{
	qbman::Swp *p = thread_portal(mp);
	if (p == nullptr) [[unlikely]]
		return -ENODEV;
	const Pool &pool = *pool_of(mp);
	if (filling.mp == mp) [[unlikely]]
		return filling_add(*p, obj_table, n, pool.meta);
	uint64_t bufs[kBurst];
	for (unsigned i = 0; i < n;) {
		const unsigned k = std::min(n - i, kBurst);
		for (unsigned j = 0; j < k; j++)
			bufs[j] = reinterpret_cast<uintptr_t>(obj_table[i + j]) + pool.meta;
		if (int ret = release(*p, pool.bpid, bufs, k); ret < 0) [[unlikely]] {
			DPAA2_MEMPOOL_LOG(ERR, "%s: release to BPID %u failed: %s", mp->name,
					  pool.bpid, strerror(-ret));
			return ret;
		}
		i += k;
	}
	return 0;
}

// Acquires into bufs[got, n) in commands of up to seven, each all or
// nothing; returns how many bufs[] now holds.
unsigned acquire_some(qbman::Swp &p, uint16_t bpid, uint64_t *bufs, unsigned got,
		      unsigned n) noexcept
{
	while (got < n) {
		const unsigned k = std::min(n - got, kBurst);
		if (p.acquire(bpid, bufs + got, k) != static_cast<int>(k)) [[unlikely]]
			break;
		got += k;
	}
	return got;
}

// All or nothing, and obj_table untouched on failure: DPDK refills a
// mempool cache by dequeuing into the cache's own array, whose first
// entries are still live objects when the refill fails. Up to kStaged
// objects (all a cache refill asks for) are staged here first.
constexpr unsigned kStaged = 2 * RTE_MEMPOOL_CACHE_MAX_SIZE;

int ops_dequeue(rte_mempool *mp, void **obj_table, unsigned n) noexcept
{
	const Pool &pool = *pool_of(mp);
	if (pool.destroying) [[unlikely]]
		return -ENOBUFS;
	qbman::Swp *p = thread_portal(mp);
	if (p == nullptr) [[unlikely]]
		return -ENODEV;
	uint64_t staged[kStaged];
	if (n > kStaged && n > mp->size) [[unlikely]]
		return -ENOBUFS;
	static_assert(sizeof(uint64_t) == sizeof(void *));
	uint64_t *bufs = n <= kStaged ? staged : reinterpret_cast<uint64_t *>(obj_table);
	const unsigned got = acquire_some(*p, pool.bpid, bufs, 0, n);
	if (got != n) [[unlikely]] {
		// Not enough: what was taken goes back.
		release_all(*p, pool.bpid, bufs, got);
		return -ENOBUFS;
	}
	for (unsigned i = 0; i < n; i++)
		obj_table[i] = reinterpret_cast<char *>(bufs[i]) - pool.meta;
	return 0;
}

unsigned ops_get_count(const rte_mempool *mp) noexcept
{
	const Pool *pool = pool_of(mp);
	if (pool == nullptr)
		return 0;
	uint32_t n = 0;
	if (qbman::Swp *p = rte_fslmc_tls_portal)
		if (p->bp_query(pool->bpid, n) == 0)
			return n;
	if (fslmc::McIo *io = rte_fslmc_mc_io(); io != nullptr && pool->creator == getpid())
		if (fslmc::mc::dpbp_get_num_free_bufs(*io, pool->dpbp->obj, n) == 0)
			return n;
	// Another process's pool (dpdk-proc-info's dump of the primary's):
	// a query through this thread's own portal.
	if (qbman::Swp *p = fslmc::portal())
		if (p->bp_query(pool->bpid, n) == 0)
			return n;
	return 0;
}

int ops_populate(rte_mempool *mp, unsigned max_objs, void *vaddr, rte_iova_t iova, size_t len,
		 rte_mempool_populate_obj_cb_t *obj_cb, void *obj_cb_arg) noexcept
{
	// DPDK's own memory is mapped by the bus; an external heap's now.
	const rte_memseg_list *msl = rte_mem_virt2memseg_list(vaddr);
	if (msl == nullptr || msl->external) {
		int ret = rte_fslmc_dma_map(vaddr, len);
		if (ret < 0) {
			DPAA2_MEMPOOL_LOG(ERR, "%s: memory %p+%zu is not reachable by DMA: %s",
					  mp->name, vaddr, len, strerror(-ret));
			return ret;
		}
	}
	qbman::Swp *p = thread_portal(mp);
	if (p == nullptr)
		return -ENODEV;
	filling = Filling{mp, 0, {}};
	const int n = rte_mempool_op_populate_helper(mp, 0, max_objs, vaddr, iova, len, obj_cb,
						     obj_cb_arg);
	const int ret = filling_flush(*p);
	filling = Filling{};
	return ret < 0 ? ret : n;
}

// The first DPBP of the container: "dpaa2" becomes the platform's ops.
void on_dpbp(fslmc::ObjKind, uint32_t) noexcept
{
	static bool done;
	if (done)
		return;
	done = true;
	if (rte_mbuf_set_platform_mempool_ops(kOpsName) != 0)
		DPAA2_MEMPOOL_LOG(WARNING, "the platform's mempool ops are set already (%s)",
				  rte_mbuf_platform_mempool_ops());
}

} // namespace
} // namespace dpaa2::mempool

static rte_mempool_ops dpaa2_mempool_ops = {
	.name = "dpaa2",
	.alloc = dpaa2::mempool::ops_alloc,
	.free = dpaa2::mempool::ops_free,
	.enqueue = dpaa2::mempool::ops_enqueue,
	.dequeue = dpaa2::mempool::ops_dequeue,
	.get_count = dpaa2::mempool::ops_get_count,
	.calc_mem_size = nullptr,
	.populate = dpaa2::mempool::ops_populate,
	.get_info = nullptr,
	.dequeue_contig_blocks = nullptr,
};

RTE_MEMPOOL_REGISTER_OPS(dpaa2_mempool_ops);

RTE_INIT(dpaa2_mempool_init)
{
	rte_fslmc_object_cb_register(dpaa2::fslmc::ObjKind::dpbp, dpaa2::mempool::on_dpbp);
}

extern "C" int rte_dpaa2_mbuf_pool_bpid(struct rte_mempool *mp)
{
	if (mp == nullptr || !dpaa2::mempool::is_ours(mp))
		return -EINVAL;
	const auto *pool = dpaa2::mempool::pool_of(mp);
	return pool == nullptr ? -ENODEV : pool->bpid;
}

extern "C" int rte_dpaa2_mbuf_pool_dpbp_id(struct rte_mempool *mp)
{
	if (mp == nullptr || !dpaa2::mempool::is_ours(mp))
		return -EINVAL;
	const auto *pool = dpaa2::mempool::pool_of(mp);
	return pool == nullptr ? -ENODEV : static_cast<int>(pool->dpbp_id);
}

extern "C" struct rte_mbuf *rte_dpaa2_mbuf_from_buf_addr(struct rte_mempool *mp, void *buf_addr)
{
	const auto *pool = dpaa2::mempool::pool_of(mp);
	return reinterpret_cast<rte_mbuf *>(static_cast<char *>(buf_addr) - pool->meta);
}

extern "C" void rte_dpaa2_bpid_info_sync(void)
{
	rte_mempool_walk(
		[](rte_mempool *mp, void *) {
			using namespace dpaa2::mempool;
			const Pool *pool = is_ours(mp) ? pool_of(mp) : nullptr;
			if (pool != nullptr && pool->bpid < DPAA2_MEMPOOL_MAX_BPIDS)
				rte_dpaa2_bpid_info[pool->bpid] =
					dpaa2_bpid_info{mp, pool->meta, mp->elt_size - pool->meta};
		},
		nullptr);
}
