/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Ring cursor shared by the portal drivers and the model, in the Linux qbman
// vocabulary: producers start()/commit(), consumers current()/next(); the
// valid bit (0x80 of the verb byte) flips each time the index wraps.
// How an entry becomes visible to the other side is portal_access.hpp's
// contract: a Ring on the CPU's side (the drivers) publishes and looks at
// entries through the CE cache, one on the portal's side (the model) does
// not have a cache to maintain.
//
// All DPAA ring entries (EQCR, DQRR, MR, RCR) are 64 bytes with the verb in
// byte 0. A zeroed ring holds no valid entry because the first lap is
// written with the valid bit set; the producer-index registers reset to
// "index 0, wrap bit set" to say so (the wrap bit is bit log2(N) of PI/CI).
#pragma once

#include <cstdint>

#include "dpaa_hw/portal_access.hpp"

namespace dpaa::hw
{

inline constexpr uint8_t kVbit = 0x80;

template <unsigned N> class RingCursor
{
	static_assert(N >= 2 && N <= 128 && (N & (N - 1)) == 0);

public:
	static constexpr unsigned kSize = N;
	static constexpr unsigned kMask = N - 1;

	constexpr RingCursor() = default;

	// Position from a PI/CI register value: index in the low bits, wrap bit above.
	static constexpr RingCursor from_reg(uint32_t reg) noexcept
	{
		RingCursor c;
		c.idx_ = static_cast<uint8_t>(reg & kMask);
		c.vbit_ = (reg & N) ? kVbit : 0;
		return c;
	}
	constexpr uint32_t to_reg() const noexcept { return idx_ | (vbit_ ? N : 0u); }

	constexpr unsigned idx() const noexcept { return idx_; }
	constexpr uint8_t vbit() const noexcept { return vbit_; }

	constexpr void advance() noexcept
	{
		if (++idx_ == N) {
			idx_ = 0;
			vbit_ ^= kVbit;
		}
	}
	constexpr void advance(unsigned n) noexcept
	{
		for (unsigned i = 0; i < n; i++)
			advance();
	}

	// Entries from 'first' up to (excluding) 'last', modulo the ring size.
	static constexpr unsigned distance(unsigned first, unsigned last) noexcept
	{
		return (last - first) & kMask;
	}

	friend constexpr bool operator==(const RingCursor &, const RingCursor &) = default;

private:
	uint8_t idx_ = 0;
	uint8_t vbit_ = kVbit;
};

// Which side of the portal a ring's user is.
enum class PortalSide : uint8_t {
	cpu,	// the driver: publish_entry() / entry_valid()
	device, // the portal itself (the model): store_verb() / load_verb()
};

template <typename Entry, unsigned N, PortalSide Side = PortalSide::cpu> class Ring
{
	static_assert(sizeof(Entry) == kPortalLine);

public:
	using Cursor = RingCursor<N>;

	constexpr Ring() = default;
	void init(void *base, Cursor start = Cursor{}) noexcept
	{
		base_ = static_cast<Entry *>(base);
		cur_ = start;
	}

	Entry *at(unsigned idx) const noexcept { return base_ + idx; }
	unsigned index_of(const Entry *e) const noexcept
	{
		return static_cast<unsigned>(e - base_);
	}
	const Cursor &cursor() const noexcept { return cur_; }
	// Move the cursor to 'c': a user that walked a copy of it (over entries
	// it produced or consumed itself) writes it back.
	void seek(Cursor c) noexcept { cur_ = c; }

	// Producer: fill the body of start(), then commit() the verb.
	Entry *start() const noexcept { return base_ + cur_.idx(); }
	void commit(uint8_t verb) noexcept
	{
		const auto v = static_cast<uint8_t>((verb & ~kVbit) | cur_.vbit());
		if constexpr (Side == PortalSide::cpu)
			publish_entry(start(), v);
		else
			store_verb(start(), v);
		cur_.advance();
	}

	// Consumer: the entry at the cursor if its valid bit says it is new.
	const Entry *current() const noexcept
	{
		const Entry *e = base_ + cur_.idx();
		if constexpr (Side == PortalSide::cpu)
			return entry_valid(e, cur_.vbit()) ? e : nullptr;
		else
			return ((load_verb(e) & kVbit) == cur_.vbit()) ? e : nullptr;
	}
	// Taking a ring over: its lines may be cached from a previous owner.
	void invalidate() const noexcept
	{
		if constexpr (Side == PortalSide::cpu)
			invalidate_lines(base_, N);
	}
	void next() noexcept { cur_.advance(); }

private:
	Entry *base_ = nullptr;
	Cursor cur_{};
};

// The portal's own rings, as the model holds them.
template <typename Entry, unsigned N> using DeviceRing = Ring<Entry, N, PortalSide::device>;

} // namespace dpaa::hw
