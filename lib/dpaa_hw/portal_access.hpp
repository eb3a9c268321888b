/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The portal-access contract: the one place that says how the CPU and a
// QMan/BMan software portal hand each other ring entries, management commands
// and register values. ring.hpp and the portal drivers (drivers/bus/dpaa/
// qbman) use nothing else; the model (lib/dpaa_model/portal.cpp) is the
// portal's side of the same contract.
//
// The portal has two areas:
//  - CE, cache-enabled: the rings (EQCR, DQRR, MR, RCR) and the command and
//    response lines (CR, RR0, RR1), 64-byte entries with the verb in byte 0.
//    A USDPAA process maps it cacheable, and the portal is not coherent with
//    the core's cache for it: it sees a line the core wrote only once the
//    line is written back, and the core sees what the portal wrote only once
//    its own copy of the line is gone (the DQRR may be stashed into the
//    core's cache instead, which is coherent, but the driver does not count on
//    it). Hence: flush a line after writing it, and drop the copy of a line
//    before looking at it again.
//  - CI, cache-inhibited: 32-bit big-endian registers in device memory.
//
// The rules, CPU side (the driver):
//  - producer (EQCR, RCR, CR): write the entry's body with plain stores, then
//    publish_entry(), which orders the body before the verb, stores the verb
//    (its valid bit says the entry is there) and flushes the line;
//  - consumer (DQRR, MR, RR): entry_valid() / response_ready() load the verb
//    with acquire, so the body read after it is the one the verb belongs to;
//    when the entry is not there yet they drop the cached copy of its line
//    and start fetching it again, for the next look;
//  - management command: the body, then submit_command(), which publishes
//    the CR and drops the stale copy of the response line it waits on;
//  - taking a portal over: invalidate_lines() on the lines it will read, which
//    may still be cached from the portal's previous owner;
//  - CI registers: reg_read() with acquire, reg_write() with release, so a
//    register write (DQRR_CI, DCAP, VDQCR, ...) is seen after every access
//    before it (entries read, entries written).
// The portal side (the model) writes an entry's body, then store_verb()
// (release) last, and reads an entry after load_verb() (acquire); it has no
// cache to maintain.
//
// The cache operations are real instructions on arm64, the only architecture
// of the SoC, and no-ops elsewhere: an x86 build only ever drives the model,
// whose portal memory is ordinary coherent memory. On arm64 they also run
// against the model, where they are harmless: Linux lets user space issue
// "dc cvac" and "dc civac" (SCTLR_EL1.UCI), and on coherent memory they only
// cost a write-back. The barriers are real everywhere, because the model's
// thread reads and writes the portal in parallel with the driver.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa_hw/be.hpp"
#include "dpaa_hw/checking.hpp"

namespace dpaa::hw
{

inline constexpr size_t kPortalLine = 64; // a CE entry, and the SoC's cache line

// --------------------------------------------------------- contract checking

// In a checking build (kChecking) the CPU side reports what it does to CE
// lines to an observer: the modelled SoC, which keeps each line's state as
// the core's non-coherent cache would leave it and counts, as misuse, an
// entry handed to the portal whose line was never written back
// (model/ce_shadow.hpp). One observer per process; none on a board.
struct CeObserver {
	void (*cpu_wrote)(void *arg, const void *line) = nullptr;
	void (*cpu_flushed)(void *arg, const void *line) = nullptr;
	void *arg = nullptr;
};
inline CeObserver ce_observer;
// Test-only, in a checking build: the next this many flush_line() calls do
// nothing, as if the flush were missing from the driver.
inline unsigned ce_flushes_to_skip = 0;

// --------------------------------------------------------- barriers, cache

// True where the CPU must maintain its cache for the CE area itself.
#if defined(__aarch64__)
inline constexpr bool kCeCacheMaintenance = true;
#else
inline constexpr bool kCeCacheMaintenance = false;
#endif

// Orders the CPU's earlier stores before its later ones for every observer
// of the portal, the portal itself included (an outer-shareable observer on
// the SoC): upstream's lwsync() on arm64. x86 keeps stores in order anyway.
inline void portal_wmb() noexcept
{
#if defined(__aarch64__)
	asm volatile("dmb oshst" ::: "memory");
#else
	asm volatile("" ::: "memory");
#endif
}

// Writes a CE line back to the portal now, instead of whenever the cache
// evicts it: the portal sees nothing the core wrote until then ("dc cvac",
// clean to the point of coherency).
inline void flush_line(const void *p) noexcept
{
	if constexpr (kChecking) {
		if (ce_flushes_to_skip != 0) {
			ce_flushes_to_skip--;
			return;
		}
		if (ce_observer.cpu_flushed != nullptr)
			ce_observer.cpu_flushed(ce_observer.arg, p);
	}
#if defined(__aarch64__)
	asm volatile("dc cvac, %0" ::"r"(p) : "memory");
#else
	(void)p;
#endif
}

// Drops the core's copy of a CE line and starts fetching it again, so that
// the next load sees what the portal has written since ("dc civac": clean and
// invalidate, since user space may not discard a line unwritten; then a
// prefetch to hide the refill).
inline void refresh_line(const void *p) noexcept
{
#if defined(__aarch64__)
	asm volatile("dc civac, %0" ::"r"(p) : "memory");
	asm volatile("prfm pldl1keep, [%0]" ::"r"(p));
#else
	(void)p;
#endif
}

// refresh_line() without the prefetch, on 'lines' consecutive CE lines.
inline void invalidate_lines(const void *first, unsigned lines) noexcept
{
#if defined(__aarch64__)
	const char *p = static_cast<const char *>(first);
	for (unsigned i = 0; i < lines; i++)
		asm volatile("dc civac, %0" ::"r"(p + i * kPortalLine) : "memory");
#else
	(void)first;
	(void)lines;
#endif
}

// --------------------------------------------------------- entries, verbs

// The verb byte, as the portal side reads it: acquire, so the body read next
// is at least as new as the verb.
inline uint8_t load_verb(const void *entry) noexcept
{
	return __atomic_load_n(static_cast<const uint8_t *>(entry), __ATOMIC_ACQUIRE);
}

// The verb byte, as the portal side writes it: release, so the body written
// before is visible once the verb is.
inline void store_verb(void *entry, uint8_t verb) noexcept
{
	__atomic_store_n(static_cast<uint8_t *>(entry), verb, __ATOMIC_RELEASE);
}

// CPU producer: zero an entry's body (every byte but the verb) before
// filling it. One store per naturally aligned piece, never a vector store:
// the area is device memory, written as the portal's bus takes it (and an
// emulated kernel interface that traps the area decodes plain stores).
inline void clear_entry_body(void *entry) noexcept
{
	auto *p = static_cast<volatile uint8_t *>(entry);
	p[1] = 0;
	*reinterpret_cast<volatile uint16_t *>(p + 2) = 0;
	*reinterpret_cast<volatile uint32_t *>(p + 4) = 0;
	for (unsigned off = 8; off < 64; off += 8)
		*reinterpret_cast<volatile uint64_t *>(p + off) = 0;
}

// CPU producer: the body is written; make the entry the portal's.
inline void publish_entry(void *entry, uint8_t verb) noexcept
{
	// The body must reach the portal before the valid bit that announces it.
	portal_wmb();
	if constexpr (kChecking) {
		if (ce_observer.cpu_wrote != nullptr)
			ce_observer.cpu_wrote(ce_observer.arg, entry);
	}
	// Release as well: the same order for the model's thread, in C++ terms.
	store_verb(entry, verb);
	// The portal reads the entry from memory, not from this core's cache.
	flush_line(entry);
}

// CPU consumer: whether the entry's valid bit has the polarity 'vbit' (0x80
// or 0) expects; if not, its line is refreshed for the next look.
inline bool entry_valid(const void *entry, uint8_t vbit) noexcept
{
	if ((load_verb(entry) & 0x80) == vbit)
		return true;
	// Not there yet: a cached copy would hide it for good.
	refresh_line(entry);
	return false;
}

// Management command: the CR body is written; hand the command over with
// 'verb', then get ready to poll 'rr' for its response.
inline void submit_command(void *cr, uint8_t verb, const void *rr) noexcept
{
	publish_entry(cr, verb);
	// The response line may be cached from the previous command's answer.
	refresh_line(rr);
}

// Whether the response to the last command has arrived: the inactive
// response's verb reads 0 until its command completes.
inline bool response_ready(const void *rr) noexcept
{
	if (load_verb(rr) != 0)
		return true;
	refresh_line(rr);
	return false;
}

// --------------------------------------------------------- CI registers

inline uint32_t *reg_ptr(void *area, uint32_t off) noexcept
{
	return reinterpret_cast<uint32_t *>(static_cast<char *>(area) + off);
}

inline const uint32_t *reg_ptr(const void *area, uint32_t off) noexcept
{
	return reinterpret_cast<const uint32_t *>(static_cast<const char *>(area) + off);
}

// Acquire: what the register says (EQCR_CI: entries the portal is done
// with) happened before anything this core does after reading it.
inline uint32_t reg_read(const void *area, uint32_t off) noexcept
{
	return from_be(__atomic_load_n(reg_ptr(area, off), __ATOMIC_ACQUIRE));
}

// Release ("stlr" on arm64, valid for device memory): every access before it
// (the DQRR entries a DQRR_CI write gives back were read) is seen first.
inline void reg_write(void *area, uint32_t off, uint32_t v) noexcept
{
	__atomic_store_n(reg_ptr(area, off), to_be(v), __ATOMIC_RELEASE);
}

template <typename T> T *area_at(void *area, uint32_t off) noexcept
{
	return reinterpret_cast<T *>(static_cast<char *>(area) + off);
}

// --------------------------------------------------------- hooks

// The contract's only hooks: for a portal whose other side needs the
// driver's thread to make progress (the modelled SoC's, when stepped or
// short of a CPU). Unset on a board, whose QMan and BMan work by themselves.

// Called at every poll of a wait (qbman/hw_wait.hpp): advances a stepped
// model; a no-op once the model runs on its own thread.
struct WaitHook {
	void (*fn)(void *arg) = nullptr;
	void *arg = nullptr;
};

// Called with the portal's index by an enqueue that finds the EQCR still
// full after re-reading EQCR_CI: the QMan consumes the ring now, and EQCR_CI
// is read again. True if it took entries.
struct EqcrFullHook {
	bool (*fn)(void *arg, unsigned portal) = nullptr;
	void *arg = nullptr;
};

} // namespace dpaa::hw
