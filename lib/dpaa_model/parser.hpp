/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan hard-wired parser: the shared header walk (frame_facts.hpp) and
// the FMan's 32-byte parse result (dpaa_hw/fman_parse.hpp) made from what it
// found, the way the FMan writes it.
#pragma once

#include <cstdint>
#include <span>

#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_model/frame_facts.hpp"

namespace dpaa::model
{

struct ParseOutcome {
	// FD status bits: fd_status::kErrPrsHeader for a malformed header,
	// fd_status::kL4ChecksumValidated when an L4 checksum was checked.
	uint32_t fd_status;
};

// The FMan's parse result and FD status bits for a frame's facts.
ParseOutcome fman_parse_result(const FrameFacts &facts, hw::fman::ParseResult &pr) noexcept;

// 'frame' is the frame as received, without FCS. Never reads outside it.
ParseOutcome parse_frame(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept;

// The same parse by the generic header walk alone, without parse_frame()'s
// shortcut for the common IPv4 UDP/TCP frame: for tests that hold the
// shortcut against the walk.
ParseOutcome parse_frame_walk(std::span<const uint8_t> frame, hw::fman::ParseResult &pr) noexcept;

} // namespace dpaa::model
