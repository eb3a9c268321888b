/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Internet checksum (RFC 1071) as the FMan computes it on Rx (verify) and
// Tx (insert): a 16-bit ones' complement sum, kept in 32 bits and folded at
// the end so that sums of pieces can be added together.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace dpaa::model::inet
{

// Ones' complement addition of 64-bit words (end-around carry): 16-bit
// lanes summed four at a time.
[[gnu::always_inline]] inline uint64_t add64(uint64_t s, uint64_t w) noexcept
{
	s += w;
	return s + (s < w);
}

// The sum of [p, p + len) in the host's own lanes, not folded: native
// 64-bit words added with end-around carry, which a little-endian host
// finds with the bytes of each 16-bit word swapped. The ones' complement
// sum does not depend on byte order (RFC 1071 2.B): fold_host() of it,
// swapped once, is the big-endian sum; compared with 0xffff (which reads
// the same either way), it needs no swap at all. An odd last byte is padded
// with zero, as if it started a word (callers sum pieces that start at even
// offsets of the checksummed area). acc: a sum of the same kind to add.
[[gnu::always_inline]] inline uint64_t sum_host(const uint8_t *p, size_t len,
						uint64_t acc = 0) noexcept
{
	uint64_t s = acc;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		std::memcpy(&w, p + i, 8);
		s = add64(s, w);
	}
	if (len >= 8) {
		// The last len % 8 bytes: the word that ends where they end, the
		// bytes before them shifted out. They start at a multiple of 8,
		// so they keep their lanes; no branch per piece.
		const size_t rem = len - i;
		if (rem != 0) {
			uint64_t w;
			std::memcpy(&w, p + len - 8, 8);
			if constexpr (std::endian::native == std::endian::little)
				w >>= 64 - 8 * rem;
			else
				w <<= 64 - 8 * rem;
			s = add64(s, w);
		}
		return s;
	}
	uint64_t tail = 0;
	if (i + 4 <= len) {
		uint32_t w;
		std::memcpy(&w, p + i, 4);
		tail += w;
		i += 4;
	}
	if (i + 2 <= len) {
		uint16_t w;
		std::memcpy(&w, p + i, 2);
		tail += w;
		i += 2;
	}
	if (i < len) {
		// The first byte of a word: the low byte of a little-endian one.
		if constexpr (std::endian::native == std::endian::little)
			tail += p[i];
		else
			tail += static_cast<uint64_t>(p[i]) << 8;
	}
	return add64(s, tail);
}

// A host-lane sum folded to 16 bits (still in the host's lanes): a word
// plus itself rotated by half its width holds the folded sum (end-around
// carry included) in its upper half. 0 only when the sum is 0.
[[gnu::always_inline]] inline uint16_t fold_host(uint64_t s) noexcept
{
	const uint32_t s32 = static_cast<uint32_t>((s + ((s << 32) | (s >> 32))) >> 32);
	return static_cast<uint16_t>((s32 + ((s32 << 16) | (s32 >> 16))) >> 16);
}

// A big-endian 16-bit value as a word of a host-lane sum.
constexpr uint64_t host_word(uint16_t v) noexcept
{
	if constexpr (std::endian::native == std::endian::little)
		return __builtin_bswap16(v);
	else
		return v;
}

// Sum of the big-endian 16-bit words of [p, p + len), as sum_host() pads an
// odd last byte, plus acc, folded to 16 bits: 0 only when every word and acc
// are 0.
//
// Eight bytes per addition: the parser checks every frame, the generator
// and the sink sum every frame too.
// Inlined into every caller: most sum a length known where they call (an
// IPv4 header, the addresses of a pseudo-header), which the compiler then
// unrolls; a call per sum cost as much as the sum of a small header.
[[gnu::always_inline]] inline uint32_t sum(const uint8_t *p, size_t len, uint32_t acc = 0) noexcept
{
	uint64_t s = host_word(fold_host(sum_host(p, len)));
	s += acc;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint32_t>(s);
}

// A 32-bit sum folded to 16 bits with the end-around carry, as fold_host()
// does: 0 only when s is 0.
inline uint16_t fold(uint32_t s) noexcept
{
	return static_cast<uint16_t>((s + ((s << 16) | (s >> 16))) >> 16);
}

// The value to store in a checksum field: ones' complement of the sum.
inline uint16_t finish(uint32_t s) noexcept
{
	return static_cast<uint16_t>(~fold(s));
}

// Pseudo-header sums for TCP/UDP/ICMPv6 over IPv4 and IPv6.
inline uint32_t pseudo_v4(const uint8_t *ip, uint8_t proto, uint32_t l4_len) noexcept
{
	uint32_t s = sum(ip + 12, 8);
	return s + proto + (l4_len & 0xffff) + (l4_len >> 16);
}
inline uint32_t pseudo_v6(const uint8_t *ip, uint8_t proto, uint32_t l4_len) noexcept
{
	uint32_t s = sum(ip + 8, 32);
	return s + proto + (l4_len & 0xffff) + (l4_len >> 16);
}

} // namespace dpaa::model::inet
