/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_mempool_shared.hpp"

#include <cerrno>
#include <cstring>
#include <mutex>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_memzone.h>
#include <rte_string_fns.h>

namespace dpaa::mempool
{

extern int logtype;

namespace
{

#define SHARE_LOG(level, fmt, ...)                                                                 \
	rte_log(RTE_LOG_##level, dpaa::mempool::logtype,                                           \
		"mempool_dpaa: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

constexpr const char *kMemzone = "mempool_dpaa_bpids";
constexpr const char *kAction = "mempool_dpaa_bpid";
constexpr timespec kTimeout = {5, 0};

struct Shared {
	dpaa_bpid_info info[DPAA_MEMPOOL_MAX_BPIDS];
};

Shared *shared;
std::mutex init_lock;
bool initialised;

struct Announce {
	uint32_t bpid;
};

Shared *get_shared() noexcept
{
	if (shared != nullptr)
		return shared;
	const rte_memzone *mz = rte_memzone_lookup(kMemzone);
	if (mz == nullptr)
		mz = rte_memzone_reserve(kMemzone, sizeof(Shared), SOCKET_ID_ANY, 0);
	if (mz == nullptr && rte_errno == EEXIST) // another process, just now
		mz = rte_memzone_lookup(kMemzone);
	if (mz == nullptr) {
		SHARE_LOG(ERR, "cannot share BPIDs between processes (memzone %s): %s", kMemzone,
			  rte_strerror(rte_errno));
		return nullptr;
	}
	shared = static_cast<Shared *>(mz->addr); // memzones come zeroed
	return shared;
}

void apply(uint32_t bpid) noexcept
{
	if (bpid < DPAA_MEMPOOL_MAX_BPIDS && shared != nullptr)
		rte_dpaa_bpid_info[bpid] = shared->info[bpid];
}

void send(const char *name, uint32_t bpid, rte_mp_msg &m) noexcept
{
	m = rte_mp_msg{};
	strlcpy(m.name, name, sizeof(m.name));
	const Announce a{bpid};
	memcpy(m.param, &a, sizeof(a));
	m.len_param = sizeof(a);
}

// In the primary: a secondary's change, passed on to every secondary, then
// answered. In a secondary: the primary's (or another secondary's) change.
int on_announce(const rte_mp_msg *msg, const void *peer) noexcept
{
	if (msg->len_param < static_cast<int>(sizeof(Announce)))
		return -EINVAL;
	Announce a;
	memcpy(&a, msg->param, sizeof(a));
	get_shared();
	apply(a.bpid);
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return 0;
	rte_mp_msg out;
	send(kAction, a.bpid, out);
	rte_mp_sendmsg(&out);
	rte_mp_msg r;
	send(kAction, a.bpid, r);
	return rte_mp_reply(&r, static_cast<const char *>(peer));
}

void announce(uint32_t bpid) noexcept
{
	rte_mp_msg m;
	send(kAction, bpid, m);
	if (rte_eal_process_type() == RTE_PROC_PRIMARY) {
		rte_mp_sendmsg(&m); // no secondary: nothing sent, no error
		return;
	}
	struct rte_mp_reply rep {
	};
	if (rte_mp_request_sync(&m, &rep, &kTimeout) < 0 || rep.nb_received != 1)
		SHARE_LOG(WARNING,
			  "BMan pool %u: the primary process did not acknowledge it; its ports "
			  "may not know this pool",
			  bpid);
	free(rep.msgs);
}

} // namespace

void bpid_share_init() noexcept
{
	std::lock_guard<std::mutex> hold(init_lock);
	if (initialised)
		return;
	initialised = true;
	if (rte_mp_action_register(kAction, on_announce) < 0 && rte_errno != ENOTSUP &&
	    rte_errno != EEXIST)
		SHARE_LOG(WARNING, "no BPID announcements from other processes: %s",
			  rte_strerror(rte_errno));
	if (rte_eal_process_type() == RTE_PROC_SECONDARY && get_shared() != nullptr)
		for (uint32_t b = 0; b < DPAA_MEMPOOL_MAX_BPIDS; b++)
			apply(b);
}

void bpid_publish(unsigned bpid, const dpaa_bpid_info &info) noexcept
{
	rte_dpaa_bpid_info[bpid] = info;
	Shared *s = get_shared();
	if (s == nullptr)
		return;
	s->info[bpid] = info;
	announce(bpid);
}

} // namespace dpaa::mempool

extern "C" void rte_dpaa_mempool_share(void)
{
	dpaa::mempool::bpid_share_init();
}
