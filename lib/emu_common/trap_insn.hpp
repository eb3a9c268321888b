/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The architecture's half of a trapped CCSR or portal access (mmio_trap.hpp):
// decode the instruction that faulted, make its access on the window's
// target, write what it loaded into the register it names, and resume after
// it. One implementation per architecture the emulation runs on
// (trap_insn_x86_64.cpp, trap_insn_aarch64.cpp), chosen by the build;
// elsewhere trap_insn_none.cpp knows no instruction, and the emulation
// refuses to start.
#pragma once

#include <cstdint>
#include <ucontext.h>

#include "emu_common/mmio_trap.hpp"

namespace dpaa::emu
{

// A window the faulting access fell in: [start, start + len) reaches target.
struct TrapWindow {
	uintptr_t start;
	size_t len;
	TrapTarget *target;
};

// Performs the access of the instruction at the context's program counter,
// which faulted at 'fault' inside 'w', and moves the program counter past
// it. False (the context untouched) for an instruction it does not decode.
bool trap_emulate(ucontext_t &uc, uintptr_t fault, const TrapWindow &w) noexcept;

// The instruction set whose loads and stores trap_emulate() decodes, for
// messages; nullptr where it decodes none.
extern const char *const kTrapInsnSet;

} // namespace dpaa::emu
