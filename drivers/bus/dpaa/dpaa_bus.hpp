/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// The DPAA bus as the drivers on it see it: devices are FMan MACs named
// "fm<N>-mac<M>" and drivers register with RTE_PMD_REGISTER_DPAA.

#pragma once

#include <sys/queue.h>

#include <bus_driver.h>
#include <dev_driver.h>
#include <rte_log.h>

#include "dpaa_hw/register_window.hpp"
#include "platform/bus_addr.hpp"
#include "platform/platform.hpp"

namespace dpaa::qbman
{
class QmanPortal;
class BmanPortal;
} // namespace dpaa::qbman

namespace dpaa
{

extern int bus_logtype;

} // namespace dpaa

#define DPAA_BUS_LOG(level, fmt, ...)                                                              \
	rte_log(RTE_LOG_##level, dpaa::bus_logtype,                                                \
		"dpaa_bus: " fmt "\n" __VA_OPT__(, ) __VA_ARGS__)

struct rte_dpaa_driver;

struct rte_dpaa_device {
	TAILQ_ENTRY(rte_dpaa_device) next;
	struct rte_device device;
	struct rte_dpaa_driver *driver;
	char name[RTE_DEV_NAME_MAX_LEN];
	unsigned fman_index;		    // 0-based: "fm1" is FMan 0
	unsigned mac_index;		    // the MAC's cell index + 1, as the port name counts
	const dpaa::platform::MacInfo *mac; // type, speed, BMI ports, Tx channel
};

using rte_dpaa_probe_t = int (*)(struct rte_dpaa_driver *drv, struct rte_dpaa_device *dev);
using rte_dpaa_remove_t = int (*)(struct rte_dpaa_device *dev);

struct rte_dpaa_driver {
	TAILQ_ENTRY(rte_dpaa_driver) next;
	struct rte_driver driver;
	rte_dpaa_probe_t probe;
	rte_dpaa_remove_t remove;
};

extern "C" {
void rte_dpaa_driver_register(struct rte_dpaa_driver *driver);
void rte_dpaa_driver_unregister(struct rte_dpaa_driver *driver);
}

// DPDK's RTE_PMD_EXPORT_NAME and RTE_PMD_REGISTER_PARAM_STRING declare
// `static` arrays, which C++ mangles (_ZL14this_pmd_name0), so pmdinfogen
// would not find them. These pin the C symbol names with asm labels, which
// keeps the registration in C++ rather than in a C file on the side.
#define DPAA_PMD_EXPORT_NAME(nm, idx)                                                              \
	static const char dpaa_pmd_name_##nm[] __asm__("this_pmd_name" RTE_STR(idx))               \
		__attribute__((used)) = RTE_STR(nm)

#define DPAA_PMD_REGISTER_PARAM_STRING(nm, str)                                                    \
	static const char dpaa_pmd_params_##nm[] __asm__("__" RTE_STR(nm) "_param_string_export")  \
		__attribute__((used)) = str

#define RTE_PMD_REGISTER_DPAA(nm, dpaa_drv)                                                        \
	RTE_INIT(dpaainitfn_##nm)                                                                  \
	{                                                                                          \
		(dpaa_drv).driver.name = RTE_STR(nm);                                              \
		rte_dpaa_driver_register(&(dpaa_drv));                                             \
	}                                                                                          \
	DPAA_PMD_EXPORT_NAME(nm, __COUNTER__)

// ----------------------------------------------------------------------------
// What the drivers on the bus (net/dpaa, mempool/dpaa) use. The C symbols
// are the library's exports; use the dpaa::bus wrappers below.

extern "C" {
// The calling thread's portals, set on first use (see dpaa::bus::qman_portal).
extern __thread dpaa::qbman::QmanPortal *rte_dpaa_tls_qman_portal;
extern __thread dpaa::qbman::BmanPortal *rte_dpaa_tls_bman_portal;
dpaa::qbman::QmanPortal *rte_dpaa_qman_portal_slow(void) noexcept;
dpaa::qbman::BmanPortal *rte_dpaa_bman_portal_slow(void) noexcept;
int rte_dpaa_portals_release(void) noexcept;
unsigned rte_dpaa_portals_in_use(void) noexcept;
void rte_dpaa_port_opened(void) noexcept;
void rte_dpaa_port_closed(void) noexcept;

const dpaa::platform::SocInfo *rte_dpaa_soc(void) noexcept;
dpaa::hw::RegisterWindow *rte_dpaa_fman_ccsr(unsigned fman) noexcept;
dpaa::hw::RegisterWindow *rte_dpaa_fman_timer(unsigned fman) noexcept;
dpaa::hw::RegisterWindow *rte_dpaa_bman_ccsr(void) noexcept;

int64_t rte_dpaa_fqid_alloc(uint32_t count, uint32_t align) noexcept;
int rte_dpaa_fqid_free(uint32_t first, uint32_t count) noexcept;
int rte_dpaa_pool_channel_alloc(void) noexcept;
int rte_dpaa_dma_map(const void *va, size_t len) noexcept;
void *rte_dpaa_model_system(void) noexcept;
bool rte_dpaa_hw_present(void) noexcept;
void rte_dpaa_hw_wait(void) noexcept;
void rte_dpaa_pool_channel_free(uint16_t channel) noexcept;
int rte_dpaa_cgrid_alloc(void) noexcept;
void rte_dpaa_cgrid_free(uint32_t cgrid) noexcept;
int rte_dpaa_portal_irq_arm(int efd, dpaa::qbman::QmanPortal *portal) noexcept;
dpaa::qbman::QmanPortal *rte_dpaa_queue_portal_take(unsigned threads) noexcept;
void rte_dpaa_queue_portal_give(dpaa::qbman::QmanPortal *portal) noexcept;
int rte_dpaa_portal_irq_disarm(int efd) noexcept;
int rte_dpaa_bpid_alloc(void) noexcept;
void rte_dpaa_bpid_free(uint32_t bpid) noexcept;
int rte_dpaa_link_state(const struct rte_dpaa_device *dev, dpaa::platform::LinkState *out) noexcept;
int rte_dpaa_link_set_admin(const struct rte_dpaa_device *dev, int up) noexcept;
int rte_dpaa_link_set_event_fd(const struct rte_dpaa_device *dev, int efd) noexcept;
int rte_dpaa_link_set_mode(const struct rte_dpaa_device *dev,
			   const dpaa::platform::LinkMode *mode) noexcept;
}

namespace dpaa::bus
{

// The calling thread's QMan / BMan software portal driver, mapped and
// initialised on the thread's first call (out of line), then a thread-local
// load. nullptr, after an ERR log, when no platform was found or every
// portal is taken (more polling threads than portals: the log names the
// limit). A thread's portals go back to the bus when the thread exits, when
// it calls release_thread_portals(), or when the last port is closed.
[[gnu::always_inline]] inline qbman::QmanPortal *qman_portal() noexcept
{
	if (qbman::QmanPortal *p = rte_dpaa_tls_qman_portal) [[likely]]
		return p;
	return rte_dpaa_qman_portal_slow();
}

[[gnu::always_inline]] inline qbman::BmanPortal *bman_portal() noexcept
{
	if (qbman::BmanPortal *p = rte_dpaa_tls_bman_portal) [[likely]]
		return p;
	return rte_dpaa_bman_portal_slow();
}

// Give the calling thread's portals back now. 0, or -ENOENT if it had none.
inline int release_thread_portals() noexcept
{
	return rte_dpaa_portals_release();
}
// A QMan portal of its own for a push-mode Rx queue, mapped and initialised
// (static dequeue off), which any thread may poll, one at a time; nullptr
// if taking it would leave fewer free portals than 'threads' threads that
// own none yet would need (or none is free). Given back with
// give_queue_portal(), or when the last port closes.
inline qbman::QmanPortal *take_queue_portal(unsigned threads) noexcept
{
	return rte_dpaa_queue_portal_take(threads);
}
inline void give_queue_portal(qbman::QmanPortal *portal) noexcept
{
	rte_dpaa_queue_portal_give(portal);
}
// QMan portals currently owned by threads (for tests and diagnostics).
inline unsigned portals_in_use() noexcept
{
	return rte_dpaa_portals_in_use();
}

// The PMD counts its open ports: when the last one closes, every thread's
// portals are given back (no burst can run then).
inline void port_opened() noexcept
{
	rte_dpaa_port_opened();
}
inline void port_closed() noexcept
{
	rte_dpaa_port_closed();
}

// The SoC the platform found, or nullptr when the bus found no DPAA.
inline const platform::SocInfo *soc() noexcept
{
	return rte_dpaa_soc();
}

// CCSR windows: FMan 'fman' (0-based), BMan. nullptr if absent.
inline hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept
{
	return rte_dpaa_fman_ccsr(fman);
}
// The FMan's 1588 timer block, nullptr where the platform has not mapped it.
inline hw::RegisterWindow *fman_timer(unsigned fman) noexcept
{
	return rte_dpaa_fman_timer(fman);
}
inline hw::RegisterWindow *bman_ccsr() noexcept
{
	return rte_dpaa_bman_ccsr();
}

// Frame queue ids from this process's range: 'count' consecutive FQIDs, the
// first a multiple of 'align' (power of two). FQID, or -ENOSPC / -ENODEV.
inline int64_t fqid_alloc(uint32_t count = 1, uint32_t align = 1) noexcept
{
	return rte_dpaa_fqid_alloc(count, align);
}
inline int fqid_free(uint32_t first, uint32_t count = 1) noexcept
{
	return rte_dpaa_fqid_free(first, count);
}

// A QMan pool channel (for Rx FQs served by several portals' static
// dequeue): the channel id, or -ENOSPC / -ENODEV. A portal's dedicated
// channel is QmanPortal::channel().
inline int pool_channel_alloc() noexcept
{
	return rte_dpaa_pool_channel_alloc();
}
inline void pool_channel_free(uint16_t channel) noexcept
{
	rte_dpaa_pool_channel_free(channel);
}

// A QMan congestion group id from the platform's range: the CGRID, or
// -ENOSPC / -ENODEV.
inline int cgrid_alloc() noexcept
{
	return rte_dpaa_cgrid_alloc();
}
inline void cgrid_free(uint32_t cgrid) noexcept
{
	rte_dpaa_cgrid_free(cgrid);
}

// A BMan buffer pool id: the BPID, or -ENOSPC / -ENODEV.
inline int bpid_alloc() noexcept
{
	return rte_dpaa_bpid_alloc();
}
inline void bpid_free(uint32_t bpid) noexcept
{
	rte_dpaa_bpid_free(bpid);
}

// The link of a device's MAC as its PHY reports it (a board's kernel; the
// model's wire): 0 or negative errno.
inline int link_state(const rte_dpaa_device &dev, platform::LinkState &out) noexcept
{
	return rte_dpaa_link_state(&dev, &out);
}
// The port is administratively up or down: a board's kernel reports its
// link down while down. 0 or negative errno.
inline int link_set_admin(const rte_dpaa_device &dev, bool up) noexcept
{
	return rte_dpaa_link_set_admin(&dev, up ? 1 : 0);
}
// Have the eventfd 'efd' signalled on the MAC's link changes (efd < 0:
// stop). -ENOTSUP where the platform only lets them be sampled.
inline int link_set_event_fd(const rte_dpaa_device &dev, int efd) noexcept
{
	return rte_dpaa_link_set_event_fd(&dev, efd);
}

// Have the MAC's link run at that speed and duplex, or negotiate, through
// whoever owns its PHY (a board's kernel). 0 or negative errno.
inline int link_set_mode(const rte_dpaa_device &dev, const platform::LinkMode &mode) noexcept
{
	return rte_dpaa_link_set_mode(&dev, &mode);
}

// Make memory DPDK added without telling (an external heap, memory of a
// --no-huge process added at run time) reachable by DMA; memory DPDK
// reports through its memory events is mapped already. 0, -EFAULT if it is
// not DPDK memory, -ENODEV without a platform. Control path.
inline int dma_map(const void *va, size_t len) noexcept
{
	return rte_dpaa_dma_map(va, len);
}

// Called while spinning on the hardware outside a portal driver's own waits
// (a full release ring, an FQ to drain): lets a stepped model advance; a
// no-op on a board and on a threaded model. Control and slow paths only.
inline void hw_wait() noexcept
{
	rte_dpaa_hw_wait();
}

// Rx interrupts: signal the eventfd 'efd' (add 1 to its counter) whenever
// 'portal' (nullptr: the calling thread's QMan portal; else a queue's, see
// take_queue_portal) has dequeued frames waiting in its DQRR,
// including now if it has some already; on one portal at a time (arming on
// another thread's portal moves it). Interrupts are per portal, so an
// lcore's armed eventfds are all signalled together. 0; -ENOTSUP if the
// platform cannot deliver portal interrupts; -EBUSY without a portal;
// -ENOSPC past 32 eventfds on a portal. disarm: 0 or -ENOENT.
inline int portal_irq_arm(int efd, qbman::QmanPortal *portal = nullptr) noexcept
{
	return rte_dpaa_portal_irq_arm(efd, portal);
}
inline int portal_irq_disarm(int efd) noexcept
{
	return rte_dpaa_portal_irq_disarm(efd);
}

// False once the hardware is gone for good (a secondary process whose
// primary, which ran the modelled SoC, has exited; logged once), or when the
// bus found none. Control paths check it to fail with -ENODEV, not hang.
inline bool hw_present() noexcept
{
	return rte_dpaa_hw_present();
}

// The modelled SoC (dpaa::model::System *), for tests and tools that read a
// wire's counters or play the hardware's part; nullptr on a board or
// without a platform. Drivers never use it.
inline void *model_system() noexcept
{
	return rte_dpaa_model_system();
}

// Address translation for frame descriptors and BMan buffers (inline; see
// platform/bus_addr.hpp).
using platform::bus_to_va;
using platform::kBadBusAddr;
using platform::va_to_bus;

} // namespace dpaa::bus
