/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fslmc_emu/kernel.hpp"

#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <linux/vfio.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dpaa2_model/swp.hpp"
#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"
#include "emu_common/scratch_dir.hpp"
#include "fslmc_emu/sysfs.hpp"

namespace dpaa2::emu
{

namespace libc = dpaa::emu::libc;
using dpaa::emu::log;

namespace
{

constexpr const char kFolderPrefix[] = "fslmc-emu.";
constexpr const char kVfioDir[] = "/dev/vfio/";
// vfio-fsl-mc's region offsets: the region index in bits 63:40
// (VFIO_FSL_MC_INDEX_TO_OFFSET), the offset inside it below.
constexpr unsigned kRegionShift = 40;
constexpr uint64_t kRegionMask = (uint64_t(1) << kRegionShift) - 1;
constexpr size_t kPage = 4096;
// type1's IOMMU page sizes on an arm64 SMMU with 4 KiB pages.
constexpr uint64_t kIovaPageSizes = 0x40201000; // 4 KiB, 2 MiB, 1 GiB

const char *const kRefusalNames[] = {"unknown_ioctl", "bad_ioctl", "group_busy",
				     "no_device",     "bad_mmap",  "bad_read_write"};
static_assert(std::size(kRefusalNames) == unsigned(Refusal::kCount));

std::string object_name(const model::Mc::Object &o)
{
	return o.type + "." + std::to_string(o.id);
}

// The descriptor is an eventfd (the kernel takes its context; anything else
// is EINVAL, a closed one EBADF).
int check_eventfd(int fd)
{
	if (fcntl(fd, F_GETFD) < 0)
		return -EBADF;
	char link[64], target[64];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	const ssize_t n = libc::readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return 0; // no procfs: take it on trust
	target[n] = '\0';
	return strcmp(target, "anon_inode:[eventfd]") == 0 ? 0 : -EINVAL;
}

// Model log lines (the MC's misuse) in the emulation's log.
void model_log(void *, const char *line)
{
	log("mc: %s", line);
}

} // namespace

std::unique_ptr<Kernel> Kernel::create(const char *config, std::string &error)
{
	std::unique_ptr<Kernel> k(new Kernel());
	if (!model::parse_config(config, k->config_, error))
		return nullptr;
	// Until /dev/vfio is opened the SoC is only its shape, for sysfs: the
	// same objects, no wires. A second process never opens it, and so
	// never opens the wires' files and TAPs, which are the primary's.
	model::ModelConfig shape = k->config_;
	for (auto &w : shape.dpmacs)
		w.wire = dpaa::model::wirespec::None{};
	k->sys_ = model::System::create(std::move(shape), k->iommu_, error);
	if (!k->sys_)
		return nullptr;
	model::Mc &mc = k->sys_->mc();
	k->objects_ = mc.container_objects(mc.dpdk_container());
	const std::vector<model::Mc::Object> root = mc.container_objects(model::Mc::kRootContainer);

	k->tmp_dir_ = dpaa::emu::make_scratch_dir(kFolderPrefix, error);
	if (k->tmp_dir_.empty()) {
		error = std::string(model::kConfigVariable) + ": the sysfs folder: " + error;
		return nullptr;
	}
	const std::string sys = k->tmp_dir_ + "/sys";
	if (write_sysfs(sys, root, k->objects_, kGroup, error) < 0) {
		error = std::string(model::kConfigVariable) + ": writing sysfs: " + error;
		return nullptr;
	}
	for (const char *f : kSysfsFolders)
		k->paths_.add_folder(f, sys + (f + strlen("/sys")));
	std::error_code ec;
	std::filesystem::create_directories(k->proc_irq_dir(), ec);
	k->paths_.add_folder(kProcIrq, k->proc_irq_dir());

	const int ret = dpaa::emu::mmio_trap_install();
	if (ret < 0) {
		error = std::string(model::kConfigVariable) +
			": starting the model: " + strerror(-ret);
		return nullptr;
	}
	return k;
}

// The first open of /dev/vfio: this process is the one whose kernel the
// others reach (process_link.hpp).
int Kernel::start_model()
{
	if (model_started_)
		return 0;
	std::string error;
	std::unique_ptr<model::System> sys = model::System::create(config_, iommu_, error);
	if (!sys) {
		log("%s", error.c_str());
		return -ENODEV;
	}
	sys->mc().set_log(model_log, nullptr);
	sys_ = std::move(sys);
	const int ret = sys_->start();
	if (ret < 0) {
		log("starting the model: %s", strerror(-ret));
		return ret;
	}
	model_started_ = true;
	const int l = listener_.start(tmp_dir_ + "/link", *this);
	if (l < 0)
		log("no socket for second processes: %s", strerror(-l));
	return 0;
}

Kernel::~Kernel()
{
	shutdown();
}

void Kernel::shutdown()
{
	listener_.stop();
	if (sys_ && model_started_)
		sys_->stop();
	dpaa::emu::remove_scratch_dir(tmp_dir_);
}

int Kernel::refuse(Refusal r, int err, const char *fmt, ...)
{
	if (refused_[unsigned(r)]++ == 0) {
		char line[512];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(line, sizeof(line), fmt, ap);
		va_end(ap);
		log("%s (%s)", line, strerror(err));
	}
	return -err;
}

void Kernel::report()
{
	if (client_) {
		log(
			"a second process of the primary's kernel: %llu MC commands, trapped "
			"accesses %llu",
			(unsigned long long)[this] {
				uint64_t n = 0;
				for (const auto &[id, w] : mcp_windows_)
					n += w->commands();
				return n;
			}(),
			(unsigned long long)dpaa::emu::mmio_trap_count());
		return;
	}
	for (const std::string &l : sys_->wire_summary())
		log("%s", l.c_str());
	const model::Mc &mc = sys_->mc();
	log("model misuse: %llu (mc %llu, qbman %llu); MC commands %llu, unsupported %llu",
	    (unsigned long long)sys_->misuse_count(), (unsigned long long)mc.misuse_count(),
	    (unsigned long long)sys_->qbman().misuse_count(), (unsigned long long)mc.commands(),
	    (unsigned long long)mc.unsupported_count());
	std::string refusals;
	uint64_t total = 0;
	for (unsigned i = 0; i < unsigned(Refusal::kCount); i++) {
		total += refused_[i];
		refusals += std::string(i ? ", " : "") + kRefusalNames[i] + " " +
			    std::to_string(refused_[i]);
	}
	log("refused: %llu (%s, unmapped_iova %llu); trapped accesses %llu, IOMMU: %llu "
	    "MAP_DMA, %zu ranges",
	    (unsigned long long)total, refusals.c_str(), (unsigned long long)iommu_.refused(),
	    (unsigned long long)dpaa::emu::mmio_trap_count(),
	    (unsigned long long)iommu_.map_calls(), iommu_.ranges());
}

// ---- /dev/vfio

namespace
{

// A new descriptor number of the emulation's: an eventfd owns it.
int new_fd()
{
	const int fd = eventfd(0, EFD_CLOEXEC);
	if (fd >= Kernel::kMaxFds) {
		libc::close(fd);
		errno = EMFILE;
		return -1;
	}
	return fd;
}

} // namespace

// A container's or group's descriptor: a memory file whose name another
// process that is handed it recognises (process_link.hpp).
int Kernel::new_named_fd(const char *kind)
{
	const std::string name = std::string(kLinkFdPrefix) + kind + ":" + listener_.path();
	const int fd = memfd_create(name.c_str(), MFD_CLOEXEC);
	if (fd >= Kernel::kMaxFds) {
		libc::close(fd);
		errno = EMFILE;
		return -1;
	}
	return fd;
}

int Kernel::open_vfio(const char *path, Kind &kind)
{
	const char *name = path + strlen(kVfioDir);
	std::lock_guard<std::mutex> g(lock_);
	if (!client_) {
		const int r = start_model();
		if (r < 0) {
			errno = -r;
			return -1;
		}
	}
	if (strcmp(name, "vfio") == 0) {
		const int fd = client_ ? new_fd() : new_named_fd("container");
		if (fd >= 0)
			containers_[fd] = std::make_shared<Container>();
		kind = Kind::container;
		return fd;
	}
	if (name == std::to_string(kGroup)) {
		// vfio_group_fops_open: one open file per group.
		if (group_.fd >= 0 || client_) {
			errno = -refuse(Refusal::group_busy, EBUSY,
					"/dev/vfio/%u opened while it is open", kGroup);
			return -1;
		}
		group_.fd = new_named_fd("group");
		kind = Kind::group;
		return group_.fd;
	}
	errno = ENOENT; // no such group (noiommu-N included: a real IOMMU)
	return -1;
}

void Kernel::closed(int fd, Kind kind)
{
	std::lock_guard<std::mutex> g(lock_);
	switch (kind) {
	case Kind::container:
		containers_.erase(fd);
		break;
	case Kind::group:
		if (group_.fd == fd) {
			group_.fd = -1;
			if (group_.devices == 0)
				detach_group();
		}
		break;
	case Kind::device:
		if (devices_.erase(fd) && group_.devices > 0 && --group_.devices == 0 &&
		    group_.fd < 0)
			detach_group();
		break;
	default:
		break;
	}
}

// The group leaves its container: the container's IOMMU goes with its
// last group (type1 drops the mappings).
void Kernel::detach_group()
{
	if (!group_.container)
		return;
	group_.container->has_group = false;
	group_.container->iommu = false;
	group_.container.reset();
	sys_->lock();
	iommu_.unmap(0, UINT64_MAX);
	sys_->unlock();
}

int Kernel::container_ioctl(int fd, unsigned long req, void *arg)
{
	std::lock_guard<std::mutex> g(lock_);
	auto cit = containers_.find(fd);
	if (cit == containers_.end())
		return -EBADF;
	Container &c = *cit->second;
	const uintptr_t value = reinterpret_cast<uintptr_t>(arg);
	switch (req) {
	case VFIO_GET_API_VERSION:
		return VFIO_API_VERSION;
	case VFIO_CHECK_EXTENSION:
		// vfio_iommu_type1 is the IOMMU driver registered; no-IOMMU
		// mode is off (and SPAPR is another architecture's).
		switch (value) {
		case VFIO_TYPE1_IOMMU:
		case VFIO_TYPE1v2_IOMMU:
		case VFIO_UNMAP_ALL:
		case VFIO_UPDATE_VADDR:
			return 1;
		default:
			return 0;
		}
	case VFIO_SET_IOMMU:
		if (!c.has_group || c.iommu)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_SET_IOMMU on a container %s",
				      c.iommu ? "whose IOMMU is set" : "with no group");
		if (value != VFIO_TYPE1_IOMMU && value != VFIO_TYPE1v2_IOMMU)
			return refuse(Refusal::bad_ioctl, ENODEV,
				      "VFIO_SET_IOMMU type %lu: only type1 is there",
				      (unsigned long)value);
		c.iommu = true;
		return 0;
	default:
		break;
	}
	if (!c.iommu) // the container passes the rest to its IOMMU driver
		return refuse(Refusal::bad_ioctl, EINVAL,
			      "container ioctl 0x%lx before VFIO_SET_IOMMU", req);
	switch (req) {
	case VFIO_IOMMU_GET_INFO: {
		auto *info = static_cast<vfio_iommu_type1_info *>(arg);
		if (info == nullptr)
			return -EFAULT;
		if (info->argsz < offsetof(vfio_iommu_type1_info, iova_pgsizes) + 8)
			return refuse(Refusal::bad_ioctl, EINVAL, "VFIO_IOMMU_GET_INFO argsz %u",
				      info->argsz);
		info->flags = VFIO_IOMMU_INFO_PGSIZES;
		info->iova_pgsizes = kIovaPageSizes;
		if (info->argsz >= sizeof(*info))
			info->cap_offset = 0;
		return 0;
	}
	case VFIO_IOMMU_MAP_DMA: {
		auto *map = static_cast<vfio_iommu_type1_dma_map *>(arg);
		if (map == nullptr)
			return -EFAULT;
		const uint32_t known = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
		if (map->argsz < sizeof(*map) || (map->flags & ~known) != 0 ||
		    (map->flags & known) == 0 || map->size == 0 ||
		    ((map->size | map->iova | map->vaddr) & (kPage - 1)) != 0 ||
		    map->iova + map->size - 1 < map->iova ||
		    map->vaddr + map->size - 1 < map->vaddr)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_IOMMU_MAP_DMA of iova 0x%llx vaddr 0x%llx size 0x%llx "
				      "flags 0x%x: not page-aligned, empty or no access",
				      (unsigned long long)map->iova, (unsigned long long)map->vaddr,
				      (unsigned long long)map->size, map->flags);
		// type1 pins the pages: an address the process has not mapped
		// is EFAULT.
		if (msync(reinterpret_cast<void *>(static_cast<uintptr_t>(map->vaddr)), map->size,
			  MS_ASYNC) != 0 &&
		    errno == ENOMEM)
			return refuse(Refusal::bad_ioctl, EFAULT,
				      "VFIO_IOMMU_MAP_DMA of vaddr 0x%llx size 0x%llx: not the "
				      "process's memory",
				      (unsigned long long)map->vaddr,
				      (unsigned long long)map->size);
		sys_->lock();
		const int r = iommu_.map(map->iova, map->vaddr, map->size);
		sys_->unlock();
		if (r < 0)
			return refuse(Refusal::bad_ioctl, -r,
				      "VFIO_IOMMU_MAP_DMA of iova 0x%llx size 0x%llx overlaps a "
				      "mapping",
				      (unsigned long long)map->iova, (unsigned long long)map->size);
		return 0;
	}
	case VFIO_IOMMU_UNMAP_DMA: {
		auto *unmap = static_cast<vfio_iommu_type1_dma_unmap *>(arg);
		if (unmap == nullptr)
			return -EFAULT;
		if (unmap->argsz < offsetof(vfio_iommu_type1_dma_unmap, size) + 8 ||
		    ((unmap->iova | unmap->size) & (kPage - 1)) != 0 ||
		    (unmap->flags & ~uint32_t(VFIO_DMA_UNMAP_FLAG_ALL)) != 0)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_IOMMU_UNMAP_DMA of iova 0x%llx size 0x%llx flags 0x%x",
				      (unsigned long long)unmap->iova,
				      (unsigned long long)unmap->size, unmap->flags);
		const bool all = unmap->flags & VFIO_DMA_UNMAP_FLAG_ALL;
		sys_->lock();
		unmap->size =
			all ? iommu_.unmap(0, UINT64_MAX) : iommu_.unmap(unmap->iova, unmap->size);
		sys_->unlock();
		return 0;
	}
	default:
		return refuse(Refusal::unknown_ioctl, ENOTTY, "container ioctl 0x%lx", req);
	}
}

int Kernel::group_ioctl(int fd, unsigned long req, void *arg)
{
	std::lock_guard<std::mutex> g(lock_);
	if (fd != group_.fd)
		return -EBADF;
	switch (req) {
	case VFIO_GROUP_GET_STATUS: {
		auto *st = static_cast<vfio_group_status *>(arg);
		if (st == nullptr)
			return -EFAULT;
		if (st->argsz < sizeof(*st))
			return refuse(Refusal::bad_ioctl, EINVAL, "VFIO_GROUP_GET_STATUS argsz %u",
				      st->argsz);
		st->flags = VFIO_GROUP_FLAGS_VIABLE |
			    (group_.container ? VFIO_GROUP_FLAGS_CONTAINER_SET : 0);
		return 0;
	}
	case VFIO_GROUP_SET_CONTAINER: {
		const int *cfd = static_cast<const int *>(arg);
		if (cfd == nullptr)
			return -EFAULT;
		// fslmc asks with fd 0 first, to learn whether a container
		// is there: stdin is no container.
		if (group_.container)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_GROUP_SET_CONTAINER on a group that has one");
		if (fcntl(*cfd, F_GETFD) < 0)
			return refuse(Refusal::bad_ioctl, EBADF,
				      "VFIO_GROUP_SET_CONTAINER with fd %d, which is not open",
				      *cfd);
		auto it = containers_.find(*cfd);
		if (it == containers_.end())
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_GROUP_SET_CONTAINER with fd %d, which is no VFIO "
				      "container",
				      *cfd);
		it->second->has_group = true;
		group_.container = it->second;
		return 0;
	}
	case VFIO_GROUP_UNSET_CONTAINER:
		if (!group_.container)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_GROUP_UNSET_CONTAINER on a group with none");
		if (group_.devices > 0)
			return refuse(Refusal::bad_ioctl, EBUSY,
				      "VFIO_GROUP_UNSET_CONTAINER while device fds are open");
		detach_group();
		return 0;
	case VFIO_GROUP_GET_DEVICE_FD: {
		const char *name = static_cast<const char *>(arg);
		if (name == nullptr)
			return -EFAULT;
		if (!group_.container || !group_.container->iommu)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_GROUP_GET_DEVICE_FD(%s) before the group's container "
				      "has an IOMMU",
				      name);
		const model::Mc::Object *o = find_object(name);
		if (o == nullptr)
			return refuse(Refusal::no_device, ENODEV,
				      "VFIO_GROUP_GET_DEVICE_FD(%s): no such device in group %u",
				      name, kGroup);
		const int dfd = new_fd();
		if (dfd < 0)
			return -errno;
		devices_[dfd] = Device{*o};
		group_.devices++;
		return dfd;
	}
	default:
		return refuse(Refusal::unknown_ioctl, ENOTTY, "group ioctl 0x%lx", req);
	}
}

const model::Mc::Object *Kernel::find_object(const std::string &name) const
{
	for (const model::Mc::Object &o : objects_)
		if (object_name(o) == name)
			return &o;
	return nullptr;
}

int Kernel::device_ioctl(int fd, unsigned long req, void *arg)
{
	std::lock_guard<std::mutex> g(lock_);
	auto it = devices_.find(fd);
	if (it == devices_.end())
		return -EBADF;
	Device &d = it->second;
	switch (req) {
	case VFIO_DEVICE_GET_INFO: {
		auto *info = static_cast<vfio_device_info *>(arg);
		if (info == nullptr)
			return -EFAULT;
		if (info->argsz < offsetof(vfio_device_info, num_irqs) + 4)
			return refuse(Refusal::bad_ioctl, EINVAL, "VFIO_DEVICE_GET_INFO argsz %u",
				      info->argsz);
		info->flags = VFIO_DEVICE_FLAGS_FSL_MC |
			      (d.obj.type == "dprc" ? VFIO_DEVICE_FLAGS_RESET : 0);
		info->num_regions = unsigned(d.obj.regions.size());
		info->num_irqs = d.obj.num_irqs;
		return 0;
	}
	case VFIO_DEVICE_GET_REGION_INFO: {
		auto *info = static_cast<vfio_region_info *>(arg);
		if (info == nullptr)
			return -EFAULT;
		if (info->argsz < offsetof(vfio_region_info, offset) + 8 ||
		    info->index >= d.obj.regions.size())
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_DEVICE_GET_REGION_INFO index %u of %s (%zu regions)",
				      info->index, object_name(d.obj).c_str(),
				      d.obj.regions.size());
		const model::Mc::Region &r = d.obj.regions[info->index];
		// vfio-fsl-mc: read always, write (no region is read-only
		// here), mmap unless it is a container's or not whole pages.
		info->flags = VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE;
		if (d.obj.type != "dprc" && r.size % kPage == 0)
			info->flags |= VFIO_REGION_INFO_FLAG_MMAP;
		info->offset = uint64_t(info->index) << kRegionShift;
		info->size = r.size;
		return 0;
	}
	case VFIO_DEVICE_GET_IRQ_INFO: {
		auto *info = static_cast<vfio_irq_info *>(arg);
		if (info == nullptr)
			return -EFAULT;
		if (info->argsz < sizeof(*info) || info->index >= d.obj.num_irqs)
			return refuse(Refusal::bad_ioctl, EINVAL,
				      "VFIO_DEVICE_GET_IRQ_INFO index %u of %s (%u irqs)",
				      info->index, object_name(d.obj).c_str(), d.obj.num_irqs);
		info->flags = VFIO_IRQ_INFO_EVENTFD;
		info->count = 1;
		return 0;
	}
	case VFIO_DEVICE_SET_IRQS:
		return set_irqs(d, arg);
	case VFIO_DEVICE_RESET:
		// Only a container resets (dprc_reset_container); the model's
		// objects keep their state, as DPDK never asks.
		if (d.obj.type != "dprc")
			return refuse(Refusal::unknown_ioctl, ENOTTY, "VFIO_DEVICE_RESET of %s",
				      object_name(d.obj).c_str());
		return 0;
	default:
		return refuse(Refusal::unknown_ioctl, ENOTTY, "device ioctl 0x%lx on %s", req,
			      object_name(d.obj).c_str());
	}
}

// vfio_set_irqs_validate_and_prepare, then vfio-fsl-mc's trigger action
// (the only action it has).
int Kernel::set_irqs(Device &d, void *arg)
{
	auto *set = static_cast<vfio_irq_set *>(arg);
	if (set == nullptr)
		return -EFAULT;
	const size_t minsz = offsetof(vfio_irq_set, count) + 4;
	const uint32_t types = VFIO_IRQ_SET_DATA_TYPE_MASK | VFIO_IRQ_SET_ACTION_TYPE_MASK;
	const std::string name = object_name(d.obj);
	size_t data_size = 0;
	switch (set->flags & VFIO_IRQ_SET_DATA_TYPE_MASK) {
	case VFIO_IRQ_SET_DATA_NONE:
		break;
	case VFIO_IRQ_SET_DATA_BOOL:
		data_size = 1;
		break;
	case VFIO_IRQ_SET_DATA_EVENTFD:
		data_size = 4;
		break;
	default:
		data_size = SIZE_MAX;
	}
	if (set->argsz < minsz || set->index >= d.obj.num_irqs || (set->flags & ~types) != 0 ||
	    set->count >= UINT32_MAX - set->start || set->start >= d.obj.num_irqs ||
	    set->start + set->count > d.obj.num_irqs || data_size == SIZE_MAX ||
	    (data_size != 0 && set->argsz - minsz < set->count * data_size))
		return refuse(Refusal::bad_ioctl, EINVAL,
			      "VFIO_DEVICE_SET_IRQS on %s: index %u start %u count %u flags 0x%x",
			      name.c_str(), set->index, set->start, set->count, set->flags);
	if (!(set->flags & VFIO_IRQ_SET_ACTION_TRIGGER))
		return refuse(Refusal::bad_ioctl, EINVAL,
			      "VFIO_DEVICE_SET_IRQS on %s: vfio-fsl-mc has only ACTION_TRIGGER",
			      name.c_str());
	const auto key = std::make_pair(name, set->index);
	auto disable = [&] {
		auto it = irq_fds_.find(key);
		if (it == irq_fds_.end())
			return;
		sys_->lock();
		sys_->mc().set_irq_eventfd(d.obj.type, d.obj.id, set->index, -1);
		sys_->unlock();
		libc::close(it->second);
		irq_fds_.erase(it);
	};
	if (set->count == 0 && (set->flags & VFIO_IRQ_SET_DATA_NONE)) {
		disable();
		return 0;
	}
	if (set->start != 0 || set->count != 1)
		return refuse(Refusal::bad_ioctl, EINVAL,
			      "VFIO_DEVICE_SET_IRQS on %s: start %u count %u, not one irq",
			      name.c_str(), set->start, set->count);
	if (client_)
		return refuse(Refusal::bad_ioctl, EOPNOTSUPP,
			      "VFIO_DEVICE_SET_IRQS on %s in a second process: its interrupts "
			      "are the primary's",
			      name.c_str());
	if (set->flags & VFIO_IRQ_SET_DATA_EVENTFD) {
		int32_t efd;
		memcpy(&efd, set->data, sizeof(efd));
		disable();
		if (efd < 0)
			return 0;
		const int r = check_eventfd(efd);
		if (r < 0)
			return refuse(Refusal::bad_ioctl, -r,
				      "VFIO_DEVICE_SET_IRQS on %s with fd %d, not an eventfd",
				      name.c_str(), efd);
		const int held = fcntl(efd, F_DUPFD_CLOEXEC, 0);
		if (held < 0)
			return -errno;
		irq_fds_[key] = held;
		if (!virqs_.count(key)) {
			// A number the host has no irq of: should a shell the
			// application starts lose LD_PRELOAD, its write to
			// /proc/irq/<n>/smp_affinity fails instead of moving a
			// real interrupt (as root).
			while (libc::access(("/proc/irq/" + std::to_string(next_virq_)).c_str(),
					    F_OK) == 0)
				next_virq_++;
			const unsigned virq = next_virq_++;
			virqs_[key] = virq;
			// /proc/irq/<virq>/smp_affinity: all CPUs, as at request.
			const std::string dir = proc_irq_dir() + "/" + std::to_string(virq);
			mkdir(dir.c_str(), 0755);
			const int f = libc::open((dir + "/smp_affinity").c_str(),
						 O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			if (f >= 0) {
				const char all[] = "ffff\n";
				(void)!libc::write(f, all, sizeof(all) - 1);
				libc::close(f);
			}
		}
		sys_->lock();
		sys_->mc().set_irq_eventfd(d.obj.type, d.obj.id, set->index, held);
		sys_->unlock();
		return 0;
	}
	// DATA_NONE / DATA_BOOL with count 1: fire the interrupt by hand.
	const bool fire = (set->flags & VFIO_IRQ_SET_DATA_NONE) || set->data[0] != 0;
	auto it = irq_fds_.find(key);
	if (fire && it != irq_fds_.end()) {
		const uint64_t one = 1;
		if (libc::write(it->second, &one, sizeof(one)) < 0)
			return -errno;
	}
	return 0;
}

std::string Kernel::proc_interrupts()
{
	std::lock_guard<std::mutex> g(lock_);
	std::string text = "     ";
	const long cpus = sysconf(_SC_NPROCESSORS_CONF);
	for (long c = 0; c < cpus; c++) {
		char col[16];
		snprintf(col, sizeof(col), "%11s", ("CPU" + std::to_string(c)).c_str());
		text += col;
	}
	text += "\n";
	for (const auto &[key, virq] : virqs_) {
		if (!irq_fds_.count(key))
			continue; // freed: no longer listed
		char line[128];
		snprintf(line, sizeof(line), "%3u:", virq); // nr_irqs has 3 digits
		text += line;
		for (long c = 0; c < cpus; c++)
			text += "          0";
		snprintf(line, sizeof(line), "  ITS-fMSI %7u Edge      vfio-irq[%u](%s)\n",
			 virq * 8 + key.second, virq, key.first.c_str());
		text += line;
	}
	std::string path = tmp_dir_ + "/proc/interrupts";
	const int f = libc::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);
	if (f >= 0) {
		(void)!libc::write(f, text.data(), text.size());
		libc::close(f);
	}
	return path;
}

McPortalWindow &Kernel::mc_portal(bool dprc, unsigned id)
{
	auto &m = dprc ? dprc_windows_ : mcp_windows_;
	auto &w = m[id];
	if (!w)
		w = std::make_unique<McPortalWindow>(*sys_, dprc, id, client_.get());
	return *w;
}

CinhWindow &Kernel::cinh(unsigned dpio_id)
{
	auto &w = cinh_windows_[dpio_id];
	if (!w)
		w = std::make_unique<CinhWindow>(*sys_, dpio_id, client_.get());
	return *w;
}

CenaWindow &Kernel::cena(unsigned dpio_id)
{
	auto &w = cena_windows_[dpio_id];
	if (!w)
		w = std::make_unique<CenaWindow>(*sys_, dpio_id, client_.get());
	return *w;
}

// vfio_fsl_mc_mmap: shared, whole pages, inside a region that may be
// mapped, with the access the region allows.
void *Kernel::device_mmap(int fd, void *addr, size_t len, int prot, int flags, off_t off)
{
	std::lock_guard<std::mutex> g(lock_);
	auto it = devices_.find(fd);
	if (it == devices_.end()) {
		errno = EBADF;
		return MAP_FAILED;
	}
	const model::Mc::Object &o = it->second.obj;
	const std::string name = object_name(o);
	const uint64_t index = uint64_t(off) >> kRegionShift;
	const uint64_t base = uint64_t(off) & kRegionMask;
	const size_t size = (len + kPage - 1) & ~(kPage - 1);
	auto fail = [&](const char *why) {
		errno = -refuse(Refusal::bad_mmap, EINVAL,
				"mmap of %s at offset 0x%llx (+0x%zx): %s", name.c_str(),
				(unsigned long long)off, len, why);
		return MAP_FAILED;
	};
	if (len == 0 || (base & (kPage - 1)) != 0)
		return fail("not whole pages");
	if (!(flags & MAP_SHARED))
		return fail("not MAP_SHARED");
	if (index >= o.regions.size())
		return fail("no such region");
	const model::Mc::Region &r = o.regions[index];
	if (o.type == "dprc" || r.size % kPage != 0)
		return fail("the region may not be mapped");
	if (r.size < kPage || base + size > r.size)
		return fail("past the region's end");
	// A direct-mode portal's CENA is trapped (portal_windows.hpp); a
	// memory-backed one is the portal's memory.
	const bool cena_region = r.kind == model::Mc::RegionKind::qbman_cena ||
				 r.kind == model::Mc::RegionKind::qbman_cena_memory;
	bool memory = false;
	int mfd = -1;
	if (client_ && o.type == "dpio" && cena_region) {
		// The primary's portal memory, if the portal is memory-backed.
		LinkRequest req{};
		req.op = LinkOp::cena_memory;
		req.id = o.id;
		LinkAnswer ans;
		if (client_->call(req, ans, &mfd) == 0 && mfd >= 0)
			memory = true;
	} else {
		sys_->lock();
		model::SwPortal *swp = o.type == "dpio" ? sys_->mc().dpio_portal(o.id) : nullptr;
		memory = swp != nullptr && swp->memory_backed() && cena_region;
		mfd = swp != nullptr ? swp->cena_fd() : -1;
		sys_->unlock();
	}
	if (flags & MAP_FIXED && !memory)
		return fail("MAP_FIXED on a trapped register page");
	void *p = nullptr;
	switch (r.kind) {
	case model::Mc::RegionKind::mc_portal:
		p = dpaa::emu::mmio_trap_map(size, mc_portal(false, o.id));
		break;
	case model::Mc::RegionKind::qbman_cinh:
		p = dpaa::emu::mmio_trap_map(size, cinh(o.id));
		break;
	case model::Mc::RegionKind::qbman_cena:
	case model::Mc::RegionKind::qbman_cena_memory:
		if (!memory) {
			p = dpaa::emu::mmio_trap_map(size, cena(o.id));
			break;
		}
		// The portal's cache-enabled area is plain memory the model
		// reads and writes: the process maps the same pages (its memory
		// file), so the mapping outlives the device fd as a real one
		// would, and munmap() is the C library's.
		if (mfd < 0)
			return fail("the DPIO has no portal memory");
		void *m = libc::mmap(addr, size, prot, flags, mfd, off_t(base));
		if (client_)
			libc::close(mfd); // the primary's, received for this map
		return m;
	}
	if (p == nullptr) {
		log("mmap of %s region %llu: no trap window left: %s", name.c_str(),
		    (unsigned long long)index, strerror(errno));
		return MAP_FAILED;
	}
	return p;
}

// vfio_fsl_mc_read/write: 64 bytes at the start of a region, which is an
// MC portal for the DPRC and the DPMCP.
ssize_t Kernel::device_read(int fd, void *buf, size_t n, off_t off)
{
	std::lock_guard<std::mutex> g(lock_);
	auto it = devices_.find(fd);
	if (it == devices_.end())
		return -EBADF;
	const model::Mc::Object &o = it->second.obj;
	const uint64_t index = uint64_t(off) >> kRegionShift;
	if (index >= o.regions.size() || n != 64 || (uint64_t(off) & kRegionMask) != 0 ||
	    o.regions[index].kind != model::Mc::RegionKind::mc_portal)
		return refuse(Refusal::bad_read_write, EINVAL,
			      "read of %zu bytes at 0x%llx of %s: not an MC command", n,
			      (unsigned long long)off, object_name(o).c_str());
	uint8_t cmd[64];
	mc_portal(o.type == "dprc", o.id).read_command(cmd);
	memcpy(buf, cmd, sizeof(cmd));
	return 64;
}

ssize_t Kernel::device_write(int fd, const void *buf, size_t n, off_t off)
{
	std::lock_guard<std::mutex> g(lock_);
	auto it = devices_.find(fd);
	if (it == devices_.end())
		return -EBADF;
	const model::Mc::Object &o = it->second.obj;
	const uint64_t index = uint64_t(off) >> kRegionShift;
	if (index >= o.regions.size() || n != 64 || (uint64_t(off) & kRegionMask) != 0 ||
	    o.regions[index].kind != model::Mc::RegionKind::mc_portal)
		return refuse(Refusal::bad_read_write, EINVAL,
			      "write of %zu bytes at 0x%llx of %s: not an MC command", n,
			      (unsigned long long)off, object_name(o).c_str());
	uint8_t cmd[64];
	memcpy(cmd, buf, sizeof(cmd));
	mc_portal(o.type == "dprc", o.id).write_command(cmd);
	return 64;
}

// ---- second processes (process_link.hpp)

bool Kernel::adopt(int fd, const char *name, Kind &kind)
{
	const char *p = strstr(name, kLinkFdPrefix);
	if (p == nullptr || fd < 0 || fd >= kMaxFds)
		return false;
	p += strlen(kLinkFdPrefix);
	const char *colon = strchr(p, ':');
	if (colon == nullptr)
		return false;
	const std::string what(p, colon);
	std::string path(colon + 1);
	const size_t deleted = path.rfind(" (deleted)");
	if (deleted != std::string::npos)
		path.resize(deleted);
	std::lock_guard<std::mutex> g(lock_);
	if (what != "group" && what != "container")
		return false;
	if (path == listener_.path()) {
		// One of this process's own, come back: the same file.
		return false;
	}
	if (model_started_) {
		log("a descriptor of another process's kernel handed to a process that runs "
		    "its own: ignored");
		return false;
	}
	if (!client_) {
		auto c = std::make_unique<LinkClient>();
		const int r = c->connect(path);
		if (r < 0) {
			log("the kernel of %s does not answer: %s", path.c_str(), strerror(-r));
			return false;
		}
		client_ = std::move(c);
		log("attached to the kernel of another process (%s)", path.c_str());
	}
	// The primary set the group's container and its IOMMU: both are
	// there for this process as they are in the kernel.
	if (!group_.container) {
		group_.container = std::make_shared<Container>();
		group_.container->has_group = true;
		group_.container->iommu = true;
	}
	if (what == "group") {
		group_.fd = fd;
		kind = Kind::group;
	} else {
		containers_[fd] = group_.container;
		kind = Kind::container;
	}
	return true;
}

void Kernel::serve(const LinkRequest &req, LinkAnswer &ans, int &fd_out) noexcept
{
	ans.status = 0;
	fd_out = -1;
	std::lock_guard<std::mutex> g(lock_);
	if (req.n > sizeof(req.data)) {
		ans.status = -EINVAL;
		return;
	}
	uint8_t data[64];
	memcpy(data, req.data, sizeof(data));
	switch (req.op) {
	case LinkOp::mc_command: {
		McPortalWindow &w = mc_portal(req.dprc != 0, req.id);
		w.write_command(data);
		w.read_command(ans.data);
		break;
	}
	case LinkOp::cinh_load:
		cinh(req.id).load(req.off, req.n, ans.data);
		break;
	case LinkOp::cinh_store:
		cinh(req.id).store(req.off, req.n, data);
		break;
	case LinkOp::cena_load:
		cena(req.id).load(req.off, req.n, ans.data);
		break;
	case LinkOp::cena_store:
		cena(req.id).store(req.off, req.n, data);
		break;
	case LinkOp::cena_memory: {
		sys_->lock();
		model::SwPortal *swp = sys_->mc().dpio_portal(req.id);
		if (swp != nullptr && swp->memory_backed())
			fd_out = swp->cena_fd();
		sys_->unlock();
		if (fd_out < 0)
			ans.status = -ENODEV;
		break;
	}
	default:
		ans.status = -EINVAL;
	}
}

} // namespace dpaa2::emu
