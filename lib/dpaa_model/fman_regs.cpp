/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan's registers: constexpr tables (offset, count, reset value, flags,
// read hook, write hook) per register block, as QEMU device models declare
// theirs; a register without a hook is plain storage, one not in any table
// reads back what was last written.

#include <algorithm>
#include <mutex>

#include "dpaa_hw/fman_timer.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/reported.hpp"
#include "dpaa_model/soc.hpp"

namespace dpaa::model
{

namespace fm = hw::fman;
namespace memac = hw::memac;

struct FmanRegs {
	using Port = Fman::Port;

	enum Flags : uint8_t {
		kRw = 0,
		kRo = 1, // writes ignored
	};

	// One register (count = 1) or an array of them (count consecutive words).
	template <typename Unit> struct Reg {
		uint32_t off;
		uint32_t count;
		uint32_t reset;
		uint8_t flags;
		uint32_t (*read)(Fman &, Unit &, uint32_t off);
		void (*write)(Fman &, Unit &, uint32_t off, uint32_t v);
	};

	// ------------------------------------------------------------ mEMAC
	static uint32_t mac_stat_read(Fman &, Port &p, uint32_t off)
	{
		unsigned slot = memac::stat::slot(off);
		uint64_t v = p.ctr[slot];
		bool upper = off & 4;
		if (upper && (p.m(memac::kStatnConfig) & memac::statn::kClearOnRead))
			p.ctr[slot] = 0;
		return upper ? static_cast<uint32_t>(v >> 32) : static_cast<uint32_t>(v);
	}
	static void statn_write(Fman &, Port &p, uint32_t, uint32_t v)
	{
		if (v & memac::statn::kClear)
			p.ctr.fill(0);
		// CLR is self-clearing: drivers poll it until it reads 0.
		p.m(memac::kStatnConfig) = v & ~memac::statn::kClear;
	}
	static void command_config_write(Fman &, Port &p, uint32_t, uint32_t v)
	{
		p.m(memac::kCommandConfig) = v & ~memac::cmd::kSwReset;
	}
	static void maxfrm_write(Fman &, Port &p, uint32_t, uint32_t v)
	{
		p.m(memac::kMaxFrm) = v & memac::kMaxFrmMask;
	}
	static uint32_t write_only_read(Fman &, Port &, uint32_t) { return 0; }
	static void hash_write(Fman &, Port &p, uint32_t, uint32_t v)
	{
		uint64_t bit = uint64_t{1} << (v & memac::hash::kAddrMask);
		if (v & memac::hash::kMcastEn)
			p.hash_buckets |= bit;
		else
			p.hash_buckets &= ~bit;
	}
	static void addr_write(Fman &fman, Port &p, uint32_t off, uint32_t v)
	{
		p.m(off) = v;
		unsigned slot = off < 0x080 ? 0 : 1 + (off - 0x080) / 8;
		fman.decode_addr(p, slot);
	}
	static uint32_t if_status_read(Fman &fman, Port &p, uint32_t) { return fman.if_status(p); }

	static constexpr Reg<Port> kMacRegs[] = {
		{memac::kCommandConfig, 1, memac::cmd::kReset, kRw, nullptr, command_config_write},
		{memac::kMacAddr0Lo, 2, 0, kRw, nullptr, addr_write},
		{memac::kMaxFrm, 1, memac::kMaxFrmReset, kRw, nullptr, maxfrm_write},
		{memac::kHashtableCtrl, 1, 0, kRw, write_only_read, hash_write},
		{memac::mac_addr_lo(1), 2 * memac::kNumExtraAddrs, 0, kRw, nullptr, addr_write},
		{memac::kStatnConfig, 1, 0, kRw, nullptr, statn_write},
		{memac::stat::kFirst, (memac::stat::kEnd - memac::stat::kFirst) / 4, 0, kRo,
		 mac_stat_read, nullptr},
		{memac::kIfStatus, 1, 0, kRo, if_status_read, nullptr},
	};

	// ------------------------------------------------------------ BMI Rx port
	static void rebmpi_write(Fman &fman, Port &p, uint32_t off, uint32_t v)
	{
		p.r(off) = v;
		fman.decode_pools(p);
	}
	static constexpr Reg<Port> kRxRegs[] = {
		{fm::bmi_rx::kRst, 1, 0, kRo, nullptr, nullptr},
		{fm::bmi_rx::kRicp, 1, fm::icp::kDefault, kRw, nullptr, nullptr},
		{fm::bmi_rx::kRfne, 1, fm::nia::kEngParser, kRw, nullptr, nullptr},
		{fm::bmi_rx::kRfpne, 1, fm::nia::kEnqueue, kRw, nullptr, nullptr},
		{fm::bmi_rx::rebmpi(0), fm::bmi_rx::kNumExtPools, 0, kRw, nullptr, rebmpi_write},
		{fm::bmi_rx::kRstc, 1, fm::bmi_rx::kStatsEn, kRw, nullptr, nullptr},
	};

	// ------------------------------------------------------------ BMI Tx port
	static constexpr Reg<Port> kTxRegs[] = {
		{fm::bmi_tx::kTst, 1, 0, kRo, nullptr, nullptr},
		{fm::bmi_tx::kTicp, 1, fm::icp::kDefault, kRw, nullptr, nullptr},
		{fm::bmi_tx::kTstc, 1, fm::bmi_rx::kStatsEn, kRw, nullptr, nullptr},
	};

	// ------------------------------------------------------------ FPM, IRAM
	static uint32_t idata_read(Fman &fman, Fman &, uint32_t)
	{
		// The microcode itself is not modelled; its version word is.
		uint32_t &iadd = fman.iram_[fm::iram::kIadd / 4];
		const uint32_t addr = iadd & ~fm::iram::kIaddAie;
		const uint32_t v =
			addr == fm::iram::kUcodeVersionAddr ? reported::kUcodeVersion : 0;
		if (iadd & fm::iram::kIaddAie)
			iadd = fm::iram::kIaddAie | (addr + 4);
		return v;
	}
	static void ignore_write(Fman &, Fman &, uint32_t, uint32_t) {}

	static constexpr Reg<Fman> kFpmRegs[] = {
		{fm::fpm::kIpRev1, 1, reported::kFmIpRev1, kRo, nullptr, nullptr},
		{fm::fpm::kIpRev2, 1, 0, kRo, nullptr, nullptr},
	};
	static constexpr Reg<Fman> kIramRegs[] = {
		{fm::iram::kIadd, 1, 0, kRw, nullptr, nullptr},
		{fm::iram::kIdata, 1, 0, kRw, idata_read, ignore_write},
		{fm::iram::kIready, 1, fm::iram::kIreadyReady, kRo, nullptr, nullptr},
	};

	template <typename Unit, size_t N>
	static const Reg<Unit> *find(const Reg<Unit> (&table)[N], uint32_t off)
	{
		for (const Reg<Unit> &r : table)
			if (off >= r.off && off < r.off + 4 * r.count)
				return &r;
		return nullptr;
	}

	template <typename Unit, size_t N>
	static uint32_t read(Fman &fman, const Reg<Unit> (&table)[N], Unit &u, uint32_t *words,
			     uint32_t off)
	{
		const Reg<Unit> *r = find(table, off);
		if (r != nullptr && r->read != nullptr)
			return r->read(fman, u, off);
		return words[off / 4];
	}

	template <typename Unit, size_t N>
	static void write(Fman &fman, const Reg<Unit> (&table)[N], Unit &u, uint32_t *words,
			  uint32_t off, uint32_t v)
	{
		const Reg<Unit> *r = find(table, off);
		if (r != nullptr && (r->flags & kRo)) {
			fman.faults_.read_only_write++;
			return;
		}
		if (r != nullptr && r->write != nullptr)
			return r->write(fman, u, off, v);
		words[off / 4] = v;
	}

	template <typename Unit, size_t N>
	static void reset(const Reg<Unit> (&table)[N], uint32_t *words, size_t nwords)
	{
		std::fill(words, words + nwords, 0u);
		for (const Reg<Unit> &r : table)
			for (uint32_t i = 0; i < r.count; i++)
				words[r.off / 4 + i] = r.reset;
	}

	// Which block an offset falls in.
	struct Target {
		enum Kind { none, mac, rx_port, tx_port, keygen, fpm, iram, timer } kind;
		Port *port;
		uint32_t off; // relative to the block
	};
	static Target decode(Fman &fman, uint32_t off)
	{
		if (off >= fm::kMacBase && off < fm::kMacBase + fm::kMaxMacs * fm::kMacStride) {
			unsigned cell = (off - fm::kMacBase) / fm::kMacStride;
			uint32_t rel = (off - fm::kMacBase) % fm::kMacStride;
			if (rel < fm::kMacSize && fman.ports_[cell])
				return {Target::mac, fman.ports_[cell].get(), rel};
			return {Target::none, nullptr, off};
		}
		if (off >= fm::kPortPagesBase &&
		    off < fm::kPortPagesBase + fm::kNumPortIds * fm::kPortPageSize) {
			unsigned id = (off - fm::kPortPagesBase) / fm::kPortPageSize;
			uint32_t rel = (off - fm::kPortPagesBase) % fm::kPortPageSize;
			for (auto &p : fman.ports_) {
				if (!p)
					continue;
				if (p->rx_port_id == id)
					return {Target::rx_port, p.get(), rel};
				if (p->tx_port_id == id)
					return {Target::tx_port, p.get(), rel};
			}
			return {Target::none, nullptr, off};
		}
		if (off >= fm::kg::kBase && off < fm::kg::kBase + 0x200)
			return {Target::keygen, nullptr, off - fm::kg::kBase};
		if (off >= fm::fpm::kBase && off < fm::fpm::kBase + 0x1000)
			return {Target::fpm, nullptr, off - fm::fpm::kBase};
		if (off >= fm::iram::kBase && off < fm::iram::kBase + 4 * 4)
			return {Target::iram, nullptr, off - fm::iram::kBase};
		if (off >= hw::fman_timer::kBlockOffset &&
		    off < hw::fman_timer::kBlockOffset + hw::fman_timer::kBlockSize)
			return {Target::timer, nullptr, off - hw::fman_timer::kBlockOffset};
		return {Target::none, nullptr, off};
	}
};

uint32_t Fman::reg_read(uint32_t off) noexcept
{
	off &= (fm::kWindowSize - 1) & ~3u;
	FmanRegs::Target t = FmanRegs::decode(*this, off);
	switch (t.kind) {
	case FmanRegs::Target::mac:
		return FmanRegs::read(*this, FmanRegs::kMacRegs, *t.port, t.port->mac.data(),
				      t.off);
	case FmanRegs::Target::rx_port:
		return FmanRegs::read(*this, FmanRegs::kRxRegs, *t.port, t.port->rx.data(), t.off);
	case FmanRegs::Target::tx_port:
		return FmanRegs::read(*this, FmanRegs::kTxRegs, *t.port, t.port->tx.data(), t.off);
	case FmanRegs::Target::keygen:
		return keygen_.read(t.off);
	case FmanRegs::Target::fpm:
		return FmanRegs::read(*this, FmanRegs::kFpmRegs, *this, fpm_.data(), t.off);
	case FmanRegs::Target::iram:
		return FmanRegs::read(*this, FmanRegs::kIramRegs, *this, iram_.data(), t.off);
	case FmanRegs::Target::timer:
		return timer_.read(t.off, timer_access_ns());
	case FmanRegs::Target::none:
		break;
	}
	auto it = plain_.find(off);
	return it == plain_.end() ? 0 : it->second;
}

void Fman::reg_write(uint32_t off, uint32_t v) noexcept
{
	off &= (fm::kWindowSize - 1) & ~3u;
	FmanRegs::Target t = FmanRegs::decode(*this, off);
	switch (t.kind) {
	case FmanRegs::Target::mac:
		return FmanRegs::write(*this, FmanRegs::kMacRegs, *t.port, t.port->mac.data(),
				       t.off, v);
	case FmanRegs::Target::rx_port:
		FmanRegs::write(*this, FmanRegs::kRxRegs, *t.port, t.port->rx.data(), t.off, v);
		return decode_rx_port(*t.port);
	case FmanRegs::Target::tx_port:
		return FmanRegs::write(*this, FmanRegs::kTxRegs, *t.port, t.port->tx.data(), t.off,
				       v);
	case FmanRegs::Target::keygen:
		keygen_.write(t.off, v);
		if (t.off == fm::kg::kAr && (keygen_.read(fm::kg::kAr) & fm::kg::kArErr))
			faults_.keygen_bad_access++;
		return;
	case FmanRegs::Target::fpm:
		return FmanRegs::write(*this, FmanRegs::kFpmRegs, *this, fpm_.data(), t.off, v);
	case FmanRegs::Target::iram:
		return FmanRegs::write(*this, FmanRegs::kIramRegs, *this, iram_.data(), t.off, v);
	case FmanRegs::Target::timer:
		return timer_.write(t.off, v, timer_access_ns());
	case FmanRegs::Target::none:
		break;
	}
	plain_[off] = v;
}

uint32_t Fman::Window::read32(uint32_t off) noexcept
{
	std::lock_guard<std::mutex> g(owner.soc_.lock());
	return owner.reg_read(off);
}

void Fman::Window::write32(uint32_t off, uint32_t v) noexcept
{
	std::lock_guard<std::mutex> g(owner.soc_.lock());
	owner.reg_write(off, v);
}

void Fman::reset() noexcept
{
	for (auto &pp : ports_) {
		if (!pp)
			continue;
		Port &p = *pp;
		FmanRegs::reset(FmanRegs::kMacRegs, p.mac.data(), p.mac.size());
		FmanRegs::reset(FmanRegs::kRxRegs, p.rx.data(), p.rx.size());
		FmanRegs::reset(FmanRegs::kTxRegs, p.tx.data(), p.tx.size());
		p.m(memac::kIfMode) = p.desc.type == MacType::memac_10g ? memac::if_mode::k10G
									: memac::if_mode::kGmii;
		p.ctr.fill(0);
		p.addrs.fill(0);
		p.hash_buckets = 0;
		p.num_pools = 0;
		p.pools_ascending = true;
		decode_rx_port(p);
		p.ring = TxRing{};
	}
	keygen_.reset();
	FmanRegs::reset(FmanRegs::kFpmRegs, fpm_.data(), fpm_.size());
	FmanRegs::reset(FmanRegs::kIramRegs, iram_.data(), iram_.size());
	plain_.clear();
}

} // namespace dpaa::model
