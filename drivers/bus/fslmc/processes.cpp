/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "processes.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_memzone.h>
#include <rte_string_fns.h>

#include "bus_internal.hpp"

namespace dpaa2::fslmc
{

namespace
{

constexpr const char kVfioAction[] = "bus_fslmc_vfio";
constexpr const char kClaimsZone[] = "bus_fslmc_claims";
// Object ids the table covers (the MC numbers each type from 0 or 1).
constexpr uint32_t kMaxIds = 256;

struct Claims {
	std::atomic<int32_t> dpio[kMaxIds];
	std::atomic<int32_t> dpbp[kMaxIds];
};
static_assert(std::atomic<int32_t>::is_always_lock_free);

Vfio *shared_vfio;
const rte_memzone *claims_zone;
Claims *claims;

int answer_vfio(const rte_mp_msg *msg, const void *peer) noexcept
{
	rte_mp_msg reply{};
	strlcpy(reply.name, msg->name, sizeof(reply.name));
	if (shared_vfio != nullptr && shared_vfio->is_open()) {
		reply.num_fds = 2;
		reply.fds[0] = shared_vfio->group_fd();
		reply.fds[1] = shared_vfio->container_fd();
	}
	return rte_mp_reply(&reply, static_cast<const char *>(peer));
}

std::atomic<int32_t> *owner_of(ObjKind kind, uint32_t id) noexcept
{
	if (claims == nullptr || id >= kMaxIds)
		return nullptr;
	if (kind == ObjKind::dpio)
		return &claims->dpio[id];
	if (kind == ObjKind::dpbp)
		return &claims->dpbp[id];
	return nullptr;
}

bool alive(int32_t pid) noexcept
{
	return kill(pid, 0) == 0 || errno != ESRCH;
}

} // namespace

int share_vfio(Vfio &v) noexcept
{
	shared_vfio = &v;
	if (rte_mp_action_register(kVfioAction, answer_vfio) < 0 && rte_errno != EEXIST) {
		// --no-shconf, --in-memory: no secondary can exist.
		if (rte_errno == ENOTSUP)
			return 0;
		FSLMC_BUS_LOG(WARNING, "secondary processes cannot get the VFIO group: %s",
			      rte_strerror(rte_errno));
	}
	return 0;
}

void unshare_vfio() noexcept
{
	if (shared_vfio == nullptr)
		return;
	rte_mp_action_unregister(kVfioAction);
	shared_vfio = nullptr;
}

int vfio_from_primary(Vfio &v, std::string &error) noexcept
{
	rte_mp_msg req{};
	strlcpy(req.name, kVfioAction, sizeof(req.name));
	struct rte_mp_reply reply {
	};
	const timespec timeout{5, 0};
	if (rte_mp_request_sync(&req, &reply, &timeout) < 0 || reply.nb_received != 1) {
		error = std::string("the primary process does not answer ") + kVfioAction + ": " +
			rte_strerror(rte_errno);
		free(reply.msgs);
		return -EIO;
	}
	const rte_mp_msg &m = reply.msgs[0];
	if (m.num_fds != 2) {
		error = "the primary process has no VFIO group open (it probed no fsl-mc "
			"container)";
		free(reply.msgs);
		return -ENODEV;
	}
	v.adopt(m.fds[0], m.fds[1]);
	free(reply.msgs);
	return 0;
}

int claims_setup() noexcept
{
	if (is_secondary()) {
		claims_zone = rte_memzone_lookup(kClaimsZone);
		if (claims_zone == nullptr) {
			FSLMC_BUS_LOG(ERR,
				      "the primary process shares no portals (%s): is it "
				      "another DPAA2 bus?",
				      kClaimsZone);
			return -ENOENT;
		}
	} else {
		claims_zone = rte_memzone_reserve(kClaimsZone, sizeof(Claims), SOCKET_ID_ANY, 0);
		if (claims_zone == nullptr) {
			FSLMC_BUS_LOG(ERR, "%s: %s", kClaimsZone, rte_strerror(rte_errno));
			return -rte_errno;
		}
		memset(claims_zone->addr, 0, sizeof(Claims));
	}
	claims = static_cast<Claims *>(claims_zone->addr);
	return 0;
}

void claims_teardown() noexcept
{
	if (claims == nullptr)
		return;
	const int32_t me = getpid();
	for (uint32_t i = 0; i < kMaxIds; i++)
		for (auto *a : {&claims->dpio[i], &claims->dpbp[i]}) {
			int32_t mine = me;
			a->compare_exchange_strong(mine, 0);
		}
	if (!is_secondary())
		rte_memzone_free(claims_zone);
	claims = nullptr;
	claims_zone = nullptr;
}

bool claim(ObjKind kind, uint32_t id, bool *from_dead) noexcept
{
	if (from_dead != nullptr)
		*from_dead = false;
	std::atomic<int32_t> *a = owner_of(kind, id);
	if (a == nullptr)
		return claims == nullptr; // no table: this process is alone
	const int32_t me = getpid();
	int32_t owner = a->load();
	for (;;) {
		if (owner == me)
			return true;
		if (owner != 0 && alive(owner))
			return false;
		const int32_t was = owner;
		if (a->compare_exchange_weak(owner, me)) {
			// A killed process closed nothing: say whose object this was,
			// as the kernel's release of its fds made it free again.
			if (was != 0 && from_dead != nullptr)
				*from_dead = true;
			if (was != 0)
				FSLMC_BUS_LOG(
					NOTICE,
					"%s.%u: its owner, process %d, has exited: taken over",
					kind == ObjKind::dpio ? "dpio" : "dpbp", id, was);
			return true;
		}
	}
}

void unclaim(ObjKind kind, uint32_t id) noexcept
{
	if (std::atomic<int32_t> *a = owner_of(kind, id)) {
		int32_t mine = getpid();
		a->compare_exchange_strong(mine, 0);
	}
}

} // namespace dpaa2::fslmc
