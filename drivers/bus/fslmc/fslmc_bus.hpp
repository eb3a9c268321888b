/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The fsl-mc bus as the drivers on it see it. Its devices are the objects
// of the container named by the DPRC environment variable ("dpni.1",
// "dpbp.0", ...; on the command line "fslmc:dpni.1"); drivers register for
// one object type with RTE_PMD_REGISTER_FSLMC. The bus itself owns the
// objects that are resources rather than ports: the MC portal (first
// DPMCP), the software portals (DPIOs, one per polling thread), the buffer
// pools (DPBPs, handed to the dpaa2 mempool) and the DPCON channels.

#pragma once

#include <sys/queue.h>

#include <bus_driver.h>
#include <dev_driver.h>
#include <rte_log.h>

#include "mc/mc_api.hpp"
#include "mc/mc_io.hpp"
#include "qbman/swp.hpp"

namespace dpaa2::fslmc
{

extern int bus_logtype;

// Object types, in the order the bus lists (and probes) them.
enum class ObjKind : uint8_t {
	dpni,
	dpseci,
	dpcon,
	dpbp,
	dpio,
	dpci,
	dpmcp,
	dpdmai,
	dpdmux,
	dprtc,
	dprc,
	unknown,
};

// "dpni" -> ObjKind::dpni; unknown for anything else.
ObjKind obj_kind(const char *type, size_t len) noexcept;
const char *obj_kind_name(ObjKind k) noexcept;

} // namespace dpaa2::fslmc

#define FSLMC_BUS_LOG(level, fmt, ...)                                                             \
	rte_log(RTE_LOG_##level, dpaa2::fslmc::bus_logtype,                                        \
		"fslmc: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

struct rte_fslmc_driver;

struct rte_fslmc_device {
	TAILQ_ENTRY(rte_fslmc_device) next;
	struct rte_device device;
	struct rte_fslmc_driver *driver;
	char name[RTE_DEV_NAME_MAX_LEN]; // "dpni.1"
	dpaa2::fslmc::ObjKind kind;
	uint32_t object_id;
	int vfio_fd;	   // the VFIO device, -1 until probe
	unsigned num_irqs; // from VFIO_DEVICE_GET_INFO
	// What the DPRC says this object is connected to ("dpmac.3"), empty
	// when nothing is.
	char endpoint[32];
	int endpoint_state; // 1 up, 0 down, -1 no connection
};

using rte_fslmc_probe_t = int (*)(struct rte_fslmc_driver *drv, struct rte_fslmc_device *dev);
using rte_fslmc_remove_t = int (*)(struct rte_fslmc_device *dev);

struct rte_fslmc_driver {
	TAILQ_ENTRY(rte_fslmc_driver) next;
	struct rte_driver driver;
	dpaa2::fslmc::ObjKind kind; // the objects it drives
	rte_fslmc_probe_t probe;
	rte_fslmc_remove_t remove;
};

// An object the bus handles itself; a library (the dpaa2 mempool) asks to
// be told about each one of a kind after the bus has opened it.
using rte_fslmc_object_cb_t = void (*)(dpaa2::fslmc::ObjKind kind, uint32_t id);

// A buffer pool: a DPBP, enabled while a mempool holds it.
struct rte_fslmc_dpbp {
	dpaa2::fslmc::mc::McObject obj;
	uint16_t bpid;
	bool in_use;
};

// A DPCON channel (event and multi-queue Rx use).
struct rte_fslmc_dpcon {
	dpaa2::fslmc::mc::McObject obj;
	uint16_t qbman_channel;
	uint8_t num_priorities;
	bool in_use;
};

extern "C" {
void rte_fslmc_driver_register(struct rte_fslmc_driver *driver);
void rte_fslmc_driver_unregister(struct rte_fslmc_driver *driver);
void rte_fslmc_object_cb_register(dpaa2::fslmc::ObjKind kind, rte_fslmc_object_cb_t cb);

// The MC portal every driver's commands go through; nullptr before probe.
dpaa2::fslmc::McIo *rte_fslmc_mc_io(void) noexcept;
// SVR of the SoC and QMan version of its portals (0 before probe).
uint32_t rte_fslmc_svr(void) noexcept;
uint32_t rte_fslmc_qman_version(void) noexcept;

// The calling thread's software portal.
extern __thread dpaa2::fslmc::qbman::Swp *rte_fslmc_tls_portal;
dpaa2::fslmc::qbman::Swp *rte_fslmc_portal_slow(void) noexcept;
int rte_fslmc_portal_release(void) noexcept;
unsigned rte_fslmc_portals_in_use(void) noexcept;
unsigned rte_fslmc_portals_total(void) noexcept;

struct rte_fslmc_dpbp *rte_fslmc_dpbp_alloc(void) noexcept;
void rte_fslmc_dpbp_free(struct rte_fslmc_dpbp *dpbp) noexcept;
unsigned rte_fslmc_dpbp_count(void) noexcept;
struct rte_fslmc_dpcon *rte_fslmc_dpcon_alloc(void) noexcept;
void rte_fslmc_dpcon_free(struct rte_fslmc_dpcon *dpcon) noexcept;

// Interrupt `index` of a probed device signalled on a new eventfd (the
// caller reads and closes it): the eventfd or a negative errno. Disable
// stops the signalling.
int rte_fslmc_irq_enable(struct rte_fslmc_device *dev, unsigned index) noexcept;
int rte_fslmc_irq_disable(struct rte_fslmc_device *dev, unsigned index) noexcept;

// Map [va, va + len) for the container's DMA (IOVA = VA): memory DPDK did
// not allocate (external buffers). 0 or negative errno.
int rte_fslmc_dma_map(const void *va, size_t len) noexcept;
}

namespace dpaa2::fslmc
{

// The calling thread's software portal, taken from the container's DPIOs
// on the thread's first call (out of line), then a thread-local load.
// nullptr, after an ERR log naming the limit, when every DPIO is taken. A
// thread's portal goes back when the thread exits or calls
// release_thread_portal().
[[gnu::always_inline]] inline qbman::Swp *portal() noexcept
{
	if (qbman::Swp *p = rte_fslmc_tls_portal) [[likely]]
		return p;
	return rte_fslmc_portal_slow();
}
inline int release_thread_portal() noexcept
{
	return rte_fslmc_portal_release();
}
inline McIo *mc_io() noexcept
{
	return rte_fslmc_mc_io();
}

} // namespace dpaa2::fslmc

// DPDK's RTE_PMD_EXPORT_NAME declares a `static` array, which C++ mangles;
// the asm label keeps the C name pmdinfogen looks for (as on the DPAA bus).
#define FSLMC_PMD_EXPORT_NAME(nm, idx)                                                             \
	static const char fslmc_pmd_name_##nm[] __asm__("this_pmd_name" RTE_STR(idx))              \
		__attribute__((used)) = RTE_STR(nm)

// RTE_PMD_REGISTER_PARAM_STRING's array, under the C name pmdinfogen looks
// for, for the same reason.
#define FSLMC_PMD_REGISTER_PARAM_STRING(nm, str)                                                   \
	static const char fslmc_pmd_params_##nm[] __asm__("__" RTE_STR(nm) "_param_string_export") \
		__attribute__((used)) = str

#define RTE_PMD_REGISTER_FSLMC(nm, fslmc_drv)                                                      \
	RTE_INIT(fslmcinitfn_##nm)                                                                 \
	{                                                                                          \
		(fslmc_drv).driver.name = RTE_STR(nm);                                             \
		rte_fslmc_driver_register(&(fslmc_drv));                                           \
	}                                                                                          \
	FSLMC_PMD_EXPORT_NAME(nm, __COUNTER__)
