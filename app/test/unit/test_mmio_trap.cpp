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
