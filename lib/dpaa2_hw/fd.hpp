/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// DPAA2 frame descriptor (FD, 32 bytes), scatter/gather entry (16 bytes) and
// frame list entry (FLE, 32 bytes), all little-endian: the QorIQ LX2160A
// reference manual's "Frame Descriptor" and "Scatter/Gather Table Entry".
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa2_hw/le.hpp"

namespace dpaa2::hw
{

// Identifier widths: BPIDs are 14 bits (FD word 3), FQIDs 24 bits.
inline constexpr uint16_t kBpidMask = 0x3fff;
inline constexpr uint32_t kFqidMask = 0x00ffffff;

// FD word 3 / SG word 3, bits [29:28].
enum class FdFormat : uint8_t {
	single = 0,	// one contiguous buffer
	frame_list = 1, // compound frame: ADDR points at a frame list (FLEs)
	sg = 2,		// ADDR + OFFSET points at a scatter/gather table
};

// The bits of FD words 4 (FRC) and 5 (CTRL) that WRIOP sets (validity,
// errors, annotation size, LX2 parse summary) are named with the annotation
// they describe, in dpaa2_hw/annotation.hpp (hwa::frc, hwa::ctrl).

// Word 3 of an FD, an SG entry and an FLE share this layout.
namespace bpid_offset
{
inline constexpr uint32_t kBpidMask = genmask(13, 0);
inline constexpr uint32_t kIvp = 1u << 14; // invalid pool: do not release the buffer
inline constexpr uint32_t kBmt = 1u << 15; // bypass memory translation
inline constexpr unsigned kOffsetShift = 16;
inline constexpr uint32_t kOffsetMask = genmask(27, 16);
inline constexpr unsigned kFormatShift = 28;
inline constexpr uint32_t kFormatMask = genmask(29, 28);
inline constexpr uint32_t kSl = 1u << 30;    // FD: short length (LEN is 18 bits)
inline constexpr uint32_t kFinal = 1u << 31; // SG entry / FLE: last entry
inline constexpr uint32_t kMaxOffset = kOffsetMask >> kOffsetShift;
} // namespace bpid_offset

// Accessors shared by the three word-3 carriers.
template <typename Self> struct BpidOffsetFields {
	friend constexpr bool operator==(const BpidOffsetFields &,
					 const BpidOffsetFields &) = default;

	constexpr uint32_t word3() const noexcept
	{
		return static_cast<const Self *>(this)->bpid_offset_word.load();
	}
	constexpr void set_word3(uint32_t v) noexcept
	{
		static_cast<Self *>(this)->bpid_offset_word.store(v);
	}

	constexpr uint16_t bpid() const noexcept
	{
		return static_cast<uint16_t>(word3() & bpid_offset::kBpidMask);
	}
	constexpr bool ivp() const noexcept { return word3() & bpid_offset::kIvp; }
	constexpr bool bmt() const noexcept { return word3() & bpid_offset::kBmt; }
	constexpr uint16_t offset() const noexcept
	{
		return static_cast<uint16_t>(get_field(word3(), 27, 16));
	}

	constexpr void set_bpid(uint16_t v) noexcept
	{
		set_word3(set_field<uint32_t>(word3(), 13, 0, v));
	}
	constexpr void set_ivp(bool on) noexcept
	{
		set_word3(on ? word3() | bpid_offset::kIvp : word3() & ~bpid_offset::kIvp);
	}
	constexpr void set_bmt(bool on) noexcept
	{
		set_word3(on ? word3() | bpid_offset::kBmt : word3() & ~bpid_offset::kBmt);
	}
	constexpr void set_offset(uint16_t v) noexcept
	{
		set_word3(set_field<uint32_t>(word3(), 27, 16, v));
	}
};

struct alignas(8) Fd : BpidOffsetFields<Fd> {
	le64 addr_word;	       // 0: buffer IOVA
	le32 len_word;	       // 8: frame length (18 bits when SL)
	le32 bpid_offset_word; // 12: BPID, IVP, BMT, OFFSET, FMT, SL
	le32 frc_word;	       // 16: frame context
	le32 ctrl_word;	       // 20: errors [7:0], ASAL [19:16], PTA, DROPP [26:24]
	le64 flc_word;	       // 24: flow context (RSS hash in [63:32] on LX2 Rx)

	static constexpr uint32_t kShortLengthMask = genmask(17, 0);

	constexpr uint64_t addr() const noexcept { return addr_word.load(); }
	constexpr uint32_t length() const noexcept
	{
		return sl() ? len_word.load() & kShortLengthMask : len_word.load();
	}
	constexpr uint32_t bpid_offset() const noexcept { return bpid_offset_word.load(); }
	constexpr FdFormat format() const noexcept
	{
		return static_cast<FdFormat>(get_field(word3(), 29, 28));
	}
	constexpr bool sl() const noexcept { return word3() & bpid_offset::kSl; }
	constexpr uint32_t frc() const noexcept { return frc_word.load(); }
	constexpr uint32_t ctrl() const noexcept { return ctrl_word.load(); }
	constexpr uint8_t err() const noexcept { return static_cast<uint8_t>(ctrl() & 0xff); }
	constexpr uint8_t asal() const noexcept
	{
		return static_cast<uint8_t>(get_field(ctrl(), 19, 16));
	}
	constexpr uint8_t dropp() const noexcept
	{
		return static_cast<uint8_t>(get_field(ctrl(), 26, 24));
	}
	constexpr uint64_t flc() const noexcept { return flc_word.load(); }
	constexpr uint32_t flc_hi() const noexcept { return static_cast<uint32_t>(flc() >> 32); }

	constexpr void set_addr(uint64_t v) noexcept { addr_word.store(v); }
	constexpr void set_length(uint32_t v) noexcept { len_word.store(v); }
	constexpr void set_bpid_offset(uint32_t v) noexcept { bpid_offset_word.store(v); }
	constexpr void set_format(FdFormat f) noexcept
	{
		set_word3(set_field<uint32_t>(word3(), 29, 28, static_cast<uint32_t>(f)));
	}
	constexpr void set_sl(bool on) noexcept
	{
		set_word3(on ? word3() | bpid_offset::kSl : word3() & ~bpid_offset::kSl);
	}
	constexpr void set_frc(uint32_t v) noexcept { frc_word.store(v); }
	constexpr void set_ctrl(uint32_t v) noexcept { ctrl_word.store(v); }
	constexpr void set_err(uint8_t v) noexcept { set_ctrl((ctrl() & ~0xffu) | v); }
	constexpr void set_asal(uint8_t units64) noexcept
	{
		set_ctrl(set_field<uint32_t>(ctrl(), 19, 16, units64));
	}
	constexpr void set_flc(uint64_t v) noexcept { flc_word.store(v); }

	friend constexpr bool operator==(const Fd &, const Fd &) = default;
};

static_assert(sizeof(Fd) == 32 && alignof(Fd) == 8);
static_assert(offsetof(Fd, addr_word) == 0);
static_assert(offsetof(Fd, len_word) == 8);
static_assert(offsetof(Fd, bpid_offset_word) == 12);
static_assert(offsetof(Fd, frc_word) == 16);
static_assert(offsetof(Fd, ctrl_word) == 20);
static_assert(offsetof(Fd, flc_word) == 24);

// SG entry word 3, bits [29:28].
enum class SgFormat : uint8_t {
	single = 0,	// a data buffer
	frame_data = 1, // (compound frames)
	sgt_ext = 2,	// points at the next scatter/gather table
};

struct alignas(8) SgEntry : BpidOffsetFields<SgEntry> {
	le64 addr_word;	       // 0: buffer IOVA
	le32 len_word;	       // 8: segment length
	le32 bpid_offset_word; // 12: BPID, IVP, BMT, OFFSET, FMT, FINAL

	constexpr uint64_t addr() const noexcept { return addr_word.load(); }
	constexpr uint32_t length() const noexcept { return len_word.load(); }
	constexpr uint32_t fin_bpid_offset() const noexcept { return bpid_offset_word.load(); }
	constexpr SgFormat format() const noexcept
	{
		return static_cast<SgFormat>(get_field(word3(), 29, 28));
	}
	constexpr bool final() const noexcept { return word3() & bpid_offset::kFinal; }

	constexpr void set_addr(uint64_t v) noexcept { addr_word.store(v); }
	constexpr void set_length(uint32_t v) noexcept { len_word.store(v); }
	constexpr void set_fin_bpid_offset(uint32_t v) noexcept { bpid_offset_word.store(v); }
	constexpr void set_format(SgFormat f) noexcept
	{
		set_word3(set_field<uint32_t>(word3(), 29, 28, static_cast<uint32_t>(f)));
	}
	constexpr void set_final(bool on) noexcept
	{
		set_word3(on ? word3() | bpid_offset::kFinal : word3() & ~bpid_offset::kFinal);
	}

	friend constexpr bool operator==(const SgEntry &, const SgEntry &) = default;
};

static_assert(sizeof(SgEntry) == 16 && alignof(SgEntry) == 8);
static_assert(offsetof(SgEntry, addr_word) == 0);
static_assert(offsetof(SgEntry, len_word) == 8);
static_assert(offsetof(SgEntry, bpid_offset_word) == 12);

// Frame list entry of a compound frame (SEC, not the network path).
struct alignas(8) Fle : BpidOffsetFields<Fle> {
	le64 addr_word;	       // 0
	le32 len_word;	       // 8
	le32 bpid_offset_word; // 12: FMT must be 0; bit 31 FINAL
	le32 frc_word;	       // 16
	le32 reserved[3];      // 20: software may keep a context here

	constexpr uint64_t addr() const noexcept { return addr_word.load(); }
	constexpr uint32_t length() const noexcept { return len_word.load(); }
	constexpr uint32_t frc() const noexcept { return frc_word.load(); }
	constexpr bool final() const noexcept { return word3() & bpid_offset::kFinal; }

	constexpr void set_addr(uint64_t v) noexcept { addr_word.store(v); }
	constexpr void set_length(uint32_t v) noexcept { len_word.store(v); }
	constexpr void set_frc(uint32_t v) noexcept { frc_word.store(v); }
	constexpr void set_final(bool on) noexcept
	{
		set_word3(on ? word3() | bpid_offset::kFinal : word3() & ~bpid_offset::kFinal);
	}
};

static_assert(sizeof(Fle) == 32 && alignof(Fle) == 8);
static_assert(offsetof(Fle, bpid_offset_word) == 12);
static_assert(offsetof(Fle, frc_word) == 16);
static_assert(offsetof(Fle, reserved) == 20);

} // namespace dpaa2::hw
