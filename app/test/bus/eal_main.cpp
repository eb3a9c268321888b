/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// One EAL for the whole binary (EAL cannot be initialised twice in a process),
// in --no-huge mode so the tests need no hugepages; main() is the shared one
// (eal_test_main.cpp).

#include "eal_test_main.hpp"

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program;
	program.start_eal = [](const char *argv0) {
		return eal_init(argv0, {"--no-huge", "-m", "256", "--no-pci", "--no-shconf",
					"--log-level=*:warning", "--vdev=net_null0", "-l", "0"});
	};
	return program;
}
