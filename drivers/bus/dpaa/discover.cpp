/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "discover.hpp"

#include <cerrno>
#include <cstdlib>

#include "model_host/model_host.hpp"
#include "platform/board_platform.hpp"

namespace dpaa::bus
{

namespace
{

// The modelled board built while EAL parsed the device arguments (see
// check_model_config), and the configuration it was built from; the bus
// scan that follows takes it.
BusPlatform parsed_platform;
std::string parsed_config;

} // namespace

int discover(BusPlatform &out, std::string &error) noexcept
{
	out.reset();
	// An explicit model configuration wins, even on a board: it is how a
	// board runs the driver against the model too. An empty value selects
	// the default board.
	if (const char *config = getenv("DPAA_MODEL")) {
		if (parsed_platform.platform && parsed_config == config) {
			out = std::move(parsed_platform);
			return 0;
		}
		parsed_platform.reset();
		const int ret = platform::create_model_platform(config, out, error);
		if (ret != -ENOTSUP)
			return ret;
		// A build without the model (no_model.cpp said so): as if unset.
		error.clear();
	}
	// A board: the USDPAA kernel device and the device tree. -ENODEV is
	// no DPAA for this process, not an error; 'error' may say why (a tree
	// that hands no MAC to user space).
	int ret = platform::create_board_platform("/proc/device-tree", out.platform, error);
	if (ret == 0)
		out.sharing = std::make_unique<NoSharing>();
	return ret == -ENODEV ? 0 : ret;
}

int check_model_config(std::string &error) noexcept
{
	const char *config = getenv("DPAA_MODEL");
	if (config == nullptr)
		return 0;
	int ret = platform::check_model_syntax(config, error);
	if (ret == -ENOTSUP) // a build without the model: as if unset
		return 0;
	if (ret < 0)
		return ret;
	// What only opening can tell (a pcap file missing or not a capture, a
	// TAP name taken) is as fatal as a syntax error: the board is built
	// now, its wires opened, and the scan takes it. Not twice: a board
	// that exists already (a later hot-plug) keeps its files and TAPs.
	if (platform::model_platform_count() > 0)
		return 0;
	parsed_platform.reset();
	ret = platform::create_model_platform(config, parsed_platform, error);
	if (ret < 0)
		return ret;
	parsed_config = config;
	return 0;
}

} // namespace dpaa::bus
