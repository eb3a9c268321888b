/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The container's VFIO side, as the kernel's vfio-fsl-mc offers it: the
// IOMMU group of the DPRC, a VFIO container of type 1 with that group in
// it, one device fd per object, region mmaps (region n at offset
// n << 40, as the kernel reports it) and DMA mappings. Plain ioctls and
// mmaps: on a board the kernel answers, on the model the emulated kernel.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dpaa2::fslmc
{

struct Region {
	void *addr = nullptr;
	size_t size = 0;
};

class Vfio
{
public:
	~Vfio() { close(); }

	// The IOMMU group number of sysfs device `dprc` ("dprc.2"), or a
	// negative errno.
	static int group_of(const char *sysfs_devices, const char *dprc) noexcept;

	// Opens group `group` and a type-1 container around it. 0 or negative
	// errno, `error` saying which step failed.
	int open(int group, std::string &error) noexcept;
	void close() noexcept;
	bool is_open() const noexcept { return container_fd_ >= 0; }
	// The group and container another process opened (a DPDK primary's,
	// handed to its secondary); they are this object's to close.
	void adopt(int group_fd, int container_fd) noexcept
	{
		group_fd_ = group_fd;
		container_fd_ = container_fd;
	}
	int group_fd() const noexcept { return group_fd_; }
	int container_fd() const noexcept { return container_fd_; }

	// A device fd for object `name` ("dpio.3"), or a negative errno.
	int device_fd(const char *name) noexcept;
	// VFIO_DEVICE_GET_INFO: regions and irqs.
	static int device_info(int fd, unsigned &num_regions, unsigned &num_irqs) noexcept;
	// Maps region `index` of device `fd` read/write, shared; cached or not
	// is the kernel's choice (the MC's flags). 0 or negative errno.
	static int map_region(int fd, unsigned index, Region &out) noexcept;
	static void unmap_region(Region &r) noexcept;

	// An object's interrupt `index` signalled on a new eventfd
	// (VFIO_DEVICE_SET_IRQS, trigger): the eventfd, or a negative errno.
	static int irq_enable(int fd, unsigned index) noexcept;
	// The interrupt no longer signalled; the caller closes its eventfd.
	static int irq_disable(int fd, unsigned index) noexcept;

	// VFIO_IOMMU_MAP_DMA / UNMAP_DMA on the container.
	int dma_map(uint64_t va, uint64_t iova, uint64_t len) noexcept;
	int dma_unmap(uint64_t iova, uint64_t len) noexcept;

private:
	int container_fd_ = -1;
	int group_fd_ = -1;
};

} // namespace dpaa2::fslmc
