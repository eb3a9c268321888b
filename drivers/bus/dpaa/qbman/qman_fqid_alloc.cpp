/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "qbman/qman_fqid_alloc.hpp"

#include <cerrno>
#include <new>

#include "dpaa_hw/qman_portal.hpp"
#include "qbman/checking.hpp"

namespace dpaa::qbman
{

void FqidAllocator::lock() const noexcept
{
	while (locked_.test_and_set(std::memory_order_acquire))
		cpu_relax();
}

int FqidAllocator::init(uint32_t first, uint32_t count) noexcept
{
	if (count == 0 || first == 0 || first > hw::qm::kFqidMask ||
	    count - 1 > hw::qm::kFqidMask - first)
		return -EINVAL;
	uint64_t *bits = new (std::nothrow) uint64_t[(count + 63) / 64]();
	if (bits == nullptr)
		return -ENOMEM;
	lock();
	bits_.reset(bits);
	first_ = first;
	count_ = count;
	used_ = 0;
	unlock();
	return 0;
}

bool FqidAllocator::range_free(uint32_t rel, uint32_t count) const noexcept
{
	for (uint32_t i = 0; i < count; i++)
		if (test(rel + i))
			return false;
	return true;
}

int64_t FqidAllocator::alloc(uint32_t count, uint32_t align) noexcept
{
	if (count == 0 || align == 0 || (align & (align - 1)) != 0)
		return -EINVAL;
	lock();
	int64_t found = -ENOSPC;
	// Candidates are aligned in FQID space, not relative to the range.
	uint64_t fqid = (uint64_t{first_} + align - 1) & ~uint64_t{align - 1};
	for (; fqid + count <= uint64_t{first_} + count_; fqid += align) {
		const uint32_t rel = static_cast<uint32_t>(fqid - first_);
		if (range_free(rel, count)) {
			for (uint32_t i = 0; i < count; i++)
				set(rel + i, true);
			used_ += count;
			found = static_cast<int64_t>(fqid);
			break;
		}
	}
	unlock();
	return found;
}

int FqidAllocator::reserve(uint32_t first, uint32_t count) noexcept
{
	if (count == 0 || first < first_ || uint64_t{first} + count > uint64_t{first_} + count_)
		return -EINVAL;
	lock();
	const uint32_t rel = first - first_;
	int rc = -EBUSY;
	if (range_free(rel, count)) {
		for (uint32_t i = 0; i < count; i++)
			set(rel + i, true);
		used_ += count;
		rc = 0;
	}
	unlock();
	return rc;
}

int FqidAllocator::free(uint32_t first, uint32_t count) noexcept
{
	if (count == 0 || first < first_ || uint64_t{first} + count > uint64_t{first_} + count_)
		return -EINVAL;
	lock();
	const uint32_t rel = first - first_;
	int rc = 0;
	for (uint32_t i = 0; i < count; i++)
		if (!test(rel + i))
			rc = -EINVAL;
	if (rc == 0) {
		for (uint32_t i = 0; i < count; i++)
			set(rel + i, false);
		used_ -= count;
	}
	unlock();
	return rc;
}

uint32_t FqidAllocator::available() const noexcept
{
	lock();
	const uint32_t a = count_ - used_;
	unlock();
	return a;
}

} // namespace dpaa::qbman
