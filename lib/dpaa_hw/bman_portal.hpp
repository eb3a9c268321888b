/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// BMan software portal as the silicon lays it out (QorIQ DPAA reference
// manual, "BMan software portal"; ARM-based LS1043A/LS1046A offsets).
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw::bm
{

inline constexpr uint32_t kCeSize = 0x4000;
inline constexpr uint32_t kCiSize = 0x4000;
inline constexpr unsigned kNumPools = 64;
inline constexpr uint64_t kAddrMask48 = (uint64_t{1} << 48) - 1;

// Cache-inhibited registers (BCSP_*), 32-bit big-endian.
namespace ci
{
inline constexpr uint32_t kRcrPi = 0x3000;  // BCSP_RCR_PI_CINH
inline constexpr uint32_t kRcrCi = 0x3100;  // BCSP_RCR_CI_CINH
inline constexpr uint32_t kRcrItr = 0x3200; // BCSP_RCR_ITR
inline constexpr uint32_t kCfg = 0x3300;    // BCSP_CFG
inline constexpr uint32_t kIsr = 0x3e00;    // BCSP_ISR
inline constexpr uint32_t kIer = 0x3e40;    // BCSP_IER
inline constexpr uint32_t kIsdr = 0x3e80;   // BCSP_ISDR
inline constexpr uint32_t kIir = 0x3ec0;    // BCSP_IIR
// BCSP_SCNn: state change notification enables, two words for the 64 pools.
constexpr uint32_t scn(unsigned n) noexcept
{
	return 0x3400 + (n << 6);
}
} // namespace ci

// Cache-enabled area.
namespace ce
{
inline constexpr uint32_t kCr = 0x0000;	 // management command
inline constexpr uint32_t kRr0 = 0x0100; // management response 0
inline constexpr uint32_t kRr1 = 0x0140; // management response 1
inline constexpr uint32_t kRcr = 0x1000; // release command ring
inline constexpr uint32_t kRcrPi = 0x3000;
inline constexpr uint32_t kRcrCi = 0x3100;
} // namespace ce

inline constexpr unsigned kRcrSize = 8;
inline constexpr unsigned kMaxBufs = 8; // per release entry and per acquire

// BCSP_CFG::RPM (RCR production notification mode), bits [1:0].
enum class RcrPmode : uint32_t { pci = 0, pce = 1, pvb = 2 };
inline constexpr uint32_t kCfgRpmMask = 0x3;

// One buffer: byte 1 holds the BPID (byte 0 is the verb when it is the first
// buffer of a ring entry or response), bytes 2..7 the 48-bit address.
struct Buffer {
	be16 bpid_raw;
	be16 hi;
	be32 lo;

	constexpr uint8_t bpid() const noexcept { return static_cast<uint8_t>(bpid_raw.load()); }
	constexpr uint64_t addr() const noexcept { return (uint64_t{hi.load()} << 32) | lo.load(); }
	constexpr void set_addr(uint64_t a) noexcept
	{
		hi.store(static_cast<uint16_t>(a >> 32));
		lo.store(static_cast<uint32_t>(a));
	}
};

static_assert(sizeof(Buffer) == 8);
static_assert(offsetof(Buffer, hi) == 2 && offsetof(Buffer, lo) == 4);

namespace rcr_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kCmdMask = 0x70;
inline constexpr uint8_t kCmdBpidSingle = 0x20; // all buffers to the BPID in byte 1
inline constexpr uint8_t kCmdBpidMulti = 0x30;	// each buffer names its own BPID
inline constexpr uint8_t kBufCountMask = 0x0f;	// 1..8
} // namespace rcr_verb

// Release command ring entry: up to 8 buffers; the verb overlays byte 0 and
// the single BPID byte 1 of the first buffer.
struct alignas(64) RcrEntry {
	Buffer bufs[kMaxBufs];

	uint8_t &verb() noexcept { return reinterpret_cast<uint8_t *>(this)[0]; }
	uint8_t verb() const noexcept { return reinterpret_cast<const uint8_t *>(this)[0]; }
	uint8_t &bpid() noexcept { return reinterpret_cast<uint8_t *>(this)[1]; }
	uint8_t bpid() const noexcept { return reinterpret_cast<const uint8_t *>(this)[1]; }
};

static_assert(sizeof(RcrEntry) == 64);

namespace mcc_verb
{
inline constexpr uint8_t kVbit = 0x80;
inline constexpr uint8_t kCmdMask = 0x70;
inline constexpr uint8_t kCmdAcquire = 0x10;
inline constexpr uint8_t kCmdQuery = 0x40;
inline constexpr uint8_t kAcquireCountMask = 0x0f; // 1..8 in the command, 0..8 in the result
inline constexpr uint8_t kCmdErrInvalid = 0x60;	   // result verbs
inline constexpr uint8_t kCmdErrEcc = 0x70;
} // namespace mcc_verb

struct alignas(64) McCommand {
	uint8_t verb;
	uint8_t bpid; // acquire
	uint8_t reserved[62];
};

// Acquire response: the buffers overlay the whole response, the count is in
// the verb's low nibble (0 when the pool could not supply them all).
struct alignas(64) McrAcquire {
	Buffer bufs[kMaxBufs];

	uint8_t verb() const noexcept { return reinterpret_cast<const uint8_t *>(this)[0]; }
	unsigned count() const noexcept { return verb() & mcc_verb::kAcquireCountMask; }
};

// 64-pool bitmap as the query response carries it: pool n is bit (31 - n%32)
// of big-endian word n/32.
struct PoolBitmap {
	be32 word[2];

	constexpr bool test(unsigned bpid) const noexcept
	{
		return word[bpid >> 5].load() & (0x80000000u >> (bpid & 31));
	}
	constexpr void set(unsigned bpid, bool v) noexcept
	{
		const uint32_t bit = 0x80000000u >> (bpid & 31);
		const uint32_t w = word[bpid >> 5].load();
		word[bpid >> 5].store(v ? (w | bit) : (w & ~bit));
	}
};

// Query response: availability state (pool non-empty) and depletion state.
struct alignas(64) McrQuery {
	uint8_t verb;
	uint8_t reserved1[39];
	PoolBitmap as; // bit set: the pool has buffers
	uint8_t reserved2[8];
	PoolBitmap ds; // bit set: the pool is in depletion
};

static_assert(sizeof(McCommand) == 64 && offsetof(McCommand, bpid) == 1);
static_assert(sizeof(McrAcquire) == 64);
static_assert(sizeof(McrQuery) == 64);
static_assert(offsetof(McrQuery, as) == 40);
static_assert(offsetof(McrQuery, ds) == 56);

} // namespace dpaa::hw::bm
