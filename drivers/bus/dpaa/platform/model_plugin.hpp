/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC as a library of its own, loaded by the bus only when
// DPAA_MODEL is set: librte_dpaa_model_platform.so holds lib/dpaa_model, its
// platform (lib/dpaa_model_platform) and libpcap, so that the driver libraries a
// board user installs hold none of them.
//
// The two sides meet at one C entry point (kModelPluginEntry) and two
// tables of plain pointers:
//  - the bus lends the plugin what the model needs of it (ModelPluginHost):
//    the process's bus-address table, which the plugin fills and the
//    drivers translate with, and the bus's log;
//  - the plugin answers with what the bus calls (ModelPluginOps).
// The plugin calls nothing of DPDK or of the bus by symbol: it loads the
// same way into a static application (which need not export its symbols)
// as into one linking DPDK's shared libraries, and EAL and the bus exist
// once, in the application.
//
// The plugin's sources are lib/dpaa_model_platform; the bus's side of the
// interface (loading, and everything the primary shares with secondary
// processes: the State file, the rte_mp actions, portal claims) is
// drivers/bus/dpaa/model_host. A secondary never loads the plugin.
#pragma once

#include <cstddef>
#include <cstdint>

#include "model_plugin_abi.h"
#include "platform/bus_addr.hpp"
#include "platform/platform.hpp"

namespace dpaa::platform
{

// The plugin's platform: a Platform over the modelled SoC, plus what the bus
// hands secondary processes.
class ModelCore : public Platform
{
public:
	// The memory files of portal pair 'index' (QMan CE, CI, BMan CE, CI)
	// and the QMan portal's channel. 0 or negative errno.
	virtual int portal_fds(unsigned index, int fds[4], uint16_t &channel) noexcept = 0;
};

// The interface's version: a token the build makes at configure time from
// the headers that define the tables, ModelCore and Platform
// (gen_model_plugin_abi.py), so that a bus and a plugin built from
// different sources refuse each other rather than misread each other.
inline constexpr uint32_t kModelPluginAbi = RTE_DPAA_MODEL_PLUGIN_ABI;

inline constexpr const char *kModelPluginFile = "librte_dpaa_model_platform.so";
inline constexpr const char *kModelPluginEntry = "rte_dpaa_model_platform";

enum class PluginLog : uint32_t { err, warning, notice, info, debug };

extern "C" {

struct ModelPluginHost {
	uint32_t abi;
	uint32_t platform_size; // sizeof(SocInfo) + sizeof(WindowTable): a layout check
	WindowTable *windows;	// the process's table (rte_dpaa_windows)
	void (*log)(PluginLog level, const char *message);
};

struct ModelPluginOps {
	uint32_t abi;
	uint32_t platform_size;
	// 0, or -EINVAL with 'error' saying what is wrong with 'config'.
	int (*check_config)(const char *config, char *error, size_t error_size);
	// 0 with *out set (the caller owns it), or negative errno with
	// 'error' set: a bad configuration, a wire that cannot open.
	int (*create)(const char *config, ModelCore **out, char *error, size_t error_size);
};

// The entry point: the plugin's table for 'host' (kept for the process's
// life), or nullptr when the host's abi or layout is not the plugin's.
using ModelPluginEntry = const ModelPluginOps *(*)(const ModelPluginHost *host);

} // extern "C"

inline constexpr uint32_t kModelPluginLayout = sizeof(SocInfo) + sizeof(WindowTable);

} // namespace dpaa::platform

extern "C" const dpaa::platform::ModelPluginOps *
rte_dpaa_model_platform(const dpaa::platform::ModelPluginHost *host);
