/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// What the emulated VFIO fsl-mc kernel's tests do as DPDK's fslmc bus does
// it, with plain C library calls on the real paths (the emulation is
// preloaded into the test): the container and group, device fds, region
// mmaps, and MC commands through a mapped MC portal.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <set>
#include <string>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace dpaa2::test
{

inline constexpr const char kContainer[] = "dprc.2";
inline constexpr const char kDevices[] = "/sys/bus/fsl-mc/devices";
inline constexpr uint64_t kRegionShift = 40; // VFIO_FSL_MC_INDEX_TO_OFFSET

// MC command IDs (cmd_id = id << 4 | version), as upstream's v22.11 sends them.
namespace cmd
{
inline constexpr uint16_t kMcGetVersion = 0x8311;
inline constexpr uint16_t kMcGetSocVersion = 0x8321;
inline constexpr uint16_t kDprcOpen = 0x8051;
inline constexpr uint16_t kDprcGetConnection = 0x16c1;
inline constexpr uint16_t kClose = 0x8001;
inline constexpr uint16_t kEnable = 0x0021;
inline constexpr uint16_t kReset = 0x0051;
inline constexpr uint16_t kGetAttributes = 0x0041;
inline constexpr uint16_t kDpioOpen = 0x8031;
inline constexpr uint16_t kDpbpOpen = 0x8041;
} // namespace cmd

// MC status codes (header byte 2).
inline constexpr uint8_t kMcOk = 0, kMcReady = 1, kMcAuthErr = 3;

// A mapped MC portal, driven as mc_send_command does: the seven
// parameters as 64-bit stores, the header's upper then lower word as
// 32-bit stores (the lower one with status READY), then polls of the
// header until the status is not READY.
class McPortal
{
public:
	explicit McPortal(void *p) : p_(static_cast<volatile uint64_t *>(p)) {}

	struct Answer {
		uint8_t status = 0xff;
		uint16_t token = 0;
		uint64_t params[7] = {};
		uint32_t u32(unsigned off) const
		{
			uint32_t v;
			std::memcpy(&v, reinterpret_cast<const uint8_t *>(params) + off, 4);
			return v;
		}
		uint16_t u16(unsigned off) const
		{
			uint16_t v;
			std::memcpy(&v, reinterpret_cast<const uint8_t *>(params) + off, 2);
			return v;
		}
		std::string str(unsigned off) const
		{
			return std::string(reinterpret_cast<const char *>(params) + off);
		}
	};

	Answer run(uint16_t cmd_id, uint16_t token, const uint64_t (&params)[7])
	{
		for (unsigned i = 0; i < 7; i++)
			p_[1 + i] = params[i];
		auto *w = reinterpret_cast<volatile uint32_t *>(p_);
		w[1] = uint32_t(token) | uint32_t(cmd_id) << 16;
		w[0] = uint32_t(kMcReady) << 16;
		Answer a;
		uint64_t h = 0;
		for (int spin = 0; spin < 1000000; spin++) {
			h = p_[0];
			if (uint8_t(h >> 16) != kMcReady)
				break;
		}
		a.status = uint8_t(h >> 16);
		a.token = uint16_t(h >> 32);
		for (unsigned i = 0; i < 7; i++)
			a.params[i] = p_[1 + i];
		return a;
	}
	Answer run(uint16_t cmd_id, uint16_t token = 0)
	{
		const uint64_t none[7] = {};
		return run(cmd_id, token, none);
	}

private:
	volatile uint64_t *p_;
};

// The container's objects, as fslmc's scan reads them: the DT_DIR entries
// of its sysfs folder whose names have a '.'.
inline std::set<std::string> scan_container()
{
	std::set<std::string> out;
	DIR *d = opendir((std::string(kDevices) + "/" + kContainer).c_str());
	if (d == nullptr)
		return out;
	while (struct dirent *e = readdir(d))
		if (e->d_type == DT_DIR && e->d_name[0] != '.' && strchr(e->d_name, '.'))
			out.insert(e->d_name);
	closedir(d);
	return out;
}

// The first object of a type ("dpio" -> "dpio.1").
inline std::string first_of(const std::set<std::string> &objs, const std::string &type)
{
	for (const std::string &o : objs)
		if (o.rfind(type + ".", 0) == 0)
			return o;
	return "";
}

inline unsigned id_of(const std::string &name)
{
	return unsigned(std::stoul(name.substr(name.find('.') + 1)));
}

inline int group_number()
{
	char link[256];
	const ssize_t n =
		readlink((std::string(kDevices) + "/" + kContainer + "/iommu_group").c_str(), link,
			 sizeof(link) - 1);
	if (n <= 0)
		return -1;
	link[n] = '\0';
	const std::string l(link);
	return std::stoi(l.substr(l.rfind('/') + 1));
}

inline std::string group_path()
{
	return "/dev/vfio/" + std::to_string(group_number());
}

// A group in a container with type1 set, as fslmc leaves it.
struct Vfio {
	int container = -1, group = -1;
	void setup()
	{
		container = open("/dev/vfio/vfio", O_RDWR);
		ASSERT_GE(container, 0) << strerror(errno);
		group = open(group_path().c_str(), O_RDWR);
		ASSERT_GE(group, 0) << strerror(errno);
		ASSERT_EQ(ioctl(group, VFIO_GROUP_SET_CONTAINER, &container), 0) << strerror(errno);
		ASSERT_EQ(ioctl(container, VFIO_SET_IOMMU, VFIO_TYPE1_IOMMU), 0) << strerror(errno);
	}
	~Vfio()
	{
		if (group >= 0)
			close(group);
		if (container >= 0)
			close(container);
	}
};

inline void *map_region(int dev, unsigned index, vfio_region_info &ri)
{
	ri = {};
	ri.argsz = sizeof(ri);
	ri.index = index;
	if (ioctl(dev, VFIO_DEVICE_GET_REGION_INFO, &ri) != 0)
		return MAP_FAILED;
	return mmap(nullptr, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, dev, off_t(ri.offset));
}

// `len` bytes of anonymous memory (`sharing`: MAP_PRIVATE, or MAP_SHARED
// for memory a child process keeps), mapped for the SoC at IOVA = VA in
// `container`, as rte_fslmc_vfio_dmamap maps DPDK's memory. nullptr on
// failure, with the reason as a test failure.
inline uint8_t *dma_memory(int container, size_t len, int sharing)
{
	void *mem = mmap(nullptr, len, PROT_READ | PROT_WRITE, sharing | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		ADD_FAILURE() << "mmap: " << strerror(errno);
		return nullptr;
	}
	vfio_iommu_type1_dma_map dm = {};
	dm.argsz = sizeof(dm);
	dm.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
	dm.vaddr = dm.iova = reinterpret_cast<uint64_t>(mem);
	dm.size = len;
	if (ioctl(container, VFIO_IOMMU_MAP_DMA, &dm) != 0) {
		ADD_FAILURE() << "VFIO_IOMMU_MAP_DMA: " << strerror(errno);
		return nullptr;
	}
	return static_cast<uint8_t *>(mem);
}

} // namespace dpaa2::test
