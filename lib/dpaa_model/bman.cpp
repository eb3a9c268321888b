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
		if (n < ccsr::thresh::value(p.swdet)) {
			p.depleted = true;
			p.depletion_entries++;
		}
	} else if (n > ccsr::thresh::value(p.swdxt)) {
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

unsigned Bman::acquire(uint8_t bpid, uint64_t *out, unsigned n)
{
	if (bpid >= kNumPools || n == 0)
		return 0;
	Pool &p = pools_[bpid];
	if (p.bufs.size() < n)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		if (p.order == PoolOrder::fifo) {
			out[i] = p.bufs.front();
			p.bufs.pop_front();
		} else {
			out[i] = p.bufs.back();
			p.bufs.pop_back();
		}
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

uint32_t Bman::ccsr_read(uint32_t off) const
{
	const unsigned bpid = (off & 0xff) / 4;
	switch (off & ~0xffu) {
	case 0x000:
		return pools_[bpid].swdet;
	case 0x100:
		return pools_[bpid].hwdet;
	case 0x200:
		return pools_[bpid].swdxt;
	case 0x300:
		return pools_[bpid].hwdxt;
	case 0x600:
		return free_count(static_cast<uint8_t>(bpid));
	default:
		return 0;
	}
}

void Bman::ccsr_write(uint32_t off, uint32_t v)
{
	const unsigned bpid = (off & 0xff) / 4;
	Pool &p = pools_[bpid];
	v &= 0xfff; // 8-bit mantissa, 4-bit exponent
	switch (off & ~0xffu) {
	case 0x000:
		p.swdet = v;
		break;
	case 0x100:
		p.hwdet = v;
		break;
	case 0x200:
		p.swdxt = v;
		break;
	case 0x300:
		p.hwdxt = v;
		break;
	default:
		return; // POOL_CONTENT and the rest are read-only here
	}
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
