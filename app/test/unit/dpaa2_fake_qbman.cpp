/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A plain QBMan for WRIOP's unit tests: FIFO frame queues with byte or
// frame taildrop, and LIFO buffer pools, behind the shared Qbman interface.
// It stands in until the tests link the QBMan model itself.

#include <deque>
#include <map>
#include <vector>

#include "dpaa2_model/qbman.hpp"

namespace dpaa2::model
{

struct Qbman::State {
	struct Fq {
		FqSettings settings;
		std::deque<hw::Fd> frames;
		uint64_t bytes = 0, enqueued = 0, rejected = 0;
		FqConsumer consumer = nullptr;
		void *ctx = nullptr;
	};
	std::map<uint32_t, Fq> fqs;
	std::map<uint16_t, std::vector<uint64_t>> pools;
	uint32_t next_fqid = 1;
	uint16_t next_bpid = 1;
	uint32_t version;
};

Qbman::Qbman(BusMemory &, uint32_t qman_version) : s_(std::make_unique<State>())
{
	s_->version = qman_version;
}
Qbman::~Qbman() = default;
uint32_t Qbman::version() const
{
	return s_->version;
}
uint32_t Qbman::fq_alloc()
{
	const uint32_t id = s_->next_fqid++;
	s_->fqs[id];
	return id;
}
void Qbman::fq_free(uint32_t fqid)
{
	s_->fqs.erase(fqid);
}
Qbman::FqSettings *Qbman::fq_settings(uint32_t fqid)
{
	auto it = s_->fqs.find(fqid);
	return it == s_->fqs.end() ? nullptr : &it->second.settings;
}
bool Qbman::enqueue(uint32_t fqid, const hw::Fd &fd)
{
	auto it = s_->fqs.find(fqid);
	if (it == s_->fqs.end())
		return false;
	State::Fq &q = it->second;
	const FqSettings &st = q.settings;
	if (st.taildrop && st.taildrop_threshold &&
	    (st.taildrop_frames ? q.frames.size() : q.bytes) >= st.taildrop_threshold) {
		q.rejected++;
		return false;
	}
	q.frames.push_back(fd);
	q.bytes += fd.length();
	q.enqueued++;
	if (q.consumer)
		q.consumer(q.ctx, fqid);
	return true;
}
bool Qbman::dequeue(uint32_t fqid, hw::Fd &fd)
{
	auto it = s_->fqs.find(fqid);
	if (it == s_->fqs.end() || it->second.frames.empty())
		return false;
	fd = it->second.frames.front();
	it->second.frames.pop_front();
	it->second.bytes -= fd.length();
	return true;
}
Qbman::FqCounts Qbman::fq_counts(uint32_t fqid) const
{
	auto it = s_->fqs.find(fqid);
	if (it == s_->fqs.end())
		return {};
	const State::Fq &q = it->second;
	return {static_cast<uint32_t>(q.frames.size()), q.bytes, q.enqueued, q.rejected};
}
void Qbman::fq_set_consumer(uint32_t fqid, FqConsumer fn, void *ctx)
{
	auto it = s_->fqs.find(fqid);
	if (it != s_->fqs.end()) {
		it->second.consumer = fn;
		it->second.ctx = ctx;
	}
}
uint16_t Qbman::bp_alloc()
{
	const uint16_t id = s_->next_bpid++;
	s_->pools[id];
	return id;
}
void Qbman::bp_free(uint16_t bpid)
{
	s_->pools.erase(bpid);
}
bool Qbman::bp_release(uint16_t bpid, uint64_t addr)
{
	auto it = s_->pools.find(bpid);
	if (it == s_->pools.end())
		return false;
	it->second.push_back(addr);
	return true;
}
bool Qbman::bp_acquire(uint16_t bpid, uint64_t &addr)
{
	auto it = s_->pools.find(bpid);
	if (it == s_->pools.end() || it->second.empty())
		return false;
	addr = it->second.back();
	it->second.pop_back();
	return true;
}
uint32_t Qbman::bp_count(uint16_t bpid) const
{
	auto it = s_->pools.find(bpid);
	return it == s_->pools.end() ? 0 : static_cast<uint32_t>(it->second.size());
}
bool Qbman::poll()
{
	return false;
}
uint64_t Qbman::misuse_count() const
{
	return 0;
}

} // namespace dpaa2::model
