/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The Linux VFIO fsl-mc kernel interface, emulated over the modelled DPAA2
// SoC (lib/dpaa2_model): what DPDK's fslmc bus and EAL's VFIO code reach
// through /dev/vfio, the sysfs of the fsl-mc bus and the device fds, answered
// as vfio (container and group), vfio_iommu_type1 and vfio-fsl-mc answer
// on a board where NXP's dynamic_dpl.sh built DPDK's container dprc.2 and
// bound it to vfio-fsl-mc.
//
// Started from DPAA2_KERNEL_MODEL (H2's configuration: board, wires,
// mode, cpu). The model's bus memory is the IOMMU table the container's
// VFIO_IOMMU_MAP_DMA calls build (iommu.hpp).
//
// The model starts when /dev/vfio is first opened: a process that only
// scans sysfs and is then handed the primary's descriptors (a DPDK
// secondary, process_link.hpp) runs none and reaches the primary's.
//
// The kinds of descriptor: a container (/dev/vfio/vfio, any number), the
// group (/dev/vfio/<group>, one open at a time), a device (from
// VFIO_GROUP_GET_DEVICE_FD, any number per object). Ioctl numbers repeat
// across kinds: each is answered by its kind. Every refusal is the errno
// the kernel gives for it, counted, and logged once per kind.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

#include "dpaa2_model/system.hpp"
#include "emu_common/path_redirect.hpp"
#include "fslmc_emu/iommu.hpp"
#include "fslmc_emu/portal_windows.hpp"
#include "fslmc_emu/process_link.hpp"

namespace dpaa2::emu
{

// What the emulation refused, by kind (the report at exit).
enum class Refusal : unsigned {
	unknown_ioctl,	// ENOTTY: no such ioctl on that kind of fd
	bad_ioctl,	// EINVAL/EFAULT/EBADF: an ioctl's argument
	group_busy,	// EBUSY: the group opened twice
	no_device,	// ENODEV: a device name not in the group
	bad_mmap,	// EINVAL: no such region, not mmapable, too large
	bad_read_write, // EINVAL: read()/write() not a 64-byte command
	kCount
};

class Kernel final : public LinkServer
{
public:
	// The IOMMU group the container dprc.2 is in.
	static constexpr unsigned kGroup = 3;

	// nullptr and error on failure (a bad DPAA2_KERNEL_MODEL item).
	static std::unique_ptr<Kernel> create(const char *config, std::string &error);
	~Kernel();

	// Where the real paths of the generated sysfs (and /proc/irq) lead.
	const dpaa::emu::PathRedirect &paths() const { return paths_; }
	// /proc/interrupts as the kernel shows it now: a line per irq a
	// device's SET_IRQS gave an eventfd ("vfio-irq[<virq>](dpio.1)", the
	// name vfio-fsl-mc requests it with). The path of a file written now.
	std::string proc_interrupts();
	// Where /proc/irq/<virq>/ are: the folder of each such irq, with its
	// smp_affinity, which upstream's DPIO setup writes from a shell.
	std::string proc_irq_dir() const { return tmp_dir_ + "/proc/irq"; }

	// The kinds of fd the interposer records (emu_common/fd_table.hpp).
	enum class Kind : uint8_t { none, container, group, device };
	static constexpr int kMaxFds = 4096;
	// An open of /dev/vfio/...: a new fd of `kind`, or -1 with errno set.
	// VFIO_GROUP_GET_DEVICE_FD's answer is a new fd of kind device.
	int open_vfio(const char *path, Kind &kind);
	// The fd is going away (the interposer closes it).
	void closed(int fd, Kind kind);
	// A descriptor another process's kernel handed out (`name` is what
	// /proc/self/fd says of it), received with SCM_RIGHTS: true and its
	// kind if it is one this process can use (the first makes this
	// process a client of that kernel).
	bool adopt(int fd, const char *name, Kind &kind);
	// A second process's request (process_link.hpp).
	void serve(const LinkRequest &req, LinkAnswer &ans, int &fd_out) noexcept override;

	// 0 or positive on success, negative errno.
	int container_ioctl(int fd, unsigned long req, void *arg);
	int group_ioctl(int fd, unsigned long req, void *arg);
	int device_ioctl(int fd, unsigned long req, void *arg);
	// A region mmap of a device fd; MAP_FAILED with errno set on refusal.
	void *device_mmap(int fd, void *addr, size_t len, int prot, int flags, off_t off);
	// read()/write() of a device's region at `off`: bytes or negative errno.
	ssize_t device_read(int fd, void *buf, size_t n, off_t off);
	ssize_t device_write(int fd, const void *buf, size_t n, off_t off);

	// One line per wire, the model's misuse, the emulation's refusals.
	void report();
	// Stops the model's thread and removes the sysfs folder.
	void shutdown();

	model::System &system() { return *sys_; }
	uint64_t refusals(Refusal r) const { return refused_[unsigned(r)]; }

private:
	Kernel() = default;

	struct Container {
		bool iommu = false; // VFIO_SET_IOMMU done: the table is this one's
		bool has_group = false;
	};
	struct Device {
		model::Mc::Object obj;
	};
	struct Group {
		int fd = -1; // the open fd, -1 when closed
		// The container it is set to; it outlives its fds while the
		// group is in it, as the kernel's does.
		std::shared_ptr<Container> container;
		unsigned devices = 0; // device fds open
	};

	int refuse(Refusal r, int err, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
	int start_model();
	int new_named_fd(const char *kind);
	int get_device_fd(const char *name);
	void detach_group();
	int set_irqs(Device &d, void *arg);
	McPortalWindow &mc_portal(bool dprc, unsigned id);
	CinhWindow &cinh(unsigned dpio_id);
	CenaWindow &cena(unsigned dpio_id);
	const model::Mc::Object *find_object(const std::string &name) const;

	std::mutex lock_; // the fd state below; taken before the System lock
	IommuTable iommu_;
	model::ModelConfig config_;
	// The SoC's shape (objects, no wires) until the model starts.
	std::unique_ptr<model::System> sys_;
	bool model_started_ = false;
	LinkListener listener_;		     // the primary's, once the model runs
	std::unique_ptr<LinkClient> client_; // a second process's: its primary
	std::string tmp_dir_;
	dpaa::emu::PathRedirect paths_;
	std::vector<model::Mc::Object> objects_; // dprc.2 and what it holds
	std::map<int, std::shared_ptr<Container>> containers_;
	std::map<int, Device> devices_;
	Group group_;
	std::map<unsigned, std::unique_ptr<McPortalWindow>> mcp_windows_, dprc_windows_;
	std::map<unsigned, std::unique_ptr<CinhWindow>> cinh_windows_;
	std::map<unsigned, std::unique_ptr<CenaWindow>> cena_windows_;
	// The eventfds the MC raises, by (object name, irq index): a duplicate
	// of the application's, held as the kernel holds the eventfd's context.
	std::map<std::pair<std::string, unsigned>, int> irq_fds_;
	// The Linux irq number each (object, index) got at its first request,
	// as the MSI domain hands them out.
	std::map<std::pair<std::string, unsigned>, unsigned> virqs_;
	unsigned next_virq_ = 120;
	std::array<uint64_t, unsigned(Refusal::kCount)> refused_{};
};

} // namespace dpaa2::emu
