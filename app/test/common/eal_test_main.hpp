/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// One main() for the gtest programs that run under EAL (eal_test_main.cpp):
// gtest's arguments, EAL on the program's model, the program's own set-up,
// RUN_ALL_TESTS, every port stopped and closed, the program's own tear-down
// and rte_eal_cleanup(). A program says only what differs, by defining
// eal_test_program().

#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dpaa_test
{

struct EalTestProgram {
	// First of all, before gtest sees the arguments: an exit status ends
	// the program there (a skip, 77, for what the machine lacks; the job
	// of a child process the tests start); nullopt goes on.
	std::function<std::optional<int>(int argc, char **argv)> before;
	// Starts EAL (with the model the program runs on): rte_eal_init's result.
	std::function<int(const char *argv0)> start_eal;
	// After EAL: finds the ports, makes the pools. "" when the tests can
	// run, else why not (the program then fails without running them).
	std::function<std::string()> set_up;
	// After the tests and the ports' close, before rte_eal_cleanup():
	// releases what set_up made.
	std::function<void()> tear_down;
	// The tests run even when EAL failed, each reporting it itself.
	bool tests_without_eal = false;
	// The tests end EAL themselves (rte_eal_cleanup() is what they test):
	// nothing is closed or cleaned up after them.
	bool tests_end_eal = false;
};

// Defined by each program.
EalTestProgram eal_test_program();

// rte_eal_init with argv0 and 'args' (copied: EAL may reorder them).
int eal_init(const char *argv0, const std::vector<std::string> &args);

} // namespace dpaa_test
