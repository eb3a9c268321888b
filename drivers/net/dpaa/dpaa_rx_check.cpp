/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The Rx path's slow path: frame descriptors the inline check did not
// accept (see dpaa_rx_check.hpp), and freeing the buffers of frames that
// will not reach the application. Nothing here reads an address before
// pool_buffer() has found it to be a buffer of a dpaa pool.

#include "dpaa_rx_check.hpp"

#include <cinttypes>
#include <cstring>

#include <rte_cycles.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_rx_parse.hpp"

namespace dpaa::net
{

namespace
{

// refcnt 1, nb_segs 1, port and data_off: the rearm_data word, as the
// inline path writes it.
void rearm(rte_mbuf *m, uint64_t word) noexcept
{
	memcpy(reinterpret_cast<char *>(m) + offsetof(rte_mbuf, rearm_data), &word, sizeof(word));
}

// packet_type, checksum flags and RSS hash from the annotation the FMan
// wrote at the start of buffer buf.
void annotate(const RxQueue &q, rte_mbuf *m, const char *buf, uint32_t status) noexcept
{
	const auto &pr = *reinterpret_cast<const prs::ParseResult *>(buf + kPrsOffset);
	m->packet_type = parse_ptype(pr);
	uint64_t flags = parse_cksum_flags(pr, status);
	if (q.hash_valid) {
		m->hash.rss = static_cast<uint32_t>(
			reinterpret_cast<const hw::be64 *>(buf + kHashOffset)->load());
		flags |= RTE_MBUF_F_RX_RSS_HASH;
	}
	m->ol_flags = flags;
}

const dpaa_bpid_info &pool_info(uint8_t bpid) noexcept
{
	static const dpaa_bpid_info none{};
	return bpid < DPAA_MEMPOOL_MAX_BPIDS ? rte_dpaa_bpid_info[bpid] : none;
}

// How many SG entries fit in a table buffer of buf_size bytes from offset
// on, at most the FMan's limit.
unsigned sg_entries_room(uint32_t buf_size, uint16_t offset) noexcept
{
	if (offset >= buf_size)
		return 0;
	return RTE_MIN((buf_size - offset) / sizeof(hw::SgEntry), hw::fman::kMaxSgEntries);
}

bool listed(rte_mbuf *const *v, unsigned n, const rte_mbuf *m) noexcept
{
	for (unsigned i = 0; i < n; i++)
		if (v[i] == m)
			return true;
	return false;
}

[[gnu::cold]] void log_bad_fd(RxQueue &q, const hw::Fd &fd, const char *why) noexcept
{
	const uint64_t now = rte_get_timer_cycles();
	if (q.bad_log_tsc != 0 && now - q.bad_log_tsc < rte_get_timer_hz())
		return;
	DPAA_PMD_LOG(ERR,
		     "%s: Rx queue %u dropped a bad frame descriptor: %s (address 0x%010" PRIx64
		     ", BPID %u, format %u, offset %u, length %u, status 0x%08x); %" PRIu64
		     " bad descriptors, %" PRIu64 " since the last report",
		     rte_eth_devices[q.port_id].data->name, q.queue_id, why, fd.addr(), fd.bpid(),
		     static_cast<unsigned>(fd.format()), fd.offset(), fd.length(), fd.status(),
		     q.bad_fds, q.bad_fds - q.bad_fds_logged);
	q.bad_log_tsc = now;
	q.bad_fds_logged = q.bad_fds;
}

rte_mbuf *drop(RxQueue &q, const hw::Fd &fd, const char *why) noexcept
{
	counter_add(q.bad_fds, 1);
	log_bad_fd(q, fd, why);
	free_fd_buffers(fd);
	return nullptr;
}

rte_mbuf *contig_slow(RxQueue &q, const hw::Fd &fd) noexcept
{
	rte_mbuf *m = pool_buffer(fd.bpid(), fd.addr());
	if (m == nullptr)
		return drop(q, fd,
			    pool_info(fd.bpid()).mp == nullptr
				    ? "its BPID names no dpaa pool"
				    : "its address is no buffer of the pool its BPID names");
	const uint32_t len = fd.length();
	if (fd.offset() + len > pool_info(fd.bpid()).buf_size)
		return drop(q, fd, "its frame runs past the end of its buffer");
	// A buffer of the queue's pool outside the inline check's run, or of
	// another dpaa pool: a frame like any other.
	rearm(m, q.rearm | fd.offset());
	m->pkt_len = len;
	m->data_len = static_cast<uint16_t>(len);
	annotate(q, m, static_cast<const char *>(m->buf_addr), fd.status());
	return m;
}

rte_mbuf *sg_slow(RxQueue &q, const hw::Fd &fd) noexcept
{
	rte_mbuf *tbl = pool_buffer(fd.bpid(), fd.addr());
	if (tbl == nullptr)
		return drop(q, fd, "its SG table is no buffer of a dpaa pool");
	const char *tbuf = static_cast<const char *>(tbl->buf_addr);
	const auto *sg = reinterpret_cast<const hw::SgEntry *>(tbuf + fd.offset());
	const unsigned room = sg_entries_room(pool_info(fd.bpid()).buf_size, fd.offset());
	rte_mbuf *segs[hw::fman::kMaxSgEntries];
	uint16_t offs[hw::fman::kMaxSgEntries];
	unsigned n = 0;
	uint64_t total = 0;
	bool final = false;
	for (unsigned i = 0; i < room && !final; i++) {
		const hw::SgEntry e = sg[i];
		if (e.extension())
			return drop(q, fd, "its SG table extends to another (the FMan writes one)");
		rte_mbuf *s = pool_buffer(e.bpid(), e.addr());
		if (s == nullptr)
			return drop(q, fd, "an SG entry names no buffer of a dpaa pool");
		if (s == tbl || listed(segs, n, s))
			return drop(q, fd, "its SG table names a buffer twice");
		if (e.offset() + uint64_t{e.length()} > pool_info(e.bpid()).buf_size)
			return drop(q, fd, "an SG entry's data runs past the end of its buffer");
		segs[n] = s;
		offs[n] = e.offset();
		total += e.length();
		final = e.final();
		n++;
	}
	if (!final)
		return drop(q, fd,
			    room == hw::fman::kMaxSgEntries
				    ? "its SG table has no final entry within 16"
				    : "its SG table runs past the end of its buffer");
	if (total != fd.length())
		return drop(q, fd, "its SG entries' lengths do not add up to its length");
	for (unsigned i = 0; i < n; i++) {
		rearm(segs[i], q.rearm | offs[i]);
		segs[i]->data_len = static_cast<uint16_t>(sg[i].length());
		segs[i]->next = i + 1 < n ? segs[i + 1] : nullptr;
	}
	rte_mbuf *head = segs[0];
	head->nb_segs = static_cast<uint16_t>(n);
	head->pkt_len = fd.length();
	annotate(q, head, tbuf, fd.status());
	// The table's own buffer goes back to its pool.
	rte_mempool_put(tbl->pool, tbl);
	return head;
}

} // namespace

PoolSpan pool_span(const rte_mempool *mp, uint32_t meta, uint32_t buf_size) noexcept
{
	PoolSpan best;
	size_t best_len = 0;
	const rte_mempool_memhdr *h;
	STAILQ_FOREACH(h, &mp->mem_list, next)
	{
		const auto va = reinterpret_cast<uintptr_t>(h->addr);
		// One window: bus addresses as contiguous as the chunk's.
		if (h->len <= best_len || h->len < uint64_t{meta} + buf_size ||
		    !rte_dpaa_windows.covers(va, h->len))
			continue;
		best.first = bus::va_to_bus(h->addr) + meta;
		best.span = h->len - meta - buf_size;
		best.va_first = va + meta;
		best_len = h->len;
	}
	return best;
}

rte_mbuf *pool_buffer(uint8_t bpid, uint64_t addr) noexcept
{
	const dpaa_bpid_info &bi = pool_info(bpid);
	rte_mempool *mp = bi.mp;
	if (mp == nullptr || bi.meta_size < sizeof(rte_mbuf))
		return nullptr;
	void *va = bus::bus_to_va(addr);
	if (va == nullptr)
		return nullptr;
	const uintptr_t obj = reinterpret_cast<uintptr_t>(va) - bi.meta_size;
	// Every mbuf is cache-line aligned (rte_mbuf's own alignment); reading
	// the fields below through a misaligned one would be undefined.
	if (obj % alignof(rte_mbuf) != 0)
		return nullptr;
	const rte_mempool_memhdr *h;
	STAILQ_FOREACH(h, &mp->mem_list, next)
	{
		const uintptr_t lo = reinterpret_cast<uintptr_t>(h->addr);
		if (obj - lo < h->len && h->len - (obj - lo) >= mp->elt_size)
			break;
	}
	if (h == nullptr)
		return nullptr;
	// Inside the pool's memory: an object's start if it is one of the
	// pool's mbufs and says its buffer is there.
	auto *m = reinterpret_cast<rte_mbuf *>(obj);
	if (m->pool != mp || m->buf_addr != va)
		return nullptr;
	return m;
}

rte_mbuf *rx_fd_slow(RxQueue &q, const hw::Fd &fd) noexcept
{
	if (fd.status() & prs::fd_status::kRxErrorMask)
		// The FMan sends frames with errors to the error FQ, never here.
		return drop(q, fd, "its status has error bits");
	switch (fd.format()) {
	case hw::FdFormat::contig:
		return contig_slow(q, fd);
	case hw::FdFormat::sg:
		return sg_slow(q, fd);
	default:
		return drop(q, fd, "its format is not one the FMan Rx port writes");
	}
}

void free_fd_buffers(const hw::Fd &fd) noexcept
{
	if (fd.format() != hw::FdFormat::sg) {
		if (rte_mbuf *m = pool_buffer(fd.bpid(), fd.addr()))
			rte_mempool_put(m->pool, m);
		return;
	}
	// The table's entries are reachable only through a genuine table.
	rte_mbuf *tbl = pool_buffer(fd.bpid(), fd.addr());
	if (tbl == nullptr)
		return;
	const auto *sg = reinterpret_cast<const hw::SgEntry *>(
		static_cast<const char *>(tbl->buf_addr) + fd.offset());
	const unsigned room = sg_entries_room(pool_info(fd.bpid()).buf_size, fd.offset());
	rte_mbuf *segs[hw::fman::kMaxSgEntries];
	unsigned n = 0;
	for (unsigned i = 0; i < room; i++) {
		const hw::SgEntry e = sg[i];
		if (e.extension())
			break;
		rte_mbuf *s = pool_buffer(e.bpid(), e.addr());
		// A buffer named twice is freed once.
		if (s != nullptr && s != tbl && !listed(segs, n, s))
			segs[n++] = s;
		if (e.final())
			break;
	}
	for (unsigned i = 0; i < n; i++)
		rte_mempool_put(segs[i]->pool, segs[i]);
	rte_mempool_put(tbl->pool, tbl);
}

} // namespace dpaa::net
