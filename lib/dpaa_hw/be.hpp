/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Big-endian storage types for hardware layouts.
//
// DPAA portals and frame descriptors are big-endian on every QorIQ part, while
// the cores that drive them (Cortex-A53/A72) and the machines that run the model
// are little-endian. Fields are therefore stored as raw bytes and converted on
// every access. The wrappers have alignment 1 so that a struct made of them has
// exactly the layout the manual draws (the FQD, for instance, has a 64-bit
// field at an offset that is not a multiple of 8); the compilers we use turn the
// byte-array accesses into single (possibly unaligned) loads and stores.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace dpaa::hw
{

template <typename T> constexpr T byteswap(T v) noexcept
{
	static_assert(std::is_unsigned_v<T>);
	if constexpr (sizeof(T) == 1)
		return v;
	else if constexpr (sizeof(T) == 2)
		return static_cast<T>(__builtin_bswap16(v));
	else if constexpr (sizeof(T) == 4)
		return static_cast<T>(__builtin_bswap32(v));
	else
		return static_cast<T>(__builtin_bswap64(v));
}

// Host value <-> big-endian representation.
template <typename T> constexpr T to_be(T v) noexcept
{
	if constexpr (std::endian::native == std::endian::big)
		return v;
	else
		return byteswap(v);
}

template <typename T> constexpr T from_be(T v) noexcept
{
	return to_be(v);
}

// A big-endian field of width sizeof(T). Trivial, standard-layout, alignment 1.
template <typename T> struct Be {
	static_assert(std::is_unsigned_v<T>);
	std::array<uint8_t, sizeof(T)> bytes;

	constexpr T load() const noexcept { return from_be(std::bit_cast<T>(bytes)); }
	constexpr void store(T v) noexcept
	{
		bytes = std::bit_cast<std::array<uint8_t, sizeof(T)>>(to_be(v));
	}
	friend constexpr bool operator==(const Be &, const Be &) = default;
};

using be16 = Be<uint16_t>;
using be32 = Be<uint32_t>;
using be64 = Be<uint64_t>;

static_assert(sizeof(be16) == 2 && alignof(be16) == 1);
static_assert(sizeof(be32) == 4 && alignof(be32) == 1);
static_assert(sizeof(be64) == 8 && alignof(be64) == 1);
static_assert(std::is_trivially_copyable_v<be64> && std::is_standard_layout_v<be64>);

// Mask of bits [hi:lo], as the manuals number them (bit 0 is the LSB).
template <typename T = uint32_t> constexpr T genmask(unsigned hi, unsigned lo) noexcept
{
	return static_cast<T>(((~T{0}) >> (sizeof(T) * 8 - 1 - hi)) & ((~T{0}) << lo));
}

static_assert(genmask(31, 29) == 0xe0000000u);
static_assert(genmask(19, 0) == 0x000fffffu);

} // namespace dpaa::hw
