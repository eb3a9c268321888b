/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A real LS1043A/LS1046A board, reached as every USDPAA application reaches
// it: the SoC as its device tree describes it (device_tree.cpp), the USDPAA
// kernel driver (usdpaa.cpp: software portals of the kernel's choosing, the
// kernel's ID allocators, the PHYs' link and speed, portal interrupts on
// /dev/fsl-usdpaa-irq), and CCSR windows (the FMans, their 1588 timers,
// BMan) mapped from /dev/mem.
//
// Bus addresses are physical (iova_need()): see the comment there. With
// the USDPAA kernel interface emulated over the model (libusdpaa_emu.so),
// this is also the code path the board test suite runs.

#include <cerrno>
#include <cstring>
#include <endian.h>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <new>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <pthread.h>
#include <unistd.h>

#include "dpaa_hw/mmio.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "platform/bus_addr.hpp"
#include "platform/device_tree.hpp"
#include "platform/board_platform.hpp"
#include "platform/usdpaa.hpp"

namespace dpaa::platform
{

namespace
{

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
	// Ordered as the kernel's ioread32be()/iowrite32be() (dpaa_hw/mmio.hpp).
	uint32_t read32(uint32_t off) noexcept override { return hw::io_read32be(base_ + off / 4); }
	void write32(uint32_t off, uint32_t v) noexcept override
	{
		hw::io_write32be(base_ + off / 4, v);
	}

private:
	volatile uint32_t *base_ = nullptr;
	size_t size_ = 0;
};

usdpaa::IdType id_type(IdKind k) noexcept
{
	switch (k) {
	case IdKind::fqid:
		return usdpaa::id_fqid;
	case IdKind::bpid:
		return usdpaa::id_bpid;
	case IdKind::pool_channel:
		return usdpaa::id_qpool;
	case IdKind::cgrid:
		break;
	}
	return usdpaa::id_cgrid;
}

// Portal interrupts: the kernel makes a portal's /dev/fsl-usdpaa-irq
// descriptor readable (a 4-byte count) when the portal raises its line, and
// inhibits the portal (QCSP_IIR) until user space has handled it. One
// thread waits on every bound descriptor and calls the bus's handler.
class IrqThread
{
public:
	~IrqThread() { stop(); }

	int bind(unsigned slot, int usdpaa_fd, void *ci, IrqFn fn) noexcept
	{
		std::lock_guard<std::mutex> hold(lock_);
		Line &l = lines_[slot];
		if (fn.fn == nullptr) {
			if (l.fd >= 0) {
				epoll_ctl(epfd_, EPOLL_CTL_DEL, l.fd, nullptr);
				close(l.fd);
			}
			l = Line{};
			return 0;
		}
		int ret = start();
		if (ret < 0)
			return ret;
		if (l.fd < 0) {
			const int fd = open(usdpaa::kIrqDevice, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
			if (fd < 0)
				return -errno;
			usdpaa::IrqMap m{usdpaa::portal_qman, usdpaa_fd, ci};
			if (ioctl(fd, usdpaa::kPortalIrqMap, &m) < 0) {
				ret = -errno;
				close(fd);
				return ret;
			}
			epoll_event ev{};
			ev.events = EPOLLIN;
			ev.data.u32 = slot;
			if (epoll_ctl(epfd_, EPOLL_CTL_ADD, fd, &ev) < 0) {
				ret = -errno;
				close(fd);
				return ret;
			}
			l.fd = fd;
		}
		l.ci = ci;
		l.fn = fn;
		return 0;
	}

	void stop() noexcept
	{
		if (!running_)
			return;
		const uint64_t one = 1;
		[[maybe_unused]] ssize_t n = write(stop_fd_, &one, sizeof(one));
		pthread_join(thread_, nullptr);
		running_ = false;
		for (Line &l : lines_)
			if (l.fd >= 0)
				close(l.fd);
		for (Line &l : lines_)
			l = Line{};
		close(stop_fd_);
		close(epfd_);
		stop_fd_ = epfd_ = -1;
	}

private:
	struct Line {
		int fd = -1;
		void *ci = nullptr;
		IrqFn fn;
	};

	int start() noexcept
	{
		if (running_)
			return 0;
		epfd_ = epoll_create1(EPOLL_CLOEXEC);
		stop_fd_ = eventfd(0, EFD_CLOEXEC);
		if (epfd_ < 0 || stop_fd_ < 0)
			return -errno;
		epoll_event ev{};
		ev.events = EPOLLIN;
		ev.data.u32 = kMaxPortals;
		if (epoll_ctl(epfd_, EPOLL_CTL_ADD, stop_fd_, &ev) < 0)
			return -errno;
		pthread_t t;
		const int ret = pthread_create(&t, nullptr, run, this);
		if (ret != 0)
			return -ret;
		thread_ = t;
		running_ = true;
		return 0;
	}

	static void *run(void *self) noexcept
	{
		static_cast<IrqThread *>(self)->loop();
		return nullptr;
	}

	void loop() noexcept
	{
		for (;;) {
			epoll_event ev[kMaxPortals + 1];
			const int n = epoll_wait(epfd_, ev, kMaxPortals + 1, -1);
			for (int i = 0; i < n; i++) {
				const unsigned slot = ev[i].data.u32;
				if (slot == kMaxPortals)
					return;
				std::lock_guard<std::mutex> hold(lock_);
				Line &l = lines_[slot];
				uint32_t count;
				if (l.fd < 0 || read(l.fd, &count, sizeof(count)) < 0)
					continue;
				l.fn.fn(l.fn.arg);
				// Handled: the portal may interrupt again.
				hw::reg_write(l.ci, hw::qm::ci::kIir, 0);
			}
			if (n < 0 && errno != EINTR)
				return;
		}
	}

	std::mutex lock_;
	Line lines_[kMaxPortals];
	pthread_t thread_{};
	bool running_ = false;
	int epfd_ = -1;
	int stop_fd_ = -1;
};

class BoardPlatform final : public Platform
{
public:
	int init(const char *root, std::string &error) noexcept
	{
		int ret = kernel_.open_device();
		if (ret == -ENODEV)
			return ret; // not a USDPAA board
		if (ret < 0) {
			error = std::string(usdpaa::kDevice) + ": " + strerror(-ret);
			return ret;
		}
		return dt::parse_board(root, tree_, error);
	}

	~BoardPlatform() override
	{
		irqs_.stop();
		for (unsigned i = 0; i < kMaxPortals; i++) {
			unmap_qman_portal(i);
			unmap_bman_portal(i);
		}
		if (memfd_ >= 0)
			close(memfd_);
	}

	const char *kind() const noexcept override { return "board"; }
	const SocInfo &soc() const noexcept override { return tree_.soc; }
	int start() noexcept override { return 0; }
	void stop() noexcept override { irqs_.stop(); }

	// The bus's portal slot 'index' gets whichever portal the kernel does
	// not own itself: the device tree lists them all, the kernel's among
	// them.
	int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept override
	{
		if (index >= tree_.soc.num_qman_portals || index >= kMaxPortals)
			return -EINVAL;
		usdpaa::MappedPortal m{};
		int ret = kernel_.map_portal(usdpaa::portal_qman, m);
		if (ret < 0)
			return ret;
		qmaps_[index] = m.addr;
		out = QmanPortalMap{m.addr.cena, m.addr.cinh, index, m.channel, m.pools};
		return 0;
	}

	int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept override
	{
		if (index >= tree_.soc.num_bman_portals || index >= kMaxPortals)
			return -EINVAL;
		usdpaa::MappedPortal m{};
		int ret = kernel_.map_portal(usdpaa::portal_bman, m);
		if (ret < 0)
			return ret;
		bmaps_[index] = m.addr;
		out = BmanPortalMap{m.addr.cena, m.addr.cinh, index};
		return 0;
	}

	void unmap_qman_portal(unsigned index) noexcept override
	{
		irqs_.bind(index, -1, nullptr, {});
		unmap(qmaps_[index]);
	}
	void unmap_bman_portal(unsigned index) noexcept override { unmap(bmaps_[index]); }

	int set_qman_portal_irq(unsigned index, IrqFn fn) noexcept override
	{
		if (index >= kMaxPortals || (fn.fn != nullptr && qmaps_[index].cinh == nullptr))
			return -EINVAL;
		return irqs_.bind(index, kernel_.fd(), qmaps_[index].cinh, fn);
	}

	hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept override
	{
		if (fman >= tree_.soc.num_fmans)
			return nullptr;
		const FmanInfo &f = tree_.soc.fmans[fman];
		return map_ccsr(fman_win_[fman], f.ccsr_phys, f.ccsr_size);
	}

	// The timer's own node and 4 KiB block, mapped like the other CCSR
	// blocks: the kernel's ptp_qoriq driver set it running at boot.
	hw::RegisterWindow *fman_timer(unsigned fman) noexcept override
	{
		if (fman >= tree_.soc.num_fmans || tree_.soc.fmans[fman].timer_size == 0)
			return nullptr;
		const FmanInfo &f = tree_.soc.fmans[fman];
		return map_ccsr(timer_win_[fman], f.timer_phys, f.timer_size);
	}

	hw::RegisterWindow *bman_ccsr() noexcept override
	{
		if (tree_.bman_ccsr_size == 0)
			return nullptr;
		return map_ccsr(bman_win_, tree_.bman_ccsr_phys, tree_.bman_ccsr_size);
	}

	// Physical addresses. The USDPAA kernel driver has no way to map a
	// process's memory into an SMMU context for the FMan, QMan and BMan:
	// on the LS104x boards USDPAA runs on, their transactions reach memory
	// untranslated (no SMMU stream for them, or the SMMU in bypass,
	// arm-smmu.disable_bypass=0 / iommu.passthrough=1), so a frame
	// descriptor must carry the buffer's physical address. With the SMMU
	// translating for them, no IOVA DPDK could pick would be right, and
	// EAL's VA mode (what it picks when an IOMMU is present and the bus
	// does not say) would hand the FMan virtual addresses.
	IovaNeed iova_need() const noexcept override { return IovaNeed::physical; }

	bool assigns_bus_addresses() const noexcept override { return false; }

	int dma_map(uintptr_t va, size_t len, uint64_t iova) noexcept override
	{
		if (iova == kNoIova)
			return -EINVAL; // DPDK must run IOVA-as-PA on a board
		if (rte_dpaa_windows.covers(va, len))
			return 0;
		return rte_dpaa_windows.add(va, iova, len);
	}

	int alloc_ids(IdKind kind, uint32_t count, uint32_t align, uint32_t &base) noexcept override
	{
		return kernel_.alloc_ids(id_type(kind), count, align, base);
	}

	void free_ids(IdKind kind, uint32_t base, uint32_t count) noexcept override
	{
		kernel_.release_ids(id_type(kind), base, count);
	}

	int link_state(unsigned mac, LinkState &out) noexcept override
	{
		if (mac >= tree_.soc.num_macs)
			return -EINVAL;
		usdpaa::Link l{};
		int ret = kernel_.link_status(tree_.soc.macs[mac].if_name, l);
		if (ret < 0)
			return ret;
		out = LinkState{l.up, l.speed_mbps, l.full_duplex, l.autoneg};
		return 0;
	}

	int set_link_admin(unsigned mac, bool up) noexcept override
	{
		if (mac >= tree_.soc.num_macs)
			return -EINVAL;
		return kernel_.update_link_status(tree_.soc.macs[mac].if_name, up);
	}

	// The kernel's PHY driver owns the speed: it forces or renegotiates
	// the PHY, and programs the MAC for what the link settles at.
	int set_link_mode(unsigned mac, const LinkMode &mode) noexcept override
	{
		if (mac >= tree_.soc.num_macs)
			return -EINVAL;
		const char *name = tree_.soc.macs[mac].if_name;
		if (mode.autoneg)
			return kernel_.restart_autoneg(name);
		return kernel_.update_link_speed(name, mode.speed_mbps, mode.full_duplex);
	}

	int set_link_event_fd(unsigned mac, int efd) noexcept override
	{
		if (mac >= tree_.soc.num_macs)
			return -EINVAL;
		return kernel_.link_interrupt(tree_.soc.macs[mac].if_name, efd);
	}

private:
	void unmap(usdpaa::PortalAddr &a) noexcept
	{
		if (a.cinh == nullptr)
			return;
		kernel_.unmap_portal(a);
		a = usdpaa::PortalAddr{};
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
	usdpaa::Device kernel_;
	int memfd_ = -1;
	usdpaa::PortalAddr qmaps_[kMaxPortals]{};
	usdpaa::PortalAddr bmaps_[kMaxPortals]{};
	MmioWindow fman_win_[kMaxFmans];
	MmioWindow timer_win_[kMaxFmans];
	MmioWindow bman_win_;
	IrqThread irqs_;
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
