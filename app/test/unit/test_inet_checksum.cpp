/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The model's Internet checksum (eight bytes per addition, byte order
// swapped once) against the plain definition: the big-endian 16-bit words
// summed one by one, end-around carry, over every length and alignment.

#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa_model/inet_checksum.hpp"

namespace
{

uint32_t reference(const uint8_t *p, size_t len, uint32_t acc)
{
	uint64_t s = acc;
	for (size_t i = 0; i < len; i++)
		s += (i & 1) ? p[i] : uint32_t{p[i]} << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint32_t>(s);
}

TEST(InetChecksum, MatchesTheWordByWordSum)
{
	std::mt19937 rng(7);
	std::vector<uint8_t> buf(2048 + 8);
	for (auto &b : buf)
		b = static_cast<uint8_t>(rng());
	for (size_t align = 0; align < 8; align++)
		for (size_t len = 0; len <= 300; len++)
			for (uint32_t acc : {0u, 1u, 0xffffu, 0x1fffeu, 0xdeadbeefu})
				ASSERT_EQ(dpaa::model::inet::sum(buf.data() + align, len, acc),
					  reference(buf.data() + align, len, acc))
					<< "align " << align << " len " << len << " acc " << acc;
	ASSERT_EQ(dpaa::model::inet::sum(buf.data(), 2048), reference(buf.data(), 2048, 0));
}

TEST(InetChecksum, CarriesAcrossAllOnesWords)
{
	// 0xffff words make every 64-bit addition carry out.
	std::vector<uint8_t> ones(1500, 0xff);
	for (size_t len : {8u, 9u, 64u, 1499u, 1500u})
		EXPECT_EQ(dpaa::model::inet::sum(ones.data(), len), reference(ones.data(), len, 0))
			<< len;
	std::vector<uint8_t> zeros(64, 0);
	EXPECT_EQ(dpaa::model::inet::sum(zeros.data(), 64), 0u);
	EXPECT_EQ(dpaa::model::inet::sum(zeros.data(), 64, 0x10000), 1u);
}

// fold() folds with the rotation, without a loop: the same 16 bits as the
// loop that adds the halves until nothing carries, for every kind of value.
TEST(InetChecksum, FoldMatchesTheLoop)
{
	auto loop = [](uint32_t s) {
		while (s >> 16)
			s = (s & 0xffff) + (s >> 16);
		return static_cast<uint16_t>(s);
	};
	std::mt19937 rng(11);
	std::vector<uint32_t> values = {0,	    1,		0xfffe,	    0xffff,	0x10000,
					0x1fffe,    0x1ffff,	0xfffe0001, 0xffff0000, 0xffff0001,
					0xfffffffe, 0xffffffff, 0x8000'8000};
	for (int i = 0; i < 100000; i++)
		values.push_back(static_cast<uint32_t>(rng()) >> (i % 17));
	for (uint32_t v : values)
		ASSERT_EQ(dpaa::model::inet::fold(v), loop(v)) << std::hex << v;
}

} // namespace
