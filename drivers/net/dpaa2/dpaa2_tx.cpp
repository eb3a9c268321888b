/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Tx burst: frame descriptors built from the mbufs and enqueued to the
// queue's Tx FQ through the calling thread's portal, up to kBurstMax with
// one doorbell. Tx confirmation is off (dpaa2_ethdev.cpp): WRIOP releases
// each buffer it sent to the pool its FD or SG entry names.
//
// So an mbuf goes to WRIOP as it is only when WRIOP may release it: a
// direct mbuf of a dpaa2 pool (a DPBP) with no other reference. That is
// the fast path (one contiguous FD), and chains of such mbufs go as SG
// frames (the SG table in a buffer of the head's pool, released too).
// Every other frame (a second reference, an indirect or external buffer, a
// pool of other ops) is copied into a buffer of the port's Rx pool, which
// WRIOP releases, and the mbuf freed once the copy is enqueued: WRIOP's
// confirmation is a setting of the whole DPNI, not of a frame, and turning
// it on for all frames would cost every frame a dequeue and a free.

#include <cstring>

#include <rte_mbuf.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_mempool.hpp"

namespace dpaa2::net
{

namespace
{

using hw::Fd;
using hw::SgEntry;

// EQCR full: how often a burst looks again before it returns what is left.
constexpr unsigned kEnqueueTries = 1024;
// Where the SG table starts in its buffer (the FD's offset): after the Tx
// annotation area WRIOP may read.
constexpr uint16_t kSgtOffset = RTE_PKTMBUF_HEADROOM;

// The BPID of an mbuf's pool, -1 for a pool of other ops.
[[gnu::noinline]] int32_t pool_bpid_slow(TxQueue &q, const rte_mempool *mp) noexcept
{
	const int bpid = rte_dpaa2_mbuf_pool_bpid(const_cast<rte_mempool *>(mp));
	q.last_mp = mp;
	q.last_bpid = bpid < 0 ? -1 : bpid;
	return q.last_bpid;
}

[[gnu::always_inline]] inline int32_t pool_bpid(TxQueue &q, const rte_mempool *mp) noexcept
{
	if (mp == q.last_mp) [[likely]]
		return q.last_bpid;
	return pool_bpid_slow(q, mp);
}

// Whether WRIOP may release this segment's buffer to its pool.
[[gnu::always_inline]] inline bool releasable(const rte_mbuf *m) noexcept
{
	return RTE_MBUF_DIRECT(m) && rte_mbuf_refcnt_read(m) == 1;
}

inline void contig_fd(Fd &fd, const rte_mbuf *m, int32_t bpid) noexcept
{
	fd = Fd{};
	fd.set_addr(m->buf_iova);
	fd.set_length(m->data_len);
	fd.set_bpid_offset(static_cast<uint32_t>(bpid) | uint32_t{m->data_off}
								 << hw::bpid_offset::kOffsetShift);
}

// What a frame became besides its FD: a buffer this burst took for it (a
// copy or an SG table: freed if the frame is not sent), the mbuf to free
// once it is (the copy's original), the head of an SG frame's chain (its
// links undone for WRIOP, redone if the frame is not sent).
struct Built {
	rte_mbuf *taken;
	rte_mbuf *original;
	rte_mbuf *sg_head;
	uint16_t sg_segs;
};

inline rte_mbuf *mbuf_of(uint64_t addr, uint16_t bpid) noexcept
{
	return reinterpret_cast<rte_mbuf *>(static_cast<uintptr_t>(addr) -
					    rte_dpaa2_bpid_info[bpid].meta_size);
}

// An SG frame that was not sent: its chain as the application gave it,
// from the table.
void sg_relink(const Built &b) noexcept
{
	const auto *sgt = reinterpret_cast<const SgEntry *>(
		static_cast<const char *>(b.taken->buf_addr) + kSgtOffset);
	rte_mbuf *prev = b.sg_head;
	for (uint16_t i = 1; i < b.sg_segs; i++) {
		rte_mbuf *s = mbuf_of(sgt[i].addr(), sgt[i].bpid());
		prev->next = s;
		prev = s;
	}
	b.sg_head->nb_segs = b.sg_segs;
}

// A chain whose every segment WRIOP may release: an SG frame. false when
// some segment may not be released or no table buffer is left.
bool sg_fd(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	if (m->nb_segs > kMaxSegs)
		return false;
	for (const rte_mbuf *s = m; s != nullptr; s = s->next)
		if (!releasable(s) || pool_bpid(q, s->pool) < 0)
			return false;
	rte_mbuf *table = rte_mbuf_raw_alloc(m->pool);
	if (table == nullptr)
		return false;
	const int32_t table_bpid = pool_bpid(q, m->pool);
	auto *sgt = reinterpret_cast<SgEntry *>(static_cast<char *>(table->buf_addr) + kSgtOffset);
	unsigned i = 0;
	for (rte_mbuf *s = m; s != nullptr; i++) {
		rte_mbuf *next = s->next;
		SgEntry e{};
		e.set_addr(s->buf_iova);
		e.set_length(s->data_len);
		e.set_fin_bpid_offset(static_cast<uint32_t>(pool_bpid(q, s->pool)) |
				      uint32_t{s->data_off} << hw::bpid_offset::kOffsetShift);
		e.set_final(next == nullptr);
		sgt[i] = e;
		// WRIOP returns each buffer alone: it goes back as a free mbuf
		// is, unchained.
		s->next = nullptr;
		s->nb_segs = 1;
		s = next;
	}
	fd = Fd{};
	fd.set_addr(table->buf_iova);
	fd.set_length(m->pkt_len);
	fd.set_bpid_offset(static_cast<uint32_t>(table_bpid) |
			   uint32_t{kSgtOffset} << hw::bpid_offset::kOffsetShift);
	fd.set_format(hw::FdFormat::sg);
	b = Built{table, nullptr, m, static_cast<uint16_t>(i)};
	return true;
}

// A frame WRIOP may not release, copied into one buffer of the port's Rx
// pool (or of its own pool, if that is a dpaa2 one). false: no buffer, or
// the frame does not fit one.
bool copy_fd(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	rte_mempool *mp = q.port->rx_pool;
	if (mp == nullptr && pool_bpid(q, m->pool) >= 0)
		mp = m->pool;
	if (mp == nullptr ||
	    m->pkt_len > uint32_t{rte_pktmbuf_data_room_size(mp)} - RTE_PKTMBUF_HEADROOM)
		return false;
	rte_mbuf *c = rte_pktmbuf_alloc(mp);
	if (c == nullptr)
		return false;
	char *dst = rte_pktmbuf_mtod(c, char *);
	for (const rte_mbuf *s = m; s != nullptr; s = s->next) {
		memcpy(dst, rte_pktmbuf_mtod(s, const char *), s->data_len);
		dst += s->data_len;
	}
	c->data_len = static_cast<uint16_t>(m->pkt_len);
	c->pkt_len = m->pkt_len;
	contig_fd(fd, c, pool_bpid(q, mp));
	counter_add(q.copied, 1);
	b = Built{c, m, nullptr, 0};
	return true;
}

[[gnu::noinline]] bool build_slow(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	if (m->nb_segs > 1 && sg_fd(q, m, fd, b))
		return true;
	return copy_fd(q, m, fd, b);
}

uint16_t tx_burst(void *txq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	TxQueue &q = *static_cast<TxQueue *>(txq);
	if (!__atomic_load_n(&q.running, __ATOMIC_RELAXED)) [[unlikely]]
		return 0;
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr) [[unlikely]]
		return 0;
	uint16_t done = 0; // frames sent or dropped: the application's no more
	uint64_t packets = 0, bytes = 0, dropped = 0;
	while (done < nb) {
		Fd fds[kBurstMax];
		Built built[kBurstMax];
		unsigned n = 0;
		uint32_t chunk_bytes[kBurstMax];
		while (n < kBurstMax && done + n < nb) {
			rte_mbuf *m = pkts[done + n];
			const int32_t bpid = pool_bpid(q, m->pool);
			if (m->nb_segs == 1 && bpid >= 0 && releasable(m)) [[likely]] {
				contig_fd(fds[n], m, bpid);
				built[n] = Built{nullptr, nullptr, nullptr, 0};
			} else if (!build_slow(q, m, fds[n], built[n])) {
				if (n > 0)
					break; // sent first, then this one is dropped
				// Neither WRIOP may release it nor is there a
				// buffer to copy it to: dropped.
				rte_pktmbuf_free(m);
				dropped++;
				done++;
				continue;
			}
			chunk_bytes[n] = m->pkt_len;
			n++;
		}
		if (n == 0)
			continue;
		unsigned sent = 0;
		for (unsigned tries = 0; sent < n && tries < kEnqueueTries; tries++)
			sent += p->enqueue(q.fqid, fds + sent, n - sent);
		for (unsigned i = 0; i < sent; i++) {
			if (built[i].original != nullptr)
				rte_pktmbuf_free(built[i].original);
			bytes += chunk_bytes[i];
		}
		for (unsigned i = sent; i < n; i++) {
			if (built[i].sg_head != nullptr)
				sg_relink(built[i]);
			if (built[i].taken != nullptr)
				rte_pktmbuf_free(built[i].taken);
		}
		packets += sent;
		done = static_cast<uint16_t>(done + sent);
		if (sent < n)
			break; // the EQCR stays full: the rest is the application's
	}
	if (packets) {
		counter_add(q.packets, packets);
		counter_add(q.bytes, bytes);
	}
	if (dropped)
		counter_add(q.errors, dropped);
	return done;
}

} // namespace

eth_tx_burst_t tx_burst_for() noexcept
{
	return tx_burst;
}

} // namespace dpaa2::net
