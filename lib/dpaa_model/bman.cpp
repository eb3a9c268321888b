/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/bman.hpp"

namespace dpaa::model
{

namespace ccsr = hw::bm::ccsr;

Bman::Bman() : ccsr_(*this) {}

void Bman::update_depletion(Pool &p)
{
	const size_t n = p.bufs.size();
	// Entry below SW_DET, exit above SW_DXT (hysteresis); a zero entry
	// threshold disables depletion for the pool.
	if (!p.depleted) {
		if (n < p.entry_below) {
			p.depleted = true;
			p.depletion_entries++;
		}
	} else if (n > p.exit_above) {
		p.depleted = false;
	}
}

bool Bman::release(uint8_t bpid, uint64_t addr)
{
	if (bpid >= kNumPools)
		return false;
	Pool &p = pools_[bpid];
	p.bufs.push_back(addr & hw::bm::kAddrMask48);
	update_depletion(p);
	return true;
}

bool Bman::release(uint8_t bpid, const uint64_t *addrs, unsigned n)
{
	if (bpid >= kNumPools)
		return false;
	Pool &p = pools_[bpid];
	p.bufs.push_back(addrs, n, hw::bm::kAddrMask48);
	update_depletion(p);
	return true;
}

unsigned Bman::acquire(uint8_t bpid, uint64_t *out, unsigned n)
{
	if (bpid >= kNumPools || n == 0)
		return 0;
	Pool &p = pools_[bpid];
	if (p.bufs.size() < n)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		out[i] = p.order == PoolOrder::fifo ? p.bufs.pop_front() : p.bufs.pop_back();
	}
	update_depletion(p);
	return n;
}

uint32_t Bman::free_count(uint8_t bpid) const
{
	return bpid < kNumPools ? static_cast<uint32_t>(pools_[bpid].bufs.size()) : 0;
}

bool Bman::depleted(uint8_t bpid) const
{
	return bpid < kNumPools && pools_[bpid].depleted;
}

uint64_t Bman::depletion_entries(uint8_t bpid) const
{
	return bpid < kNumPools ? pools_[bpid].depletion_entries : 0;
}

void Bman::set_order(uint8_t bpid, PoolOrder order)
{
	if (bpid < kNumPools)
		pools_[bpid].order = order;
}

void Bman::query(hw::bm::PoolBitmap &available, hw::bm::PoolBitmap &depleted) const
{
	for (unsigned i = 0; i < kNumPools; i++) {
		available.set(i, !pools_[i].bufs.empty());
		depleted.set(i, pools_[i].depleted);
	}
}

// The per-pool CCSR register arrays the model implements (64 words each),
// dispatched from a table: base, backing field (none: computed), writable.
const Bman::PoolRegister *Bman::pool_register(uint32_t off, unsigned &bpid)
{
	static constexpr PoolRegister kTable[] = {
		{ccsr::pool_swdet(0), &Pool::swdet, true}, // POOL_SWDET
		{ccsr::pool_hwdet(0), &Pool::hwdet, true}, // POOL_HWDET
		{ccsr::pool_swdxt(0), &Pool::swdxt, true}, // POOL_SWDXT
		{ccsr::pool_hwdxt(0), &Pool::hwdxt, true}, // POOL_HWDXT
		{ccsr::pool_content(0), nullptr, false},   // POOL_CONTENT: the live count
	};
	if (off % 4 != 0)
		return nullptr;
	for (const PoolRegister &r : kTable)
		if (off >= r.base && off < r.base + 4 * kNumPools) {
			bpid = (off - r.base) / 4;
			return &r;
		}
	return nullptr;
}

uint32_t Bman::ccsr_read(uint32_t off) const
{
	unsigned bpid = 0;
	const PoolRegister *r = pool_register(off, bpid);
	if (r == nullptr)
		return 0; // not modelled: reads as zero
	if (r->field == nullptr)
		return free_count(static_cast<uint8_t>(bpid));
	return pools_[bpid].*(r->field);
}

namespace
{

// Registers of the block other than the pool arrays: defined on silicon, not
// modelled (reads 0, writes ignored).
bool other_register(uint32_t off) noexcept
{
	namespace c = hw::bm::ccsr;
	if (off % 4 != 0)
		return false;
	if ((off >= c::pool_swdet(0) && off < c::pool_hwdxt(0) + 4 * Bman::kNumPools) ||
	    (off >= 0x0400 && off < 0x0600) || // POOL_SDCNT, POOL_HDCNT
	    (off >= c::pool_content(0) && off < c::pool_content(0) + 8 * Bman::kNumPools))
		return true; // POOL_* arrays, POOL_HDPTR included
	switch (off) {
	case c::kFbprFpc:
	case c::kStateIdle:
	case c::kStateStop:
	case c::kEcsr:
	case c::kEcir:
	case c::kEadr:
	case c::kIpRev1:
	case c::kIpRev2:
	case c::kFbprBare:
	case c::kFbprBar:
	case c::kFbprAr:
	case c::kSrcidr:
	case c::kLiodnr:
		return true;
	default:
		return (off >= c::kEdata0 && off < c::kEdata0 + 8 * 4) ||
		       (off >= c::kSbec0 && off < c::kSbec0 + 2 * 4) ||
		       (off >= c::kErrIsr && off < c::kErrIsr + 4 * 4);
	}
}

} // namespace

void Bman::ccsr_write(uint32_t off, uint32_t v)
{
	unsigned bpid = 0;
	const PoolRegister *r = off < ccsr::kWindowSize ? pool_register(off, bpid) : nullptr;
	if (r == nullptr) {
		// Defined but not modelled: ignored. Anything else is not a
		// register of the block: misuse.
		if (off >= ccsr::kWindowSize || !other_register(off))
			bad_ccsr_writes_++;
		return;
	}
	if (!r->writable)
		return; // POOL_CONTENT is read-only
	Pool &p = pools_[bpid];
	p.*(r->field) = v & 0xfff; // 8-bit mantissa, 4-bit exponent
	p.entry_below = ccsr::thresh::value(p.swdet);
	p.exit_above = ccsr::thresh::value(p.swdxt);
	update_depletion(p);
}

uint32_t Bman::Ccsr::read32(uint32_t off) noexcept
{
	if (lock == nullptr)
		return bman.ccsr_read(off);
	std::lock_guard<std::mutex> g(*lock);
	return bman.ccsr_read(off);
}

void Bman::Ccsr::write32(uint32_t off, uint32_t v) noexcept
{
	if (lock == nullptr)
		return bman.ccsr_write(off, v);
	std::lock_guard<std::mutex> g(*lock);
	bman.ccsr_write(off, v);
}

} // namespace dpaa::model
