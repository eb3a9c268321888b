/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// arm64 (trap_insn.hpp): the general-purpose-register loads and stores a
// compiler emits for a volatile or atomic access and for small copies, as
// the Arm ARM's A64 "Loads and Stores" encoding tables lay them out:
//  - LDR/STR and their B, H, SB, SH, SW forms: unsigned offset, unscaled
//    (LDUR/STUR), pre- and post-indexed, register offset;
//  - LDAR/STLR (the acquire loads and release stores of the portal-access
//    contract);
//  - LDP/STP/LDPSW, all addressing forms;
//  - the data-cache operations a portal driver issues on the cache-enabled
//    area: DC ZVA zeroes the block (upstream's dcbz), DC CVAC, CVAU, CVAP and
//    CIVAC have nothing to do here (a view hands the model a line when its
//    verb is stored, portal_view.hpp), and a load from a window never caches.
//  - the SIMD and FP register forms of LDR/STR (B, H, S, D and Q, in every
//    addressing form above) and of LDP/STP/LDNP/STNP (S, D and Q): the
//    compiler copies a struct or inlines a memcpy of 16 bytes or more with
//    them (ldp q0, q1 / stp q0, q1), and glibc's memcpy uses them too, so a
//    ring entry or command copied to or from a trapped portal page is one.
// Atomics and LD1/ST1 are not decoded: a driver uses neither on a register
// or a ring entry.

#include "emu_common/trap_insn.hpp"

#include <csignal> // asm/sigcontext.h: the signal frame's FP/SIMD record
#include <cstring>

namespace dpaa::emu
{

const char *const kTrapInsnSet = "arm64";

namespace
{

// One instruction's data accesses: 'count' registers of 'size' bytes each,
// at consecutive addresses from 'addr'.
struct Access {
	uint64_t addr = 0;
	unsigned size = 0;
	unsigned count = 1;
	unsigned rt[2] = {31, 31};
	bool simd = false; // rt names SIMD and FP registers (V0-V31), not X0-X30
	bool store = false;
	bool sign = false;	 // a signed load: sign-extend to 'dest_bits'
	unsigned dest_bits = 64; // Wt (32) or Xt (64)
	bool writeback = false;	 // pre- or post-indexed: Rn gets 'new_base'
	unsigned rn = 31;
	uint64_t new_base = 0;
};

int64_t sign_extend(uint64_t v, unsigned bits) noexcept
{
	const uint64_t m = 1ull << (bits - 1);
	v &= (1ull << bits) - 1;
	return static_cast<int64_t>((v ^ m) - m);
}

// Register 31 reads as zero as a data register (XZR), as SP as a base.
uint64_t data_reg(const mcontext_t &mc, unsigned n) noexcept
{
	return n == 31 ? 0 : mc.regs[n];
}

uint64_t base_reg(const mcontext_t &mc, unsigned n) noexcept
{
	return n == 31 ? mc.sp : mc.regs[n];
}

// Rm extended and shifted as a register-offset load or store says.
bool index_reg(const mcontext_t &mc, uint32_t i, unsigned size_log, uint64_t &off) noexcept
{
	const uint64_t rm = data_reg(mc, (i >> 16) & 31);
	const unsigned shift = ((i >> 12) & 1) ? size_log : 0;
	switch ((i >> 13) & 7) {
	case 2: // UXTW
		off = static_cast<uint32_t>(rm);
		break;
	case 3: // LSL (UXTX)
	case 7: // SXTX
		off = rm;
		break;
	case 6: // SXTW
		off = static_cast<uint64_t>(sign_extend(rm, 32));
		break;
	default:
		return false;
	}
	off <<= shift;
	return true;
}

// The opc field of a single-register load or store: store, zero-extending
// load, or a signed load into Xt or Wt. False for PRFM and the unallocated.
bool single_kind(Access &a, unsigned size_log, unsigned opc) noexcept
{
	a.size = 1u << size_log;
	switch (opc) {
	case 0:
		a.store = true;
		return true;
	case 1:
		return true;
	case 2: // LDRSB/LDRSH/LDRSW Xt (size 3 is PRFM)
		a.sign = true;
		return size_log < 3;
	default: // LDRSB/LDRSH Wt
		a.sign = true;
		a.dest_bits = 32;
		return size_log < 2;
	}
}

// The size:opc fields of a SIMD and FP single-register load or store:
// B, H, S, D (size 0 to 3, opc<1> clear) or Q (size 0, opc<1> set); opc<0>
// says load. False for the unallocated encodings.
bool simd_single_kind(Access &a, unsigned size_log, unsigned opc) noexcept
{
	a.simd = true;
	a.store = !(opc & 1);
	if (opc & 2) {
		if (size_log != 0)
			return false;
		a.size = 16;
	} else {
		a.size = 1u << size_log;
	}
	return true;
}

// log2 of a SIMD and FP single access's size, which scales its imm12.
unsigned log2_size(unsigned size) noexcept
{
	return static_cast<unsigned>(__builtin_ctz(size));
}

// The SIMD and FP loads and stores (the V bit, 26, set).
bool decode_simd(const mcontext_t &mc, uint32_t i, Access &a) noexcept
{
	const unsigned rn = (i >> 5) & 31;
	const uint64_t base = base_reg(mc, rn);
	const unsigned size_log = i >> 30;
	const unsigned opc = (i >> 22) & 3;
	if ((i & 0x3f000000) == 0x3d000000) { // LDR/STR (unsigned offset)
		if (!simd_single_kind(a, size_log, opc))
			return false;
		a.addr = base + (static_cast<uint64_t>((i >> 10) & 0xfff) << log2_size(a.size));
		return true;
	}
	if ((i & 0x3f200000) == 0x3c000000) { // imm9: unscaled, post, pre
		const int64_t imm = sign_extend(i >> 12, 9);
		const unsigned mode = (i >> 10) & 3;
		if (mode == 2 || !simd_single_kind(a, size_log, opc)) // no unprivileged form
			return false;
		a.addr = mode == 1 ? base : base + static_cast<uint64_t>(imm);
		if (mode == 1 || mode == 3) {
			a.writeback = true;
			a.new_base = base + static_cast<uint64_t>(imm);
		}
		return true;
	}
	if ((i & 0x3f200c00) == 0x3c200800) { // LDR/STR (register offset)
		if (!simd_single_kind(a, size_log, opc))
			return false;
		uint64_t off = 0;
		if (!index_reg(mc, i, log2_size(a.size), off))
			return false;
		a.addr = base + off;
		return true;
	}
	if ((i & 0x3e000000) == 0x2c000000) { // LDP/STP/LDNP/STNP: S, D, Q
		const unsigned pair_opc = i >> 30;
		if (pair_opc == 3)
			return false;
		a.simd = true;
		a.size = 4u << pair_opc;
		a.store = !((i >> 22) & 1);
		a.count = 2;
		a.rt[1] = (i >> 10) & 31;
		const int64_t imm = sign_extend(i >> 15, 7) * static_cast<int64_t>(a.size);
		const unsigned mode = (i >> 23) & 3; // 0, 2: offset; 1: post; 3: pre
		a.addr = mode == 1 ? base : base + static_cast<uint64_t>(imm);
		if (mode == 1 || mode == 3) {
			a.writeback = true;
			a.new_base = base + static_cast<uint64_t>(imm);
		}
		return true;
	}
	return false;
}

bool decode(const mcontext_t &mc, uint32_t i, Access &a) noexcept
{
	if (i & (1u << 26)) { // V: a SIMD and FP register
		a.rt[0] = i & 31;
		a.rn = (i >> 5) & 31;
		return decode_simd(mc, i, a);
	}
	const unsigned rn = (i >> 5) & 31;
	const uint64_t base = base_reg(mc, rn);
	a.rt[0] = i & 31;
	a.rn = rn;
	const unsigned size_log = i >> 30;
	if ((i & 0x3f000000) == 0x39000000) { // LDR/STR (unsigned offset)
		a.addr = base + (static_cast<uint64_t>((i >> 10) & 0xfff) << size_log);
		return single_kind(a, size_log, (i >> 22) & 3);
	}
	if ((i & 0x3f200000) == 0x38000000) { // imm9: unscaled, post, unprivileged, pre
		const int64_t imm = sign_extend(i >> 12, 9);
		const unsigned mode = (i >> 10) & 3;
		a.addr = mode == 1 ? base : base + static_cast<uint64_t>(imm);
		if (mode == 1 || mode == 3) {
			a.writeback = true;
			a.new_base = base + static_cast<uint64_t>(imm);
		}
		return single_kind(a, size_log, (i >> 22) & 3);
	}
	if ((i & 0x3f200c00) == 0x38200800) { // LDR/STR (register offset)
		uint64_t off = 0;
		if (!index_reg(mc, i, size_log, off))
			return false;
		a.addr = base + off;
		return single_kind(a, size_log, (i >> 22) & 3);
	}
	if ((i & 0x3fa08000) == 0x08808000) { // LDAR/STLR
		a.addr = base;
		a.size = 1u << size_log;
		a.store = !((i >> 22) & 1);
		return true;
	}
	if ((i & 0x3e000000) == 0x28000000) { // LDP/STP/LDNP/STNP/LDPSW
		const unsigned opc = i >> 30;
		const bool load = (i >> 22) & 1;
		if (opc == 3 || (opc == 1 && !load))
			return false;
		a.size = opc == 2 ? 8 : 4;
		a.sign = opc == 1;
		a.dest_bits = opc == 0 ? 32 : 64;
		a.store = !load;
		a.count = 2;
		a.rt[1] = (i >> 10) & 31;
		const int64_t imm = sign_extend(i >> 15, 7) * static_cast<int64_t>(a.size);
		const unsigned mode = (i >> 23) & 3; // 0, 2: offset; 1: post; 3: pre
		a.addr = mode == 1 ? base : base + static_cast<uint64_t>(imm);
		if (mode == 1 || mode == 3) {
			a.writeback = true;
			a.new_base = base + static_cast<uint64_t>(imm);
		}
		return true;
	}
	return false;
}

// The register as the load leaves it: zero- or sign-extended.
uint64_t loaded_value(const Access &a, const uint8_t *bytes) noexcept
{
	uint64_t v = 0;
	memcpy(&v, bytes, a.size); // little-endian: the register's low bytes
	if (a.sign)
		v = static_cast<uint64_t>(sign_extend(v, a.size * 8));
	if (a.dest_bits == 32)
		v = static_cast<uint32_t>(v);
	return v;
}

// The SIMD and FP registers as the signal frame holds them: the kernel's
// FPSIMD record among those in mcontext's reserved area (a chain of records,
// each with its magic and size, ended by a null one); sigreturn restores the
// registers from it, so a load writes the record. nullptr if it is missing.
fpsimd_context *fpsimd_record(mcontext_t &mc) noexcept
{
	size_t off = 0;
	while (off + sizeof(_aarch64_ctx) <= sizeof(mc.__reserved)) {
		auto *head = reinterpret_cast<_aarch64_ctx *>(mc.__reserved + off);
		if (head->magic == 0 || head->size < sizeof(_aarch64_ctx))
			return nullptr;
		if (head->magic == FPSIMD_MAGIC)
			return head->size >= sizeof(fpsimd_context) &&
					       off + sizeof(fpsimd_context) <= sizeof(mc.__reserved)
				       ? reinterpret_cast<fpsimd_context *>(head)
				       : nullptr;
		off += head->size;
	}
	return nullptr;
}

// The size of the block DC ZVA zeroes: DCZID_EL0.BS, log2 of 4-byte words.
unsigned zva_block() noexcept
{
	uint64_t dczid;
	asm("mrs %0, dczid_el0" : "=r"(dczid));
	return 4u << (dczid & 0xf);
}

// A data-cache operation by address (DC <op>, Xt): true if 'i' is one.
bool cache_op(mcontext_t &mc, uint32_t i, const TrapWindow &w) noexcept
{
	switch (i & 0xffffffe0) {
	case 0xd50b7420: { // DC ZVA: zero the block, in 8-byte stores
		const unsigned block = zva_block();
		const uint64_t first = data_reg(mc, i & 31) & ~static_cast<uint64_t>(block - 1);
		const uint8_t zero[8] = {};
		for (uint64_t p = first; p < first + block; p += 8)
			if (p >= w.start && p + 8 <= w.start + w.len)
				w.target->store(static_cast<uint32_t>(p - w.start), 8, zero);
		return true;
	}
	case 0xd50b7a20: // DC CVAC
	case 0xd50b7b20: // DC CVAU
	case 0xd50b7c20: // DC CVAP
	case 0xd50b7e20: // DC CIVAC
		return true;
	default:
		return false;
	}
}

} // namespace

bool trap_emulate(ucontext_t &uc, uintptr_t fault, const TrapWindow &w) noexcept
{
	(void)fault; // the address comes from the registers: exact for a pair too
	mcontext_t &mc = uc.uc_mcontext;
	uint32_t i;
	memcpy(&i, reinterpret_cast<const void *>(mc.pc), sizeof(i));
	if (cache_op(mc, i, w)) {
		mc.pc += 4;
		return true;
	}
	Access a;
	if (!decode(mc, i, a))
		return false;
	if (a.addr < w.start || a.addr + a.size * a.count > w.start + w.len)
		return false;
	fpsimd_context *fp = a.simd ? fpsimd_record(mc) : nullptr;
	if (a.simd && fp == nullptr)
		return false;
	const auto off = static_cast<uint32_t>(a.addr - w.start);
	// Each register's bytes in memory order (little-endian: its low bytes).
	uint8_t bytes[2][16] = {};
	for (unsigned k = 0; k < a.count; k++) {
		if (a.store) {
			if (a.simd) {
				memcpy(bytes[k], &fp->vregs[a.rt[k]], a.size);
			} else {
				const uint64_t v = data_reg(mc, a.rt[k]);
				memcpy(bytes[k], &v, a.size);
			}
			w.target->store(off + k * a.size, a.size, bytes[k]);
		} else {
			w.target->load(off + k * a.size, a.size, bytes[k]);
		}
	}
	// Registers change once every access is done, as the instruction's do. A
	// SIMD and FP load clears the rest of its 128-bit register.
	if (!a.store)
		for (unsigned k = 0; k < a.count; k++) {
			if (a.simd) {
				__uint128_t v = 0;
				memcpy(&v, bytes[k], a.size);
				fp->vregs[a.rt[k]] = v;
			} else if (a.rt[k] != 31) {
				mc.regs[a.rt[k]] = loaded_value(a, bytes[k]);
			}
		}
	if (a.writeback) {
		if (a.rn == 31)
			mc.sp = a.new_base;
		else
			mc.regs[a.rn] = a.new_base;
	}
	mc.pc += 4;
	return true;
}

} // namespace dpaa::emu
