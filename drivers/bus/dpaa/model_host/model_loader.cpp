/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Where the model's library is looked for, in this order:
//  1. the file DPAA_MODEL_LIBRARY names, if set (and nowhere else then);
//  2. a copy the application already links (our tests that read the model
//     link it, so that they and the bus share one model);
//  3. the folder of the shared library that holds the bus, when the bus is
//     one (a shared build, installed or not);
//  4. the build tree the application runs from (uninstalled applications:
//     testpmd, the examples and our tests in the build tree), found from
//     where the program and the bus are, so that no build folder's path is
//     compiled into the bus;
//  5. the library folder the build installs into (installed static
//     applications).
// Not DPDK's driver folder (RTE_EAL_PMD_PATH): EAL loads every library there
// into every process, which is exactly what this library must not be.
//
// The library is loaded RTLD_LOCAL (nothing of it joins the application's
// symbols) and never unloaded: the model's threads and static objects live
// until the process ends.

#include "model_host/model_loader.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <rte_log.h>

#include "dpaa_bus.hpp"

#ifndef RTE_DPAA_MODEL_INSTALL_DIR
#error "the build defines RTE_DPAA_MODEL_INSTALL_DIR"
#endif

namespace dpaa::platform
{

namespace
{

const ModelPluginOps *loaded;

void host_log(PluginLog level, const char *message)
{
	static constexpr uint32_t kLevels[] = {RTE_LOG_ERR, RTE_LOG_WARNING, RTE_LOG_NOTICE,
					       RTE_LOG_INFO, RTE_LOG_DEBUG};
	const auto i = static_cast<uint32_t>(level);
	rte_log(i < RTE_DIM(kLevels) ? kLevels[i] : RTE_LOG_ERR, dpaa::bus_logtype,
		"dpaa_bus: %s\n", message);
}

const ModelPluginHost kHost = {kModelPluginAbi, kModelPluginLayout, &rte_dpaa_windows, host_log};

// The folder of the shared object that holds this code, or "" when it is
// the application itself (a static link).
std::string bus_library_dir()
{
	Dl_info self{};
	link_map *map = nullptr;
	if (dladdr1(reinterpret_cast<void *>(&host_log), &self, reinterpret_cast<void **>(&map),
		    RTLD_DL_LINKMAP) == 0 ||
	    map == nullptr || self.dli_fname == nullptr)
		return {};
	// The application's own entry in the link map has an empty name.
	if (map->l_name == nullptr || map->l_name[0] == '\0')
		return {};
	const char *slash = strrchr(self.dli_fname, '/');
	if (slash == nullptr)
		return {};
	return std::string(self.dli_fname, slash);
}

std::string parent_of(const std::string &path)
{
	const size_t slash = path.find_last_of('/');
	return slash == std::string::npos || slash == 0 ? std::string() : path.substr(0, slash);
}

// The model's library of the build tree a program runs from: a folder at or
// a few levels above the program (or the shared bus) that holds DPDK's build
// (drivers/bus/dpaa/) or ours (subprojects/dpdk/drivers/bus/dpaa/). Only
// files that exist: an installed program finds none and tries none.
std::vector<std::string> build_tree_copies(const std::string &bus_dir)
{
	static constexpr int kLevels = 4; // build/app/test/<suite>/<program>
	std::vector<std::string> starts;
	char exe[4096];
	const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0)
		starts.push_back(parent_of(std::string(exe, static_cast<size_t>(n))));
	if (!bus_dir.empty())
		starts.push_back(bus_dir);
	std::vector<std::string> found;
	for (std::string dir : starts)
		for (int level = 0; level <= kLevels && !dir.empty(); level++, dir = parent_of(dir))
			for (const char *sub :
			     {"/drivers/bus/dpaa/", "/subprojects/dpdk/drivers/bus/dpaa/"}) {
				const std::string f = dir + sub + kModelPluginFile;
				if (access(f.c_str(), F_OK) == 0)
					found.push_back(f);
			}
	return found;
}

// Open 'path' (or, with 'noload', find it among the loaded objects) and
// take its table; on failure add why to 'tried'.
const ModelPluginOps *try_open(const std::string &path, bool noload, std::string &tried)
{
	void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | (noload ? RTLD_NOLOAD : 0));
	if (h == nullptr) {
		if (!noload) {
			// dlerror() names the file itself.
			const char *why = dlerror();
			tried += "\n  " + (why ? std::string(why) : path + ": cannot load");
		}
		return nullptr;
	}
	auto entry = reinterpret_cast<ModelPluginEntry>(dlsym(h, kModelPluginEntry));
	const ModelPluginOps *ops = entry ? entry(&kHost) : nullptr;
	if (ops == nullptr || ops->abi != kModelPluginAbi ||
	    ops->platform_size != kModelPluginLayout) {
		tried += "\n  " + path +
			 (entry ? ": built from other sources than this bus (interface mismatch)"
				: std::string(": no entry point ") + kModelPluginEntry);
		dlclose(h);
		return nullptr;
	}
	DPAA_BUS_LOG(DEBUG, "the modelled SoC: %s", path.c_str());
	return ops;
}

} // namespace

const ModelPluginOps *model_plugin(std::string &error) noexcept
{
	if (loaded != nullptr)
		return loaded;
	std::string tried;
	const std::string file = kModelPluginFile;
	if (const char *path = getenv("DPAA_MODEL_LIBRARY"); path != nullptr && path[0] != '\0') {
		loaded = try_open(path, false, tried);
	} else {
		loaded = try_open(file, true, tried);
		std::vector<std::string> paths;
		const std::string bus_dir = bus_library_dir();
		if (!bus_dir.empty())
			paths.push_back(bus_dir + "/" + file);
		for (std::string &f : build_tree_copies(bus_dir))
			paths.push_back(std::move(f));
		paths.push_back(std::string(RTE_DPAA_MODEL_INSTALL_DIR) + "/" + file);
		for (size_t i = 0; loaded == nullptr && i < paths.size(); i++)
			loaded = try_open(paths[i], false, tried);
	}
	if (loaded == nullptr)
		error = "DPAA_MODEL is set but the modelled SoC's library cannot be loaded (set "
			"DPAA_MODEL_LIBRARY to its path); tried:" +
			tried;
	return loaded;
}

} // namespace dpaa::platform
