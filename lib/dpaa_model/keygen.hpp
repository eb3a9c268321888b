/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan KeyGen: 32 schemes, each extracting known fields of a parsed frame
// into a key, hashing it and turning the hash into an FQID:
//   FQID = KGSE_FQB + ((hash >> shift) & mask)   (KGSE_HC, see fman_ccsr.hpp)
// Schemes and port partitions are written and read through the indirect
// window and FMKG_AR, as on the FMan.
//
// The hash is a CRC-64 (ECMA-182 polynomial, MSB first, initial value 0) of
// the key: the fields selected in KGSE_EKFC, in the order of their bits from
// bit 31 down, each at its natural width (an absent header contributes
// zeros). With KGSE_HC symmetric, each source/destination pair is ordered
// before hashing, so both directions of a flow hash alike.
// Not modelled: generic extraction (KGSE_GEC), classification plans, match
// vectors (a port's NIA names a scheme, or the first enabled scheme of its
// partition is used), policer.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_parse.hpp"

namespace dpaa::model
{

uint64_t crc64(const uint8_t *p, size_t len) noexcept;

class Keygen
{
public:
	struct Result {
		bool valid; // scheme enabled
		uint32_t fqid;
		uint64_t hash;
		uint32_t nia; // next engine after KeyGen (KGSE_MODE)
	};

	Keygen() { reset(); }
	void reset() noexcept;

	// Registers, offsets relative to the KeyGen block (fman_ccsr.hpp kg::).
	uint32_t read(uint32_t off) const noexcept;
	void write(uint32_t off, uint32_t v) noexcept;

	Result classify(unsigned scheme, std::span<const uint8_t> frame,
			const hw::fman::ParseResult &pr, uint8_t port_id) noexcept;

	// The first enabled scheme of the port's partition (FMKG_PE_SP).
	Result classify_port(std::span<const uint8_t> frame, const hw::fman::ParseResult &pr,
			     uint8_t port_id) noexcept;

	// The raw words of a scheme entry (index = (register - 0x100) / 4).
	const std::array<uint32_t, hw::fman::kg::kSchemeWords> &scheme(unsigned n) const noexcept
	{
		return schemes_[n];
	}
	uint32_t port_schemes(uint8_t port_id) const noexcept { return port_sp_[port_id & 63]; }

private:
	void action(uint32_t ar) noexcept;

	static constexpr unsigned kWords = 0x200 / 4;
	std::array<uint32_t, kWords> regs_{};
	std::array<std::array<uint32_t, hw::fman::kg::kSchemeWords>, hw::fman::kg::kNumSchemes>
		schemes_{};
	std::array<uint32_t, 64> port_sp_{};
	std::array<uint32_t, 64> port_cpp_{};
};

} // namespace dpaa::model
