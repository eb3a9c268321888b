/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_model/qbman_misuse.hpp"

#include <cstdio>

namespace dpaa2::model
{

const char *misuse_name(QbmanMisuse m) noexcept
{
	static constexpr const char *kNames[] = {
		"cinh_bad_offset",
		"doorbell_without_rt",
		"doorbell_direct_mode",
		"eqcr_pi_outside_ring",
		"bad_eqcr_verb",
		"enqueue_unknown_fq",
		"vdqcr_busy",
		"bad_pull",
		"pull_storage_unmapped",
		"rcr_slot_not_granted",
		"bad_rcr_entry",
		"release_bad_bpid",
		"double_release",
		"acquire_bad_bpid",
		"bad_mc_verb",
		"bad_mc_command",
		"cr_valid_bit",
		"bad_dcap",
		"cscn_unmapped",
		"bad_id",
	};
	static_assert(std::size(kNames) == static_cast<size_t>(QbmanMisuse::kCount));
	const auto i = static_cast<size_t>(m);
	return i < std::size(kNames) ? kNames[i] : "?";
}

void QbmanMisuseCounters::record(QbmanMisuse m, const char *fmt, ...)
{
	const auto i = static_cast<unsigned>(m);
	if (i >= kN)
		return;
	if (n_[i]++ != 0)
		return;
	char what[200];
	va_list ap;
	va_start(ap, fmt);
	std::vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	char line[256];
	std::snprintf(line, sizeof(line), "%s: %s (logged once)", misuse_name(m), what);
	if (log_ != nullptr)
		log_(log_ctx_, line);
	else
		std::fprintf(stderr, "dpaa2 model: qbman: %s\n", line);
}

uint64_t QbmanMisuseCounters::total() const noexcept
{
	uint64_t t = 0;
	for (uint64_t v : n_)
		t += v;
	return t;
}

std::string QbmanMisuseCounters::summary() const
{
	std::string out;
	for (unsigned i = 0; i < kN; i++) {
		if (n_[i] == 0)
			continue;
		if (!out.empty())
			out += ", ";
		out += misuse_name(static_cast<QbmanMisuse>(i));
		out += ' ';
		out += std::to_string(n_[i]);
	}
	return out;
}

} // namespace dpaa2::model
