/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The QBMan block of a DPAA2 SoC: frame queues (FQIDs), buffer pools
// (BPIDs), channels, and the software portals (one per DPIO) through which
// drivers reach them. Frame queues count frames and bytes, tail-drop by
// frames or bytes, and write congestion state change notifications (CSCN)
// to memory; pools hand buffers out FIFO and acquire all-or-nothing.
//
// The two portal access modes are chosen by the QMan revision: up to 4.1
// (LS2088A) portals are "direct" and QBMan watches their cache-enabled area
// for valid bits (poll()); from 5.0 (LX2160A) they are memory-backed and
// every command arrives through a doorbell register, served synchronously
// (SwPortal::cinh_store).
//
// Not thread-safe: the System's one lock covers every call (the model
// thread's poll() and the emulation's trapped accesses).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_model/qbman_misuse.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "emu_common/id_allocator.hpp"

namespace dpaa2::model
{

using dpaa::model::BusMemory;

inline constexpr uint32_t kQmanRev41 = 0x04010000; // LS2088A: direct portals
inline constexpr uint32_t kQmanRev50 = 0x05000000; // LX2160A: memory-backed

class SwPortal;
struct QbmanFq;
struct QbmanPool;

class Qbman
{
public:
	static constexpr unsigned kMaxPortals = 64; // DPDK's portal_idx_map
	static constexpr uint16_t kNumBpids = 16384;

	Qbman(BusMemory &mem, uint32_t qman_version);
	~Qbman();
	Qbman(const Qbman &) = delete;
	Qbman &operator=(const Qbman &) = delete;

	uint32_t version() const noexcept { return version_; }
	bool memory_backed() const noexcept;
	BusMemory &memory() noexcept { return mem_; }

	// ---- Frame queues. FQIDs are allocated here, non-zero.
	uint32_t fq_alloc();	     // parked, empty; 0 if none is left
	void fq_free(uint32_t fqid); // frames still queued are dropped and counted
	struct FqSettings {
		uint64_t user_context = 0; // written in every dequeue result (fqd_ctx)
		uint64_t flc = 0;
		bool stash = false;
		bool taildrop = false;
		bool taildrop_frames = false; // threshold in frames, else in bytes
		uint64_t taildrop_threshold = 0;
		bool cscn = false;
		uint64_t cscn_iova = 0; // 16-byte record: hw::qb::ScnRecord
		uint64_t cscn_ctx = 0;
		uint32_t cscn_entry = 0,
			 cscn_exit = 0;	 // congested at >= entry (> 0), free at < exit
		uint16_t cscn_mode = 0;	 // DPNI_CONG_OPT_WRITE_MEM_ON_ENTER 1 | _EXIT 2 (0: both)
		bool cscn_frames = true; // thresholds in frames, else in bytes
		uint32_t dest_channel = 0;
		uint8_t dest_prio = 0;
		bool scheduled = false; // eventdev: static dequeue from dest_channel
	};
	FqSettings *fq_settings(uint32_t fqid); // nullptr if no such FQ
	// Settings take effect at once for taildrop and dequeue; call this after
	// changing the CSCN settings through fq_settings() (or to set them all):
	// it writes the CSCN record with the FQ's state now, as QBMan does when
	// the notification is configured. false: no such FQ.
	bool fq_configure(uint32_t fqid, const FqSettings &s);
	bool fq_configure(uint32_t fqid);

	// Hardware or software enqueue. false: rejected (no FQ, taildrop), counted.
	bool enqueue(uint32_t fqid, const hw::Fd &fd);
	bool dequeue(uint32_t fqid, hw::Fd &fd); // oldest frame; false when empty
	// Whether a frame of `len` bytes enqueued to the FQ now would be
	// tail-dropped: what a tester under flow control holds back for.
	bool fq_would_drop(uint32_t fqid, uint32_t len) const;
	struct FqCounts {
		uint32_t frames;
		uint64_t bytes;
		uint64_t enqueued, rejected;
		// The software portals that ever pulled from it (VDQCR), a bit per
		// portal index: who dequeues the FQ's frames.
		uint64_t pullers;
	};
	FqCounts fq_counts(uint32_t fqid) const; // zeros if no such FQ
	uint64_t fq_dropped_at_free() const noexcept { return dropped_at_free_; }
	// Who takes an FQ's frames without a pull (WRIOP's Tx FQs): called after
	// every successful enqueue to that FQ (under the System lock).
	using FqConsumer = void (*)(void *ctx, uint32_t fqid);
	void fq_set_consumer(uint32_t fqid, FqConsumer fn, void *ctx);

	// ---- Channels (DPCON), for static dequeue. Non-zero, above the portals'
	// dedicated channels (a portal's channel is its index + 1).
	uint16_t channel_alloc(); // 0 if none is left
	void channel_free(uint16_t ch);

	// ---- Buffer pools. BPIDs are allocated here, non-zero, < 16384.
	uint16_t bp_alloc();	     // 0 if none is left
	void bp_free(uint16_t bpid); // its buffers are forgotten
	bool bp_exists(uint16_t bpid) const noexcept;
	bool bp_release(uint16_t bpid, uint64_t addr);
	bool bp_acquire(uint16_t bpid, uint64_t &addr);
	// All or nothing, as the acquire command: n (<= 7 by the command) or 0.
	unsigned bp_acquire(uint16_t bpid, uint64_t *out, unsigned n);
	uint32_t bp_count(uint16_t bpid) const;
	// Depletion state, as a BP query reports it: entered when fewer than
	// `entry_below` buffers are free, left when more than `exit_above` are
	// (entry 0: never depleted, the default).
	void bp_set_depletion(uint16_t bpid, uint32_t entry_below, uint32_t exit_above);
	bool bp_depleted(uint16_t bpid) const;
	uint64_t bp_depletion_entries(uint16_t bpid) const;

	// ---- Software portals, one per DPIO, idx < 64 (the qbman_portal_id).
	SwPortal &portal_create(unsigned idx);
	SwPortal *portal(unsigned idx);
	void portal_destroy(unsigned idx);

	// Work QBMan does by itself (direct-mode valid-bit rings, static
	// dequeue to DQRR): true if it did any. Called by the model thread.
	bool poll();

	// Every misuse is also logged once (QbmanMisuseCounters::set_log).
	uint64_t misuse_count() const noexcept { return misuse_.total(); }
	QbmanMisuseCounters &misuse() noexcept { return misuse_; }
	const QbmanMisuseCounters &misuse() const noexcept { return misuse_; }

	// For the portals: an FQ by FQID, and its oldest frame.
	QbmanFq *find_fq(uint32_t fqid) noexcept;
	const QbmanFq *find_fq(uint32_t fqid) const noexcept;
	bool take(QbmanFq &fq, hw::Fd &fd);
	// The FQs a static dequeue of channel `ch` serves (scheduled ones).
	QbmanFq *next_scheduled(uint16_t ch, uint32_t &cursor_fqid); // round robin from the cursor
	QbmanPool *find_pool(uint16_t bpid) noexcept;

private:
	bool enqueue_to(QbmanFq &fq, const hw::Fd &fd);
	static bool over_taildrop(const QbmanFq &fq, uint32_t len);
	static void update_depletion(QbmanPool &p);
	void update_congestion(QbmanFq &fq, bool force_write);
	void write_cscn(QbmanFq &fq);

	BusMemory &mem_;
	uint32_t version_;
	std::vector<std::unique_ptr<QbmanFq>> fqs_;	// by FQID
	std::vector<std::unique_ptr<QbmanPool>> pools_; // by BPID
	std::array<std::unique_ptr<SwPortal>, kMaxPortals> portals_;
	dpaa::emu::IdAllocator fqids_, bpids_, channels_;
	uint64_t dropped_at_free_ = 0;
	QbmanMisuseCounters misuse_;
};

} // namespace dpaa2::model
