/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Which platform this process runs on, the bus's choice: the primary's
// modelled SoC in a secondary process that has one, the modelled SoC when
// DPAA_MODEL is set, the board when the USDPAA device and a DPAA device tree
// exist, none otherwise. The model's side is model_host/model_host.hpp, the
// board's platform/board_platform.hpp.
#pragma once

#include <string>

#include "process_sharing.hpp"

namespace dpaa::bus
{

// 0 with 'out' set, 0 with 'out' empty when there is no DPAA (not an error;
// 'error' may then say what a USDPAA board lacks for this process), or
// negative errno with 'error' saying what is wrong (a bad DPAA_MODEL).
int discover(BusPlatform &out, std::string &error) noexcept;

// -EINVAL with 'error' set when DPAA_MODEL is set and wrong, else 0. The bus
// checks it while EAL parses -a/-b device arguments, the one step of EAL
// initialisation that fails on a bus's refusal (a failed bus scan does not).
// Wrong includes a wire that cannot open (a pcap file, a TAP): the modelled
// board is built here, once, and handed to the next discover().
int check_model_config(std::string &error) noexcept;

} // namespace dpaa::bus
