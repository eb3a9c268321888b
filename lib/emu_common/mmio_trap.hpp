/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// Register windows that plain loads and stores reach, one access at a time.
//
// A driver maps a block's registers (DPAA1's CCSR through /dev/mem, a DPAA2
// portal's cache-inhibited page or MC portal through VFIO) and then reads
// and writes them as memory (in_be32/out_be32). Here such a window is address
// space with no access rights: every access faults, and the SIGSEGV handler
// decodes the faulting instruction (the loads and stores a compiler emits
// for a volatile access, on x86-64 or arm64: trap_insn.hpp), performs it on
// the model's register window (32-bit big-endian registers; narrower or
// wider accesses are split or merged into whole registers), writes the
// loaded value into the register the instruction names, and resumes after
// it. So a read with a side effect happens once, a spin on a self-clearing
// bit sees it clear, and a hash-table write is one command, as on silicon.
//
// Control path only: a few microseconds per access.
//
// A window may also stand for memory that is not registers (a portal area
// whose stores the model must see one by one, as lib/usdpaa_emu's
// portal_view.hpp): its TrapTarget gets each access as the instruction made
// it, offset and size.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/register_window.hpp"

namespace dpaa::emu
{

// What a window's accesses reach: bytes [off, off + n) in memory order,
// n = 1, 2, 4 or 8, 16 for an x86 SSE move or an arm64 Q register, 32 for
// an x86 AVX move; one call per instruction, or per register of an arm64
// pair. Called in the signal handler of the accessing thread.
class TrapTarget
{
public:
	virtual void load(uint32_t off, unsigned n, uint8_t *out) noexcept = 0;
	virtual void store(uint32_t off, unsigned n, const uint8_t *in) noexcept = 0;

protected:
	~TrapTarget() = default;
};

// Installs the SIGSEGV handler (once). Faults outside the windows go to the
// handler that was there before, or crash as they would have.
int mmio_trap_install() noexcept;

// Reserves 'len' bytes whose accesses reach 'regs' at offset 'base_off' and
// up; nullptr (errno set) when no slot or address space is left.
void *mmio_trap_map(size_t len, hw::RegisterWindow &regs, uint32_t base_off) noexcept;
// The same over any target, at offsets from 0.
void *mmio_trap_map(size_t len, TrapTarget &target) noexcept;

// Whether [addr, addr + len) was a window; it is unmapped if so.
bool mmio_trap_unmap(void *addr, size_t len) noexcept;

// Called once when the application faults outside the windows, before it
// dies of it (not async-signal-safe: the process is lost anyway).
void mmio_trap_on_crash(void (*fn)()) noexcept;

// Accesses emulated so far (for the report at exit).
uint64_t mmio_trap_count() noexcept;

} // namespace dpaa::emu
