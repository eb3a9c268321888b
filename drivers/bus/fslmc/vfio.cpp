/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "vfio.hpp"

#include <fcntl.h>
#include <linux/vfio.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace dpaa2::fslmc
{

int Vfio::group_of(const char *sysfs_devices, const char *dprc) noexcept
{
	char path[PATH_MAX];
	snprintf(path, sizeof(path), "%s/%s/iommu_group", sysfs_devices, dprc);
	char target[PATH_MAX];
	const ssize_t n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	const char *last = strrchr(target, '/');
	last = last ? last + 1 : target;
	char *end = nullptr;
	errno = 0;
	const long g = strtol(last, &end, 10);
	if (errno != 0 || end == last || *end != '\0' || g < 0 || g > INT_MAX)
		return -EINVAL;
	return static_cast<int>(g);
}

int Vfio::open(int group, std::string &error) noexcept
{
	char path[64];
	snprintf(path, sizeof(path), "/dev/vfio/%d", group);
	group_fd_ = ::open(path, O_RDWR | O_CLOEXEC);
	if (group_fd_ < 0) {
		int err = errno;
		error = std::string("cannot open ") + path + ": " + strerror(err);
		return -err;
	}
	vfio_group_status status{};
	status.argsz = sizeof(status);
	if (ioctl(group_fd_, VFIO_GROUP_GET_STATUS, &status) < 0) {
		int err = errno;
		error = std::string("VFIO_GROUP_GET_STATUS on ") + path + ": " + strerror(err);
		close();
		return -err;
	}
	if (!(status.flags & VFIO_GROUP_FLAGS_VIABLE)) {
		error = std::string(path) + " is not viable: every object of the container must be "
					    "bound to vfio-fsl-mc";
		close();
		return -EPERM;
	}
	container_fd_ = ::open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	if (container_fd_ < 0) {
		int err = errno;
		error = std::string("cannot open /dev/vfio/vfio: ") + strerror(err);
		close();
		return -err;
	}
	if (ioctl(container_fd_, VFIO_GET_API_VERSION) != VFIO_API_VERSION) {
		error = "/dev/vfio/vfio speaks another VFIO API version";
		close();
		return -EINVAL;
	}
	if (ioctl(container_fd_, VFIO_CHECK_EXTENSION, VFIO_TYPE1_IOMMU) != 1) {
		error = "the VFIO container offers no type-1 IOMMU";
		close();
		return -ENOTSUP;
	}
	if (!(status.flags & VFIO_GROUP_FLAGS_CONTAINER_SET)) {
		if (ioctl(group_fd_, VFIO_GROUP_SET_CONTAINER, &container_fd_) < 0) {
			int err = errno;
			error = std::string("VFIO_GROUP_SET_CONTAINER: ") + strerror(err);
			close();
			return -err;
		}
	}
	if (ioctl(container_fd_, VFIO_SET_IOMMU, VFIO_TYPE1_IOMMU) < 0) {
		int err = errno;
		error = std::string("VFIO_SET_IOMMU (type 1): ") + strerror(err);
		close();
		return -err;
	}
	return 0;
}

void Vfio::close() noexcept
{
	if (group_fd_ >= 0)
		::close(group_fd_);
	if (container_fd_ >= 0)
		::close(container_fd_);
	group_fd_ = container_fd_ = -1;
}

int Vfio::device_fd(const char *name) noexcept
{
	int fd = ioctl(group_fd_, VFIO_GROUP_GET_DEVICE_FD, name);
	return fd < 0 ? -errno : fd;
}

int Vfio::device_info(int fd, unsigned &num_regions, unsigned &num_irqs) noexcept
{
	vfio_device_info info{};
	info.argsz = sizeof(info);
	if (ioctl(fd, VFIO_DEVICE_GET_INFO, &info) < 0)
		return -errno;
	if (!(info.flags & VFIO_DEVICE_FLAGS_FSL_MC))
		return -ENODEV;
	num_regions = info.num_regions;
	num_irqs = info.num_irqs;
	return 0;
}

int Vfio::map_region(int fd, unsigned index, Region &out) noexcept
{
	vfio_region_info info{};
	info.argsz = sizeof(info);
	info.index = index;
	if (ioctl(fd, VFIO_DEVICE_GET_REGION_INFO, &info) < 0)
		return -errno;
	if (!(info.flags & VFIO_REGION_INFO_FLAG_MMAP) || info.size == 0)
		return -ENOTSUP;
	void *p = mmap(nullptr, info.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       static_cast<off_t>(info.offset));
	if (p == MAP_FAILED)
		return -errno;
	out.addr = p;
	out.size = info.size;
	return 0;
}

void Vfio::unmap_region(Region &r) noexcept
{
	if (r.addr != nullptr)
		munmap(r.addr, r.size);
	r = Region{};
}

int Vfio::irq_enable(int fd, unsigned index) noexcept
{
	vfio_irq_info info{};
	info.argsz = sizeof(info);
	info.index = index;
	if (ioctl(fd, VFIO_DEVICE_GET_IRQ_INFO, &info) < 0)
		return -errno;
	if (!(info.flags & VFIO_IRQ_INFO_EVENTFD) || info.count == 0)
		return -ENOTSUP;
	const int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (efd < 0)
		return -errno;
	alignas(vfio_irq_set) uint8_t buf[sizeof(vfio_irq_set) + sizeof(int)] = {};
	auto *set = reinterpret_cast<vfio_irq_set *>(buf);
	set->argsz = sizeof(buf);
	set->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
	set->index = index;
	set->start = 0;
	set->count = 1;
	std::memcpy(set->data, &efd, sizeof(efd));
	if (ioctl(fd, VFIO_DEVICE_SET_IRQS, set) < 0) {
		const int err = errno;
		::close(efd);
		return -err;
	}
	return efd;
}

int Vfio::irq_disable(int fd, unsigned index) noexcept
{
	vfio_irq_set set{};
	set.argsz = sizeof(set);
	set.flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER;
	set.index = index;
	set.start = 0;
	set.count = 0;
	return ioctl(fd, VFIO_DEVICE_SET_IRQS, &set) < 0 ? -errno : 0;
}

int Vfio::dma_map(uint64_t va, uint64_t iova, uint64_t len) noexcept
{
	vfio_iommu_type1_dma_map m{};
	m.argsz = sizeof(m);
	m.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
	m.vaddr = va;
	m.iova = iova;
	m.size = len;
	if (ioctl(container_fd_, VFIO_IOMMU_MAP_DMA, &m) < 0)
		return errno == EEXIST ? 0 : -errno;
	return 0;
}

int Vfio::dma_unmap(uint64_t iova, uint64_t len) noexcept
{
	vfio_iommu_type1_dma_unmap m{};
	m.argsz = sizeof(m);
	m.iova = iova;
	m.size = len;
	return ioctl(container_fd_, VFIO_IOMMU_UNMAP_DMA, &m) < 0 ? -errno : 0;
}

} // namespace dpaa2::fslmc
