/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fslmc_emu/iommu.hpp"

#include <cerrno>

#include "emu_common/log.hpp"

namespace dpaa2::emu
{

int IommuTable::map(uint64_t iova, uint64_t vaddr, uint64_t size)
{
	auto next = maps_.lower_bound(iova);
	if (next != maps_.end() && next->first < iova + size)
		return -EEXIST;
	if (next != maps_.begin()) {
		auto prev = std::prev(next);
		if (prev->first + prev->second.size > iova)
			return -EEXIST;
	}
	maps_.emplace(iova, Mapping{vaddr, size});
	return 0;
}

uint64_t IommuTable::unmap(uint64_t iova, uint64_t size)
{
	uint64_t removed = 0;
	auto it = maps_.lower_bound(iova);
	while (it != maps_.end() && it->first < iova + size) {
		removed += it->second.size;
		it = maps_.erase(it);
	}
	last_size_ = 0;
	return removed;
}

void *IommuTable::to_host(uint64_t bus, size_t len) noexcept
{
	if (bus - last_iova_ < last_size_ && len <= last_size_ - (bus - last_iova_))
		return reinterpret_cast<void *>(
			static_cast<uintptr_t>(last_vaddr_ + (bus - last_iova_)));
	auto it = maps_.upper_bound(bus);
	if (it != maps_.begin()) {
		--it;
		const uint64_t off = bus - it->first;
		if (off < it->second.size && len <= it->second.size - off) {
			last_iova_ = it->first;
			last_vaddr_ = it->second.vaddr;
			last_size_ = it->second.size;
			return reinterpret_cast<void *>(
				static_cast<uintptr_t>(it->second.vaddr + off));
		}
	}
	refused_++;
	dpaa::emu::log_once("iova",
			    "the SoC reached IOVA 0x%llx (+%zu), which no VFIO_IOMMU_MAP_DMA "
			    "mapped: refused, as the SMMU would fault it",
			    static_cast<unsigned long long>(bus), len);
	return nullptr;
}

} // namespace dpaa2::emu
