/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Tx burst: frame descriptors built from the mbufs and enqueued to the
// queue's Tx FQ through the calling thread's portal, up to kBurstMax with
// one doorbell.
//
// The DPNI confirms every frame by default (DPNI_CONF_AFFINE: each Tx FQ
// has its confirmation FQ), as the kernel's dpaa2-eth runs it. A frame
// WRIOP may release, a direct mbuf of a dpaa2 pool (a DPBP) with no other
// reference and the room for the 128-byte Tx annotation before its data,
// opts out as the kernel's XDP_TX frames do: FD FRC.FAEADV, CTRL.ASAL, and
// an egress action descriptor (FAEAD) in the annotation whose action 4
// names no confirmation FQ. WRIOP then releases its buffers to their pools,
// and software never sees it again. That is the fast path: one contiguous
// FD and one 8-byte store into the buffer's head room; chains of such
// mbufs go as SG frames (the table in a buffer of the head's pool, released
// too).
//
// Every other frame (a second reference, an indirect or external buffer, a
// pool of other ops, a short head room) goes out as it is, without a copy:
// an SG frame whose table is a slot of the queue's own DMA area, every
// buffer marked IVP (never released by WRIOP). It comes back on the queue's
// confirmation FQ once sent; the slot names the mbuf, which is freed then,
// when the hardware is done with its data. The bursts take confirmations
// back only while some are in flight: a port that never sends such frames
// pays one test per burst.
//
// A port configured with RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE (testpmd's
// default) has promised direct mbufs with one reference, each queue's from
// one pool: WRIOP may release every frame of a dpaa2 pool, and the DPNI
// runs without confirmation (DPNI_CONF_DISABLE, as upstream's net_dpaa2
// runs it), so its frames need no egress action descriptor, and the burst
// writes nothing outside the mbuf's first line and the FD (the no_conf
// variant). A frame WRIOP may not release there (a pool of other ops, or a
// promise broken) is copied into a buffer of the port's Rx pool, which
// WRIOP releases, and the original freed at once.

#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstring>

#include <rte_cycles.h>
#include <rte_mbuf.h>

#include "dpaa2_ethdev.hpp"
#include "dpaa2_mempool.hpp"

namespace dpaa2::net
{

namespace
{

using hw::Fd;
using hw::SgEntry;
namespace a = hw::hwa;

// EQCR full: how often a burst looks again before it returns what is left.
constexpr unsigned kEnqueueTries = 1024;
// Where the SG table starts in its buffer (the FD's offset): after the Tx
// annotation area WRIOP may read.
constexpr uint16_t kSgtOffset = RTE_PKTMBUF_HEADROOM;
// The annotation a released frame carries before its data: 128 bytes
// (ASAL 2), which hold the FAEAD at 0x58.
constexpr uint16_t kTxAnnotation = 128;
static_assert(a::kFaeadOffset + sizeof(a::Faead) <= kTxAnnotation);
static_assert(kSgtOffset >= kTxAnnotation);
// A confirmed frame's table: after its Tx annotation (dpaa2_ethdev.hpp).
static_assert(kConfSlotSize % 64 == 0);
static_assert(kConfSgtOffset >= kTxAnnotation);

// The BPID of an mbuf's pool, -1 for a pool of other ops.
[[gnu::noinline]] int32_t pool_bpid_slow(TxQueue &q, const rte_mempool *mp) noexcept
{
	const int bpid = rte_dpaa2_mbuf_pool_bpid(const_cast<rte_mempool *>(mp));
	q.last_mp = mp;
	q.last_bpid = bpid < 0 ? -1 : bpid;
	q.chunk_len = 0; // the chunk was the previous pool's
	return q.last_bpid;
}

[[gnu::always_inline]] inline int32_t pool_bpid(TxQueue &q, const rte_mempool *mp) noexcept
{
	if (mp == q.last_mp) [[likely]]
		return q.last_bpid;
	return pool_bpid_slow(q, mp);
}

// The BPID of the pool of the mbuf `m` (-1: not a dpaa2 pool) when it
// does not lie in the cached chunk: from m->pool, and the chunk of that
// pool that holds m cached for the next frames.
[[gnu::noinline]] int32_t mbuf_bpid_slow(TxQueue &q, const rte_mbuf *m) noexcept
{
	const int32_t bpid = pool_bpid(q, m->pool);
	const auto addr = reinterpret_cast<uintptr_t>(m);
	const rte_mempool_memhdr *hdr;
	STAILQ_FOREACH(hdr, &m->pool->mem_list, next)
	{
		const auto start = reinterpret_cast<uintptr_t>(hdr->addr);
		if (addr - start < hdr->len) {
			q.chunk_start = start;
			q.chunk_len = hdr->len;
			break;
		}
	}
	return bpid;
}

// The BPID of the pool of the mbuf `m`. An mbuf is an object of the
// pool whose memory holds it (m->pool is set to that pool when the pool
// is populated, rte_pktmbuf_init), so its address says its pool without
// a read of the mbuf's second line, which a contiguous frame's FD needs
// nothing else from (Rx leaves that line alone too).
[[gnu::always_inline]] inline int32_t mbuf_bpid(TxQueue &q, const rte_mbuf *m) noexcept
{
	if (reinterpret_cast<uintptr_t>(m) - q.chunk_start < q.chunk_len) [[likely]]
		return q.last_bpid;
	return mbuf_bpid_slow(q, m);
}

// Whether WRIOP may release this segment's buffer to its pool.
[[gnu::always_inline]] inline bool releasable(const rte_mbuf *m) noexcept
{
	return RTE_MBUF_DIRECT(m) && rte_mbuf_refcnt_read(m) == 1;
}

// The egress action descriptor that opts a frame out of confirmation, in
// the Tx annotation at the start of its buffer: action 4 names no
// confirmation FQ, so WRIOP releases the buffers (the kernel's XDP_TX).
[[gnu::always_inline]] inline void store_release_faead(void *buf_addr) noexcept
{
	a::Faead e;
	e.conf_fqid.store(0);
	e.ctrl.store(a::faead::kA4v | a::faead::kA2v | a::faead::kEbddv);
	memcpy(static_cast<char *>(buf_addr) + a::kFaeadOffset, &e, sizeof(e));
}

// The opt-out of confirmation: WRIOP releases the FD's buffers.
[[gnu::always_inline]] inline void ask_release(Fd &fd, void *buf_addr) noexcept
{
	fd.set_frc(a::frc::kFaeadv);
	fd.set_ctrl(a::ctrl::asal(kTxAnnotation));
	store_release_faead(buf_addr);
}

// How the DPNI treats the frames it sends (Port::tx_conf).
enum class Conf {
	affine, // confirmed on the Tx FQ's own FQ, unless the FAEAD opts out
	none,	// never confirmed: released by WRIOP (MBUF_FAST_FREE)
};

template <Conf kConf> inline void contig_fd(Fd &fd, rte_mbuf *m, int32_t bpid) noexcept
{
	fd = Fd{};
	fd.set_addr(m->buf_iova);
	fd.set_length(m->data_len);
	fd.set_bpid_offset(static_cast<uint32_t>(bpid) | uint32_t{m->data_off}
								 << hw::bpid_offset::kOffsetShift);
	if constexpr (kConf == Conf::affine)
		ask_release(fd, m->buf_addr);
}

// Whether a released frame's head room must hold the Tx annotation: only
// where a FAEAD is written into it.
template <Conf kConf> inline bool room_for_annotation(uint32_t data_off) noexcept
{
	return kConf == Conf::none || data_off >= kTxAnnotation;
}

// ------------------------------------------------------ the common case

// Flags that send a frame to the general path: an indirect or external
// buffer, and whatever a frame may ask of the Tx path beyond sending (a
// Tx timestamp).
constexpr uint64_t kGeneralPathFlags =
	RTE_MBUF_F_INDIRECT | RTE_MBUF_F_EXTERNAL | RTE_MBUF_F_TX_IEEE1588_TMST;

// Whether the mbuf has one reference and one segment: refcnt and nb_segs,
// adjacent, compared in one load.
[[gnu::always_inline]] inline bool one_ref_one_seg(const rte_mbuf *m) noexcept
{
	static_assert(offsetof(rte_mbuf, nb_segs) == offsetof(rte_mbuf, refcnt) + 2);
	if constexpr (std::endian::native == std::endian::little) {
		uint32_t refs_segs;
		memcpy(&refs_segs, reinterpret_cast<const char *>(m) + offsetof(rte_mbuf, refcnt),
		       sizeof(refs_segs));
		return refs_segs == 0x00010001;
	} else {
		return rte_mbuf_refcnt_read(m) == 1 && m->nb_segs == 1;
	}
}

// Whether a flag of kGeneralPathFlags is set: all of them are in the top
// 16 bits of ol_flags, tested in one instruction.
[[gnu::always_inline]] inline bool general_path_flags(const rte_mbuf *m) noexcept
{
	static_assert((kGeneralPathFlags & 0xffff000000000000ull) == kGeneralPathFlags);
	if constexpr (std::endian::native == std::endian::little) {
		uint16_t top;
		memcpy(&top, reinterpret_cast<const char *>(&m->ol_flags) + 6, sizeof(top));
		return (top & (kGeneralPathFlags >> 48)) != 0;
	} else {
		return (m->ol_flags & kGeneralPathFlags) != 0;
	}
}

// FRC.FAEADV and CTRL.ASAL of a released frame: adjacent words of the FD,
// one store on a little-endian CPU.
[[gnu::always_inline]] inline void set_release_frc_ctrl(Fd &fd) noexcept
{
	static_assert(offsetof(Fd, ctrl_word) == offsetof(Fd, frc_word) + 4);
	if constexpr (std::endian::native == std::endian::little) {
		constexpr uint64_t kFrcCtrl =
			a::frc::kFaeadv | uint64_t{a::ctrl::asal(kTxAnnotation)} << 32;
		memcpy(&fd.frc_word, &kFrcCtrl, sizeof(kFrcCtrl));
	} else {
		fd.set_frc(a::frc::kFaeadv);
		fd.set_ctrl(a::ctrl::asal(kTxAnnotation));
	}
}

// The FDs of the frames pkts[0..n) up to the first that is not of the
// common kind: one direct buffer in the cached memory chunk of a dpaa2
// pool, with no other reference, the room for the Tx annotation (when
// the DPNI confirms) and nothing asked beyond sending. WRIOP releases them
// (contig_fd's FD). A loop of its own, not inlined: inside the general
// path's loop, whose bookkeeping takes the registers, it cost a third more
// instructions. Returns how many were built; their bytes are added to
// `bytes`.
template <Conf kConf>
[[gnu::noinline]] unsigned build_released_run(const TxQueue &q, rte_mbuf *const *pkts, unsigned n,
					      Fd *fds, uint64_t &bytes) noexcept
{
	if (q.last_bpid < 0)
		return 0;
	const uintptr_t start = q.chunk_start;
	const uintptr_t len = q.chunk_len;
	const auto bpid = static_cast<uint32_t>(q.last_bpid);
	uint64_t sum = 0;
	rte_mbuf *const *p = pkts;
	rte_mbuf *const *const end = pkts + n;
	for (Fd *fd = fds; p != end; ++p, ++fd) {
		rte_mbuf *m = *p;
		const uint32_t data_off = m->data_off;
		if (reinterpret_cast<uintptr_t>(m) - start >= len || !one_ref_one_seg(m) ||
		    !room_for_annotation<kConf>(data_off) || general_path_flags(m)) [[unlikely]]
			break;
		// One segment: its data_len is the frame's length (pkt_len).
		const uint32_t data_len = m->data_len;
		fd->set_addr(m->buf_iova);
		fd->set_length(data_len);
		fd->set_bpid_offset(bpid | data_off << hw::bpid_offset::kOffsetShift);
		if constexpr (kConf == Conf::affine) {
			set_release_frc_ctrl(*fd);
		} else {
			fd->frc_word.store(0);
			fd->ctrl_word.store(0);
		}
		fd->flc_word.store(0);
		if constexpr (kConf == Conf::affine)
			store_release_faead(m->buf_addr);
		sum += data_len;
	}
	bytes += sum;
	return static_cast<unsigned>(p - pkts);
}

// ------------------------------------------------------ the general path

// What a frame became besides its FD: the buffer this burst took for it
// (a released chain's SG table, or a copy: freed if the frame is not
// sent), the chain's head (its links undone for WRIOP, redone if not
// sent), the confirmation slot it holds (-1: none), or the original of a
// copy (freed once the copy is sent).
struct Built {
	rte_mbuf *taken;
	rte_mbuf *sg_head;
	uint16_t sg_segs;
	int16_t slot;
	rte_mbuf *copied;
};

inline rte_mbuf *mbuf_of(uint64_t addr, uint16_t bpid) noexcept
{
	return reinterpret_cast<rte_mbuf *>(static_cast<uintptr_t>(addr) -
					    rte_dpaa2_bpid_info[bpid].meta_size);
}

// A released SG frame that was not sent: its chain as the application gave
// it, from the table.
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

// A chain whose every segment WRIOP may release: a released SG frame.
// false when some segment may not be released or no table buffer is left.
template <Conf kConf> bool sg_fd(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
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
	if constexpr (kConf == Conf::affine)
		ask_release(fd, table->buf_addr);
	b = Built{table, m, static_cast<uint16_t>(i), -1, nullptr};
	return true;
}

enum class Build { ok, later, drop };

// A frame WRIOP may not release: an SG frame on a confirmation slot, every
// buffer IVP. later: no free slot; drop: too many segments.
Build confirmed_fd(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	if (m->nb_segs > kMaxSegs) [[unlikely]]
		return Build::drop;
	if (q.conf_free_n == 0) {
		tx_conf_drain(q, false);
		if (q.conf_free_n == 0)
			return Build::later;
	}
	const uint16_t slot = q.conf_free[--q.conf_free_n];
	char *area = q.conf_area + size_t{slot} * kConfSlotSize;
	auto *sgt = reinterpret_cast<SgEntry *>(area + kConfSgtOffset);
	unsigned i = 0;
	for (const rte_mbuf *s = m; s != nullptr; s = s->next, i++) {
		SgEntry e{};
		e.set_addr(s->buf_iova);
		e.set_length(s->data_len);
		e.set_fin_bpid_offset(hw::bpid_offset::kIvp |
				      uint32_t{s->data_off} << hw::bpid_offset::kOffsetShift);
		e.set_final(s->next == nullptr);
		sgt[i] = e;
	}
	fd = Fd{};
	fd.set_addr(q.conf_iova + size_t{slot} * kConfSlotSize);
	fd.set_length(m->pkt_len);
	fd.set_bpid_offset(hw::bpid_offset::kIvp | uint32_t{kConfSgtOffset}
							   << hw::bpid_offset::kOffsetShift);
	fd.set_format(hw::FdFormat::sg);
	if (m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST) [[unlikely]]
		tx_stamp_request(fd, area);
	q.conf_mbufs[slot] = m;
	b = Built{nullptr, nullptr, 0, static_cast<int16_t>(slot), nullptr};
	return Build::ok;
}

// A frame WRIOP may not release on a DPNI that confirms nothing: its bytes
// in one buffer of the port's Rx pool (a dpaa2 pool), which WRIOP
// releases. later: that pool is empty; drop: there is no such pool, or
// the frame does not fit one of its buffers.
Build copied_fd(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	rte_mempool *mp = q.port->rx_pool;
	if (mp == nullptr) [[unlikely]]
		return Build::drop;
	rte_mbuf *c = rte_pktmbuf_alloc(mp);
	if (c == nullptr)
		return Build::later;
	if (m->pkt_len > rte_pktmbuf_tailroom(c)) [[unlikely]] {
		rte_pktmbuf_free(c);
		return Build::drop;
	}
	char *to = rte_pktmbuf_mtod(c, char *);
	for (const rte_mbuf *s = m; s != nullptr; s = s->next) {
		memcpy(to, rte_pktmbuf_mtod(s, const char *), s->data_len);
		to += s->data_len;
	}
	c->data_len = static_cast<uint16_t>(m->pkt_len);
	c->pkt_len = m->pkt_len;
	contig_fd<Conf::none>(fd, c, q.port->rx_bpid);
	b = Built{c, nullptr, 0, -1, m};
	return Build::ok;
}

template <Conf kConf>
[[gnu::noinline]] Build build_slow(TxQueue &q, rte_mbuf *m, Fd &fd, Built &b) noexcept
{
	// A released chain's annotation is in its table's buffer: the
	// segments' head room does not matter.
	// A frame that asks for its Tx timestamp is confirmed: the stamp
	// comes back in its confirmation (a DPNI that confirms nothing
	// gives none: timesync_enable refuses such a port).
	if (m->nb_segs > 1 &&
	    (kConf == Conf::none || !(m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST)) &&
	    sg_fd<kConf>(q, m, fd, b))
		return Build::ok;
	if constexpr (kConf == Conf::none) {
		if (m->nb_segs == 1 && releasable(m) && pool_bpid(q, m->pool) >= 0) {
			// A frame of a second chunk of the pool, or one
			// asking for a Tx timestamp: released as it is.
			contig_fd<Conf::none>(fd, m, pool_bpid(q, m->pool));
			b = Built{nullptr, nullptr, 0, -1, nullptr};
			return Build::ok;
		}
		return copied_fd(q, m, fd, b);
	} else {
		return confirmed_fd(q, m, fd, b);
	}
}

// A slot whose frame was not enqueued: free again, the mbuf the
// application's.
inline void slot_unused(TxQueue &q, int16_t slot) noexcept
{
	q.conf_mbufs[slot] = nullptr;
	q.conf_free[q.conf_free_n++] = static_cast<uint16_t>(slot);
}

template <Conf kConf> uint16_t tx_burst(void *txq, rte_mbuf **pkts, uint16_t nb) noexcept
{
	TxQueue &q = *static_cast<TxQueue *>(txq);
	if (!__atomic_load_n(&q.running, __ATOMIC_RELAXED)) [[unlikely]]
		return 0;
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr) [[unlikely]]
		return 0;
	if (kConf == Conf::affine && q.conf_pending != 0) [[unlikely]]
		tx_conf_drain(q, false);
	uint16_t done = 0; // frames sent or dropped: the application's no more
	uint64_t packets = 0, bytes = 0, dropped = 0;
	uint32_t confirming = 0;
	bool stalled = false;
	while (done < nb && !stalled) {
		Fd fds[kBurstMax];
		// What the frames of the slow path became (bit i of `slow`: frame
		// i's entry is set); a released contiguous frame has nothing to
		// undo or count but its length, summed as it is built.
		Built built[kBurstMax];
		static_assert(kBurstMax <= 32);
		uint32_t slow = 0;
		uint64_t chunk_bytes = 0;
		unsigned want =
			static_cast<unsigned>(nb - done < kBurstMax ? nb - done : kBurstMax);
		unsigned n = build_released_run<kConf>(q, pkts + done, want, fds, chunk_bytes);
		while (n < want) {
			rte_mbuf *m = pkts[done + n];
			const int32_t bpid = mbuf_bpid(q, m);
			if (m->nb_segs == 1 && bpid >= 0 && releasable(m) &&
			    room_for_annotation<kConf>(m->data_off) && !general_path_flags(m))
				[[likely]] {
				contig_fd<kConf>(fds[n], m, bpid);
			} else {
				const Build r = build_slow<kConf>(q, m, fds[n], built[n]);
				if (r == Build::later) {
					stalled = true;
					break;
				}
				if (r == Build::drop) {
					if (n > 0)
						break; // sent first, then this one is dropped
					rte_pktmbuf_free(m);
					dropped++;
					done++;
					want--;
					continue;
				}
				slow |= 1u << n;
			}
			chunk_bytes += m->pkt_len;
			n++;
			n += build_released_run<kConf>(q, pkts + done + n, want - n, fds + n,
						       chunk_bytes);
		}
		if (n == 0)
			continue;
		unsigned sent = 0;
		for (unsigned tries = 0; sent < n && tries < kEnqueueTries; tries++)
			sent += p->enqueue(q.fqid, fds + sent, n - sent);
		if (sent < n) [[unlikely]] {
			for (unsigned i = sent; i < n; i++) {
				// An unsent chain keeps its head's pkt_len (only its
				// links were undone).
				chunk_bytes -= pkts[done + i]->pkt_len;
				if (!(slow >> i & 1))
					continue;
				if (built[i].sg_head != nullptr)
					sg_relink(built[i]);
				if (built[i].taken != nullptr)
					rte_pktmbuf_free(built[i].taken);
				if (built[i].slot >= 0)
					slot_unused(q, built[i].slot);
			}
			slow &= (1u << sent) - 1; // sent < n <= 32
		}
		for (; slow != 0; slow &= slow - 1) {
			const Built &b = built[__builtin_ctz(slow)];
			confirming += b.slot >= 0;
			// A copy is WRIOP's now: the original goes.
			if (b.copied != nullptr)
				rte_pktmbuf_free(b.copied);
		}
		bytes += chunk_bytes;
		packets += sent;
		done = static_cast<uint16_t>(done + sent);
		if (sent < n)
			break; // the EQCR stays full: the rest is the application's
	}
	q.conf_pending += confirming;
	if (packets) {
		counter_add(q.packets, packets);
		counter_add(q.bytes, bytes);
	}
	if (dropped)
		counter_add(q.errors, dropped);
	return done;
}

// One pull from the confirmation FQ: the frames it returns freed.
int conf_pull(TxQueue &q, fslmc::qbman::Swp &p) noexcept
{
	if (p.pull(q.conf_fqid, kBurstMax, q.conf_storage, q.conf_storage_iova) < 0)
		return 0; // the portal's pull is busy (the Rx burst's): next time
	unsigned freed = 0, bad = 0;
	const int got = p.pull_collect(q.conf_storage, kBurstMax,
				       [&](const Fd &fd, const qb::DequeueResult &) {
					       const uint64_t off = fd.addr() - q.conf_iova;
					       const uint64_t slot = off / kConfSlotSize;
					       if (off % kConfSlotSize != 0 || slot >= kConfSlots ||
						   q.conf_mbufs[slot] == nullptr) [[unlikely]] {
						       bad++;
						       return;
					       }
					       // WRIOP is done with the frame's data
					       // (sent, or dropped with an error the DPNI
					       // counts): the application's reference goes.
					       rte_mbuf *m = q.conf_mbufs[slot];
					       // A sent frame's Tx timestamp (one
					       // dropped with an error has none).
					       if ((m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST) &&
						   !(fd.ctrl() & a::ctrl::kTxErrMask)) [[unlikely]]
						       tx_stamp_collect(q, q.conf_area + off);
					       rte_pktmbuf_free(m);
					       slot_unused(q, static_cast<int16_t>(slot));
					       freed++;
				       });
	q.conf_pending -= freed;
	if (freed)
		counter_add(q.confirmed, freed);
	if (bad)
		counter_add(q.bad_conf, bad);
	return got < 0 ? got : static_cast<int>(freed);
}

} // namespace

unsigned tx_conf_drain(TxQueue &q, bool wait) noexcept
{
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr || q.conf_fqid == 0)
		return 0;
	// At stop: the frames still in flight come back within the time
	// the DPNI takes to send what its Tx FQs held; a second at most.
	const uint64_t deadline = rte_get_timer_cycles() + (wait ? rte_get_timer_hz() : 0);
	unsigned freed = 0;
	do {
		const int n = conf_pull(q, *p);
		if (n < 0)
			break;
		freed += static_cast<unsigned>(n);
		if (n == 0 && wait)
			rte_delay_us_sleep(100);
	} while (q.conf_pending != 0 && (freed == 0 || wait) && rte_get_timer_cycles() < deadline);
	return freed;
}

int tx_done_cleanup(void *txq, uint32_t free_cnt) noexcept
{
	TxQueue &q = *static_cast<TxQueue *>(txq);
	fslmc::qbman::Swp *p = fslmc::portal();
	if (p == nullptr)
		return -ENODEV;
	// What has come back so far, without waiting for the rest.
	uint32_t freed = 0;
	while (q.conf_pending != 0 && (free_cnt == 0 || freed < free_cnt)) {
		const int n = conf_pull(q, *p);
		if (n <= 0)
			break;
		freed += static_cast<uint32_t>(n);
	}
	return static_cast<int>(freed);
}

eth_tx_burst_t tx_burst_for(bool confirming) noexcept
{
	return confirming ? tx_burst<Conf::affine> : tx_burst<Conf::none>;
}

} // namespace dpaa2::net
