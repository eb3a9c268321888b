/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Ethernet FCS (IEEE 802.3 clause 3.2.9): CRC-32, polynomial 0x04C11DB7
// reflected, initial value and final XOR all ones. On the line it follows
// the frame least significant byte first. The MAC checks it on Rx (and keeps
// it with CRC_FWD), the pcap wire checks it in captures that carry it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace dpaa::model
{

namespace fcs_detail
{
constexpr std::array<uint32_t, 256> make_crc32_table()
{
	std::array<uint32_t, 256> t{};
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int b = 0; b < 8; b++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
		t[i] = c;
	}
	return t;
}
inline constexpr auto kCrc32Table = make_crc32_table();
} // namespace fcs_detail

inline constexpr size_t kEtherFcsLen = 4;

inline uint32_t ether_fcs(const uint8_t *p, size_t n) noexcept
{
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < n; i++)
		c = (c >> 8) ^ fcs_detail::kCrc32Table[(c ^ p[i]) & 0xff];
	return ~c;
}

// The four FCS bytes as they follow the frame on the line.
inline void store_ether_fcs(uint8_t *dst, uint32_t fcs) noexcept
{
	for (size_t i = 0; i < kEtherFcsLen; i++)
		dst[i] = static_cast<uint8_t>(fcs >> (8 * i));
}

inline uint32_t load_ether_fcs(const uint8_t *src) noexcept
{
	uint32_t v = 0;
	for (size_t i = 0; i < kEtherFcsLen; i++)
		v |= uint32_t{src[i]} << (8 * i);
	return v;
}

} // namespace dpaa::model
