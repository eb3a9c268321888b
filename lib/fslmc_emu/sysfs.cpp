/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "fslmc_emu/sysfs.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

#include "emu_common/libc_next.hpp"

namespace dpaa2::emu
{

namespace fs = std::filesystem;
namespace libc = dpaa::emu::libc;

namespace
{

// NXP's vendor id on the fsl-mc bus, as modalias shows it.
constexpr const char kNxpVendor[] = "00001957";

struct Writer {
	std::string root;
	std::string &error;
	int ret = 0;

	// Each helper records the first failure and does nothing after it.
	bool ok(const std::string &what, int err)
	{
		if (ret == 0 && err != 0) {
			ret = -err;
			error = what + ": " + strerror(err);
		}
		return ret == 0;
	}
	void dir(const std::string &rel)
	{
		if (ret != 0)
			return;
		std::error_code ec;
		fs::create_directories(root + rel, ec);
		ok(rel, ec.value());
	}
	void file(const std::string &rel, const std::string &text)
	{
		if (ret != 0)
			return;
		const std::string p = root + rel;
		const int fd =
			libc::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0444);
		if (!ok(rel, fd < 0 ? errno : 0))
			return;
		const ssize_t n = libc::write(fd, text.data(), text.size());
		const int err = n == ssize_t(text.size()) ? 0 : (n < 0 ? errno : EIO);
		libc::close(fd);
		ok(rel, err);
	}
	// A link at `rel` to the tree's `target`, relative as sysfs makes
	// them, so that it resolves inside the generated tree.
	void link(const std::string &rel, const std::string &target)
	{
		if (ret != 0)
			return;
		const fs::path from = fs::path(rel).parent_path();
		const fs::path to = fs::path(target).lexically_relative(from);
		ok(rel, symlink(to.c_str(), (root + rel).c_str()) == 0 ? 0 : errno);
	}
};

std::string name_of(const model::Mc::Object &o)
{
	return o.type + "." + std::to_string(o.id);
}

// One object's folder as the fsl-mc bus makes it; `bound`: vfio-fsl-mc
// drives it (DPDK's container and everything in it).
void object(Writer &w, const std::string &dir, const model::Mc::Object &o, bool bound,
	    unsigned group)
{
	const std::string name = name_of(o);
	w.dir(dir);
	w.dir(dir + "/power");
	w.file(dir + "/uevent", "DEVTYPE=fsl_mc_bus_" + o.type +
					"\nDRIVER=" + (bound ? "vfio-fsl-mc" : "") +
					"\nMODALIAS=fsl-mc:v" + kNxpVendor + "d" + o.type + "\n");
	w.file(dir + "/modalias", std::string("fsl-mc:v") + kNxpVendor + "d" + o.type + "\n");
	w.file(dir + "/driver_override", bound ? "vfio-fsl-mc\n" : "(null)\n");
	w.link("/bus/fsl-mc/devices/" + name, dir);
	if (!bound)
		return;
	w.link(dir + "/driver", "/bus/fsl-mc/drivers/vfio-fsl-mc");
	w.link(dir + "/iommu_group", "/kernel/iommu_groups/" + std::to_string(group));
	w.link("/kernel/iommu_groups/" + std::to_string(group) + "/devices/" + name, dir);
}

} // namespace

int write_sysfs(const std::string &root, const std::vector<model::Mc::Object> &root_objects,
		const std::vector<model::Mc::Object> &dpdk_objects, unsigned group,
		std::string &error)
{
	Writer w{root, error};
	const std::string platform = std::string(kFslMcPlatform).substr(strlen("/sys"));
	const std::string groups = "/kernel/iommu_groups/" + std::to_string(group);
	w.dir("/bus/fsl-mc/devices");
	w.dir("/bus/fsl-mc/drivers/vfio-fsl-mc");
	w.dir(groups + "/devices");
	w.file(groups + "/type", "DMA\n");
	w.dir("/module/vfio/parameters");
	w.file("/module/vfio/parameters/enable_unsafe_noiommu_mode", "N\n");
	w.dir("/module/vfio_iommu_type1/parameters");
	w.file("/module/vfio_iommu_type1/parameters/allow_unsafe_interrupts", "Y\n");
	w.dir("/module/vfio_fsl_mc");

	// container_objects() lists the container itself first.
	std::string dpdk_dir;
	for (const model::Mc::Object &o : root_objects) {
		const bool self = &o == &root_objects.front();
		const std::string dir =
			self ? platform + "/" + name_of(o)
			     : platform + "/" + name_of(root_objects.front()) + "/" + name_of(o);
		if (!dpdk_objects.empty() && o.type == dpdk_objects.front().type &&
		    o.id == dpdk_objects.front().id) {
			dpdk_dir = dir;
			continue; // below, bound
		}
		object(w, dir, o, false, group);
	}
	if (!dpdk_objects.empty()) {
		if (dpdk_dir.empty())
			dpdk_dir =
				platform + "/" +
				(root_objects.empty() ? "" : name_of(root_objects.front()) + "/") +
				name_of(dpdk_objects.front());
		for (const model::Mc::Object &o : dpdk_objects) {
			const bool self = &o == &dpdk_objects.front();
			object(w, self ? dpdk_dir : dpdk_dir + "/" + name_of(o), o, true, group);
		}
	}
	return w.ret;
}

} // namespace dpaa2::emu
