/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The emulated VFIO fsl-mc kernel interface (lib/fslmc_emu), preloaded into
// this test (meson sets LD_PRELOAD and DPAA2_KERNEL_MODEL): upstream's
// sequence of calls, from the fslmc bus's scan to the first buffer through
// a DPIO, made with plain C library calls on the real paths, and what the
// kernel refuses.

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <sys/eventfd.h>
#include <sys/stat.h>

#include "dpaa2_hw/qbman_portal.hpp"
#include "fslmc_emu_test_support.hpp"

namespace
{

using namespace dpaa2::test;
namespace qb = dpaa2::hw::qb;

// The line of /proc/interrupts that names the device, as upstream finds
// it (strstr), without its end of line; "" if there is none.
std::string proc_interrupts_line(const std::string &device)
{
	FILE *f = fopen("/proc/interrupts", "r");
	if (f == nullptr)
		return "";
	char buf[512];
	std::string found;
	while (found.empty() && fgets(buf, sizeof(buf), f) != nullptr)
		if (strstr(buf, ("(" + device + ")").c_str()) != nullptr)
			found = std::string(buf, strcspn(buf, "\n"));
	fclose(f);
	return found;
}

TEST(FslmcEmu, UpstreamSequence)
{
	// rte_fslmc_scan: the no-IOMMU parameter, the container's group, its objects.
	int fd = open("/sys/module/vfio/parameters/enable_unsafe_noiommu_mode", O_RDONLY);
	ASSERT_GE(fd, 0) << strerror(errno);
	char c = 0;
	EXPECT_EQ(read(fd, &c, 1), 1);
	EXPECT_EQ(c, 'N');
	close(fd);
	const int group = group_number();
	ASSERT_GT(group, 0);
	const std::set<std::string> objs = scan_container();
	unsigned dpio = 0, dpbp = 0, dpni = 0, dpmcp = 0, dpcon = 0;
	for (const std::string &o : objs) {
		dpio += o.rfind("dpio.", 0) == 0;
		dpbp += o.rfind("dpbp.", 0) == 0;
		dpni += o.rfind("dpni.", 0) == 0;
		dpmcp += o.rfind("dpmcp.", 0) == 0;
		dpcon += o.rfind("dpcon.", 0) == 0;
	}
	EXPECT_GE(dpio, 10u);
	EXPECT_GE(dpbp, 4u);
	EXPECT_EQ(dpni, 2u); // one per wired DPMAC
	EXPECT_EQ(dpmcp, 1u);
	EXPECT_GE(dpcon, 1u);
	// Each object is a device of the same group, as setup_device reads it.
	for (const std::string &o : objs) {
		char link[256];
		const ssize_t n =
			readlink((std::string(kDevices) + "/" + o + "/iommu_group").c_str(), link,
				 sizeof(link) - 1);
		ASSERT_GT(n, 0) << o;
		link[n] = '\0';
		EXPECT_EQ(std::string(link).substr(std::string(link).rfind('/') + 1),
			  std::to_string(group))
			<< o;
	}

	// rte_eal_check_module("vfio").
	struct stat st;
	EXPECT_EQ(stat("/sys/module", &st), 0);
	ASSERT_EQ(stat("/sys/module/vfio", &st), 0) << strerror(errno);
	EXPECT_TRUE(S_ISDIR(st.st_mode));

	// EAL's default container, then fslmc's own.
	const int dflt = open("/dev/vfio/vfio", O_RDWR);
	ASSERT_GE(dflt, 0) << strerror(errno);
	EXPECT_EQ(ioctl(dflt, VFIO_GET_API_VERSION), VFIO_API_VERSION);
	EXPECT_EQ(ioctl(dflt, VFIO_CHECK_EXTENSION, VFIO_TYPE1_IOMMU), 1);
	EXPECT_EQ(ioctl(dflt, VFIO_CHECK_EXTENSION, VFIO_SPAPR_TCE_v2_IOMMU), 0);
	EXPECT_EQ(ioctl(dflt, VFIO_CHECK_EXTENSION, VFIO_NOIOMMU_IOMMU), 0);
	const int made = open("/dev/vfio/vfio", O_RDWR);
	ASSERT_GE(made, 0);
	EXPECT_EQ(ioctl(made, VFIO_GET_API_VERSION), VFIO_API_VERSION);
	const int grp = open(group_path().c_str(), O_RDWR);
	ASSERT_GE(grp, 0) << strerror(errno);
	vfio_group_status gs = {};
	gs.argsz = sizeof(gs);
	ASSERT_EQ(ioctl(grp, VFIO_GROUP_GET_STATUS, &gs), 0);
	EXPECT_EQ(gs.flags, VFIO_GROUP_FLAGS_VIABLE);
	// vfio_connect_container: the probe with fd 0 must fail.
	int zero = 0;
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_SET_CONTAINER, &zero), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(ioctl(dflt, VFIO_CHECK_EXTENSION, VFIO_TYPE1_IOMMU), 1);
	ASSERT_EQ(ioctl(grp, VFIO_GROUP_SET_CONTAINER, &dflt), 0) << strerror(errno);
	ASSERT_EQ(ioctl(dflt, VFIO_SET_IOMMU, VFIO_TYPE1_IOMMU), 0) << strerror(errno);
	ASSERT_EQ(ioctl(grp, VFIO_GROUP_GET_STATUS, &gs), 0);
	EXPECT_EQ(gs.flags, VFIO_GROUP_FLAGS_VIABLE | VFIO_GROUP_FLAGS_CONTAINER_SET);
	const int cdev = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, kContainer);
	ASSERT_GE(cdev, 0) << strerror(errno);

	// rte_fslmc_vfio_dmamap: the memory, then the ITS doorbell hack,
	// which fails on mainline.
	const size_t mem_len = 4 << 20;
	uint8_t *mem = dma_memory(dflt, mem_len, MAP_PRIVATE);
	ASSERT_NE(mem, nullptr);
	errno = 0;
	EXPECT_EQ(mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED, cdev, 0x6030000),
		  MAP_FAILED);
	EXPECT_EQ(errno, EINVAL);

	// fslmc_process_mcp: the first DPMCP's region 0, mapped, the fd
	// closed, then mc_get_version through the mapping.
	const std::string mcp = first_of(objs, "dpmcp");
	const int mfd = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, mcp.c_str());
	ASSERT_GE(mfd, 0) << strerror(errno);
	vfio_device_info di = {};
	di.argsz = sizeof(di);
	ASSERT_EQ(ioctl(mfd, VFIO_DEVICE_GET_INFO, &di), 0);
	EXPECT_EQ(di.flags, VFIO_DEVICE_FLAGS_FSL_MC);
	EXPECT_EQ(di.num_regions, 1u);
	vfio_region_info ri;
	void *portal = map_region(mfd, 0, ri);
	ASSERT_NE(portal, MAP_FAILED) << strerror(errno);
	EXPECT_EQ(ri.offset, 0u);
	EXPECT_EQ(ri.flags, VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE |
				    VFIO_REGION_INFO_FLAG_MMAP);
	close(mfd);
	McPortal mc(portal);
	McPortal::Answer a = mc.run(cmd::kMcGetVersion);
	ASSERT_EQ(a.status, kMcOk);
	EXPECT_EQ(a.u32(4), 10u);
	EXPECT_EQ(a.u32(8), 39u);

	// The DPRC: its device fd a second time, dprc_open, the DPNIs'
	// connections.
	const int cdev2 = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, kContainer);
	ASSERT_GE(cdev2, 0) << strerror(errno);
	EXPECT_NE(cdev2, cdev);
	ASSERT_EQ(ioctl(cdev2, VFIO_DEVICE_GET_INFO, &di), 0);
	EXPECT_EQ(di.flags, VFIO_DEVICE_FLAGS_FSL_MC | VFIO_DEVICE_FLAGS_RESET);
	a = mc.run(cmd::kDprcOpen, 0, {2});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t dprc_token = a.token;
	EXPECT_NE(dprc_token, 0);
	std::set<std::string> peers;
	for (const std::string &o : objs) {
		if (o.rfind("dpni.", 0) != 0)
			continue;
		uint64_t p[7] = {id_of(o)};
		memcpy(&p[1], "dpni", 5);
		a = mc.run(cmd::kDprcGetConnection, dprc_token, p);
		ASSERT_EQ(a.status, kMcOk) << o;
		peers.insert(a.str(32) + "." + std::to_string(a.u32(24)));
	}
	EXPECT_EQ(peers, (std::set<std::string>{"dpmac.3", "dpmac.4"}));

	// A DPIO (dpaa2_create_dpio_device): 3 regions on LX2160A, 1 irq.
	const std::string dpio_name = first_of(objs, "dpio");
	const int dfd = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, dpio_name.c_str());
	ASSERT_GE(dfd, 0);
	ASSERT_EQ(ioctl(dfd, VFIO_DEVICE_GET_INFO, &di), 0);
	EXPECT_EQ(di.num_regions, 3u);
	EXPECT_EQ(di.num_irqs, 1u);
	a = mc.run(cmd::kDpioOpen, 0, {id_of(dpio_name)});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t dpio_token = a.token;
	EXPECT_EQ(mc.run(cmd::kReset, dpio_token).status, kMcOk);
	EXPECT_EQ(mc.run(cmd::kEnable, dpio_token).status, kMcOk);
	a = mc.run(cmd::kGetAttributes, dpio_token);
	ASSERT_EQ(a.status, kMcOk);
	EXPECT_LT(a.u16(4), 64u); // qbman_portal_id
	EXPECT_GE(a.u32(24), 0x05000000u) << "qbman_version";
	a = mc.run(cmd::kMcGetSocVersion, 0);
	ASSERT_EQ(a.status, kMcOk);
	EXPECT_EQ(a.u32(0) & 0xffff0000u, 0x87360000u); // SVR_LX2160A
	vfio_region_info ce, ci;
	auto *cena = static_cast<uint8_t *>(map_region(dfd, 2, ce));
	ASSERT_NE(cena, MAP_FAILED) << strerror(errno);
	EXPECT_GE(ce.size, qb::kCenaMemBackedSize);
	auto *cinh = static_cast<volatile uint32_t *>(map_region(dfd, 1, ci));
	ASSERT_NE(cinh, MAP_FAILED) << strerror(errno);
	EXPECT_EQ(ci.size, 0x1000u);
	// qbman_swp_sys_init, memory-backed: clear, SWP_CFG read back.
	memset(cena, 0, qb::kCenaMemBackedSize);
	cinh[qb::cinh::kCfg / 4] = qb::swp_cfg::kDpdkMemBacked;
	EXPECT_EQ(cinh[qb::cinh::kCfg / 4], qb::swp_cfg::kDpdkMemBacked);
	cinh[qb::cinh::kEqcrPi / 4] = qb::kRtMode;
	cinh[qb::cinh::kRcrPi / 4] = qb::kRtMode;
	EXPECT_EQ(cinh[qb::cinh::kDqpi / 4] & 0xf, 0u);
	// rte_dpaa2_vfio_setup_intr: irq 0 takes an eventfd; disabling works.
	vfio_irq_info ii = {};
	ii.argsz = sizeof(ii);
	ASSERT_EQ(ioctl(dfd, VFIO_DEVICE_GET_IRQ_INFO, &ii), 0);
	EXPECT_EQ(ii.flags, VFIO_IRQ_INFO_EVENTFD);
	EXPECT_EQ(ii.count, 1u);
	const int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	alignas(vfio_irq_set) uint8_t buf[sizeof(vfio_irq_set) + sizeof(int)];
	auto *irq = reinterpret_cast<vfio_irq_set *>(buf);
	irq->argsz = sizeof(buf);
	irq->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
	irq->index = 0;
	irq->start = 0;
	irq->count = 1;
	memcpy(irq->data, &efd, sizeof(efd));
	EXPECT_EQ(ioctl(dfd, VFIO_DEVICE_SET_IRQS, irq), 0) << strerror(errno);
	// dpaa2_affine_dpio_intr_to_respective_core: the irq's line in
	// /proc/interrupts, its number before the first ':', and its affinity.
	const std::string irq_name = "vfio-irq[";
	std::string line = proc_interrupts_line(dpio_name);
	ASSERT_NE(line.find(irq_name), std::string::npos) << line;
	const std::string virq = line.substr(0, line.find(':'));
	EXPECT_EQ(line.substr(line.find(irq_name)), irq_name + virq + "](" + dpio_name + ")");
	FILE *aff = fopen(("/proc/irq/" + virq + "/smp_affinity").c_str(), "w");
	ASSERT_NE(aff, nullptr) << virq;
	EXPECT_GT(fprintf(aff, "2\n"), 0);
	fclose(aff);
	irq->argsz = sizeof(vfio_irq_set);
	irq->flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER;
	irq->count = 0;
	EXPECT_EQ(ioctl(dfd, VFIO_DEVICE_SET_IRQS, irq), 0) << strerror(errno);
	EXPECT_EQ(proc_interrupts_line(dpio_name), ""); // freed
	close(efd);

	// A DPBP's buffer pool, then one buffer of the mapped memory released
	// through the portal's RCR and acquired back with a management command.
	const std::string dpbp_name = first_of(objs, "dpbp");
	const int bfd = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, dpbp_name.c_str());
	ASSERT_GE(bfd, 0);
	a = mc.run(cmd::kDpbpOpen, 0, {id_of(dpbp_name)});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t dpbp_token = a.token;
	EXPECT_EQ(mc.run(cmd::kEnable, dpbp_token).status, kMcOk);
	a = mc.run(cmd::kGetAttributes, dpbp_token);
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t bpid = a.u16(2);
	ASSERT_NE(bpid, 0);
	const uint64_t buffer = reinterpret_cast<uint64_t>(mem) + 0x10000;
	const uint32_t rar = cinh[qb::cinh::kRar / 4];
	ASSERT_TRUE(rar & qb::rar::kSuccess);
	const unsigned slot = rar & qb::rar::kSlotMask;
	uint8_t *rcr = cena + qb::cena::mem::rcr(slot);
	memcpy(rcr + 8, &buffer, 8);
	__atomic_store_n(reinterpret_cast<uint32_t *>(rcr),
			 uint32_t(qb::rcr_verb::kRcValid | (rar & qb::rar::kVb) | 1) |
				 uint32_t(bpid) << 16,
			 __ATOMIC_RELEASE);
	cinh[qb::cinh::rcr_am_rt(slot) / 4] = qb::kRtMode;
	uint8_t *cr = cena + qb::cena::mem::kCr;
	memset(cr + 1, 0, 63);
	memcpy(cr + 2, &bpid, 2);
	cr[4] = 1;
	__atomic_store_n(cr, uint8_t(qb::mc_verb::kAcquire | qb::kValidBit), __ATOMIC_RELEASE);
	cinh[qb::cinh::kCrRt / 4] = qb::kRtMode;
	const uint8_t *rr = cena + qb::cena::mem::kRr;
	EXPECT_EQ(rr[0], qb::mc_verb::kAcquire | qb::kValidBit);
	EXPECT_EQ(rr[1], qb::kMcResultOk);
	EXPECT_EQ(rr[4], 1);
	uint64_t got = 0;
	memcpy(&got, rr + 8, 8);
	EXPECT_EQ(got, buffer);

	// The driver's fds, and the group and containers at the end: the
	// group is free to be opened again (the next test does).
	for (int f : {bfd, dfd, cdev2, cdev, grp, made, dflt})
		EXPECT_EQ(close(f), 0);
	EXPECT_EQ(munmap(portal, ri.size), 0);
}

TEST(FslmcEmu, GroupAndContainerRefusals)
{
	const int grp = open(group_path().c_str(), O_RDWR);
	ASSERT_GE(grp, 0) << strerror(errno);
	// One open of a group at a time.
	EXPECT_EQ(open(group_path().c_str(), O_RDWR), -1);
	EXPECT_EQ(errno, EBUSY);
	// No such group, and no no-IOMMU groups.
	EXPECT_EQ(open("/dev/vfio/999", O_RDWR), -1);
	EXPECT_EQ(errno, ENOENT);
	EXPECT_EQ(open(("/dev/vfio/noiommu-" + std::to_string(group_number())).c_str(), O_RDWR),
		  -1);
	EXPECT_EQ(errno, ENOENT);
	// No device before the group's container has an IOMMU.
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, kContainer), -1);
	EXPECT_EQ(errno, EINVAL);
	int bad = 9999;
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_SET_CONTAINER, &bad), -1);
	EXPECT_EQ(errno, EBADF);
	const int ctr = open("/dev/vfio/vfio", O_RDWR);
	ASSERT_GE(ctr, 0);
	// SET_IOMMU needs a group; MAP_DMA needs the IOMMU set.
	EXPECT_EQ(ioctl(ctr, VFIO_SET_IOMMU, VFIO_TYPE1_IOMMU), -1);
	EXPECT_EQ(errno, EINVAL);
	auto *page = static_cast<uint8_t *>(
		mmap(nullptr, 0x2000, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
	ASSERT_NE(page, MAP_FAILED);
	vfio_iommu_type1_dma_map dm = {};
	dm.argsz = sizeof(dm);
	dm.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
	dm.vaddr = dm.iova = reinterpret_cast<uint64_t>(page);
	dm.size = 0x1000;
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_MAP_DMA, &dm), -1);
	EXPECT_EQ(errno, EINVAL);
	ASSERT_EQ(ioctl(grp, VFIO_GROUP_SET_CONTAINER, &ctr), 0);
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_SET_CONTAINER, &ctr), -1); // it has one
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(ioctl(ctr, VFIO_SET_IOMMU, VFIO_NOIOMMU_IOMMU), -1);
	EXPECT_EQ(errno, ENODEV);
	ASSERT_EQ(ioctl(ctr, VFIO_SET_IOMMU, VFIO_TYPE1_IOMMU), 0);
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_MAP_DMA, &dm), 0);
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_MAP_DMA, &dm), -1); // overlaps
	EXPECT_EQ(errno, EEXIST);
	dm.iova += 0x800; // not page-aligned
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_MAP_DMA, &dm), -1);
	EXPECT_EQ(errno, EINVAL);
	// Memory the process does not have: type1 cannot pin it.
	ASSERT_EQ(munmap(page + 0x1000, 0x1000), 0);
	dm.vaddr = dm.iova = reinterpret_cast<uint64_t>(page) + 0x1000;
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_MAP_DMA, &dm), -1);
	EXPECT_EQ(errno, EFAULT);
	vfio_iommu_type1_dma_unmap um = {};
	um.argsz = sizeof(um);
	um.iova = reinterpret_cast<uint64_t>(page);
	um.size = 0x2000;
	EXPECT_EQ(ioctl(ctr, VFIO_IOMMU_UNMAP_DMA, &um), 0);
	EXPECT_EQ(um.size, 0x1000u); // what was mapped of it
	munmap(page, 0x1000);
	// Devices outside the group (the root container, a DPMAC) are not there.
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, "dprc.1"), -1);
	EXPECT_EQ(errno, ENODEV);
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, "dpmac.3"), -1);
	EXPECT_EQ(errno, ENODEV);
	// Numbers repeat across kinds: an ioctl none of them has is ENOTTY.
	EXPECT_EQ(ioctl(grp, _IO(VFIO_TYPE, VFIO_BASE + 40)), -1);
	EXPECT_EQ(errno, ENOTTY);
	EXPECT_EQ(ioctl(ctr, _IO(VFIO_TYPE, VFIO_BASE + 40)), -1);
	EXPECT_EQ(errno, ENOTTY);
	// The group's status is the group's, not a device's info.
	vfio_group_status gs = {};
	gs.argsz = sizeof(gs);
	EXPECT_EQ(ioctl(grp, VFIO_GROUP_GET_STATUS, &gs), 0);
	EXPECT_EQ(gs.flags, VFIO_GROUP_FLAGS_VIABLE | VFIO_GROUP_FLAGS_CONTAINER_SET);
	close(grp);
	close(ctr);
}

TEST(FslmcEmu, DeviceRefusals)
{
	Vfio v;
	ASSERT_NO_FATAL_FAILURE(v.setup());
	const std::set<std::string> objs = scan_container();
	const int cdev = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, kContainer);
	ASSERT_GE(cdev, 0);
	const int mfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, first_of(objs, "dpmcp").c_str());
	ASSERT_GE(mfd, 0);
	const int bfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, first_of(objs, "dpbp").c_str());
	ASSERT_GE(bfd, 0);

	// The container's region is its MC portal, but not mapped.
	vfio_region_info ri = {};
	ri.argsz = sizeof(ri);
	ASSERT_EQ(ioctl(cdev, VFIO_DEVICE_GET_REGION_INFO, &ri), 0);
	EXPECT_EQ(ri.flags, VFIO_REGION_INFO_FLAG_READ | VFIO_REGION_INFO_FLAG_WRITE);
	EXPECT_EQ(mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED, cdev, 0), MAP_FAILED);
	EXPECT_EQ(errno, EINVAL);
	// No region 1 of a DPMCP; a private mapping; more than the region.
	ri.index = 1;
	EXPECT_EQ(ioctl(mfd, VFIO_DEVICE_GET_REGION_INFO, &ri), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED, mfd,
		       off_t(1) << kRegionShift),
		  MAP_FAILED);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_PRIVATE, mfd, 0), MAP_FAILED);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(mmap(nullptr, 0x100000, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0), MAP_FAILED);
	EXPECT_EQ(errno, EINVAL);
	// A DPBP has no irq; an unknown device ioctl; reset is the container's.
	vfio_irq_info ii = {};
	ii.argsz = sizeof(ii);
	EXPECT_EQ(ioctl(bfd, VFIO_DEVICE_GET_IRQ_INFO, &ii), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(ioctl(bfd, _IO(VFIO_TYPE, VFIO_BASE + 40)), -1);
	EXPECT_EQ(errno, ENOTTY);
	EXPECT_EQ(ioctl(bfd, VFIO_DEVICE_RESET), -1);
	EXPECT_EQ(errno, ENOTTY);
	EXPECT_EQ(ioctl(cdev, VFIO_DEVICE_RESET), 0);
	// An irq's eventfd must be one.
	int pipefd[2];
	ASSERT_EQ(pipe(pipefd), 0);
	const int cfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, kContainer);
	alignas(vfio_irq_set) uint8_t buf[sizeof(vfio_irq_set) + sizeof(int)];
	auto *irq = reinterpret_cast<vfio_irq_set *>(buf);
	irq->argsz = sizeof(buf);
	irq->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
	irq->index = 0;
	irq->start = 0;
	irq->count = 1;
	memcpy(irq->data, &pipefd[0], sizeof(int));
	EXPECT_EQ(ioctl(cfd, VFIO_DEVICE_SET_IRQS, irq), -1);
	EXPECT_EQ(errno, EINVAL);
	close(pipefd[0]);
	close(pipefd[1]);
	close(cfd);

	// read()/write() of a DPMCP: one 64-byte command, synchronously.
	uint8_t cmdbuf[64] = {};
	const uint64_t header = uint64_t(cmd::kMcGetVersion) << 48 | uint64_t(kMcReady) << 16;
	memcpy(cmdbuf, &header, 8);
	EXPECT_EQ(write(mfd, cmdbuf, 63), -1);
	EXPECT_EQ(errno, EINVAL);
	EXPECT_EQ(write(mfd, cmdbuf, 64), 64);
	uint8_t rsp[64] = {};
	EXPECT_EQ(pread(mfd, rsp, 64, 0), 64);
	EXPECT_EQ(rsp[2], kMcOk);
	uint32_t major, minor;
	memcpy(&major, rsp + 8 + 4, 4);
	memcpy(&minor, rsp + 8 + 8, 4);
	EXPECT_EQ(major, 10u);
	EXPECT_EQ(minor, 39u);
	EXPECT_EQ(pread(bfd, rsp, 64, 0), -1); // a DPBP has no region
	EXPECT_EQ(errno, EINVAL);

	// A stale token is the MC's to refuse, through the mapped portal.
	vfio_region_info pri;
	void *portal = map_region(mfd, 0, pri);
	ASSERT_NE(portal, MAP_FAILED);
	McPortal mc(portal);
	EXPECT_EQ(mc.run(cmd::kEnable, 0x7777).status, kMcAuthErr);
	EXPECT_EQ(munmap(portal, pri.size), 0);

	for (int f : {bfd, mfd, cdev})
		close(f);
}

} // namespace
