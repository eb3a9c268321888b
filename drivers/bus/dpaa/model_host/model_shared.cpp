/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The primary's side of model_shared.hpp: the State file and the rte_mp
// actions that hand secondaries their portals and hardware IDs and perform
// their CCSR accesses. The actions run on DPDK's multi-process thread; the model's
// register windows take the model's lock themselves.

#include "model_host/model_shared.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <new>

#include <sys/mman.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_string_fns.h>

#include "dpaa_bus.hpp"
#include "platform/dpdk_memory.hpp"
#include "model_host/model_host.hpp"
#include "model_host/model_mp.hpp"

namespace dpaa::platform
{

namespace shared
{

namespace
{

bool alive(pid_t pid) noexcept
{
	return kill(pid, 0) == 0 || errno != ESRCH;
}

} // namespace

int claim_portal(State &s, unsigned index) noexcept
{
	if (index >= kMaxPortals)
		return -EINVAL;
	const pid_t self = getpid();
	std::atomic<int32_t> &owner = s.portal_owner[index];
	int32_t cur = owner.load(std::memory_order_acquire);
	for (;;) {
		if (cur == self)
			return 0;
		if (cur != 0 && alive(cur))
			return -EBUSY;
		if (owner.compare_exchange_weak(cur, self, std::memory_order_acq_rel))
			break;
	}
	if (cur != 0)
		DPAA_BUS_LOG(NOTICE, "portal %u: its owner, process %d, has exited: taken over",
			     index, static_cast<int>(cur));
	return 0;
}

void release_portal(State &s, unsigned index) noexcept
{
	if (index >= kMaxPortals)
		return;
	int32_t expected = getpid();
	s.portal_owner[index].compare_exchange_strong(expected, 0, std::memory_order_acq_rel);
}

} // namespace shared

namespace
{

ModelMpHost *host;
int state_fd = -1;
bool registered;

template <typename T> const T *param_of(const rte_mp_msg *msg) noexcept
{
	if (msg->len_param < static_cast<int>(sizeof(T)))
		return nullptr;
	return reinterpret_cast<const T *>(msg->param);
}

template <typename T>
void reply(const rte_mp_msg *req, const void *peer, const T &body, const int *fds = nullptr,
	   int num_fds = 0) noexcept
{
	rte_mp_msg r{};
	static_assert(sizeof(T) <= sizeof(r.param));
	strlcpy(r.name, req->name, sizeof(r.name));
	memcpy(r.param, &body, sizeof(T));
	r.len_param = sizeof(T);
	for (int i = 0; i < num_fds; i++)
		r.fds[i] = fds[i];
	r.num_fds = num_fds;
	if (rte_mp_reply(&r, static_cast<const char *>(peer)) < 0)
		DPAA_BUS_LOG(WARNING, "no answer to a secondary's %s: %s", req->name,
			     rte_strerror(rte_errno));
}

int on_attach(const rte_mp_msg *msg, const void *peer) noexcept
{
	shared::AttachReply r{host != nullptr && state_fd >= 0 ? 0 : -ENODEV};
	if (r.status == 0) {
		host->publish_windows();
		reply(msg, peer, r, &state_fd, 1);
		DPAA_BUS_LOG(INFO, "a secondary process attached to the modelled %s",
			     host->state().soc.board);
	} else {
		reply(msg, peer, r);
	}
	return 0;
}

int on_portal(const rte_mp_msg *msg, const void *peer) noexcept
{
	const auto *req = param_of<shared::PortalRequest>(msg);
	shared::PortalReply r{-EINVAL, 0};
	int fds[4] = {-1, -1, -1, -1};
	if (req != nullptr && host != nullptr)
		r.status = host->core().portal_fds(req->index, fds, r.channel);
	if (r.status == 0)
		reply(msg, peer, r, fds, 4);
	else
		reply(msg, peer, r);
	return 0;
}

hw::RegisterWindow *ccsr(ModelCore &core, shared::CcsrBlock block) noexcept
{
	switch (block) {
	case shared::CcsrBlock::fman0:
		return core.fman_ccsr(0);
	case shared::CcsrBlock::fman1:
		return core.fman_ccsr(1);
	case shared::CcsrBlock::bman:
		return core.bman_ccsr();
	}
	return nullptr;
}

int on_ccsr(const rte_mp_msg *msg, const void *peer) noexcept
{
	const auto *req = param_of<shared::CcsrRequest>(msg);
	shared::CcsrReply r{-EINVAL, 0};
	hw::RegisterWindow *w =
		req != nullptr && host != nullptr ? ccsr(host->core(), req->block) : nullptr;
	if (w != nullptr) {
		if (req->write)
			w->write32(req->off, req->value);
		else
			r.value = w->read32(req->off);
		r.status = 0;
	}
	reply(msg, peer, r);
	return 0;
}

int on_dma_map(const rte_mp_msg *msg, const void *peer) noexcept
{
	const auto *req = param_of<shared::DmaMapRequest>(msg);
	shared::DmaMapReply r{-EINVAL};
	if (req != nullptr)
		r.status = dpdk_memory_map(reinterpret_cast<const void *>(req->va), req->len);
	if (host != nullptr)
		host->publish_windows();
	reply(msg, peer, r);
	return 0;
}

int on_ids(const rte_mp_msg *msg, const void *peer) noexcept
{
	const auto *req = param_of<shared::IdsRequest>(msg);
	shared::IdsReply r{-EINVAL, 0};
	if (req != nullptr && host != nullptr) {
		Platform &p = host->core();
		if (req->free) {
			p.free_ids(req->kind, req->base, req->count);
			r.status = 0;
		} else {
			r.status = p.alloc_ids(req->kind, req->count, req->align, r.base);
		}
	}
	reply(msg, peer, r);
	return 0;
}

struct Action {
	const char *name;
	rte_mp_t fn;
};

// model_mp_serve_none's answer is registered.
bool serving_none;

const Action kActions[] = {
	{shared::kAttachAction, on_attach}, {shared::kPortalAction, on_portal},
	{shared::kCcsrAction, on_ccsr},	    {shared::kDmaMapAction, on_dma_map},
	{shared::kIdsAction, on_ids},
};

} // namespace

int model_state_create(shared::State *&state, int &fd) noexcept
{
	fd = memfd_create("dpaa-shared", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	void *p = MAP_FAILED;
	if (ftruncate(fd, sizeof(shared::State)) == 0)
		p = mmap(nullptr, sizeof(shared::State), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		const int err = errno;
		close(fd);
		fd = -1;
		return -err;
	}
	state = new (p) shared::State{};
	state->magic = shared::kMagic;
	state->version = shared::kVersion;
	state->primary = getpid();
	return 0;
}

void model_state_destroy(shared::State *state, int fd) noexcept
{
	if (state != nullptr)
		munmap(state, sizeof(shared::State));
	if (fd >= 0)
		close(fd);
}

int model_mp_serve(ModelMpHost &h, int fd) noexcept
{
	if (rte_eal_process_type() != RTE_PROC_PRIMARY || registered)
		return 0;
	if (serving_none) {
		rte_mp_action_unregister(shared::kAttachAction);
		serving_none = false;
	}
	host = &h;
	state_fd = fd;
	for (const Action &a : kActions) {
		if (rte_mp_action_register(a.name, a.fn) < 0) {
			// --no-shconf, --in-memory: no secondary can exist.
			if (rte_errno == ENOTSUP) {
				DPAA_BUS_LOG(DEBUG, "no multi-process channel: no secondary "
						    "process can attach");
				model_mp_unserve();
				return 0;
			}
			const int err = rte_errno;
			DPAA_BUS_LOG(ERR, "cannot offer %s to secondary processes: %s", a.name,
				     rte_strerror(err));
			model_mp_unserve();
			return -err;
		}
		registered = true;
	}
	return 0;
}

void model_mp_serve_none() noexcept
{
	if (rte_eal_process_type() != RTE_PROC_PRIMARY || registered || serving_none)
		return;
	// on_attach answers -ENODEV while no model platform is the host.
	serving_none = rte_mp_action_register(shared::kAttachAction, on_attach) == 0;
}

void model_mp_unserve() noexcept
{
	if (registered)
		for (const Action &a : kActions)
			rte_mp_action_unregister(a.name);
	registered = false;
	host = nullptr;
	state_fd = -1;
}

} // namespace dpaa::platform
