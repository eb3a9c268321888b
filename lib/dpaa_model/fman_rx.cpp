/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan receive path: mEMAC (counters, filtering), parser, KeyGen, BMI
// (buffers, IC copy, frame, S/G), enqueue to QMan.

#include <algorithm>
#include <bit>
#include <cstring>

#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_model/ether_fcs.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/parser.hpp"
#include "dpaa_model/soc.hpp"

namespace dpaa::model
{

namespace fm = hw::fman;
namespace memac = hw::memac;
namespace st = hw::memac::stat;
namespace fds = hw::fman::fd_status;

namespace
{

constexpr uint32_t kFcsLen = 4;
constexpr uint32_t kMinFrame = 64; // with FCS

uint16_t load_be16(const uint8_t *p) noexcept
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

void store_be64(uint8_t *p, uint64_t v) noexcept
{
	if constexpr (std::endian::native == std::endian::little)
		v = __builtin_bswap64(v);
	std::memcpy(p, &v, sizeof(v));
}

uint32_t size_bucket(uint32_t wire_len, bool rx) noexcept
{
	if (wire_len <= 64)
		return rx ? st::kR64 : st::kT64;
	if (wire_len <= 127)
		return rx ? st::kR127 : st::kT127;
	if (wire_len <= 255)
		return rx ? st::kR255 : st::kT255;
	if (wire_len <= 511)
		return rx ? st::kR511 : st::kT511;
	if (wire_len <= 1023)
		return rx ? st::kR1023 : st::kT1023;
	if (wire_len <= 1518)
		return rx ? st::kR1518 : st::kT1518;
	return rx ? st::kR1519X : st::kT1519X;
}

bool is_broadcast(const uint8_t *a) noexcept
{
	return (a[0] & a[1] & a[2] & a[3] & a[4] & a[5]) == 0xff;
}

bool is_vlan_type(uint16_t t) noexcept
{
	// 0x8100 and 0x9100 differ in bit 12 only.
	return (t & 0xefff) == 0x8100 || t == 0x88a8;
}

} // namespace

// Inline in rx_frame(), its one caller.
[[gnu::always_inline]] inline bool Fman::mac_accepts(const Port &p,
						     const uint8_t *dst) const noexcept
{
	const uint32_t cmd = p.mac[memac::kCommandConfig / 4];
	if (cmd & memac::cmd::kPromiscuous)
		return true;
	// As a 48-bit number with address byte 0 in bits [47:40] (decode_addr).
	uint64_t a = 0;
	std::memcpy(&a, dst, 6);
	if constexpr (std::endian::native == std::endian::little)
		a = __builtin_bswap64(a) >> 16;
	else
		a >>= 16;
	if (dst[0] & 1) {
		if (is_broadcast(dst))
			return true;
		std::array<uint8_t, 6> d{dst[0], dst[1], dst[2], dst[3], dst[4], dst[5]};
		if (p.hash_buckets & (uint64_t{1} << memac::hash_bucket(d)))
			return true;
	}
	for (uint64_t slot : p.addrs)
		if (slot == a)
			return a != 0;
	return false;
}

bool Fman::rx_frame(Port &p, std::span<const uint8_t> frame, bool fcs_ok) noexcept
{
	const uint8_t *f = frame.data();
	const uint32_t len = static_cast<uint32_t>(frame.size());
	const uint32_t wire_len = len + kFcsLen;
	const uint32_t cmd = p.m(memac::kCommandConfig);
	if (!p.present || !(cmd & memac::cmd::kRxEn)) {
		p.count(st::kRDrp);
		p.stats.rx_mac_disabled++;
		return true;
	}
	// Flow control on pool depletion: PAUSE instead of loss, i.e. the wire
	// keeps the frame and offers it again. Nothing is counted yet.
	if (p.r(fm::bmi_rx::kRmpd) != 0 && !rx_buffers_available(p, len)) {
		p.stats.rx_backpressure++;
		return false;
	}
	// The 1588 timer when the frame's first bit arrived (a cable says when;
	// other wires deliver as it arrives). The virtual clock moves by the
	// frame's line time (preamble and inter-frame gap included).
	const uint64_t arrival = p.has_arrival ? p.arrival_ns : frame_ns_;
	p.has_arrival = false;
	rx_stamp_ = timer_.counter_at(arrival);
	frame_ns_ += line_time_ns(p, wire_len + 20);

	p.count(st::kREoct, wire_len);
	p.count(st::kRPkt);
	// The RMON size buckets (R64 to R1519X) take good and bad frames of
	// legal length only: R1519X is "1519 bytes to the maximum frame length"
	// (mEMAC, RMON etherStatsPkts1519toMax), so a frame beyond MAXFRM is an
	// oversize or a jabber and in no bucket, as a runt is a fragment or an
	// undersize frame and in none.
	const uint32_t maxfrm = p.m(memac::kMaxFrm);
	if (wire_len >= kMinFrame && wire_len <= maxfrm)
		p.count(size_bucket(wire_len, true));
	if (!fcs_ok) {
		p.count(st::kRFcs);
		p.count(st::kRErr);
		if (wire_len < kMinFrame) {
			p.count(st::kRFrg);
			return true;
		}
		if (wire_len > maxfrm) {
			p.count(st::kRJbr);
			return true;
		}
	} else if (wire_len < kMinFrame) {
		p.count(st::kRUnd);
		p.count(st::kRErr);
		return true;
	} else if (wire_len > maxfrm) {
		p.count(st::kROvr);
		p.count(st::kRErr);
		return true;
	}

	const uint16_t type = load_be16(f + 12);
	if (fcs_ok && type == 0x8808) {
		// MAC control: pause frames are consumed unless PAUSE_FWD.
		bool pause = len >= 16 && load_be16(f + 14) == 0x0001;
		p.count(pause ? st::kRxPf : st::kRCnp);
		if (!(cmd & memac::cmd::kPauseFwd))
			return true;
	}
	if (!mac_accepts(p, f)) {
		p.count(st::kRDrp);
		p.stats.rx_filtered++;
		return true;
	}
	if (fcs_ok) {
		p.count(st::kRFrm);
		p.count(st::kROct, wire_len);
		p.count(!(f[0] & 1) ? st::kRUca : is_broadcast(f) ? st::kRBca : st::kRMca);
		if (is_vlan_type(type))
			p.count(st::kRVlan);
	}
	if ((cmd & memac::cmd::kCrcFwd) && len + kFcsLen <= rx_stage_.size()) {
		// CRC_FWD: the FCS stays with the frame (least significant byte first,
		// as on the wire); a frame the wire marked bad gets a wrong one.
		std::memcpy(rx_stage_.data(), f, len);
		store_ether_fcs(rx_stage_.data() + len,
				ether_fcs(f, len) ^ (fcs_ok ? 0 : 0xffffffffu));
		frame = std::span<const uint8_t>(rx_stage_.data(), len + kFcsLen);
	}
	bmi_rx(p, frame, fcs_ok ? 0 : fds::kErrPhysical);
	return true;
}

bool Fman::rx_buffers_available(Port &p, uint32_t len) noexcept
{
	namespace rx = fm::bmi_rx;
	if (p.num_pools == 0 || !(p.r(rx::kRcfg) & rx::kCfgEn))
		return true; // dropped anyway, as on a board
	const Bman &bman = soc_.bman();
	const uint32_t rebm = p.r(rx::kRebm);
	const uint32_t margins =
		((rebm & rx::kRebmBsmMask) >> rx::kRebmBsmShift) + (rebm & rx::kRebmBemMask);
	if (p.m(memac::kCommandConfig) & memac::cmd::kCrcFwd)
		len += kFcsLen;
	for (unsigned i = 0; i < p.num_pools; i++)
		if (p.pools[i].size >= margins + len && bman.free_count(p.pools[i].bpid) > 0)
			return true;
	const RxPool &largest = p.pools[p.num_pools - 1];
	if (largest.size >= margins + len || largest.size <= margins ||
	    (p.r(rx::kRebm) & rx::kRebmSgDisable))
		return bman.free_count(largest.bpid) > 0;
	// Scatter/gather: a table buffer and the data buffers.
	const uint32_t cap = largest.size - margins;
	const uint32_t nseg = std::min<uint32_t>((len + cap - 1) / cap, fm::kMaxSgEntries);
	return bman.free_count(largest.bpid) >= nseg + 1;
}

// Buffers come back to their pool cold (FIFO, after a lap through every
// other buffer), and writing a frame's IC and first line into them were
// write misses that cost FMan Rx more host time than all its other work.
// The buffer the next frame will get is known now: its lines are fetched
// for writing while this frame goes on, which changes nothing the model
// does or shows. Its host address for a frame of this one's length (most
// frames of a stream have one length) is kept for the next frame, which
// then needs no translation of its own within this poll().
void Fman::prefetch_next_buffer(Port &p, uint64_t next, uint32_t len) noexcept
{
	const RxConfig &c = p.rxc;
	auto *host = static_cast<uint8_t *>(mem_.to_host(next, c.bsm + len));
	if (p.in_poll) {
		p.next_bus = next;
		p.next_len = len;
		p.next_host = host;
	}
	if (host == nullptr)
		return;
	if (c.icsz > 0) {
		__builtin_prefetch(host + c.iceof, 1);
		__builtin_prefetch(host + c.iceof + c.icsz - 1, 1);
	}
	__builtin_prefetch(host + c.bsm, 1);
}

void Fman::decode_rx_port(Port &p) noexcept
{
	namespace rx = fm::bmi_rx;
	RxConfig &c = p.rxc;
	c.enabled = p.r(rx::kRcfg) & rx::kCfgEn;
	c.counting = p.r(rx::kRstc) & rx::kStatsEn;
	c.parse = (p.r(rx::kRfne) & fm::nia::kEngineMask) == fm::nia::kEngParser;
	c.nia = c.parse ? p.r(rx::kRfpne) : p.r(rx::kRfne);
	c.fqid = p.r(rx::kRfqid);
	c.err_fqid = p.r(rx::kRefqid);
	c.discard_mask = p.r(rx::kRfsdm);
	const uint32_t rebm = p.r(rx::kRebm);
	c.bsm = (rebm & rx::kRebmBsmMask) >> rx::kRebmBsmShift;
	c.bem = rebm & rx::kRebmBemMask;
	c.sg_disable = rebm & rx::kRebmSgDisable;
	const uint32_t icp = p.r(rx::kRicp);
	c.iceof = ((icp & fm::icp::kIceofMask) >> fm::icp::kIceofShift) * 16;
	c.iciof = ((icp & fm::icp::kIciofMask) >> fm::icp::kIciofShift) * 16;
	uint32_t icsz = (icp & fm::icp::kIcszMask) * 16;
	icsz = std::min(icsz, fm::icp::kIcSize - std::min(c.iciof, fm::icp::kIcSize));
	// The IC copy must not run into the frame (or the S/G table).
	c.ic_overlaps = icsz > 0 && c.iceof + icsz > c.bsm;
	c.icsz = c.iceof >= c.bsm ? 0 : std::min(icsz, c.bsm - c.iceof);
	p.next_host = nullptr; // translated for the margin before this write
}

void Fman::rx_release(Port &p, uint8_t bpid, const uint64_t *bufs, unsigned n) noexcept
{
	Bman &bman = soc_.bman();
	for (unsigned i = 0; i < n; i++)
		bman.release(bpid, bufs[i]);
	if (p.r(fm::bmi_rx::kRstc) & fm::bmi_rx::kStatsEn)
		p.r(fm::bmi_rx::kRbdc) += n;
}

// Inline in rx_frame(), its one caller: one call and one stack frame per
// frame rather than two.
[[gnu::always_inline]] inline void Fman::bmi_rx(Port &p, std::span<const uint8_t> frame,
						uint32_t status) noexcept
{
	namespace rx = fm::bmi_rx;
	const RxConfig &c = p.rxc;
	if (!c.enabled) {
		p.stats.rx_port_disabled++;
		return;
	}
	auto bmi_count = [&](uint32_t off) {
		if (c.counting)
			p.r(off)++;
	};
	bmi_count(rx::kRfrc);
	const uint8_t *f = frame.data();
	uint32_t len = static_cast<uint32_t>(frame.size());

	// Parser, then KeyGen if the parser's next engine names a scheme.
	// Only [kIcParseResult, kIcHash + 8) is always written; the rest is
	// zeroed below if the ICP copies it (no 128-byte clear per frame).
	alignas(8) uint8_t ic[fm::icp::kIcSize];
	auto *pr = reinterpret_cast<fm::ParseResult *>(ic + fm::icp::kIcParseResult);
	const uint32_t nia = c.nia;
	uint32_t fqid = c.fqid;
	uint64_t hash = 0;
	if (c.parse) {
		status |= parse_frame(frame, *pr).fd_status;
	} else {
		// No parser: the parse result is FMBM_RPRAI's initial value.
		for (unsigned i = 0; i < 8; i++) {
			uint32_t w = p.r(rx::rprai(i));
			uint8_t *d = ic + fm::icp::kIcParseResult + 4 * i;
			d[0] = static_cast<uint8_t>(w >> 24);
			d[1] = static_cast<uint8_t>(w >> 16);
			d[2] = static_cast<uint8_t>(w >> 8);
			d[3] = static_cast<uint8_t>(w);
		}
	}
	if (fm::nia::is_keygen(nia)) {
		Keygen::Result k = (nia & fm::nia::kKgDirect)
					   ? keygen_.classify(nia & fm::nia::kKgSchemeMask, frame,
							      *pr, p.rx_port_id)
					   : keygen_.classify_port(frame, *pr, p.rx_port_id);
		if (!k.valid) {
			status |= fds::kErrNoScheme;
		} else {
			fqid = k.fqid;
			hash = k.hash;
		}
	}
	store_be64(ic + fm::icp::kIcTimestamp, rx_stamp_);
	store_be64(ic + fm::icp::kIcHash, hash);

	// Buffers: the smallest pool that holds margins + frame; else S/G over
	// the largest (or, with S/G disabled, the frame truncated into it).
	const uint32_t bsm = c.bsm;
	const uint32_t bem = c.bem;
	if (p.num_pools == 0) {
		bmi_count(rx::kRodc);
		return;
	}
	unsigned fit = p.num_pools;
	for (unsigned i = 0; i < p.num_pools; i++)
		if (p.pools[i].size >= bsm + len + bem) {
			fit = i;
			break;
		}
	const RxPool &largest = p.pools[p.num_pools - 1];
	uint32_t cap = 0;
	unsigned nseg = 0; // 0: contiguous
	if (fit == p.num_pools) [[unlikely]] {
		cap = largest.size > bsm + bem ? largest.size - bsm - bem : 0;
		if (cap == 0) {
			bmi_count(rx::kRodc);
			return;
		}
		if (c.sg_disable) {
			len = cap;
			status |= fds::kErrSize;
			bmi_count(rx::kRlfc);
			fit = p.num_pools - 1;
		} else {
			nseg = (len + cap - 1) / cap;
			uint32_t table_cap = largest.size - bsm - bem;
			unsigned max_seg = std::min<unsigned>(fm::kMaxSgEntries, table_cap / 16);
			if (nseg > max_seg) {
				nseg = max_seg;
				len = nseg * cap;
				status |= fds::kErrSize;
				bmi_count(rx::kRlfc);
			}
			if (nseg == 0) {
				bmi_count(rx::kRodc);
				return;
			}
		}
	}

	// Errors: discard, or on to the error FQ.
	const uint32_t err = status & fds::kRxErrorMask;
	if (err) {
		bmi_count(rx::kRfbc);
		if (err & c.discard_mask) {
			bmi_count(rx::kRfdc);
			return;
		}
		fqid = c.err_fqid;
	}
	if (fqid == 0) {
		p.stats.rx_no_fqid++;
		bmi_count(rx::kRfdc);
		return;
	}

	const uint32_t iceof = c.iceof, iciof = c.iciof, icsz = c.icsz;
	if (c.ic_overlaps)
		faults_.ic_overlaps_frame++;
	constexpr uint32_t kWrittenBegin = fm::icp::kIcParseResult;
	constexpr uint32_t kWrittenEnd = fm::icp::kIcHash + 8;
	if (iciof < kWrittenBegin)
		std::memset(ic + iciof, 0, kWrittenBegin - iciof);
	if (iciof + icsz > kWrittenEnd)
		std::memset(ic + kWrittenEnd, 0, fm::icp::kIcSize - kWrittenEnd);
	// The usual IC copy (parse result, timestamp, hash: icp::kDefault) at
	// a length the compiler knows.
	auto copy_ic = [&](uint8_t *buf) {
		constexpr uint32_t kUsual = kWrittenEnd - kWrittenBegin;
		if (icsz == kUsual)
			std::memcpy(buf + iceof, ic + iciof, kUsual);
		else
			std::memcpy(buf + iceof, ic + iciof, icsz);
	};

	Bman &bman = soc_.bman();
	hw::Fd fd{};
	uint64_t bufs[fm::kMaxSgEntries + 1];
	uint8_t bpid;
	unsigned nbufs;
	if (nseg == 0) {
		// Contiguous: the first pool that fits and has a buffer.
		unsigned got = p.num_pools;
		uint64_t next = Bman::kNoBuffer;
		for (unsigned i = fit; i < p.num_pools; i++)
			if (bman.acquire_one(p.pools[i].bpid, bufs[0], next)) {
				got = i;
				break;
			}
		if (got == p.num_pools) {
			bmi_count(rx::kRodc);
			return;
		}
		const RxPool &pool = p.pools[got];
		if (pool.ace)
			p.r(rx::racnt(pool.slot))++;
		bpid = pool.bpid;
		nbufs = 1;
		uint8_t *host;
		if (p.next_host != nullptr && p.next_bus == bufs[0] && p.next_len == len)
			host = p.next_host; // translated for this length within this poll()
		else
			host = static_cast<uint8_t *>(mem_.to_host(bufs[0], bsm + len));
		if (host == nullptr) {
			p.stats.rx_dma_errors++;
			bmi_count(rx::kRfldec);
			rx_release(p, bpid, bufs, nbufs);
			return;
		}
		copy_ic(host);
		std::memcpy(host + bsm, f, len);
		fd = hw::Fd::contig(bufs[0], bpid, static_cast<uint16_t>(bsm), len);
		if (next != Bman::kNoBuffer)
			prefetch_next_buffer(p, next, len);
	} else {
		// Scatter/gather: table buffer + nseg data buffers, all from the largest pool.
		bpid = largest.bpid;
		nbufs = nseg + 1;
		if (bman.acquire(bpid, bufs, nbufs) != nbufs) {
			bmi_count(rx::kRodc);
			return;
		}
		if (largest.ace)
			p.r(rx::racnt(largest.slot)) += nbufs;
		auto *table = static_cast<uint8_t *>(mem_.to_host(bufs[0], bsm + nseg * 16));
		bool ok = table != nullptr;
		uint32_t done = 0;
		for (unsigned i = 0; ok && i < nseg; i++) {
			uint32_t chunk = std::min(cap, len - done);
			auto *host = static_cast<uint8_t *>(mem_.to_host(bufs[1 + i], bsm + chunk));
			if (host == nullptr) {
				ok = false;
				break;
			}
			std::memcpy(host + bsm, f + done, chunk);
			hw::SgEntry e{};
			e.set_addr(bufs[1 + i]);
			e.set_length_flags(chunk, false, i + 1 == nseg);
			e.set_bpid(bpid);
			e.set_offset(static_cast<uint16_t>(bsm));
			std::memcpy(table + bsm + 16 * i, &e, sizeof(e));
			done += chunk;
		}
		if (!ok) {
			p.stats.rx_dma_errors++;
			bmi_count(rx::kRfldec);
			rx_release(p, bpid, bufs, nbufs);
			return;
		}
		copy_ic(table);
		fd.set_addr(bufs[0]);
		fd.set_bpid(bpid);
		fd.set_format_offset_length(hw::FdFormat::sg, static_cast<uint16_t>(bsm), len);
		p.stats.rx_sg++;
	}
	fd.set_status(status);

	p.last_rx_fqid = fqid;
	p.last_rx_len = len;
	// The FQ found once for the frames that follow to it (an FQ, once
	// created, lives as long as QMan); the enqueue inline.
	if (fqid != p.rx_fqid) [[unlikely]] {
		p.rx_fq = qman_.find(fqid);
		p.rx_fqid = p.rx_fq != nullptr ? fqid : 0;
	}
	switch (qman_.enqueue_inline(p.rx_fq, fd)) {
	case EnqueueStatus::ok:
		if (err)
			p.stats.rx_error_fq++;
		return;
	case EnqueueStatus::tail_drop:
	case EnqueueStatus::cgr_tail_drop:
		p.stats.rx_taildrop++;
		break;
	case EnqueueStatus::rejected:
		p.stats.rx_enqueue_rejected++;
		break;
	}
	bmi_count(rx::kRfdc);
	rx_release(p, bpid, bufs, nbufs);
}

} // namespace dpaa::model
