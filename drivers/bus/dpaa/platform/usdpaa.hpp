/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The USDPAA kernel driver's interface, as a board's kernel offers it to a
// user-space DPAA driver: /dev/fsl-usdpaa and its ioctls (magic 'u'), with
// the argument layouts of LP64 (arm64). The numbers encode the argument
// sizes; each is asserted against the value the kernel defines.
//
//   ID_ALLOC / ID_RELEASE   FQIDs, BPIDs, pool channels, CGRIDs from the
//                           kernel's allocators, which share the SoC's IDs
//                           between the kernel's own interfaces and every
//                           USDPAA process
//   PORTAL_MAP / _UNMAP     a software portal the kernel does not own
//                           ("any" index), mapped into the process, with its
//                           dedicated channel and the SDQCR pool-channel bits
//                           it may use
//   PORTAL_IRQ_MAP          (on /dev/fsl-usdpaa-irq) the portal's interrupt
//                           as a readable file descriptor
//   GET_LINK_STATUS, UPDATE_LINK_STATUS, LINK_STATUS_INTR_ENABLE/_DISABLE
//                           the PHY's link, by the fsl,dpa-ethernet-init
//                           node's name, and an eventfd signalled on change
//   UPDATE_LINK_SPEED, RESTART_LINK_AUTONEG
//                           the PHY forced to a speed and duplex, or
//                           negotiating again
//
// No DPDK here: the unit suite drives it with a kernel of its own (call()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <sys/ioctl.h>

namespace dpaa::platform::usdpaa
{

inline constexpr const char *kDevice = "/dev/fsl-usdpaa";
inline constexpr const char *kIrqDevice = "/dev/fsl-usdpaa-irq";
inline constexpr unsigned kIfNameLen = 16;

// ID_ALLOC types.
enum IdType : uint32_t { id_fqid = 0, id_bpid = 1, id_qpool = 2, id_cgrid = 3 };
enum PortalType : uint32_t { portal_qman = 0, portal_bman = 1 };
inline constexpr uint32_t kAnyPortal = 0xffffffff;

struct IdAlloc {
	uint32_t base;	 // out
	uint32_t type;	 // IdType
	uint32_t num;	 // in: wanted; out: given
	uint32_t align;	 // a power of two
	int32_t partial; // accept fewer than num
};
struct IdRange {
	uint32_t type;
	uint32_t base;
	uint32_t num;
};
struct PortalAddr {
	void *cinh;
	void *cena;
};
struct PortalMap {
	uint32_t type;	  // PortalType
	uint32_t index;	  // in: wanted index or kAnyPortal; out: the one mapped
	PortalAddr addr;  // out
	uint16_t channel; // out (QMan): dedicated channel
	uint32_t pools;	  // out (QMan): SDQCR pool-channel bits it may use
};
struct IrqMap {
	uint32_t type;
	int32_t fd; // the /dev/fsl-usdpaa descriptor that mapped the portal
	void *portal_cinh;
};
struct LinkIntr {
	char if_name[kIfNameLen];
	uint32_t efd;
};
struct IfName {
	char if_name[kIfNameLen];
};
struct LinkStatus { // ioctl interface version 2
	char if_name[kIfNameLen];
	int32_t status;
	int32_t speed; // Mb/s
	int32_t duplex;
	int32_t autoneg;
};
struct LinkStatusV1 {
	char if_name[kIfNameLen];
	int32_t status;
};
struct LinkUpdate {
	char if_name[kIfNameLen];
	int32_t status;
};
struct LinkSpeed {
	char if_name[kIfNameLen];
	int32_t speed;	// Mb/s (RTE_ETH_SPEED_NUM_*)
	int32_t duplex; // 1 full, 0 half (RTE_ETH_LINK_*_DUPLEX)
};

inline constexpr unsigned long kIdAlloc = _IOWR('u', 0x01, IdAlloc);
inline constexpr unsigned long kIdRelease = _IOW('u', 0x02, IdRange);
inline constexpr unsigned long kPortalMap = _IOWR('u', 0x07, PortalMap);
inline constexpr unsigned long kPortalUnmap = _IOW('u', 0x08, PortalAddr);
inline constexpr unsigned long kPortalIrqMap = _IOW('u', 0x09, IrqMap);
inline constexpr unsigned long kLinkIntrEnable = _IOW('u', 0x0E, LinkIntr);
inline constexpr unsigned long kLinkIntrDisable = _IOW('u', 0x0F, IfName);
inline constexpr unsigned long kGetLinkStatus = _IOWR('u', 0x10, LinkStatus);
inline constexpr unsigned long kGetLinkStatusV1 = _IOWR('u', 0x10, LinkStatusV1);
inline constexpr unsigned long kUpdateLinkStatus = _IOW('u', 0x11, LinkUpdate);
inline constexpr unsigned long kUpdateLinkSpeed = _IOW('u', 0x12, LinkSpeed);
inline constexpr unsigned long kRestartAutoneg = _IOW('u', 0x13, IfName);
inline constexpr unsigned long kGetIoctlVersion = _IOR('u', 0x14, int);

static_assert(sizeof(IdAlloc) == 20 && kIdAlloc == 0xC0147501);
static_assert(sizeof(IdRange) == 12 && kIdRelease == 0x400C7502);
static_assert(sizeof(PortalMap) == 32 && kPortalMap == 0xC0207507);
static_assert(sizeof(PortalAddr) == 16 && kPortalUnmap == 0x40107508);
static_assert(sizeof(IrqMap) == 16 && kPortalIrqMap == 0x40107509);
static_assert(kLinkIntrEnable == 0x4014750E && kLinkIntrDisable == 0x4010750F);
static_assert(kGetLinkStatus == 0xC0207510 && kGetLinkStatusV1 == 0xC0147510);
static_assert(kUpdateLinkStatus == 0x40147511 && kGetIoctlVersion == 0x80047514);
static_assert(sizeof(LinkSpeed) == 24 && kUpdateLinkSpeed == 0x40187512);
static_assert(kRestartAutoneg == 0x40107513);

struct MappedPortal {
	PortalAddr addr;
	unsigned index;	  // the kernel's portal index
	uint16_t channel; // QMan
	uint32_t pools;	  // QMan
};

struct Link {
	bool up;
	uint32_t speed_mbps;
	bool full_duplex;
	bool autoneg;
};

// An open /dev/fsl-usdpaa. Every operation returns 0 or negative errno.
class Device
{
public:
	virtual ~Device();

	// -ENODEV when the machine has no USDPAA device.
	int open_device() noexcept;
	int fd() const noexcept { return fd_; }

	// 'count' consecutive IDs of 'type', the first a multiple of 'align';
	// all of them or none; -ENOSPC when the kernel has no such run left.
	int alloc_ids(IdType type, uint32_t count, uint32_t align, uint32_t &base) noexcept;
	int release_ids(IdType type, uint32_t base, uint32_t count) noexcept;

	// A portal of the kernel's choosing among those it does not own.
	int map_portal(PortalType type, MappedPortal &out) noexcept;
	int unmap_portal(const PortalAddr &addr) noexcept;

	int link_status(const char *if_name, Link &out) noexcept;
	int update_link_status(const char *if_name, bool up) noexcept;
	int update_link_speed(const char *if_name, uint32_t speed_mbps, bool full_duplex) noexcept;
	int restart_autoneg(const char *if_name) noexcept;
	int link_interrupt(const char *if_name, int efd) noexcept; // efd < 0: disable

protected:
	// The ioctl itself: 0 or negative errno. A test's kernel overrides it.
	virtual int call(unsigned long req, void *arg) noexcept;

private:
	int version() noexcept;

	int fd_ = -1;
	int version_ = 0; // the kernel's ioctl interface version, once asked
};

} // namespace dpaa::platform::usdpaa
