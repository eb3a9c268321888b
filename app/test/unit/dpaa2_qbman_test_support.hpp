/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Helpers for the DPAA2 QBMan model's tests: an identity IOMMU over test
// buffers, and a driver that works a software portal the way upstream's
// qbman_portal.c does (its ring-mode enqueue, pull to storage, release
// through RAR, management commands with their valid bits), writing the same
// bytes and doorbells in the same order, so that the model is tested
// against the protocol the unmodified driver speaks.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_hw/qbman_portal.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa2_model/swp.hpp"

namespace dpaa2::test
{

namespace hw = dpaa2::hw;
namespace qb = dpaa2::hw::qb;
using dpaa2::model::Qbman;
using dpaa2::model::SwPortal;

// Bus address == host address, for the buffers a test maps.
class TestMemory final : public dpaa::model::BusMemory
{
public:
	void map(const void *p, size_t len)
	{
		ranges_.emplace_back(reinterpret_cast<uint64_t>(p), len);
	}
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		for (auto [base, size] : ranges_)
			if (bus >= base && bus + len <= base + size)
				return reinterpret_cast<void *>(bus);
		return nullptr;
	}

private:
	std::vector<std::pair<uint64_t, size_t>> ranges_;
};

// Pull storage: 64-byte aligned results, as rte_malloc gives them.
struct alignas(64) Storage {
	qb::DequeueResult r[32];
};

inline uint64_t iova(const void *p)
{
	return reinterpret_cast<uint64_t>(p);
}

class SwpDriver
{
public:
	// `after_cena_store` runs after the driver's last store of a direct-mode
	// command (an emulation that traps CENA stores would call
	// SwPortal::service() there); memory-backed portals need nothing.
	SwpDriver(SwPortal &p, uint32_t qman_version)
	    : p_(p), mem_back_(qb::memory_backed(qman_version)), cena_(p.cena()), idx_(p.index())
	{
	}
	std::function<void()> after_cena_store = [] {};
	// The System lock an emulation takes for every trapped (CINH) access,
	// when a model thread runs beside the driver.
	std::mutex *lock = nullptr;
	// Direct mode: every CENA store goes through SwPortal::cena_store, as
	// with an emulation that traps the CENA page.
	bool trapped_cena = false;
	// Direct mode, the *_cinh_direct variants of a thread not pinned to one
	// CPU: commands written byte by byte through the CINH window, responses
	// and EQCR_CI read there.
	bool cinh_direct = false;

	// qbman_swp_init / qbman_swp_sys_init.
	bool init()
	{
		if (mem_back_)
			std::memset(cena_, 0, qb::kCenaMemBackedSize);
		const uint32_t cfg =
			mem_back_ ? qb::swp_cfg::kDpdkMemBacked : qb::swp_cfg::kDpdkRev41;
		cinh_store(qb::cinh::kCfg, cfg);
		if (cinh_load(qb::cinh::kCfg) == 0)
			return false;
		if (mem_back_) {
			cinh_store(qb::cinh::kEqcrPi, qb::kRtMode);
			cinh_store(qb::cinh::kRcrPi, qb::kRtMode);
		}
		if (cinh_load(qb::cinh::kDqpi) & 0xf)
			return false;
		cinh_store(qb::cinh::kSdqcr, 0);
		ring_ = mem_back_ ? 32 : 8;
		full_mask_ = 2 * ring_ - 1;
		const uint32_t pi = cinh_load(qb::cinh::kEqcrPi);
		pi_ = pi & full_mask_;
		pi_vb_ = pi & qb::kValidBit;
		ci_ = cinh_load(qb::cinh::kEqcrCi) & full_mask_;
		available_ = ring_;
		return true;
	}

	uint8_t pi_vb() const { return pi_vb_; }
	uint32_t pi() const { return pi_; }

	// qbman_swp_enqueue_multiple_{direct,mem_back} with net/dpaa2's
	// descriptor: verb 0x02 (no ORP, rejects to FQ), target the FQID.
	int enqueue(uint32_t fqid, const hw::Fd *fds, int n, uint8_t verb = qb::eq_verb::kNetTx)
	{
		const uint32_t half = ring_ - 1;
		if (available_ == 0) {
			const uint32_t old_ci = ci_;
			// EQCR_CI: from CENA, or the register for a cinh_direct thread.
			const uint32_t ci_off =
				mem_back_ ? qb::cena::mem::kEqcrCi : qb::cena::direct::kEqcrCi;
			const uint32_t v =
				cinh_direct ? p_.cinh_load(qb::cinh::kEqcrCi)
					    : __atomic_load_n(reinterpret_cast<const uint32_t *>(
								      cena_ + ci_off),
							      __ATOMIC_ACQUIRE);
			ci_ = v & full_mask_;
			available_ = cyc_diff(old_ci, ci_);
			if (available_ == 0)
				return 0;
		}
		const int num = std::min<int>(available_, n);
		available_ -= num;
		uint32_t pi = pi_;
		for (int i = 0; i < num; i++) {
			// EQCR(n) is at 64 * n in both modes.
			uint8_t *p = cena_ + qb::cena::direct::eqcr(pi & half);
			static_assert(qb::cena::direct::eqcr(5) == qb::cena::mem::eqcr(5));
			qb::EqcrEntry e{};
			e.tgtid.store(fqid);
			store(p + 4, reinterpret_cast<uint8_t *>(&e) + 4, 28);
			store(p + 32, &fds[i], 32);
			if (mem_back_) {
				write_word0(p, verb | pi_vb_);
				if (!(++pi & half))
					pi_vb_ ^= qb::kValidBit;
			} else {
				pi++;
			}
		}
		if (!mem_back_) {
			// The verbs after all the bodies.
			pi = pi_;
			for (int i = 0; i < num; i++) {
				write_word0(cena_ + qb::cena::direct::eqcr(pi & half),
					    verb | pi_vb_);
				if (!(++pi & half))
					pi_vb_ ^= qb::kValidBit;
			}
		}
		pi_ = pi & full_mask_;
		if (mem_back_)
			cinh_store(qb::cinh::kEqcrPi, qb::kRtMode | pi_ | pi_vb_);
		else
			after_cena_store();
		return num;
	}

	// qbman_swp_pull_{direct,mem_back} for net/dpaa2's Rx: verb 0x39,
	// numf = frames - 1, tok = portal index + 1, results to `s`. -EBUSY
	// while the previous pull has not shown its first result.
	int pull(uint32_t fqid, unsigned frames, Storage &s)
	{
		if (vdq_busy_)
			return -EBUSY;
		vdq_busy_ = true;
		storage_ = &s;
		qb::PullCommand c{};
		c.verb = qb::pull_verb::kNetRx;
		c.numf = static_cast<uint8_t>(frames - 1);
		c.tok = static_cast<uint8_t>(idx_ + 1);
		c.dq_src.store(fqid);
		c.rsp_addr.store(iova(&s));
		uint8_t *p = cena_ + (mem_back_ ? qb::cena::mem::kVdqcr : qb::cena::direct::kVdqcr);
		store(p + 4, reinterpret_cast<uint8_t *>(&c) + 4, 12);
		write_word0(p, static_cast<uint32_t>(c.verb | vdq_vb_) | uint32_t{c.numf} << 8 |
				       uint32_t{c.tok} << 16);
		vdq_vb_ ^= qb::kValidBit;
		if (mem_back_)
			cinh_store(qb::cinh::kVdqcrRt, qb::kRtMode);
		else
			after_cena_store();
		return 0;
	}

	// What net/dpaa2's Rx burst does with the storage: wait for the first
	// token, then take results (clearing each token) up to the EXPIRED one.
	// Returns the results in order; the pull is no longer busy once the
	// first shows.
	std::vector<qb::DequeueResult> collect(unsigned max_polls = 1000)
	{
		std::vector<qb::DequeueResult> out;
		for (unsigned i = 0; i < 32; i++) {
			qb::DequeueResult &r = storage_->r[i];
			unsigned polls = 0;
			while (__atomic_load_n(&r.tok, __ATOMIC_ACQUIRE) == 0) {
				if (++polls > max_polls)
					return out;
				after_cena_store();
			}
			if (i == 0)
				vdq_busy_ = false;
			out.push_back(r);
			r.tok = 0;
			if (r.stat & qb::dq_stat::kExpired)
				break;
		}
		return out;
	}

	// qbman_swp_release_*: RAR, the buffers, word 0, the doorbell.
	int release(uint16_t bpid, const uint64_t *bufs, unsigned n)
	{
		const uint32_t rar = cinh_load(qb::cinh::kRar);
		if (!(rar & qb::rar::kSuccess))
			return -EBUSY;
		const unsigned slot = rar & qb::rar::kSlotMask;
		uint8_t *p = cena_ +
			     (mem_back_ ? qb::cena::mem::rcr(slot) : qb::cena::direct::rcr(slot));
		for (unsigned i = 0; i < n; i++) {
			hw::le64 v;
			v.store(bufs[i]);
			store(p + 8 + 8 * i, &v, 8);
		}
		write_word0(p, (qb::rcr_verb::kRcValid | (rar & qb::rar::kVb) | n) | uint32_t{bpid}
											     << 16);
		if (mem_back_)
			cinh_store(qb::cinh::rcr_am_rt(slot), qb::kRtMode);
		else
			after_cena_store();
		return 0;
	}

	// qbman_swp_mc_start/submit/complete: the command (64 bytes, verb byte
	// ignored) is written whole with the verb last; the response is polled
	// at most 1000 times. nullptr: no response in time (upstream's -EIO).
	const uint8_t *mc(uint8_t cmd_verb, const void *cmd)
	{
		uint8_t *cr = cena_ + (mem_back_ ? qb::cena::mem::kCr : qb::cena::direct::kCr);
		// The shadow with its verb, copied word by word from the last,
		// word 0 (the verb) at the end.
		uint8_t shadow[64];
		std::memcpy(shadow, cmd, 64);
		shadow[0] = static_cast<uint8_t>(cmd_verb | (mem_back_ ? mr_vb_ : mc_vb_));
		for (int w = 15; w >= 1; w--)
			store(cr + 4 * w, shadow + 4 * w, 4);
		uint32_t w0;
		std::memcpy(&w0, shadow, 4);
		write_word0(cr, w0);
		if (mem_back_)
			cinh_store(qb::cinh::kCrRt, qb::kRtMode);
		else
			after_cena_store();
		for (int loop = 1000; loop >= 0; loop--) {
			const uint8_t *rr;
			if (mem_back_) {
				rr = cena_ + qb::cena::mem::kRr;
				const uint8_t v = __atomic_load_n(rr, __ATOMIC_ACQUIRE);
				if ((v & qb::kValidBit) == mr_vb_ && (v & ~qb::kValidBit) != 0) {
					mr_vb_ ^= qb::kValidBit;
					std::memcpy(rsp_, rr, 64);
					return rsp_;
				}
			} else {
				rr = cena_ + qb::cena::direct::rr(mc_vb_);
				if (cinh_direct) {
					// qbman_cinh_read_shadow: 16 words through CINH.
					const uint32_t off = qb::cena::direct::rr(mc_vb_);
					for (unsigned w = 0; w < 16; w++) {
						const uint32_t v = p_.cinh_load(off + 4 * w);
						std::memcpy(rsp_ + 4 * w, &v, 4);
					}
					if ((rsp_[0] & ~qb::kValidBit) != 0) {
						mc_vb_ ^= qb::kValidBit;
						return rsp_;
					}
					continue;
				}
				const uint8_t v = __atomic_load_n(rr, __ATOMIC_ACQUIRE);
				if ((v & ~qb::kValidBit) != 0) {
					mc_vb_ ^= qb::kValidBit;
					std::memcpy(rsp_, rr, 64);
					return rsp_;
				}
			}
		}
		return nullptr;
	}

	// qbman_swp_acquire: n buffers, 0 when the pool had fewer, -EIO on a
	// failed or missing response.
	int acquire(uint16_t bpid, uint64_t *bufs, unsigned n)
	{
		qb::AcquireCommand c{};
		c.bpid.store(bpid);
		c.num = static_cast<uint8_t>(n);
		const uint8_t *r = mc(qb::mc_verb::kAcquire, &c);
		if (r == nullptr)
			return -EIO;
		qb::AcquireResponse a;
		std::memcpy(&a, r, 64);
		EXPECT_EQ(a.verb & qb::mc_verb::kMask, qb::mc_verb::kAcquire);
		if (a.rslt != qb::kMcResultOk)
			return -EIO;
		for (unsigned i = 0; i < a.num; i++)
			bufs[i] = a.buf[i].load();
		return a.num;
	}

	// qbman_fq_query_state: 0 and the response, or -EIO.
	int fq_query_np(uint32_t fqid, qb::FqQueryNpResponse &out)
	{
		qb::FqQueryCommand c{};
		c.fqid.store(fqid & hw::kFqidMask);
		const uint8_t *r = mc(qb::mc_verb::kFqQueryNp, &c);
		if (r == nullptr)
			return -EIO;
		std::memcpy(&out, r, 64);
		return out.rslt == qb::kMcResultOk ? 0 : -EIO;
	}

	int bp_query(uint16_t bpid, qb::BpQueryResponse &out)
	{
		qb::BpQueryCommand c{};
		c.bpid.store(bpid);
		const uint8_t *r = mc(qb::mc_verb::kBpQuery, &c);
		if (r == nullptr)
			return -EIO;
		std::memcpy(&out, r, 64);
		return out.rslt == qb::kMcResultOk ? 0 : -EIO;
	}

private:
	uint32_t cinh_load(uint32_t off)
	{
		if (lock == nullptr)
			return p_.cinh_load(off);
		std::lock_guard<std::mutex> g(*lock);
		return p_.cinh_load(off);
	}
	void cinh_store(uint32_t off, uint32_t v)
	{
		if (lock == nullptr)
			return p_.cinh_store(off, v);
		std::lock_guard<std::mutex> g(*lock);
		p_.cinh_store(off, v);
	}
	uint32_t cyc_diff(uint32_t first, uint32_t last) const
	{
		return first <= last ? last - first : 2 * ring_ - (first - last);
	}
	// A store to the cache-enabled area: plain memory, or the trapped
	// access an emulation hands to the portal.
	void store(uint8_t *p, const void *src, size_t len)
	{
		if (cinh_direct) {
			const auto *b = static_cast<const uint8_t *>(src);
			for (size_t i = 0; i < len; i++)
				p_.cinh_store(static_cast<uint32_t>(p - cena_ + i), b[i], 1);
			return;
		}
		if (trapped_cena)
			p_.cena_store(static_cast<uint32_t>(p - cena_), src, len);
		else
			std::memcpy(p, src, len);
	}
	// The first 32-bit word, verb included, in one store (release order:
	// the body before it is visible first).
	void write_word0(uint8_t *p, uint32_t w)
	{
		if (cinh_direct)
			p_.cinh_store(static_cast<uint32_t>(p - cena_), w, 4);
		else if (trapped_cena)
			p_.cena_store(static_cast<uint32_t>(p - cena_), &w, 4);
		else
			__atomic_store_n(reinterpret_cast<uint32_t *>(p), w, __ATOMIC_RELEASE);
	}

	SwPortal &p_;
	bool mem_back_;
	uint8_t *cena_;
	unsigned idx_;
	uint32_t ring_ = 0, full_mask_ = 0;
	uint32_t pi_ = 0, ci_ = 0, available_ = 0;
	uint8_t pi_vb_ = 0;
	uint8_t vdq_vb_ = qb::kValidBit;
	uint8_t mc_vb_ = qb::kValidBit; // direct
	uint8_t mr_vb_ = qb::kValidBit; // memory-backed
	bool vdq_busy_ = false;
	Storage *storage_ = nullptr;
	uint8_t rsp_[64];
};

// An FD the way net/dpaa2 builds one for an mbuf, made distinct by `i`.
inline hw::Fd tx_fd(unsigned i, uint16_t bpid = 1)
{
	hw::Fd fd{};
	fd.set_addr(0x100000000ull + 0x1000ull * i);
	fd.set_length(60 + i % 1400);
	fd.set_bpid(bpid);
	fd.set_offset(128);
	fd.set_frc(0xf00d0000u | i);
	fd.set_flc(0xabcdef0000000000ull | i);
	return fd;
}

} // namespace dpaa2::test
