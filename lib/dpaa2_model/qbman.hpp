/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// QBMan as WRIOP sees it: frame queues and buffer pools. Interim
// declaration of the shared interface until the QBMan model lands; WRIOP
// uses only what is declared here.
#pragma once

#include <cstdint>
#include <memory>

#include "dpaa2_hw/fd.hpp"
#include "dpaa_model/bus_memory.hpp"

namespace dpaa2::model
{
using dpaa::model::BusMemory;

inline constexpr uint32_t kQmanRev41 = 0x04010000; // LS2088A: direct portals
inline constexpr uint32_t kQmanRev50 = 0x05000000; // LX2160A: memory-backed

class Qbman
{
public:
	Qbman(BusMemory &mem, uint32_t qman_version);
	~Qbman();
	uint32_t version() const;

	uint32_t fq_alloc();
	void fq_free(uint32_t fqid);
	struct FqSettings {
		uint64_t user_context = 0;
		uint64_t flc = 0;
		bool stash = false;
		bool taildrop = false;
		bool taildrop_frames = false;
		uint64_t taildrop_threshold = 0;
		bool cscn = false;
		uint64_t cscn_iova = 0;
		uint64_t cscn_ctx = 0;
		uint32_t cscn_entry = 0, cscn_exit = 0;
		uint16_t cscn_mode = 0;
		bool cscn_frames = true;
		uint32_t dest_channel = 0;
		uint8_t dest_prio = 0;
		bool scheduled = false;
	};
	FqSettings *fq_settings(uint32_t fqid);
	bool enqueue(uint32_t fqid, const hw::Fd &fd);
	bool dequeue(uint32_t fqid, hw::Fd &fd);
	struct FqCounts {
		uint32_t frames;
		uint64_t bytes;
		uint64_t enqueued, rejected;
	};
	FqCounts fq_counts(uint32_t fqid) const;
	using FqConsumer = void (*)(void *ctx, uint32_t fqid);
	void fq_set_consumer(uint32_t fqid, FqConsumer fn, void *ctx);

	uint16_t bp_alloc();
	void bp_free(uint16_t bpid);
	bool bp_release(uint16_t bpid, uint64_t addr);
	bool bp_acquire(uint16_t bpid, uint64_t &addr);
	uint32_t bp_count(uint16_t bpid) const;

	bool poll();
	uint64_t misuse_count() const;

private:
	struct State;
	std::unique_ptr<State> s_;
};

} // namespace dpaa2::model
