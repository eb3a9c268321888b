/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The protocol violations a QBMan software portal (or a block inside the
// SoC) can commit, as the model detects them: each is counted, and the first
// of each kind is logged, however often it repeats. Silicon would answer
// most of them with undefined behaviour or an error interrupt; the model
// answers as harmlessly as it can and says so, and test suites assert the
// counts stay zero.
#pragma once

#include <array>
#include <cstdarg>
#include <cstdint>
#include <string>

namespace dpaa2::model
{

enum class QbmanMisuse : unsigned {
	cinh_bad_offset,       // a store to no register, or to a read-only one
	doorbell_without_rt,   // a doorbell value without the RT bit (0x100)
	doorbell_direct_mode,  // a memory-backed doorbell on a direct-mode portal
	eqcr_pi_outside_ring,  // EQCR_PI more entries ahead of CI than the ring holds
	bad_eqcr_verb,	       // an EQCR entry whose verb is not an enqueue QBMan serves
	enqueue_unknown_fq,    // an enqueue to an FQID nobody allocated
	vdqcr_busy,	       // a pull while the previous one has not completed
	bad_pull,	       // a pull command QBMan cannot serve (source type, no FQ)
	pull_storage_unmapped, // rsp_addr outside the IOMMU's mappings
	rcr_slot_not_granted,  // a release doorbell for a slot RAR did not grant
	bad_rcr_entry,	       // a release entry without RC valid, with 0 buffers, wrong VB
	release_bad_bpid,      // a release to BPID 0 or to a pool nobody allocated
	double_release,	       // a buffer released to a pool that already holds it
	acquire_bad_bpid,      // an acquire from BPID 0 or from a pool nobody allocated
	bad_mc_verb,	       // a management command QBMan does not know
	bad_mc_command,	       // a known command with bad arguments (num 0 or > 7)
	cr_valid_bit,	       // a management command with the valid bit of the previous one
	bad_dcap,	       // DQRR consumption of an entry not produced
	cscn_unmapped,	       // a CSCN record address outside the IOMMU's mappings
	bad_id,		       // freeing or configuring an FQ, pool or portal that is not there
	kCount
};

const char *misuse_name(QbmanMisuse m) noexcept;

class QbmanMisuseCounters
{
public:
	using LogFn = void (*)(void *ctx, const char *line);

	// Count one, and log the first of its kind (printf format).
	void record(QbmanMisuse m, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
	uint64_t count(QbmanMisuse m) const noexcept { return n_[static_cast<unsigned>(m)]; }
	uint64_t total() const noexcept;
	// "vdqcr_busy 2, bad_rcr_entry 1", or empty.
	std::string summary() const;
	// Where the lines go: stderr by default ("dpaa2 model: qbman: ...").
	void set_log(LogFn fn, void *ctx) noexcept
	{
		log_ = fn;
		log_ctx_ = ctx;
	}

private:
	static constexpr unsigned kN = static_cast<unsigned>(QbmanMisuse::kCount);
	std::array<uint64_t, kN> n_{};
	LogFn log_ = nullptr;
	void *log_ctx_ = nullptr;
};

} // namespace dpaa2::model
