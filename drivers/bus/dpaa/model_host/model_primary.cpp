/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The modelled SoC as the primary process's platform: the model library's
// ModelCore (model_plugin.hpp), and around it what the bus shares with DPDK
// secondary processes (model_shared.hpp): the State file with the SoC, the
// portals' owners and the bus-address windows, and the rte_mp actions that
// hand secondaries portals and perform their CCSR accesses. The model
// library knows nothing of DPDK processes; a secondary drives the primary's
// model through these and never loads the library.
//
// Every Platform call the model answers is passed on to the core: a member
// added to Platform must be passed on here too.

#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include <unistd.h>

#include "dpaa_bus.hpp"
#include "platform/discover.hpp"
#include "model_host/model_loader.hpp"
#include "model_host/model_mp.hpp"

namespace dpaa::platform
{

namespace
{

std::atomic<unsigned> live_platforms;

class PrimaryModelPlatform final : public Platform, public ModelMpHost
{
public:
	explicit PrimaryModelPlatform(std::unique_ptr<ModelCore> core) noexcept
	    : core_(std::move(core))
	{
		live_platforms++;
	}

	int init(std::string &error) noexcept
	{
		int ret = model_state_create(state_, state_fd_);
		if (ret < 0) {
			error = std::string("cannot create the state shared with secondary "
					    "processes: ") +
				strerror(-ret);
			return ret;
		}
		state_->soc = core_->soc();
		return 0;
	}

	~PrimaryModelPlatform() override
	{
		model_mp_unserve();
		core_->stop();
		core_.reset();
		model_state_destroy(state_, state_fd_);
		live_platforms--;
	}

	const char *kind() const noexcept override { return core_->kind(); }
	const SocInfo &soc() const noexcept override { return core_->soc(); }

	int start() noexcept override
	{
		int ret = core_->start();
		if (ret < 0)
			return ret;
		// Secondary processes may attach from now on.
		return model_mp_serve(*this, state_fd_);
	}

	void stop() noexcept override { core_->stop(); }
	std::vector<std::string> wire_report() const override { return core_->wire_report(); }
	std::string misuse_report() noexcept override { return core_->misuse_report(); }

	int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept override
	{
		return core_->map_qman_portal(index, out);
	}
	int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept override
	{
		return core_->map_bman_portal(index, out);
	}
	void unmap_qman_portal(unsigned index) noexcept override
	{
		core_->unmap_qman_portal(index);
	}
	void unmap_bman_portal(unsigned index) noexcept override
	{
		core_->unmap_bman_portal(index);
	}

	int claim_portal(unsigned index) noexcept override
	{
		return shared::claim_portal(*state_, index);
	}

	void release_portal(unsigned index) noexcept override
	{
		shared::release_portal(*state_, index);
	}

	bool hardware_present() noexcept override { return core_->hardware_present(); }

	void set_probed(unsigned mac, bool probed) noexcept override
	{
		const uint32_t bit = uint32_t{1} << mac;
		if (probed)
			state_->probed_macs.fetch_or(bit, std::memory_order_release);
		else
			state_->probed_macs.fetch_and(~bit, std::memory_order_release);
	}

	int set_qman_portal_irq(unsigned index, IrqFn fn) noexcept override
	{
		return core_->set_qman_portal_irq(index, fn);
	}

	hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept override
	{
		return core_->fman_ccsr(fman);
	}
	hw::RegisterWindow *bman_ccsr() noexcept override { return core_->bman_ccsr(); }
	hw::RegisterWindow *fman_timer(unsigned fman) noexcept override
	{
		return core_->fman_timer(fman);
	}

	bool assigns_bus_addresses() const noexcept override
	{
		return core_->assigns_bus_addresses();
	}

	int dma_map(uintptr_t va, size_t len, uint64_t iova) noexcept override
	{
		const int ret = core_->dma_map(va, len, iova);
		publish_windows();
		return ret;
	}

	IovaNeed iova_need() const noexcept override { return core_->iova_need(); }
	int alloc_ids(IdKind kind, uint32_t count, uint32_t align, uint32_t &base) noexcept override
	{
		return core_->alloc_ids(kind, count, align, base);
	}
	void free_ids(IdKind kind, uint32_t base, uint32_t count) noexcept override
	{
		core_->free_ids(kind, base, count);
	}

	int link_state(unsigned mac, LinkState &out) noexcept override
	{
		return core_->link_state(mac, out);
	}
	int set_link_admin(unsigned mac, bool up) noexcept override
	{
		return core_->set_link_admin(mac, up);
	}
	int set_link_mode(unsigned mac, const LinkMode &mode) noexcept override
	{
		return core_->set_link_mode(mac, mode);
	}
	int set_link_event_fd(unsigned mac, int efd) noexcept override
	{
		return core_->set_link_event_fd(mac, efd);
	}

	WaitFn wait_fn() noexcept override { return core_->wait_fn(); }
	EqcrFullFn eqcr_full_fn() noexcept override { return core_->eqcr_full_fn(); }
	void *model_system() noexcept override { return core_->model_system(); }

	// ModelMpHost: what the rte_mp actions serve secondaries.
	shared::State &state() noexcept override { return *state_; }
	Platform &platform() noexcept override { return *this; }

	int portal_fds(unsigned index, int fds[4], uint16_t &channel) noexcept override
	{
		return core_->portal_fds(index, fds, channel);
	}

	hw::RegisterWindow *ccsr(shared::CcsrBlock block) noexcept override
	{
		switch (block) {
		case shared::CcsrBlock::fman0:
			return fman_ccsr(0);
		case shared::CcsrBlock::fman1:
			return fman_ccsr(1);
		case shared::CcsrBlock::bman:
			return bman_ccsr();
		}
		return nullptr;
	}

private:
	// For secondaries: every window of the process's table not shared yet,
	// each once its entry is complete. The model only ever adds windows.
	void publish_windows() noexcept
	{
		uint32_t n = state_->num_windows.load(std::memory_order_relaxed);
		for (; n < rte_dpaa_windows.size() && n < WindowTable::kMaxWindows; n++) {
			state_->windows[n] = rte_dpaa_windows.at(n);
			state_->num_windows.store(n + 1, std::memory_order_release);
		}
	}

	std::unique_ptr<ModelCore> core_;
	shared::State *state_ = nullptr;
	int state_fd_ = -1;
};

} // namespace

unsigned model_platform_count() noexcept
{
	return live_platforms.load();
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

int create_model_platform(const char *config, std::unique_ptr<Platform> &out,
			  std::string &error) noexcept
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
	auto p = std::unique_ptr<PrimaryModelPlatform>(
		new (std::nothrow) PrimaryModelPlatform(std::unique_ptr<ModelCore>(raw)));
	if (!p) {
		delete raw;
		return -ENOMEM;
	}
	ret = p->init(error);
	if (ret < 0)
		return ret;
	out = std::move(p);
	return 0;
}

} // namespace dpaa::platform
