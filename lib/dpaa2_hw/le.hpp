/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Little-endian storage types for DPAA2 hardware layouts.
//
// Every DPAA2 format (frame descriptors, QBMan portal entries, MC commands) is
// little-endian, like the Cortex-A72 cores of the LX2160A and the x86/arm64
// machines that run the model. The fields are the same byte-order field type
// as DPAA1's big-endian ones (dpaa_hw/endian_field.hpp): stored as bytes, so
// that a layout means the same thing on any host and has exactly the offsets
// the manual draws (alignment 1). On a little-endian host every access is a
// plain load or store.
#pragma once

#include "dpaa_hw/endian_field.hpp"

namespace dpaa2::hw
{

// The hosts we build for are little-endian; the accessors below would still be
// correct on a big-endian host, this only documents where the cost would go.
static_assert(std::endian::native == std::endian::little,
	      "DPAA2 formats are little-endian; a big-endian host pays a swap per field");

using dpaa::hw::genmask;

template <typename T> constexpr T to_le(T v) noexcept
{
	return dpaa::hw::to_order<std::endian::little>(v);
}

template <typename T> constexpr T from_le(T v) noexcept
{
	return to_le(v);
}

// A little-endian field of width sizeof(T).
template <typename T> using Le = dpaa::hw::EndianField<T, std::endian::little>;

using le16 = Le<uint16_t>;
using le32 = Le<uint32_t>;
using le64 = Le<uint64_t>;

static_assert(sizeof(le16) == 2 && alignof(le16) == 1);
static_assert(sizeof(le32) == 4 && alignof(le32) == 1);
static_assert(sizeof(le64) == 8 && alignof(le64) == 1);
static_assert(std::is_trivially_copyable_v<le64> && std::is_standard_layout_v<le64>);

static_assert(genmask(13, 0) == 0x3fffu);
static_assert(genmask(27, 16) == 0x0fff0000u);

// Field [hi:lo] of a word, and the word with that field replaced.
template <typename T> constexpr T get_field(T word, unsigned hi, unsigned lo) noexcept
{
	return static_cast<T>((word & genmask<T>(hi, lo)) >> lo);
}

template <typename T> constexpr T set_field(T word, unsigned hi, unsigned lo, T value) noexcept
{
	return static_cast<T>((word & ~genmask<T>(hi, lo)) | ((value << lo) & genmask<T>(hi, lo)));
}

} // namespace dpaa2::hw
