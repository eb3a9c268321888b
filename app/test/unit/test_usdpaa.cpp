/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The board platform's use of the USDPAA kernel interface, against a kernel
// the test plays: what each ioctl is asked, and what the driver makes of
// the answer.

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "platform/usdpaa.hpp"

namespace us = dpaa::platform::usdpaa;

namespace
{

class FakeKernel : public us::Device
{
public:
	std::vector<unsigned long> calls;
	int version = 2;	    // 0: the kernel does not know GET_IOCTL_VERSION
	uint32_t give_ids = ~0u;    // how many IDs ID_ALLOC hands out (~0: all asked)
	bool ids_exhausted = false; // ID_ALLOC fails as the kernel's allocator does
	std::vector<us::IdRange> released;
	us::PortalMap last_map{};
	std::string last_if;
	uint32_t last_efd = 0;
	us::LinkSpeed last_speed{};

protected:
	int call(unsigned long req, void *arg) noexcept override
	{
		calls.push_back(req);
		switch (req) {
		case us::kGetIoctlVersion:
			if (version == 0)
				return -EINVAL;
			*static_cast<int *>(arg) = version;
			return 0;
		case us::kIdAlloc: {
			auto *a = static_cast<us::IdAlloc *>(arg);
			if (ids_exhausted)
				return -ENOMEM; // dpa_alloc_new: no free run of that size
			a->base = 0x400;
			if (give_ids != ~0u)
				a->num = give_ids;
			return 0;
		}
		case us::kIdRelease:
			released.push_back(*static_cast<us::IdRange *>(arg));
			return 0;
		case us::kPortalMap: {
			auto *m = static_cast<us::PortalMap *>(arg);
			last_map = *m;
			// Portals 0 and 1 are the kernel's: it gives the process 2.
			m->index = 2;
			m->addr = {reinterpret_cast<void *>(0x1000),
				   reinterpret_cast<void *>(0x2000)};
			m->channel = 2;
			m->pools = 0x3000;
			return 0;
		}
		case us::kGetLinkStatus: {
			auto *s = static_cast<us::LinkStatus *>(arg);
			last_if = s->if_name;
			s->status = 1;
			s->speed = 2500;
			s->duplex = 1;
			s->autoneg = 1;
			return 0;
		}
		case us::kGetLinkStatusV1: {
			auto *s = static_cast<us::LinkStatusV1 *>(arg);
			last_if = s->if_name;
			s->status = 1;
			return 0;
		}
		case us::kLinkIntrEnable: {
			auto *l = static_cast<us::LinkIntr *>(arg);
			last_if = l->if_name;
			last_efd = l->efd;
			return 0;
		}
		case us::kLinkIntrDisable:
			last_if = static_cast<us::IfName *>(arg)->if_name;
			return 0;
		case us::kUpdateLinkSpeed: {
			last_speed = *static_cast<us::LinkSpeed *>(arg);
			last_if = last_speed.if_name;
			return last_speed.speed == 2500 ? -EINVAL : 0; // a PHY without 2.5G
		}
		case us::kRestartAutoneg:
			last_if = static_cast<us::IfName *>(arg)->if_name;
			return 0;
		case us::kUpdateLinkStatus:
			last_if = static_cast<us::LinkUpdate *>(arg)->if_name;
			return static_cast<us::LinkUpdate *>(arg)->status == 0 ? 0 : -EIO;
		default:
			return -EINVAL;
		}
	}
};

} // namespace

TEST(Usdpaa, PortalsAreTheKernelsChoiceWithItsPoolMask)
{
	FakeKernel k;
	us::MappedPortal p{};
	ASSERT_EQ(k.map_portal(us::portal_qman, p), 0);
	EXPECT_EQ(k.last_map.index, us::kAnyPortal) << "any index: the kernel owns some portals";
	EXPECT_EQ(k.last_map.type, us::portal_qman);
	EXPECT_EQ(p.index, 2u);
	EXPECT_EQ(p.channel, 2u);
	EXPECT_EQ(p.pools, 0x3000u) << "the SDQCR pool bits the kernel grants";
	EXPECT_EQ(p.addr.cena, reinterpret_cast<void *>(0x2000));
	EXPECT_EQ(p.addr.cinh, reinterpret_cast<void *>(0x1000));
}

TEST(Usdpaa, IdsAreAllOrNothing)
{
	FakeKernel k;
	uint32_t base = 0;
	ASSERT_EQ(k.alloc_ids(us::id_fqid, 4, 4, base), 0);
	EXPECT_EQ(base, 0x400u);
	k.give_ids = 2; // a kernel that handed out part of it after all
	EXPECT_EQ(k.alloc_ids(us::id_bpid, 4, 1, base), -ENOSPC);
	ASSERT_EQ(k.released.size(), 1u) << "what came is given back";
	EXPECT_EQ(k.released[0].type, us::id_bpid);
	EXPECT_EQ(k.released[0].num, 2u);
}

TEST(Usdpaa, IdsTheKernelHasNoneLeftOfAreAllInUse)
{
	FakeKernel k;
	k.ids_exhausted = true;
	uint32_t base = 0x1234;
	EXPECT_EQ(k.alloc_ids(us::id_bpid, 1, 1, base), -ENOSPC)
		<< "the kernel's ENOMEM is the bus's 'all in use', not an allocation failure";
	EXPECT_EQ(base, 0x1234u);
	EXPECT_TRUE(k.released.empty());
}

TEST(Usdpaa, LinkByTheDpaNodesNameInEitherInterfaceVersion)
{
	FakeKernel k;
	us::Link l{};
	ASSERT_EQ(k.link_status("ethernet@8", l), 0);
	EXPECT_EQ(k.last_if, "ethernet@8");
	EXPECT_TRUE(l.up);
	EXPECT_EQ(l.speed_mbps, 2500u);
	EXPECT_TRUE(l.full_duplex);
	EXPECT_TRUE(l.autoneg);

	FakeKernel old;
	old.version = 0;
	ASSERT_EQ(old.link_status("ethernet@9", l), 0);
	EXPECT_EQ(old.last_if, "ethernet@9");
	EXPECT_TRUE(l.up);
	EXPECT_EQ(l.speed_mbps, 0u) << "version 1 reports no speed";
	EXPECT_EQ(old.calls.back(), us::kGetLinkStatusV1);
}

TEST(Usdpaa, LinkEventsAndAdminState)
{
	FakeKernel k;
	ASSERT_EQ(k.link_interrupt("ethernet@2", 17), 0);
	EXPECT_EQ(k.last_if, "ethernet@2");
	EXPECT_EQ(k.last_efd, 17u);
	ASSERT_EQ(k.link_interrupt("ethernet@3", -1), 0);
	EXPECT_EQ(k.calls.back(), us::kLinkIntrDisable);
	EXPECT_EQ(k.last_if, "ethernet@3");
	EXPECT_EQ(k.update_link_status("ethernet@4", false), 0);
	EXPECT_EQ(k.update_link_status("ethernet@4", true), -EIO)
		<< "the kernel's error comes back";
}

TEST(Usdpaa, LinkSpeedAndAutonegotiationAreTheKernels)
{
	FakeKernel k;
	ASSERT_EQ(k.update_link_speed("ethernet@9", 100, false), 0);
	EXPECT_EQ(k.calls.back(), us::kUpdateLinkSpeed);
	EXPECT_EQ(k.last_if, "ethernet@9");
	EXPECT_EQ(k.last_speed.speed, 100);
	EXPECT_EQ(k.last_speed.duplex, 0);
	ASSERT_EQ(k.update_link_speed("ethernet@8", 10000, true), 0);
	EXPECT_EQ(k.last_speed.speed, 10000);
	EXPECT_EQ(k.last_speed.duplex, 1);
	EXPECT_EQ(k.update_link_speed("ethernet@8", 2500, true), -EINVAL)
		<< "the kernel's refusal comes back";
	ASSERT_EQ(k.restart_autoneg("ethernet@2"), 0);
	EXPECT_EQ(k.calls.back(), us::kRestartAutoneg);
	EXPECT_EQ(k.last_if, "ethernet@2");
}
