/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A window of 32-bit configuration registers (CCSR). Control-path only, so a
// virtual call per access is fine: on a board the implementation does
// big-endian MMIO, in the model it dispatches into the modelled block.
#pragma once

#include <cstdint>

namespace dpaa::hw
{

class RegisterWindow
{
public:
	virtual uint32_t read32(uint32_t off) noexcept = 0;
	virtual void write32(uint32_t off, uint32_t v) noexcept = 0;

protected:
	~RegisterWindow() = default;
};

} // namespace dpaa::hw
