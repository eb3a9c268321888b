/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Device arguments naming the DPAA bus, as a user writes them after -a or -b.

#include <gtest/gtest.h>

#include <cstring>

#include <rte_bus.h>
#include <rte_devargs.h>

TEST(BusDevargs, BusIsRegisteredUnderItsDpdkName)
{
	EXPECT_NE(rte_bus_find_by_name("dpaa_bus"), nullptr);
}

TEST(BusDevargs, FmanMacNameParses)
{
	rte_devargs da{};
	ASSERT_EQ(rte_devargs_parse(&da, "dpaa_bus:fm1-mac9"), 0);
	EXPECT_STREQ(rte_bus_name(da.bus), "dpaa_bus");
	EXPECT_STREQ(da.name, "fm1-mac9");
	rte_devargs_reset(&da);
}

TEST(BusDevargs, BareMacNameIsFoundByTheBus)
{
	rte_devargs da{};
	ASSERT_EQ(rte_devargs_parse(&da, "fm2-mac10"), 0);
	EXPECT_STREQ(rte_bus_name(da.bus), "dpaa_bus");
	rte_devargs_reset(&da);
}

TEST(BusDevargs, MalformedNamesAreRefused)
{
	for (const char *name :
	     {"dpaa_bus:fm1", "dpaa_bus:fm0-mac1", "dpaa_bus:fm1-mac9x", "dpaa_bus:mac9"}) {
		rte_devargs da{};
		EXPECT_NE(rte_devargs_parse(&da, name), 0) << name;
		rte_devargs_reset(&da);
	}
}
