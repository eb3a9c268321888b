/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The model host of a board-only build (meson option dpaa_model=false): no
// modelled SoC to load, none for a secondary to attach to. DPAA_MODEL set
// in such a build is told once that it has no effect, and the bus looks for
// a board as without it.

#include <cerrno>

#include "dpaa_bus.hpp"
#include "model_host/model_host.hpp"

namespace dpaa::platform
{

namespace
{

int no_model(std::string &error) noexcept
{
	static bool said;
	if (!said)
		DPAA_BUS_LOG(WARNING, "DPAA_MODEL is set, but this build of the DPAA bus has no "
				      "modelled SoC (built with -Ddpaa_model=false): ignored");
	said = true;
	error = "this build has no modelled SoC";
	return -ENOTSUP;
}

} // namespace

int create_model_platform(const char *, bus::BusPlatform &, std::string &error) noexcept
{
	return no_model(error);
}

int check_model_syntax(const char *, std::string &error) noexcept
{
	return no_model(error);
}

unsigned model_platform_count() noexcept
{
	return 0;
}

int attach_primary_model(bus::BusPlatform &, std::string &) noexcept
{
	return -ENOTSUP;
}

void model_mp_serve_none() noexcept {}

} // namespace dpaa::platform
