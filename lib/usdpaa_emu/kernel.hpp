/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The USDPAA kernel, emulated over the modelled SoC: what /dev/fsl-usdpaa,
// /dev/fsl-usdpaa-irq, /dev/mem, /proc/device-tree and two sysfs files give
// a DPAA user-space driver on a board, answered from lib/dpaa_model.
//
// Started from DPAA_KERNEL_MODEL (the DPAA_MODEL syntax: board, wires, mode,
// cpu, throttle, profile). At start it leaves the hardware as the kernel's USDPAA
// "init" driver leaves it at boot: each MAC's Rx and Tx BMI ports enabled,
// with their default, error and confirmation FQIDs from the device tree, and
// the MAC's address in MAC_ADDR0.
//
// Bus addresses: a USDPAA driver puts physical addresses in its frame
// descriptors. The process has none to give (x86 Linux shows no physical
// addresses to an unprivileged process, and the model cannot reach physical
// memory anyway), so the application runs with IOVA as VA (EAL
// --iova-mode=va) and the model's bus memory is the identity over the
// process's address space.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <sys/types.h>

#include "dpaa_model/system.hpp"
#include "dpaa_model/hardware_ids.hpp"
#include "usdpaa_emu/abi.hpp"
#include "usdpaa_emu/device_tree.hpp"
#include "usdpaa_emu/portal_view.hpp"

namespace dpaa::usdpaa
{

class Kernel
{
public:
	// nullptr and error (naming the bad item of DPAA_KERNEL_MODEL) on failure.
	static std::unique_ptr<Kernel> create(const char *config, std::string &error);
	~Kernel();

	// Where /proc/device-tree is (a folder this process made).
	const std::string &dt_root() const { return dt_root_; }
	const std::string &soc_id_file() const { return soc_id_file_; }

	// The device files: 0 or negative errno.
	int usdpaa_ioctl(int fd, unsigned long req, void *arg);
	int irq_ioctl(int fd, unsigned long req, void *arg);
	void irq_closed(int fd);
	// An mmap of /dev/mem at 'phys'; MAP_FAILED with errno set if the board
	// has nothing there.
	void *map_phys(size_t len, uint64_t phys);

	// One line per wire and one with the model's misuse counters.
	void report();
	// Stops the model's thread and removes the device-tree folder.
	void shutdown();

private:
	Kernel() = default;
	struct IdentityMemory final : model::BusMemory {
		void *to_host(uint64_t bus, size_t) noexcept override
		{
			return reinterpret_cast<void *>(static_cast<uintptr_t>(bus));
		}
	};
	struct IrqBinding {
		int fd = -1;
		Kernel *kernel = nullptr;
	};

	int portal_map(PortalMap &m);
	int portal_unmap(const PortalUnmap &m);
	const DpaInterface *interface(const char *if_name) const;
	bool link_up(const DpaInterface &i) const;
	struct PhyLink {
		bool up = false;
		uint32_t speed_mbps = 0;
		bool full_duplex = false;
		bool autoneg = false;
	};
	PhyLink phy_link(const DpaInterface &i) const;
	int set_phy(const DpaInterface &i, uint32_t speed_mbps, bool full_duplex, bool autoneg);
	void boot_state();
	void report_port(const DpaInterface &i);
	void signal_link(size_t interface);
	static void raise_irq(void *arg, uint32_t isr);

	std::mutex lock_;
	IdentityMemory mem_;
	std::unique_ptr<model::System> sys_;
	DeviceTree dt_;
	std::string dt_root_, soc_id_file_, tmp_dir_;
	// The IDs the device tree gives user space (dt_.ranges), one allocator
	// per kind as the kernel's.
	emu::IdPools ids_ = model::make_id_pools(model::usdpaa_id_ranges());
	// A mapped portal: the views the driver got of it (see portal_view.hpp)
	// and their addresses, by which the driver names the portal later.
	struct Mapped {
		std::unique_ptr<CiView> ci;
		std::unique_ptr<CeLineView> ce;
		void *cinh = nullptr;
		void *cena = nullptr;
	};
	// One of 'qman' and 'bman' is set: the portal the views belong to.
	bool map_views(Mapped &m, void *ce, void *ci, uint32_t isr, model::QmanSwPortal *qman,
		       model::BmanSwPortal *bman);
	static void unmap_views(Mapped &m);
	std::array<Mapped, 16> qportal_{}, bportal_{};
	std::array<IrqBinding, 16> irq_{};
	std::array<bool, 32> admin_down_{}; // UPDATE_LINK_STATUS down, per interface
	std::array<int, 32> link_efd_{};
};

} // namespace dpaa::usdpaa
