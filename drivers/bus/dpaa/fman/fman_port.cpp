/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fman/fman_port.hpp"

#include <cerrno>

#include "dpaa_hw/fman_ccsr.hpp"

namespace dpaa::fman
{

namespace f = hw::fman;

namespace
{
// Polls of FMKG_AR before KeyGen is declared stuck. The silicon answers in
// a few FMan cycles; the model answers inside the register write.
constexpr unsigned kKgPolls = 100000;

int kg_action(hw::RegisterWindow &ccsr, uint32_t ar) noexcept
{
	ccsr.write32(f::kg::kBase + f::kg::kAr, ar);
	for (unsigned i = 0; i < kKgPolls; i++) {
		const uint32_t v = ccsr.read32(f::kg::kBase + f::kg::kAr);
		if (!(v & f::kg::kArGo))
			return (v & f::kg::kArErr) ? -EIO : 0;
	}
	return -ETIMEDOUT;
}

void kg_window(hw::RegisterWindow &ccsr, uint32_t off, uint32_t v) noexcept
{
	ccsr.write32(f::kg::kBase + off, v);
}
} // namespace

// ---------------------------------------------------------------- Rx

RxPort::RxPort(hw::RegisterWindow &ccsr, uint8_t port_id) noexcept : ccsr_(ccsr), port_id_(port_id)
{
}

void RxPort::configure(const RxPortConfig &c) noexcept
{
	const uint32_t page = f::port_page(port_id_);
	auto wr = [&](uint32_t off, uint32_t v) { ccsr_.write32(page + off, v); };
	namespace rx = f::bmi_rx;

	wr(rx::kRcfg, 0);
	// Internal context: parse results and hash copied into the buffer at
	// c.icp_offset (the layout fman_ccsr.hpp's icp::kDefault describes).
	wr(rx::kRicp, f::icp::make(c.icp_offset, f::icp::kIcParseResult, 0x30));
	wr(rx::kRebm, f::bmi_rx::rebm(c.data_offset, 0) | (c.scatter ? 0 : rx::kRebmSgDisable));
	wr(rx::rebmpi(0), rx::pool(c.bpid, static_cast<uint16_t>(c.buf_size)));
	for (unsigned i = 1; i < rx::kNumExtPools; i++)
		wr(rx::rebmpi(i), 0);
	// Parse every frame; after the parser, enqueue (KeyGen when
	// set_distribution() turns it on); enqueue through the QMI.
	wr(rx::kRfne, f::nia::kEngParser);
	wr(rx::kRfpne, f::nia::kEnqueue);
	wr(rx::kRfene, f::nia::kEngQmiEnq);
	wr(rx::kRfqid, c.default_fqid);
	wr(rx::kRefqid, c.error_fqid);
	// Frames with an error go to the error FQ (counted there), none is
	// silently discarded.
	wr(rx::kRfsdm, 0);
	wr(rx::kRfsem, 0xffffffff);
	wr(rx::kRstc, rx::kStatsEn);
	ccsr_.write32(page + f::qmi::kPageOffset + f::qmi::kPnc, f::qmi::kPncEn);
}

void RxPort::enable(bool on) noexcept
{
	const uint32_t off = f::port_page(port_id_) + f::bmi_rx::kRcfg;
	const uint32_t v = ccsr_.read32(off);
	ccsr_.write32(off, on ? v | f::bmi_rx::kCfgEn : v & ~f::bmi_rx::kCfgEn);
}

int RxPort::set_distribution(uint32_t fqid_base, unsigned nqueues, uint32_t fields) noexcept
{
	const uint32_t page = f::port_page(port_id_);
	namespace kg = f::kg;
	const unsigned s = scheme();
	const bool on = fields != 0 && nqueues > 1;

	// The scheme: extract 'fields', hash them, FQID = base + (hash & mask),
	// then enqueue.
	for (unsigned w = 0; w < kg::kSchemeWords; w++)
		kg_window(ccsr_, kg::kSeMode + 4 * w, 0);
	if (on) {
		kg_window(ccsr_, kg::kSeMode, kg::kModeEn | f::nia::kEnqueue);
		kg_window(ccsr_, kg::kSeEkfc, fields);
		kg_window(ccsr_, kg::kSeFqb, fqid_base);
		kg_window(ccsr_, kg::kSeHc, kg::hc(nqueues));
	}
	int ret = kg_action(ccsr_, kg::ar_scheme(s, false));
	if (ret < 0)
		return ret;
	// The port may use its scheme (bit 31 is scheme 0).
	kg_window(ccsr_, kg::kPeSp, on ? 0x80000000u >> s : 0);
	kg_window(ccsr_, kg::kPeCpp, 0);
	ret = kg_action(ccsr_, kg::ar_port(port_id_, false));
	if (ret < 0)
		return ret;
	ccsr_.write32(page + f::bmi_rx::kRfpne, on ? f::nia::keygen_scheme(s) : f::nia::kEnqueue);
	return 0;
}

void RxPort::read_counters(PortCounters &o) noexcept
{
	const uint32_t page = f::port_page(port_id_);
	auto rd = [&](uint32_t off) -> uint64_t { return ccsr_.read32(page + off); };
	namespace rx = f::bmi_rx;
	o.frames = rd(rx::kRfrc);
	o.discards = rd(rx::kRfdc);
	o.bad_frames = rd(rx::kRfbc);
	o.large_frames = rd(rx::kRlfc);
	o.no_buffer = rd(rx::kRodc);
	o.dealloc_bufs = rd(rx::kRbdc);
}

// ---------------------------------------------------------------- Tx

TxPort::TxPort(hw::RegisterWindow &ccsr, uint8_t port_id) noexcept : ccsr_(ccsr), port_id_(port_id)
{
}

void TxPort::configure(uint32_t confirm_fqid, uint32_t error_fqid) noexcept
{
	const uint32_t page = f::port_page(port_id_);
	auto wr = [&](uint32_t off, uint32_t v) { ccsr_.write32(page + off, v); };
	namespace tx = f::bmi_tx;
	wr(tx::kTcfg, 0);
	// The prepended data software writes for checksum offload (FD RPD)
	// sits where Rx puts it: the parse result at buffer offset 0x10.
	wr(tx::kTicp, f::icp::kDefault);
	wr(tx::kTcfqid, confirm_fqid);
	wr(tx::kTefqid, error_fqid);
	wr(tx::kTstc, f::bmi_rx::kStatsEn);
	ccsr_.write32(page + f::qmi::kPageOffset + f::qmi::kPnc, f::qmi::kPncEn);
}

void TxPort::enable(bool on) noexcept
{
	const uint32_t off = f::port_page(port_id_) + f::bmi_tx::kTcfg;
	const uint32_t v = ccsr_.read32(off);
	ccsr_.write32(off, on ? v | f::bmi_tx::kCfgEn : v & ~f::bmi_tx::kCfgEn);
}

void TxPort::read_counters(PortCounters &o) noexcept
{
	const uint32_t page = f::port_page(port_id_);
	auto rd = [&](uint32_t off) -> uint64_t { return ccsr_.read32(page + off); };
	namespace tx = f::bmi_tx;
	o = PortCounters{};
	o.frames = rd(tx::kTfrc);
	o.discards = rd(tx::kTfdc);
	o.bad_frames = rd(tx::kTfledc) + rd(tx::kTfufdc);
	o.dealloc_bufs = rd(tx::kTbdc);
}

// ---------------------------------------------------------------- FMan

FmanVersion read_version(hw::RegisterWindow &ccsr) noexcept
{
	FmanVersion v{};
	const uint32_t rev = ccsr.read32(f::fpm::kBase + f::fpm::kIpRev1);
	v.major = static_cast<uint8_t>((rev & f::fpm::kRev1MajorMask) >> f::fpm::kRev1MajorShift);
	v.minor = static_cast<uint8_t>(rev & f::fpm::kRev1MinorMask);
	ccsr.write32(f::iram::kBase + f::iram::kIadd, f::iram::kUcodeVersionAddr);
	const uint32_t uc = ccsr.read32(f::iram::kBase + f::iram::kIdata);
	ccsr.write32(f::iram::kBase + f::iram::kIadd, 0);
	v.ucode_major = static_cast<uint16_t>(uc >> 16);
	v.ucode_minor = static_cast<uint8_t>(uc >> 8);
	v.ucode_rev = static_cast<uint8_t>(uc);
	return v;
}

} // namespace dpaa::fman
