/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The platform layer: the one interface through which the DPAA drivers reach
// the hardware. Two implementations exist:
//  - the board platform (board_platform.cpp): the USDPAA kernel driver's
//    portal mappings, the device tree, the CCSR windows of a real SoC;
//  - the model platform (model_platform.cpp): the modelled SoC of
//    lib/dpaa_model, configured by the DPAA_MODEL environment variable.
// Nothing outside this folder knows which one runs.
//
// Control path only: virtual calls are fine here. The data path's only
// platform service, address translation, is the inline window table of
// bus_addr.hpp, which the platform fills and never reaches through a virtual.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dpaa_hw/portal_access.hpp"
#include "dpaa_hw/register_window.hpp"

namespace dpaa::platform
{

inline constexpr unsigned kMaxFmans = 2;
inline constexpr unsigned kMaxMacs = 16; // over all FMans
inline constexpr unsigned kMaxPortals = 16;
inline constexpr unsigned kMaxPoolChannels = 15;

enum class MacType : uint8_t {
	memac_1g,  // mEMAC in 1G mode (SGMII, QSGMII, RGMII)
	memac_10g, // mEMAC in 10G mode (XFI, SFP+)
};

// One FMan MAC the board connects, with the BMI ports that serve it.
struct MacInfo {
	unsigned fman; // 0-based: "fm1" is FMan 0
	unsigned cell; // the MAC's cell index in its FMan (mac number - 1)
	MacType type;
	uint32_t speed_mbps; // line rate of the MAC as the board wires it
	char name[16];	     // "fm1-mac9": the bus device name
	uint8_t rx_port_id;  // BMI hardware port ids (FMan v3: 1G Rx 0x08+,
	uint8_t tx_port_id;  // 10G Rx 0x10+, 1G Tx 0x28+, 10G Tx 0x30+)
	uint16_t tx_channel; // QMan channel of the Tx port (FQs to transmit on):
			     // the device tree's fsl,qman-channel-id on a board,
			     // hw::fman::tx_channel_offset() from kFman0Base
			     // (0x800) in the model
};

struct FmanInfo {
	unsigned index;	    // 0-based
	uint32_t ccsr_size; // bytes of the CCSR window (1 MiB)
	uint64_t ccsr_phys; // physical base (board) or 0 (model)
	uint32_t clock_mhz; // FMan clock, 0 if unknown
};

// What the platform found: the SoC and how it is wired. MACs are in device
// order (FMan, then cell index), the order the bus lists its devices in.
struct SocInfo {
	char board[32]; // "ls1046a-rdb"
	char soc[16];	// "LS1046A"
	unsigned num_fmans;
	FmanInfo fmans[kMaxFmans];
	unsigned num_macs;
	MacInfo macs[kMaxMacs];
	unsigned num_qman_portals; // software portals this process may map
	unsigned num_bman_portals;
	uint32_t fqid_base; // FQIDs this process may allocate
	uint32_t fqid_count;
	unsigned num_pool_channels; // pool channels this process may use
	uint16_t pool_channels[kMaxPoolChannels];
	uint16_t pool_channel1; // QMan's pool channel 1, SDQCR bit 0x4000 (0x401 on
				// LS104x): pool channel c is SDQCR pool bit
				// c - pool_channel1 + 1
	uint32_t bpid_base;	// BMan pools this process may allocate
	uint32_t bpid_count;
	uint32_t cgrid_base; // QMan congestion groups this process may allocate
	uint32_t cgrid_count;
};

// A mapped QMan software portal: its cache-enabled and cache-inhibited areas.
struct QmanPortalMap {
	void *ce;
	void *ci;
	unsigned index;
	uint16_t channel; // the portal's dedicated channel
};

struct BmanPortalMap {
	void *ce;
	void *ci;
	unsigned index;
};

// Called while a portal driver spins on a management-command answer: the
// portal-access contract's hook (dpaa_hw/portal_access.hpp).
using WaitFn = hw::WaitHook;

// A QMan portal's interrupt, delivered as a call; see set_qman_portal_irq().
struct IrqFn {
	void (*fn)(void *arg) = nullptr;
	void *arg = nullptr;
};

// Called by a QMan portal driver that finds its EQCR full: likewise.
using EqcrFullFn = hw::EqcrFullHook;

class Platform
{
public:
	virtual ~Platform() = default;

	// "model" or "board", for logs.
	virtual const char *kind() const noexcept = 0;
	virtual const SocInfo &soc() const noexcept = 0;

	// Start / stop the hardware's activity (the model's thread). start() is
	// called once after scan, stop() at bus cleanup; both idempotent.
	virtual int start() noexcept = 0;
	virtual void stop() noexcept = 0;
	// What the far ends of the wires saw, one line per wire, for the log at
	// cleanup: a modelled sink's counts are how a run shows nothing was lost.
	virtual std::vector<std::string> wire_report() const { return {}; }

	// Map software portal 'index' (< num_*_portals). Negative errno.
	virtual int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept = 0;
	virtual int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept = 0;
	// Give a portal back (the next map of it starts from its reset state).
	virtual void unmap_qman_portal(unsigned index) noexcept = 0;
	virtual void unmap_bman_portal(unsigned index) noexcept = 0;

	// Have fn called whenever QMan portal 'index' raises its interrupt line
	// (see the portal's QCSP_IER/ISR/IIR); fn.fn == nullptr detaches. The
	// call comes from whatever thread interrupts arrive on (the model's own
	// thread, with the model locked): it must be short and must not call
	// into the platform. -ENOTSUP where the platform cannot deliver portal
	// interrupts.
	virtual int set_qman_portal_irq(unsigned, IrqFn) noexcept { return -ENOTSUP; }

	// CCSR register windows; nullptr if there is no such block.
	virtual hw::RegisterWindow *fman_ccsr(unsigned fman) noexcept = 0;
	virtual hw::RegisterWindow *bman_ccsr() noexcept = 0;
	// The FMan's IEEE 1588 timer block (dpaa_hw/fman_timer.hpp: 4 KiB right
	// after the FMan's registers, its own device-tree node on a board);
	// nullptr where it is not mapped.
	virtual hw::RegisterWindow *fman_timer(unsigned) noexcept { return nullptr; }

	// Make process memory [va, va + len) reachable by DMA: add windows to
	// the translation table (bus_addr.hpp). 'iova' is DPDK's IOVA of va
	// (the physical address on a board, where DPDK runs IOVA-as-PA), or
	// kNoIova. The caller (dpdk_memory.cpp) hands over whole VA
	// reservations (memseg lists) when assigns_bus_addresses() is true, so
	// that memory DPDK adds later inside a reservation is already mapped
	// and bus addresses stay contiguous with VAs; otherwise it hands over
	// runs of segments contiguous in both VA and IOVA.
	static constexpr uint64_t kNoIova = UINT64_MAX;
	virtual bool assigns_bus_addresses() const noexcept = 0;
	virtual int dma_map(uintptr_t va, size_t len, uint64_t iova) noexcept = 0;

	// What a portal driver calls while waiting (stepped model), or none.
	virtual WaitFn wait_fn() noexcept { return {}; }
	// What a QMan portal driver calls when it finds its EQCR full, or none
	// (a board's QMan drains the ring by itself).
	virtual EqcrFullFn eqcr_full_fn() noexcept { return {}; }

	// The modelled SoC (a dpaa::model::System *) for tests and tools that
	// read wire counters or act as the hardware; nullptr on a board.
	virtual void *model_system() noexcept { return nullptr; }
};

} // namespace dpaa::platform
