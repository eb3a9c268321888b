/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// One kind of resource ID as an emulated kernel hands them out (the USDPAA
// kernel's FQIDs, BPIDs, pool channels, CGRIDs): allocations come from
// given ranges, aligned, optionally partial; a reservation claims given IDs
// (the device tree's own FQIDs sit outside the ranges) if nobody holds
// them.
#pragma once

#include <cerrno>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace dpaa::emu
{

class IdAllocator
{
public:
	void set_ranges(std::vector<std::pair<uint32_t, uint32_t>> r) { ranges_ = std::move(r); }

	// 0 with base and num set, or -ENOMEM (none left of that size).
	int alloc(uint32_t &base, uint32_t &num, uint32_t align, bool partial)
	{
		if (align == 0)
			align = 1;
		if (num == 0 || (align & (align - 1)) != 0)
			return -EINVAL;
		uint32_t best_base = 0, best_num = 0;
		for (auto [first, count] : ranges_) {
			const uint64_t end = uint64_t(first) + count;
			for (uint64_t b = (first + align - 1) / align * uint64_t(align); b < end;
			     b += align) {
				uint32_t run = 0;
				while (b + run < end && run < num &&
				       !used_.count(uint32_t(b + run)))
					run++;
				if (run == num) {
					take(uint32_t(b), num);
					base = uint32_t(b);
					return 0;
				}
				if (run > best_num)
					best_num = run, best_base = uint32_t(b);
			}
		}
		if (!partial || best_num == 0)
			return -ENOMEM;
		take(best_base, best_num);
		base = best_base;
		num = best_num;
		return 0;
	}

	// -EBUSY if any of them is held.
	int reserve(uint32_t base, uint32_t num)
	{
		for (uint64_t i = base; i < uint64_t(base) + num; i++)
			if (used_.count(uint32_t(i)))
				return -EBUSY;
		take(base, num);
		return 0;
	}

	// -EINVAL if some of them were not held (nothing is released then).
	int release(uint32_t base, uint32_t num)
	{
		for (uint64_t i = base; i < uint64_t(base) + num; i++)
			if (!used_.count(uint32_t(i)))
				return -EINVAL;
		for (uint64_t i = base; i < uint64_t(base) + num; i++)
			used_.erase(uint32_t(i));
		return 0;
	}

	size_t held() const { return used_.size(); }

private:
	void take(uint32_t base, uint32_t num)
	{
		for (uint64_t i = base; i < uint64_t(base) + num; i++)
			used_.insert(uint32_t(i));
	}
	std::vector<std::pair<uint32_t, uint32_t>> ranges_;
	std::set<uint32_t> used_;
};

} // namespace dpaa::emu
