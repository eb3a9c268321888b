/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fslmc_emu/portal_windows.hpp"

#include <cstring>

#include "dpaa2_hw/mc_portal.hpp"
#include "dpaa2_model/swp.hpp"
#include "emu_common/log.hpp"

namespace dpaa2::emu
{

using dpaa::emu::log_once;

namespace
{

constexpr unsigned kCommandSize = 64;
constexpr unsigned kStatusByte = 2; // header byte 2: the command's status

} // namespace

void McPortalWindow::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	for (unsigned i = 0; i < n; i++)
		out[i] = off + i < kCommandSize ? cmd_[off + i] : 0;
}

void McPortalWindow::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	if (off + n > kCommandSize)
		log_once("mcp-beyond",
			 "a store at offset 0x%x of an MC portal, past its 64-byte "
			 "command: ignored",
			 off);
	for (unsigned i = 0; i < n && off + i < kCommandSize; i++)
		cmd_[off + i] = in[i];
	if (off == 0 && cmd_[kStatusByte] == uint8_t(hw::McStatus::ready))
		doorbell();
}

void forward_access(LinkClient &remote, LinkOp op, unsigned id, uint32_t off, unsigned n,
		    uint8_t *data) noexcept
{
	LinkRequest req{};
	req.op = op;
	req.id = id;
	req.off = off;
	req.n = uint16_t(n);
	const bool store = op == LinkOp::cinh_store || op == LinkOp::cena_store;
	if (store)
		memcpy(req.data, data, n);
	LinkAnswer ans;
	remote.call(req, ans);
	if (!store)
		memcpy(data, ans.data, n);
}

void McPortalWindow::doorbell() noexcept
{
	if (remote_ != nullptr) {
		LinkRequest req{};
		req.op = LinkOp::mc_command;
		req.dprc = dprc_;
		req.id = id_;
		memcpy(req.data, cmd_, kCommandSize);
		LinkAnswer ans;
		remote_->call(req, ans);
		memcpy(cmd_, ans.data, kCommandSize);
		commands_++;
		return;
	}
	sys_.lock();
	if (dprc_)
		sys_.mc().execute_on_dprc_portal(cmd_, id_);
	else
		sys_.mc().execute(cmd_, id_);
	commands_++;
	sys_.unlock();
}

void McPortalWindow::read_command(uint8_t out[64]) noexcept
{
	memcpy(out, cmd_, kCommandSize);
}

void McPortalWindow::write_command(const uint8_t in[64]) noexcept
{
	memcpy(cmd_, in, kCommandSize);
	if (cmd_[kStatusByte] == uint8_t(hw::McStatus::ready))
		doorbell();
}

// A register access of 1, 2 or 4 bytes inside one 32-bit register goes to
// the portal as it is; wider ones (8 or 16 bytes) are split into the
// registers they cover.
void CinhWindow::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	if (remote_ != nullptr)
		return forward_access(*remote_, LinkOp::cinh_load, dpio_id_, off, n, out);
	sys_.lock();
	model::SwPortal *swp = sys_.mc().dpio_portal(dpio_id_);
	if (swp == nullptr || off + n > model::SwPortal::kCinhSize) {
		memset(out, 0, n);
	} else if (n <= 4 && (off & 3) + n <= 4) {
		const uint32_t v = swp->cinh_load(off, n);
		for (unsigned b = 0; b < n; b++)
			out[b] = uint8_t(v >> (8 * b));
	} else {
		for (uint32_t r = off & ~3u; r < off + n; r += 4) {
			const uint32_t v = swp->cinh_load(r);
			for (unsigned b = 0; b < 4; b++)
				if (r + b >= off && r + b < off + n)
					out[r + b - off] = uint8_t(v >> (8 * b));
		}
	}
	sys_.unlock();
}

void CinhWindow::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	if (remote_ != nullptr)
		return forward_access(*remote_, LinkOp::cinh_store, dpio_id_, off, n,
				      const_cast<uint8_t *>(in));
	sys_.lock();
	model::SwPortal *swp = sys_.mc().dpio_portal(dpio_id_);
	if (swp == nullptr || off + n > model::SwPortal::kCinhSize) {
		log_once("cinh-range",
			 "a store at CINH offset 0x%x, past the portal's registers: "
			 "ignored",
			 off);
	} else if (n <= 4 && (off & 3) + n <= 4) {
		uint32_t v = 0;
		for (unsigned b = 0; b < n; b++)
			v |= uint32_t(in[b]) << (8 * b);
		swp->cinh_store(off, v, n);
	} else if ((off & 3) == 0 && n % 4 == 0) {
		for (uint32_t r = off; r < off + n; r += 4) {
			uint32_t v;
			memcpy(&v, in + (r - off), 4);
			swp->cinh_store(r, v);
		}
	} else {
		log_once("cinh-size",
			 "a %u-byte store at CINH offset 0x%x across registers: "
			 "ignored",
			 n, off);
	}
	sys_.unlock();
}

void CenaWindow::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	if (remote_ != nullptr)
		return forward_access(*remote_, LinkOp::cena_load, dpio_id_, off, n, out);
	sys_.lock();
	model::SwPortal *swp = sys_.mc().dpio_portal(dpio_id_);
	if (swp != nullptr && off + n <= model::SwPortal::kCenaSize)
		swp->cena_load(off, out, n);
	else
		memset(out, 0, n);
	sys_.unlock();
}

void CenaWindow::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	if (remote_ != nullptr)
		return forward_access(*remote_, LinkOp::cena_store, dpio_id_, off, n,
				      const_cast<uint8_t *>(in));
	sys_.lock();
	model::SwPortal *swp = sys_.mc().dpio_portal(dpio_id_);
	if (swp != nullptr && off + n <= model::SwPortal::kCenaSize)
		swp->cena_store(off, in, n);
	sys_.unlock();
}

} // namespace dpaa2::emu
