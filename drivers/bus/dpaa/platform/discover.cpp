/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "platform/discover.hpp"

#include <cerrno>
#include <cstdlib>

#include "dpaa_model/config.hpp"

namespace dpaa::platform
{

int discover(std::unique_ptr<Platform> &out, std::string &error) noexcept
{
	out.reset();
	// An explicit model configuration wins, even on a board: it is how a
	// board runs the driver against the model too. An empty value selects
	// the default board.
	if (const char *config = getenv("DPAA_MODEL"))
		return create_model_platform(config, out, error);
	int ret = create_board_platform("/proc/device-tree", out, error);
	if (ret == -ENODEV) {
		error.clear();
		return 0;
	}
	return ret;
}

} // namespace dpaa::platform

namespace dpaa::platform
{

int check_model_config(std::string &error) noexcept
{
	const char *config = getenv("DPAA_MODEL");
	if (config == nullptr)
		return 0;
	model::ModelConfig parsed;
	return model::parse_config(config, parsed, error) ? 0 : -EINVAL;
}

} // namespace dpaa::platform
