/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan transmit path: FD (contiguous or scatter/gather) -> frame,
// checksum insertion, padding, mEMAC counters, wire or loopback; then the
// buffers back to BMan, or a confirmation, or the Tx error FQ.

#include <algorithm>
#include <cstring>

#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/inet_checksum.hpp"
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
constexpr uint8_t kNoFreeBpid = 0xff; // "do not free" on Tx release
constexpr uint32_t kMinPayload = 60;  // 64 with FCS

uint16_t load_be16(const uint8_t *p) noexcept
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

void store_be16(uint8_t *p, uint16_t v) noexcept
{
	p[0] = static_cast<uint8_t>(v >> 8);
	p[1] = static_cast<uint8_t>(v);
}

// FD command DTC: the IPv4 header checksum and the TCP/UDP checksum, where
// the parse result software wrote says the headers are.
void insert_checksums(uint8_t *f, uint32_t len, const fm::ParseResult &pr) noexcept
{
	const uint16_t l3 = pr.l3r.load();
	const uint32_t ip = pr.ip_off[0];
	const bool v4 = l3 & fm::l3r::kFirstIpv4;
	const bool v6 = !v4 && (l3 & fm::l3r::kFirstIpv6);
	if (ip == fm::kNoOffset || (!v4 && !v6))
		return;
	uint32_t ip_end = len;
	if (v4) {
		if (ip + 20 > len)
			return;
		uint32_t ihl = (f[ip] & 0x0f) * 4u;
		if (ihl < 20 || ip + ihl > len)
			return;
		store_be16(f + ip + 10, 0);
		store_be16(f + ip + 10, inet::finish(inet::sum(f + ip, ihl)));
		ip_end = std::min(len, ip + load_be16(f + ip + 2));
	} else {
		if (ip + 40 > len)
			return;
		ip_end = std::min(len, ip + 40 + load_be16(f + ip + 4));
	}
	const uint8_t type = pr.l4r & fm::l4r::kTypeMask;
	const uint32_t l4 = pr.l4_off;
	if ((type != fm::l4r::kTcp && type != fm::l4r::kUdp) || l4 == fm::kNoOffset)
		return;
	const bool tcp = type == fm::l4r::kTcp;
	const uint32_t field = l4 + (tcp ? 16 : 6);
	if (field + 2 > ip_end)
		return;
	const uint32_t l4_len = ip_end - l4;
	const uint8_t proto = tcp ? 6 : 17;
	store_be16(f + field, 0);
	uint32_t s = inet::sum(f + l4, l4_len);
	s += v4 ? inet::pseudo_v4(f + ip, proto, l4_len) : inet::pseudo_v6(f + ip, proto, l4_len);
	uint16_t c = inet::finish(s);
	if (!tcp && c == 0)
		c = 0xffff; // UDP: 0 means "no checksum"
	store_be16(f + field, c);
}

} // namespace

// Once per frame sent, inlined there.
[[gnu::always_inline]] inline void Fman::count_tx(Port &p, std::span<const uint8_t> frame) noexcept
{
	const uint8_t *f = frame.data();
	const uint32_t wire_len = static_cast<uint32_t>(frame.size()) + kFcsLen;
	p.count(st::kTEoct, wire_len);
	p.count(st::kTOct, wire_len);
	p.count(st::kTFrm);
	p.count(st::kTPkt);
	if (wire_len >= 64) {
		uint32_t b = wire_len <= 64	? st::kT64
			     : wire_len <= 127	? st::kT127
			     : wire_len <= 255	? st::kT255
			     : wire_len <= 511	? st::kT511
			     : wire_len <= 1023 ? st::kT1023
			     : wire_len <= 1518 ? st::kT1518
						: st::kT1519X;
		p.count(b);
	} else {
		p.count(st::kTUnd);
	}
	if (!(f[0] & 1))
		p.count(st::kTUca);
	else
		p.count((f[0] & f[1] & f[2] & f[3] & f[4] & f[5]) == 0xff ? st::kTBca : st::kTMca);
	uint16_t type = load_be16(f + 12);
	if (type == 0x8100 || type == 0x88a8 || type == 0x9100)
		p.count(st::kTVlan);
	if (type == 0x8808)
		p.count(frame.size() >= 16 && load_be16(f + 14) == 0x0001 ? st::kTxPf : st::kTCnp);
}

void Fman::tx_frame(Port &p, const hw::Fd &fd, TxFqContext ctx) noexcept
{
	namespace tx = fm::bmi_tx;
	const bool counting = p.t(tx::kTstc) & fm::bmi_rx::kStatsEn;
	auto bmi_count = [&](uint32_t off) {
		if (counting)
			p.t(off)++;
	};
	bmi_count(tx::kTfrc);
	// The FD's fields decoded once: the calls below (the bus, the wire)
	// would have them loaded and decoded again.
	const uint32_t cmd = fd.cmd();
	const uint64_t addr = fd.addr();
	const uint8_t bpid = fd.bpid();
	uint32_t off, len;
	bool sg;
	switch (fd.format()) {
	case hw::FdFormat::contig:
		off = fd.offset(), len = fd.length(), sg = false;
		break;
	case hw::FdFormat::contig_big:
		off = 0, len = fd.length_big(), sg = false;
		break;
	case hw::FdFormat::sg:
		off = fd.offset(), len = fd.length(), sg = true;
		break;
	case hw::FdFormat::sg_big:
		off = 0, len = fd.length_big(), sg = true;
		break;
	default:
		bmi_count(tx::kTfufdc);
		return tx_done(p, fd, fds::kErrUnsupportedFormat, ctx);
	}
	if (len == 0 || len > fm::kMaxTxFrame || len < 14) {
		bmi_count(tx::kTfledc);
		return tx_done(p, fd, fds::kErrLength, ctx);
	}

	uint8_t *stage = tx_stage_.data();
	const uint8_t *frame;
	if (!sg) {
		frame = static_cast<const uint8_t *>(mem_.to_host(addr + off, len));
		if (frame == nullptr)
			return tx_done(p, fd, fds::kErrDma, ctx);
	} else {
		// Gather the S/G list (following extension entries) into the stage.
		uint64_t entry_addr = addr + off;
		uint32_t copied = 0;
		bool final = false;
		for (unsigned n = 0; n < 4 * fm::kMaxSgEntries && !final && copied < len; n++) {
			const void *e_host = mem_.to_host(entry_addr, sizeof(hw::SgEntry));
			if (e_host == nullptr)
				return tx_done(p, fd, fds::kErrDma, ctx);
			hw::SgEntry e;
			std::memcpy(&e, e_host, sizeof(e));
			if (e.extension()) {
				entry_addr = e.addr() + e.offset();
				continue;
			}
			final = e.final();
			entry_addr += sizeof(hw::SgEntry);
			uint32_t chunk = std::min(e.length(), len - copied);
			if (chunk == 0)
				continue;
			const void *data = mem_.to_host(e.addr() + e.offset(), chunk);
			if (data == nullptr)
				return tx_done(p, fd, fds::kErrDma, ctx);
			std::memcpy(stage + copied, data, chunk);
			copied += chunk;
		}
		if (copied < len) {
			bmi_count(tx::kTfledc);
			return tx_done(p, fd, fds::kErrLength, ctx);
		}
		frame = stage;
	}

	const uint32_t mac_cmd = p.m(memac::kCommandConfig);
	const bool pad = (mac_cmd & memac::cmd::kTxPadEn) && len < kMinPayload;
	const bool csum = (cmd & fm::fd_cmd::kDtc) && (cmd & fm::fd_cmd::kRpd);
	if ((cmd & fm::fd_cmd::kDtc) && !(cmd & fm::fd_cmd::kRpd))
		faults_.dtc_without_rpd++;
	if ((pad || csum) && frame != stage) {
		std::memcpy(stage, frame, len);
		frame = stage;
	}
	if (csum) {
		// The prepended data: ICSZ bytes at buffer + ICEOF go to IC + ICIOF;
		// the parse result is the IC's.
		const uint32_t icp = p.t(tx::kTicp);
		const uint32_t iceof = ((icp & fm::icp::kIceofMask) >> fm::icp::kIceofShift) * 16;
		const uint32_t iciof = ((icp & fm::icp::kIciofMask) >> fm::icp::kIciofShift) * 16;
		uint32_t icsz = (icp & fm::icp::kIcszMask) * 16;
		icsz = std::min(icsz, fm::icp::kIcSize - std::min(iciof, fm::icp::kIcSize));
		alignas(8) uint8_t ic[fm::icp::kIcSize] = {};
		if (icsz > 0) {
			const void *pre = mem_.to_host(addr + iceof, icsz);
			if (pre == nullptr)
				return tx_done(p, fd, fds::kErrDma, ctx);
			std::memcpy(ic + iciof, pre, icsz);
		}
		fm::ParseResult pr;
		std::memcpy(&pr, ic + fm::icp::kIcParseResult, sizeof(pr));
		insert_checksums(stage, len, pr);
	}
	if (pad) {
		std::memset(stage + len, 0, kMinPayload - len);
		len = kMinPayload;
	}

	std::span<const uint8_t> out(frame, len);
	// The frame's first bit leaves now: the time a cable keeps with it and
	// the 1588 timer's value the FMan records for it (FD command UPD). The
	// timer is read only for a frame that asks: it catches up lazily on its
	// next read (a frame received, a register access), where the events a
	// read here would have raised are raised all the same.
	tx_departure_ns_ = frame_ns_;
	const uint64_t tx_stamp =
		(cmd & fm::fd_cmd::kUpd) ? timer_.counter_at(tx_departure_ns_) : 0;
	frame_ns_ += line_time_ns(p, len + kFcsLen + 20);
	if (!(mac_cmd & memac::cmd::kTxEn)) {
		p.stats.tx_mac_disabled++;
		bmi_count(tx::kTfdc);
	} else if ((mac_cmd & memac::cmd::kLoopback) || p.wire == nullptr ||
		   p.wire->transmit(out)) {
		count_tx(p, out);
		p.stats.tx_frames++;
		if (mac_cmd & memac::cmd::kLoopback) {
			// The MAC's own Rx takes buffers: the earlier frames' first.
			flush_tx_releases(p);
			rx_frame(p, out, true);
		}
	} else {
		// No carrier (a TAP interface that is down, no wire at all): the
		// frame is lost as it leaves, which the mEMAC counts as a
		// transmit error (TERR, within TPKT), not as a frame sent.
		p.count(st::kTErr);
		p.count(st::kTPkt);
	}
	if (cmd & fm::fd_cmd::kUpd)
		write_tx_timestamp(p, fd, tx_stamp);
	// tx_done() without an error, inline.
	const uint32_t fqid = tx_confirm_fqid(p, cmd, ctx.confirm_fqid);
	if (fqid != 0 && tx_enqueue(p, fd, fqid, 0))
		return;
	if (!ctx.frees_buffers) [[unlikely]]
		return tx_keep(fd);
	if (sg) [[unlikely]]
		tx_release_sg(p, fd);
	tx_free(p, bpid, addr);
}

// FD command UPD with TMR_CTRL RTPE: the FMan writes the frame's Tx
// timestamp back into the buffer's prepended data, where the Tx port's ICP
// maps the internal context's timestamp (buffer + ICEOF + 0x40 - ICIOF),
// for software to read on the Tx confirmation.
void Fman::write_tx_timestamp(Port &p, const hw::Fd &fd, uint64_t stamp) noexcept
{
	if (!(timer_.read(hw::fman_timer::kTmrCtrl, frame_ns_) & hw::fman_timer::ctrl::kRtpe))
		return;
	const uint32_t icp = p.t(fm::bmi_tx::kTicp);
	const uint32_t iceof = ((icp & fm::icp::kIceofMask) >> fm::icp::kIceofShift) * 16;
	const uint32_t iciof = ((icp & fm::icp::kIciofMask) >> fm::icp::kIciofShift) * 16;
	const uint32_t icsz = (icp & fm::icp::kIcszMask) * 16;
	constexpr uint32_t kTs = fm::icp::kIcTimestamp;
	if (kTs < iciof || kTs + 8 > iciof + icsz)
		return;
	auto *dst = static_cast<uint8_t *>(mem_.to_host(fd.addr() + iceof + (kTs - iciof), 8));
	if (dst == nullptr)
		return;
	for (int i = 7; i >= 0; i--, stamp >>= 8)
		dst[i] = static_cast<uint8_t>(stamp);
}

// Where a frame sent goes: the confirmation FQ of the FD (command FCO), of
// the Tx FQ's context, or the port's; 0: none, the buffers go back to BMan.
[[gnu::always_inline]] inline uint32_t Fman::tx_confirm_fqid(Port &p, uint32_t cmd,
							     uint32_t confirm_fqid) noexcept
{
	namespace tx = fm::bmi_tx;
	uint32_t fqid = confirm_fqid;
	if (cmd & fm::fd_cmd::kFco)
		fqid = (cmd & fm::fd_cmd::kCfqMask) ? cmd & fm::fd_cmd::kCfqMask
						    : kConfirmToPortDefault;
	return fqid == kConfirmToPortDefault ? p.t(tx::kTcfqid) : fqid;
}

// The FD with its status to a confirmation or error FQ; false: QMan refused
// it (the caller frees the buffers).
bool Fman::tx_enqueue(Port &p, const hw::Fd &fd, uint32_t fqid, uint32_t status) noexcept
{
	hw::Fd out = fd;
	out.set_status(status);
	if (qman_.enqueue(fqid, out) != EnqueueStatus::ok)
		return false;
	if (status == 0)
		p.stats.tx_confirmations++;
	return true;
}

void Fman::tx_done(Port &p, const hw::Fd &fd, uint32_t status, TxFqContext ctx) noexcept
{
	uint32_t fqid;
	if (status != 0) {
		p.stats.tx_errors++;
		fqid = p.t(fm::bmi_tx::kTefqid);
	} else {
		fqid = tx_confirm_fqid(p, fd.cmd(), ctx.confirm_fqid);
	}
	if (fqid != 0 && tx_enqueue(p, fd, fqid, status))
		return;
	if (!ctx.frees_buffers)
		return tx_keep(fd);
	tx_release(p, fd);
}

// A frame nothing confirms, from a Tx FQ without external buffer
// deallocation: the FMan v3 does not free its buffers, and nobody else
// will see them again. A buffer of no pool (BPID 0xff) is software's
// anyway.
[[gnu::noinline]] void Fman::tx_keep(const hw::Fd &fd) noexcept
{
	if (fd.bpid() != kNoFreeBpid)
		faults_.tx_buffers_leaked++;
}

// Inlined where a frame is done: a contiguous frame has one buffer.
[[gnu::always_inline]] inline void Fman::tx_release(Port &p, const hw::Fd &fd) noexcept
{
	const hw::FdFormat f = fd.format();
	if (f == hw::FdFormat::sg || f == hw::FdFormat::sg_big) [[unlikely]]
		tx_release_sg(p, fd);
	tx_free(p, fd.bpid(), fd.addr());
}

// The data buffers of an S/G frame (the table's own buffer is the FD's).
[[gnu::noinline]] void Fman::tx_release_sg(Port &p, const hw::Fd &fd) noexcept
{
	const hw::FdFormat f = fd.format();
	uint64_t entry_addr = fd.addr() + (f == hw::FdFormat::sg ? fd.offset() : 0);
	for (unsigned n = 0; n < 4 * fm::kMaxSgEntries; n++) {
		const void *e_host = mem_.to_host(entry_addr, sizeof(hw::SgEntry));
		if (e_host == nullptr)
			break;
		hw::SgEntry e;
		std::memcpy(&e, e_host, sizeof(e));
		if (e.extension()) {
			entry_addr = e.addr() + e.offset();
			continue;
		}
		tx_free(p, e.bpid(), e.addr());
		if (e.final())
			break;
		entry_addr += sizeof(hw::SgEntry);
	}
}

[[gnu::always_inline]] inline void Fman::tx_free(Port &p, uint8_t bpid, uint64_t addr) noexcept
{
	// BPID 0xff: a buffer of no pool, which software frees itself
	// (upstream DPDK marks such FDs and S/G entries so,
	// dpaa_rxtx.c:862-950). The FMan leaves it alone.
	if (bpid == kNoFreeBpid)
		return;
	TxReleases &r = p.releases;
	if (r.n != 0 && r.bpid != bpid)
		flush_tx_releases(p);
	r.bpid = bpid;
	r.addrs[r.n++] = addr;
	if (r.n == r.addrs.size())
		flush_tx_releases(p);
}

void Fman::flush_tx_releases(Port &p) noexcept
{
	TxReleases &r = p.releases;
	if (r.n == 0)
		return;
	if (!soc_.bman().release(r.bpid, r.addrs.data(), r.n))
		p.stats.tx_release_failed += r.n;
	else if (p.t(fm::bmi_tx::kTstc) & fm::bmi_rx::kStatsEn)
		p.t(fm::bmi_tx::kTbdc) += r.n;
	r.n = 0;
}

} // namespace dpaa::model
