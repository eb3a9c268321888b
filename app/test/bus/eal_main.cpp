/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// One EAL for the whole binary (EAL cannot be initialised twice in a process),
// in --no-huge mode so the tests need no hugepages.

#include <gtest/gtest.h>

#include <rte_eal.h>

int main(int argc, char **argv)
{
	testing::InitGoogleTest(&argc, argv);
	const char *eal_args[] = {argv[0],
				  "--no-huge",
				  "-m",
				  "256",
				  "--no-pci",
				  "--no-shconf",
				  "--log-level=*:warning",
				  "--vdev=net_null0",
				  "-l",
				  "0"};
	int eal_argc = sizeof(eal_args) / sizeof(eal_args[0]);
	if (rte_eal_init(eal_argc, const_cast<char **>(eal_args)) < 0) {
		fprintf(stderr, "EAL initialisation failed\n");
		return 1;
	}
	int ret = RUN_ALL_TESTS();
	rte_eal_cleanup();
	return ret;
}
