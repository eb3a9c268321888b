/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// How a modelled block reaches memory that a bus address names, like an IOMMU
// would: the model never turns a bus address into a pointer by itself. QMan
// and BMan only carry 40/48-bit addresses; blocks that touch frame data
// (FMan) translate through this interface.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dpaa::model
{

class BusMemory
{
public:
	// Host pointer to [bus, bus + len), or nullptr if the range is not mapped
	// in one piece.
	virtual void *to_host(uint64_t bus, size_t len) noexcept = 0;

protected:
	~BusMemory() = default;
};

} // namespace dpaa::model
