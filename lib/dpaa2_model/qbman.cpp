/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/qbman.hpp"

#include <cstring>

#include "dpaa2_hw/qbman_portal.hpp"
#include "dpaa2_model/qbman_fq.hpp"
#include "dpaa2_model/swp.hpp"

namespace dpaa2::model
{

namespace qb = hw::qb;

namespace
{

// DPNI_CONG_OPT_WRITE_MEM_ON_ENTER / _EXIT.
constexpr uint16_t kCscnWriteOnEnter = 0x1;
constexpr uint16_t kCscnWriteOnExit = 0x2;

// The model's FQID range: 24-bit FQIDs, from 1. Channels above the
// portals' dedicated ones (index + 1).
constexpr uint32_t kMaxFqid = hw::kFqidMask;
constexpr uint32_t kFirstChannel = Qbman::kMaxPortals + 1;
constexpr uint32_t kNumChannels = 1024 - kFirstChannel;

} // namespace

Qbman::Qbman(BusMemory &mem, uint32_t qman_version) : mem_(mem), version_(qman_version)
{
	fqids_.set_ranges({{1, kMaxFqid}});
	bpids_.set_ranges({{1, kNumBpids - 1}});
	channels_.set_ranges({{kFirstChannel, kNumChannels}});
}

Qbman::~Qbman() = default;

bool Qbman::memory_backed() const noexcept
{
	return qb::memory_backed(version_);
}

// ---------------------------------------------------------------- FQs

uint32_t Qbman::fq_alloc()
{
	uint32_t base = 0, num = 1;
	if (fqids_.alloc(base, num, 1, false) != 0)
		return 0;
	if (fqs_.size() <= base)
		fqs_.resize(base + 1);
	fqs_[base] = std::make_unique<QbmanFq>();
	fqs_[base]->fqid = base;
	return base;
}

void Qbman::fq_free(uint32_t fqid)
{
	QbmanFq *fq = find_fq(fqid);
	if (fq == nullptr) {
		misuse_.record(QbmanMisuse::bad_id, "free of FQID 0x%x, which is not allocated",
			       fqid);
		return;
	}
	dropped_at_free_ += fq->frames.size();
	fqs_[fqid].reset();
	fqids_.release(fqid, 1);
}

QbmanFq *Qbman::find_fq(uint32_t fqid) noexcept
{
	return fqid < fqs_.size() ? fqs_[fqid].get() : nullptr;
}

const QbmanFq *Qbman::find_fq(uint32_t fqid) const noexcept
{
	return fqid < fqs_.size() ? fqs_[fqid].get() : nullptr;
}

Qbman::FqSettings *Qbman::fq_settings(uint32_t fqid)
{
	QbmanFq *fq = find_fq(fqid);
	return fq ? &fq->settings : nullptr;
}

bool Qbman::fq_configure(uint32_t fqid, const FqSettings &s)
{
	QbmanFq *fq = find_fq(fqid);
	if (fq == nullptr) {
		misuse_.record(QbmanMisuse::bad_id,
			       "configure of FQID 0x%x, which is not allocated", fqid);
		return false;
	}
	fq->settings = s;
	update_congestion(*fq, true);
	return true;
}

bool Qbman::fq_configure(uint32_t fqid)
{
	QbmanFq *fq = find_fq(fqid);
	return fq != nullptr && fq_configure(fqid, FqSettings(fq->settings));
}

void Qbman::fq_set_consumer(uint32_t fqid, FqConsumer fn, void *ctx)
{
	QbmanFq *fq = find_fq(fqid);
	if (fq == nullptr)
		return;
	fq->consumer = fn;
	fq->consumer_ctx = ctx;
}

Qbman::FqCounts Qbman::fq_counts(uint32_t fqid) const
{
	const QbmanFq *fq = find_fq(fqid);
	if (fq == nullptr)
		return {};
	return {static_cast<uint32_t>(fq->frames.size()), fq->bytes, fq->enqueued, fq->rejected,
		fq->pullers};
}

bool Qbman::enqueue(uint32_t fqid, const hw::Fd &fd)
{
	QbmanFq *fq = find_fq(fqid);
	if (fq == nullptr)
		return false;
	if (!enqueue_to(*fq, fd))
		return false;
	if (fq->consumer != nullptr)
		fq->consumer(fq->consumer_ctx, fqid);
	return true;
}

bool Qbman::over_taildrop(const QbmanFq &fq, uint32_t len)
{
	const FqSettings &s = fq.settings;
	if (!s.taildrop)
		return false;
	return s.taildrop_frames ? fq.frames.size() + 1 > s.taildrop_threshold
				 : fq.bytes + len > s.taildrop_threshold;
}

bool Qbman::fq_would_drop(uint32_t fqid, uint32_t len) const
{
	const QbmanFq *fq = find_fq(fqid);
	return fq != nullptr && over_taildrop(*fq, len);
}

bool Qbman::enqueue_to(QbmanFq &fq, const hw::Fd &fd)
{
	const FqSettings &s = fq.settings;
	const uint32_t len = fd.length();
	if (over_taildrop(fq, len)) {
		fq.rejected++;
		return false;
	}
	fq.frames.push_back(fd);
	fq.bytes += len;
	fq.enqueued++;
	if (s.cscn)
		update_congestion(fq, false);
	return true;
}

bool Qbman::dequeue(uint32_t fqid, hw::Fd &fd)
{
	QbmanFq *fq = find_fq(fqid);
	return fq != nullptr && take(*fq, fd);
}

bool Qbman::take(QbmanFq &fq, hw::Fd &fd)
{
	if (fq.frames.empty())
		return false;
	fd = fq.frames.front();
	fq.frames.pop_front();
	fq.bytes -= fd.length();
	if (fq.settings.cscn)
		update_congestion(fq, false);
	return true;
}

QbmanFq *Qbman::next_scheduled(uint16_t ch, uint32_t &cursor)
{
	const size_t n = fqs_.size();
	for (size_t k = 1; k <= n; k++) {
		const size_t i = (cursor + k) % n;
		QbmanFq *fq = fqs_[i].get();
		if (fq != nullptr && fq->settings.scheduled && fq->settings.dest_channel == ch &&
		    !fq->frames.empty()) {
			cursor = static_cast<uint32_t>(i);
			return fq;
		}
	}
	return nullptr;
}

// Congestion: entered at >= entry, left below exit; the record is written
// at every crossing the mode asks for, and at configuration. An entry
// threshold of 0 is no threshold: the queue is never congested.
void Qbman::update_congestion(QbmanFq &fq, bool force_write)
{
	const FqSettings &s = fq.settings;
	if (!s.cscn)
		return;
	const uint64_t level = s.cscn_frames ? fq.frames.size() : fq.bytes;
	bool congested = fq.congested;
	if (!congested && s.cscn_entry != 0 && level >= s.cscn_entry)
		congested = true;
	else if (congested && level < s.cscn_exit)
		congested = false;
	const bool changed = congested != fq.congested;
	fq.congested = congested;
	const uint16_t mode = s.cscn_mode & (kCscnWriteOnEnter | kCscnWriteOnExit)
				      ? s.cscn_mode
				      : kCscnWriteOnEnter | kCscnWriteOnExit;
	const bool wanted = congested ? (mode & kCscnWriteOnEnter) : (mode & kCscnWriteOnExit);
	if (force_write || (changed && wanted))
		write_cscn(fq);
}

void Qbman::write_cscn(QbmanFq &fq)
{
	const FqSettings &s = fq.settings;
	auto *dst = static_cast<uint8_t *>(mem_.to_host(s.cscn_iova, sizeof(qb::ScnRecord)));
	if (dst == nullptr) {
		misuse_.record(QbmanMisuse::cscn_unmapped,
			       "FQID 0x%x: CSCN record address 0x%llx is not mapped", fq.fqid,
			       static_cast<unsigned long long>(s.cscn_iova));
		return;
	}
	qb::ScnRecord r{};
	r.verb = qb::result_verb::kCscnMem;
	r.state = fq.congested ? qb::scn_state::kCongested : 0;
	// The resource is the FQ's congestion group; the model keeps one per
	// notifying FQ and names it by the FQID.
	r.rid_tok.store(fq.fqid);
	r.ctx.store(s.cscn_ctx);
	// The state byte last, so that a reader never sees a new state with an
	// old context.
	std::memcpy(dst, &r, 2);
	std::memcpy(dst + 3, reinterpret_cast<const uint8_t *>(&r) + 3, sizeof(r) - 3);
	__atomic_store_n(dst + 2, r.state, __ATOMIC_RELEASE);
}

// ---------------------------------------------------------------- channels

uint16_t Qbman::channel_alloc()
{
	uint32_t base = 0, num = 1;
	if (channels_.alloc(base, num, 1, false) != 0)
		return 0;
	return static_cast<uint16_t>(base);
}

void Qbman::channel_free(uint16_t ch)
{
	if (channels_.release(ch, 1) != 0)
		misuse_.record(QbmanMisuse::bad_id, "free of channel %u, which is not allocated",
			       ch);
}

// ---------------------------------------------------------------- pools

uint16_t Qbman::bp_alloc()
{
	uint32_t base = 0, num = 1;
	if (bpids_.alloc(base, num, 1, false) != 0)
		return 0;
	if (pools_.size() <= base)
		pools_.resize(base + 1);
	pools_[base] = std::make_unique<QbmanPool>();
	return static_cast<uint16_t>(base);
}

void Qbman::bp_free(uint16_t bpid)
{
	if (find_pool(bpid) == nullptr) {
		misuse_.record(QbmanMisuse::bad_id, "free of BPID %u, which is not allocated",
			       bpid);
		return;
	}
	pools_[bpid].reset();
	bpids_.release(bpid, 1);
}

QbmanPool *Qbman::find_pool(uint16_t bpid) noexcept
{
	return bpid < pools_.size() ? pools_[bpid].get() : nullptr;
}

bool Qbman::bp_exists(uint16_t bpid) const noexcept
{
	return bpid < pools_.size() && pools_[bpid] != nullptr;
}

bool Qbman::bp_release(uint16_t bpid, uint64_t addr)
{
	QbmanPool *p = find_pool(bpid);
	if (p == nullptr) {
		misuse_.record(QbmanMisuse::release_bad_bpid,
			       "release of 0x%llx to BPID %u, which is not allocated",
			       static_cast<unsigned long long>(addr), bpid);
		return false;
	}
	if (!p->held.insert(addr).second) {
		misuse_.record(QbmanMisuse::double_release,
			       "release of 0x%llx to BPID %u, which holds it already",
			       static_cast<unsigned long long>(addr), bpid);
		return false;
	}
	p->bufs.push_back(addr);
	p->releases++;
	update_depletion(*p);
	return true;
}

bool Qbman::bp_acquire(uint16_t bpid, uint64_t &addr)
{
	return bp_acquire(bpid, &addr, 1) == 1;
}

unsigned Qbman::bp_acquire(uint16_t bpid, uint64_t *out, unsigned n)
{
	QbmanPool *p = find_pool(bpid);
	if (p == nullptr || p->bufs.size() < n)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		out[i] = p->bufs.pop_front();
		p->held.erase(out[i]);
	}
	p->acquires += n;
	update_depletion(*p);
	return n;
}

void Qbman::update_depletion(QbmanPool &p)
{
	const size_t n = p.bufs.size();
	if (!p.depleted) {
		if (n < p.entry_below) {
			p.depleted = true;
			p.depletion_entries++;
		}
	} else if (n > p.exit_above) {
		p.depleted = false;
	}
}

void Qbman::bp_set_depletion(uint16_t bpid, uint32_t entry_below, uint32_t exit_above)
{
	QbmanPool *p = find_pool(bpid);
	if (p == nullptr) {
		misuse_.record(QbmanMisuse::bad_id,
			       "depletion thresholds for BPID %u, which is not allocated", bpid);
		return;
	}
	p->entry_below = entry_below;
	p->exit_above = exit_above;
	p->depleted = false;
	update_depletion(*p);
}

bool Qbman::bp_depleted(uint16_t bpid) const
{
	return bp_exists(bpid) && pools_[bpid]->depleted;
}

uint64_t Qbman::bp_depletion_entries(uint16_t bpid) const
{
	return bp_exists(bpid) ? pools_[bpid]->depletion_entries : 0;
}

uint32_t Qbman::bp_count(uint16_t bpid) const
{
	return bp_exists(bpid) ? static_cast<uint32_t>(pools_[bpid]->bufs.size()) : 0;
}

// ---------------------------------------------------------------- portals

SwPortal &Qbman::portal_create(unsigned idx)
{
	if (idx >= kMaxPortals) {
		// The drivers index a table of 64 portals by it.
		misuse_.record(QbmanMisuse::bad_id, "portal index %u; portals are 0..%u", idx,
			       kMaxPortals - 1);
		idx = kMaxPortals - 1;
	}
	if (!portals_[idx])
		portals_[idx] = std::make_unique<SwPortal>(*this, idx);
	return *portals_[idx];
}

SwPortal *Qbman::portal(unsigned idx)
{
	return idx < kMaxPortals ? portals_[idx].get() : nullptr;
}

void Qbman::portal_destroy(unsigned idx)
{
	if (idx < kMaxPortals)
		portals_[idx].reset();
}

bool Qbman::poll()
{
	bool any = false;
	for (auto &p : portals_) {
		if (!p)
			continue;
		any |= p->service();
		any |= p->produce_dqrr();
	}
	return any;
}

} // namespace dpaa2::model
