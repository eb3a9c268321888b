/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// Which descriptors are an emulated device's, and which device: an
// interposer looks the kind of every fd it is handed up here before it
// decides between the emulation and the C library, so the lookup is one
// relaxed load and needs no lock. Each emulated device is given a real
// descriptor (an eventfd) to own its number, so the application's other
// opens never collide with it and close() frees it as the kernel would.
#pragma once

#include <atomic>
#include <cerrno>
#include <sys/eventfd.h>

#include "emu_common/libc_next.hpp"

namespace dpaa::emu
{

// Kind is an enum whose value 0 means "not ours".
template <typename Kind> class FdTable
{
public:
	static constexpr int kMaxFds = 4096;

	Kind of(int fd) const noexcept
	{
		return fd >= 0 && fd < kMaxFds ? kinds_[fd].load(std::memory_order_relaxed)
					       : Kind{};
	}
	void set(int fd, Kind k) noexcept { kinds_[fd].store(k); }
	void clear(int fd) noexcept
	{
		if (fd >= 0 && fd < kMaxFds)
			kinds_[fd].store(Kind{});
	}

	// A new descriptor of kind k (eventfd flags efd_flags), or -1 with
	// errno set (EMFILE past the table).
	int open(Kind k, int efd_flags) noexcept
	{
		const int fd = eventfd(0, efd_flags);
		if (fd < 0)
			return -1;
		if (fd >= kMaxFds) {
			libc::close(fd);
			errno = EMFILE;
			return -1;
		}
		set(fd, k);
		return fd;
	}

private:
	std::atomic<Kind> kinds_[kMaxFds]{};
};

// The C library's convention from a kernel-style return: a negative errno
// becomes -1 with errno set.
inline int fail(int ret) noexcept
{
	if (ret < 0) {
		errno = -ret;
		return -1;
	}
	return ret;
}

} // namespace dpaa::emu
