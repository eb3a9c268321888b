/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The register pages a VFIO region mmap hands out that must be trapped
// (emu_common/mmio_trap.hpp), because the model has to act on each access
// as the hardware would, synchronously:
//
// McPortalWindow: an MC command portal (dpmcp region 0). The driver writes
// the command's parameters, then the header's upper word, then its lower
// word with status READY (mc_write_command); that last store (any store at
// offset 0 that leaves the status READY) is the doorbell: the MC runs the
// command in place before the store returns, so the driver's first poll
// of the header finds the answer. Every other access is plain memory of
// the 64-byte command; the rest of the page reads as zeros and ignores
// stores, as the portal's unused space.
//
// CinhWindow: a QBMan software portal's cache-inhibited page (dpio region
// 1). Each access is a little-endian register access of the portal
// (SwPortal::cinh_load/cinh_store, 1, 2 or 4 bytes; wider ones split into
// 32-bit registers), under the System lock: doorbells run their command,
// reads that allocate (RAR, EQAR) allocate once.
//
// In a second process (process_link.hpp) the windows forward to the
// primary's model: the MC portal its command at the doorbell, the others
// each access.
//
// CenaWindow: a direct-mode portal's cache-enabled page (dpio region 0 when
// QBMan is older than 5.0, LS2088A). Direct mode has no doorbells: QBMan
// sees a command by its valid bit. A model thread that polls the memory
// may answer a management command after the driver's 1000 polls of the
// response have run out (upstream's "no response"), which silicon never
// does; so the page is trapped and every access is the portal's
// (SwPortal::cena_store/cena_load), which serves a command when its verb
// is written, before the store returns.
#pragma once

#include <cstdint>

#include "dpaa2_model/system.hpp"
#include "emu_common/mmio_trap.hpp"
#include "fslmc_emu/process_link.hpp"

namespace dpaa2::emu
{

// An access of n bytes at off forwarded to the primary (load: out filled).
void forward_access(LinkClient &remote, LinkOp op, unsigned id, uint32_t off, unsigned n,
		    uint8_t *data) noexcept;

class McPortalWindow final : public dpaa::emu::TrapTarget
{
public:
	// The portal of dpmcp.<id>, or (dprc) of the container dprc.<id>.
	McPortalWindow(model::System &sys, bool dprc, unsigned id, LinkClient *remote = nullptr)
	    : sys_(sys), dprc_(dprc), id_(id), remote_(remote)
	{
	}

	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;

	// The kernel's read()/write() of the region: 64 bytes at once, the
	// command run synchronously after a write.
	void read_command(uint8_t out[64]) noexcept;
	void write_command(const uint8_t in[64]) noexcept;

	uint64_t commands() const noexcept { return commands_; }

private:
	void doorbell() noexcept;

	model::System &sys_;
	bool dprc_;
	unsigned id_;
	LinkClient *remote_;
	alignas(8) uint8_t cmd_[64] = {};
	uint64_t commands_ = 0;
};

class CinhWindow final : public dpaa::emu::TrapTarget
{
public:
	CinhWindow(model::System &sys, unsigned dpio_id, LinkClient *remote = nullptr)
	    : sys_(sys), dpio_id_(dpio_id), remote_(remote)
	{
	}

	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;

private:
	model::System &sys_;
	unsigned dpio_id_;
	LinkClient *remote_;
};

class CenaWindow final : public dpaa::emu::TrapTarget
{
public:
	CenaWindow(model::System &sys, unsigned dpio_id, LinkClient *remote = nullptr)
	    : sys_(sys), dpio_id_(dpio_id), remote_(remote)
	{
	}

	void load(uint32_t off, unsigned n, uint8_t *out) noexcept override;
	void store(uint32_t off, unsigned n, const uint8_t *in) noexcept override;

private:
	model::System &sys_;
	unsigned dpio_id_;
	LinkClient *remote_;
};

} // namespace dpaa2::emu
