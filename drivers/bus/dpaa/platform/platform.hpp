/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The platform layer: the one interface through which the DPAA drivers reach
// the hardware. Two implementations exist:
//  - the board platform (board_platform.cpp): the USDPAA kernel driver's
//    portal mappings, the device tree, the CCSR windows of a real SoC;
//  - the model platform (lib/dpaa_model_platform): the modelled SoC of
//    lib/dpaa_model, configured by the DPAA_MODEL environment variable. It
//    lives in a library of its own that the bus loads only then
//    (model_plugin.hpp, ../model_host).
// The bus's discovery (../discover.cpp) picks one; nothing else knows which
// runs. What DPDK processes share of it is not the platform's but
// ../process_sharing.hpp's.
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

// What the board puts on the line side of a MAC, which bounds the speeds
// its port can run beyond the MAC's own: on a board, the device tree's
// phy-handle or fixed-link of the MAC's node.
enum class PhyKind : uint8_t {
	phy,	    // a PHY of the MAC's own speeds (RGMII, SGMII, QSGMII), or unknown
	multirate,  // on a 10G mEMAC, a clause-45 10GBASE-T PHY (the RDBs' AQR105 /
		    // AQR106) that runs the line at 100M, 1G, 2.5G, 5G or 10G and
		    // adapts the rate to the MAC's XFI
	fixed_link, // no PHY the kernel drives: an SFP+ cage or a fixed link
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
	char if_name[16];    // the name the kernel's link ioctls know the MAC
			     // by (its fsl,dpa-ethernet-init node: "ethernet@8")
	// The device tree's local-mac-address; all zero when the platform
	// gives none.
	uint8_t addr[6];
	PhyKind phy;
};

struct FmanInfo {
	unsigned index;	    // 0-based
	uint32_t ccsr_size; // bytes of the CCSR window (1 MiB)
	uint64_t ccsr_phys; // physical base (board) or 0 (model)
	uint32_t clock_mhz; // FMan clock, 0 if unknown
	// The FMan's IEEE 1588 timer block (a board's "fsl,fman-ptp-timer"
	// node, which the FMan names in ptimer-handle): physical base and
	// size, 0 when the tree has none (and in the model, whose timer is
	// part of the FMan's window).
	uint64_t timer_phys;
	uint32_t timer_size;
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
	// The ID ranges of the platform's allocator (alloc_ids()), for
	// messages: the first range of each kind where it has several.
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
	uint32_t pools;	  // SDQCR pool-channel bits the portal may dequeue from
};

// The kinds of hardware IDs a process holds (the USDPAA kernel driver's
// ID_ALLOC types, in its order).
enum class IdKind : uint8_t { fqid, bpid, pool_channel, cgrid };

// A MAC's link as its PHY reports it.
struct LinkState {
	bool up;
	uint32_t speed_mbps; // 0 when down
	bool full_duplex;
	bool autoneg;
};

// The speed and duplex a MAC is to run at (rte_eth_conf::link_speeds), or
// autonegotiation (the other fields are then ignored).
struct LinkMode {
	uint32_t speed_mbps;
	bool full_duplex;
	bool autoneg;
};

// What EAL must use as IOVAs for the hardware to reach DPDK's memory.
enum class IovaNeed : uint8_t {
	any,	  // the platform assigns bus addresses itself (the model)
	physical, // frame descriptors carry physical addresses (a board)
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
	// The hardware's own record of driver misuse (the model's fault
	// counters), empty when there is none or no such record (a board).
	virtual std::string misuse_report() noexcept { return {}; }

	// Map software portal 'index' (< num_*_portals). Negative errno.
	virtual int map_qman_portal(unsigned index, QmanPortalMap &out) noexcept = 0;
	virtual int map_bman_portal(unsigned index, BmanPortalMap &out) noexcept = 0;
	// Give a portal back (the next map of it starts from its reset state).
	virtual void unmap_qman_portal(unsigned index) noexcept = 0;
	virtual void unmap_bman_portal(unsigned index) noexcept = 0;

	// False once the hardware is gone for good: in a secondary process of
	// the modelled SoC, after the primary that runs the model has exited.
	// Slow paths check it to fail with a clear error instead of waiting.
	virtual bool hardware_present() noexcept { return true; }

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

	// What EAL's IOVAs must be (the bus's get_iommu_class).
	virtual IovaNeed iova_need() const noexcept { return IovaNeed::any; }

	// Hardware IDs: 'count' consecutive IDs of a kind, the first a multiple
	// of 'align' (a power of two), from the one allocator that owns the
	// SoC's IDs of every kind. On a board that is the USDPAA kernel's
	// (the ID_ALLOC ioctl), which shares them between the kernel's own
	// interfaces and every process; on the model the model's own
	// (dpaa_model/hardware_ids.hpp, the emulated kernel's too), which a
	// secondary process reaches through the primary. 0 with 'base' set,
	// -ENOSPC when no such run is free, or negative errno.
	virtual int alloc_ids(IdKind kind, uint32_t count, uint32_t align,
			      uint32_t &base) noexcept = 0;
	virtual void free_ids(IdKind kind, uint32_t base, uint32_t count) noexcept = 0;

	// The link of soc().macs[mac]: 0 or negative errno.
	virtual int link_state(unsigned mac, LinkState &out) noexcept = 0;
	// Tell the platform the port is administratively up or down (a board's
	// kernel then reports the link down while down). 0 or negative errno.
	virtual int set_link_admin(unsigned /*mac*/, bool /*up*/) noexcept { return 0; }
	// Have soc().macs[mac] run at that speed and duplex, or negotiate. The
	// caller checked the MAC and its PHY can. Whoever owns the PHY sets it
	// and then programs the MAC's IF_MODE for what the link settles at: on
	// a board the kernel's PHY driver, asked through the USDPAA
	// UPDATE_LINK_SPEED and RESTART_LINK_AUTONEG ioctls. 0 or negative
	// errno.
	virtual int set_link_mode(unsigned mac, const LinkMode &mode) noexcept = 0;
	// Have the eventfd 'efd' signalled on every link change of MAC 'mac'
	// (efd < 0 stops it). -ENOTSUP where link changes can only be sampled.
	virtual int set_link_event_fd(unsigned /*mac*/, int /*efd*/) noexcept { return -ENOTSUP; }

#ifndef RTE_DPAA_BOARD_ONLY // none in a build without the model: qbman/model_hooks.hpp
	// What a portal driver calls while waiting (stepped model), or none.
	virtual WaitFn wait_fn() noexcept
	{
		return {};
	}
	// What a QMan portal driver calls when it finds its EQCR full, or none
	// (a board's QMan drains the ring by itself).
	virtual EqcrFullFn eqcr_full_fn() noexcept
	{
		return {};
	}
#endif

	// The modelled SoC (a dpaa::model::System *) for tests and tools that
	// read wire counters or act as the hardware; nullptr on a board.
	virtual void *model_system() noexcept
	{
		return nullptr;
	}
};

} // namespace dpaa::platform
