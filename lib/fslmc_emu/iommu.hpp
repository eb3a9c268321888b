/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The IOMMU of the emulated VFIO container: what VFIO_IOMMU_MAP_DMA mapped
// (IOVA -> the process's address) is all the modelled SoC can reach. Every
// address a DPAA2 block takes from the driver (frame descriptors, pull
// storage, congestion records, distribution keys) goes through to_host();
// an IOVA nobody mapped is refused, as the SMMU would fault the access, and
// counted (logged once).
//
// The table changes under the System lock (the emulation holds it for
// every ioctl), and the model reads it under the same lock, so lookups take
// no lock of their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

#include "dpaa_model/bus_memory.hpp"

namespace dpaa2::emu
{

class IommuTable final : public dpaa::model::BusMemory
{
public:
	// 0, or -EEXIST when the range overlaps a mapping (type1's answer).
	int map(uint64_t iova, uint64_t vaddr, uint64_t size);
	// Removes the mappings that start inside [iova, iova + size) (type1
	// v1 unmaps whole mappings); the bytes it removed.
	uint64_t unmap(uint64_t iova, uint64_t size);

	void *to_host(uint64_t bus, size_t len) noexcept override;

	size_t mappings() const noexcept { return maps_.size(); }
	uint64_t refused() const noexcept { return refused_; }

private:
	struct Mapping {
		uint64_t vaddr;
		uint64_t size;
	};
	std::map<uint64_t, Mapping> maps_; // by IOVA
	// The last mapping a lookup hit: frames of one pool come in runs.
	uint64_t last_iova_ = 0, last_vaddr_ = 0, last_size_ = 0;
	uint64_t refused_ = 0;
};

} // namespace dpaa2::emu
