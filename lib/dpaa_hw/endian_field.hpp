/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A hardware field of a fixed byte order, for the layouts of both families:
// DPAA1's are big-endian (be.hpp), DPAA2's little-endian (dpaa2_hw/le.hpp).
//
// Fields are stored as raw bytes and converted on every access, so that a
// layout means the same thing on any host. The field has alignment 1, so a
// struct made of such fields has exactly the layout the manual draws (the
// FQD, for instance, has a 64-bit field at an offset that is not a multiple
// of 8); the compilers we use turn the byte-array accesses into single
// (possibly unaligned) loads and stores, with a byte swap only where the
// order differs from the host's.
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

// Host value <-> its representation in byte order Order (its own inverse).
template <std::endian Order, typename T> constexpr T to_order(T v) noexcept
{
	static_assert(std::is_unsigned_v<T>);
	if constexpr (std::endian::native == Order)
		return v;
	else
		return byteswap(v);
}

// A field of width sizeof(T) in byte order Order. Trivial, standard-layout,
// alignment 1.
template <typename T, std::endian Order> struct EndianField {
	static_assert(std::is_unsigned_v<T>);
	std::array<uint8_t, sizeof(T)> bytes;

	constexpr T load() const noexcept { return to_order<Order>(std::bit_cast<T>(bytes)); }
	constexpr void store(T v) noexcept
	{
		bytes = std::bit_cast<std::array<uint8_t, sizeof(T)>>(to_order<Order>(v));
	}
	friend constexpr bool operator==(const EndianField &, const EndianField &) = default;
};

// Mask of bits [hi:lo], as the manuals number them (bit 0 is the LSB).
template <typename T = uint32_t> constexpr T genmask(unsigned hi, unsigned lo) noexcept
{
	return static_cast<T>(((~T{0}) >> (sizeof(T) * 8 - 1 - hi)) & ((~T{0}) << lo));
}

static_assert(genmask(31, 29) == 0xe0000000u);
static_assert(genmask(19, 0) == 0x000fffffu);

} // namespace dpaa::hw
