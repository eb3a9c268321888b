/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A DPDK secondary process on the primary's modelled SoC (model_shared.hpp):
// the SoC description and the portals' owners come from the shared State
// file, each portal the process claims is mapped from the memory files the
// primary hands over, CCSR accesses and hardware IDs are rte_mp requests the
// primary serves, and bus addresses are the primary's, copied window by
// window.
//
// The primary may exit first. Then every request fails, hardware_present()
// turns false and the portal drivers' waits fail at once (rte_dpaa_hw_lost):
// the process gets errors, logged once, never a hang or a crash.

#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include <sys/mman.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_string_fns.h>

#include "dpaa_bus.hpp"
#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "platform/bus_addr.hpp"
#include "model_host/model_host.hpp"
#include "model_host/model_shared.hpp"
#include "qbman/hw_wait.hpp"

namespace dpaa::platform
{

namespace
{

// Far longer than the primary's multi-process thread needs for an answer.
constexpr timespec kRequestTimeout = {5, 0};

bool alive(pid_t pid) noexcept
{
	return kill(pid, 0) == 0 || errno != ESRCH;
}

void *map_file(int fd, size_t len) noexcept
{
	void *p = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	return p == MAP_FAILED ? nullptr : p;
}

// One synchronous request to the primary: 0 with 'answer' set, -ENODEV when
// nobody answered (no primary, or it has no such action), other negative
// errno from rte_mp.
int ask_primary(const char *action, const void *param, size_t len, rte_mp_msg &answer) noexcept
{
	rte_mp_msg req{};
	strlcpy(req.name, action, sizeof(req.name));
	if (len != 0)
		memcpy(req.param, param, len);
	req.len_param = static_cast<int>(len);
	struct rte_mp_reply rep {
	};
	const int ret = rte_mp_request_sync(&req, &rep, &kRequestTimeout);
	const int err = rte_errno;
	if (ret == 0 && rep.nb_received == 1)
		answer = rep.msgs[0];
	const int received = ret == 0 ? rep.nb_received : 0;
	free(rep.msgs);
	if (ret < 0)
		return -(err != 0 ? err : EIO);
	return received == 1 ? 0 : -ENODEV;
}

class SecondaryModelPlatform;

// A CCSR window the primary reads and writes for this process.
class RemoteCcsr final : public hw::RegisterWindow
{
public:
	RemoteCcsr(SecondaryModelPlatform &owner, shared::CcsrBlock block) noexcept
	    : owner_(owner), block_(block)
	{
	}
	uint32_t read32(uint32_t off) noexcept override;
	void write32(uint32_t off, uint32_t v) noexcept override;

private:
	uint32_t access(bool write, uint32_t off, uint32_t v) noexcept;

	SecondaryModelPlatform &owner_;
	shared::CcsrBlock block_;
};

class SecondaryModelPlatform final : public Platform
{
public:
	explicit SecondaryModelPlatform(shared::State *state) noexcept
	    : state_(state), soc_(state->soc),
	      primary_(state->primary), fman_{{*this, shared::CcsrBlock::fman0},
					      {*this, shared::CcsrBlock::fman1}},
	      bman_(*this, shared::CcsrBlock::bman)
	{
	}

	~SecondaryModelPlatform() override
	{
		for (Mapped &m : portals_)
			for (void *&a : m.area) {
				if (a != nullptr)
					munmap(a, kAreaSize);
				a = nullptr;
			}
		munmap(state_, sizeof(shared::State));
	}

	const char *kind() const noexcept override { return "model (secondary process)"; }
	const SocInfo &soc() const noexcept override { return soc_; }

	// The primary runs the model: nothing to start or stop here.
	int start() noexcept override { return 0; }
	void stop() noexcept override {}

	int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept override
	{
		Mapped *m = mapped(index);
		if (m == nullptr)
			return -ENODEV;
		// Every pool channel, as the primary's own portals on the model.
		out = QmanPortalMap{m->area[0], m->area[1], index, m->channel,
				    hw::qm::sdqcr::kChannelsPoolMask};
		return 0;
	}

	int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept override
	{
		Mapped *m = mapped(index);
		if (m == nullptr)
			return -ENODEV;
		out = BmanPortalMap{m->area[2], m->area[3], index};
		return 0;
	}

	// Mappings stay until the process exits; the claim is what passes on.
	void unmap_qman_portal(unsigned) noexcept override {}
	void unmap_bman_portal(unsigned) noexcept override {}

	hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept override
	{
		return fman < soc_.num_fmans && fman < kMaxFmans ? &fman_[fman] : nullptr;
	}
	hw::RegisterWindow *bman_ccsr() noexcept override { return &bman_; }

	bool assigns_bus_addresses() const noexcept override { return true; }

	// The primary's window for this memory (DPDK's memory is at the same
	// VA in every process); the primary makes one first if it has none.
	int dma_map(uintptr_t va, size_t len, uint64_t) noexcept override
	{
		copy_windows();
		if (rte_dpaa_windows.covers(va, len))
			return 0;
		shared::DmaMapRequest req{va, len};
		rte_mp_msg answer{};
		int ret = ask(shared::kDmaMapAction, &req, sizeof(req), answer);
		if (ret == 0)
			ret = reinterpret_cast<const shared::DmaMapReply *>(answer.param)->status;
		if (ret < 0)
			return ret;
		copy_windows();
		return rte_dpaa_windows.covers(va, len) ? 0 : -EFAULT;
	}

	// The modelled SoC's IDs are the primary's to hand out, to every process.
	int alloc_ids(IdKind kind, uint32_t count, uint32_t align, uint32_t &base) noexcept override
	{
		shared::IdsRequest req{kind, 0, count, align, 0};
		rte_mp_msg answer{};
		const int ret = ask(shared::kIdsAction, &req, sizeof(req), answer);
		if (ret < 0)
			return ret;
		const auto *r = reinterpret_cast<const shared::IdsReply *>(answer.param);
		if (r->status == 0)
			base = r->base;
		return r->status;
	}

	void free_ids(IdKind kind, uint32_t base, uint32_t count) noexcept override
	{
		shared::IdsRequest req{kind, 1, count, 0, base};
		rte_mp_msg answer{};
		ask(shared::kIdsAction, &req, sizeof(req), answer);
	}

	// A portal driver's wait: notice the primary's exit now and then.
	WaitFn wait_fn() noexcept override { return WaitFn{check_primary, this}; }

	// The primary's ports keep their link in the ethdev's shared data,
	// which is what a secondary reports.
	int link_state(unsigned, LinkState &) noexcept override { return -ENOTSUP; }
	int set_link_mode(unsigned, const LinkMode &) noexcept override { return -ENOTSUP; }

	bool hardware_present() noexcept override
	{
		if (__atomic_load_n(&rte_dpaa_hw_lost, __ATOMIC_RELAXED))
			return false;
		// DPDK's own test (the primary's lock on its runtime config file)
		// sees an exiting primary before it is reaped: kill() would not.
		if (alive(primary_) && rte_eal_primary_proc_alive(nullptr))
			return true;
		primary_lost();
		return false;
	}

	// A request to the primary; its failure because the primary is gone
	// is logged once.
	int ask(const char *action, const void *param, size_t len, rte_mp_msg &answer) noexcept
	{
		if (__atomic_load_n(&rte_dpaa_hw_lost, __ATOMIC_RELAXED))
			return -ENODEV;
		const int ret = ask_primary(action, param, len, answer);
		if (ret < 0 && !hardware_present())
			return -ENODEV;
		if (ret < 0)
			DPAA_BUS_LOG(ERR, "%s: no answer from the primary process (pid %d): %s",
				     action, static_cast<int>(primary_), strerror(-ret));
		return ret;
	}

	shared::State &state() noexcept { return *state_; }

	void primary_lost() noexcept
	{
		if (__atomic_exchange_n(&rte_dpaa_hw_lost, 1, __ATOMIC_RELAXED))
			return;
		DPAA_BUS_LOG(ERR,
			     "the primary process (pid %d) has exited: the modelled %s it ran is "
			     "gone, and with it this process's DPAA ports, portals and pools",
			     static_cast<int>(primary_), soc_.board);
	}

private:
	static constexpr size_t kAreaSize = hw::qm::kCeSize;
	static_assert(hw::qm::kCeSize == kAreaSize && hw::qm::kCiSize == kAreaSize &&
		      hw::bm::kCeSize == kAreaSize && hw::bm::kCiSize == kAreaSize);

	struct Mapped {
		void *area[4] = {}; // QMan CE, CI, BMan CE, CI
		uint16_t channel = 0;
	};

	Mapped *mapped(unsigned index) noexcept
	{
		if (index >= soc_.num_qman_portals || index >= soc_.num_bman_portals ||
		    index >= kMaxPortals)
			return nullptr;
		Mapped &m = portals_[index];
		if (m.area[0] != nullptr)
			return &m;
		shared::PortalRequest req{index};
		rte_mp_msg answer{};
		if (ask(shared::kPortalAction, &req, sizeof(req), answer) < 0)
			return nullptr;
		const auto *r = reinterpret_cast<const shared::PortalReply *>(answer.param);
		if (r->status < 0 || answer.num_fds != 4) {
			for (int i = 0; i < answer.num_fds; i++)
				close(answer.fds[i]);
			DPAA_BUS_LOG(ERR, "portal %u: the primary did not hand it over: %s", index,
				     strerror(r->status < 0 ? -r->status : EPROTO));
			return nullptr;
		}
		Mapped n;
		n.channel = r->channel;
		bool ok = true;
		for (unsigned i = 0; i < 4; i++) {
			n.area[i] = map_file(answer.fds[i], kAreaSize);
			ok = ok && n.area[i] != nullptr;
		}
		if (!ok) {
			for (void *a : n.area)
				if (a != nullptr)
					munmap(a, kAreaSize);
			DPAA_BUS_LOG(ERR, "portal %u: cannot map its memory: %s", index,
				     strerror(errno));
			return nullptr;
		}
		m = n;
		return &m;
	}

	void copy_windows() noexcept
	{
		const uint32_t n = state_->num_windows.load(std::memory_order_acquire);
		for (; copied_ < n && copied_ < WindowTable::kMaxWindows; copied_++) {
			const WindowTable::Window &w = state_->windows[copied_];
			const int ret = rte_dpaa_windows.add(w.va, w.bus, w.len);
			if (ret < 0 && ret != -EEXIST)
				DPAA_BUS_LOG(ERR, "bus window %#" PRIxPTR "+%#" PRIx64 ": %s", w.va,
					     w.len, strerror(-ret));
		}
	}

	static void check_primary(void *arg) noexcept
	{
		auto *self = static_cast<SecondaryModelPlatform *>(arg);
		// A wait polls in a tight loop: a system call now and then only.
		if ((++self->wait_polls_ & 1023) == 0)
			self->hardware_present();
	}

	shared::State *state_;
	SocInfo soc_;
	pid_t primary_;
	RemoteCcsr fman_[kMaxFmans];
	RemoteCcsr bman_;
	Mapped portals_[kMaxPortals];
	uint32_t copied_ = 0;
	unsigned long wait_polls_ = 0;
};

uint32_t RemoteCcsr::access(bool write, uint32_t off, uint32_t v) noexcept
{
	shared::CcsrRequest req{block_, static_cast<uint8_t>(write), off, v};
	rte_mp_msg answer{};
	if (owner_.ask(shared::kCcsrAction, &req, sizeof(req), answer) < 0)
		return 0;
	const auto *r = reinterpret_cast<const shared::CcsrReply *>(answer.param);
	return r->status == 0 ? r->value : 0;
}

uint32_t RemoteCcsr::read32(uint32_t off) noexcept
{
	return access(false, off, 0);
}

void RemoteCcsr::write32(uint32_t off, uint32_t v) noexcept
{
	access(true, off, v);
}

// The primary's portals and ports as the State file shows them.
class SecondaryModelSharing final : public bus::ProcessSharing
{
public:
	explicit SecondaryModelSharing(SecondaryModelPlatform &platform) noexcept
	    : platform_(platform)
	{
	}

	int claim_portal(unsigned index) noexcept override
	{
		if (index >= kMaxPortals)
			return -EINVAL;
		if (!platform_.hardware_present())
			return -ENODEV;
		return shared::claim_portal(platform_.state(), index);
	}

	void release_portal(unsigned index) noexcept override
	{
		shared::release_portal(platform_.state(), index);
	}

	bool probed_by_primary(unsigned mac) noexcept override
	{
		return mac < kMaxMacs &&
		       (platform_.state().probed_macs.load(std::memory_order_acquire) &
			(uint32_t{1} << mac));
	}

private:
	SecondaryModelPlatform &platform_;
};

} // namespace

int attach_primary_model(bus::BusPlatform &out, std::string &error) noexcept
{
	if (rte_eal_process_type() != RTE_PROC_SECONDARY)
		return -ENODEV;
	rte_mp_msg answer{};
	int ret = ask_primary(shared::kAttachAction, nullptr, 0, answer);
	if (ret < 0)
		return -ENODEV;
	const auto *r = reinterpret_cast<const shared::AttachReply *>(answer.param);
	if (r->status < 0 || answer.num_fds != 1) {
		for (int i = 0; i < answer.num_fds; i++)
			close(answer.fds[i]);
		return -ENODEV;
	}
	auto *state = static_cast<shared::State *>(map_file(answer.fds[0], sizeof(shared::State)));
	if (state == nullptr) {
		error = std::string("cannot map the state the primary process shares: ") +
			strerror(errno);
		return -ENOMEM;
	}
	if (state->magic != shared::kMagic || state->version != shared::kVersion) {
		munmap(state, sizeof(shared::State));
		error = "the primary process runs another version of the DPAA bus: secondary "
			"processes must be built from the same sources";
		return -EPROTO;
	}
	auto p = std::unique_ptr<SecondaryModelPlatform>(new (std::nothrow)
								 SecondaryModelPlatform(state));
	if (!p) {
		munmap(state, sizeof(shared::State));
		return -ENOMEM;
	}
	auto sharing = std::unique_ptr<SecondaryModelSharing>(new (std::nothrow)
								      SecondaryModelSharing(*p));
	if (!sharing)
		return -ENOMEM;
	out.sharing = std::move(sharing);
	out.platform = std::move(p);
	return 0;
}

} // namespace dpaa::platform
