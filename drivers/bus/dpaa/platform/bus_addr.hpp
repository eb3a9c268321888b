/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Translation between virtual addresses and the 40-bit bus addresses that
// QMan frame descriptors and BMan buffers carry. On the data path (Rx: bus ->
// VA per frame, Tx: VA -> bus per frame), so it is inline, lock-free and
// virtual-free: a small table of windows {va, bus, len}, with the window of
// the last hit tried first. A process has few windows (one per DPDK memseg
// list on the model, one per IOVA-contiguous run on a board), and frames of
// one pool almost always fall in the same one.
//
// Concurrency: one writer at a time (the platform at scan, then DPDK's memory
// event callback, which DPDK serialises under its memory hotplug lock), any
// number of readers. Windows are append-only: the writer fills an entry, then
// publishes the count with a release store; an entry never changes once
// published (remove() only shrinks its length to 0, and is for memory nothing
// can still reference). The last-hit index is a hint shared by all threads:
// it always names a published entry and is validated on each use, so a stale
// value costs a table walk, never a wrong answer.
//
// No DPDK in here: unit tests use the table alone.
#pragma once

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>

namespace dpaa::platform
{

inline constexpr unsigned kBusAddrBits = 40;
inline constexpr uint64_t kBusAddrLimit = uint64_t{1} << kBusAddrBits;
// What va_to_bus() returns for memory no window covers. Not a valid bus
// address (above 40 bits), so hardware given it would fault, not corrupt.
inline constexpr uint64_t kBadBusAddr = UINT64_MAX;

class WindowTable
{
public:
	static constexpr unsigned kMaxWindows = 256;

	struct Window {
		uintptr_t va;
		uint64_t bus;
		uint64_t len; // 0: unused or removed
	};

	// ---------------------------------------------------------- data path

	uint64_t to_bus(const void *va) const noexcept
	{
		const Window &w = win_[hint_.load(std::memory_order_relaxed)];
		const uintptr_t off = reinterpret_cast<uintptr_t>(va) - w.va;
		if (off < w.len) [[likely]]
			return w.bus + off;
		return to_bus_slow(reinterpret_cast<uintptr_t>(va));
	}

	void *to_va(uint64_t bus) const noexcept
	{
		const Window &w = win_[hint_.load(std::memory_order_relaxed)];
		const uint64_t off = bus - w.bus;
		if (off < w.len) [[likely]]
			return reinterpret_cast<void *>(w.va + off);
		return to_va_slow(bus);
	}

	// ---------------------------------------------------------- control path

	// Map [va, va + len) at [bus, bus + len). 0; -EINVAL for an empty range
	// or one beyond 40 bits; -EEXIST if it overlaps a window (in VA or in
	// bus space); -ENOSPC when the table is full.
	int add(uintptr_t va, uint64_t bus, uint64_t len) noexcept
	{
		if (len == 0 || bus >= kBusAddrLimit || len > kBusAddrLimit - bus || va + len < va)
			return -EINVAL;
		const unsigned n = count_.load(std::memory_order_relaxed);
		for (unsigned i = 0; i < n; i++) {
			const Window &w = win_[i];
			if (w.len == 0)
				continue;
			if (va < w.va + w.len && w.va < va + len)
				return -EEXIST;
			if (bus < w.bus + w.len && w.bus < bus + len)
				return -EEXIST;
		}
		if (n == kMaxWindows)
			return -ENOSPC;
		win_[n] = Window{va, bus, len};
		count_.store(n + 1, std::memory_order_release);
		return 0;
	}

	// Whether [va, va + len) lies inside one window.
	bool covers(uintptr_t va, size_t len) const noexcept
	{
		const Window *w = find_va(va);
		return w != nullptr && va + len - w->va <= w->len;
	}

	// The window holding va, or nullptr.
	const Window *find_va(uintptr_t va) const noexcept
	{
		const unsigned n = count_.load(std::memory_order_acquire);
		for (unsigned i = 0; i < n; i++)
			if (va - win_[i].va < win_[i].len)
				return &win_[i];
		return nullptr;
	}

	// Unmap the window that starts at va (memory given back to the system).
	int remove(uintptr_t va) noexcept
	{
		const unsigned n = count_.load(std::memory_order_relaxed);
		for (unsigned i = 0; i < n; i++)
			if (win_[i].va == va && win_[i].len != 0) {
				__atomic_store_n(&win_[i].len, 0, __ATOMIC_RELEASE);
				return 0;
			}
		return -ENOENT;
	}

	// Forget every window (bus cleanup; no reader may run).
	void clear() noexcept
	{
		hint_.store(0, std::memory_order_relaxed);
		count_.store(0, std::memory_order_release);
		for (Window &w : win_)
			w = Window{};
	}

	unsigned size() const noexcept { return count_.load(std::memory_order_acquire); }
	const Window &at(unsigned i) const noexcept { return win_[i]; }
	// First bus address above every window: where a platform that assigns
	// bus addresses itself puts the next one.
	uint64_t bus_end() const noexcept
	{
		uint64_t end = 0;
		const unsigned n = size();
		for (unsigned i = 0; i < n; i++)
			if (win_[i].bus + win_[i].len > end)
				end = win_[i].bus + win_[i].len;
		return end;
	}

private:
	[[gnu::noinline]] uint64_t to_bus_slow(uintptr_t va) const noexcept
	{
		const unsigned n = count_.load(std::memory_order_acquire);
		for (unsigned i = 0; i < n; i++) {
			const uintptr_t off = va - win_[i].va;
			if (off < win_[i].len) {
				remember(i);
				return win_[i].bus + off;
			}
		}
		return kBadBusAddr;
	}

	[[gnu::noinline]] void *to_va_slow(uint64_t bus) const noexcept
	{
		const unsigned n = count_.load(std::memory_order_acquire);
		for (unsigned i = 0; i < n; i++) {
			const uint64_t off = bus - win_[i].bus;
			if (off < win_[i].len) {
				remember(i);
				return reinterpret_cast<void *>(win_[i].va + off);
			}
		}
		return nullptr;
	}

	// Store only on change, so that cores hitting the same window never
	// write the shared line.
	void remember(unsigned i) const noexcept
	{
		if (hint_.load(std::memory_order_relaxed) != i)
			hint_.store(i, std::memory_order_relaxed);
	}

	Window win_[kMaxWindows]{};
	std::atomic<unsigned> count_{0};
	// Relaxed is enough: entries are immutable once published and the
	// hint only names published ones; reading win_[hint] depends on the
	// hint's value by address, which every CPU DPDK runs on orders.
	mutable std::atomic<unsigned> hint_{0};
};

} // namespace dpaa::platform

// The process's table, filled by the platform (bus library).
extern "C" dpaa::platform::WindowTable rte_dpaa_windows;

namespace dpaa::platform
{

// Bus address of process memory, kBadBusAddr if no window covers it.
inline uint64_t va_to_bus(const void *va) noexcept
{
	return rte_dpaa_windows.to_bus(va);
}

// Process address of a bus address, nullptr if no window covers it.
inline void *bus_to_va(uint64_t bus) noexcept
{
	return rte_dpaa_windows.to_va(bus);
}

} // namespace dpaa::platform
