/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The USDPAA kernel interface as user space sees it: the ioctls of
// /dev/fsl-usdpaa and /dev/fsl-usdpaa-irq (magic 'u'), with the layouts of
// their arguments on LP64 (arm64 and x86-64 alike). The numbers encode the
// argument sizes, so each is checked against the value the kernel defines.
#pragma once

#include <cstdint>
#include <sys/ioctl.h>

namespace dpaa::usdpaa
{

inline constexpr char kMagic = 'u';
inline constexpr unsigned kIfNameLen = 16; // the device-tree node name of the dpa node

enum IdType : uint32_t { kIdFqid = 0, kIdBpid = 1, kIdQpool = 2, kIdCgrid = 3, kNumIdTypes = 4 };
enum PortalType : uint32_t { kPortalQman = 0, kPortalBman = 1 };
inline constexpr uint32_t kAnyPortal = 0xffffffff;

struct IdAlloc {
	uint32_t base;	 // out: first ID
	uint32_t type;	 // IdType
	uint32_t num;	 // in: wanted; out: given
	uint32_t align;	 // power of 2, 0 = 1
	int32_t partial; // fewer than num is fine
};
struct IdRange {
	uint32_t type;
	uint32_t base;
	uint32_t num;
};
struct PortalMap {
	uint32_t type;	  // PortalType
	uint32_t index;	  // in: wanted index or kAnyPortal; out: the index mapped
	void *cinh;	  // out: cache-inhibited area
	void *cena;	  // out: cache-enabled area
	uint16_t channel; // out (QMan): the portal's dedicated channel
	uint32_t pools;	  // out (QMan): SDQCR pool-channel bits the portal may use
};
struct PortalUnmap {
	void *cinh;
	void *cena;
};
struct IrqMap {
	uint32_t type;
	int32_t fd; // the /dev/fsl-usdpaa fd that mapped the portal
	void *portal_cinh;
};
struct LinkIntr {
	char if_name[kIfNameLen];
	uint32_t efd; // eventfd signalled on a link change
};
struct LinkStatus { // ioctl version 2
	char if_name[kIfNameLen];
	int32_t status;
	int32_t speed; // Mbps
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
	int32_t speed;
	int32_t duplex;
};
struct IfName {
	char if_name[kIfNameLen];
};

inline constexpr unsigned long kIdAlloc = _IOWR(kMagic, 0x01, IdAlloc);
inline constexpr unsigned long kIdRelease = _IOW(kMagic, 0x02, IdRange);
inline constexpr unsigned long kPortalMap = _IOWR(kMagic, 0x07, PortalMap);
inline constexpr unsigned long kPortalUnmap = _IOW(kMagic, 0x08, PortalUnmap);
inline constexpr unsigned long kPortalIrqMap = _IOW(kMagic, 0x09, IrqMap);
inline constexpr unsigned long kIdReserve = _IOW(kMagic, 0x0A, IdRange);
inline constexpr unsigned long kLinkIntrEnable = _IOW(kMagic, 0x0E, LinkIntr);
inline constexpr unsigned long kLinkIntrDisable = _IOW(kMagic, 0x0F, IfName);
inline constexpr unsigned long kGetLinkStatus = _IOWR(kMagic, 0x10, LinkStatus);
inline constexpr unsigned long kGetLinkStatusV1 = _IOWR(kMagic, 0x10, LinkStatusV1);
inline constexpr unsigned long kUpdateLinkStatus = _IOW(kMagic, 0x11, LinkUpdate);
inline constexpr unsigned long kUpdateLinkSpeed = _IOW(kMagic, 0x12, LinkSpeed);
inline constexpr unsigned long kRestartAutoneg = _IOW(kMagic, 0x13, IfName);
inline constexpr unsigned long kGetIoctlVersion = _IOR(kMagic, 0x14, int);
inline constexpr int kIoctlVersion = 2;

static_assert(sizeof(IdAlloc) == 20 && kIdAlloc == 0xC0147501);
static_assert(sizeof(IdRange) == 12 && kIdRelease == 0x400C7502 && kIdReserve == 0x400C750A);
static_assert(sizeof(PortalMap) == 32 && kPortalMap == 0xC0207507);
static_assert(sizeof(PortalUnmap) == 16 && kPortalUnmap == 0x40107508);
static_assert(sizeof(IrqMap) == 16 && kPortalIrqMap == 0x40107509);
static_assert(kLinkIntrEnable == 0x4014750E && kLinkIntrDisable == 0x4010750F);
static_assert(kGetLinkStatus == 0xC0207510 && kGetLinkStatusV1 == 0xC0147510);
static_assert(kUpdateLinkStatus == 0x40147511 && kUpdateLinkSpeed == 0x40187512);
static_assert(kRestartAutoneg == 0x40107513 && kGetIoctlVersion == 0x80047514);

} // namespace dpaa::usdpaa
