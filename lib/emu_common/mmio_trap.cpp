/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "emu_common/mmio_trap.hpp"

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

#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"
#include "emu_common/trap_insn.hpp"

namespace dpaa::emu
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

// A line of the library's log from the signal handler: write(2) only, no
// stdio (log.hpp's functions are not async-signal-safe).
void say_prefixed(const char *msg) noexcept
{
	say(kLogName);
	say(": ");
	say(msg);
}

void on_segv(int sig, siginfo_t *si, void *ctx) noexcept
{
	const uintptr_t a = reinterpret_cast<uintptr_t>(si->si_addr);
	Window *w = find(a);
	auto *uc = static_cast<ucontext_t *>(ctx);
	if (w == nullptr || !trap_emulate(*uc, a, TrapWindow{w->start.load(), w->len, w->target})) {
		if (w != nullptr)
			say_prefixed("a trapped register access by an instruction the emulation "
				     "does not decode; crashing as the unmapped access would\n");
		// The application is about to die: say where, and let the
		// emulation report what the model saw.
		say_prefixed("the application crashed (SIGSEGV) at:\n");
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
	accesses.fetch_add(1, std::memory_order_relaxed);
}

} // namespace

int mmio_trap_install() noexcept
{
	if (kTrapInsnSet == nullptr) {
		say_prefixed("the emulation decodes the register accesses of x86-64 and arm64 "
			     "code only, not of this architecture's\n");
		return -ENOTSUP;
	}
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

} // namespace dpaa::emu
