/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Rx burst (see dpaa_rx.cpp for how push and pull mode get frames),
// as a template so that it is instantiated where it is chosen: the driver
// instantiates it once per Rx mode (rx_burst_for), with nothing added to a
// frame's conversion. A benchmark that must compare the shipped burst with
// one doing more per frame instantiates it with its own FrameWork; no such
// variant is built into the driver.
//
// eth_fd_to_mbuf touches two cache lines per frame, both prefetched one
// frame ahead: the mbuf's first line and the buffer's first line (the
// parse result and the hash the FMan wrote). The payload is never read; of
// the mbuf, only buf_addr (to check that the FD names a buffer's start).
// An FD that is not the FMan's common one takes rx_fd_slow()
// (dpaa_rx_check.hpp), out of line.

#pragma once

#include <atomic>
#include <cstring>

#include <rte_prefetch.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"
#include "dpaa_rx_check.hpp"
#include "dpaa_rx_parse.hpp"

namespace dpaa::net
{

// The driver's conversion: nothing beyond the FD and the parse result.
struct RxFrameNoWork {
	static void frame(rte_mbuf *) noexcept {}
};

// Hand out what other queues' bursts parked for this one.
[[gnu::noinline]] unsigned drain_stash(RxQueue &q, rte_mbuf **pkts, unsigned nb) noexcept;

namespace rx
{

namespace qm = hw::qm;

// refcnt 1, nb_segs 1, port and data_off in one 8-byte store, as DPDK's
// vector PMDs do (the four fields are rte_mbuf::rearm_data).
[[gnu::always_inline]] inline void rearm(rte_mbuf *m, uint64_t word) noexcept
{
	static_assert(offsetof(rte_mbuf, data_off) == offsetof(rte_mbuf, rearm_data));
	memcpy(reinterpret_cast<char *>(m) + offsetof(rte_mbuf, rearm_data), &word, sizeof(word));
}

[[gnu::always_inline]] inline char *fd_buf(const hw::Fd &fd) noexcept
{
	return static_cast<char *>(bus::bus_to_va(fd.addr()));
}

// The mbuf's first line and the buffer's first line (annotation). The FD
// is not checked yet: its address may be in no mapping (buf is then
// nullptr) or in no buffer. A prefetch of any address is harmless, but
// pointer arithmetic outside an object is undefined, so the mbuf's address
// is computed as an integer (UBSan caught "buf - meta" on nullptr).
[[gnu::always_inline]] inline void prefetch_frame(const char *buf, uint32_t meta) noexcept
{
	rte_prefetch0(reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(buf) - meta));
	rte_prefetch0(buf);
}

// packet_type and the checksum flags are a function of a few bytes of the
// parse result and one FD status bit. The frames of a burst are mostly of
// one kind, so a burst decodes a parse result only when those differ from
// the last frame's: one compare instead of the decoding's ~70 instructions
// and its dozen branches. The bytes: l2r, l3r, l4r, cplan (not an input,
// but between them) and nxthdr in one load; the inner tag's offset
// (vlan_off[1]); the FD's L4CV bit.
struct ParseMemo {
	uint64_t results = 0;
	uint32_t rest = ~0u; // no frame's: its top 16 bits are always 0
	// packet_type in the low half, the flags in the high half (they all
	// lie in ol_flags' low 32 bits): one register for both.
	uint64_t fields = 0;
	uint64_t rss_flag; // RTE_MBUF_F_RX_RSS_HASH if the FMan hashes, else 0

	explicit ParseMemo(uint64_t rss) noexcept : rss_flag(rss) {}

	[[gnu::always_inline]] void decode(const prs::ParseResult &pr, uint32_t status) noexcept
	{
		static_assert(offsetof(prs::ParseResult, nxthdr) + sizeof(pr.nxthdr) -
				      offsetof(prs::ParseResult, l2r) ==
			      sizeof(results));
		static_assert((RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK |
			       RTE_MBUF_F_RX_RSS_HASH) <= UINT32_MAX);
		uint64_t now;
		memcpy(&now, &pr.l2r, sizeof(now));
		const uint32_t now_rest = uint32_t{pr.vlan_off[1]} << 8 |
					  (status & prs::fd_status::kL4ChecksumValidated);
		if (((now ^ results) | (now_rest ^ rest)) != 0) [[unlikely]] {
			results = now;
			rest = now_rest;
			fields = parse_ptype(pr) | (parse_cksum_flags(pr, status) | rss_flag) << 32;
		}
	}
	uint32_t ptype() const noexcept { return static_cast<uint32_t>(fields); }
	uint64_t flags() const noexcept { return fields >> 32; }
};
static_assert(prs::fd_status::kL4ChecksumValidated < 0x100);

// An FD as two big-endian double words, so that the FMan's common FD is
// recognised with a mask and a compare on each rather than field by field.
struct FdWords {
	uint64_t hi; // DD, LIODN, BPID, eLIODN, address [39:0]
	uint64_t lo; // format, offset, length; status

	explicit FdWords(const hw::Fd &fd) noexcept
	{
		hw::be64 w[2];
		static_assert(sizeof(w) == sizeof(fd));
		memcpy(w, &fd, sizeof(w));
		hi = w[0].load();
		lo = w[1].load();
	}
	uint64_t addr() const noexcept { return hi & hw::kAddrMask40; }
	uint32_t cfg() const noexcept { return static_cast<uint32_t>(lo >> 32); }
	uint32_t status() const noexcept { return static_cast<uint32_t>(lo); }
};

// What the conversion reads of its queue, loaded once per burst: the
// compiler must otherwise reload it after every store to an mbuf.
struct RxConv {
	uint64_t rearm;
	PoolSpan span; // where the buffers of the queue's pool are
	// The common FD: lo & lo_mask is 0 (short contiguous, no error status).
	uint64_t lo_mask;
	uint64_t rss_flag; // RTE_MBUF_F_RX_RSS_HASH if the FMan hashes, else 0
	uint32_t meta;
	uint32_t buf_size;
	uint8_t bpid;

	explicit RxConv(const RxQueue &q) noexcept
	    : rearm(q.rearm), span(q.span),
	      lo_mask(uint64_t{hw::Fd::kFormatMask} << 32 | prs::fd_status::kRxErrorMask),
	      rss_flag(q.hash_valid ? RTE_MBUF_F_RX_RSS_HASH : 0), meta(q.meta_size),
	      buf_size(q.buf_size), bpid(q.bpid)
	{
		static_assert(static_cast<uint8_t>(hw::FdFormat::contig) == 0);
	}

	// The buffer of fd as if it lay in the pool's span (PoolSpan::va):
	// whether it does is for eth_fd_to_mbuf to check.
	[[gnu::always_inline]] char *buf_of(const hw::Fd &fd) const noexcept
	{
		hw::be64 hi;
		memcpy(&hi, &fd, sizeof(hi));
		return span.va(hi.load() & hw::kAddrMask40);
	}
	// Whether buf, from buf_of(), lies in the span: PoolSpan::holds on the
	// virtual side, the translation being an addition.
	[[gnu::always_inline]] bool holds(const char *buf) const noexcept
	{
		return reinterpret_cast<uintptr_t>(buf) - span.va_first <= span.span;
	}
};

// One mbuf (chain, for SG) from one FD of queue q whose buffer is at buf
// (which is read only once the FD is known to lie in the queue's pool).
// Error frames are freed and return nullptr.
template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const RxConv &c, ParseMemo &memo,
						       const hw::Fd &fd, char *buf) noexcept
{
	const FdWords w{fd};
	// Once the format bits are known to be 0, this is the offset.
	const uint32_t offset = w.cfg() >> hw::Fd::kOffsetShift;
	const uint32_t len = w.cfg() & hw::Fd::kLengthMask;
	// The FMan's FD in one branch (dpaa_rx_check.hpp): short contiguous, no
	// error, a buffer of the queue's pool, the frame inside it.
	if ((w.lo & c.lo_mask) != 0 || fd.bpid() != c.bpid || !c.holds(buf) ||
	    offset + len > c.buf_size) [[unlikely]]
		return rx_fd_slow(q, fd);
	char *const hdr = buf - c.meta;
	// Inside the pool's memory: at a buffer's start? (The mbuf's first
	// line, prefetched and about to be written anyway.) Read as bytes: until
	// it is, hdr is no rte_mbuf, maybe not even aligned as one (UBSan caught
	// the member access on a hostile FD's address).
	void *buf_addr;
	memcpy(&buf_addr, hdr + offsetof(rte_mbuf, buf_addr), sizeof(buf_addr));
	if (buf_addr != buf) [[unlikely]]
		return rx_fd_slow(q, fd);
	auto *m = reinterpret_cast<rte_mbuf *>(hdr);
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	rearm(m, c.rearm | offset);
	m->pkt_len = len;
	m->data_len = static_cast<uint16_t>(len);
	memo.decode(pr, w.status());
	m->packet_type = memo.ptype();
	// The hash is in the annotation line already read; without the flag
	// an application ignores it, so it is stored without a branch.
	m->hash.rss = static_cast<uint32_t>(
		reinterpret_cast<const hw::be64 *>(buf + kHashOffset)->load());
	m->ol_flags = memo.flags();
	FrameWork::frame(m);
	return m;
}

template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	const RxConv conv{q};
	ParseMemo memo{conv.rss_flag};
	return eth_fd_to_mbuf<FrameWork>(q, conv, memo, fd, conv.buf_of(fd));
}

// Stamp: the timestamping burst (rx_stamp() on every frame), chosen at
// start or by timesync_enable; the others cost nothing for it.
template <RxMode Mode, class FrameWork, bool Stamp>
[[gnu::noinline]] uint16_t rx_burst_some(RxQueue &q, qbman::QmanPortal *portal, rte_mbuf **pkts,
					 uint16_t nb_pkts) noexcept
{
	// A control thread's queue stop or start changes both while this
	// lcore may be here: read as atomics (plain loads on x86 and arm64).
	if (std::atomic_ref(q.state).load(std::memory_order_acquire) != RxqState::running)
		[[unlikely]]
		return rxq_idle_burst(q, *portal);
	qbman::QmanPortal *const bound = std::atomic_ref(q.portal).load(std::memory_order_relaxed);
	unsigned nb = RTE_MIN(nb_pkts, kBurstMax);
	unsigned got = 0;

	if constexpr (Mode == RxMode::push) {
		if (bound != portal) [[unlikely]] {
			if (bind_push_queue(q, *portal) < 0)
				return 0;
		}
	} else {
		// The portal this queue's volatile dequeues deliver to: a burst
		// of another queue of this lcore that meets one of its frames
		// parks it for this queue (park_foreign_entry).
		if (bound != portal) [[unlikely]]
			bind_portal(q, portal);
	}
	if (q.stash_n) [[unlikely]] {
		got = drain_stash(q, pkts, nb);
		if (got == nb) {
			uint64_t bytes = 0;
			for (unsigned i = 0; i < got; i++)
				bytes += pkts[i]->pkt_len;
			counter_add(q.stats.packets, got);
			counter_add(q.stats.bytes, bytes);
			return static_cast<uint16_t>(got);
		}
	}
	if constexpr (Mode == RxMode::pull) {
		// Not for a burst of 0 frames: a count of 0 asks QMan for all.
		if (got < nb && !portal->vdqcr_busy())
			portal->volatile_dequeue(hw::Fqid{q.fqid}, nb - got, true);
	}

	// Take the FDs off the ring first, then give the entries back in one
	// go so that QMan refills the ring while the mbufs are built.
	// One more than a burst: see the prefetch below.
	hw::Fd fds[kBurstMax + 1];
	const unsigned nfd = portal->dqrr_take_frames(
		hw::Fqid{q.fqid}, fds, nb - got,
		[portal](const qm::DqrrEntry &e) { return park_foreign_entry(e, *portal); });
	portal->dqrr_consume();

	rte_mbuf **const first = pkts + got;
	rte_mbuf **out = first;
	uint64_t bytes = 0;
	if (nfd != 0) {
		const RxConv conv{q};
		ParseMemo memo{conv.rss_flag};
		// Each frame's lines are prefetched one frame ahead; the last FD
		// is repeated after the others so that the loop needs no test
		// for it (its second prefetch is a no-op).
		fds[nfd] = fds[nfd - 1];
		char *next = conv.buf_of(fds[0]);
		prefetch_frame(next, conv.meta);
		for (const hw::Fd *fd = fds, *const end = fds + nfd; fd != end; fd++) {
			char *const buf = next;
			next = conv.buf_of(fd[1]);
			prefetch_frame(next, conv.meta);
			rte_mbuf *m = eth_fd_to_mbuf<FrameWork>(q, conv, memo, *fd, buf);
			if (m == nullptr) [[unlikely]]
				continue;
			if constexpr (Stamp)
				rx_stamp(q, m, buf);
			bytes += m->pkt_len;
			*out++ = m;
		}
	}
	const auto n = static_cast<unsigned>(out - first);
	const unsigned errors = nfd - n;
	for (unsigned i = 0; i < got; i++)
		bytes += pkts[i]->pkt_len;
	got += n;
	counter_add(q.stats.packets, got);
	counter_add(q.stats.bytes, bytes);
	if (errors != 0) [[unlikely]]
		counter_add(q.stats.errors, errors);
	return static_cast<uint16_t>(got);
}

// An empty poll, the most common call of a polling application, in a few
// instructions: a push queue whose portal's DQRR holds nothing and for
// which nothing is parked. Anything else, and every pull queue
// (which may have a volatile dequeue to issue), takes rx_burst_some.
template <RxMode Mode, class FrameWork = RxFrameNoWork, bool Stamp = false>
uint16_t rx_burst(void *rxq, rte_mbuf **pkts, uint16_t nb_pkts) noexcept
{
	RxQueue &q = *static_cast<RxQueue *>(rxq);
	// Push: the queue's own portal if it has one, whichever lcore polls.
	qbman::QmanPortal *portal = nullptr;
	if constexpr (Mode == RxMode::push)
		portal = queue_portal(q);
	if (portal == nullptr)
		portal = bus::qman_portal();
	if (portal == nullptr) [[unlikely]]
		return 0;
	if constexpr (Mode == RxMode::push) {
		if (portal->dqrr_current() == nullptr && q.stash_n == 0 &&
		    std::atomic_ref(q.state).load(std::memory_order_acquire) == RxqState::running &&
		    std::atomic_ref(q.portal).load(std::memory_order_relaxed) == portal)
			return 0;
	}
	return rx_burst_some<Mode, FrameWork, Stamp>(q, portal, pkts, nb_pkts);
}

} // namespace rx

} // namespace dpaa::net
