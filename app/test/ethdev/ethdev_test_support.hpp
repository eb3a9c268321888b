/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the net_dpaa tests share beyond the ethdev harness of both families
// (harness/ethdev_harness.hpp): EAL set-up on a modelled DPAA1 board, BMan
// pools, the modelled SoC's handle, and the check that the drivers never
// misused the model. Public ethdev API only; the model is reached through
// the bus only to read or act on a wire.

#pragma once

#include <functional>
#include <string>
#include <vector>

#include "eal_test_main.hpp"
#include "ethdev_harness.hpp"

namespace dpaa_test
{

// Start EAL on the modelled board described by 'model' (a DPAA_MODEL
// string), with the extra EAL arguments 'extra'. Once per process.
int eal_start(const char *argv0, const std::string &model,
	      const std::vector<std::string> &extra = {});

// The program (eal_test_main.hpp) of a test on the modelled board 'model'
// with the extra EAL arguments 'extra'; 'set_up' finds the ports and makes
// the pools once EAL runs.
EalTestProgram model_program(const std::string &model, const std::vector<std::string> &extra,
			     std::function<std::string()> set_up);

// A model_program whose model's pcap wires read or write files in a new
// temporary directory, named after 'dir_prefix' and removed once the tests
// ran: 'model' is given its path, writes what the wires read and returns
// the DPAA_MODEL string.
EalTestProgram pcap_program(const std::string &dir_prefix,
			    std::function<std::string(const std::string &dir)> model,
			    const std::vector<std::string> &extra,
			    std::function<std::string()> set_up);

// A pktmbuf pool of the "dpaa" ops (a BMan pool).
rte_mempool *dpaa_pool(const char *name, unsigned n,
		       uint16_t data_room = RTE_MBUF_DEFAULT_BUF_SIZE);

} // namespace dpaa_test
