/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Little-endian storage types for DPAA2 hardware layouts.
//
// Every DPAA2 format (frame descriptors, QBMan portal entries, MC commands) is
// little-endian, like the Cortex-A72 cores of the LX2160A and the x86/arm64
// machines that run the model. The fields are still stored as bytes and
// converted on access, so that a layout means the same thing on any host and a
// struct made of them has exactly the offsets the manual draws (alignment 1).
// On a little-endian host every access is a plain load or store.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace dpaa2::hw
{

// The hosts we build for are little-endian; the accessors below would still be
// correct on a big-endian host, this only documents where the cost would go.
static_assert(std::endian::native == std::endian::little,
	      "DPAA2 formats are little-endian; a big-endian host pays a swap per field");

template <typename T> constexpr T to_le(T v) noexcept
{
	static_assert(std::is_unsigned_v<T>);
	if constexpr (std::endian::native == std::endian::little || sizeof(T) == 1)
		return v;
	else if constexpr (sizeof(T) == 2)
		return static_cast<T>(__builtin_bswap16(v));
	else if constexpr (sizeof(T) == 4)
		return static_cast<T>(__builtin_bswap32(v));
	else
		return static_cast<T>(__builtin_bswap64(v));
}

template <typename T> constexpr T from_le(T v) noexcept
{
	return to_le(v);
}

// A little-endian field of width sizeof(T). Trivial, standard-layout,
// alignment 1.
template <typename T> struct Le {
	static_assert(std::is_unsigned_v<T>);
	std::array<uint8_t, sizeof(T)> bytes;

	constexpr T load() const noexcept { return from_le(std::bit_cast<T>(bytes)); }
	constexpr void store(T v) noexcept
	{
		bytes = std::bit_cast<std::array<uint8_t, sizeof(T)>>(to_le(v));
	}
	friend constexpr bool operator==(const Le &, const Le &) = default;
};

using le16 = Le<uint16_t>;
using le32 = Le<uint32_t>;
using le64 = Le<uint64_t>;

static_assert(sizeof(le16) == 2 && alignof(le16) == 1);
static_assert(sizeof(le32) == 4 && alignof(le32) == 1);
static_assert(sizeof(le64) == 8 && alignof(le64) == 1);
static_assert(std::is_trivially_copyable_v<le64> && std::is_standard_layout_v<le64>);

// Mask of bits [hi:lo] (bit 0 is the LSB).
template <typename T = uint32_t> constexpr T genmask(unsigned hi, unsigned lo) noexcept
{
	return static_cast<T>(((~T{0}) >> (sizeof(T) * 8 - 1 - hi)) & ((~T{0}) << lo));
}

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
