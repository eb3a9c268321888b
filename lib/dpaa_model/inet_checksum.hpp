/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Internet checksum (RFC 1071) as the FMan computes it on Rx (verify) and
// Tx (insert): a 16-bit ones' complement sum, kept in 32 bits and folded at
// the end so that sums of pieces can be added together.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dpaa::model::inet
{

// Sum of the big-endian 16-bit words of [p, p + len); an odd last byte is
// padded with zero, as if it started a word (callers sum pieces that start at
// even offsets of the checksummed area).
inline uint32_t sum(const uint8_t *p, size_t len, uint32_t acc = 0) noexcept
{
	uint64_t s = acc;
	size_t i = 0;
	for (; i + 1 < len; i += 2)
		s += static_cast<uint32_t>(p[i] << 8 | p[i + 1]);
	if (i < len)
		s += static_cast<uint32_t>(p[i] << 8);
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint32_t>(s);
}

inline uint16_t fold(uint32_t s) noexcept
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint16_t>(s);
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
