/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Big-endian storage types for hardware layouts.
//
// DPAA portals and frame descriptors are big-endian on every QorIQ part, while
// the cores that drive them (Cortex-A53/A72) and the machines that run the model
// are little-endian: every access of a field swaps its bytes (endian_field.hpp).
#pragma once

#include "dpaa_hw/endian_field.hpp"

namespace dpaa::hw
{

// Host value <-> big-endian representation.
template <typename T> constexpr T to_be(T v) noexcept
{
	return to_order<std::endian::big>(v);
}

template <typename T> constexpr T from_be(T v) noexcept
{
	return to_be(v);
}

// A big-endian field of width sizeof(T).
template <typename T> using Be = EndianField<T, std::endian::big>;

using be16 = Be<uint16_t>;
using be32 = Be<uint32_t>;
using be64 = Be<uint64_t>;

static_assert(sizeof(be16) == 2 && alignof(be16) == 1);
static_assert(sizeof(be32) == 4 && alignof(be32) == 1);
static_assert(sizeof(be64) == 8 && alignof(be64) == 1);
static_assert(std::is_trivially_copyable_v<be64> && std::is_standard_layout_v<be64>);

} // namespace dpaa::hw
