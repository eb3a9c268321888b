/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "usdpaa_emu/mmio_trap.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <execinfo.h>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "usdpaa_emu/libc_next.hpp"

namespace dpaa::usdpaa
{

namespace
{

// 32-bit big-endian registers seen as memory: narrower or wider accesses
// are split or merged into whole registers.
class RegisterTarget final : public TrapTarget
{
public:
	hw::RegisterWindow *regs = nullptr;
	uint32_t base_off = 0;
	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;
};

struct Window {
	std::atomic<uintptr_t> start{0}; // 0: free slot
	size_t len = 0;
	TrapTarget *target = nullptr;
	RegisterTarget registers; // the target of a register window
};

constexpr unsigned kMaxWindows = 64;
std::array<Window, kMaxWindows> windows;
std::mutex windows_lock;
std::atomic<uint64_t> accesses{0};
struct sigaction previous;
void (*crash_hook)() = nullptr;
std::once_flag installed;

Window *find(uintptr_t a) noexcept
{
	for (Window &w : windows) {
		uintptr_t s = w.start.load(std::memory_order_acquire);
		if (s != 0 && a >= s && a < s + w.len)
			return &w;
	}
	return nullptr;
}

// The instruction at the faulting RIP, as far as the access needs it.
struct Insn {
	unsigned length = 0;
	unsigned size = 0; // bytes accessed
	bool store = false;
	bool byteswap = false;	  // movbe
	bool zero_extend = false; // movzx: the register gets 4 or 8 bytes
	bool has_imm = false;
	uint64_t imm = 0;
	int reg = -1;		// register operand (0..15, x86 encoding); -1 for an immediate
	bool high_byte = false; // AH..BH
	bool rex_w = false;
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

bool decode(const uint8_t *p, Insn &d) noexcept
{
	unsigned i = 0, rex = 0;
	bool opsize = false;
	for (;; i++) {
		if (p[i] == 0x66)
			opsize = true;
		else if (p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 || p[i] == 0x36)
			continue; // segment overrides: no effect in 64-bit mode
		else
			break;
		if (i > 4)
			return false;
	}
	if ((p[i] & 0xf0) == 0x40)
		rex = p[i++];
	d.rex_w = rex & 8;
	const unsigned wide = d.rex_w ? 8 : opsize ? 2 : 4;
	const uint8_t op = p[i++];
	int reg = -1;
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
		d.high_byte = d.size == 1 && rex == 0 && !d.zero_extend && reg >= 4 && reg < 8;
		if (d.high_byte)
			d.reg = reg - 4;
	}
	d.length = i;
	return true;
}

// x86 register number -> ucontext gregs index.
constexpr int kGreg[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
			   REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

} // namespace

// Memory bytes [off, off + n) of the window, as big-endian registers show them.
void RegisterTarget::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	off += base_off;
	const uint32_t first = off & ~3u;
	for (uint32_t r = first; r < off + n; r += 4) {
		const uint32_t v = regs->read32(r);
		const uint8_t be[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8),
				       uint8_t(v)};
		for (unsigned b = 0; b < 4; b++)
			if (r + b >= off && r + b < off + n)
				out[r + b - off] = be[b];
	}
}

void RegisterTarget::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	off += base_off;
	const uint32_t first = off & ~3u;
	for (uint32_t r = first; r < off + n; r += 4) {
		uint8_t be[4] = {};
		const bool whole = r >= off && r + 4 <= off + n;
		if (!whole) { // a narrow store: read, merge, write the register
			const uint32_t v = regs->read32(r);
			be[0] = uint8_t(v >> 24), be[1] = uint8_t(v >> 16), be[2] = uint8_t(v >> 8),
			be[3] = uint8_t(v);
		}
		for (unsigned b = 0; b < 4; b++)
			if (r + b >= off && r + b < off + n)
				be[b] = in[r + b - off];
		regs->write32(r, uint32_t(be[0]) << 24 | uint32_t(be[1]) << 16 |
					 uint32_t(be[2]) << 8 | be[3]);
	}
}

namespace
{

void say(const char *msg) noexcept
{
	ssize_t r = write(STDERR_FILENO, msg, strlen(msg));
	(void)r;
}

void on_segv(int sig, siginfo_t *si, void *ctx) noexcept
{
	const uintptr_t a = reinterpret_cast<uintptr_t>(si->si_addr);
	Window *w = find(a);
	auto *uc = static_cast<ucontext_t *>(ctx);
	Insn d;
	const auto *rip = reinterpret_cast<const uint8_t *>(uc->uc_mcontext.gregs[REG_RIP]);
	if (w == nullptr || !decode(rip, d)) {
		if (w != nullptr)
			say("usdpaa_emu: a CCSR access by an instruction the emulation does not "
			    "decode; crashing as the unmapped access would\n");
		// The application is about to die: say where, and let the
		// emulation report what the model saw.
		say("usdpaa_emu: the application crashed (SIGSEGV) at:\n");
		void *bt[32];
		backtrace_symbols_fd(bt, backtrace(bt, 32), STDERR_FILENO);
		if (crash_hook != nullptr) {
			auto hook = crash_hook;
			crash_hook = nullptr;
			hook();
		}
		// Not ours: the previous handler, or the default action on return.
		if (previous.sa_flags & SA_SIGINFO && previous.sa_sigaction != nullptr) {
			previous.sa_sigaction(sig, si, ctx);
			return;
		}
		if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
			previous.sa_handler(sig);
			return;
		}
		signal(SIGSEGV, SIG_DFL);
		return;
	}
	const auto off = static_cast<uint32_t>(a - w->start.load());
	greg_t &r = uc->uc_mcontext.gregs[d.reg >= 0 ? kGreg[d.reg] : REG_RIP];
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
		w->target->store(off, d.size, bytes);
	} else {
		w->target->load(off, d.size, bytes);
		uint64_t v = 0;
		memcpy(&v, bytes, d.size);
		if (d.byteswap)
			v = d.size == 8	  ? __builtin_bswap64(v)
			    : d.size == 4 ? __builtin_bswap32(static_cast<uint32_t>(v))
					  : __builtin_bswap16(static_cast<uint16_t>(v));
		auto old = static_cast<uint64_t>(r);
		if (d.zero_extend || d.size >= 4) {
			r = static_cast<greg_t>(v); // a 32-bit destination clears bits 63:32
		} else if (d.high_byte) {
			r = static_cast<greg_t>((old & ~0xff00ull) | (v << 8));
		} else {
			const uint64_t mask = d.size == 1 ? 0xff : 0xffff;
			r = static_cast<greg_t>((old & ~mask) | v);
		}
	}
	uc->uc_mcontext.gregs[REG_RIP] += d.length;
	accesses.fetch_add(1, std::memory_order_relaxed);
}

} // namespace

int mmio_trap_install() noexcept
{
	int ret = 0;
	std::call_once(installed, [&ret] {
		struct sigaction sa = {};
		sa.sa_sigaction = on_segv;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGSEGV, &sa, &previous) != 0)
			ret = -errno;
	});
	return ret;
}

namespace
{

void *map_window(size_t len, TrapTarget *target, hw::RegisterWindow *regs,
		 uint32_t base_off) noexcept
{
	std::lock_guard<std::mutex> g(windows_lock);
	for (Window &w : windows) {
		if (w.start.load() != 0)
			continue;
		void *p = libc::mmap(nullptr, len, PROT_NONE,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (p == MAP_FAILED)
			return nullptr;
		w.len = len;
		w.registers.regs = regs;
		w.registers.base_off = base_off;
		w.target = target != nullptr ? target : &w.registers;
		w.start.store(reinterpret_cast<uintptr_t>(p), std::memory_order_release);
		return p;
	}
	errno = ENOMEM;
	return nullptr;
}

} // namespace

void *mmio_trap_map(size_t len, hw::RegisterWindow &regs, uint32_t base_off) noexcept
{
	return map_window(len, nullptr, &regs, base_off);
}

void *mmio_trap_map(size_t len, TrapTarget &target) noexcept
{
	return map_window(len, &target, nullptr, 0);
}

bool mmio_trap_unmap(void *addr, size_t len) noexcept
{
	std::lock_guard<std::mutex> g(windows_lock);
	for (Window &w : windows) {
		if (w.start.load() != reinterpret_cast<uintptr_t>(addr) || w.len != len)
			continue;
		w.start.store(0, std::memory_order_release);
		libc::munmap(addr, len);
		return true;
	}
	return false;
}

void mmio_trap_on_crash(void (*fn)()) noexcept
{
	crash_hook = fn;
}

uint64_t mmio_trap_count() noexcept
{
	return accesses.load(std::memory_order_relaxed);
}

} // namespace dpaa::usdpaa
