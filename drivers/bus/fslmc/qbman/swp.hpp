/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The driver of one QBMan software portal (a DPIO's), in both access modes:
//
// - memory-backed (QMan >= 5.0, LX2160A): the CENA area is ordinary memory
//   (the DPIO's region 2) and every command is announced by a store to a
//   cache-inhibited doorbell;
// - direct (QMan 4.x, LS2088A): the CENA area is the portal itself (region
//   0) and QBMan acts when a command's valid bit flips.
//
// What it does, as net/dpaa2 and the dpaa2 mempool need it: enqueue of up to
// a ring of FDs with one doorbell (EQCR, ring mode), volatile dequeue (pull)
// into storage the caller owns, buffer release through the RCR (up to 7
// buffers a command), and the management commands acquire, BP query and FQ
// query NP. The formats are dpaa2_hw/qbman_portal.hpp's.
//
// One portal belongs to one thread: no method takes a lock.
//
// `Cinh` is how the cache-inhibited registers are reached: MmioCinh, plain
// 32-bit MMIO, on a board and on every build of the bus. It is a parameter
// so that the unit tests can drive a software portal object directly.
// Plain C++ with no DPDK dependency.
#pragma once

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "dpaa2_hw/fd.hpp"
#include "dpaa2_hw/qbman_portal.hpp"
#include "dpaa_hw/cpu_relax.hpp"

namespace dpaa2::fslmc::qbman
{

namespace qb = dpaa2::hw::qb;

// The CINH window as device memory.
struct MmioCinh {
	volatile uint8_t *base = nullptr;

	uint32_t load(uint32_t off) const noexcept
	{
		return *reinterpret_cast<const volatile uint32_t *>(base + off);
	}
	void store(uint32_t off, uint32_t v) const noexcept
	{
		*reinterpret_cast<volatile uint32_t *>(base + off) = v;
	}
};

// Management commands are answered within this many polls (upstream's
// qbman_swp_mc_complete gives up after 1000; silicon answers well before).
inline constexpr unsigned kMcPolls = 1000;

template <typename Cinh> class BasicSwp
{
public:
	struct Config {
		uint8_t *cena = nullptr; // region 2 (memory-backed) or region 0 (direct)
		Cinh cinh{};		 // region 1
		uint32_t qman_version = 0;
		unsigned index = 0; // the DPIO's qbman_portal_id
		// LS1088A: EQCR_CI read from the CINH register, not from CENA.
		bool eqcr_ci_from_cinh = false;
	};

	explicit BasicSwp(const Config &c) noexcept
	    : cena_(c.cena), cinh_(c.cinh), mem_back_(qb::memory_backed(c.qman_version)),
	      ci_from_cinh_(c.eqcr_ci_from_cinh), index_(c.index), version_(c.qman_version)
	{
		eqcr_size_ = mem_back_ ? qb::kEqcrSizeMemBacked : qb::kEqcrSizeDirect;
	}
	BasicSwp(const BasicSwp &) = delete;
	BasicSwp &operator=(const BasicSwp &) = delete;

	bool memory_backed() const noexcept { return mem_back_; }
	unsigned index() const noexcept { return index_; }
	uint32_t qman_version() const noexcept { return version_; }
	unsigned eqcr_size() const noexcept { return eqcr_size_; }

	// Take the portal over: configure it (ring-mode enqueue, array-mode
	// release, doorbells when memory-backed), check that it is enabled and
	// that no dequeue result is outstanding, stop static dequeues and pick
	// up the EQCR's indices. -EIO: the portal is not enabled; -EBUSY: not
	// clean.
	int init() noexcept
	{
		namespace cfg = qb::swp_cfg;
		if (mem_back_)
			std::memset(cena_, 0, qb::kCenaMemBackedSize);
		// DQRR 8 (4 before QMan 4.1), EST 1 (0 on LS1088A), RCR array,
		// DQRR discrete consumption, EQCR ring (the doorbell's mode when
		// memory-backed), stashing and prefetch on.
		const unsigned dqrr = (version_ & qb::kQmanRevMask) < qb::kQmanRev4100 ? 4 : 8;
		uint32_t v = cfg::make(dqrr, false, ci_from_cinh_ ? 0 : 1, 3, 2, mem_back_ ? 0 : 2,
				       true, true, true, true, true, true);
		if (mem_back_)
			v |= cfg::kCpbs | cfg::kVpm | cfg::kCpm;
		cinh_.store(qb::cinh::kCfg, v);
		if (cinh_.load(qb::cinh::kCfg) == 0)
			return -EIO;
		const uint32_t idx_mask = 2 * eqcr_size_ - 1; // the index and its wrap bit
		if (mem_back_) {
			// RT mode with the producer index QBMan holds (0 after
			// the DPIO's reset the bus does before a thread takes
			// it): the store is the EQCR's doorbell, and a portal
			// driven without that reset has entries behind it
			// (index 0 would ring for entries never written).
			const uint32_t held =
				cinh_.load(qb::cinh::kEqcrPi) & (idx_mask | qb::kValidBit);
			cinh_.store(qb::cinh::kEqcrPi, qb::kRtMode | held);
			cinh_.store(qb::cinh::kRcrPi, qb::kRtMode);
		}
		if (cinh_.load(qb::cinh::kDqpi) & 0xf)
			return -EBUSY;
		cinh_.store(qb::cinh::kSdqcr, 0);
		const uint32_t pi = cinh_.load(qb::cinh::kEqcrPi);
		pi_ = pi & idx_mask;
		pi_vb_ = static_cast<uint8_t>(pi & qb::kValidBit);
		ci_ = cinh_.load(qb::cinh::kEqcrCi) & idx_mask;
		available_ = eqcr_size_ - ring_distance(ci_, pi_);
		vdq_vb_ = qb::kValidBit;
		mc_vb_ = qb::kValidBit;
		vdq_busy_ = false;
		return 0;
	}

	// ------------------------------------------------------------ enqueue

	// Enqueues up to `n` FDs to frame queue `fqid` (as net/dpaa2's Tx: no
	// order restoration, rejections to the FQ). Returns how many the EQCR
	// took: all of them up to its free entries, announced by one doorbell.
	unsigned enqueue(uint32_t fqid, const hw::Fd *fds, unsigned n) noexcept
	{
		if (available_ < n)
			refresh_eqcr_ci();
		if (n > available_)
			n = available_;
		if (n == 0)
			return 0;
		const uint32_t slot_mask = eqcr_size_ - 1;
		uint32_t pi = pi_;
		uint8_t vb = pi_vb_;
		for (unsigned i = 0; i < n; i++) {
			uint8_t *e = cena_ + qb::cena::mem::eqcr(pi & slot_mask);
			write_eqcr_body(e, fqid, fds[i]);
			if (mem_back_) {
				write_verb(e, qb::eq_verb::kNetTx | vb);
				if (((++pi) & slot_mask) == 0)
					vb ^= qb::kValidBit;
			} else {
				pi++;
			}
		}
		if (!mem_back_) {
			// Direct: QBMan takes an entry when its verb turns valid,
			// so the verbs go after every body.
			std::atomic_thread_fence(std::memory_order_release);
			pi = pi_;
			for (unsigned i = 0; i < n; i++) {
				write_verb(cena_ + qb::cena::direct::eqcr(pi & slot_mask),
					   qb::eq_verb::kNetTx | vb);
				if (((++pi) & slot_mask) == 0)
					vb ^= qb::kValidBit;
			}
		}
		pi_ = pi & (2 * eqcr_size_ - 1);
		pi_vb_ = vb;
		available_ -= n;
		if (mem_back_) {
			std::atomic_thread_fence(std::memory_order_release);
			cinh_.store(qb::cinh::kEqcrPi, qb::kRtMode | pi_ | pi_vb_);
		}
		return n;
	}

	// ---------------------------------------------------------- pull

	// Volatile dequeue of up to `frames` (1..32) from `fqid`, the results
	// written from `storage` (64-byte aligned, `frames` entries, at bus
	// address `storage_iova`) with this portal's token. -EBUSY while the
	// previous pull has not shown its first result.
	int pull(uint32_t fqid, unsigned frames, qb::DequeueResult *storage,
		 uint64_t storage_iova) noexcept
	{
		if (frames == 0 || frames > 32)
			return -EINVAL;
		if (vdq_busy_ && !pull_started())
			return -EBUSY;
		qb::PullCommand c{};
		c.verb = qb::pull_verb::kNetRx;
		c.numf = static_cast<uint8_t>(frames - 1);
		c.tok = token();
		c.dq_src.store(fqid);
		c.rsp_addr.store(storage_iova);
		// The storage's tokens are how the caller sees results land.
		for (unsigned i = 0; i < frames; i++)
			__atomic_store_n(&storage[i].tok, 0, __ATOMIC_RELAXED);
		uint8_t *p = cena_ + (mem_back_ ? qb::cena::mem::kVdqcr : qb::cena::direct::kVdqcr);
		std::memcpy(p + 4, reinterpret_cast<const uint8_t *>(&c) + 4, 12);
		uint32_t w0 = static_cast<uint32_t>(c.verb | vdq_vb_) | uint32_t{c.numf} << 8 |
			      uint32_t{c.tok} << 16;
		std::atomic_thread_fence(std::memory_order_release);
		__atomic_store_n(reinterpret_cast<uint32_t *>(p), w0, __ATOMIC_RELAXED);
		vdq_vb_ ^= qb::kValidBit;
		vdq_busy_ = true;
		vdq_storage_ = storage;
		if (mem_back_)
			cinh_.store(qb::cinh::kVdqcrRt, qb::kRtMode);
		return 0;
	}

	// The token QBMan writes into this portal's results: index + 1, never 0.
	uint8_t token() const noexcept { return static_cast<uint8_t>(index_ + 1); }

	// Whether result `r` of a pull has landed (its token is set).
	static bool result_ready(const qb::DequeueResult &r) noexcept
	{
		return __atomic_load_n(&r.tok, __ATOMIC_ACQUIRE) != 0;
	}

	// Waits for a pull's results and hands the valid frames to `take(fd,
	// result)`, up to the result that ends the command (EXPIRED). Returns
	// the number of frames, or -ETIMEDOUT when no result came within
	// `max_polls` polls of one entry.
	template <typename Take>
	int pull_collect(qb::DequeueResult *storage, unsigned frames, Take &&take,
			 unsigned long max_polls = 100000000ul) noexcept
	{
		int got = 0;
		for (unsigned i = 0; i < frames; i++) {
			qb::DequeueResult &r = storage[i];
			for (unsigned long polls = 0; !result_ready(r); polls++) {
				if (polls >= max_polls)
					return -ETIMEDOUT;
				dpaa::hw::cpu_relax();
			}
			if (i == 0 && storage == vdq_storage_)
				vdq_busy_ = false;
			const bool last = (r.stat & qb::dq_stat::kExpired) != 0;
			if (r.stat & qb::dq_stat::kValidFrame) {
				take(r.fd, r);
				got++;
			}
			__atomic_store_n(&r.tok, 0, __ATOMIC_RELAXED);
			if (last)
				break;
		}
		return got;
	}

	// --------------------------------------------------------- release

	// Releases `n` (1..7) buffers to pool `bpid`: one release command.
	// -EBUSY when the RCR has no free slot.
	int release(uint16_t bpid, const uint64_t *bufs, unsigned n) noexcept
	{
		if (n == 0 || n > qb::kMaxReleaseBuffers)
			return -EINVAL;
		const uint32_t rar = cinh_.load(qb::cinh::kRar);
		if (!(rar & qb::rar::kSuccess))
			return -EBUSY;
		const unsigned slot = rar & qb::rar::kSlotMask;
		uint8_t *p = cena_ +
			     (mem_back_ ? qb::cena::mem::rcr(slot) : qb::cena::direct::rcr(slot));
		for (unsigned i = 0; i < n; i++) {
			hw::le64 v;
			v.store(bufs[i]);
			std::memcpy(p + 8 + 8 * i, &v, 8);
		}
		const uint32_t w0 =
			(qb::rcr_verb::kRcValid | (rar & qb::rar::kVb) | n) | uint32_t{bpid} << 16;
		std::atomic_thread_fence(std::memory_order_release);
		__atomic_store_n(reinterpret_cast<uint32_t *>(p), w0, __ATOMIC_RELAXED);
		if (mem_back_)
			cinh_.store(qb::cinh::rcr_am_rt(slot), qb::kRtMode);
		return 0;
	}

	// ---------------------------------------------------- management

	// Acquires exactly `n` (1..7) buffers of pool `bpid` into `bufs`.
	// Returns n, or -ENOBUFS when the pool holds fewer (QBMan then gives
	// none), -EIO when the command failed or was not answered.
	int acquire(uint16_t bpid, uint64_t *bufs, unsigned n) noexcept
	{
		if (n == 0 || n > qb::kMaxReleaseBuffers)
			return -EINVAL;
		qb::AcquireCommand c{};
		c.bpid.store(bpid);
		c.num = static_cast<uint8_t>(n);
		qb::AcquireResponse r;
		if (!command(qb::mc_verb::kAcquire, &c, &r) || r.rslt != qb::kMcResultOk)
			return -EIO;
		if (r.num == 0)
			return -ENOBUFS;
		const unsigned got = r.num < n ? r.num : n;
		for (unsigned i = 0; i < got; i++)
			bufs[i] = r.buf[i].load();
		return static_cast<int>(got);
	}

	// Free buffers in pool `bpid`.
	int bp_query(uint16_t bpid, uint32_t &free_buffers) noexcept
	{
		qb::BpQueryCommand c{};
		c.bpid.store(bpid);
		qb::BpQueryResponse r;
		if (!command(qb::mc_verb::kBpQuery, &c, &r) || r.rslt != qb::kMcResultOk)
			return -EIO;
		free_buffers = r.fill.load();
		return 0;
	}

	// Frames and bytes queued on `fqid`.
	int fq_query_np(uint32_t fqid, uint32_t &frames, uint32_t &bytes) noexcept
	{
		qb::FqQueryCommand c{};
		c.fqid.store(fqid & hw::kFqidMask);
		qb::FqQueryNpResponse r;
		if (!command(qb::mc_verb::kFqQueryNp, &c, &r) || r.rslt != qb::kMcResultOk)
			return -EIO;
		frames = r.frm_cnt.load() & qb::kFqFrameCountMask;
		bytes = r.byte_cnt.load();
		return 0;
	}

	// A management command: `cmd` (64 bytes, verb byte ignored) written
	// with verb `verb` last, the response (64 bytes) into `rsp`. false: no
	// response within kMcPolls polls.
	bool command(uint8_t verb, const void *cmd, void *rsp) noexcept
	{
		uint8_t *cr = cena_ + (mem_back_ ? qb::cena::mem::kCr : qb::cena::direct::kCr);
		// The body, then the verb's word.
		std::memcpy(cr + 4, static_cast<const uint8_t *>(cmd) + 4, 60);
		uint32_t w0;
		std::memcpy(&w0, cmd, 4);
		w0 = (w0 & ~0xffu) | static_cast<uint8_t>(verb | mc_vb_);
		std::atomic_thread_fence(std::memory_order_release);
		__atomic_store_n(reinterpret_cast<uint32_t *>(cr), w0, __ATOMIC_RELAXED);
		if (mem_back_)
			cinh_.store(qb::cinh::kCrRt, qb::kRtMode);
		const uint8_t *rr =
			cena_ + (mem_back_ ? qb::cena::mem::kRr : qb::cena::direct::rr(mc_vb_));
		for (unsigned polls = 0; polls <= kMcPolls; polls++) {
			const uint8_t v = __atomic_load_n(rr, __ATOMIC_ACQUIRE);
			// Memory-backed: one response area whose valid bit
			// toggles; direct: one area per valid bit, cleared by
			// QBMan when it takes the next command.
			const bool done = mem_back_ ? (v & qb::kValidBit) == mc_vb_ &&
							      (v & qb::mc_verb::kMask) != 0
						    : (v & qb::mc_verb::kMask) != 0;
			if (done) {
				std::memcpy(rsp, rr, 64);
				mc_vb_ ^= qb::kValidBit;
				return (static_cast<const uint8_t *>(rsp)[0] &
					qb::mc_verb::kMask) == verb;
			}
			dpaa::hw::cpu_relax();
		}
		// No answer: the same valid bit is used again by the next
		// command, which QBMan then sees as the pending one.
		return false;
	}

private:
	static void write_eqcr_body(uint8_t *e, uint32_t fqid, const hw::Fd &fd) noexcept
	{
		qb::EqcrEntry body{};
		body.tgtid.store(fqid);
		// Bytes 4..63: everything but the verb's word.
		std::memcpy(e + 4, reinterpret_cast<const uint8_t *>(&body) + 4, 28);
		std::memcpy(e + 32, &fd, sizeof(fd));
	}
	static void write_verb(uint8_t *e, uint8_t verb) noexcept
	{
		// Word 0 (verb, dca, seqnum) in one store after the body.
		std::atomic_thread_fence(std::memory_order_release);
		__atomic_store_n(reinterpret_cast<uint32_t *>(e), uint32_t{verb}, __ATOMIC_RELAXED);
	}
	// Entries between consumer `first` and producer `last`, with the
	// wrap bit.
	uint32_t ring_distance(uint32_t first, uint32_t last) const noexcept
	{
		return (last - first) & (2 * eqcr_size_ - 1);
	}
	void refresh_eqcr_ci() noexcept
	{
		uint32_t v;
		if (ci_from_cinh_)
			v = cinh_.load(qb::cinh::kEqcrCi);
		else
			v = __atomic_load_n(
				reinterpret_cast<const uint32_t *>(
					cena_ + (mem_back_ ? qb::cena::mem::kEqcrCi
							   : qb::cena::direct::kEqcrCi)),
				__ATOMIC_ACQUIRE);
		ci_ = v & (2 * eqcr_size_ - 1);
		available_ = eqcr_size_ - ring_distance(ci_, pi_);
	}
	bool pull_started() noexcept
	{
		if (vdq_storage_ != nullptr && result_ready(vdq_storage_[0]))
			vdq_busy_ = false;
		return !vdq_busy_;
	}

	uint8_t *cena_;
	Cinh cinh_;
	bool mem_back_;
	bool ci_from_cinh_;
	unsigned index_;
	uint32_t version_;
	unsigned eqcr_size_;
	uint32_t pi_ = 0, ci_ = 0, available_ = 0;
	uint8_t pi_vb_ = 0;
	uint8_t vdq_vb_ = qb::kValidBit;
	uint8_t mc_vb_ = qb::kValidBit;
	bool vdq_busy_ = false;
	qb::DequeueResult *vdq_storage_ = nullptr;
};

using Swp = BasicSwp<MmioCinh>;

} // namespace dpaa2::fslmc::qbman
