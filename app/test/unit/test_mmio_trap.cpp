/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The emulations' trapped windows (lib/emu_common/mmio_trap.hpp) on the
// architecture the test is built for: each load and store form a driver's
// compiler emits reaches the window's target once, with its offset, size
// and bytes, and a load leaves in its register what the target answered.

#include <array>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <vector>

#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"

// The name the trap engine's messages start with (emu_common/log.hpp).
const char dpaa::emu::kLogName[] = "mmio-trap-test";

namespace
{

using dpaa::emu::TrapTarget;

struct Op {
	bool store;
	uint32_t off;
	unsigned n;
	bool operator==(const Op &) const = default;
};

// Memory behind a window, and the accesses that reached it.
class Recorder final : public TrapTarget
{
public:
	std::array<uint8_t, 4096> mem{};
	std::vector<Op> ops;

	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override
	{
		ops.push_back({false, off, n});
		std::memcpy(out, &mem[off], n);
	}
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override
	{
		ops.push_back({true, off, n});
		std::memcpy(&mem[off], in, n);
	}
};

class MmioTrap : public ::testing::Test
{
protected:
	void SetUp() override
	{
		ASSERT_EQ(dpaa::emu::mmio_trap_install(), 0);
		win_ = static_cast<uint8_t *>(dpaa::emu::mmio_trap_map(kLen, target_));
		ASSERT_NE(win_, nullptr);
	}
	void TearDown() override { EXPECT_TRUE(dpaa::emu::mmio_trap_unmap(win_, kLen)); }
	template <typename T> volatile T *at(uint32_t off)
	{
		return reinterpret_cast<volatile T *>(win_ + off);
	}

	static constexpr size_t kLen = 4096;
	Recorder target_;
	uint8_t *win_ = nullptr;
};

TEST_F(MmioTrap, VolatileStoresOfEachWidthReachTheTargetOnce)
{
	*at<uint8_t>(0x11) = 0xa5;
	*at<uint16_t>(0x22) = 0xbeef;
	*at<uint32_t>(0x44) = 0x12345678;
	*at<uint64_t>(0x88) = 0x0102030405060708ull;
	const std::vector<Op> want = {
		{true, 0x11, 1}, {true, 0x22, 2}, {true, 0x44, 4}, {true, 0x88, 8}};
	EXPECT_EQ(target_.ops, want);
	EXPECT_EQ(target_.mem[0x11], 0xa5);
	const uint8_t le16[] = {0xef, 0xbe};
	const uint8_t le32[] = {0x78, 0x56, 0x34, 0x12};
	const uint8_t le64[] = {8, 7, 6, 5, 4, 3, 2, 1};
	EXPECT_EQ(std::memcmp(&target_.mem[0x22], le16, 2), 0);
	EXPECT_EQ(std::memcmp(&target_.mem[0x44], le32, 4), 0);
	EXPECT_EQ(std::memcmp(&target_.mem[0x88], le64, 8), 0);
}

TEST_F(MmioTrap, VolatileLoadsOfEachWidthSeeTheTarget)
{
	const uint8_t bytes[] = {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8};
	std::memcpy(&target_.mem[0x100], bytes, 8);
	EXPECT_EQ(*at<uint8_t>(0x100), 0x81);
	EXPECT_EQ(*at<uint16_t>(0x100), 0x9281);
	EXPECT_EQ(*at<uint32_t>(0x100), 0xb4a39281u);
	EXPECT_EQ(*at<uint64_t>(0x100), 0xf8e7d6c5b4a39281ull);
	// Signed loads extend the sign into the wider register.
	EXPECT_EQ(static_cast<int64_t>(*at<int8_t>(0x100)), -127);
	EXPECT_EQ(static_cast<int64_t>(*at<int16_t>(0x100)), -28031);
	EXPECT_EQ(static_cast<int64_t>(*at<int32_t>(0x100)), -1264348543);
	EXPECT_EQ(target_.ops.size(), 7u);
}

// The portal-access contract's register accesses: an acquire load and a
// release store (LDAR and STLR on arm64).
TEST_F(MmioTrap, AcquireLoadsAndReleaseStores)
{
	__atomic_store_n(reinterpret_cast<uint32_t *>(win_ + 0x200), 0xcafef00du, __ATOMIC_RELEASE);
	__atomic_store_n(win_ + 0x240, uint8_t{0x80}, __ATOMIC_RELEASE);
	EXPECT_EQ(__atomic_load_n(reinterpret_cast<uint32_t *>(win_ + 0x200), __ATOMIC_ACQUIRE),
		  0xcafef00du);
	EXPECT_EQ(__atomic_load_n(win_ + 0x240, __ATOMIC_ACQUIRE), 0x80);
	const std::vector<Op> want = {
		{true, 0x200, 4}, {true, 0x240, 1}, {false, 0x200, 4}, {false, 0x240, 1}};
	EXPECT_EQ(target_.ops, want);
}

#if defined(__x86_64__)

// The SSE and AVX moves a vectorising compiler emits for a register access
// (upstream's qbman_swp_init reads EQCR_PI with vmovd under -march=native),
// written out so that the test does not depend on the compiler's choice.
TEST_F(MmioTrap, X86XmmMoves)
{
	const uint8_t bytes[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	std::memcpy(&target_.mem[0x500], bytes, 16);
	uint32_t d = 0;
	uint64_t q = 0, hi = 0;
	// movd xmm, m32 then movd r32, xmm: the load clears the rest of XMM.
	asm volatile("pcmpeqd %%xmm1, %%xmm1\n\tmovd (%[p]), %%xmm1\n\tmovd %%xmm1, %[d]\n\t"
		     "psrldq $4, %%xmm1\n\tmovq %%xmm1, %[hi]"
		     : [d] "=r"(d), [hi] "=r"(hi)
		     : [p] "r"(win_ + 0x500)
		     : "xmm1", "memory");
	EXPECT_EQ(d, 0x04030201u);
	EXPECT_EQ(hi, 0u);
	// movq xmm, m64 (F3 0F 7E) and movq m64, xmm (66 0F D6).
	asm volatile("movq 8(%1), %%xmm2\n\tmovq %%xmm2, %0"
		     : "=r"(q)
		     : "r"(win_ + 0x500)
		     : "xmm2", "memory");
	EXPECT_EQ(q, 0x100f0e0d0c0b0a09ull);
	uint64_t v = 0x1122334455667788ull;
	asm volatile("movq %1, %%xmm3\n\tmovq %%xmm3, (%0)"
		     :
		     : "r"(win_ + 0x600), "r"(v)
		     : "xmm3", "memory");
	// 16 bytes: movdqu load and store, one access each.
	asm volatile("movdqu (%0), %%xmm4\n\tmovdqu %%xmm4, 0x10(%0)"
		     :
		     : "r"(win_ + 0x500)
		     : "xmm4", "memory");
	EXPECT_EQ(std::memcmp(&target_.mem[0x510], bytes, 16), 0);
	std::vector<Op> want = {{false, 0x500, 4},
				{false, 0x508, 8},
				{true, 0x600, 8},
				{false, 0x500, 16},
				{true, 0x510, 16}};
	EXPECT_EQ(target_.ops, want);
	EXPECT_EQ(std::memcmp(&target_.mem[0x600], &v, 8), 0);
	if (!__builtin_cpu_supports("avx"))
		GTEST_SKIP() << "no AVX: the VEX forms cannot run here";
	target_.ops.clear();
	// The VEX forms: vmovd load (the instruction upstream's build uses),
	// vmovd store, vmovq load, vmovdqu store.
	uint32_t e = 0;
	asm volatile("vmovd 4(%1), %%xmm5\n\tvmovd %%xmm5, 0x700(%1)\n\tvmovd %%xmm5, %0"
		     : "=r"(e)
		     : "r"(win_ + 0x500)
		     : "xmm5", "memory");
	EXPECT_EQ(e, 0x08070605u);
	asm volatile("vmovq 8(%0), %%xmm6\n\tvmovdqu %%xmm6, 0x20(%0)"
		     :
		     : "r"(win_ + 0x500)
		     : "xmm6", "memory");
	want = {{false, 0x504, 4}, {true, 0xc00, 4}, {false, 0x508, 8}, {true, 0x520, 16}};
	EXPECT_EQ(target_.ops, want);
	EXPECT_EQ(std::memcmp(&target_.mem[0x520], bytes + 8, 8), 0);
	const uint8_t zeros[8] = {};
	EXPECT_EQ(std::memcmp(&target_.mem[0x528], zeros, 8), 0); // vmovq cleared the high half
	if (!__builtin_cpu_supports("avx2"))
		return;
	// A VEX load clears the upper half of the YMM register; a legacy SSE
	// load keeps it.
	uint64_t vex_upper = 1, sse_upper = 0;
	asm volatile("vpcmpeqd %%ymm8, %%ymm8, %%ymm8\n\tvmovd (%[p]), %%xmm8\n\t"
		     "vextracti128 $1, %%ymm8, %%xmm9\n\tvmovq %%xmm9, %[vex]\n\t"
		     "vpcmpeqd %%ymm8, %%ymm8, %%ymm8\n\tmovd (%[p]), %%xmm8\n\t"
		     "vextracti128 $1, %%ymm8, %%xmm9\n\tvmovq %%xmm9, %[sse]\n\tvzeroupper"
		     : [vex] "=&r"(vex_upper), [sse] "=&r"(sse_upper)
		     : [p] "r"(win_ + 0x500)
		     : "xmm8", "xmm9", "memory");
	EXPECT_EQ(vex_upper, 0u);
	EXPECT_EQ(sse_upper, ~0ull);
	// 32 bytes through a YMM register (upstream's direct-mode EQCR copy).
	target_.ops.clear();
	uint8_t out[32] = {};
	for (unsigned i = 0; i < 32; i++)
		target_.mem[0x800 + i] = uint8_t(0x40 + i);
	asm volatile("vmovdqu (%0), %%ymm7\n\tvmovdqu %%ymm7, 0x40(%0)\n\tvmovdqu %%ymm7, (%1)\n\t"
		     "vzeroupper"
		     :
		     : "r"(win_ + 0x800), "r"(out)
		     : "xmm7", "memory");
	want = {{false, 0x800, 32}, {true, 0x840, 32}};
	EXPECT_EQ(target_.ops, want);
	EXPECT_EQ(std::memcmp(out, &target_.mem[0x800], 32), 0);
	EXPECT_EQ(std::memcmp(&target_.mem[0x840], &target_.mem[0x800], 32), 0);
}

// A trapped load into one vector register, between checks of what the
// thread must find unchanged around it: 'ones' fills the register with
// ones, the carry flag is set and the lowest quadword of the red zone holds
// a canary; after the load, 'store' writes the register ('whole': 16 or 32
// bytes) to the case's 'out', and the flag and the canary are read back.
struct XmmLoad {
	uint32_t off;
	unsigned size, whole; // bytes loaded, bytes checked
	const char *insn = nullptr;
	unsigned reg = 0;
	uint8_t out[32] = {};
	uint8_t carry = 0;
	uint64_t red_zone = 0;
};
constexpr uint64_t kCanary = 0x5a5a5a5aa5a5a5a5ull;
#define TRAPPED_LOAD(ones, load, dst, store, whole, clobber, n, c)                                 \
	do {                                                                                       \
		(c).insn = load, (c).reg = n;                                                      \
		asm volatile(ones "\n\tmovq %[canary], -128(%%rsp)\n\tstc\n\t" load                \
				  " (%[p]), %%" dst                                                \
				  "\n\tsetc %[cf]\n\tmovq -128(%%rsp), %[z]\n\t" store " %%" whole \
				  ", (%[o])"                                                       \
			     : [cf] "=&r"((c).carry), [z] "=&r"((c).red_zone)                      \
			     : [p] "r"(win_ + (c).off), [o] "r"((c).out), [canary] "r"(kCanary)    \
			     : clobber, "cc", "memory");                                           \
	} while (0)
#define SSE_LOAD(load, n, c)                                                                       \
	TRAPPED_LOAD("pcmpeqd %%xmm" #n ", %%xmm" #n, load, "xmm" #n, "movdqu", "xmm" #n,          \
		     "xmm" #n, n, c)
#define AVX_LOAD(load, width, n, c)                                                                \
	TRAPPED_LOAD("vpcmpeqd %%ymm" #n ", %%ymm" #n ", %%ymm" #n, load, width #n, "vmovdqu",     \
		     "ymm" #n, "xmm" #n, n, c)

// What a trapped load leaves in the register is there when the thread goes
// on, however it returns from the signal: the kernel restores the vector
// registers from the signal frame, valgrind does not (the unit suite's
// dpaa-mmio-trap-tests-valgrind runs this under valgrind).
TEST_F(MmioTrap, X86XmmLoadsReachTheRegister)
{
	for (unsigned i = 0; i < 32; i++)
		target_.mem[0x900 + i] = uint8_t(0x60 + i);
	XmmLoad c[] = {{0x904, 4, 16}, {0x908, 8, 16},	{0x900, 16, 16}, {0x910, 16, 16},
		       {0x90c, 4, 32}, {0x900, 16, 32}, {0x900, 32, 32}};
	SSE_LOAD("movd", 1, c[0]);
	SSE_LOAD("movq", 9, c[1]);
	SSE_LOAD("movdqu", 0, c[2]);
	SSE_LOAD("movdqu", 15, c[3]);
	size_t n = 4;
	if (__builtin_cpu_supports("avx")) { // VEX: the rest of the YMM register is cleared
		AVX_LOAD("vmovd", "xmm", 4, c[4]);
		AVX_LOAD("vmovdqu", "xmm", 12, c[5]);
		AVX_LOAD("vmovdqu", "ymm", 7, c[6]);
		asm volatile("vzeroupper");
		n = std::size(c);
	}
	for (size_t i = 0; i < n; i++) {
		SCOPED_TRACE(testing::Message() << c[i].insn << " into register " << c[i].reg);
		uint8_t want[32] = {}; // movd and movq clear the rest of the register
		std::memcpy(want, &target_.mem[c[i].off], c[i].size);
		EXPECT_EQ(std::memcmp(c[i].out, want, c[i].whole), 0);
		EXPECT_EQ(c[i].carry, 1);
		EXPECT_EQ(c[i].red_zone, kCanary);
	}
	EXPECT_EQ(target_.ops.size(), n);
}

#endif

#if defined(__aarch64__)

// The forms a compiler picks for copies and array walks, written out so
// that the test does not depend on its choice.
TEST_F(MmioTrap, Arm64PairsAndIndexedForms)
{
	uint64_t a = 0x9111222233334444ull, b = 0x5555666677778888ull;
	uint8_t *p = win_ + 0x300;
	asm volatile("stp %x1, %x2, [%0, #16]!" : "+r"(p) : "r"(a), "r"(b) : "memory");
	EXPECT_EQ(p, win_ + 0x310); // pre-index writes the base back
	uint64_t c = 0, d = 0;
	asm volatile("ldp %x1, %x2, [%0], #-16" : "+r"(p), "=r"(c), "=r"(d) : : "memory");
	EXPECT_EQ(p, win_ + 0x300); // post-index
	EXPECT_EQ(c, a);
	EXPECT_EQ(d, b);
	uint32_t w = 0;
	uint64_t idx = 3;
	asm volatile("ldr %w0, [%1, %2, lsl #2]"
		     : "=r"(w)
		     : "r"(win_ + 0x310), "r"(idx)
		     : "memory");
	EXPECT_EQ(w, 0x55556666u); // bytes 12..15 of the pair: b's upper half
	int64_t s = 0;
	asm volatile("ldursb %0, [%1, #-1]" : "=r"(s) : "r"(win_ + 0x318) : "memory");
	EXPECT_EQ(s, -0x6f); // byte 7 of a, 0x91, sign-extended
	std::memset(&target_.mem[0x304], 0xff, 4);
	asm volatile("str wzr, [%0, #4]" : : "r"(win_ + 0x300) : "memory");
	const std::vector<Op> want = {{true, 0x310, 8},	 {true, 0x318, 8},  {false, 0x310, 8},
				      {false, 0x318, 8}, {false, 0x31c, 4}, {false, 0x317, 1},
				      {true, 0x304, 4}};
	EXPECT_EQ(target_.ops, want);
	EXPECT_EQ(target_.mem[0x304], 0);
}

// The SIMD and FP register forms: a compiler copies a struct or inlines a
// memcpy of 16 bytes or more with ldp/stp q, and glibc's memcpy ends a copy
// with ldr/str of d, s, h or b. Each register is one access of its size, and
// a load clears the rest of the 128-bit register.
TEST_F(MmioTrap, Arm64SimdSingleRegisterForms)
{
	for (unsigned i = 0; i < 16; i++)
		target_.mem[0x900 + i] = uint8_t(0xa0 + i);
	uint8_t got[16] = {};
	// LDR q and STR q (unsigned offset, scaled by 16).
	asm volatile("ldr q0, [%0, #0x900]\n\tstr q0, [%0, #0x910]\n\tstr q0, [%1]"
		     :
		     : "r"(win_), "r"(got)
		     : "v0", "memory");
	EXPECT_EQ(std::memcmp(got, &target_.mem[0x900], 16), 0);
	EXPECT_EQ(std::memcmp(&target_.mem[0x910], &target_.mem[0x900], 16), 0);
	// LDUR d, s, h, b (unscaled, negative offset), each into a register
	// that was all ones.
	uint64_t lo[4] = {}, hi[4] = {};
	asm volatile("movi v1.2d, #0xffffffffffffffff\n\tldur d1, [%[p], #-8]\n\t"
		     "fmov %[l0], d1\n\tmov %[h0], v1.d[1]\n\t"
		     "movi v1.2d, #0xffffffffffffffff\n\tldur s1, [%[p], #-4]\n\t"
		     "fmov %[l1], d1\n\tmov %[h1], v1.d[1]\n\t"
		     "movi v1.2d, #0xffffffffffffffff\n\tldur h1, [%[p], #-2]\n\t"
		     "fmov %[l2], d1\n\tmov %[h2], v1.d[1]\n\t"
		     "movi v1.2d, #0xffffffffffffffff\n\tldur b1, [%[p], #-1]\n\t"
		     "fmov %[l3], d1\n\tmov %[h3], v1.d[1]"
		     : [l0] "=&r"(lo[0]), [h0] "=&r"(hi[0]), [l1] "=&r"(lo[1]), [h1] "=&r"(hi[1]),
		       [l2] "=&r"(lo[2]), [h2] "=&r"(hi[2]), [l3] "=&r"(lo[3]), [h3] "=&r"(hi[3])
		     : [p] "r"(win_ + 0x910)
		     : "v1", "memory");
	EXPECT_EQ(lo[0], 0xafaeadacabaaa9a8ull);
	EXPECT_EQ(lo[1], 0xafaeadacull);
	EXPECT_EQ(lo[2], 0xafaeull);
	EXPECT_EQ(lo[3], 0xafull);
	for (unsigned k = 0; k < 4; k++)
		EXPECT_EQ(hi[k], 0u) << "load " << k << " left the register's upper half";
	// STUR s, STR h and STR b (unsigned offset): the register's low bytes.
	asm volatile("ldr q2, [%0]\n\tstur s2, [%1, #-4]\n\tstr h2, [%1, #2]\n\tstr b2, [%1, #5]"
		     :
		     : "r"(got), "r"(win_ + 0x920)
		     : "v2", "memory");
	const uint8_t stored[] = {0xa0, 0xa1, 0xa2, 0xa3, 0, 0, 0xa0, 0xa1, 0, 0xa0};
	EXPECT_EQ(std::memcmp(&target_.mem[0x91c], stored, sizeof(stored)), 0);
	const std::vector<Op> want = {{false, 0x900, 16}, {true, 0x910, 16}, {false, 0x908, 8},
				      {false, 0x90c, 4},  {false, 0x90e, 2}, {false, 0x90f, 1},
				      {true, 0x91c, 4},	  {true, 0x922, 2},  {true, 0x925, 1}};
	EXPECT_EQ(target_.ops, want);
}

TEST_F(MmioTrap, Arm64SimdIndexedAndPairForms)
{
	uint8_t in[32], out[48] = {};
	for (unsigned i = 0; i < 32; i++)
		in[i] = uint8_t(0x10 + i);
	uint8_t *p = win_ + 0xa00;
	// STR q pre-indexed, LDR q post-indexed: the base is written back.
	asm volatile("ldr q2, [%1]\n\tstr q2, [%0, #32]!" : "+r"(p) : "r"(in) : "v2", "memory");
	EXPECT_EQ(p, win_ + 0xa20);
	asm volatile("ldr q3, [%0], #-32\n\tstr q3, [%1]" : "+r"(p) : "r"(out) : "v3", "memory");
	EXPECT_EQ(p, win_ + 0xa00);
	EXPECT_EQ(std::memcmp(out, in, 16), 0);
	// LDR q (register offset, LSL #4).
	uint64_t idx = 2;
	asm volatile("ldr q4, [%0, %1, lsl #4]\n\tstr q4, [%2, #16]"
		     :
		     : "r"(win_ + 0xa00), "r"(idx), "r"(out)
		     : "v4", "memory");
	EXPECT_EQ(std::memcmp(out + 16, in, 16), 0);
	// STP q (signed offset): 32 bytes, two accesses.
	asm volatile("ldp q5, q6, [%1]\n\tstp q5, q6, [%0, #64]"
		     :
		     : "r"(win_ + 0xa00), "r"(in)
		     : "v5", "v6", "memory");
	EXPECT_EQ(std::memcmp(&target_.mem[0xa40], in, 32), 0);
	// LDP d pre-indexed, STP s post-indexed.
	p = win_ + 0xa60;
	uint64_t d5 = 0, d6 = 0;
	asm volatile("ldp d5, d6, [%0, #-16]!\n\tfmov %1, d5\n\tfmov %2, d6"
		     : "+r"(p), "=r"(d5), "=r"(d6)
		     :
		     : "v5", "v6", "memory");
	EXPECT_EQ(p, win_ + 0xa50);
	EXPECT_EQ(d5, 0x2726252423222120ull); // in[16..23]
	EXPECT_EQ(d6, 0x2f2e2d2c2b2a2928ull);
	asm volatile("stp s6, s5, [%0], #8" : "+r"(p) : : "memory");
	EXPECT_EQ(p, win_ + 0xa58);
	const uint8_t swapped[] = {0x28, 0x29, 0x2a, 0x2b, 0x20, 0x21, 0x22, 0x23};
	EXPECT_EQ(std::memcmp(&target_.mem[0xa50], swapped, 8), 0);
	// STNP and LDNP q (the non-temporal pair).
	asm volatile("ldp q16, q17, [%1]\n\tstnp q17, q16, [%0, #0x80]\n\t"
		     "ldnp q18, q19, [%0, #0x80]\n\tstp q18, q19, [%2]"
		     :
		     : "r"(win_ + 0xa00), "r"(in), "r"(out)
		     : "v16", "v17", "v18", "v19", "memory");
	EXPECT_EQ(std::memcmp(out, in + 16, 16), 0);
	EXPECT_EQ(std::memcmp(out + 16, in, 16), 0);
	const std::vector<Op> want = {{true, 0xa20, 16}, {false, 0xa20, 16}, {false, 0xa20, 16},
				      {true, 0xa40, 16}, {true, 0xa50, 16},  {false, 0xa50, 8},
				      {false, 0xa58, 8}, {true, 0xa50, 4},   {true, 0xa54, 4},
				      {true, 0xa80, 16}, {true, 0xa90, 16},  {false, 0xa80, 16},
				      {false, 0xa90, 16}};
	EXPECT_EQ(target_.ops, want);
}

// The remaining forms of upstream's arm64 qbman code (objdump of
// librte_bus_fslmc.a): LDUR/STUR q at an offset that is not a multiple of
// 16, LDR d (register offset, LSL #3), STR d (unsigned offset).
TEST_F(MmioTrap, Arm64SimdUnscaledQAndDoubleForms)
{
	uint8_t in[16], out[16] = {};
	for (unsigned i = 0; i < 16; i++)
		in[i] = uint8_t(0x60 + i);
	asm volatile("ldr q20, [%1]\n\tstur q20, [%0, #4]\n\tldur q21, [%0, #4]\n\tstr q21, [%2]"
		     :
		     : "r"(win_ + 0xb00), "r"(in), "r"(out)
		     : "v20", "v21", "memory");
	EXPECT_EQ(std::memcmp(&target_.mem[0xb04], in, 16), 0);
	EXPECT_EQ(std::memcmp(out, in, 16), 0);
	uint64_t idx = 1, d = 0;
	asm volatile("ldr d22, [%1, %2, lsl #3]\n\tstr d22, [%1, #0x40]\n\tfmov %0, d22"
		     : "=r"(d)
		     : "r"(win_ + 0xb00), "r"(idx)
		     : "v22", "memory");
	EXPECT_EQ(d, 0x6b6a696867666564ull); // bytes 0xb08..0xb0f: in[4..11]
	EXPECT_EQ(std::memcmp(&target_.mem[0xb40], in + 4, 8), 0);
	const std::vector<Op> want = {
		{true, 0xb04, 16}, {false, 0xb04, 16}, {false, 0xb08, 8}, {true, 0xb40, 8}};
	EXPECT_EQ(target_.ops, want);
}

// Upstream's dcbz (DC ZVA) zeroes a whole block; cleaning a line (its dcbf,
// our flush_line) has nothing to do on a window.
TEST_F(MmioTrap, Arm64CacheOperations)
{
	std::memset(&target_.mem[0x400], 0xff, 128);
	uint64_t dczid;
	asm("mrs %0, dczid_el0" : "=r"(dczid));
	const unsigned block = 4u << (dczid & 0xf);
	ASSERT_LE(block, 128u);
	// The branch starts a new translation block under qemu-user, which
	// reports a DC ZVA fault at the start of its block, not at the
	// instruction (qemu 7.2): on silicon the branch changes nothing.
	asm volatile("b 1f\n1:\tdc zva, %0" : : "r"(win_ + 0x400 + 8) : "memory");
	for (unsigned i = 0; i < 128; i++)
		EXPECT_EQ(target_.mem[0x400 + i], i < block ? 0 : 0xff) << "byte " << i;
	EXPECT_EQ(target_.ops.size(), block / 8);
	target_.ops.clear();
	asm volatile("dc cvac, %0" : : "r"(win_ + 0x400) : "memory");
	asm volatile("dc civac, %0" : : "r"(win_ + 0x440) : "memory");
	EXPECT_TRUE(target_.ops.empty());
}

#endif

} // namespace
