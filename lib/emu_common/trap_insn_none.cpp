/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// An architecture without a decoder (trap_insn.hpp): mmio_trap_install()
// refuses, so the emulation says so at start instead of crashing at the
// first register access.

#include "emu_common/trap_insn.hpp"

namespace dpaa::emu
{

const char *const kTrapInsnSet = nullptr;

bool trap_emulate(ucontext_t &, uintptr_t, const TrapWindow &) noexcept
{
	return false;
}

} // namespace dpaa::emu
