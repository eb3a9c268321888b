/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What a software portal's CE lines would hold for the portal on silicon,
// where the CE area is cacheable and not coherent with the core's cache
// (dpaa_hw/portal_access.hpp): a line the core wrote reaches the portal
// only when the core writes it back (flush_line). In a checking build the
// driver's side reports both (hw::CeObserver); the portal model asks, for
// each entry it takes, whether its line was written back since the core
// last wrote it. An entry that was not would, on silicon, still be in the
// core's cache: the portal would read the line's old contents (an old
// valid bit, or an old body under a new one), and the ring would stall or
// take a stale command.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dpaa_hw/portal_access.hpp"

namespace dpaa::model
{

class CeShadow
{
public:
	// Start tracking the CE area [base, base + size): no line written.
	void track(const void *base, size_t size)
	{
		base_ = static_cast<const char *>(base);
		dirty_.assign(size / hw::kPortalLine, 0);
	}
	bool tracking() const noexcept { return !dirty_.empty(); }
	bool owns(const void *p) const noexcept
	{
		const char *c = static_cast<const char *>(p);
		return tracking() && c >= base_ && c < base_ + dirty_.size() * hw::kPortalLine;
	}
	// The core wrote to the line of p (in its cache), or wrote it back.
	void cpu_wrote(const void *p) noexcept { dirty_[line(p)] = 1; }
	void cpu_flushed(const void *p) noexcept { dirty_[line(p)] = 0; }
	// The portal reads the entry at p: false if silicon's portal would not
	// see what the core wrote there.
	bool visible(const void *p) const noexcept { return !tracking() || !dirty_[line(p)]; }

private:
	size_t line(const void *p) const noexcept
	{
		return static_cast<size_t>(static_cast<const char *>(p) - base_) / hw::kPortalLine;
	}
	const char *base_ = nullptr;
	std::vector<uint8_t> dirty_;
};

} // namespace dpaa::model
