/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP's Tx path for one DPNI: the FDs its Tx FQs hold are read (single
// buffer or scatter/gather), given their checksums when the DPNI's Tx
// offloads ask, sent by the DPMAC, and their buffers released to their
// pools (unless IVP) or the FD confirmed on the Tx confirmation FQ (the
// DPNI's confirmation mode, or the frame's egress action descriptor).

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "dpaa2_hw/annotation.hpp"
#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/dpni_datapath.hpp"
#include "dpaa2_model/wriop.hpp"
#include "dpaa_model/frame_facts.hpp"
#include "dpaa_model/inet_checksum.hpp"

namespace dpaa2::model
{

namespace
{

namespace inet = dpaa::model::inet;
namespace l3 = dpaa::model::facts::l3;
using dpaa::model::FrameFacts;
using dpaa::model::IpError;
using dpaa::model::kNoHeader;
using dpaa::model::L4;

constexpr uint32_t kMaxSgEntries = 128;
constexpr uint32_t kMinFrame = 60; // the MAC pads shorter frames (FCS excluded)

void store_be16(uint8_t *p, uint16_t v)
{
	p[0] = static_cast<uint8_t>(v >> 8);
	p[1] = static_cast<uint8_t>(v);
}

uint16_t load_be16(const uint8_t *p)
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

// The IPv4 header checksum and the TCP/UDP checksum of the first IP header,
// as the parser found them.
void insert_checksums(uint8_t *f, uint32_t len, bool ip_csum, bool l4_csum)
{
	FrameFacts x;
	dpaa::model::frame_facts({f, len}, x);
	const uint32_t ip = x.off.ip[0];
	const bool v4 = x.l3 & l3::kFirstIpv4;
	const bool v6 = x.l3 & l3::kFirstIpv6;
	if (ip == kNoHeader || (!v4 && !v6) || x.ip_error[0] == IpError::length ||
	    x.ip_error[0] == IpError::version)
		return;
	uint32_t ip_end;
	if (v4) {
		const uint32_t ihl = (f[ip] & 0x0f) * 4u;
		if (ip_csum) {
			store_be16(f + ip + 10, 0);
			store_be16(f + ip + 10, inet::finish(inet::sum(f + ip, ihl)));
		}
		ip_end = std::min(len, ip + load_be16(f + ip + 2));
	} else {
		ip_end = std::min(len, ip + 40 + load_be16(f + ip + 4));
	}
	// Tunnels and fragments: the inner or partial L4 is not the first
	// IP header's to checksum.
	if (!l4_csum || (x.l3 & (l3::kLastIpv4 | l3::kLastIpv6 | l3::kFirstFragment)))
		return;
	if ((x.l4 != L4::tcp && x.l4 != L4::udp) || x.off.l4 == kNoHeader)
		return;
	const bool tcp = x.l4 == L4::tcp;
	const uint32_t l4 = x.off.l4;
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

bool NiDatapath::transmit_pending()
{
	if (!enabled_ || !mac_)
		return false;
	Qbman &q = w_.qbman();
	bool any = false;
	for (size_t i = 0; i < tx_fqids_.size(); i++) {
		const uint32_t fq = tx_fqids_[i];
		const uint32_t conf = tx_conf_fqid(static_cast<unsigned>(i / num_tx_tcs_),
						   static_cast<unsigned>(i % num_tx_tcs_));
		hw::Fd fd;
		for (;;) {
			// A wire that cannot take a frame now leaves it queued.
			if (mac_->wire() && !mac_->wire()->tx_ready())
				return any;
			if (!q.dequeue(fq, fd))
				break;
			any = true;
			transmit_fd(fd, tx_actions_of(fd, conf));
		}
	}
	return any;
}

// The frame an FD describes, copied out; false for an FD WRIOP cannot
// send (release: whether its buffers may still go back to their pools).
bool NiDatapath::gather(const hw::Fd &fd, std::vector<uint8_t> &out, bool &release)
{
	BusMemory &mem = w_.mem();
	const uint32_t len = fd.length();
	release = mem.to_host(fd.addr(), 1) != nullptr;
	if (len == 0 || len > Dpmac::kMaxFrame)
		return false;
	// A buffer of one of this DPNI's pools must hold what the FD says.
	for (unsigned i = 0; i < std::min<unsigned>(num_pools, 8); i++)
		if (pools[i].bpid == fd.bpid() && fd.format() == hw::FdFormat::single &&
		    uint32_t{fd.offset()} + len > pools[i].buffer_size)
			return false;
	out.resize(len);
	if (fd.format() == hw::FdFormat::single) {
		const void *p = mem.to_host(fd.addr() + fd.offset(), len);
		if (!p)
			return false;
		std::memcpy(out.data(), p, len);
		return true;
	}
	if (fd.format() != hw::FdFormat::sg)
		return false;
	uint32_t done = 0;
	for (uint32_t i = 0; i < kMaxSgEntries; i++) {
		const void *t = mem.to_host(fd.addr() + fd.offset() + i * sizeof(hw::SgEntry),
					    sizeof(hw::SgEntry));
		if (!t)
			return false;
		hw::SgEntry e;
		std::memcpy(&e, t, sizeof(e));
		if (e.format() != hw::SgFormat::single)
			return false; // SG table extensions are not followed
		const uint32_t n = std::min(e.length() & 0x1ffff, len - done);
		if (n) {
			const void *d = mem.to_host(e.addr() + e.offset(), n);
			if (!d)
				return false;
			std::memcpy(out.data() + done, d, n);
			done += n;
		}
		if (e.final())
			return done == len;
	}
	return false;
}

void NiDatapath::release_tx_buffers(const hw::Fd &fd)
{
	Qbman &q = w_.qbman();
	if (fd.format() == hw::FdFormat::sg) {
		for (uint32_t i = 0; i < kMaxSgEntries; i++) {
			const void *t =
				w_.mem().to_host(fd.addr() + fd.offset() + i * sizeof(hw::SgEntry),
						 sizeof(hw::SgEntry));
			if (!t)
				break;
			hw::SgEntry e;
			std::memcpy(&e, t, sizeof(e));
			if (!e.ivp() && w_.mem().to_host(e.addr(), 1))
				q.bp_release(e.bpid(), e.addr());
			if (e.final())
				break;
		}
	}
	// The FD's own buffer (the SG table's for an SG frame) unless IVP:
	// software frees it (an external or shared buffer).
	if (!fd.ivp())
		q.bp_release(fd.bpid(), fd.addr());
}

// What a sent FD asks besides sending. Where it is confirmed: the Tx FQ's
// confirmation FQ, unless the frame's egress action descriptor (FD
// FRC.FAEADV, in an annotation of ASAL bytes, after the pass-through
// annotation when CTRL.PTA says there is one) names another with A4V, 0
// meaning none (what the kernel's dpaa2-eth asks for its XDP_TX frames).
// Whether the time it left is written for the confirmation: the FAEAD's
// action 2 with UPD, "update the prepended data" (the kernel's
// dpaa2_eth_enable_tx_tstamp, DPDK's enable_tx_tstamp), for a frame that
// is confirmed, on a DPNI whose Tx confirmation buffer layout passes the
// timestamp (as both set it).
NiDatapath::TxActions NiDatapath::tx_actions_of(const hw::Fd &fd, uint32_t queue_conf) const
{
	namespace a = hw::hwa;
	TxActions act{queue_conf, false};
	if (!(fd.frc() & a::frc::kFaeadv))
		return act;
	const uint64_t hwa = fd.addr() + ((fd.ctrl() & a::ctrl::kPta) ? 64 : 0);
	const uint32_t asal_bytes = ((fd.ctrl() & a::ctrl::kAsalMask) >> a::ctrl::kAsalShift) * 64u;
	if (asal_bytes < a::kFaeadOffset + sizeof(a::Faead))
		return act; // no room for a FAEAD: not read
	const void *p = w_.mem().to_host(hwa + a::kFaeadOffset, sizeof(a::Faead));
	if (!p)
		return act;
	a::Faead e;
	std::memcpy(&e, p, sizeof(e));
	const uint32_t ctrl = e.ctrl.load();
	if (ctrl & a::faead::kA4v)
		act.conf_fqid = e.conf_fqid.load() & hw::kFqidMask;
	constexpr uint32_t kUpdate = a::faead::kA2v | a::faead::kUpdv | a::faead::kUpd;
	act.stamp = (ctrl & kUpdate) == kUpdate && act.conf_fqid != 0 && tx_conf_layout.pass_ts;
	return act;
}

// The Tx timestamp: word 2 of the confirmed frame's annotation, where an
// Rx frame's is (the kernel's dpaa2_get_ts on the Tx confirmation path).
void NiDatapath::write_tx_stamp(const hw::Fd &fd, uint64_t ns)
{
	namespace a = hw::hwa;
	const uint64_t hwa = fd.addr() + ((fd.ctrl() & a::ctrl::kPta) ? 64 : 0);
	void *p = w_.mem().to_host(hwa + offsetof(a::Annotation, timestamp), sizeof(a::Le64));
	if (!p)
		return;
	a::Le64 ts;
	ts.store(ns);
	std::memcpy(p, &ts, sizeof(ts));
}

bool NiDatapath::transmit_fd(const hw::Fd &fd, const TxActions &act)
{
	const uint32_t conf_fqid = act.conf_fqid;
	bool release = false;
	std::vector<uint8_t> &f = tx_scratch_;
	if (!gather(fd, f, release)) {
		// Misuse: dropped and counted, never followed further.
		// Its buffers go back as a sent frame's would (those that
		// can be reached: an address outside memory is not a buffer).
		c_.out_discarded++;
		c_.tx_misuse++;
		if (conf_fqid) {
			// Confirmed with the error, for software to free.
			hw::Fd back = fd;
			back.set_err(static_cast<uint8_t>(hw::hwa::ctrl::kErrFse));
			w_.qbman().enqueue(conf_fqid, back);
			return false;
		}
		if (release &&
		    (fd.format() == hw::FdFormat::single || fd.format() == hw::FdFormat::sg))
			release_tx_buffers(fd);
		return false;
	}
	uint32_t len = static_cast<uint32_t>(f.size());
	if (tx_l3_csum || tx_l4_csum)
		insert_checksums(f.data(), len, tx_l3_csum, tx_l4_csum);
	if (len < kMinFrame) {
		f.resize(kMinFrame, 0);
		len = kMinFrame;
	}
	c_.out_frames++;
	c_.out_bytes += len;
	if (f[0] & 1) {
		if (std::all_of(f.begin(), f.begin() + 6, [](uint8_t b) { return b == 0xff; })) {
			c_.out_bcast_frames++;
			c_.out_bcast_bytes += len;
		} else {
			c_.out_mcast_frames++;
			c_.out_mcast_bytes += len;
		}
	}
	mac_->transmit({f.data(), len});
	if (act.stamp)
		write_tx_stamp(fd, w_.now_ns());
	if (conf_fqid) {
		// Confirmation: software gets the FD back and frees the
		// buffers itself.
		if (w_.qbman().enqueue(conf_fqid, fd))
			c_.out_confirmed++;
		return true;
	}
	release_tx_buffers(fd);
	return true;
}

} // namespace dpaa2::model
