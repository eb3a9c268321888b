/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// One QBMan software portal (the portal of a DPIO): its cache-inhibited
// registers, served on every trapped access, and its cache-enabled area,
// plain memory the driver writes commands into and QBMan writes results to.
//
// Memory-backed mode (QMan >= 5.0): every command is announced by a store to
// a CINH doorbell and is carried out before cinh_store() returns: an EQCR_PI
// store enqueues the entries between the previous and the new producer index
// and writes EQCR_CI at CENA 0x1840; VDQCR_RT runs the pull at CENA 0x1780
// into the storage at its rsp_addr; RCR_AM_RT + 4 * slot releases the slot's
// buffers; CR_RT answers the management command at CENA 0x1600 in the
// response area at 0x1680, its valid bit toggling from 0x80.
//
// Direct mode (QMan < 5.0): there are no doorbells. service() looks at the
// valid bits of the EQCR ring, VDQCR, CR and the granted RCR slots and
// carries out what it finds; Qbman::poll() calls it for every portal. A
// management command must be answered within the driver's 1000 polls of the
// response, which a model thread may miss: an emulation that traps CENA
// stores calls service() after each one, and the response is there before
// the driver's first poll.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "dpaa2_hw/qbman_portal.hpp"
#include "dpaa_model/portal_memory.hpp"

namespace dpaa2::model
{

class Qbman;
struct QbmanFq;

class SwPortal
{
public:
	static constexpr size_t kCenaSize = 64 * 1024; // memory-backed area (>= 64 KiB)
	static constexpr size_t kCinhSize = 4 * 1024;

	SwPortal(Qbman &qbman, unsigned index);
	SwPortal(const SwPortal &) = delete;
	SwPortal &operator=(const SwPortal &) = delete;

	unsigned index() const noexcept { return index_; }
	uint16_t channel() const noexcept { return static_cast<uint16_t>(index_ + 1); }
	bool memory_backed() const noexcept { return memory_backed_; }
	// Page-aligned, kCenaSize bytes of plain memory (a direct-mode portal
	// uses its first 4 KiB), and its memory file, for an emulation that maps
	// it again.
	uint8_t *cena() noexcept { return static_cast<uint8_t *>(cena_.get()); }
	int cena_fd() const noexcept { return cena_.fd(); }

	// The cache-inhibited registers: called by the emulation for every
	// trapped access (under the System lock). Doorbells act synchronously.
	uint32_t cinh_load(uint32_t off) { return cinh_load(off, 4); }
	void cinh_store(uint32_t off, uint32_t value) { cinh_store(off, value, 4); }
	// The same with the access's width (1, 2 or 4 bytes). Below 0x800 the
	// CINH window of a direct-mode portal shows its CENA area uncached:
	// upstream writes commands there, byte by byte, from a thread that is
	// not pinned to one CPU (the *_cinh_direct variants); such accesses go
	// to cena_store()/cena_load().
	uint32_t cinh_load(uint32_t off, unsigned size);
	void cinh_store(uint32_t off, uint32_t value, unsigned size);

	// Direct mode: carry out every command whose valid bit is set now.
	// true if there was one. A no-op in memory-backed mode.
	bool service();
	// Direct mode, for an emulation that traps the CENA page: the driver's
	// access of `len` bytes at `off` (a 16-byte vector store is one call),
	// carried out on the portal's memory. A store that writes the first
	// byte of a line (a command's verb) serves the portal at once, so that
	// a management response is there before the driver's first poll.
	void cena_store(uint32_t off, const void *src, size_t len);
	void cena_load(uint32_t off, void *dst, size_t len);
	// Static dequeue into the DQRR (SDQCR), both modes. true if an entry
	// was produced.
	bool produce_dqrr();

	void set_stash_destination(uint8_t sdest) noexcept { sdest_ = sdest; }
	uint8_t stash_destination() const noexcept { return sdest_; }
	// dpio_add_static_dequeue_channel: the SDQCR bit index that now names
	// `channel`, or -1 when all 16 are taken.
	int add_static_dequeue_channel(uint16_t channel);
	bool remove_static_dequeue_channel(uint16_t channel);
	void reset(); // dpio_reset: registers and memory at power-on state

private:
	// Memory-backed doorbells.
	void eqcr_doorbell(uint32_t value);
	void vdqcr_doorbell();
	void rcr_doorbell(unsigned slot);
	void cr_doorbell();
	// Direct-mode service, one ring each.
	bool service_eqcr();
	bool service_vdqcr();
	bool service_cr();
	bool service_rcr();

	uint32_t ring_size() const noexcept;
	uint32_t index_mask() const noexcept; // ring index with its wrap bit
	uint32_t eqcr_offset(uint32_t idx) const noexcept;
	uint32_t dqrr_offset(unsigned n) const noexcept;
	uint32_t rcr_offset(unsigned n) const noexcept;
	uint32_t cr_offset() const noexcept;
	uint32_t vdqcr_offset() const noexcept;
	uint32_t eqcr_ci_offset() const noexcept;

	void enqueue_entry(const uint8_t *line);
	void run_pull(const hw::qb::PullCommand &cmd);
	void release_entry(const uint8_t *line, uint8_t expect_vb, unsigned slot);
	// Answers `cmd` (64 bytes, read once) into `rsp`; the verb last.
	void execute_mc(const uint8_t *cmd, uint8_t *rsp, uint8_t rsp_vb);
	bool dqrr_push(const hw::qb::DequeueResult &r);
	uint32_t rar_read();

	Qbman &qb_;
	unsigned index_;
	bool memory_backed_;
	dpaa::model::PortalMemory cena_;

	uint32_t cfg_ = 0;
	uint32_t isr_ = 0, ier_ = 0, iir_ = 0, itpr_ = 0, dqrr_itr_ = 0;
	uint8_t sdest_ = 0;

	// EQCR: the consumer index (with its wrap bit), the producer index of
	// the last doorbell, and (direct mode) the valid bit expected at CI.
	uint32_t eqcr_ci_ = 0;
	uint32_t eqcr_pi_ = 0;
	uint8_t eqcr_vb_ = hw::qb::kValidBit;

	// VDQCR and CR: the valid bit the next command carries (direct mode),
	// and (memory-backed) that of the last command and the next response.
	uint8_t vdqcr_vb_ = hw::qb::kValidBit;
	uint8_t cr_vb_ = hw::qb::kValidBit;
	uint8_t rr_vb_ = hw::qb::kValidBit;
	bool pull_pending_ = false; // a pull to the DQRR waits for room
	hw::qb::PullCommand pending_pull_{};
	unsigned pending_left_ = 0;

	// RCR slots: granted by a RAR read, freed when their command is done.
	struct RcrSlot {
		bool granted = false;
		uint8_t vb = hw::qb::kValidBit; // of the next grant
	};
	std::array<RcrSlot, hw::qb::kRcrSlots> rcr_{};
	unsigned rcr_next_ = 0;

	// DQRR: producer index (with wrap), its valid bit, the entries not yet
	// consumed (bit per slot), the static dequeue command and its channels.
	unsigned dqrr_pi_ = 0;
	uint8_t dqrr_vb_ = hw::qb::kValidBit;
	uint32_t dqrr_held_ = 0;
	uint32_t sdqcr_ = 0;
	std::array<uint16_t, 16> sdq_channels_{};
	uint32_t sdq_cursor_ = 0;
	unsigned sdq_next_bit_ = 0;
};

} // namespace dpaa2::model
