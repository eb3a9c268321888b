/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "eal_test_main.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include <rte_eal.h>
#include <rte_ethdev.h>

int dpaa_test::eal_init(const char *argv0, const std::vector<std::string> &args)
{
	std::vector<std::string> copy = {argv0};
	copy.insert(copy.end(), args.begin(), args.end());
	std::vector<char *> argv;
	argv.reserve(copy.size());
	for (auto &a : copy)
		argv.push_back(a.data());
	return rte_eal_init(static_cast<int>(argv.size()), argv.data());
}

int main(int argc, char **argv)
{
	const dpaa_test::EalTestProgram program = dpaa_test::eal_test_program();
	if (program.before) {
		if (const std::optional<int> status = program.before(argc, argv))
			return *status;
	}
	testing::InitGoogleTest(&argc, argv);
	const bool eal = program.start_eal(argv[0]) >= 0;
	if (!eal && !program.tests_without_eal) {
		fprintf(stderr, "EAL initialisation failed\n");
		return 1;
	}
	if (eal && program.set_up) {
		const std::string why = program.set_up();
		if (!why.empty()) {
			fprintf(stderr, "%s\n", why.c_str());
			return 1;
		}
	}
	const int ret = RUN_ALL_TESTS();
	if (!eal || program.tests_end_eal)
		return ret;
	uint16_t port;
	RTE_ETH_FOREACH_DEV(port)
	{
		rte_eth_dev_stop(port);
		rte_eth_dev_close(port);
	}
	if (program.tear_down)
		program.tear_down();
	rte_eal_cleanup();
	return ret;
}
