/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The BMan block: 64 buffer pools of 48-bit buffer addresses, their depletion
// state, and the CCSR registers that configure it (depletion thresholds,
// free-buffer counts).
//
// Pools hand buffers out FIFO by default, so that a released buffer comes back
// last and cold in cache, as buffers do on a board where they circulate
// through FMan and BMan; LIFO (a software stack's order, warm buffers) is
// selectable per pool to compare.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>

#include "dpaa_hw/bman_ccsr.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/register_window.hpp"
#include "dpaa_model/buffer_ring.hpp"

namespace dpaa::model
{

enum class PoolOrder : uint8_t { fifo, lifo };

class Bman
{
public:
	static constexpr unsigned kNumPortals = 10;
	static constexpr unsigned kNumPools = hw::bm::kNumPools;

	Bman();
	Bman(const Bman &) = delete;
	Bman &operator=(const Bman &) = delete;

	// Internal API for SoC blocks (FMan) and the portals.
	bool release(uint8_t bpid, uint64_t addr);
	// One release command of up to hw::bm::kMaxBufs buffers to one pool:
	// all are added in order, the depletion state is looked at once, for
	// the command. false (nothing released): no such pool.
	bool release(uint8_t bpid, const uint64_t *addrs, unsigned n);
	// All or nothing, as the acquire command: returns n or 0.
	unsigned acquire(uint8_t bpid, uint64_t *out, unsigned n);
	// acquire(bpid, &addr, 1) for a block's data path, inline; 'next' is
	// then the buffer the following acquire of one would return
	// (kNoBuffer: none), for the block to bring its lines into the host's
	// cache ahead of use (a hint to the host; it changes nothing).
	static constexpr uint64_t kNoBuffer = UINT64_MAX; // not a 48-bit address
	bool acquire_one(uint8_t bpid, uint64_t &addr, uint64_t &next) noexcept;
	uint32_t free_count(uint8_t bpid) const;
	bool depleted(uint8_t bpid) const;
	uint64_t depletion_entries(uint8_t bpid) const;
	void set_order(uint8_t bpid, PoolOrder order);
	void query(hw::bm::PoolBitmap &available, hw::bm::PoolBitmap &depleted) const;

	// The CCSR window a driver programs thresholds through. Accesses take
	// 'lock' (the SoC's model lock) so they are safe while the model thread
	// runs; do not call them while holding that lock.
	hw::RegisterWindow &ccsr() noexcept { return ccsr_; }
	void set_lock(std::mutex *lock) noexcept { ccsr_.lock = lock; }

	// The whole window (ccsr::kWindowSize): offsets the block does not
	// define read 0; writes to them are driver misuse, counted.
	uint32_t ccsr_read(uint32_t off) const;
	void ccsr_write(uint32_t off, uint32_t v);
	uint64_t bad_ccsr_writes() const noexcept { return bad_ccsr_writes_; }

private:
	struct Pool {
		BufferRing bufs;
		PoolOrder order = PoolOrder::fifo;
		uint32_t swdet = 0, swdxt = 0, hwdet = 0, hwdxt = 0; // raw register values
		// SW_DET and SW_DXT decoded, when they are written rather than at
		// every acquire and release.
		uint64_t entry_below = 0, exit_above = 0;
		bool depleted = false;
		uint64_t depletion_entries = 0;
	};
	void update_depletion(Pool &p);
	struct PoolRegister {
		uint32_t base;
		uint32_t Pool::*field;
		bool writable;
	};
	static const PoolRegister *pool_register(uint32_t off, unsigned &bpid);

	class Ccsr final : public hw::RegisterWindow
	{
	public:
		explicit Ccsr(Bman &b) : bman(b) {}
		uint32_t read32(uint32_t off) noexcept override;
		void write32(uint32_t off, uint32_t v) noexcept override;
		Bman &bman;
		std::mutex *lock = nullptr;
	};

	std::array<Pool, kNumPools> pools_;
	Ccsr ccsr_;
	uint64_t bad_ccsr_writes_ = 0;
};

inline bool Bman::acquire_one(uint8_t bpid, uint64_t &addr, uint64_t &next) noexcept
{
	if (bpid >= kNumPools)
		return false;
	Pool &p = pools_[bpid];
	if (p.bufs.empty())
		return false;
	addr = p.order == PoolOrder::fifo ? p.bufs.pop_front() : p.bufs.pop_back();
	// update_depletion() only when the count crosses a threshold.
	const size_t n = p.bufs.size();
	if (p.depleted ? n > p.exit_above : n < p.entry_below)
		update_depletion(p);
	next = n == 0 ? kNoBuffer : p.order == PoolOrder::fifo ? p.bufs.front() : p.bufs.back();
	return true;
}

} // namespace dpaa::model
