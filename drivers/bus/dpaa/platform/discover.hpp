/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Which platform this process runs on: the modelled SoC when DPAA_MODEL is
// set, the board when the USDPAA device and a DPAA device tree exist, none
// otherwise. Each constructor is reached only from here.
#pragma once

#include <memory>
#include <string>

#include "platform/platform.hpp"

namespace dpaa::platform
{

// 0 with 'out' set, 0 with 'out' empty when there is no DPAA (not an error;
// 'error' may then say what a USDPAA board lacks for this process), or
// negative errno with 'error' saying what is wrong (a bad DPAA_MODEL).
int discover(std::unique_ptr<Platform> &out, std::string &error) noexcept;

// -EINVAL with 'error' set when DPAA_MODEL is set and wrong, else 0. The bus
// checks it while EAL parses -a/-b device arguments, the one step of EAL
// initialisation that fails on a bus's refusal (a failed bus scan does not).
// Wrong includes a wire that cannot open (a pcap file, a TAP): the modelled
// board is built here, once, and handed to the next discover().
int check_model_config(std::string &error) noexcept;

// How many modelled boards exist in this process.
unsigned model_platform_count() noexcept;

// The modelled SoC's own check of a DPAA_MODEL value (nothing is built):
// 0, -EINVAL with 'error' saying what is wrong, or -ENOENT with 'error'
// saying where the model's library was looked for (../model_host/model_loader.hpp).
int check_model_syntax(const char *config, std::string &error) noexcept;

// The constructors discover() chooses from. The model's is in
// ../model_host/model_primary.cpp, around the model's library.
int create_model_platform(const char *config, std::unique_ptr<Platform> &out,
			  std::string &error) noexcept;
// -ENODEV when the machine has no USDPAA device or no DPAA device tree.
int create_board_platform(const char *dt_root, std::unique_ptr<Platform> &out,
			  std::string &error) noexcept;

} // namespace dpaa::platform
