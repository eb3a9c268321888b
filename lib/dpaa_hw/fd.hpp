/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QMan frame descriptor (FD) and scatter/gather table entry: 16 bytes each,
// big-endian, as in the QorIQ DPAA reference manual ("Frame Descriptor",
// "Scatter/Gather Table Entry").
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"

namespace dpaa::hw
{

// Bus addresses carried by FDs and SG entries are 40 bits wide.
inline constexpr uint64_t kAddrMask40 = (uint64_t{1} << 40) - 1;

// FD word 2, bits [31:29] (FD::FORMAT).
enum class FdFormat : uint8_t {
	contig = 0x0,	  // short contiguous: 9-bit offset, 20-bit length
	compound = 0x1,	  // compound frame (not used by the network path)
	contig_big = 0x2, // long contiguous: 29-bit length, no offset
	sg = 0x4,	  // short scatter/gather: 9-bit offset, 20-bit length
	sg_big = 0x6,	  // long scatter/gather
};

struct alignas(8) Fd {
	uint8_t dd_liodn; // [7:6] DD (dynamic debug), [5:0] LIODN offset
	uint8_t bpid_raw; // buffer pool the buffer returns to
	uint8_t eliodn;	  // [7:4] eLIODN offset, [3:0] reserved
	uint8_t addr_hi;  // address bits [39:32]
	be32 addr_lo;	  // address bits [31:0]
	be32 cfg;	  // [31:29] format, [28:20] offset, [19:0] length
	be32 cmd_status;  // command on enqueue to FMan Tx, status on Rx

	static constexpr uint32_t kFormatShift = 29;
	static constexpr uint32_t kFormatMask = genmask(31, 29);
	static constexpr uint32_t kOffsetShift = 20;
	static constexpr uint32_t kOffsetMask = genmask(28, 20);
	static constexpr uint32_t kLengthMask = genmask(19, 0);
	static constexpr uint32_t kLengthBigMask = genmask(28, 0);
	static constexpr uint32_t kMaxOffset = kOffsetMask >> kOffsetShift;
	static constexpr uint32_t kMaxLength = kLengthMask;

	constexpr uint8_t dd() const noexcept { return dd_liodn >> 6; }
	constexpr uint8_t liodn_offset() const noexcept { return dd_liodn & 0x3f; }
	constexpr void set_liodn_offset(uint8_t v) noexcept
	{
		dd_liodn = static_cast<uint8_t>((dd_liodn & 0xc0) | (v & 0x3f));
	}
	constexpr uint8_t eliodn_offset() const noexcept { return eliodn >> 4; }
	constexpr void set_eliodn_offset(uint8_t v) noexcept
	{
		eliodn = static_cast<uint8_t>((v & 0x0f) << 4);
	}

	constexpr uint8_t bpid() const noexcept { return bpid_raw; }
	constexpr void set_bpid(uint8_t v) noexcept { bpid_raw = v; }

	constexpr uint64_t addr() const noexcept
	{
		return (uint64_t{addr_hi} << 32) | addr_lo.load();
	}
	constexpr void set_addr(uint64_t a) noexcept
	{
		addr_hi = static_cast<uint8_t>(a >> 32);
		addr_lo.store(static_cast<uint32_t>(a));
	}

	constexpr FdFormat format() const noexcept
	{
		return static_cast<FdFormat>(cfg.load() >> kFormatShift);
	}
	constexpr uint16_t offset() const noexcept
	{
		return static_cast<uint16_t>((cfg.load() & kOffsetMask) >> kOffsetShift);
	}
	constexpr uint32_t length() const noexcept { return cfg.load() & kLengthMask; }
	// Length of the long formats, which have no offset field.
	constexpr uint32_t length_big() const noexcept { return cfg.load() & kLengthBigMask; }

	// Short formats: offset and length in one word, written together.
	constexpr void set_format_offset_length(FdFormat f, uint16_t off, uint32_t len) noexcept
	{
		cfg.store((static_cast<uint32_t>(f) << kFormatShift) |
			  ((uint32_t{off} << kOffsetShift) & kOffsetMask) | (len & kLengthMask));
	}
	constexpr void set_format_length_big(FdFormat f, uint32_t len) noexcept
	{
		cfg.store((static_cast<uint32_t>(f) << kFormatShift) | (len & kLengthBigMask));
	}
	constexpr void set_offset(uint16_t off) noexcept
	{
		cfg.store((cfg.load() & ~kOffsetMask) |
			  ((uint32_t{off} << kOffsetShift) & kOffsetMask));
	}
	constexpr void set_length(uint32_t len) noexcept
	{
		cfg.store((cfg.load() & ~kLengthMask) | (len & kLengthMask));
	}

	constexpr uint32_t cmd() const noexcept { return cmd_status.load(); }
	constexpr uint32_t status() const noexcept { return cmd_status.load(); }
	constexpr void set_cmd(uint32_t v) noexcept { cmd_status.store(v); }
	constexpr void set_status(uint32_t v) noexcept { cmd_status.store(v); }

	// A short contiguous FD, the common case on the network path.
	static constexpr Fd contig(uint64_t addr, uint8_t bpid, uint16_t off, uint32_t len) noexcept
	{
		Fd fd{};
		fd.set_addr(addr);
		fd.set_bpid(bpid);
		fd.set_format_offset_length(FdFormat::contig, off, len);
		return fd;
	}

	friend constexpr bool operator==(const Fd &, const Fd &) = default;
};

static_assert(sizeof(Fd) == 16);
static_assert(alignof(Fd) == 8);
static_assert(offsetof(Fd, dd_liodn) == 0);
static_assert(offsetof(Fd, bpid_raw) == 1);
static_assert(offsetof(Fd, eliodn) == 2);
static_assert(offsetof(Fd, addr_hi) == 3);
static_assert(offsetof(Fd, addr_lo) == 4);
static_assert(offsetof(Fd, cfg) == 8);
static_assert(offsetof(Fd, cmd_status) == 12);

// Scatter/gather table entry, pointed to by an FD of format sg.
struct SgEntry {
	uint8_t reserved1[3];
	uint8_t addr_hi; // address bits [39:32]
	be32 addr_lo;	 // address bits [31:0]
	be32 cfg; // [31] E (extension: points to another table), [30] F (final), [29:0] length
	uint8_t reserved2;
	uint8_t bpid_raw;
	be16 offset_raw; // [12:0] offset

	static constexpr uint32_t kExtension = 1u << 31;
	static constexpr uint32_t kFinal = 1u << 30;
	static constexpr uint32_t kLengthMask = genmask(29, 0);
	static constexpr uint16_t kOffsetMask = 0x1fff;

	constexpr uint64_t addr() const noexcept
	{
		return (uint64_t{addr_hi} << 32) | addr_lo.load();
	}
	constexpr void set_addr(uint64_t a) noexcept
	{
		addr_hi = static_cast<uint8_t>(a >> 32);
		addr_lo.store(static_cast<uint32_t>(a));
	}
	constexpr uint32_t length() const noexcept { return cfg.load() & kLengthMask; }
	constexpr bool extension() const noexcept { return cfg.load() & kExtension; }
	constexpr bool final() const noexcept { return cfg.load() & kFinal; }
	constexpr void set_length_flags(uint32_t len, bool ext, bool fin) noexcept
	{
		cfg.store((len & kLengthMask) | (ext ? kExtension : 0) | (fin ? kFinal : 0));
	}
	constexpr void set_final(bool fin) noexcept
	{
		cfg.store((cfg.load() & ~kFinal) | (fin ? kFinal : 0));
	}
	constexpr uint8_t bpid() const noexcept { return bpid_raw; }
	constexpr void set_bpid(uint8_t v) noexcept { bpid_raw = v; }
	constexpr uint16_t offset() const noexcept { return offset_raw.load() & kOffsetMask; }
	constexpr void set_offset(uint16_t off) noexcept { offset_raw.store(off & kOffsetMask); }

	friend constexpr bool operator==(const SgEntry &, const SgEntry &) = default;
};

static_assert(sizeof(SgEntry) == 16);
static_assert(offsetof(SgEntry, addr_hi) == 3);
static_assert(offsetof(SgEntry, addr_lo) == 4);
static_assert(offsetof(SgEntry, cfg) == 8);
static_assert(offsetof(SgEntry, bpid_raw) == 13);
static_assert(offsetof(SgEntry, offset_raw) == 14);

} // namespace dpaa::hw
