/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP's Rx path for one DPNI: a frame from its DPMAC is checked (length,
// destination, VLAN), parsed, written into buffers from the DPNI's pools
// with the annotation its Rx buffer layout asks for, described by an FD and
// enqueued to the Rx FQ its hash distribution chooses.

#include <algorithm>
#include <cstring>

#include "dpaa2_hw/annotation.hpp"
#include "dpaa2_model/annotate.hpp"
#include "dpaa2_model/dpni_datapath.hpp"
#include "dpaa2_model/wriop.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace dpaa2::model
{

namespace
{

namespace hwa = hw::hwa;
using dpaa::model::FrameFacts;
using dpaa::model::kNoHeader;
using dpaa::model::L4;
namespace l3 = dpaa::model::facts::l3;

constexpr uint32_t kMaxSgEntries = 128;

bool is_broadcast(std::span<const uint8_t> f)
{
	static constexpr uint8_t kBcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	return f.size() >= 6 && std::memcmp(f.data(), kBcast, 6) == 0;
}

bool is_multicast(std::span<const uint8_t> f)
{
	return !f.empty() && (f[0] & 1) && !is_broadcast(f);
}

// The Toeplitz hash with the 40-byte key every RSS implementation defaults
// to. WRIOP's own hash function is not documented (and DPDK's dpaa2 gives
// no key to set); Toeplitz spreads flows as well and a test or a user can
// compute it in software (rte_softrss) to predict a flow's queue.
constexpr uint8_t kRssKey[40] = {0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67,
				 0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb,
				 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30,
				 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa};

uint32_t toeplitz(const uint8_t *in, size_t n)
{
	uint32_t hash = 0;
	// The 32-bit window of the key at the current bit.
	uint32_t window = uint32_t{kRssKey[0]} << 24 | uint32_t{kRssKey[1]} << 16 |
			  uint32_t{kRssKey[2]} << 8 | kRssKey[3];
	for (size_t i = 0; i < n; i++) {
		const uint8_t next = i + 4 < sizeof(kRssKey) ? kRssKey[i + 4] : 0;
		for (int b = 7; b >= 0; b--) {
			if (in[i] & (1u << b))
				hash ^= window;
			window = window << 1 | ((next >> b) & 1);
		}
	}
	return hash;
}

} // namespace

bool NiDatapath::accept_destination(std::span<const uint8_t> frame) const
{
	if (frame.size() < 6)
		return false;
	if (is_broadcast(frame))
		return true;
	const bool mcast = frame[0] & 1;
	if (mcast ? multicast_promisc : unicast_promisc)
		return true;
	std::array<uint8_t, 6> da;
	std::memcpy(da.data(), frame.data(), 6);
	if (!mcast && da == primary_mac)
		return true;
	return std::find(mac_filters_.begin(), mac_filters_.end(), da) != mac_filters_.end();
}

bool NiDatapath::accept_vlan(std::span<const uint8_t> frame, const FrameFacts &f) const
{
	// The VLAN filter passes untagged and priority-tagged frames, and
	// those whose outer VID is in the table.
	if (!vlan_filter || f.vlan_tags == 0 || f.off.vlan[0] == kNoHeader)
		return true;
	const uint16_t vid = static_cast<uint16_t>(
		(frame[f.off.vlan[0]] << 8 | frame[f.off.vlan[0] + 1]) & 0x0fff);
	return vid == 0 || std::find(vlans_.begin(), vlans_.end(), vid) != vlans_.end();
}

uint32_t NiDatapath::flow_hash(std::span<const uint8_t> p, const FrameFacts &f) const
{
	const uint64_t fields = dist_fields_[0];
	if (!fields)
		return 0;
	namespace df = dist_field;
	// The key: the fields the distribution extracts, in network order, in
	// the order RSS hashes them (addresses, then ports).
	uint8_t key[64];
	size_t n = 0;
	auto put = [&](size_t off, size_t len) {
		if (off + len <= p.size() && n + len <= sizeof(key)) {
			std::memcpy(key + n, p.data() + off, len);
			n += len;
		}
	};
	const uint8_t ip = f.off.ip[0];
	const bool v4 = f.l3 & l3::kFirstIpv4, v6 = f.l3 & l3::kFirstIpv6;
	if (ip != kNoHeader && (v4 || v6)) {
		if (fields & df::kIpSrc)
			put(ip + (v4 ? 12 : 8), v4 ? 4 : 16);
		if (fields & df::kIpDst)
			put(ip + (v4 ? 16 : 24), v4 ? 4 : 16);
	}
	const bool ports = f.l4 == L4::tcp || f.l4 == L4::udp || f.l4 == L4::sctp;
	if (ports && f.off.l4 != kNoHeader && !(f.l3 & l3::kFirstFragment)) {
		if (fields & df::kL4Src)
			put(f.off.l4, 2);
		if (fields & df::kL4Dst)
			put(f.off.l4 + 2u, 2);
	}
	if ((fields & df::kIpProto) && f.off.ip_pid != kNoHeader)
		put(f.off.ip_pid, 1);
	if (fields & df::kEthDst)
		put(0, 6);
	if (fields & df::kEthSrc)
		put(6, 6);
	if ((fields & df::kEthType) && f.off.etype != kNoHeader)
		put(f.off.etype, 2);
	if ((fields & df::kVlanTci) && f.vlan_tags)
		put(f.off.vlan[0], 2);
	return toeplitz(key, std::min<size_t>(n, sizeof(kRssKey) - 4));
}

void NiDatapath::receive(std::span<const uint8_t> frame)
{
	const uint32_t len = static_cast<uint32_t>(frame.size());
	c_.in_frames++;
	c_.in_bytes += len;
	if (is_broadcast(frame)) {
		c_.in_bcast_frames++;
		c_.in_bcast_bytes += len;
	} else if (is_multicast(frame)) {
		c_.in_mcast_frames++;
		c_.in_mcast_bytes += len;
	}
	if (!enabled_) {
		c_.in_discarded++;
		return;
	}
	if (len > max_frame_length) {
		c_.in_discarded++;
		c_.in_oversize++;
		return;
	}
	if (!accept_destination(frame)) {
		c_.in_filtered++;
		return;
	}
	FrameFacts f;
	dpaa::model::frame_facts(frame, f);
	if (!accept_vlan(frame, f)) {
		c_.in_filtered++;
		return;
	}
	const uint32_t fas = fas_status(f, rx_l3_csum, rx_l4_csum) |
			     (ptp_message(f, frame) ? hwa::fas::kPtp : 0);
	uint32_t fqid;
	uint32_t hash = 0;
	if (fas & hwa::fas::kRxErrorMask & error_behavior_errors) {
		// The errors the DPNI's error behaviour names; the others
		// continue (the frame keeps them in its FAS).
		if (error_action == error_action::kDiscard) {
			c_.in_discarded++;
			return;
		}
		fqid = error_action == error_action::kSendToErrorQueue ? rx_err_fqid_ : 0;
	} else {
		fqid = 0;
	}
	if (!fqid) {
		hash = flow_hash(frame, f);
		const unsigned size = dist_size_[0];
		fqid = rx_fqids_[size > 1 ? hash % size : 0];
	}
	hw::Fd fd{};
	if (!rx_to_buffers(frame, f, fas, hash, fd)) {
		c_.in_nobuffer++;
		return;
	}
	const Qbman::FqSettings *fs = w_.qbman().fq_settings(fqid);
	const uint64_t fq_flc = fs ? fs->flc : 0;
	fd.set_flc(flc_hash ? (uint64_t{hash} << 32 | (fq_flc & 0xffffffffu)) : fq_flc);
	if (!w_.qbman().enqueue(fqid, fd)) {
		release_fd_buffers(fd);
		c_.cgr_reject_frames++;
		c_.cgr_reject_bytes += len;
		return;
	}
	c_.in_enqueued++;
	last_rx_fqid_ = fqid;
}

bool NiDatapath::rx_to_buffers(std::span<const uint8_t> frame, const FrameFacts &f, uint32_t fas,
			       uint32_t hash, hw::Fd &fd)
{
	(void)hash;
	const BufferLayout &l = rx_layout;
	const uint32_t len = static_cast<uint32_t>(frame.size());
	const bool hwa_on = l.pass_fs || l.pass_pr || l.pass_ts;
	const uint32_t hwa_off = l.private_data_size;
	const uint32_t align = l.data_align ? l.data_align : 1;
	const uint32_t data_off =
		(hwa_off + (hwa_on ? hwa::kSize : 0) + l.head_room + align - 1) / align * align;
	if (num_pools == 0 || data_off > hw::bpid_offset::kMaxOffset)
		return false;

	// Pools by buffer size: the smallest whose buffer holds the frame
	// (and its tail room), the next if that one is empty.
	std::array<Pool, 8> by_size;
	const unsigned np = std::min<unsigned>(num_pools, 8);
	std::copy(pools.begin(), pools.begin() + np, by_size.begin());
	std::sort(by_size.begin(), by_size.begin() + np,
		  [](const Pool &a, const Pool &b) { return a.buffer_size < b.buffer_size; });
	Qbman &q = w_.qbman();
	BusMemory &mem = w_.mem();
	uint64_t buf = 0;
	const Pool *single = nullptr;
	for (unsigned i = 0; i < np; i++) {
		const Pool &p = by_size[i];
		if (data_off + len + l.tail_room > p.buffer_size)
			continue;
		if (q.bp_acquire(p.bpid, buf)) {
			single = &p;
			break;
		}
	}

	auto write_annotation = [&](uint8_t *b) {
		if (!hwa_on)
			return;
		hwa::Annotation a{};
		if (l.pass_fs)
			a.fas.store(hwa::fas::word(fas));
		if (l.pass_ts)
			a.timestamp.store(w_.now_ns());
		if (l.pass_pr)
			annotate_parse_results(f, frame, a);
		std::memcpy(b + hwa_off, &a, sizeof(a));
	};
	uint32_t frc = 0;
	if (l.pass_fs)
		frc |= hwa::frc::kFasv;
	if (l.pass_pr)
		frc |= hwa::frc::kFaprv;
	if (w_.lx2())
		frc |= uint32_t{lx2_parse_summary(f)} << hwa::frc::kParseSummaryShift;
	uint32_t ctrl = 0;
	if (hwa_on)
		ctrl |= hwa::ctrl::asal(hwa_off + hwa::kSize);
	if (l.private_data_size)
		ctrl |= hwa::ctrl::kPta;
	if (fas & hwa::fas::kRxErrorMask)
		ctrl |= hwa::ctrl::kErrFaerr;

	if (single) {
		uint8_t *b = static_cast<uint8_t *>(mem.to_host(buf, single->buffer_size));
		if (!b) {
			// A pool buffer outside the mapped memory: the frame
			// is lost (an SBE on silicon), the buffer kept out.
			c_.in_discarded++;
			return false;
		}
		write_annotation(b);
		std::memcpy(b + data_off, frame.data(), len);
		fd = hw::Fd{};
		fd.set_addr(buf);
		fd.set_length(len);
		fd.set_bpid(single->bpid);
		fd.set_offset(static_cast<uint16_t>(data_off));
		fd.set_format(hw::FdFormat::single);
		fd.set_frc(frc);
		fd.set_ctrl(ctrl);
		return true;
	}

	// Scatter/gather: no buffer holds the frame. The first buffer holds
	// the annotation and, at the data offset, the SG table; the frame is
	// spread over more buffers of the largest pool, each filled from the
	// same data offset (so every segment keeps its head room).
	if (np == 0)
		return false;
	const Pool &big = by_size[np - 1];
	if (big.buffer_size <= data_off + l.tail_room)
		return false;
	const uint32_t per_buf = big.buffer_size - data_off - l.tail_room;
	const uint32_t nseg = (len + per_buf - 1) / per_buf;
	if (nseg == 0 || nseg > kMaxSgEntries ||
	    data_off + nseg * sizeof(hw::SgEntry) > big.buffer_size)
		return false;
	uint64_t bufs[kMaxSgEntries + 1];
	uint32_t got = 0;
	for (; got < nseg + 1; got++)
		if (!q.bp_acquire(big.bpid, bufs[got]))
			break;
	auto give_back = [&] {
		for (uint32_t i = 0; i < got; i++)
			q.bp_release(big.bpid, bufs[i]);
	};
	if (got < nseg + 1) {
		give_back();
		return false;
	}
	uint8_t *sgt_buf = static_cast<uint8_t *>(mem.to_host(bufs[0], big.buffer_size));
	if (!sgt_buf) {
		give_back();
		c_.in_discarded++;
		return false;
	}
	write_annotation(sgt_buf);
	uint32_t done = 0;
	for (uint32_t i = 0; i < nseg; i++) {
		const uint32_t n = std::min(per_buf, len - done);
		uint8_t *d = static_cast<uint8_t *>(mem.to_host(bufs[i + 1], big.buffer_size));
		if (!d) {
			give_back();
			c_.in_discarded++;
			return false;
		}
		std::memcpy(d + data_off, frame.data() + done, n);
		hw::SgEntry e{};
		e.set_addr(bufs[i + 1]);
		e.set_length(n);
		e.set_bpid(big.bpid);
		e.set_offset(static_cast<uint16_t>(data_off));
		e.set_format(hw::SgFormat::single);
		e.set_final(i + 1 == nseg);
		std::memcpy(sgt_buf + data_off + i * sizeof(e), &e, sizeof(e));
		done += n;
	}
	fd = hw::Fd{};
	fd.set_addr(bufs[0]);
	fd.set_length(len);
	fd.set_bpid(big.bpid);
	fd.set_offset(static_cast<uint16_t>(data_off));
	fd.set_format(hw::FdFormat::sg);
	fd.set_frc(frc);
	fd.set_ctrl(ctrl);
	return true;
}

void NiDatapath::release_fd_buffers(const hw::Fd &fd)
{
	Qbman &q = w_.qbman();
	if (fd.format() == hw::FdFormat::sg) {
		const uint8_t *t = static_cast<const uint8_t *>(w_.mem().to_host(
			fd.addr() + fd.offset(), kMaxSgEntries * sizeof(hw::SgEntry)));
		for (uint32_t i = 0; t && i < kMaxSgEntries; i++) {
			hw::SgEntry e;
			std::memcpy(&e, t + i * sizeof(e), sizeof(e));
			q.bp_release(e.bpid(), e.addr());
			if (e.final())
				break;
		}
	}
	q.bp_release(fd.bpid(), fd.addr());
}

} // namespace dpaa2::model
