/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Tx data path: mbufs -> FDs on the queue's Tx FQ through the calling
// lcore's QMan portal (EQCR), batched.
//
// Fast path: a direct, single-segment mbuf with refcnt 1 from a dpaa pool
// goes out as a contiguous FD whose BPID is the pool's; the FMan releases
// the buffer to BMan after transmission, so the mbuf is never touched again
// by software.
// Multi-segment mbufs of the same kind go out as scatter/gather FDs: the SG
// table sits in a buffer of the port's pool, and every buffer (table and
// segments) goes back to BMan after transmission.
// Anything else (another pool's mbuf, refcnt > 1, indirect, external buffer,
// headroom too small for the checksum request, more than 16 segments) is
// copied into buffers of the port's pool and the original is freed at
// once. The alternative, Tx confirmation, would bring the FDs back through a
// confirmation FQ that push-mode Rx shares the DQRR with, and would keep
// the application's mbufs until the wire is done with them; a copy keeps
// the fast path free of both (see the guide for figures).

#include <cstring>

#include <rte_cycles.h>
#include <rte_per_lcore.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"

namespace dpaa::net
{

namespace
{

namespace fm = hw::fman;

constexpr uint64_t kCksumFlags = RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK;
constexpr uint64_t kNotDirect = RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL;
// The parse result written for a checksum request ends here in the buffer.
constexpr uint16_t kCksumMinHeadroom = kPrsOffset + sizeof(fm::ParseResult);

// Per-burst memory of what a slow-path frame changed, to undo it when the
// EQCR takes fewer frames than were prepared.
struct SlowFrame {
	rte_mbuf *copy;	 // the copy sent instead of the application's mbuf
	rte_mbuf *table; // SG table buffer
	rte_mbuf *head;	 // SG: the chain whose links were cut
	uint16_t head_nb_segs;
	uint16_t nsegs;
	rte_mbuf *segs[kMaxSegs];
};

// The BMan pool of an mbuf's mempool: the last one an lcore's bursts met,
// kept from burst to burst (a Tx burst almost always sends mbufs of the
// pool the previous one did). Asking the mempool driver compares its ops
// name; that happens only when the pool changes.
struct PoolCache {
	const rte_mempool *mp = nullptr;
	int bpid = -1;
};

RTE_DEFINE_PER_LCORE(PoolCache, tx_pool_cache);

// Once per burst: only a dpaa pool that still owns its BPID stays cached (a
// pool may have been freed, and another created at its address, since the
// last burst; a pool of other ops is asked about again).
[[gnu::always_inline]] inline PoolCache &pool_cache() noexcept
{
	PoolCache &c = RTE_PER_LCORE(tx_pool_cache);
	if (c.bpid < 0 || rte_dpaa_bpid_info[c.bpid].mp != c.mp) [[unlikely]]
		c = PoolCache{};
	return c;
}

[[gnu::always_inline]] inline int pool_bpid(PoolCache &c, const rte_mempool *mp) noexcept
{
	if (mp != c.mp) [[unlikely]] {
		c.mp = mp;
		c.bpid = rte_dpaa_mempool_bpid(mp);
	}
	return c.bpid;
}

// The parse result the FMan reads (FD RPD) to insert checksums (FD DTC).
[[gnu::noinline]] uint32_t write_cksum_request(char *buf, const rte_mbuf *m) noexcept
{
	auto &pr = *reinterpret_cast<fm::ParseResult *>(buf + kPrsOffset);
	memset(&pr, fm::kNoOffset, sizeof(pr));
	pr.lpid = 0;
	pr.shimr = 0;
	pr.l2r.store(static_cast<uint16_t>(fm::l2r::kEthernet |
					   (m->l2_len > RTE_ETHER_HDR_LEN ? fm::l2r::kVlan : 0)));
	const bool v4 = m->ol_flags & RTE_MBUF_F_TX_IPV4;
	uint16_t l3 = v4 ? fm::l3r::kFirstIpv4 : fm::l3r::kFirstIpv6;
	pr.l3r.store(l3);
	switch (m->ol_flags & RTE_MBUF_F_TX_L4_MASK) {
	case RTE_MBUF_F_TX_TCP_CKSUM:
		pr.l4r = fm::l4r::kTcp;
		break;
	case RTE_MBUF_F_TX_UDP_CKSUM:
		pr.l4r = fm::l4r::kUdp;
		break;
	default:
		pr.l4r = fm::l4r::kNone;
		break;
	}
	pr.cplan = 0;
	pr.nxthdr.store(0);
	pr.cksum.store(0);
	pr.flags_frag_off.store(0);
	pr.route_type = 0;
	pr.rhp_ip_valid = 1;
	pr.eth_off = 0;
	pr.ip_off[0] = pr.ip_off[1] = static_cast<uint8_t>(m->l2_len);
	pr.l4_off = static_cast<uint8_t>(m->l2_len + m->l3_len);
	return fm::fd_cmd::kRpd | fm::fd_cmd::kDtc;
}

[[gnu::always_inline]] inline bool wants_cksum(const rte_mbuf *m) noexcept
{
	return m->ol_flags & kCksumFlags;
}

// SG FD for a chain of direct, refcnt-1 dpaa-pool segments; false if the
// chain does not qualify (or no table buffer is available). An empty
// segment does not qualify: the copy leaves it out.
bool build_sg(TxQueue &q, PoolCache &pc, rte_mbuf *m, hw::Fd &fd, SlowFrame &undo) noexcept
{
	if (m->nb_segs > kMaxSegs || q.copy_pool == nullptr)
		return false;
	int bpids[kMaxSegs];
	unsigned n = 0;
	for (rte_mbuf *s = m; s; s = s->next, n++) {
		if ((s->ol_flags & kNotDirect) || rte_mbuf_refcnt_read(s) != 1 || s->data_len == 0)
			return false;
		bpids[n] = pool_bpid(pc, s->pool);
		if (bpids[n] < 0)
			return false;
	}
	rte_mbuf *tbl = rte_pktmbuf_alloc(q.copy_pool);
	if (tbl == nullptr)
		return false;
	char *tbl_buf = static_cast<char *>(tbl->buf_addr);
	auto *sg = reinterpret_cast<hw::SgEntry *>(tbl_buf + RTE_PKTMBUF_HEADROOM);
	undo.table = tbl;
	undo.head = m;
	undo.head_nb_segs = m->nb_segs;
	undo.nsegs = 0;
	rte_mbuf *s = m;
	for (unsigned i = 0; i < n; i++) {
		rte_mbuf *next = s->next;
		hw::SgEntry &e = sg[i];
		memset(&e, 0, sizeof(e));
		e.set_addr(bus::va_to_bus(s->buf_addr));
		e.set_length_flags(s->data_len, false, i + 1 == n);
		e.set_bpid(static_cast<uint8_t>(bpids[i]));
		e.set_offset(s->data_off);
		undo.segs[undo.nsegs++] = s;
		// The FMan frees each segment on its own: each must look like a
		// fresh single-segment mbuf when the pool hands it out again.
		s->next = nullptr;
		s->nb_segs = 1;
		s = next;
	}
	fd = hw::Fd{};
	fd.set_addr(bus::va_to_bus(tbl_buf));
	fd.set_bpid(static_cast<uint8_t>(q.copy_bpid));
	fd.set_format_offset_length(hw::FdFormat::sg, RTE_PKTMBUF_HEADROOM, m->pkt_len);
	if (wants_cksum(m))
		fd.set_cmd(write_cksum_request(tbl_buf, m));
	return true;
}

void undo_slow(SlowFrame &u) noexcept
{
	if (u.table) {
		for (unsigned i = 0; i + 1 < u.nsegs; i++)
			u.segs[i]->next = u.segs[i + 1];
		u.head->nb_segs = u.head_nb_segs;
		rte_pktmbuf_free_seg(u.table);
	}
	if (u.copy)
		rte_pktmbuf_free(u.copy);
}

// Whether an mbuf describes a frame the FMan can send: 1..kMaxTxFrame
// bytes, a chain as long as nb_segs says whose lengths add up to pkt_len,
// every segment's data inside its buffer. Anything else is an application's
// mistake that no copy can mend (reading it could even fault).
bool tx_frame_valid(const rte_mbuf *m) noexcept
{
	if (m->pkt_len == 0 || m->pkt_len > fm::kMaxTxFrame)
		return false;
	uint32_t len = 0;
	unsigned n = 0;
	for (const rte_mbuf *s = m; s != nullptr && n <= m->nb_segs; s = s->next, n++) {
		if (static_cast<uint32_t>(s->data_off) + s->data_len > s->buf_len)
			return false;
		len += s->data_len;
	}
	return n == m->nb_segs && len == m->pkt_len;
}

enum class SlowResult : uint8_t {
	built, // fd is ready
	later, // not now (no buffer for a copy): the burst returns before it
	drop,  // never sendable: freed and counted by the burst
};

// Everything the fast path does not take.
[[gnu::noinline]] SlowResult build_slow(TxQueue &q, PoolCache &pc, rte_mbuf *m, hw::Fd &fd,
					SlowFrame &undo) noexcept
{
	undo.copy = undo.table = undo.head = nullptr;
	undo.nsegs = 0;
	if (!tx_frame_valid(m))
		return SlowResult::drop;
	if (m->nb_segs > 1 && (!wants_cksum(m) || m->data_off >= kCksumMinHeadroom) &&
	    build_sg(q, pc, m, fd, undo))
		return SlowResult::built;
	if (q.copy_pool == nullptr)
		return SlowResult::later;
	rte_mbuf *c = rte_pktmbuf_copy(m, q.copy_pool, 0, UINT32_MAX);
	if (c == nullptr)
		return SlowResult::later;
	undo.copy = c;
	counter_add(q.copied, 1);
	if (c->nb_segs > 1) {
		if (build_sg(q, pc, c, fd, undo))
			return SlowResult::built;
		rte_pktmbuf_free(c);
		undo.copy = nullptr;
		return SlowResult::later;
	}
	fd = hw::Fd::contig(bus::va_to_bus(c->buf_addr), q.copy_bpid, c->data_off, c->data_len);
	if (wants_cksum(c))
		fd.set_cmd(write_cksum_request(static_cast<char *>(c->buf_addr), c));
	return SlowResult::built;
}

// A frame build_slow refused for good. Its segments are freed one by one:
// a chain that lies about its length must not be walked by rte_pktmbuf_free.
[[gnu::noinline]] void drop_invalid(TxQueue &q, rte_mbuf *m) noexcept
{
	counter_add(q.stats.errors, 1);
	const unsigned nb_segs = m->nb_segs; // freeing the head resets it
	unsigned n = 0;
	for (rte_mbuf *s = m; s != nullptr && n < nb_segs; n++) {
		rte_mbuf *next = s->next;
		rte_pktmbuf_free_seg(s);
		s = next;
	}
	if (n == 0)
		rte_pktmbuf_free_seg(m);
	DPAA_PMD_LOG(DEBUG,
		     "port %u Tx queue %u: frame dropped (length, segments or data outside "
		     "its buffer)",
		     q.port_id, q.queue_id);
}

// The EQCR has 8 entries and QMan consumes them in well under a microsecond
// on a board: a ring found full in a burst is most often a matter of waiting
// that long. So the burst spins, without yielding, until kEqcrSpinUs pass
// without progress; a ring still full then gets fewer frames than asked, at
// once, as DPDK expects of a full ring (the application retries or drops,
// and counts). Where QMan needs this thread to make progress (the modelled
// SoC, whose own thread may not get a CPU for a while on a small machine),
// the portal driver has it consume the ring each time it finds it full
// (QmanPortal's EQCR-full hook): the retries below go on as long as that
// frees entries.
constexpr uint64_t kEqcrSpinUs = 2;

[[gnu::noinline]] unsigned enqueue_retry(qbman::QmanPortal &portal, uint32_t fqid,
					 std::span<const hw::Fd> fds) noexcept
{
	// A full ring is also when rejected enqueues pile up on the message
	// ring (a congested or stopped FQ): their buffers go back first.
	take_mr(portal);
	const uint64_t patience = rte_get_timer_hz() * kEqcrSpinUs / 1000000;
	uint64_t since = rte_get_timer_cycles();
	unsigned done = 0;
	while (done < fds.size()) {
		rte_pause();
		// The clock before the try: the last try comes after the time is
		// up, even if this thread was preempted in between.
		const uint64_t now = rte_get_timer_cycles();
		const unsigned n = portal.enqueue_burst(hw::Fqid{fqid}, fds.subspan(done));
		if (n) {
			done += n;
			since = now;
		} else if (now - since > patience) {
			break;
		}
	}
	return done;
}

// The FMan writes the Tx timestamp here in the buffer (FD command UPD).
constexpr uint16_t kStampMinHeadroom = kTimestampOffset + sizeof(uint64_t);

// A frame the application wants a Tx timestamp of: confirmed to the port's
// confirmation FQ (FCO: the FMan keeps the buffer), with the time it left
// written into its prepended data (UPD).
[[gnu::noinline]] void request_tx_stamp(TxQueue &q, hw::Fd &fd) noexcept
{
	const uint32_t fqid = q.port->txconf_fqid;
	if (fqid == 0)
		return;
	fd.set_cmd(fd.cmd() | fm::fd_cmd::kFco | fm::fd_cmd::kRpd | fm::fd_cmd::kUpd |
		   (fqid & fm::fd_cmd::kCfqMask));
}

[[gnu::always_inline]] inline void prefetch_mbufs(rte_mbuf *const *pkts, unsigned n) noexcept
{
	for (unsigned i = 0; i < n; i++)
		rte_prefetch0(pkts[i]);
}

// Stamp: the timesync variant, which looks for RTE_MBUF_F_TX_IEEE1588_TMST.
template <bool Cksum, bool Stamp>
uint16_t tx_burst(void *txq, rte_mbuf **pkts, uint16_t nb_pkts) noexcept
{
	// The first chunk's mbuf lines are asked for before anything else is
	// read: what the burst reads first (the queue, this lcore's portal and
	// pool cache) may have left the cache too, and the frames' misses then
	// overlap with those instead of following them.
	prefetch_mbufs(pkts, RTE_MIN(nb_pkts, kBurstMax));
	TxQueue &q = *static_cast<TxQueue *>(txq);
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr) [[unlikely]]
		return 0;
	if (!q.running) [[unlikely]]
		return 0;
	// Enqueue rejections wait on this lcore's message ring until taken:
	// once every 256 bursts (and whenever the ring is full), not per frame.
	if (++q.mr_tick == 0) [[unlikely]]
		take_mr(*portal);
	PoolCache &pc = pool_cache();
	// The cached pool in locals: every FD written below is a byte array to
	// the compiler, which would otherwise reload them after each frame.
	const rte_mempool *cached_pool = pc.mp;
	int cached_bpid = pc.bpid;
	uint16_t sent = 0;
	uint16_t dropped = 0;
	uint64_t bytes = 0;
	while (sent < nb_pkts) {
		const unsigned n = RTE_MIN(static_cast<unsigned>(nb_pkts - sent), kBurstMax);
		rte_mbuf **burst = pkts + sent;
		hw::Fd fds[kBurstMax];
		SlowFrame slow[kBurstMax];
		uint32_t slow_mask = 0;
		bool drop = false; // burst[built] is a frame to drop
		if (sent)
			prefetch_mbufs(burst, n);
		unsigned built = 0;
		for (; built < n; built++) {
			rte_mbuf *m = burst[built];
			if (m->pool != cached_pool) [[unlikely]] {
				cached_bpid = pool_bpid(pc, m->pool);
				cached_pool = m->pool;
			}
			const int bpid = cached_bpid;
			const bool stamp = Stamp && (m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST);
			// 1 <= data_len <= buf_len - data_off, in one compare.
			const bool fast =
				m->nb_segs == 1 && !(m->ol_flags & kNotDirect) &&
				rte_mbuf_refcnt_read(m) == 1 && bpid >= 0 &&
				static_cast<uint16_t>(m->data_len - 1) < m->buf_len - m->data_off &&
				(!Cksum || !wants_cksum(m) || m->data_off >= kCksumMinHeadroom) &&
				(!stamp || m->data_off >= kStampMinHeadroom);
			if (fast) [[likely]] {
				fds[built] = hw::Fd::contig(bus::va_to_bus(m->buf_addr),
							    static_cast<uint8_t>(bpid), m->data_off,
							    m->data_len);
				if (Cksum && wants_cksum(m))
					fds[built].set_cmd(write_cksum_request(
						static_cast<char *>(m->buf_addr), m));
			} else {
				const SlowResult r = build_slow(q, pc, m, fds[built], slow[built]);
				// It may have met other pools.
				cached_pool = pc.mp;
				cached_bpid = pc.bpid;
				if (r != SlowResult::built) [[unlikely]] {
					drop = r == SlowResult::drop;
					break;
				}
				slow_mask |= 1u << built;
			}
			if (stamp) [[unlikely]]
				request_tx_stamp(q, fds[built]);
			bytes += m->pkt_len;
		}
		unsigned done = portal->enqueue_burst(hw::Fqid{q.fqid}, {fds, built});
		if (done < built) [[unlikely]]
			done += enqueue_retry(*portal, q.fqid, {fds + done, built - done});
		if (slow_mask) [[unlikely]] {
			for (unsigned i = 0; i < built; i++) {
				if (!(slow_mask & (1u << i)))
					continue;
				if (i >= done)
					undo_slow(slow[i]);
				else if (slow[i].copy)
					rte_pktmbuf_free(burst[i]); // its copy went out
			}
		}
		for (unsigned i = done; i < built; i++)
			bytes -= burst[i]->pkt_len;
		// A frame to drop ends its chunk; it is taken (freed, counted)
		// once everything before it went.
		if (drop && done == built) [[unlikely]] {
			drop_invalid(q, burst[done]);
			done++;
			dropped++;
		} else if (done < n) {
			sent = static_cast<uint16_t>(sent + done);
			break;
		}
		sent = static_cast<uint16_t>(sent + done);
	}
	counter_add(q.stats.packets, sent - dropped);
	counter_add(q.stats.bytes, bytes);
	return sent;
}

} // namespace

eth_tx_burst_t tx_burst_for(uint64_t tx_offloads, bool stamp) noexcept
{
	const bool cksum =
		tx_offloads & (RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |
			       RTE_ETH_TX_OFFLOAD_TCP_CKSUM);
	if (stamp)
		return cksum ? tx_burst<true, true> : tx_burst<false, true>;
	return cksum ? tx_burst<true, false> : tx_burst<false, false>;
}

} // namespace dpaa::net
