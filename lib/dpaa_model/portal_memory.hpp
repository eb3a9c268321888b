/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Page-aligned, zeroed memory standing in for a portal's CE or CI area.
//
// It is a shared mapping of an anonymous memory file (memfd), not heap
// memory: a portal is memory the SoC serves, and a second process that is
// given the file (a DPDK secondary process, through the platform layer) maps
// the same pages and drives the portal as its own, while this process's model
// serves it, as two processes on a board each map their portals from the
// kernel's driver. Shared-file pages cost the driver's accesses nothing more
// than heap pages.
//
// No exceptions: the model is also compiled into DPDK with -fno-exceptions,
// so a failed allocation leaves get() null and Soc::valid() false.
#pragma once

#include <cstddef>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

namespace dpaa::model
{

class PortalMemory
{
public:
	explicit PortalMemory(size_t size) : size_(size)
	{
		fd_ = memfd_create("dpaa-portal", MFD_CLOEXEC);
		if (fd_ < 0)
			return;
		void *p = MAP_FAILED;
		if (ftruncate(fd_, static_cast<off_t>(size)) == 0)
			p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
		if (p == MAP_FAILED) {
			close(fd_);
			fd_ = -1;
			return;
		}
		mem_ = p; // a new file reads as zeros
	}
	~PortalMemory()
	{
		if (mem_ != nullptr)
			munmap(mem_, size_);
		if (fd_ >= 0)
			close(fd_);
	}
	PortalMemory(const PortalMemory &) = delete;
	PortalMemory &operator=(const PortalMemory &) = delete;

	void *get() const noexcept { return mem_; }
	size_t size() const noexcept { return size_; }
	// The memory file, for a process that maps the same portal (-1 if none).
	int fd() const noexcept { return fd_; }
	void clear() noexcept
	{
		if (mem_ != nullptr)
			std::memset(mem_, 0, size_);
	}

	static constexpr size_t kAlign = 4096; // portals are mapped page by page

private:
	void *mem_ = nullptr;
	size_t size_;
	int fd_ = -1;
};

} // namespace dpaa::model
