/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Page-aligned, zeroed memory standing in for a portal's CE or CI area.
// No exceptions: the model is also compiled into DPDK with -fno-exceptions,
// so a failed allocation leaves get() null and Soc::valid() false.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace dpaa::model
{

class PortalMemory
{
public:
	explicit PortalMemory(size_t size) : size_(size)
	{
		void *p = std::aligned_alloc(kAlign, size);
		if (p != nullptr)
			std::memset(p, 0, size);
		mem_.reset(p);
	}
	void *get() const noexcept { return mem_.get(); }
	size_t size() const noexcept { return size_; }
	void clear() noexcept
	{
		if (mem_)
			std::memset(mem_.get(), 0, size_);
	}

	static constexpr size_t kAlign = 4096; // portals are mapped page by page

private:
	struct Free {
		void operator()(void *p) const noexcept { std::free(p); }
	};
	std::unique_ptr<void, Free> mem_;
	size_t size_;
};

} // namespace dpaa::model
