/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The dpaa_bus on the modelled boards, as an application sees it through EAL:
// which devices exist and in what order, which are probed under allow and
// block lists, what a bad DPAA_MODEL says, hot-unplug and re-plug, cleanup.

#include <gtest/gtest.h>

#include <rte_bus.h>
#include <rte_dev.h>
#include <rte_devargs.h>

#include "dpaa_bus.hpp"
#include "eal_child.hpp"

namespace
{

// Devices in bus order, space separated, through the device iterator.
std::string list_devices(const char *filter = "bus=dpaa_bus")
{
	std::string s;
	rte_dev_iterator it;
	rte_device *dev;
	RTE_DEV_FOREACH(dev, filter, &it)
	{
		if (!s.empty())
			s.append(" ");
		s.append(rte_dev_name(dev));
	}
	return s;
}

void devices_and_probed(std::string &out)
{
	out += "devices: " + list_devices() + "\n";
	out += "probed: " + probed_devices() + "\n";
}

} // namespace

TEST(BusModel, Ls1046aRdbListsItsWiredMacsInCellOrder)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("devices: fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("probed: fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.log.find("dpaa_bus: fm1-mac9: 10G mEMAC, 10000 Mb/s (model ls1046a-rdb)"),
		  std::string::npos)
		<< r.log;
	EXPECT_NE(r.log.find("dpaa_bus: fm1-mac3: 1G mEMAC, 1000 Mb/s"), std::string::npos)
		<< r.log;
}

TEST(BusModel, Ls1043aRdbListsItsWiredMacsInCellOrder)
{
	EalRun r = run_eal(" board=ls1043a-rdb ; mode=threaded ", {}, devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("devices: fm1-mac1 fm1-mac2 fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 "
			     "fm1-mac9\n"),
		  std::string::npos)
		<< r.out;
}

TEST(BusModel, EmptyConfigurationIsTheDefaultBoard)
{
	EalRun r = run_eal("", {}, devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("devices: fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10\n"),
		  std::string::npos)
		<< r.out;
}

TEST(BusModel, SocDescriptionReachesTheDrivers)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, [](std::string &out) {
		const dpaa::platform::SocInfo *soc = dpaa::bus::soc();
		if (soc == nullptr)
			return;
		out += std::string(soc->board) + " " + soc->soc +
		       " macs=" + std::to_string(soc->num_macs) +
		       " qportals=" + std::to_string(soc->num_qman_portals) + "\n";
		const dpaa::platform::MacInfo &m = soc->macs[4];
		char line[128];
		snprintf(line, sizeof(line), "%s cell=%u rx=0x%x tx=0x%x 10g=%d\n", m.name, m.cell,
			 m.rx_port_id, m.tx_port_id, m.type == dpaa::platform::MacType::memac_10g);
		out += line;
		out += std::string("fman0 window: ") + (dpaa::bus::fman_ccsr(0) ? "yes" : "no") +
		       ", fman1 window: " + (dpaa::bus::fman_ccsr(1) ? "yes" : "no") +
		       ", bman window: " + (dpaa::bus::bman_ccsr() ? "yes" : "no") + "\n";
		const int64_t fq = dpaa::bus::fqid_alloc(16, 16);
		out += "fqid aligned: " + std::to_string(fq > 0 && fq % 16 == 0) + "\n";
		out += "fqid free: " + std::to_string(dpaa::bus::fqid_free(uint32_t(fq), 16)) +
		       "\n";
		const int ch1 = dpaa::bus::pool_channel_alloc();
		const int ch2 = dpaa::bus::pool_channel_alloc();
		out += "pool channels differ: " + std::to_string(ch1 > 0 && ch2 > 0 && ch1 != ch2) +
		       "\n";
		// The model hands out the USDPAA kernel's ranges: BPIDs 32-63,
		// FQIDs from 256.
		const int bpid = dpaa::bus::bpid_alloc();
		out += "bpid: " + std::to_string(bpid) + "\n";
		dpaa::bus::bpid_free(uint32_t(bpid));
		out += "bpid again: " + std::to_string(dpaa::bus::bpid_alloc()) + "\n";
		out += "fqid in range: " + std::to_string(fq >= 256 && fq < 512) + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("ls1046a-rdb LS1046A macs=6 qportals=10\n"), std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("fm1-mac9 cell=8 rx=0x10 tx=0x30 10g=1\n"), std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("fman0 window: yes, fman1 window: no, bman window: yes\n"),
		  std::string::npos)
		<< r.out;
	EXPECT_NE(r.out.find("fqid aligned: 1\nfqid free: 0\n"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("pool channels differ: 1\n"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("bpid: 32\nbpid again: 32\nfqid in range: 1\n"), std::string::npos)
		<< r.out;
}

TEST(BusModel, AllowListProbesOnlyTheNamedDevices)
{
	EalRun r = run_eal("board=ls1046a-rdb", {"-a", "dpaa_bus:fm1-mac9", "-a", "fm1-mac4"},
			   devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("probed: fm1-mac4 fm1-mac9\n"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("devices: fm1-mac3 fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9 fm1-mac10\n"),
		  std::string::npos)
		<< "the bus still lists every device\n"
		<< r.out;
}

TEST(BusModel, BlockListSkipsTheNamedDevices)
{
	EalRun r = run_eal("board=ls1046a-rdb",
			   {"-b", "dpaa_bus:fm1-mac3", "-b", "dpaa_bus:fm1-mac10"},
			   devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("probed: fm1-mac4 fm1-mac5 fm1-mac6 fm1-mac9\n"), std::string::npos)
		<< r.out;
	EXPECT_NE(r.log.find("fm1-mac3: not probed (allow/block list)"), std::string::npos)
		<< r.log;
}

// DPDK 22.11's rte_bus_scan() logs a bus's scan error and carries on (see
// lib/eal/common/eal_common_bus.c), so rte_eal_init() still succeeds: what
// the user gets is the model's message at ERR level, EAL's note that the
// scan failed, and no DPAA device.
TEST(BusModel, UnknownPortFailsTheScanNamingIt)
{
	EalRun r = run_eal("board=ls1046a-rdb;fm1-mac99=sink", {}, devices_and_probed);
	EXPECT_NE(
		r.log.find("dpaa_bus: DPAA_MODEL: item 2 \"fm1-mac99=sink\": no port fm1-mac99 on "
			   "ls1046a-rdb"),
		std::string::npos)
		<< r.log;
	EXPECT_NE(r.log.find("Scan for (dpaa_bus) bus failed."), std::string::npos) << r.log;
	EXPECT_NE(r.out.find("devices: \nprobed: \n"), std::string::npos) << r.out;
}

// With a DPAA device named on the command line, EAL parses it through the
// bus, which refuses it while DPAA_MODEL is wrong: rte_eal_init() fails.
TEST(BusModel, BadConfigurationWithADeviceArgumentFailsEalInit)
{
	EalRun r = run_eal("board=ls1046a-rdb;fm1-mac99=sink", {"-a", "dpaa_bus:fm1-mac9"},
			   devices_and_probed);
	EXPECT_FALSE(r.init_ok) << r.log;
	EXPECT_NE(
		r.log.find("dpaa_bus: DPAA_MODEL: item 2 \"fm1-mac99=sink\": no port fm1-mac99 on "
			   "ls1046a-rdb"),
		std::string::npos)
		<< r.log;
	EXPECT_NE(r.log.find("failed to parse device \"dpaa_bus:fm1-mac9\""), std::string::npos)
		<< r.log;
}

TEST(BusModel, UnknownBoardFailsTheScanNamingIt)
{
	EalRun r = run_eal("board=ls2088a-rdb", {}, devices_and_probed);
	EXPECT_NE(r.log.find("ls2088a-rdb"), std::string::npos) << r.log;
	EXPECT_NE(r.log.find("dpaa_bus: DPAA_MODEL"), std::string::npos) << r.log;
	EXPECT_NE(r.out.find("devices: \n"), std::string::npos) << r.out;
}

TEST(BusModel, WithoutModelOrHardwareThereIsNoDevice)
{
	EalRun r = run_eal(nullptr, {}, devices_and_probed);
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("devices: \n"), std::string::npos) << r.out;
	EXPECT_NE(r.log.find("dpaa_bus: no DPAA hardware and no modelled board: no device"),
		  std::string::npos)
		<< r.log;
}

TEST(BusModel, IteratorFiltersByName)
{
	EalRun r = run_eal("board=ls1046a-rdb", {}, [](std::string &out) {
		out += "one: " + list_devices("bus=dpaa_bus,name=fm1-mac10") + "\n";
		out += "none: " + list_devices("bus=dpaa_bus,name=fm1-mac7") + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_NE(r.out.find("one: fm1-mac10\n"), std::string::npos) << r.out;
	EXPECT_NE(r.out.find("none: \n"), std::string::npos) << r.out;
}

TEST(BusModel, HotUnplugRemovesAndReplugProbesAgain)
{
	EalRun r = run_eal("board=ls1046a-rdb", {"-a", "dpaa_bus:fm1-mac9"}, [](std::string &out) {
		rte_bus *bus = rte_bus_find_by_name("dpaa_bus");
		rte_device *dev = bus->find_device(
			nullptr,
			[](const rte_device *d, const void *name) {
				return strcmp(rte_dev_name(d), static_cast<const char *>(name));
			},
			"fm1-mac9");
		out += "found: " + std::to_string(dev != nullptr) + "\n";
		out += "remove: " + std::to_string(rte_dev_remove(dev)) + "\n";
		out += "removed: " + removed_devices() + "\n";
		out += "probed after remove: " + std::to_string(rte_dev_is_probed(dev)) + "\n";
		out += "probe fm1-mac10: " + std::to_string(rte_dev_probe("dpaa_bus:fm1-mac10")) +
		       "\n";
		out += "probe fm1-mac9: " + std::to_string(rte_dev_probe("dpaa_bus:fm1-mac9")) +
		       "\n";
		out += "probed: " + probed_devices() + "\n";
	});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << r.log;
	EXPECT_NE(r.out.find("found: 1\nremove: 0\nremoved: fm1-mac9\nprobed after remove: 0\n"),
		  std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("probe fm1-mac10: 0\nprobe fm1-mac9: 0\n"), std::string::npos)
		<< r.out << r.log;
	EXPECT_NE(r.out.find("probed: fm1-mac9 fm1-mac10 fm1-mac9\n"), std::string::npos) << r.out;
}

TEST(BusModel, CleanupRemovesDevicesAndForgetsThePlatform)
{
	EalRun r = run_eal(
		"board=ls1046a-rdb", {"-a", "fm1-mac5", "-a", "fm1-mac6"},
		[](std::string &out) {
			out += "before: " + std::to_string(dpaa::bus::soc() != nullptr) + " " +
			       std::to_string(dpaa::bus::model_system() != nullptr) + "\n";
		},
		true, 60,
		[](std::string &out) {
			out += "removed: " + removed_devices() + "\n";
			out += "after: " + std::to_string(dpaa::bus::soc() != nullptr) + " " +
			       std::to_string(dpaa::bus::model_system() != nullptr) + "\n";
			int x = 0;
			out += "translation: " +
			       std::to_string(dpaa::bus::va_to_bus(&x) == dpaa::bus::kBadBusAddr) +
			       "\n";
		});
	ASSERT_TRUE(r.init_ok) << r.log;
	EXPECT_EQ(r.status, 0) << "rte_eal_cleanup failed\n" << r.log;
	EXPECT_NE(
		r.out.find("before: 1 1\nremoved: fm1-mac5 fm1-mac6\nafter: 0 0\ntranslation: 1\n"),
		std::string::npos)
		<< r.out;
}
