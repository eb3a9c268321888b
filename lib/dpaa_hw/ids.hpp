/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Strong types for the identifiers the drivers pass around, so that an FQID,
// a BPID and a channel cannot be swapped by accident.
#pragma once

#include <cstdint>

namespace dpaa::hw
{

struct Fqid {
	uint32_t value; // 24 bits; 0 is not a valid FQ
	friend constexpr bool operator==(Fqid, Fqid) = default;
};

struct Bpid {
	uint8_t value; // 0..63
	friend constexpr bool operator==(Bpid, Bpid) = default;
};

struct Channel {
	uint16_t value; // QMan channel number as the silicon numbers it
	friend constexpr bool operator==(Channel, Channel) = default;
};

} // namespace dpaa::hw
