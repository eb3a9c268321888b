/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "platform/usdpaa.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace dpaa::platform::usdpaa
{

namespace
{

template <typename T> void set_name(T &arg, const char *if_name) noexcept
{
	snprintf(arg.if_name, sizeof(arg.if_name), "%s", if_name);
}

} // namespace

Device::~Device()
{
	if (fd_ >= 0)
		close(fd_);
}

int Device::open_device() noexcept
{
	fd_ = open(kDevice, O_RDWR | O_CLOEXEC);
	if (fd_ < 0)
		return errno == ENOENT ? -ENODEV : -errno;
	return 0;
}

int Device::call(unsigned long req, void *arg) noexcept
{
	return ioctl(fd_, req, arg) < 0 ? -errno : 0;
}

int Device::version() noexcept
{
	if (version_ == 0) {
		int v = 0;
		// Kernels before version 2 of the interface do not know the
		// question (EINVAL): they are version 1.
		version_ = call(kGetIoctlVersion, &v) == 0 && v >= 2 ? v : 1;
	}
	return version_;
}

int Device::alloc_ids(IdType type, uint32_t count, uint32_t align, uint32_t &base) noexcept
{
	IdAlloc a{0, type, count, align ? align : 1, 0};
	int ret = call(kIdAlloc, &a);
	// The kernel's allocator answers ENOMEM when no free run of 'count'
	// IDs is left: that is the bus's "all in use" (-ENOSPC), which its
	// callers report naming the range, not an out-of-memory.
	if (ret == -ENOMEM)
		return -ENOSPC;
	if (ret < 0)
		return ret;
	if (a.num != count) {
		// Not all-or-nothing after all: give back what came.
		if (a.num > 0)
			release_ids(type, a.base, a.num);
		return -ENOSPC;
	}
	base = a.base;
	return 0;
}

int Device::release_ids(IdType type, uint32_t base, uint32_t count) noexcept
{
	IdRange r{type, base, count};
	return call(kIdRelease, &r);
}

int Device::map_portal(PortalType type, MappedPortal &out) noexcept
{
	PortalMap m{};
	m.type = type;
	m.index = kAnyPortal;
	int ret = call(kPortalMap, &m);
	if (ret < 0)
		return ret;
	out = MappedPortal{m.addr, m.index, m.channel, m.pools};
	return 0;
}

int Device::unmap_portal(const PortalAddr &addr) noexcept
{
	PortalAddr a = addr;
	return call(kPortalUnmap, &a);
}

int Device::link_status(const char *if_name, Link &out) noexcept
{
	if (version() >= 2) {
		LinkStatus s{};
		set_name(s, if_name);
		int ret = call(kGetLinkStatus, &s);
		if (ret < 0)
			return ret;
		out = Link{s.status != 0, s.status ? static_cast<uint32_t>(s.speed) : 0,
			   s.duplex != 0, s.autoneg != 0};
		return 0;
	}
	LinkStatusV1 s{};
	set_name(s, if_name);
	int ret = call(kGetLinkStatusV1, &s);
	if (ret < 0)
		return ret;
	// Version 1 reports the state only.
	out = Link{s.status != 0, 0, true, false};
	return 0;
}

int Device::update_link_status(const char *if_name, bool up) noexcept
{
	LinkUpdate u{};
	set_name(u, if_name);
	u.status = up ? 1 : 0;
	return call(kUpdateLinkStatus, &u);
}

int Device::update_link_speed(const char *if_name, uint32_t speed_mbps, bool full_duplex) noexcept
{
	LinkSpeed l{};
	set_name(l, if_name);
	l.speed = static_cast<int32_t>(speed_mbps);
	l.duplex = full_duplex ? 1 : 0;
	return call(kUpdateLinkSpeed, &l);
}

int Device::restart_autoneg(const char *if_name) noexcept
{
	IfName n{};
	set_name(n, if_name);
	return call(kRestartAutoneg, &n);
}

int Device::link_interrupt(const char *if_name, int efd) noexcept
{
	if (efd < 0) {
		IfName n{};
		set_name(n, if_name);
		return call(kLinkIntrDisable, &n);
	}
	LinkIntr li{};
	set_name(li, if_name);
	li.efd = static_cast<uint32_t>(efd);
	return call(kLinkIntrEnable, &li);
}

} // namespace dpaa::platform::usdpaa
