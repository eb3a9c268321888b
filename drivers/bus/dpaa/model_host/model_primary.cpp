/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC as the primary process's platform: the model library's
// ModelCore (model_plugin.hpp) is the platform the bus runs on, and beside it
// (PrimaryModelSharing) what the bus shares with DPDK secondary processes
// (model_shared.hpp): the State file with the SoC, the portals' owners and
// the bus-address windows, and the rte_mp actions that hand secondaries
// portals and perform their CCSR accesses. The model library knows nothing
// of DPDK processes; a secondary drives the primary's model through these
// and never loads the library.

#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include <unistd.h>

#include "dpaa_bus.hpp"
#include "model_host/model_host.hpp"
#include "model_host/model_loader.hpp"
#include "model_host/model_mp.hpp"

namespace dpaa::platform
{

namespace
{

std::atomic<unsigned> live_models;

class PrimaryModelSharing final : public bus::ProcessSharing, public ModelMpHost
{
public:
	explicit PrimaryModelSharing(ModelCore &core) noexcept : core_(core) { live_models++; }

	int init(std::string &error) noexcept
	{
		int ret = model_state_create(state_, state_fd_);
		if (ret < 0) {
			error = std::string("cannot create the state shared with secondary "
					    "processes: ") +
				strerror(-ret);
			return ret;
		}
		state_->soc = core_.soc();
		return 0;
	}

	~PrimaryModelSharing() override
	{
		model_mp_unserve();
		model_state_destroy(state_, state_fd_);
		live_models--;
	}

	// Secondary processes may attach once the model runs.
	int serve() noexcept override { return model_mp_serve(*this, state_fd_); }
	void unserve() noexcept override { model_mp_unserve(); }

	int claim_portal(unsigned index) noexcept override
	{
		return shared::claim_portal(*state_, index);
	}

	void release_portal(unsigned index) noexcept override
	{
		shared::release_portal(*state_, index);
	}

	void set_probed(unsigned mac, bool probed) noexcept override
	{
		const uint32_t bit = uint32_t{1} << mac;
		if (probed)
			state_->probed_macs.fetch_or(bit, std::memory_order_release);
		else
			state_->probed_macs.fetch_and(~bit, std::memory_order_release);
	}

	// ModelMpHost: what the rte_mp actions serve secondaries.
	shared::State &state() noexcept override { return *state_; }
	ModelCore &core() noexcept override { return core_; }

	// Each window of the process's table not shared yet, once its entry is
	// complete. The model only ever adds windows; the rte_mp actions, the
	// only callers, run on one thread.
	void publish_windows() noexcept override
	{
		uint32_t n = state_->num_windows.load(std::memory_order_relaxed);
		for (; n < rte_dpaa_windows.size() && n < WindowTable::kMaxWindows; n++) {
			state_->windows[n] = rte_dpaa_windows.at(n);
			state_->num_windows.store(n + 1, std::memory_order_release);
		}
	}

private:
	ModelCore &core_;
	shared::State *state_ = nullptr;
	int state_fd_ = -1;
};

} // namespace

unsigned model_platform_count() noexcept
{
	return live_models.load();
}

int check_model_syntax(const char *config, std::string &error) noexcept
{
	const ModelPluginOps *ops = model_plugin(error);
	if (ops == nullptr)
		return -ENOENT;
	char why[1024] = "";
	const int ret = ops->check_config(config, why, sizeof(why));
	if (ret < 0)
		error = why;
	return ret;
}

int create_model_platform(const char *config, bus::BusPlatform &out, std::string &error) noexcept
{
	const ModelPluginOps *ops = model_plugin(error);
	if (ops == nullptr)
		return -ENOENT;
	ModelCore *raw = nullptr;
	char why[1024] = "";
	int ret = ops->create(config, &raw, why, sizeof(why));
	if (ret < 0) {
		error = why;
		return ret;
	}
	std::unique_ptr<ModelCore> core(raw);
	auto sharing =
		std::unique_ptr<PrimaryModelSharing>(new (std::nothrow) PrimaryModelSharing(*core));
	if (!sharing)
		return -ENOMEM;
	ret = sharing->init(error);
	if (ret < 0)
		return ret;
	out.sharing = std::move(sharing);
	out.platform = std::move(core);
	return 0;
}

} // namespace dpaa::platform
