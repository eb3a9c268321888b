/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// EAL can be initialised once per process, and each of these tests needs its
// own configuration (DPAA_MODEL, allow/block lists, lcores): every case runs
// EAL in a forked child, which reports what it saw as text; the parent test
// asserts on that text and on the child's log.
#pragma once

#include <functional>
#include <string>
#include <vector>

struct EalRun {
	bool init_ok = false; // rte_eal_init() succeeded
	std::string out;      // what the body wrote
	std::string log;      // DPDK's log of the whole run
	int status = -1;      // child exit status (0: body and cleanup ran)
};

// Runs body(out) in a child after rte_eal_init() with DPAA_MODEL = model
// (nullptr: unset), --no-huge (unless no_huge is false), lcore 0 (unless
// args give -l/--lcores), bus.dpaa logging at debug, plus 'args'; then
// rte_eal_cleanup(). The child is killed after timeout_s seconds.
// 'after', when given, runs after rte_eal_cleanup() and may add to out.
EalRun run_eal(const char *model, std::vector<std::string> args,
	       const std::function<void(std::string &out)> &body, bool no_huge = true,
	       unsigned timeout_s = 60, const std::function<void(std::string &out)> &after = {});

// Names the test driver (registered first on the bus) was asked to probe,
// in order, space separated.
std::string probed_devices();
// Names it was asked to remove.
std::string removed_devices();
