/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A real LS1043A/LS1046A board: the SoC as its device tree describes it
// (device_tree.cpp), software portals mapped by the USDPAA kernel driver
// (/dev/fsl-usdpaa, PORTAL_MAP / PORTAL_UNMAP ioctls), CCSR windows mapped
// from /dev/mem, and DPDK's IOVAs, which are physical addresses on these
// boards (DPDK runs IOVA-as-PA there), as bus addresses.
//
// It cannot run on the machines the project is tested on; it is compiled
// always and its device-tree parsing is unit-tested.

#include <cerrno>
#include <cstring>
#include <endian.h>
#include <fcntl.h>
#include <memory>
#include <new>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "platform/bus_addr.hpp"
#include "platform/device_tree.hpp"
#include "platform/discover.hpp"

namespace dpaa::platform
{

namespace
{

constexpr const char *kUsdpaaDevice = "/dev/fsl-usdpaa";

// The USDPAA driver's portal-map interface (ioctl magic 'u').
enum UsdpaaPortalType : int { usdpaa_qman = 0, usdpaa_bman = 1 };
struct UsdpaaPortalAddr {
	void *cinh;
	void *cena;
};
struct UsdpaaPortalMap {
	UsdpaaPortalType type;
	uint32_t index; // 0xffffffff: any
	UsdpaaPortalAddr addr;
	uint16_t channel;
	uint32_t pools;
};
constexpr unsigned long kIoctlPortalMap = _IOWR('u', 0x07, UsdpaaPortalMap);
constexpr unsigned long kIoctlPortalUnmap = _IOW('u', 0x08, UsdpaaPortalAddr);

// A CCSR block mapped from /dev/mem: 32-bit big-endian registers.
class MmioWindow final : public hw::RegisterWindow
{
public:
	~MmioWindow()
	{
		if (base_ != nullptr)
			munmap(const_cast<uint32_t *>(base_), size_);
	}
	int map(int memfd, uint64_t phys, size_t size) noexcept
	{
		void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, memfd,
			       static_cast<off_t>(phys));
		if (p == MAP_FAILED)
			return -errno;
		base_ = static_cast<volatile uint32_t *>(p);
		size_ = size;
		return 0;
	}
	bool mapped() const noexcept { return base_ != nullptr; }
	uint32_t read32(uint32_t off) noexcept override { return be32toh(base_[off / 4]); }
	void write32(uint32_t off, uint32_t v) noexcept override { base_[off / 4] = htobe32(v); }

private:
	volatile uint32_t *base_ = nullptr;
	size_t size_ = 0;
};

class BoardPlatform final : public Platform
{
public:
	int init(const char *root, std::string &error) noexcept
	{
		if (access(kUsdpaaDevice, R_OK | W_OK) != 0)
			return -ENODEV;
		int ret = dt::parse_board(root, tree_, error);
		if (ret < 0)
			return ret;
		fd_ = open(kUsdpaaDevice, O_RDWR | O_CLOEXEC);
		if (fd_ < 0) {
			error = std::string(kUsdpaaDevice) + ": " + strerror(errno);
			return -errno;
		}
		return 0;
	}

	~BoardPlatform() override
	{
		for (unsigned i = 0; i < kMaxPortals; i++) {
			unmap_qman_portal(i);
			unmap_bman_portal(i);
		}
		if (memfd_ >= 0)
			close(memfd_);
		if (fd_ >= 0)
			close(fd_);
	}

	const char *kind() const noexcept override { return "board"; }
	const SocInfo &soc() const noexcept override { return tree_.soc; }
	int start() noexcept override { return 0; }
	void stop() noexcept override {}

	int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept override
	{
		if (index >= tree_.soc.num_qman_portals)
			return -EINVAL;
		UsdpaaPortalMap m{usdpaa_qman, tree_.qman_portals[index].index, {}, 0, 0};
		if (ioctl(fd_, kIoctlPortalMap, &m) < 0)
			return -errno;
		qmaps_[index] = m.addr;
		out = QmanPortalMap{m.addr.cena, m.addr.cinh, index, m.channel};
		return 0;
	}

	int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept override
	{
		if (index >= tree_.soc.num_bman_portals)
			return -EINVAL;
		UsdpaaPortalMap m{usdpaa_bman, tree_.bman_portals[index].index, {}, 0, 0};
		if (ioctl(fd_, kIoctlPortalMap, &m) < 0)
			return -errno;
		bmaps_[index] = m.addr;
		out = BmanPortalMap{m.addr.cena, m.addr.cinh, index};
		return 0;
	}

	void unmap_qman_portal(unsigned index) noexcept override { unmap(qmaps_[index]); }
	void unmap_bman_portal(unsigned index) noexcept override { unmap(bmaps_[index]); }

	hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept override
	{
		if (fman >= tree_.soc.num_fmans)
			return nullptr;
		const FmanInfo &f = tree_.soc.fmans[fman];
		return map_ccsr(fman_win_[fman], f.ccsr_phys, f.ccsr_size);
	}

	hw::RegisterWindow *bman_ccsr() noexcept override
	{
		if (tree_.bman_ccsr_size == 0)
			return nullptr;
		return map_ccsr(bman_win_, tree_.bman_ccsr_phys, tree_.bman_ccsr_size);
	}

	bool assigns_bus_addresses() const noexcept override { return false; }

	int dma_map(uintptr_t va, size_t len, uint64_t iova) noexcept override
	{
		if (iova == kNoIova)
			return -EINVAL; // DPDK must run IOVA-as-PA on a board
		if (rte_dpaa_windows.covers(va, len))
			return 0;
		return rte_dpaa_windows.add(va, iova, len);
	}

private:
	void unmap(UsdpaaPortalAddr &a) noexcept
	{
		if (a.cinh == nullptr)
			return;
		ioctl(fd_, kIoctlPortalUnmap, &a);
		a = UsdpaaPortalAddr{};
	}

	hw::RegisterWindow *map_ccsr(MmioWindow &w, uint64_t phys, uint64_t size) noexcept
	{
		if (w.mapped())
			return &w;
		if (memfd_ < 0)
			memfd_ = open("/dev/mem", O_RDWR | O_SYNC | O_CLOEXEC);
		if (memfd_ < 0 || w.map(memfd_, phys, size) < 0)
			return nullptr;
		return &w;
	}

	dt::BoardTree tree_;
	int fd_ = -1;
	int memfd_ = -1;
	UsdpaaPortalAddr qmaps_[kMaxPortals]{};
	UsdpaaPortalAddr bmaps_[kMaxPortals]{};
	MmioWindow fman_win_[kMaxFmans];
	MmioWindow bman_win_;
};

} // namespace

int create_board_platform(const char *dt_root, std::unique_ptr<Platform> &out,
			  std::string &error) noexcept
{
	auto p = std::unique_ptr<BoardPlatform>(new (std::nothrow) BoardPlatform);
	if (!p)
		return -ENOMEM;
	int ret = p->init(dt_root, error);
	if (ret < 0)
		return ret;
	out = std::move(p);
	return 0;
}

} // namespace dpaa::platform
