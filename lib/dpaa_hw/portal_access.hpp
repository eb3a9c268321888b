/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The one seam between a portal driver and the portal: byte and register
// accesses to the cache-enabled (CE) and cache-inhibited (CI) areas.
//
// On a board CE is cacheable memory the portal snoops and CI is device memory;
// in the model both are ordinary memory polled by another thread. The ordering
// rules are the same in both cases and are the only synchronisation:
//  - ring entries and commands: body with plain stores, then the verb byte with
//    a release store (the verb carries the valid bit and must be seen last);
//  - the reader loads the verb with acquire before it reads the body;
//  - CI registers are 32-bit big-endian and accessed with acquire/release.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw
{

inline uint8_t load_verb(const void *entry) noexcept
{
	return __atomic_load_n(static_cast<const uint8_t *>(entry), __ATOMIC_ACQUIRE);
}

inline void store_verb(void *entry, uint8_t verb) noexcept
{
	__atomic_store_n(static_cast<uint8_t *>(entry), verb, __ATOMIC_RELEASE);
}

inline uint32_t *reg_ptr(void *area, uint32_t off) noexcept
{
	return reinterpret_cast<uint32_t *>(static_cast<char *>(area) + off);
}

inline const uint32_t *reg_ptr(const void *area, uint32_t off) noexcept
{
	return reinterpret_cast<const uint32_t *>(static_cast<const char *>(area) + off);
}

inline uint32_t reg_read(const void *area, uint32_t off) noexcept
{
	return from_be(__atomic_load_n(reg_ptr(area, off), __ATOMIC_ACQUIRE));
}

inline void reg_write(void *area, uint32_t off, uint32_t v) noexcept
{
	__atomic_store_n(reg_ptr(area, off), to_be(v), __ATOMIC_RELEASE);
}

template <typename T> T *area_at(void *area, uint32_t off) noexcept
{
	return reinterpret_cast<T *>(static_cast<char *>(area) + off);
}

} // namespace dpaa::hw
