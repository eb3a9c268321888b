/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The "dpaa" mempool ops: see dpaa_mempool.hpp for what BMan holds per
// object and how a driver gets the mbuf back.
//
// - alloc: a BPID of the platform's range for this mempool (-ENOSPC, logged,
//   when none is left), and its rte_dpaa_bpid_info entry;
// - populate: makes the memory chunk reachable by DMA, then DPDK's helper
//   lays the objects out and enqueues each; they are released to BMan
//   eight per release-ring entry;
// - enqueue: releases through the calling thread's BMan portal, eight
//   buffers per release-ring entry;
// - dequeue: acquires in commands of up to eight buffers (BMan's limit, all
//   or nothing per command); if the pool runs dry part-way, what was taken
//   goes back (and is in the pool again before the call returns) and the
//   call fails with -ENOBUFS, as DPDK expects;
// - get_count: BMan's free count for the pool (its CCSR), read once the
//   calling thread's own release ring is consumed, so that a count taken
//   after a free includes what was freed (DPDK's mbuf_autotest checks it);
//   releases other threads have in flight are not counted yet;
// - BPIDs and the entries of rte_dpaa_bpid_info are shared by the DPDK
//   processes of one SoC (dpaa_mempool_shared.hpp);
// - free: gives the BPID back; the next pool to take it drains what the
//   BMan pool still holds (in alloc), so that freeing a large pool is
//   immediate.

#include "dpaa_mempool.hpp"
#include "dpaa_mempool_shared.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <mutex>

#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "dpaa_bus.hpp"
#include "dpaa_hw/bman_ccsr.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "qbman/bman_portal.hpp"
#include "qbman/hw_wait.hpp"

struct dpaa_bpid_info rte_dpaa_bpid_info[DPAA_MEMPOOL_MAX_BPIDS];

namespace dpaa::mempool
{

RTE_LOG_REGISTER(logtype, mempool.dpaa, NOTICE);

#define DPAA_MEMPOOL_LOG(level, fmt, ...)                                                          \
	rte_log(RTE_LOG_##level, dpaa::mempool::logtype,                                           \
		"mempool_dpaa: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

namespace
{

namespace bm = hw::bm;

static_assert(DPAA_MEMPOOL_MAX_BPIDS == bm::kNumPools);

// pool_data holds BPID + 1: 0 is a mempool whose alloc never succeeded
// (DPDK may call free for it), which owns no BPID.
constexpr unsigned kNoBpid = ~0u;

unsigned pool_bpid(const rte_mempool *mp) noexcept
{
	return static_cast<unsigned>(reinterpret_cast<uintptr_t>(mp->pool_data) & 0xffff) - 1;
}

// Set in pool_data once DPDK destroys the pool. rte_mempool_free() first
// takes the objects back one by one (rte_mempool_free_memchunks: a dequeue
// of one object each, whose result it ignores): 155k acquire commands, each
// waited for, for testpmd's default pool. A destroyed pool's dequeues fail
// at once instead; the buffers stay in BMan until the next pool that takes
// the BPID drains them (ops_alloc).
constexpr uintptr_t kDestroying = uintptr_t{1} << 16;

bool destroying(const rte_mempool *mp) noexcept
{
	return reinterpret_cast<uintptr_t>(mp->pool_data) & kDestroying;
}

void on_mempool_event(rte_mempool_event event, rte_mempool *mp, void *) noexcept
{
	if (event != RTE_MEMPOOL_EVENT_DESTROY || mp->pool_data == nullptr ||
	    strcmp(rte_mempool_get_ops(mp->ops_index)->name, "dpaa") != 0)
		return;
	mp->pool_data =
		reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(mp->pool_data) | kDestroying);
}

std::once_flag event_cb_once;

// Release n (1..8) bus addresses with one RCR entry, waiting for room the
// portal driver's way (spin, then yield the CPU, then time out).
int release(qbman::BmanPortal &p, unsigned bpid, const uint64_t *bufs, unsigned n) noexcept
{
	const hw::Bpid b{static_cast<uint8_t>(bpid)};
	const int ret = p.release(b, {bufs, n});
	if (ret != -EBUSY) [[likely]]
		return ret;
	return p.release_wait(b, {bufs, n});
}

// Empty a BMan pool of whatever a previous owner left in it: acquire
// commands of eight buffers, then smaller ones for the rest.
void drain_stale(qbman::BmanPortal &p, unsigned bpid) noexcept
{
	const hw::Bpid b{static_cast<uint8_t>(bpid)};
	if (p.free_count(b) <= 0)
		return;
	uint64_t bufs[bm::kMaxBufs];
	uint64_t drained = 0;
	for (unsigned n = bm::kMaxBufs; n > 0;) {
		const int got = p.acquire(b, {bufs, n});
		if (got <= 0)
			n--; // fewer than n left: a smaller command
		else
			drained += static_cast<unsigned>(got);
	}
	DPAA_MEMPOOL_LOG(DEBUG, "BMan pool %u: %" PRIu64 " buffers of a former pool drained", bpid,
			 drained);
}

int ops_alloc(rte_mempool *mp) noexcept
{
	const platform::SocInfo *soc = bus::soc();
	if (soc == nullptr) {
		DPAA_MEMPOOL_LOG(ERR,
				 "%s: no DPAA platform (no board, no DPAA_MODEL): no BMan pool",
				 mp->name);
		return -ENODEV;
	}
	// From the platform's allocator, which every process shares: the
	// kernel's on a board (its own interfaces hold BPIDs too), the
	// primary's model otherwise.
	const int bpid = bus::bpid_alloc();
	if (bpid == -ENOSPC) {
		DPAA_MEMPOOL_LOG(ERR, "%s: no free BMan pool: all %u BPIDs (%u..%u) are in use",
				 mp->name, soc->bpid_count, soc->bpid_base,
				 soc->bpid_base + soc->bpid_count - 1);
		return -ENOSPC;
	}
	if (bpid < 0 || bpid >= static_cast<int>(bm::kNumPools)) {
		DPAA_MEMPOOL_LOG(ERR, "%s: no BMan pool: %s", mp->name,
				 strerror(bpid < 0 ? -bpid : ERANGE));
		if (bpid >= 0)
			bus::bpid_free(static_cast<uint32_t>(bpid));
		return bpid < 0 ? bpid : -ERANGE;
	}
	bpid_share_init();
	// pktmbuf pools (their private area is set before the first populate)
	// give BMan the data buffer; other pools the object itself.
	uint32_t meta = 0;
	if (mp->private_data_size >= sizeof(rte_pktmbuf_pool_private)) {
		const auto *priv =
			static_cast<const rte_pktmbuf_pool_private *>(rte_mempool_get_priv(mp));
		meta = static_cast<uint32_t>(sizeof(rte_mbuf) + priv->mbuf_priv_size);
	}
	std::call_once(event_cb_once, [] {
		if (rte_mempool_event_callback_register(on_mempool_event, nullptr) != 0)
			DPAA_MEMPOOL_LOG(WARNING, "no mempool event callback: freeing a pool "
						  "takes one BMan command per object");
	});
	if (qbman::BmanPortal *p = bus::bman_portal())
		drain_stale(*p, static_cast<unsigned>(bpid));
	bpid_publish(static_cast<unsigned>(bpid), dpaa_bpid_info{mp, meta, mp->elt_size - meta});
	mp->pool_data = reinterpret_cast<void *>(static_cast<uintptr_t>(bpid) + 1);
	DPAA_MEMPOOL_LOG(DEBUG, "%s: BMan pool %d, buffers at object + %u", mp->name, bpid, meta);
	return 0;
}

void ops_free(rte_mempool *mp) noexcept
{
	const unsigned bpid = pool_bpid(mp);
	if (bpid == kNoBpid)
		return;
	mp->pool_data = nullptr;
	// The BMan pool keeps the buffers: the next pool that takes the BPID
	// empties it first (ops_alloc). Freeing is then immediate (an
	// application quitting with a pool of 155k mbufs would otherwise wait
	// for 19k acquire commands), and a BPID that a killed process left
	// full is emptied the same way.
	bpid_publish(bpid, dpaa_bpid_info{});
	bus::bpid_free(bpid);
}

int release_failed(const rte_mempool *mp, unsigned bpid, int ret) noexcept
{
	// The bus said it once already: the primary that ran the SoC is gone.
	if (__atomic_load_n(&rte_dpaa_hw_lost, __ATOMIC_RELAXED))
		return -ENODEV;
	DPAA_MEMPOOL_LOG(ERR, "%s: release to BMan pool %u failed: %s%s", mp->name, bpid,
			 strerror(-ret),
			 ret == -ETIMEDOUT ? " (BMan did not consume the release ring)" : "");
	return ret;
}

// While populate lays a pool's objects out, DPDK enqueues them one at a
// time: they are gathered here and released eight per RCR entry, so that
// filling a pool of n objects costs n / 8 release commands (and a wait for
// room every few of them), not n.
struct Filling {
	const rte_mempool *mp = nullptr;
	unsigned n = 0;
	uint64_t bufs[bm::kMaxBufs];
};
thread_local Filling filling;

int filling_flush(qbman::BmanPortal &p) noexcept
{
	Filling &f = filling;
	if (f.n == 0)
		return 0;
	const unsigned bpid = pool_bpid(f.mp);
	const int ret = release(p, bpid, f.bufs, f.n);
	f.n = 0;
	return ret < 0 ? release_failed(f.mp, bpid, ret) : 0;
}

[[gnu::noinline]] int filling_add(qbman::BmanPortal &p, void *const *obj_table, unsigned n,
				  uint32_t meta) noexcept
{
	Filling &f = filling;
	for (unsigned i = 0; i < n; i++) {
		f.bufs[f.n++] = bus::va_to_bus(static_cast<char *>(obj_table[i]) + meta);
		if (f.n == bm::kMaxBufs)
			if (int ret = filling_flush(p); ret < 0)
				return ret;
	}
	return 0;
}

int ops_enqueue(rte_mempool *mp, void *const *obj_table, unsigned n) noexcept
{
	qbman::BmanPortal *p = bus::bman_portal();
	if (p == nullptr) [[unlikely]]
		return -rte_errno;
	const unsigned bpid = pool_bpid(mp);
	const uint32_t meta = rte_dpaa_bpid_info[bpid].meta_size;
	if (filling.mp == mp) [[unlikely]]
		return filling_add(*p, obj_table, n, meta);
	uint64_t bufs[bm::kMaxBufs];
	for (unsigned i = 0; i < n;) {
		const unsigned k = std::min<unsigned>(n - i, bm::kMaxBufs);
		for (unsigned j = 0; j < k; j++)
			bufs[j] = bus::va_to_bus(static_cast<char *>(obj_table[i + j]) + meta);
		int ret = release(*p, bpid, bufs, k);
		if (ret < 0) [[unlikely]]
			return release_failed(mp, bpid, ret);
		i += k;
	}
	return 0;
}

// Until BMan has consumed every entry of this portal's RCR, or the portal
// driver's patience runs out: buffers just given back are in the pool then.
void rcr_settle(qbman::BmanPortal &p) noexcept
{
	qbman::HwWait wait(qbman::WaitHook{});
	while (p.rcr_update() != bm::kRcrSize - 1) {
		bus::hw_wait();
		if (!wait())
			return;
	}
}

// Acquires into bus[got, n) in commands of up to eight buffers, each all or
// nothing; returns how many bus[] now holds.
unsigned acquire_some(qbman::BmanPortal &p, hw::Bpid b, uint64_t *bus, unsigned got,
		      unsigned n) noexcept
{
	while (got < n) {
		const unsigned k = std::min<unsigned>(n - got, bm::kMaxBufs);
		if (p.acquire(b, {bus + got, k}) != static_cast<int>(k)) [[unlikely]]
			break;
		got += k;
	}
	return got;
}

// All or nothing, and obj_table untouched on failure: DPDK refills a
// mempool cache by dequeuing into the cache's own array, whose first entries
// are still live objects when the refill fails. Up to kStaged objects (all
// a cache refill asks for) are staged here first.
constexpr unsigned kStaged = 2 * RTE_MEMPOOL_CACHE_MAX_SIZE;

int ops_dequeue(rte_mempool *mp, void **obj_table, unsigned n) noexcept
{
	if (destroying(mp)) [[unlikely]]
		return -ENOBUFS;
	qbman::BmanPortal *p = bus::bman_portal();
	if (p == nullptr) [[unlikely]]
		return -rte_errno;
	const unsigned bpid = pool_bpid(mp);
	const hw::Bpid b{static_cast<uint8_t>(bpid)};
	const uint32_t meta = rte_dpaa_bpid_info[bpid].meta_size;
	uint64_t staged[kStaged];
	// Larger requests only come from an application's own array, which is
	// written only when the request can be met: more objects than the pool
	// has (an n gone negative) would fill it as far as the pool reaches.
	if (n > kStaged && n > mp->size) [[unlikely]]
		return -ENOBUFS;
	uint64_t *bus = n <= kStaged ? staged : reinterpret_cast<uint64_t *>(obj_table);
	static_assert(sizeof(uint64_t) == sizeof(void *));
	unsigned got = acquire_some(*p, b, bus, 0, n);
	if (got != n) [[unlikely]] {
		// Short. This thread's own releases may still be in its release
		// ring (BMan takes its RCR and its acquire commands separately),
		// so a buffer freed just before is not found yet. Once they are
		// in the pool, try again: an application that frees then
		// allocates gets what it freed (DPDK's mbuf_autotest).
		rcr_settle(*p);
		got = acquire_some(*p, b, bus, got, n);
	}
	if (got != n) [[unlikely]] {
		// Not enough: what was taken goes back, and is back in the pool
		// before the call returns. DPDK answers a failed cache refill by
		// asking at once for just what the application wants: with the
		// buffers still in the release ring, that would fail too, and a
		// pool of n objects would not give n (DPDK's mbuf_autotest).
		for (unsigned i = 0; i < got;) {
			const unsigned k = std::min<unsigned>(got - i, bm::kMaxBufs);
			release(*p, bpid, bus + i, k);
			i += k;
		}
		if (got != 0)
			rcr_settle(*p);
		return -ENOBUFS;
	}
	for (unsigned i = 0; i < n; i++)
		obj_table[i] = static_cast<char *>(bus::bus_to_va(bus[i])) - meta;
	return 0;
}

unsigned ops_get_count(const rte_mempool *mp) noexcept
{
	hw::RegisterWindow *ccsr = bus::bman_ccsr();
	if (ccsr == nullptr || pool_bpid(mp) == kNoBpid)
		return 0;
	// A thread without a portal has released nothing. The wait is BMan's
	// RCR processing time: short on a board, a model step on the model.
	if (qbman::BmanPortal *p = rte_dpaa_tls_bman_portal)
		rcr_settle(*p);
	return ccsr->read32(bm::ccsr::pool_content(pool_bpid(mp)));
}

int ops_populate(rte_mempool *mp, unsigned max_objs, void *vaddr, rte_iova_t iova, size_t len,
		 rte_mempool_populate_obj_cb_t *obj_cb, void *obj_cb_arg) noexcept
{
	// Memory DPDK reported is mapped already; an external heap's, or memory
	// added to a --no-huge process, gets its window now.
	int ret = bus::dma_map(vaddr, len);
	if (ret < 0) {
		DPAA_MEMPOOL_LOG(ERR, "%s: memory %p+%zu is not reachable by DMA: %s", mp->name,
				 vaddr, len, strerror(-ret));
		return ret;
	}
	qbman::BmanPortal *p = bus::bman_portal();
	if (p == nullptr)
		return -rte_errno;
	filling = Filling{mp, 0, {}};
	const int n = rte_mempool_op_populate_helper(mp, 0, max_objs, vaddr, iova, len, obj_cb,
						     obj_cb_arg);
	ret = filling_flush(*p);
	filling = Filling{};
	// A pool is complete when its creation returns: every object in BMan,
	// none still in the release ring.
	rcr_settle(*p);
	return ret < 0 ? ret : n;
}

} // namespace
} // namespace dpaa::mempool

static rte_mempool_ops dpaa_mempool_ops = {
	.name = "dpaa",
	.alloc = dpaa::mempool::ops_alloc,
	.free = dpaa::mempool::ops_free,
	.enqueue = dpaa::mempool::ops_enqueue,
	.dequeue = dpaa::mempool::ops_dequeue,
	.get_count = dpaa::mempool::ops_get_count,
	.calc_mem_size = nullptr,
	.populate = dpaa::mempool::ops_populate,
	.get_info = nullptr,
	.dequeue_contig_blocks = nullptr,
};

RTE_MEMPOOL_REGISTER_OPS(dpaa_mempool_ops);

extern "C" int rte_dpaa_mempool_bpid(const struct rte_mempool *mp)
{
	if (mp == nullptr || strcmp(rte_mempool_get_ops(mp->ops_index)->name, "dpaa") != 0)
		return -EINVAL;
	const unsigned bpid = dpaa::mempool::pool_bpid(mp);
	return bpid == dpaa::mempool::kNoBpid ? -ENODEV : static_cast<int>(bpid);
}
