/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "usdpaa_emu/portal_view.hpp"

#include <atomic>
#include <cstring>

#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/portal.hpp"

namespace dpaa::usdpaa
{

namespace
{

constexpr uint32_t kIsrRegs = 4; // ISR, IER, ISDR, IIR

// The model polls these words from its own thread: whole aligned words are
// read and written atomically, so it never sees half a store.
void copy_out(const uint8_t *src, unsigned n, uint8_t *out) noexcept
{
	if (n == 4 && reinterpret_cast<uintptr_t>(src) % 4 == 0) {
		const uint32_t v =
			__atomic_load_n(reinterpret_cast<const uint32_t *>(src), __ATOMIC_ACQUIRE);
		std::memcpy(out, &v, 4);
		return;
	}
	std::atomic_thread_fence(std::memory_order_acquire);
	std::memcpy(out, src, n);
}

void copy_in(uint8_t *dst, unsigned n, const uint8_t *in) noexcept
{
	if (n == 4 && reinterpret_cast<uintptr_t>(dst) % 4 == 0) {
		uint32_t v;
		std::memcpy(&v, in, 4);
		__atomic_store_n(reinterpret_cast<uint32_t *>(dst), v, __ATOMIC_RELEASE);
		return;
	}
	std::memcpy(dst, in, n);
	std::atomic_thread_fence(std::memory_order_release);
}

} // namespace

// ISR + 4n, n = 1..3, is the register the silicon has at ISR + 0x40n.
uint32_t CiView::relocate(uint32_t off) const noexcept
{
	if (off > isr_ && off < isr_ + 4 * kIsrRegs && off % 4 == 0)
		return isr_ + (off - isr_) / 4 * 0x40;
	return off;
}

void CiView::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	off = relocate(off);
	if (off + n > hw::qm::kCiSize) {
		std::memset(out, 0, n);
		return;
	}
	// The ring is consumed by the time the driver looks (see the header).
	if (qman_ != nullptr && off == hw::qm::ci::kEqcrCi && n == 4)
		qman_->drain_eqcr();
	else if (bman_ != nullptr && off == hw::bm::ci::kRcrCi)
		bman_->drain_rcr();
	copy_out(ci_ + off, n, out);
}

void CiView::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	off = relocate(off);
	if (off + n > hw::qm::kCiSize)
		return;
	if (qman_ != nullptr && off == hw::qm::ci::kDqrrDcap && n == 4) {
		uint32_t be;
		std::memcpy(&be, in, 4);
		qman_->post_dcap(__builtin_bswap32(be));
		qman_->refill_dqrr();
		return;
	}
	copy_in(ci_ + off, n, in);
	// Refilled by the time the driver looks (see the header).
	if (qman_ != nullptr && off == hw::qm::ci::kDqrrCi && n == 4)
		qman_->refill_dqrr();
}

void CeLineView::load(uint32_t off, unsigned n, uint8_t *out) noexcept
{
	if (off + n > kSize) {
		std::memset(out, 0, n);
		return;
	}
	// The ring is consumed by the time the driver looks (see the header).
	if (off == hw::bm::ce::kRcrCi)
		bman_.drain_rcr();
	for (unsigned i = 0; i < n; i++) {
		const unsigned line = (off + i) / kLine;
		out[i] = dirty_[line] ? lines_[off + i]
				      : __atomic_load_n(ce_ + off + i, __ATOMIC_ACQUIRE);
	}
}

void CeLineView::store(uint32_t off, unsigned n, const uint8_t *in) noexcept
{
	if (off + n > kSize)
		return;
	for (unsigned i = 0; i < n; i++) {
		const unsigned line = (off + i) / kLine;
		if (!dirty_[line]) {
			// The line is filled from memory before the store lands in it.
			std::atomic_thread_fence(std::memory_order_acquire);
			std::memcpy(&lines_[line * kLine], ce_ + line * kLine, kLine);
			dirty_[line] = true;
		}
		lines_[off + i] = in[i];
	}
	if (n == 1 && off % kLine == 0) {
		flush(off / kLine);
		// Answered by the time the driver looks (see the header).
		if (off == hw::bm::ce::kCr)
			bman_.serve_mc();
	}
}

// The line as the portal sees it after a dcbf: the body, then the verb.
void CeLineView::flush(unsigned line) noexcept
{
	uint8_t *dst = ce_ + line * kLine;
	const uint8_t *src = &lines_[line * kLine];
	std::memcpy(dst + 1, src + 1, kLine - 1);
	__atomic_store_n(dst, src[0], __ATOMIC_RELEASE);
	dirty_[line] = false;
}

} // namespace dpaa::usdpaa
