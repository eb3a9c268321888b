/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/fman.hpp"

#include <algorithm>
#include <ctime>

#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/soc.hpp"

namespace dpaa::model
{

namespace fm = hw::fman;
namespace memac = hw::memac;

Fman::Fman(Soc &soc, BusMemory &mem, unsigned index, std::span<const MacDesc> macs)
    : soc_(soc), mem_(mem), qman_(soc.qman()), index_(index)
{
	for (unsigned cell = 0; cell < fm::kMaxMacs; cell++) {
		auto p = std::make_unique<Port>(*this, cell);
		p->rx_port_id = fm::rx_port_id(cell);
		p->tx_port_id = fm::tx_port_id(cell);
		p->channel = static_cast<uint16_t>(hw::qm::channel::kFman0Base +
						   index * hw::qm::channel::kFmanChannels +
						   fm::tx_channel_offset(cell));
		p->desc.cell = cell;
		p->desc.type = fm::is_10g_cell(cell) ? MacType::memac_10g : MacType::memac_1g;
		p->desc.speed_mbps = fm::is_10g_cell(cell) ? 10000 : 1000;
		ports_[cell] = std::move(p);
	}
	for (const MacDesc &d : macs) {
		if (d.cell >= fm::kMaxMacs)
			continue;
		Port &p = *ports_[d.cell];
		p.present = true;
		p.desc = d;
		present_.push_back(&p);
	}
	std::sort(present_.begin(), present_.end(),
		  [](const Port *a, const Port *b) { return a->cell < b->cell; });
	reset();
	for (Port *p : present_)
		qman_.attach_channel_consumer(p->channel, *p);
}

Fman::~Fman()
{
	for (Port *p : present_)
		qman_.detach_channel_consumer(p->channel);
}

bool Fman::has_mac(unsigned cell) const noexcept
{
	return cell < fm::kMaxMacs && ports_[cell]->present;
}

MacPort &Fman::mac_port(unsigned cell)
{
	return *ports_[cell % fm::kMaxMacs];
}

void Fman::attach_wire(unsigned cell, Wire &w)
{
	if (cell >= fm::kMaxMacs)
		return;
	ports_[cell]->wire = &w;
	ports_[cell]->link_fixed = w.link_fixed();
	ports_[cell]->fixed_mbps = 0;
	w.attach(*ports_[cell]);
}

Wire *Fman::wire(unsigned cell) const noexcept
{
	return cell < fm::kMaxMacs ? ports_[cell]->wire : nullptr;
}

uint16_t Fman::tx_channel(unsigned cell) const noexcept
{
	return ports_[cell % fm::kMaxMacs]->channel;
}

uint64_t Fman::mac_counter(unsigned cell, uint32_t stat_off) const noexcept
{
	if (cell >= fm::kMaxMacs || stat_off < memac::stat::kFirst || stat_off >= memac::stat::kEnd)
		return 0;
	return ports_[cell]->ctr[memac::stat::slot(stat_off)];
}

namespace
{
uint64_t clock_ns(clockid_t id) noexcept
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u +
	       static_cast<uint64_t>(ts.tv_nsec);
}
} // namespace

bool Fman::poll()
{
	if (wall_clock_)
		frame_ns_ = std::max(frame_ns_, clock_ns(CLOCK_MONOTONIC) - clock_origin_ns_);
	bool did = false;
	for (Port *p : present_) {
		p->in_poll = true;
		p->poll_mbps = p->link_fixed && p->fixed_mbps != 0 &&
					       p->mac[memac::kIfMode / 4] == p->fixed_if_mode &&
					       p->phy_line_mbps.load(std::memory_order_relaxed) ==
						       p->fixed_phy_mbps
				       ? p->fixed_mbps
				       : 0;
		p->next_host = nullptr;
		TxRing &ring = p->ring;
		for (unsigned n = 0; n < kTxBudget && ring.count > 0 && p->tx_ready(); n++) {
			const hw::Fd fd = ring.fds[ring.head];
			const TxFqContext ctx = ring.ctx[ring.head];
			ring.head = (ring.head + 1) % kTxRingSize;
			ring.count--;
			tx_frame(*p, fd, ctx);
			did = true;
		}
		if (p->releases.n != 0)
			flush_tx_releases(*p);
		if (p->wire != nullptr)
			did |= p->wire->poll();
		p->in_poll = false;
		p->next_host = nullptr;
	}
	return did;
}

uint64_t Fman::line_time_ns_slow(Port &p, uint32_t bytes) noexcept
{
	uint32_t mbps;
	if (!p.in_poll) {
		mbps = std::max<uint32_t>(p.speed_mbps(), 1);
	} else {
		if (p.poll_mbps == 0) {
			// The settings first: a change after the read is seen
			// by the next poll.
			p.fixed_if_mode = p.mac[memac::kIfMode / 4];
			p.fixed_phy_mbps = p.phy_line_mbps.load(std::memory_order_relaxed);
			p.poll_mbps = std::max<uint32_t>(p.speed_mbps(), 1);
			p.fixed_mbps = p.poll_mbps;
		}
		mbps = p.poll_mbps;
	}
	if (bytes != p.line_ns_bytes || mbps != p.line_ns_mbps) {
		p.line_ns_bytes = bytes;
		p.line_ns_mbps = mbps;
		p.line_ns = uint64_t{bytes} * 8000 / mbps;
	}
	return p.line_ns;
}

bool Fman::Port::wire_rx(std::span<const uint8_t> frame, bool fcs_ok)
{
	return owner.rx_frame(*this, frame, fcs_ok);
}

bool Fman::Port::rx_ready() const
{
	return present && (mac[memac::kCommandConfig / 4] & memac::cmd::kRxEn) &&
	       (rx[fm::bmi_rx::kRcfg / 4] & fm::bmi_rx::kCfgEn);
}

uint32_t Fman::Port::rx_dequeuers() const
{
	namespace brx = fm::bmi_rx;
	namespace kg = fm::kg;
	// The FQs the BMI can enqueue this port's frames to: its default FQ
	// and the FQ range of each KeyGen scheme of the port's partition, or
	// the scheme its next-engine register names.
	constexpr uint32_t kFqidMask = 0x00ffffff;
	constexpr uint32_t kMaxFqs = 256; // more Rx queues than any port has
	Qman &qman = owner.soc_.qman();
	uint32_t mask = qman.dequeuers(rx[brx::kRfqid / 4] & kFqidMask);
	uint32_t schemes = owner.keygen_.port_schemes(rx_port_id);
	for (uint32_t nia : {rx[brx::kRfne / 4], rx[brx::kRfpne / 4]})
		if (fm::nia::is_keygen(nia) && (nia & fm::nia::kKgDirect))
			schemes |= 0x80000000u >> (nia & fm::nia::kKgSchemeMask);
	for (unsigned n = 0; n < kg::kNumSchemes; n++) {
		if (!(schemes & (0x80000000u >> n)))
			continue;
		const auto &s = owner.keygen_.scheme(n);
		auto word = [&](uint32_t off) { return s[(off - kg::kIndirect) / 4]; };
		if (!(word(kg::kSeMode) & kg::kModeEn))
			continue;
		const uint32_t base = word(kg::kSeFqb) & kFqidMask;
		const uint32_t hc = word(kg::kSeHc);
		const uint32_t count =
			(hc & kg::kHcNoFqid) ? 1 : std::min(kMaxFqs, (hc & kg::kHcMask) + 1);
		for (uint32_t i = 0; i < count; i++)
			mask |= qman.dequeuers((base + i) & kFqidMask);
	}
	return mask;
}

bool Fman::Port::rx_backlogged() const
{
	return last_rx_fqid != 0 && owner.qman_.would_tail_drop(last_rx_fqid, last_rx_len);
}

bool Fman::Port::tx_ready() const noexcept
{
	if (mac[memac::kCommandConfig / 4] & memac::cmd::kLoopback)
		return true;
	return wire == nullptr || wire->tx_ready();
}

bool Fman::Port::deliver(uint32_t, const hw::Fd &fd, uint32_t context_b, uint64_t context_a)
{
	// A disabled Tx port, or a wire that cannot take frames (a cable under
	// back-pressure), does not dequeue: the frame waits in its FQ.
	if (!(t(fm::bmi_tx::kTcfg) & fm::bmi_tx::kCfgEn) || ring.count == kTxRingSize ||
	    !tx_ready()) {
		stats.tx_busy++;
		return false;
	}
	const unsigned slot = (ring.head + ring.count) % kTxRingSize;
	ring.fds[slot] = fd;
	namespace ca = fm::tx_context_a;
	ring.ctx[slot] = TxFqContext{(context_a & ca::kOverrideFq) ? context_b & ca::kContextBFqMask
								   : kConfirmToPortDefault,
				     ca::frees_buffers(context_a)};
	ring.count++;
	return true;
}

void Fman::decode_pools(Port &p) noexcept
{
	namespace rx = fm::bmi_rx;
	p.num_pools = 0;
	for (unsigned i = 0; i < rx::kNumExtPools; i++) {
		uint32_t v = p.r(rx::rebmpi(i));
		if (!(v & rx::kPoolValid) || (v & rx::kPoolSizeMask) == 0)
			continue;
		p.pools[p.num_pools++] = RxPool{
			static_cast<uint8_t>((v & rx::kPoolBpidMask) >> rx::kPoolBpidShift),
			static_cast<uint8_t>(i), (v & rx::kPoolAce) != 0, v & rx::kPoolSizeMask};
	}
	bool ascending = true;
	for (unsigned i = 1; i < p.num_pools; i++)
		ascending &= p.pools[i].size >= p.pools[i - 1].size;
	// Counted once per misprogramming, not per register write.
	if (!ascending && p.pools_ascending)
		faults_.pools_not_ascending++;
	p.pools_ascending = ascending;
	std::stable_sort(p.pools.begin(), p.pools.begin() + p.num_pools,
			 [](const RxPool &a, const RxPool &b) { return a.size < b.size; });
}

void Fman::decode_addr(Port &p, unsigned slot) noexcept
{
	uint32_t lo = p.m(memac::mac_addr_lo(slot));
	uint32_t hi = p.m(memac::mac_addr_hi(slot));
	// As a 48-bit number with address byte 0 in bits [47:40]; 0 = slot unused.
	uint64_t a = 0;
	for (unsigned i = 0; i < 4; i++)
		a = a << 8 | ((lo >> (8 * i)) & 0xff);
	for (unsigned i = 0; i < 2; i++)
		a = a << 8 | ((hi >> (8 * i)) & 0xff);
	p.addrs[slot] = a;
}

FmanFaults Fman::faults() const noexcept
{
	FmanFaults f = faults_;
	for (const auto &p : ports_)
		f.bad_release_bpid += p->stats.tx_release_failed;
	return f;
}

void Fman::use_wall_clock() noexcept
{
	wall_clock_ = true;
	clock_origin_ns_ = clock_ns(CLOCK_MONOTONIC);
	timer_.reset(0, clock_ns(CLOCK_REALTIME));
}

uint64_t Fman::model_ns() const noexcept
{
	// Never before a frame already stamped: software that reads the timer
	// after taking a frame finds a later time than the frame's.
	return wall_clock_ ? std::max(frame_ns_, clock_ns(CLOCK_MONOTONIC) - clock_origin_ns_)
			   : frame_ns_;
}

int Fman::set_phy_line_rate(unsigned cell, uint32_t mbps) noexcept
{
	if (cell >= ports_.size() || ports_[cell]->desc.phy != PhyKind::multirate)
		return -EINVAL;
	switch (mbps) {
	case 0:
	case 100:
	case 1000:
	case 2500:
	case 5000:
	case 10000:
		ports_[cell]->phy_line_mbps.store(mbps == 10000 ? 0 : mbps);
		return 0;
	default:
		return -EINVAL;
	}
}

int Fman::set_phy_power(unsigned cell, bool up) noexcept
{
	if (cell >= ports_.size() || !ports_[cell]->present)
		return -EINVAL;
	ports_[cell]->phy_down.store(!up, std::memory_order_relaxed);
	return 0;
}

MacPort::Mode Fman::Port::link_mode() const
{
	namespace im = memac::if_mode;
	const uint32_t v = mac[memac::kIfMode / 4];
	if (desc.phy == PhyKind::multirate) {
		// XFI to the PHY, which runs the line at its own rate and
		// paces the MAC to it; any other interface reaches no PHY.
		if ((v & im::kMask) != im::k10G || (v & im::kRgmiiAuto))
			return {0, true, false};
		const uint32_t line = phy_line_mbps.load(std::memory_order_relaxed);
		return {line != 0 ? line : 10000u, true, false};
	}
	if (v & im::kRgmiiAuto)
		return {desc.speed_mbps, true, true};
	const bool full = !(v & im::kHalfDuplex);
	switch (v & im::kMask) {
	case im::k10G:
		// XGMII: a 10G mEMAC only (a 1G one has no such interface).
		return {desc.type == MacType::memac_10g ? 10000u : 0u, true, false};
	case im::kMii:
		return {(v & im::kRgmiiSpMask) == im::kRgmii10 ? 10u : 100u, full, false};
	default:
		return {1000, full, false};
	}
}

uint32_t Fman::Port::speed_mbps() const
{
	MacPort::Mode m;
	return owner.resolve_link(*this, m) ? m.speed_mbps : desc.speed_mbps;
}

bool Fman::resolve_link(const Port &p, MacPort::Mode &out) const noexcept
{
	if (!p.present || p.wire == nullptr || !p.wire->link_up() || !p.phy_powered())
		return false;
	MacPort::Mode own = p.link_mode();
	const MacPort *far = p.wire->far_mac();
	if (far != nullptr && !far->phy_powered())
		return false; // the link partner's PHY is down
	if (far == nullptr || far == &p) {
		// A wire that is not a MAC (a file, a generator, a TAP) takes
		// whatever the MAC sends; autonegotiation ends at its best.
		out = own;
		return own.speed_mbps != 0;
	}
	const MacPort::Mode other = far->link_mode();
	if (own.autoneg && other.autoneg) {
		out = {std::min(p.desc.speed_mbps, far->max_speed_mbps()), true, true};
	} else if (own.autoneg) {
		// The partner is fixed: it is found by parallel detection.
		if (other.speed_mbps > p.desc.speed_mbps)
			return false;
		out = {other.speed_mbps, other.full_duplex, true};
	} else if (other.autoneg) {
		if (own.speed_mbps > far->max_speed_mbps())
			return false;
		out = own;
	} else {
		if (own.speed_mbps != other.speed_mbps || own.full_duplex != other.full_duplex)
			return false;
		out = own;
	}
	return out.speed_mbps != 0;
}

uint32_t Fman::if_status(const Port &p) const noexcept
{
	namespace st = memac_if_status;
	MacPort::Mode m;
	if (!resolve_link(p, m))
		return 0;
	uint32_t v = st::kLinkUp | (m.full_duplex ? st::kFullDuplex : 0);
	const uint32_t sp = m.speed_mbps;
	if (p.desc.phy == PhyKind::multirate)
		return v | st::kSpeed10G |
		       (sp >= 10000  ? 0
			: sp >= 5000 ? st::kLine5G
			: sp >= 2500 ? st::kLine2_5G
			: sp >= 1000 ? st::kLine1G
				     : st::kLine100M);
	v |= sp >= 10000  ? st::kSpeed10G
	     : sp >= 1000 ? st::kSpeed1G
	     : sp >= 100  ? st::kSpeed100M
			  : st::kSpeed10M;
	return v;
}

} // namespace dpaa::model
