/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the bus owns in the container: the MC portal (the first DPMCP's
// region 0), the SoC's identity, the DPRC's connections, and the pools of
// DPIOs (software portals, one per polling thread), DPBPs (buffer pools)
// and DPCONs (channels).

#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include <rte_devargs.h>
#include <rte_lcore.h>
#include <rte_string_fns.h>

#include "bus_internal.hpp"
#include "processes.hpp"
#include "dpaa2_hw/mc_commands.hpp"

__thread dpaa2::fslmc::qbman::Swp *rte_fslmc_tls_portal;

namespace dpaa2::fslmc
{

namespace
{

struct Dpio {
	mc::McObject obj;
	mc::DpioAttributes attr;
	int fd = -1;
	Region cena, cinh;
	std::unique_ptr<qbman::Swp> swp;
	bool in_use = false;
};

struct State {
	int mcp_fd = -1;
	Region mcp_region;
	std::unique_ptr<McIo> io;
	uint32_t svr = 0;
	uint32_t qman_version = 0;
	mc::McObject dprc;
	std::vector<std::unique_ptr<Dpio>> dpios;
	std::vector<std::unique_ptr<rte_fslmc_dpbp>> dpbps;
	std::vector<std::unique_ptr<rte_fslmc_dpcon>> dpcons;
	std::vector<int> device_fds;
};

State state;
// Guards the pools (portal take/give back, DPBP/DPCON alloc/free).
std::mutex pool_lock;
// Bumped at teardown: a thread's portal from before is not given back to
// the pools of a later probe.
std::atomic<unsigned> generation{1};
rte_fslmc_object_cb_t object_cbs[static_cast<unsigned>(ObjKind::unknown)];

const char *const kMcErr = "MC command failed";

int open_device(const rte_fslmc_device &dev) noexcept
{
	int fd = vfio().device_fd(dev.name);
	if (fd < 0) {
		FSLMC_BUS_LOG(ERR, "%s: VFIO_GROUP_GET_DEVICE_FD: %s", dev.name, strerror(-fd));
		return fd;
	}
	state.device_fds.push_back(fd);
	return fd;
}

int setup_mc_portal(rte_fslmc_device &dpmcp) noexcept
{
	int fd = open_device(dpmcp);
	if (fd < 0)
		return fd;
	int ret = Vfio::map_region(fd, 0, state.mcp_region);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: cannot map its MC portal (region 0): %s", dpmcp.name,
			      strerror(-ret));
		return ret;
	}
	state.mcp_fd = fd;
	state.io = std::make_unique<McIo>(state.mcp_region.addr);
	mc::McVersion v;
	ret = mc::get_version(*state.io, v);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: mc_get_version: %s", dpmcp.name, strerror(-ret));
		return ret;
	}
	if (mc::check_version(v) < 0) {
		FSLMC_BUS_LOG(ERR,
			      "MC firmware %u.%u.%u is not supported: this bus needs %u.%u or a "
			      "later %u.x",
			      v.major, v.minor, v.revision, hw::mc::kMcVersionMajorRequired,
			      mc::kMcMinorRequired, hw::mc::kMcVersionMajorRequired);
		return -ENOTSUP;
	}
	FSLMC_BUS_LOG(INFO, "MC firmware %u.%u.%u through %s", v.major, v.minor, v.revision,
		      dpmcp.name);
	uint32_t pvr = 0;
	ret = mc::get_soc_version(*state.io, state.svr, pvr);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "mc_get_soc_version: %s", strerror(-ret));
		return ret;
	}
	return 0;
}

void read_connections(rte_fslmc_device **devices, unsigned n, uint32_t dprc_id) noexcept
{
	int ret = mc::open(*state.io, mc::ObjType::dprc, dprc_id, state.dprc);
	if (ret < 0) {
		FSLMC_BUS_LOG(WARNING, "dprc.%u: dprc_open: %s; no endpoints known", dprc_id,
			      strerror(-ret));
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		rte_fslmc_device &dev = *devices[i];
		if (dev.kind != ObjKind::dpni)
			continue;
		mc::Endpoint ep1, ep2;
		strlcpy(ep1.type, "dpni", sizeof(ep1.type));
		ep1.id = dev.object_id;
		int st = -1;
		ret = mc::dprc_get_connection(*state.io, state.dprc, ep1, ep2, st);
		if (ret < 0) {
			dev.endpoint[0] = '\0';
			dev.endpoint_state = -1;
			FSLMC_BUS_LOG(INFO, "%s: not connected", dev.name);
			continue;
		}
		snprintf(dev.endpoint, sizeof(dev.endpoint), "%s.%u", ep2.type, ep2.id);
		dev.endpoint_state = st;
		FSLMC_BUS_LOG(INFO, "%s: connected to %s (link %s)", dev.name, dev.endpoint,
			      st == 1 ? "up" : "down");
	}
}

int setup_dpio(rte_fslmc_device &dev) noexcept
{
	auto d = std::make_unique<Dpio>();
	int fd = open_device(dev);
	if (fd < 0)
		return fd;
	d->fd = fd;
	McIo &io = *state.io;
	// The primary resets and enables every DPIO; a secondary opens a
	// session of its own on each, for the portals the primary leaves.
	int ret = mc::open(io, mc::ObjType::dpio, dev.object_id, d->obj);
	if (ret == 0 && !is_secondary())
		ret = mc::reset(io, d->obj);
	if (ret == 0 && !is_secondary())
		ret = mc::enable(io, d->obj);
	if (ret == 0)
		ret = mc::dpio_get_attributes(io, d->obj, d->attr);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: %s: %s", dev.name, kMcErr, strerror(-ret));
		mc::close(io, d->obj);
		return ret;
	}
	const bool mem_back = hw::qb::memory_backed(d->attr.qbman_version);
	// Direct mode: region 0 is the CENA area; memory-backed: region 2.
	ret = Vfio::map_region(fd, mem_back ? 2 : 0, d->cena);
	if (ret == 0)
		ret = Vfio::map_region(fd, 1, d->cinh);
	if (ret == 0 &&
	    (d->cinh.size < hw::qb::kCinhSize ||
	     d->cena.size < (mem_back ? hw::qb::kCenaMemBackedSize : hw::qb::kCenaDirectSize)))
		ret = -EINVAL;
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: cannot map its portal regions: %s", dev.name,
			      strerror(-ret));
		Vfio::unmap_region(d->cena);
		Vfio::unmap_region(d->cinh);
		mc::disable(io, d->obj);
		mc::close(io, d->obj);
		return ret;
	}
	if (state.qman_version == 0)
		state.qman_version = d->attr.qbman_version;
	qbman::Swp::Config c;
	c.cena = static_cast<uint8_t *>(d->cena.addr);
	c.cinh.base = static_cast<volatile uint8_t *>(d->cinh.addr);
	c.qman_version = d->attr.qbman_version;
	c.index = d->attr.qbman_portal_id;
	c.eqcr_ci_from_cinh = (state.svr & mc::kSvrFamilyMask) == mc::kSvrLs1088a;
	d->swp = std::make_unique<qbman::Swp>(c);
	state.dpios.push_back(std::move(d));
	return 0;
}

int setup_dpbp(rte_fslmc_device &dev) noexcept
{
	auto b = std::make_unique<rte_fslmc_dpbp>();
	McIo &io = *state.io;
	int ret = mc::open(io, mc::ObjType::dpbp, dev.object_id, b->obj);
	if (ret == 0 && !is_secondary())
		ret = mc::reset(io, b->obj);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: %s: %s", dev.name, kMcErr, strerror(-ret));
		mc::close(io, b->obj);
		return ret;
	}
	b->bpid = 0;
	b->in_use = false;
	state.dpbps.push_back(std::move(b));
	return 0;
}

int setup_dpcon(rte_fslmc_device &dev) noexcept
{
	auto c = std::make_unique<rte_fslmc_dpcon>();
	McIo &io = *state.io;
	mc::DpconAttributes a;
	int ret = mc::open(io, mc::ObjType::dpcon, dev.object_id, c->obj);
	if (ret == 0)
		ret = mc::dpcon_get_attributes(io, c->obj, a);
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "%s: %s: %s", dev.name, kMcErr, strerror(-ret));
		mc::close(io, c->obj);
		return ret;
	}
	c->qbman_channel = a.qbman_ch_id;
	c->num_priorities = a.num_priorities;
	c->in_use = false;
	state.dpcons.push_back(std::move(c));
	return 0;
}

// The stashing destination of a core: its cluster, as each SoC numbers
// them (LX2160A: pairs of cores; LS2088A: pairs, after 4; LS1088A: fours,
// after 2).
uint8_t stash_destination(int cpu) noexcept
{
	const uint32_t family = state.svr & mc::kSvrFamilyMask;
	if (cpu < 0)
		cpu = 0;
	if (family == mc::kSvrLs1088a)
		return static_cast<uint8_t>(2 + cpu / 4);
	if (family == mc::kSvrLs2088a || family == mc::kSvrLs2080a)
		return static_cast<uint8_t>(4 + cpu / 2);
	return static_cast<uint8_t>(cpu / 2);
}

// A thread's portal, given back when the thread exits.
struct PortalHolder {
	Dpio *dpio = nullptr;
	unsigned gen = 0;
	~PortalHolder() { give_back(); }
	void give_back() noexcept
	{
		if (dpio == nullptr)
			return;
		std::lock_guard<std::mutex> hold(pool_lock);
		if (gen == generation.load()) {
			dpio->in_use = false;
			unclaim(ObjKind::dpio, dpio->obj.id);
		}
		dpio = nullptr;
		rte_fslmc_tls_portal = nullptr;
	}
};
thread_local PortalHolder holder;

} // namespace

ObjKind obj_kind(const char *type, size_t len) noexcept
{
	for (unsigned k = 0; k < static_cast<unsigned>(ObjKind::unknown); k++) {
		const char *n = obj_kind_name(static_cast<ObjKind>(k));
		if (strlen(n) == len && strncmp(n, type, len) == 0)
			return static_cast<ObjKind>(k);
	}
	return ObjKind::unknown;
}

const char *obj_kind_name(ObjKind k) noexcept
{
	static const char *const names[] = {"dpni",   "dpseci", "dpcon", "dpbp",
					    "dpio",   "dpci",	"dpmcp", "dpdmai",
					    "dpdmux", "dprtc",	"dprc",	 "unknown"};
	return names[static_cast<unsigned>(k)];
}

namespace
{

// Whether the application keeps `dev` from DPDK (-b fslmc:<name>): the
// bus sets up no resource so blocked, of any kind, as upstream's does.
bool blocked(const rte_fslmc_device &dev) noexcept
{
	return dev.device.devargs != nullptr && dev.device.devargs->policy == RTE_DEV_BLOCKED;
}

} // namespace

int resources_setup(rte_fslmc_device **devices, unsigned n) noexcept
{
	// The MC portal (processes.hpp): a primary's is the first DPMCP not
	// blocked. A secondary's is the last DPMCP, the primary using the
	// first, unless the application blocks some (the primary's, say):
	// then the first DPMCP not blocked, as upstream's bus chooses.
	rte_fslmc_device *first = nullptr, *last = nullptr, *dprc = nullptr;
	unsigned dpmcps = 0, dpmcps_blocked = 0;
	for (unsigned i = 0; i < n; i++) {
		if (devices[i]->kind == ObjKind::dpmcp) {
			if (blocked(*devices[i])) {
				dpmcps_blocked++;
				continue;
			}
			dpmcps++;
			if (first == nullptr)
				first = devices[i];
			last = devices[i];
		}
		if (devices[i]->kind == ObjKind::dprc && dprc == nullptr)
			dprc = devices[i];
	}
	rte_fslmc_device *dpmcp = is_secondary() && dpmcps_blocked == 0 ? last : first;
	if (dpmcp == nullptr) {
		FSLMC_BUS_LOG(ERR, "the container has no dpmcp%s: no MC portal to send commands to",
			      dpmcps_blocked > 0 ? " that is not blocked" : "");
		return -ENODEV;
	}
	if (is_secondary() && dpmcps_blocked == 0 && dpmcps < 2) {
		FSLMC_BUS_LOG(ERR, "a secondary process needs an MC portal of its own: the "
				   "container has one dpmcp, which the primary uses (create "
				   "another one in it)");
		return -ENODEV;
	}
	int ret = setup_mc_portal(*dpmcp);
	if (ret < 0)
		return ret;
	if (dprc != nullptr)
		read_connections(devices, n, dprc->object_id);
	for (unsigned i = 0; i < n; i++) {
		rte_fslmc_device &dev = *devices[i];
		ret = 0;
		if (blocked(dev)) {
			FSLMC_BUS_LOG(DEBUG, "%s: blocked, not used", dev.name);
			continue;
		}
		switch (dev.kind) {
		case ObjKind::dpio:
			ret = setup_dpio(dev);
			break;
		case ObjKind::dpbp:
			ret = setup_dpbp(dev);
			break;
		case ObjKind::dpcon:
			// Channels serve the primary's event devices only.
			if (is_secondary())
				continue;
			ret = setup_dpcon(dev);
			break;
		case ObjKind::dprtc:
			// The 1588 timer: nothing the bus sets up; a driver that
			// registered for it (net_dpaa2) opens it.
			break;
		default:
			continue;
		}
		// An object that does not set up is left out, as on a board
		// where one is held by another user; the others still serve.
		if (ret < 0)
			continue;
		if (rte_fslmc_object_cb_t cb = object_cbs[static_cast<unsigned>(dev.kind)])
			cb(dev.kind, dev.object_id);
	}
	FSLMC_BUS_LOG(INFO, "SoC %08x, QMan %08x: %zu dpio, %zu dpbp, %zu dpcon", state.svr,
		      state.qman_version, state.dpios.size(), state.dpbps.size(),
		      state.dpcons.size());
	return 0;
}

void resources_teardown() noexcept
{
	std::lock_guard<std::mutex> hold(pool_lock);
	generation++;
	rte_fslmc_tls_portal = nullptr;
	holder.dpio = nullptr;
	if (state.io) {
		McIo &io = *state.io;
		for (auto &d : state.dpios) {
			if (!is_secondary()) // the primary's portals stay enabled
				mc::disable(io, d->obj);
			mc::close(io, d->obj);
			Vfio::unmap_region(d->cena);
			Vfio::unmap_region(d->cinh);
		}
		for (auto &b : state.dpbps) {
			if (b->in_use)
				mc::disable(io, b->obj);
			mc::close(io, b->obj);
		}
		for (auto &c : state.dpcons)
			mc::close(io, c->obj);
		mc::close(io, state.dprc);
	}
	state.dpios.clear();
	state.dpbps.clear();
	state.dpcons.clear();
	state.io.reset();
	Vfio::unmap_region(state.mcp_region);
	for (int fd : state.device_fds)
		close(fd);
	state.device_fds.clear();
	state.mcp_fd = -1;
	state.svr = 0;
	state.qman_version = 0;
}

} // namespace dpaa2::fslmc

using dpaa2::fslmc::pool_lock;
using dpaa2::fslmc::state;

extern "C" void rte_fslmc_object_cb_register(dpaa2::fslmc::ObjKind kind, rte_fslmc_object_cb_t cb)
{
	if (kind < dpaa2::fslmc::ObjKind::unknown)
		dpaa2::fslmc::object_cbs[static_cast<unsigned>(kind)] = cb;
}

extern "C" dpaa2::fslmc::McIo *rte_fslmc_mc_io(void) noexcept
{
	return state.io.get();
}

extern "C" uint32_t rte_fslmc_svr(void) noexcept
{
	return state.svr;
}

extern "C" uint32_t rte_fslmc_qman_version(void) noexcept
{
	return state.qman_version;
}

extern "C" dpaa2::fslmc::qbman::Swp *rte_fslmc_portal_slow(void) noexcept
{
	using namespace dpaa2::fslmc;
	if (rte_fslmc_tls_portal != nullptr)
		return rte_fslmc_tls_portal;
	if (!state.io) {
		FSLMC_BUS_LOG(ERR, "no software portal: the fsl-mc bus has not probed a container");
		return nullptr;
	}
	Dpio *d = nullptr;
	{
		std::lock_guard<std::mutex> hold(pool_lock);
		for (auto &p : state.dpios)
			if (!p->in_use && claim(ObjKind::dpio, p->obj.id, nullptr)) {
				d = p.get();
				d->in_use = true;
				break;
			}
	}
	if (d == nullptr) {
		FSLMC_BUS_LOG(
			ERR,
			"no free software portal for lcore %d: the container's %zu dpio "
			"objects are all in use, by this process or another (each thread that "
			"polls needs one)",
			static_cast<int>(rte_lcore_id()), state.dpios.size());
		return nullptr;
	}
	// The portal stashes to the cluster of the core the thread runs on.
	const uint8_t sdest = stash_destination(sched_getcpu());
	int ret = 0;
	// Back to power-on before this thread's software state (which starts
	// at power-on's valid bits) drives the portal. Whoever drove it
	// before, a thread of this process, a secondary that exited or one
	// killed mid-way, left the VDQCR's and the management command's
	// valid bits where its own state was: on a direct-mode portal
	// (QBMan before 5.0) a pull or a command carrying the other bit is
	// not a new one, and is never answered. The kernel resets a DPIO at
	// the last close of its fd; the primary's open fd keeps that from
	// happening at a secondary's exit.
	ret = mc::reset(*state.io, d->obj);
	if (ret == 0)
		ret = mc::enable(*state.io, d->obj);
	if (ret == 0)
		ret = mc::dpio_set_stashing_destination(*state.io, d->obj, sdest);
	if (ret == 0)
		ret = d->swp->init();
	if (ret < 0) {
		FSLMC_BUS_LOG(ERR, "dpio.%u: portal %u does not start: %s", d->obj.id,
			      d->attr.qbman_portal_id, strerror(-ret));
		std::lock_guard<std::mutex> hold(pool_lock);
		d->in_use = false;
		unclaim(ObjKind::dpio, d->obj.id);
		return nullptr;
	}
	holder.dpio = d;
	holder.gen = generation.load();
	rte_fslmc_tls_portal = d->swp.get();
	FSLMC_BUS_LOG(DEBUG, "lcore %d: dpio.%u (portal %u, stash %u)",
		      static_cast<int>(rte_lcore_id()), d->obj.id, d->attr.qbman_portal_id, sdest);
	return rte_fslmc_tls_portal;
}

extern "C" int rte_fslmc_portal_release(void) noexcept
{
	if (dpaa2::fslmc::holder.dpio == nullptr)
		return -ENOENT;
	dpaa2::fslmc::holder.give_back();
	return 0;
}

extern "C" unsigned rte_fslmc_portals_in_use(void) noexcept
{
	std::lock_guard<std::mutex> hold(pool_lock);
	unsigned n = 0;
	for (auto &d : state.dpios)
		n += d->in_use;
	return n;
}

extern "C" unsigned rte_fslmc_portals_total(void) noexcept
{
	return static_cast<unsigned>(state.dpios.size());
}

extern "C" struct rte_fslmc_dpbp *rte_fslmc_dpbp_alloc(void) noexcept
{
	using namespace dpaa2::fslmc;
	std::lock_guard<std::mutex> hold(pool_lock);
	for (auto &b : state.dpbps) {
		bool from_dead = false;
		if (b->in_use || !claim(ObjKind::dpbp, b->obj.id, &from_dead))
			continue;
		mc::DpbpAttributes a;
		// A dead process's pool: its buffers are no one's now.
		int ret = from_dead ? mc::reset(*state.io, b->obj) : 0;
		if (ret == 0)
			ret = mc::enable(*state.io, b->obj);
		if (ret == 0)
			ret = mc::dpbp_get_attributes(*state.io, b->obj, a);
		if (ret < 0) {
			FSLMC_BUS_LOG(ERR, "dpbp.%u: %s", b->obj.id, strerror(-ret));
			mc::disable(*state.io, b->obj);
			unclaim(ObjKind::dpbp, b->obj.id);
			continue;
		}
		b->bpid = a.bpid;
		b->in_use = true;
		return b.get();
	}
	FSLMC_BUS_LOG(ERR, "no free dpbp: the container's %zu are all in use (one per mempool)",
		      state.dpbps.size());
	return nullptr;
}

extern "C" void rte_fslmc_dpbp_free(struct rte_fslmc_dpbp *dpbp) noexcept
{
	using namespace dpaa2::fslmc;
	if (dpbp == nullptr)
		return;
	std::lock_guard<std::mutex> hold(pool_lock);
	for (auto &b : state.dpbps) {
		if (b.get() != dpbp || !b->in_use)
			continue;
		// Disabling drops what the pool still holds.
		mc::disable(*state.io, b->obj);
		b->in_use = false;
		b->bpid = 0;
		unclaim(ObjKind::dpbp, b->obj.id);
	}
}

extern "C" unsigned rte_fslmc_dpbp_count(void) noexcept
{
	return static_cast<unsigned>(state.dpbps.size());
}

extern "C" struct rte_fslmc_dpcon *rte_fslmc_dpcon_alloc(void) noexcept
{
	std::lock_guard<std::mutex> hold(pool_lock);
	for (auto &c : state.dpcons)
		if (!c->in_use) {
			c->in_use = true;
			return c.get();
		}
	return nullptr;
}

extern "C" void rte_fslmc_dpcon_free(struct rte_fslmc_dpcon *dpcon) noexcept
{
	std::lock_guard<std::mutex> hold(pool_lock);
	for (auto &c : state.dpcons)
		if (c.get() == dpcon)
			c->in_use = false;
}
