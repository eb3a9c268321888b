/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Rx burst: one volatile dequeue (pull) of up to kBurstMax frames from
// the queue's FQ through the calling thread's portal, into the queue's
// storage, and each frame descriptor turned into its mbuf in place
// (eth_fd_to_mbuf, eth_sg_fd_to_mbuf). The buffer WRIOP filled is the
// mbuf's own data buffer (QBMan holds buf_addr), so nothing is allocated or
// copied: the pool is refilled when the application frees the mbufs.
//
// What the burst reads: the pull results (the FDs), the mbuf headers it
// writes, and the annotation at the buffer's start where the FD does not
// say enough (tagged frames, checksums, the LS2088A). Never the frame: no
// software VLAN strip, no TCI (see dpaa2_rx_parse.hpp).
//
// The variants are template instantiations chosen at configure
// (rx_burst_for): the SoC's parse summary, checksum flags, RSS hash, the
// Rx timestamp, timesync (PTP frames flagged), and whether the next pull is issued ahead
// (upstream's prefetch burst) or each burst waits for its own (drv_no_prefetch).

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

#include <rte_mbuf.h>
#include <rte_mbuf_dyn.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_mempool.hpp"
#include "dpaa2_rx_parse.hpp"

namespace dpaa2::net
{

int rx_ts_offset = -1;
uint64_t rx_ts_flag;

namespace
{

using hw::Fd;
using hw::FdFormat;
using hw::SgEntry;
using RxFlags = RxVariant;

// SG entry lengths are 17 bits (what upstream masks).
constexpr uint32_t kSgLengthMask = 0x1ffff;

inline rte_mbuf *mbuf_of(uint64_t addr, uint32_t meta) noexcept
{
	return reinterpret_cast<rte_mbuf *>(static_cast<uintptr_t>(addr) - meta);
}

// The mbuf of a buffer that goes back to its pool unread (a frame
// dropped as malformed, the SG table's buffer): reset as a free mbuf is.
inline void buffer_free(rte_mbuf *m, uint16_t port) noexcept
{
	m->next = nullptr;
	m->nb_segs = 1;
	m->ol_flags = 0;
	m->port = port;
	rte_mbuf_refcnt_set(m, 1);
	rte_mbuf_raw_free(m);
}

template <RxFlags F>
[[gnu::always_inline]] inline void set_parse(rte_mbuf *m, const Fd &fd, const char *buf) noexcept
{
	const auto *a = reinterpret_cast<const hwa::Annotation *>(buf);
	uint32_t pt = 0;
	if constexpr (F.lx2)
		pt = ptype_from_summary(hwa::frc::parse_summary(fd.frc()));
	if (pt == 0)
		pt = ptype_from_annotation(*a);
	m->packet_type = pt;
	uint64_t flags = 0;
	if constexpr (F.csum)
		flags |= csum_flags(a->fas.load());
	if constexpr (F.hash) {
		m->hash.rss = fd.flc_hi();
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	if constexpr (F.ts) {
		// Word 2 of the annotation: the SoC's 1588 timer, in ns, when
		// WRIOP took the frame in (the Rx buffer layout asks for it).
		*RTE_MBUF_DYNFIELD(m, rx_ts_offset, rte_mbuf_timestamp_t *) = a->timestamp.load();
		flags |= rx_ts_flag;
	}
	if constexpr (F.ptp) {
		// Timesync: WRIOP's PTP mark in the FAS (DPDK's
		// DPAA2_ETH_FAS_PTP); an Ethernet PTP frame's type is
		// L2_ETHER_TIMESYNC, as ieee1588 forwarding expects.
		if (hwa::fas::status(a->fas.load()) & hwa::fas::kPtp) {
			flags |= RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST;
			if (pt == RTE_PTYPE_L2_ETHER)
				m->packet_type = RTE_PTYPE_L2_ETHER_TIMESYNC;
		}
	}
	m->ol_flags = flags;
}

// The memory chunk of `mp` that holds `addr`, nullptr: none (an address
// of no buffer of the pool, which must not be written to).
[[gnu::noinline]] const rte_mempool_memhdr *pool_chunk_of(const rte_mempool *mp,
							  uint64_t addr) noexcept
{
	const rte_mempool_memhdr *hdr;
	STAILQ_FOREACH(hdr, &mp->mem_list, next)
	{
		const auto start = reinterpret_cast<uintptr_t>(hdr->addr);
		if (addr >= start && addr < start + hdr->len)
			return hdr;
	}
	return nullptr;
}

inline bool in_pool_memory(const rte_mempool *mp, uint64_t addr) noexcept
{
	return pool_chunk_of(mp, addr) != nullptr;
}

// A scatter/gather frame: the FD's buffer holds the annotation and, at the
// FD's offset, the SG table; each entry names a buffer of the chain. The
// table's buffer goes back to its pool. nullptr: malformed (counted), and
// every buffer of a pool it names given back once: an entry of no pool or
// of a format WRIOP does not write, no final entry within the table's
// buffer, a table past the buffer's end.
template <RxFlags F>
[[gnu::noinline]] rte_mbuf *eth_sg_fd_to_mbuf(RxQueue &q, const Fd &fd, const char *buf,
					      const dpaa2_bpid_info &table_pool) noexcept
{
	const auto *sgt = reinterpret_cast<const SgEntry *>(buf + fd.offset());
	const uint32_t room = fd.offset() < table_pool.buf_size
				      ? (table_pool.buf_size - fd.offset()) / sizeof(SgEntry)
				      : 0;
	const uint32_t bound = room < kMaxSegs ? room : kMaxSegs;
	rte_mbuf *head = nullptr, *prev = nullptr;
	uint16_t segs = 0;
	bool final = false, bad = false;
	for (uint32_t i = 0; i < bound && !final; i++) {
		const SgEntry e = sgt[i];
		const dpaa2_bpid_info &bi = rte_dpaa2_bpid_info[e.bpid()];
		final = e.final();
		// The address is checked before the buffer is written (the
		// walk of a pool's memory chunks, usually one). An entry of
		// another format still names a buffer of its pool, chained
		// here to go back with the others.
		if (bi.mp == nullptr || !in_pool_memory(bi.mp, e.addr())) [[unlikely]] {
			bad = true;
			continue;
		}
		bad |= e.format() != hw::SgFormat::single;
		rte_mbuf *s = mbuf_of(e.addr(), bi.meta_size);
		uint64_t rearm = q.rearm | e.offset();
		memcpy(&s->rearm_data, &rearm, sizeof(rearm));
		s->data_len = static_cast<uint16_t>(e.length() & kSgLengthMask);
		s->next = nullptr;
		s->ol_flags = 0;
		if (prev != nullptr)
			prev->next = s;
		else
			head = s;
		prev = s;
		segs++;
	}
	rte_mbuf *table = mbuf_of(fd.addr(), table_pool.meta_size);
	if (bad || !final || head == nullptr) [[unlikely]] {
		// What was chained goes back; an entry that named no pool
		// buffer is left alone.
		if (head != nullptr) {
			head->nb_segs = segs;
			rte_pktmbuf_free(head);
		}
		buffer_free(table, q.port_id);
		counter_add(q.bad_fds, 1);
		return nullptr;
	}
	head->nb_segs = segs;
	head->pkt_len = fd.length();
	// The annotation is in the table's buffer: read before it goes back.
	set_parse<F>(head, fd, buf);
	buffer_free(table, q.port_id);
	return head;
}

// The words of an FD the conversion of a single-buffer frame reads, loaded
// once before the mbuf is written: the compiler cannot tell the FD's
// memory from the mbuf's, and read the FD again after each store (its
// length three times, each with the short-length test).
struct FdWords {
	uint64_t addr;
	uint32_t word3; // BPID, offset, format
	uint32_t len;

	// 32-bit, as the word: a 16-bit result made the compiler mask each
	// field twice and keep a copy on the stack.
	[[nodiscard]] uint32_t bpid() const noexcept { return word3 & hw::bpid_offset::kBpidMask; }
	[[nodiscard]] uint32_t offset() const noexcept
	{
		return (word3 & hw::bpid_offset::kOffsetMask) >> hw::bpid_offset::kOffsetShift;
	}
	[[nodiscard]] FdFormat format() const noexcept
	{
		return static_cast<FdFormat>((word3 & hw::bpid_offset::kFormatMask) >>
					     hw::bpid_offset::kFormatShift);
	}
};

[[gnu::always_inline]] inline FdWords fd_words(const Fd &fd) noexcept
{
	return FdWords{fd.addr(), fd.word3(), fd.length()};
}

// A single-buffer frame's mbuf.
template <RxFlags F>
[[gnu::always_inline]] inline rte_mbuf *
single_to_mbuf(const RxQueue &q, const Fd &fd, const FdWords &w, uint32_t meta_size) noexcept
{
	rte_mbuf *m = mbuf_of(w.addr, meta_size);
	uint64_t rearm = q.rearm | w.offset();
	memcpy(&m->rearm_data, &rearm, sizeof(rearm));
	m->data_len = static_cast<uint16_t>(w.len);
	m->pkt_len = w.len;
	// m->next, on the mbuf's second line, is left as it is: every mbuf
	// in a pool has next NULL (rte_mbuf_raw_alloc's contract, kept by
	// rte_pktmbuf_prefree_seg and by our Tx, which unchains what WRIOP
	// releases), and nb_segs 1 is in the rearm word.
	set_parse<F>(m, fd, reinterpret_cast<const char *>(static_cast<uintptr_t>(w.addr)));
	return m;
}

// FD word 3's BPID and format: what the fast path compares at once.
constexpr uint32_t kFastKeyMask = hw::bpid_offset::kBpidMask | hw::bpid_offset::kFormatMask;

// What the fast path does not take: a single-buffer frame of another pool
// or memory chunk than the last one's, an SG frame, and every malformed FD:
// nullptr for an FD that names no buffer of a dpaa2 pool, whose address
// lies outside its BPID's pool, whose frame passes its buffer's end or of
// a format WRIOP does not give (counted, and its buffer returned where it
// is one of its pool's).
template <RxFlags F>
[[gnu::noinline]] rte_mbuf *eth_fd_to_mbuf_slow(RxQueue &q, const Fd &fd) noexcept
{
	const dpaa2_bpid_info &bi = rte_dpaa2_bpid_info[fd.bpid()];
	const rte_mempool_memhdr *chunk =
		bi.mp != nullptr ? pool_chunk_of(bi.mp, fd.addr()) : nullptr;
	if (chunk == nullptr) [[unlikely]] {
		// Of no pool, or not of its BPID's: nothing to give back, and
		// nothing written there.
		counter_add(q.bad_fds, 1);
		return nullptr;
	}
	const FdWords w = fd_words(fd);
	const FdFormat fmt = w.format();
	if (fmt == FdFormat::single && w.offset() + w.len <= bi.buf_size) [[likely]] {
		q.fast_key = w.word3 & kFastKeyMask;
		q.fast_meta_size = bi.meta_size;
		q.fast_buf_size = bi.buf_size;
		q.chunk_start = reinterpret_cast<uintptr_t>(chunk->addr);
		q.chunk_len = chunk->len;
		return single_to_mbuf<F>(q, fd, w, bi.meta_size);
	}
	if (fmt == FdFormat::sg)
		return eth_sg_fd_to_mbuf<F>(
			q, fd, reinterpret_cast<const char *>(static_cast<uintptr_t>(fd.addr())),
			bi);
	counter_add(q.bad_fds, 1);
	buffer_free(mbuf_of(fd.addr(), bi.meta_size), q.port_id);
	return nullptr;
}

// eth_fd_to_mbuf: the mbuf of one FD. The fast path is a single-buffer
// frame of the pool and memory chunk the last one was in (WRIOP fills
// every frame of a DPNI from one pool, usually of one chunk): its BPID and
// format, its address and its length are checked against what the queue
// keeps of them before the mbuf around the buffer is written. The pool
// outlives the queue (rte_eth_rx_queue_setup's contract), which forgets
// it at release.
template <RxFlags F>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const Fd &fd) noexcept
{
	const FdWords w = fd_words(fd);
	if ((w.word3 & kFastKeyMask) == q.fast_key && w.addr - q.chunk_start < q.chunk_len &&
	    w.offset() + w.len <= q.fast_buf_size) [[likely]]
		return single_to_mbuf<F>(q, fd, w, q.fast_meta_size);
	return eth_fd_to_mbuf_slow<F>(q, fd);
}

// A portal has one pull outstanding at a time: a queue's next pull waits
// for another queue's, issued on the same portal, to have started
// answering (QBMan writes its results within its command's latency).
constexpr unsigned kPullTries = 1u << 20;

inline qb::DequeueResult *half_of(RxQueue &q, int half) noexcept
{
	return q.storage + half * kBurstMax;
}

// The next pull of up to `n` frames into half `half` of the storage.
bool pull_issue(RxQueue &q, fslmc::qbman::Swp &p, int half, unsigned n) noexcept
{
	for (unsigned tries = 0; tries < kPullTries; tries++) {
		const int ret =
			p.pull(q.fqid, n, half_of(q, half),
			       q.storage_iova + half * kBurstMax * sizeof(qb::DequeueResult));
		if (ret == 0) [[likely]] {
			q.pending = static_cast<int8_t>(half);
			q.pending_n = static_cast<uint8_t>(n);
			return true;
		}
		if (ret != -EBUSY)
			break;
		dpaa::hw::cpu_relax();
	}
	q.pending = -1;
	return false;
}

// Frames a pull returned beyond what the application had room for.
[[gnu::noinline]] uint16_t unstash(RxQueue &q, rte_mbuf **bufs, uint16_t nb) noexcept
{
	const uint16_t n = q.stash_n < nb ? q.stash_n : nb;
	std::copy(q.stash, q.stash + n, bufs);
	std::copy(q.stash + n, q.stash + q.stash_n, q.stash);
	q.stash_n = static_cast<uint16_t>(q.stash_n - n);
	return n;
}

// The frames of the pull in half `half`, as mbufs: the first `nb` into
// `bufs`, with Stash the rest into the queue's stash (a pull of more
// frames than the caller has room for); their bytes added to `bytes`.
// Returns how many went into `bufs`.
template <RxFlags F, bool Stash>
[[gnu::always_inline]] inline uint16_t collect(RxQueue &q, fslmc::qbman::Swp &p, int half,
					       rte_mbuf **bufs, uint16_t nb,
					       uint64_t &bytes) noexcept
{
	uint16_t got = 0;
	p.pull_collect(half_of(q, half), q.pending_n, [&](const Fd &fd, const qb::DequeueResult &) {
		if (rte_mbuf *m = eth_fd_to_mbuf<F>(q, fd)) [[likely]] {
			bytes += m->pkt_len;
			if (!Stash || got < nb)
				bufs[got++] = m;
			else
				q.stash[q.stash_n++] = m;
		}
	});
	return got;
}

// The burst takes the results of the pull issued at the end of the
// previous one (upstream's prefetch: the model or QBMan fills one half
// while the application works on the frames of the other), then issues the
// next pull, of as many frames as this call could take.
template <RxFlags F> uint16_t rx_burst(void *rxq, rte_mbuf **bufs, uint16_t nb) noexcept
{
	RxQueue &q = *static_cast<RxQueue *>(rxq);
	if (!__atomic_load_n(&q.running, __ATOMIC_RELAXED)) [[unlikely]]
		return 0;
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr || nb == 0) [[unlikely]]
		return 0;
	if (q.stash_n) [[unlikely]] {
		const uint16_t got = unstash(q, bufs, nb);
		if constexpr (F.ptp)
			rx_ptp_latch(q, bufs, got);
		return got;
	}
	const unsigned n = nb < kBurstMax ? nb : kBurstMax;
	if (q.pending < 0 && !pull_issue(q, *p, 0, n)) [[unlikely]]
		return 0;
	const int half = q.pending == 0 ? 0 : 1;
	uint64_t bytes = 0;
	// A pull of no more frames than this call takes leaves none for the
	// stash: its loop has no test per frame.
	uint16_t got;
	if (q.pending_n <= nb) [[likely]]
		got = collect<F, false>(q, *p, half, bufs, nb, bytes);
	else
		got = collect<F, true>(q, *p, half, bufs, nb, bytes);
	if constexpr (F.prefetch)
		pull_issue(q, *p, 1 - half, n);
	else
		q.pending = -1;
	if constexpr (F.ptp)
		rx_ptp_latch(q, bufs, got);
	const unsigned frames = got + q.stash_n;
	if (frames) {
		counter_add(q.packets, frames);
		counter_add(q.bytes, bytes);
	}
	return got;
}

} // namespace

namespace
{

// Variant I of the table: bit 0 lx2, 1 csum, 2 hash, 3 ts, 4 prefetch;
// from 32 on the timesync variants, which take the timestamp: bit 0 lx2,
// 1 csum, 2 hash, 3 prefetch.
constexpr unsigned kPlainVariants = 32;
constexpr RxFlags variant_of(unsigned i) noexcept
{
	if (i < kPlainVariants)
		return RxFlags{(i & 1) != 0, (i & 2) != 0,  (i & 4) != 0,
			       (i & 8) != 0, (i & 16) != 0, false};
	i -= kPlainVariants;
	return RxFlags{(i & 1) != 0, (i & 2) != 0, (i & 4) != 0, true, (i & 8) != 0, true};
}

template <size_t... I>
constexpr std::array<eth_rx_burst_t, sizeof...(I)> burst_table(std::index_sequence<I...>) noexcept
{
	return {rx_burst<variant_of(I)>...};
}

constexpr auto kBursts = burst_table(std::make_index_sequence<kPlainVariants + 16>{});

} // namespace

eth_rx_burst_t rx_burst_for(const RxVariant &v) noexcept
{
	if (v.ptp)
		return kBursts[kPlainVariants + (unsigned{v.lx2} | unsigned{v.csum} << 1 |
						 unsigned{v.hash} << 2 |
						 unsigned{v.prefetch} << 3)];
	return kBursts[unsigned{v.lx2} | unsigned{v.csum} << 1 | unsigned{v.hash} << 2 |
		       unsigned{v.ts} << 3 | unsigned{v.prefetch} << 4];
}

uint32_t rx_queue_count(void *rxq) noexcept
{
	const RxQueue &q = *static_cast<const RxQueue *>(rxq);
	// The frames the queue holds: those a pull brought in that no burst
	// took yet, those of the outstanding pull that have landed, and those
	// its FQ still has (QBMan's count, a query command). A frame that
	// lands between the two looks may be missed once: a snapshot, as
	// any queue count is.
	uint32_t n = q.stash_n;
	if (q.pending >= 0) {
		const qb::DequeueResult *r = q.storage + q.pending * kBurstMax;
		for (unsigned i = 0; i < q.pending_n; i++) {
			if (!fslmc::qbman::Swp::result_ready(r[i]))
				break;
			n += (r[i].stat & qb::dq_stat::kValidFrame) != 0;
			if (r[i].stat & qb::dq_stat::kExpired)
				break;
		}
	}
	uint32_t frames = 0, bytes = 0;
	if (fslmc::qbman::Swp *p = fslmc::portal();
	    p != nullptr && q.fqid != 0 && p->fq_query_np(q.fqid, frames, bytes) == 0)
		n += frames;
	return n;
}

void rx_queue_park(RxQueue &q) noexcept
{
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr || q.pending < 0)
		return;
	// The pull the last burst issued, on the polling thread's portal:
	// its frames wait in the stash for the next burst. Its first result
	// stays marked as landed, which that portal waits for before its
	// next pull.
	constexpr RxFlags kPlain{false, false, false, false, true, false};
	uint64_t bytes = 0; // parking counts nothing
	collect<kPlain, true>(q, *p, q.pending, nullptr, 0, bytes);
	qb::DequeueResult *r = half_of(q, q.pending);
	__atomic_store_n(&r[0].tok, uint8_t{1}, __ATOMIC_RELEASE);
	q.pending = -1;
}

unsigned rx_queue_drain(RxQueue &q) noexcept
{
	rx_queue_park(q);
	unsigned freed = q.stash_n;
	for (uint16_t i = 0; i < q.stash_n; i++)
		rte_pktmbuf_free(q.stash[i]);
	q.stash_n = 0;
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr)
		return freed;
	constexpr RxFlags kPlain{false, false, false, false, true, false};
	// Bounded: a queue the DPNI still fed would never empty.
	for (unsigned round = 0; round < 1u << 16; round++) {
		if (!pull_issue(q, *p, 0, kBurstMax))
			break;
		const int n = p->pull_collect(
			half_of(q, 0), kBurstMax, [&](const Fd &fd, const qb::DequeueResult &) {
				if (rte_mbuf *m = eth_fd_to_mbuf<kPlain>(q, fd))
					rte_pktmbuf_free(m);
			});
		q.pending = -1;
		if (n <= 0)
			break;
		freed += static_cast<unsigned>(n);
	}
	return freed;
}

} // namespace dpaa2::net
