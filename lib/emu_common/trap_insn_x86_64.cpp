/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// x86-64: the mov, movzx, movsx, movbe and mov-imm forms a compiler emits
// for a volatile access (trap_insn.hpp), and the SSE/AVX moves between
// memory and an XMM register that a vectorising compiler (-march=native)
// also emits for one: movd/movq (a register's worth), and movdqu/movdqa/
// movups/movaps (16 bytes; 32 with VEX.256, a YMM register, whose upper
// half is in the signal frame's XSAVE area), each one access of the
// target like any other.
//
// A load into an XMM or YMM register completes in the interrupted thread,
// not through the signal frame alone: the kernel restores the vector
// registers from the frame at sigreturn, but valgrind restores only the
// general registers and RIP, so under valgrind a register written in the
// frame keeps its old value. The handler resumes the thread at a stub that
// loads the register from a per-thread slot and returns past the
// instruction (resume_load_through_stub below); the same on both paths.

#include "emu_common/trap_insn.hpp"

#include <cpuid.h>
#include <cstddef>
#include <cstring>

namespace dpaa::emu
{

const char *const kTrapInsnSet = "x86-64";

namespace
{

// The instruction at the faulting RIP, as far as the access needs it.
struct Insn {
	unsigned length = 0;
	unsigned size = 0; // bytes accessed
	bool store = false;
	bool byteswap = false;	  // movbe
	bool zero_extend = false; // movzx: the register gets 4 or 8 bytes
	bool sign_extend = false; // movsx, movsxd: likewise, sign-extended
	bool has_imm = false;
	uint64_t imm = 0;
	int reg = -1;		// register operand (0..15, x86 encoding); -1 for an immediate
	bool high_byte = false; // AH..BH
	bool rex_w = false;
	bool xmm = false; // reg is XMM0..15; a load clears the rest of it
	bool vex = false; // VEX-encoded: a load also clears bits 255:128 of the YMM register
};

// Reads ModRM (+ SIB + displacement); the address itself comes from the
// fault, so only the length matters. False for a register operand.
bool modrm(const uint8_t *p, unsigned &i, unsigned rex, int &reg) noexcept
{
	const uint8_t m = p[i++];
	const unsigned mod = m >> 6, rm = m & 7;
	reg = static_cast<int>(((m >> 3) & 7) | ((rex & 4) ? 8 : 0));
	if (mod == 3)
		return false;
	if (rm == 4) {
		const uint8_t sib = p[i++];
		if (mod == 0 && (sib & 7) == 5)
			i += 4;
	} else if (mod == 0 && rm == 5) {
		i += 4; // RIP-relative
	}
	if (mod == 1)
		i += 1;
	else if (mod == 2)
		i += 4;
	return true;
}

// The moves between memory and an XMM register, by mandatory prefix (0:
// none, 1: 66, 2: F3, 3: F2) and opcode (0F map). False for anything else.
bool xmm_move(unsigned pp, uint8_t op, bool w, Insn &d) noexcept
{
	d.xmm = true;
	if (pp == 1 && (op == 0x6e || op == 0x7e)) { // movd/movq xmm <-> r/m32/64
		d.store = op == 0x7e;
		d.size = w ? 8 : 4;
	} else if (pp == 2 && op == 0x7e) { // movq xmm, m64
		d.size = 8;
	} else if ((pp == 2 || pp == 3) && (op == 0x10 || op == 0x11)) { // movss, movsd
		d.store = op == 0x11;
		d.size = pp == 2 ? 4 : 8;
	} else if (pp == 1 && op == 0xd6) { // movq m64, xmm
		d.store = true;
		d.size = 8;
	} else if ((pp == 1 || pp == 2) && (op == 0x6f || op == 0x7f)) { // movdqa, movdqu
		d.store = op == 0x7f;
		d.size = 16;
	} else if ((pp == 0 || pp == 1) &&
		   (op == 0x10 || op == 0x11 || op == 0x28 || op == 0x29)) { // movups/pd, movaps/pd
		d.store = op == 0x11 || op == 0x29;
		d.size = 16;
	} else {
		return false;
	}
	return true;
}

bool decode(const uint8_t *p, Insn &d) noexcept
{
	unsigned i = 0, rex = 0;
	bool opsize = false;
	unsigned rep = 0; // F3: 2, F2: 3 (the SSE mandatory prefixes)
	for (;; i++) {
		if (p[i] == 0x66)
			opsize = true;
		else if (p[i] == 0xf3 || p[i] == 0xf2)
			rep = p[i] == 0xf3 ? 2 : 3;
		else if (p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 || p[i] == 0x36)
			continue; // segment overrides: no effect in 64-bit mode
		else
			break;
		if (i > 4)
			return false;
	}
	int reg = -1;
	if (p[i] == 0xc4 || p[i] == 0xc5) { // VEX, 128-bit forms only
		const bool three = p[i] == 0xc4;
		const uint8_t b1 = p[i + 1];
		unsigned map = 1, pp, l;
		bool w = false;
		if (three) {
			const uint8_t b2 = p[i + 2];
			map = b1 & 0x1f;
			w = b2 & 0x80;
			l = (b2 >> 2) & 1;
			pp = b2 & 3;
			// R, X, B are stored inverted; as REX bits they are 4, 2, 1.
			rex = (~b1 >> 5) & 7;
			i += 3;
		} else {
			l = (b1 >> 2) & 1;
			pp = b1 & 3;
			rex = (~b1 >> 5) & 4;
			i += 2;
		}
		if (map != 1 || !xmm_move(pp, p[i++], w, d))
			return false;
		if (l != 0) { // 256 bits: the 16-byte moves only
			if (d.size != 16)
				return false;
			d.size = 32;
		}
		d.rex_w = w;
		d.vex = true;
		if (!modrm(p, i, rex, reg))
			return false;
		d.reg = reg;
		d.length = i;
		return true;
	}
	if ((p[i] & 0xf0) == 0x40)
		rex = p[i++];
	d.rex_w = rex & 8;
	const unsigned wide = d.rex_w ? 8 : opsize ? 2 : 4;
	const uint8_t op = p[i++];
	if (op == 0x0f) {
		// An SSE move: the mandatory prefix (66, F3 or F2; none for
		// movups/movaps) selects the form. Other 0F opcodes are below.
		Insn x;
		if (xmm_move(rep ? rep : opsize ? 1 : 0, p[i], d.rex_w, x)) {
			x.rex_w = d.rex_w;
			d = x;
			i++;
			if (!modrm(p, i, rex, reg))
				return false;
			d.reg = reg;
			d.length = i;
			return true;
		}
	}
	if (rep)
		return false;
	switch (op) {
	case 0x8b: // mov r, m
	case 0x89: // mov m, r
		d.store = op == 0x89;
		d.size = wide;
		break;
	case 0x8a: // mov r8, m8
	case 0x88: // mov m8, r8
		d.store = op == 0x88;
		d.size = 1;
		break;
	case 0x63: // movsxd r64, m32
		if (!d.rex_w)
			return false;
		d.size = 4;
		d.sign_extend = true;
		break;
	case 0xc7: // mov m, imm
	case 0xc6:
		d.store = true;
		d.has_imm = true;
		d.size = op == 0xc6 ? 1 : wide;
		break;
	case 0x0f: {
		const uint8_t op2 = p[i++];
		if (op2 == 0xb6 || op2 == 0xb7) { // movzx r, m8/m16
			d.size = op2 == 0xb6 ? 1 : 2;
			d.zero_extend = true;
		} else if (op2 == 0xbe || op2 == 0xbf) { // movsx r, m8/m16
			d.size = op2 == 0xbe ? 1 : 2;
			d.sign_extend = true;
		} else if (op2 == 0x38 && (p[i] == 0xf0 || p[i] == 0xf1)) { // movbe
			d.store = p[i++] == 0xf1;
			d.byteswap = true;
			d.size = wide;
		} else {
			return false;
		}
		break;
	}
	default:
		return false;
	}
	if (!modrm(p, i, rex, reg))
		return false;
	if (d.has_imm) {
		const unsigned n = d.size == 1 ? 1 : d.size == 2 ? 2 : 4;
		uint64_t v = 0;
		memcpy(&v, p + i, n);
		if (n == 4 && d.size == 8) // sign-extended imm32
			v = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)));
		d.imm = v;
		i += n;
	} else {
		d.reg = reg;
		d.high_byte = d.size == 1 && rex == 0 && !d.zero_extend && !d.sign_extend &&
			      reg >= 4 && reg < 8;
		if (d.high_byte)
			d.reg = reg - 4;
	}
	d.length = i;
	return true;
}

// x86 register number -> ucontext gregs index.
constexpr int kGreg[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
			   REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

// The upper halves of the YMM registers (bits 255:128) in the signal
// frame: the kernel saves the FPU state in XSAVE's standard format when
// sw_reserved says so, the AVX component at the offset CPUID leaf 0xD
// sub-leaf 2 gives. nullptr when the frame has no AVX state.
uint8_t *ymm_upper(ucontext_t &uc) noexcept
{
	constexpr uint32_t kXstateMagic = 0x46505853; // FP_XSTATE_MAGIC1
	constexpr size_t kSwReserved = 464, kXsaveHeader = 512;
	constexpr uint64_t kAvx = 1u << 2;
	auto *fp = reinterpret_cast<uint8_t *>(uc.uc_mcontext.fpregs);
	uint32_t magic;
	uint64_t features;
	memcpy(&magic, fp + kSwReserved, 4);
	memcpy(&features, fp + kSwReserved + 8, 8);
	unsigned eax, ebx, ecx, edx;
	if (magic != kXstateMagic || !(features & kAvx) ||
	    !__get_cpuid_count(0xd, 2, &eax, &ebx, &ecx, &edx))
		return nullptr;
	// A component whose bit is clear in XSTATE_BV is in its initial state
	// (zeros), whatever the area holds: make it explicit before use.
	uint64_t bv;
	memcpy(&bv, fp + kXsaveHeader, 8);
	if (!(bv & kAvx)) {
		memset(fp + ebx, 0, 16 * 16);
		bv |= kAvx;
		memcpy(fp + kXsaveHeader, &bv, 8);
	}
	return fp + ebx;
}

// What a load stub needs: the bytes the register gets (zero-extended as
// the instruction would, up to 32), the thread's RAX, which carries the
// slot's address to the stub, and where the thread resumes.
struct LoadSlot {
	uint8_t bytes[32];
	uint64_t rax;
	uint64_t rip;
};
static_assert(offsetof(LoadSlot, rax) == 32 && offsetof(LoadSlot, rip) == 40,
	      "the stubs below read these offsets");

// A few per thread: a signal that interrupts the thread before its stub
// has run, and makes a trapped load of its own, takes the next one. The
// initial-exec model: no __tls_get_addr call in a signal handler.
constexpr unsigned kLoadSlots = 4;
[[gnu::tls_model("initial-exec")]] thread_local LoadSlot load_slots[kLoadSlots];
[[gnu::tls_model("initial-exec")]] thread_local unsigned next_load_slot;

} // namespace

// The stubs, 32 bytes apart, one per register and kind: legacy SSE (movdqu
// to xmmN: bits 255:128 of the YMM register stay), VEX.128 (vmovdqu to
// xmmN: they are cleared) and VEX.256 (vmovdqu to ymmN). Each skips the red
// zone, pushes the return address below it, loads the register from the
// slot RAX points to, restores RAX and returns, dropping the red zone
// again: lea, push, mov and ret leave the flags alone, and RSP ends where
// it was. Nothing on the stack is written before the thread runs the stub
// (the signal frame lies just below the red zone until sigreturn).
extern "C" [[gnu::visibility("hidden")]] const uint8_t dpaa_emu_xmm_load_stubs[];
asm(R"(
	.pushsection .text, "ax", @progbits
	.macro dpaa_emu_xmm_load_stub load, reg
	.balign 32
0:	lea -128(%rsp), %rsp
	pushq 40(%rax)
	\load (%rax), \reg
	mov 32(%rax), %rax
	ret $128
	.if . - 0b > 32
	.error "a load stub is longer than 32 bytes"
	.endif
	.endm
	.balign 32
	.globl dpaa_emu_xmm_load_stubs
	.hidden dpaa_emu_xmm_load_stubs
	.type dpaa_emu_xmm_load_stubs, @function
dpaa_emu_xmm_load_stubs:
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	dpaa_emu_xmm_load_stub movdqu, %xmm\n
	.endr
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	dpaa_emu_xmm_load_stub vmovdqu, %xmm\n
	.endr
	.irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	dpaa_emu_xmm_load_stub vmovdqu, %ymm\n
	.endr
	.balign 32
	.size dpaa_emu_xmm_load_stubs, . - dpaa_emu_xmm_load_stubs
	.purgem dpaa_emu_xmm_load_stub
	.popsection
)");

namespace
{

constexpr unsigned kLoadStubSize = 32;

// Resumes the thread at the stub that loads the register the instruction
// names with 'v' (32 bytes, zero beyond what the instruction loads), then
// returns after the instruction.
void resume_load_through_stub(ucontext_t &uc, const Insn &d, const uint8_t *v) noexcept
{
	LoadSlot &s = load_slots[next_load_slot++ % kLoadSlots];
	memcpy(s.bytes, v, sizeof(s.bytes));
	greg_t *g = uc.uc_mcontext.gregs;
	s.rax = static_cast<uint64_t>(g[REG_RAX]);
	s.rip = static_cast<uint64_t>(g[REG_RIP]) + d.length;
	const unsigned kind = !d.vex ? 0 : d.size <= 16 ? 1 : 2;
	g[REG_RAX] = reinterpret_cast<greg_t>(&s);
	g[REG_RIP] = reinterpret_cast<greg_t>(dpaa_emu_xmm_load_stubs +
					      (kind * 16 + d.reg) * kLoadStubSize);
}

} // namespace

bool trap_emulate(ucontext_t &uc, uintptr_t fault, const TrapWindow &w) noexcept
{
	Insn d;
	const auto *rip = reinterpret_cast<const uint8_t *>(uc.uc_mcontext.gregs[REG_RIP]);
	if (!decode(rip, d))
		return false;
	const auto off = static_cast<uint32_t>(fault - w.start);
	if (d.xmm) {
		// The register's bytes in the signal frame's FPU state (fxsave
		// layout; a YMM register's upper half in the XSAVE area). A VEX
		// load of 16 bytes or fewer clears the upper half; a legacy SSE
		// load leaves it. A store reads them there; a load writes them
		// there too (what the kernel restores) and completes through
		// its stub, which writes the register itself.
		auto *x =
			uc.uc_mcontext.fpregs == nullptr
				? nullptr
				: reinterpret_cast<uint8_t *>(&uc.uc_mcontext.fpregs->_xmm[d.reg]);
		uint8_t *upper = nullptr;
		if (x != nullptr && (d.size == 32 || (d.vex && !d.store)))
			upper = ymm_upper(uc);
		uint8_t v[32] = {};
		if (d.store) {
			if (x == nullptr || (d.size == 32 && upper == nullptr))
				return false;
			memcpy(v, x, 16);
			if (upper != nullptr)
				memcpy(v + 16, upper + 16 * d.reg, 16);
			w.target->store(off, d.size, v);
			uc.uc_mcontext.gregs[REG_RIP] += d.length;
			return true;
		}
		w.target->load(off, d.size, v);
		if (x != nullptr)
			memcpy(x, v, 16);
		if (upper != nullptr) // v[16..31] is zero below 32 bytes
			memcpy(upper + 16 * d.reg, v + 16, 16);
		resume_load_through_stub(uc, d, v);
		return true;
	}
	greg_t &r = uc.uc_mcontext.gregs[d.reg >= 0 ? kGreg[d.reg] : REG_RIP];
	uint8_t bytes[8];
	if (d.store) {
		uint64_t v = d.has_imm ? d.imm : static_cast<uint64_t>(r);
		if (d.high_byte)
			v >>= 8;
		if (d.byteswap)
			v = d.size == 8	  ? __builtin_bswap64(v)
			    : d.size == 4 ? __builtin_bswap32(static_cast<uint32_t>(v))
					  : __builtin_bswap16(static_cast<uint16_t>(v));
		memcpy(bytes, &v, d.size); // little-endian: the bytes the store writes
		w.target->store(off, d.size, bytes);
	} else {
		w.target->load(off, d.size, bytes);
		uint64_t v = 0;
		memcpy(&v, bytes, d.size);
		if (d.byteswap)
			v = d.size == 8	  ? __builtin_bswap64(v)
			    : d.size == 4 ? __builtin_bswap32(static_cast<uint32_t>(v))
					  : __builtin_bswap16(static_cast<uint16_t>(v));
		auto old = static_cast<uint64_t>(r);
		if (d.sign_extend) {
			const unsigned bits = d.size * 8;
			v = static_cast<uint64_t>(static_cast<int64_t>(v << (64 - bits)) >>
						  (64 - bits));
			r = static_cast<greg_t>(d.rex_w ? v : static_cast<uint32_t>(v));
		} else if (d.zero_extend || d.size >= 4) {
			r = static_cast<greg_t>(v); // a 32-bit destination clears bits 63:32
		} else if (d.high_byte) {
			r = static_cast<greg_t>((old & ~0xff00ull) | (v << 8));
		} else {
			const uint64_t mask = d.size == 1 ? 0xff : 0xffff;
			r = static_cast<greg_t>((old & ~mask) | v);
		}
	}
	uc.uc_mcontext.gregs[REG_RIP] += d.length;
	return true;
}

} // namespace dpaa::emu
