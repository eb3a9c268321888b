/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The model library's entry point (model_plugin.hpp): the one symbol the bus
// looks up after loading it.

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>

#include "dpaa_model/config.hpp"
#include "dpaa_model_platform/model_core.hpp"

namespace dpaa::platform
{

namespace
{

const ModelPluginHost *the_host;

void put_error(const std::string &error, char *out, size_t size) noexcept
{
	if (size != 0)
		snprintf(out, size, "%s", error.c_str());
}

int check_config(const char *config, char *error, size_t error_size)
{
	model::ModelConfig parsed;
	std::string why;
	if (model::parse_config(config, parsed, why))
		return 0;
	put_error(why, error, error_size);
	return -EINVAL;
}

int create(const char *config, ModelCore **out, char *error, size_t error_size)
{
	std::unique_ptr<ModelCore> core;
	std::string why;
	const int ret = create_model_core(*the_host, config, core, why);
	if (ret < 0) {
		put_error(why, error, error_size);
		return ret;
	}
	*out = core.release();
	return 0;
}

constexpr ModelPluginOps kOps = {
	kModelPluginAbi,
	kModelPluginLayout,
	check_config,
	create,
};

} // namespace

} // namespace dpaa::platform

extern "C" const dpaa::platform::ModelPluginOps *
rte_dpaa_model_platform(const dpaa::platform::ModelPluginHost *host)
{
	using namespace dpaa::platform;
	if (host == nullptr || host->abi != kModelPluginAbi ||
	    host->platform_size != kModelPluginLayout || host->windows == nullptr ||
	    host->log == nullptr)
		return nullptr;
	the_host = host;
	return &kOps;
}
