/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fman/fman_mac.hpp"

#include <array>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_memac.hpp"

namespace dpaa::fman
{

namespace memac = hw::memac;

namespace
{
std::array<uint8_t, 6> to_array(const uint8_t a[6]) noexcept
{
	return {a[0], a[1], a[2], a[3], a[4], a[5]};
}
} // namespace

Mac::Mac(hw::RegisterWindow &ccsr, unsigned cell) noexcept
    : ccsr_(ccsr), cell_(cell), base_(hw::fman::mac_base(cell))
{
}

uint32_t Mac::rd(uint32_t off) noexcept
{
	return ccsr_.read32(base_ + off);
}

void Mac::wr(uint32_t off, uint32_t v) noexcept
{
	ccsr_.write32(base_ + off, v);
}

// Upper half, lower half, upper again: a carry between the two reads shows
// as a changed upper half, and the lower half is then read again.
uint64_t Mac::rd64(uint32_t lo_off) noexcept
{
	uint32_t hi = rd(lo_off + 4);
	uint32_t lo = rd(lo_off);
	const uint32_t hi2 = rd(lo_off + 4);
	if (hi2 != hi) {
		hi = hi2;
		lo = rd(lo_off);
	}
	return (uint64_t{hi} << 32) | lo;
}

void Mac::init(const uint8_t addr[6], uint32_t max_frame) noexcept
{
	// Frames are delivered as they were on the wire: no padding removal, no
	// FCS forwarding (the FMan strips it); short Tx frames are padded.
	wr(memac::kCommandConfig, memac::cmd::kTxPadEn);
	write_addr(0, addr);
	for (unsigned s = 0; s < kExtraAddrSlots; s++)
		clear_extra_addr(s);
	for (uint32_t b = 0; b < memac::hash::kBuckets; b++)
		wr(memac::kHashtableCtrl, b);
	set_max_frame(max_frame);
	set_pause({true, false, 0});
	wr(memac::kStatnConfig, memac::statn::kClear);
}

void Mac::enable(bool rx, bool tx) noexcept
{
	uint32_t c = rd(memac::kCommandConfig) & ~(memac::cmd::kRxEn | memac::cmd::kTxEn);
	if (rx)
		c |= memac::cmd::kRxEn;
	if (tx)
		c |= memac::cmd::kTxEn;
	wr(memac::kCommandConfig, c);
}

bool Mac::rx_enabled() noexcept
{
	return rd(memac::kCommandConfig) & memac::cmd::kRxEn;
}

void Mac::set_promiscuous(bool on) noexcept
{
	const uint32_t c = rd(memac::kCommandConfig);
	wr(memac::kCommandConfig,
	   on ? c | memac::cmd::kPromiscuous : c & ~memac::cmd::kPromiscuous);
}

void Mac::set_all_multicast(bool on) noexcept
{
	// The mEMAC has no all-multicast bit: with all 64 hash buckets set,
	// every group address hits one.
	for (uint32_t b = 0; b < memac::hash::kBuckets; b++)
		wr(memac::kHashtableCtrl, b | (on ? memac::hash::kMcastEn : 0));
}

void Mac::set_multicast_list(const uint8_t (*addrs)[6], unsigned n) noexcept
{
	uint64_t set = 0;
	for (unsigned i = 0; i < n; i++)
		set |= uint64_t{1} << memac::hash_bucket(to_array(addrs[i]));
	for (uint32_t b = 0; b < memac::hash::kBuckets; b++)
		wr(memac::kHashtableCtrl, b | ((set >> b) & 1 ? memac::hash::kMcastEn : 0));
}

void Mac::write_addr(unsigned slot, const uint8_t addr[6]) noexcept
{
	const std::array<uint8_t, 6> a = to_array(addr);
	wr(memac::mac_addr_lo(slot), memac::addr_lo(a));
	wr(memac::mac_addr_hi(slot), memac::addr_hi(a));
}

void Mac::set_primary_addr(const uint8_t addr[6]) noexcept
{
	write_addr(0, addr);
}

void Mac::primary_addr(uint8_t out[6]) noexcept
{
	const uint32_t lo = rd(memac::mac_addr_lo(0));
	const uint32_t hi = rd(memac::mac_addr_hi(0));
	for (unsigned i = 0; i < 4; i++)
		out[i] = static_cast<uint8_t>(lo >> (8 * i));
	out[4] = static_cast<uint8_t>(hi);
	out[5] = static_cast<uint8_t>(hi >> 8);
}

void Mac::set_extra_addr(unsigned slot, const uint8_t addr[6]) noexcept
{
	if (slot < kExtraAddrSlots)
		write_addr(slot + 1, addr);
}

void Mac::clear_extra_addr(unsigned slot) noexcept
{
	static constexpr uint8_t zero[6] = {};
	if (slot < kExtraAddrSlots)
		write_addr(slot + 1, zero);
}

void Mac::set_max_frame(uint32_t bytes) noexcept
{
	wr(memac::kMaxFrm, bytes & memac::kMaxFrmMask);
}

uint32_t Mac::max_frame() noexcept
{
	return rd(memac::kMaxFrm) & memac::kMaxFrmMask;
}

void Mac::set_pause(const PauseConfig &p) noexcept
{
	const uint32_t c = rd(memac::kCommandConfig);
	wr(memac::kCommandConfig,
	   p.rx ? c & ~memac::cmd::kPauseIgnore : c | memac::cmd::kPauseIgnore);
	// Class 0 quanta (CL01[15:0]) is what a plain 802.3x pause frame
	// carries; a quanta of 0 sends none. The refresh threshold is half of
	// it so that the peer's pause never runs out while the FIFO is full.
	const uint32_t q = p.tx ? p.quanta : 0;
	wr(memac::pause_quanta(0), q);
	wr(memac::pause_thresh(0), q / 2);
}

PauseConfig Mac::pause() noexcept
{
	PauseConfig p{};
	p.rx = !(rd(memac::kCommandConfig) & memac::cmd::kPauseIgnore);
	p.quanta = static_cast<uint16_t>(rd(memac::pause_quanta(0)));
	p.tx = p.quanta != 0;
	return p;
}

void Mac::set_loopback(bool on) noexcept
{
	const uint32_t c = rd(memac::kCommandConfig);
	wr(memac::kCommandConfig, on ? c | memac::cmd::kLoopback : c & ~memac::cmd::kLoopback);
}

bool Mac::loopback() noexcept
{
	return rd(memac::kCommandConfig) & memac::cmd::kLoopback;
}

void Mac::read_counters(MacCounters &o) noexcept
{
	namespace st = memac::stat;
	o.rx_octets_all = rd64(st::kREoct);
	o.rx_octets = rd64(st::kROct);
	o.rx_frames_ok = rd64(st::kRFrm);
	o.rx_ucast = rd64(st::kRUca);
	o.rx_mcast = rd64(st::kRMca);
	o.rx_bcast = rd64(st::kRBca);
	o.rx_pause = rd64(st::kRxPf);
	o.rx_control = rd64(st::kRCnp);
	o.rx_fcs_errors = rd64(st::kRFcs);
	o.rx_align_errors = rd64(st::kRAln);
	o.rx_errors = rd64(st::kRErr);
	o.rx_drops = rd64(st::kRDrp);
	o.rx_undersize = rd64(st::kRUnd);
	o.rx_oversize = rd64(st::kROvr);
	o.rx_fragments = rd64(st::kRFrg);
	o.rx_jabbers = rd64(st::kRJbr);
	o.rx_64 = rd64(st::kR64);
	o.rx_65_127 = rd64(st::kR127);
	o.rx_128_255 = rd64(st::kR255);
	o.rx_256_511 = rd64(st::kR511);
	o.rx_512_1023 = rd64(st::kR1023);
	o.rx_1024_1518 = rd64(st::kR1518);
	o.rx_1519_max = rd64(st::kR1519X);
	o.rx_vlan = rd64(st::kRVlan);
	o.tx_octets = rd64(st::kTOct);
	o.tx_frames_ok = rd64(st::kTFrm);
	o.tx_ucast = rd64(st::kTUca);
	o.tx_mcast = rd64(st::kTMca);
	o.tx_bcast = rd64(st::kTBca);
	o.tx_pause = rd64(st::kTxPf);
	o.tx_control = rd64(st::kTCnp);
	o.tx_errors = rd64(st::kTErr);
	o.tx_64 = rd64(st::kT64);
	o.tx_65_127 = rd64(st::kT127);
	o.tx_128_255 = rd64(st::kT255);
	o.tx_256_511 = rd64(st::kT511);
	o.tx_512_1023 = rd64(st::kT1023);
	o.tx_1024_1518 = rd64(st::kT1518);
	o.tx_1519_max = rd64(st::kT1519X);
	o.tx_vlan = rd64(st::kTVlan);
}

void Mac::clear_counters() noexcept
{
	wr(memac::kStatnConfig, memac::statn::kClear);
}

} // namespace dpaa::fman
