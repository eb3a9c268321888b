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
	uint32_t ptype = 0;
	uint64_t flags = 0;

	[[gnu::always_inline]] void decode(const prs::ParseResult &pr, uint32_t status) noexcept
	{
		static_assert(offsetof(prs::ParseResult, nxthdr) + sizeof(pr.nxthdr) -
				      offsetof(prs::ParseResult, l2r) ==
			      sizeof(results));
		uint64_t now;
		memcpy(&now, &pr.l2r, sizeof(now));
		const uint32_t now_rest = uint32_t{pr.vlan_off[1]} << 8 |
					  (status & prs::fd_status::kL4ChecksumValidated);
		if (((now ^ results) | (now_rest ^ rest)) != 0) [[unlikely]] {
			results = now;
			rest = now_rest;
			ptype = parse_ptype(pr);
			flags = parse_cksum_flags(pr, status);
		}
	}
};
static_assert(prs::fd_status::kL4ChecksumValidated < 0x100);

// What the conversion reads of its queue, loaded once per burst: the
// compiler must otherwise reload it after every store to an mbuf.
struct RxConv {
	uint64_t rearm;
	PoolSpan span; // where the buffers of the queue's pool are
	uint32_t meta;
	uint32_t buf_size;
	uint8_t bpid;
	bool hash_valid;

	explicit RxConv(const RxQueue &q) noexcept
	    : rearm(q.rearm), span(q.span), meta(q.meta_size), buf_size(q.buf_size), bpid(q.bpid),
	      hash_valid(q.hash_valid)
	{
	}
};

// One mbuf (chain, for SG) from one FD of queue q whose buffer is at buf
// (which is read only once the FD is known to lie in the queue's pool).
// Error frames are freed and return nullptr.
template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const RxConv &c, ParseMemo &memo,
						       const hw::Fd &fd, char *buf) noexcept
{
	const uint32_t status = fd.status();
	const uint32_t len = fd.length();
	// The FMan's FD in one branch (dpaa_rx_check.hpp): short contiguous, no
	// error, a buffer of the queue's pool, the frame inside it.
	const uint32_t other = (status & prs::fd_status::kRxErrorMask) |
			       static_cast<uint32_t>(fd.format()) | (fd.bpid() ^ c.bpid);
	if ((other != 0) | !c.span.holds(fd.addr()) | (fd.offset() + len > c.buf_size)) [[unlikely]]
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
	rearm(m, c.rearm | fd.offset());
	m->pkt_len = len;
	m->data_len = static_cast<uint16_t>(len);
	memo.decode(pr, status);
	m->packet_type = memo.ptype;
	uint64_t flags = memo.flags;
	if (c.hash_valid) {
		m->hash.rss = static_cast<uint32_t>(
			reinterpret_cast<const hw::be64 *>(buf + kHashOffset)->load());
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	m->ol_flags = flags;
	FrameWork::frame(m);
	return m;
}

template <class FrameWork = RxFrameNoWork>
[[gnu::always_inline]] inline rte_mbuf *eth_fd_to_mbuf(RxQueue &q, const hw::Fd &fd) noexcept
{
	ParseMemo memo;
	return eth_fd_to_mbuf<FrameWork>(q, RxConv{q}, memo, fd, fd_buf(fd));
}

// Stamp: the timestamping burst (rx_stamp() on every frame), chosen at
// start or by timesync_enable; the others cost nothing for it.
template <RxMode Mode, class FrameWork = RxFrameNoWork, bool Stamp = false>
uint16_t rx_burst(void *rxq, rte_mbuf **pkts, uint16_t nb_pkts) noexcept
{
	RxQueue &q = *static_cast<RxQueue *>(rxq);
	qbman::QmanPortal *portal = bus::qman_portal();
	if (portal == nullptr) [[unlikely]]
		return 0;
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
	hw::Fd fds[kBurstMax];
	unsigned nfd = 0;
	const unsigned want = nb - got;
	const uint32_t fqid = q.fqid;
	while (nfd < want) {
		const qm::DqrrEntry *e = portal->dqrr_current();
		if (e == nullptr)
			break;
		if (!e->has_frame()) [[unlikely]] {
			// Volatile dequeue expired, or an FQ state notice.
			portal->dqrr_next();
			continue;
		}
		if (e->fqid() != fqid) [[unlikely]] {
			if (!park_foreign_entry(*e, *portal))
				break;
			portal->dqrr_next();
			continue;
		}
		fds[nfd++] = e->fd;
		portal->dqrr_next();
	}
	portal->dqrr_consume();

	const RxConv conv{q};
	ParseMemo memo;
	// Each frame's buffer address is translated once, one frame ahead, for
	// its prefetch and then its conversion; inside the queue's pool by
	// PoolSpan::va, which eth_fd_to_mbuf trusts only for an FD it holds.
	char *next = nfd ? conv.span.va(fds[0].addr()) : nullptr;
	if (nfd)
		prefetch_frame(next, conv.meta);
	uint64_t bytes = 0;
	unsigned errors = 0;
	rte_mbuf **out = pkts + got;
	unsigned n = 0;
	for (unsigned i = 0; i < nfd; i++) {
		char *buf = next;
		if (i + 1 < nfd) {
			next = conv.span.va(fds[i + 1].addr());
			prefetch_frame(next, conv.meta);
		}
		rte_mbuf *m = eth_fd_to_mbuf<FrameWork>(q, conv, memo, fds[i], buf);
		if (m == nullptr) [[unlikely]] {
			errors++;
			continue;
		}
		if constexpr (Stamp)
			rx_stamp(q, m, buf);
		bytes += m->pkt_len;
		out[n++] = m;
	}
	for (unsigned i = 0; i < got; i++)
		bytes += pkts[i]->pkt_len;
	got += n;
	counter_add(q.stats.packets, got);
	counter_add(q.stats.bytes, bytes);
	if (errors != 0) [[unlikely]]
		counter_add(q.stats.errors, errors);
	return static_cast<uint16_t>(got);
}

} // namespace rx

} // namespace dpaa::net
