/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The software portals as the driver's CPU reaches them through the
// emulated kernel: what PORTAL_MAP hands out instead of the model's own
// portal memory where sharing that memory would show the model something
// the silicon never sees.
//
// Cache-inhibited area (QMan and BMan): on silicon every store to it is one
// bus write that the portal takes in order. Shared memory that the model
// polls merges them: two DQRR_DCAP writes between two polls leave only the
// second, and upstream's push-mode poll writes DCAP every time, an empty
// mask when it found nothing, so a consumption mask followed by an empty
// one is lost and the DQRR stays full for good. So the driver gets a
// trapped window (mmio_trap.hpp): each DCAP store is posted to the portal
// (QmanSwPortal::post_dcap) in order, every other access reaches the
// model's memory at once, one at a time.
//
// On silicon QMan takes EQCR entries off the ring within well under a
// microsecond of their valid bit, so a driver that reads EQCR_CI finds
// consumed whatever it committed before. The model's thread consumes only
// when it gets a CPU, which on a small machine may be milliseconds later,
// and a driver that waits for EQCR room a few microseconds (as a Tx burst
// does) would see a ring that silicon had long emptied. So a load of
// QCSP_EQCR_CI_CINH first has the model take what the ring holds
// (QmanSwPortal::drain_eqcr, on the reading thread, waiting only for the
// model's lock when what it took already fills its staging queue): by the
// time the driver looks, the hardware has consumed, as on silicon. BMan's
// release ring likewise: a load of RCR_CI, from either area, first has the
// model take what the RCR holds into the pools (BmanSwPortal::drain_rcr).
// Upstream releases one buffer per RCR entry, so filling a pool of a few
// thousand buffers laps the 8-entry ring hundreds of times, each time
// waiting for the model's thread to run, which under emulation of another
// architecture took minutes. Likewise a DCAP or DQRR_CI store takes the
// consumption and refills the DQRR from the portal's channels on the
// storing thread (QmanSwPortal::refill_dqrr), as silicon's QMan has by the
// driver's next poll; and a BMan management command is answered when its
// verb is stored (BmanSwPortal::serve_mc), so the driver's first read of
// the response line (trapped, below) finds it. Without them a driver that
// polls waits for the model's thread: under valgrind, which runs one thread
// at a time, testpmd's drain of a queue took one DQRR's worth of frames,
// and an acquire read its response line thousands of times.
//
// Upstream's x86 build places the portal interrupt registers at
// ISR + 4n (IER, ISDR, IIR at +4, +8, +0xc) where the silicon, and its
// arm64 build, has them at ISR + 0x40n; those offsets are reserved on
// silicon, so the window takes them as the registers that build means.
//
// BMan's cache-enabled area: the driver writes release-ring (RCR) entries
// and management commands into cache lines, and on arm64 BMan sees a line
// when the driver flushes it (dcbf), right after it stored the verb with
// the valid bit. Upstream's bman_release() fills the first buffer with one
// 64-bit store that also writes 0 into the verb byte; its x86 build has no
// flush, so a model polling shared memory could take the half-written entry
// (verb 0 is a valid bit of 0). Here the driver's stores go into a copy of
// the line, and the line reaches the model, body first and verb last, when
// the verb byte is stored by itself: the store after which a driver
// flushes. Loads see the driver's unflushed stores, as its own cache would,
// and otherwise the model's memory (the responses the model writes).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "emu_common/mmio_trap.hpp"

namespace dpaa::model
{
class BmanSwPortal;
class QmanSwPortal;
} // namespace dpaa::model

namespace dpaa::usdpaa
{

class CiView final : public emu::TrapTarget
{
public:
	// 'isr': the offset of the portal's ISR (QCSP_ISR 0x3600, BCSP_ISR
	// 0x3e00). 'qman': the QMan portal whose DCAP writes are posted and
	// whose EQCR is consumed when EQCR_CI is read; 'bman': the BMan portal
	// whose RCR is consumed when RCR_CI is read. One of the two is set.
	CiView(void *ci, uint32_t isr, model::QmanSwPortal *qman,
	       model::BmanSwPortal *bman) noexcept
	    : ci_(static_cast<uint8_t *>(ci)), isr_(isr), qman_(qman), bman_(bman)
	{
	}
	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;

private:
	uint32_t relocate(uint32_t off) const noexcept;

	uint8_t *ci_;
	uint32_t isr_;
	model::QmanSwPortal *qman_;
	model::BmanSwPortal *bman_;
};

class CeLineView final : public emu::TrapTarget
{
public:
	static constexpr unsigned kLine = 64;
	static constexpr unsigned kSize = 0x4000;

	// 'bman': the portal whose RCR is consumed when RCR_CI_CENA is read.
	CeLineView(void *ce, model::BmanSwPortal &bman) noexcept
	    : ce_(static_cast<uint8_t *>(ce)), bman_(bman)
	{
	}
	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;

private:
	void flush(unsigned line) noexcept;

	uint8_t *ce_;
	model::BmanSwPortal &bman_;
	std::array<uint8_t, kSize> lines_{};
	std::array<bool, kSize / kLine> dirty_{};
};

} // namespace dpaa::usdpaa
