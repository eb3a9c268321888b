/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The Management Complex firmware, as DPDK's fslmc bus, dpaa2 mempool and
// net_dpaa2 drive it through an MC portal: the 64-byte command is decoded,
// its token and object checked, the command run against the objects
// (which configure QBMan and WRIOP), and the response parameters and the
// status written back in place, synchronously.
//
// It reports MC firmware 10.39 and DPNI API 8.6, and answers the command
// versions DPDK 22.11 and 25.11 send (lib/dpaa2_hw/mc_commands.hpp). The
// objects are those NXP's dynamic_dpl.sh leaves: dprc.1 (the root, holding
// every DPMAC) and its child dprc.2, DPDK's container, with one DPNI per
// DPMAC the configuration names (connected to it), one DPMCP, the DPBPs,
// DPCONs and DPIOs.
//
// Checks the MC makes (as far as the API text says; the firmware source is
// not public): a token that was never given or was closed -> AUTH_ERR; an
// object outside the caller's container -> NO_PRIVILEGE; the commands
// "allowed only when the DPNI is disabled" on an enabled DPNI ->
// INVALID_STATE; bad parameters (CSCN address not 16-byte aligned, a
// taildrop threshold of 0, a distribution key larger than the DPNI's, a
// queue or TC that does not exist) -> CONFIG_ERR; an address the IOMMU does
// not map -> DMA_ERR; a command it does not know -> UNSUPPORTED_OP. Each
// refusal but the last is driver misuse: counted, the first of each kind
// logged.
//
// Not thread-safe: the System lock covers every call.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dpaa2_hw/mc_commands.hpp"
#include "dpaa2_hw/mc_portal.hpp"
#include "dpaa2_model/board.hpp"
#include "dpaa2_model/config.hpp"
#include "dpaa2_model/mc_objects.hpp"
#include "dpaa_model/bus_memory.hpp"

namespace dpaa2::model
{

class Qbman;
class Wriop;
class SwPortal;

enum class McMisuse : unsigned {
	bad_token,	   // a token never given, or closed (AUTH_ERR)
	outside_container, // an object not in the caller's container (NO_PRIVILEGE)
	enabled_dpni,	   // a "disabled only" command on an enabled DPNI
	bad_parameter,	   // CONFIG_ERR: what the command asks does not exist or fit
	unmapped_iova,	   // DMA_ERR: an address the IOMMU does not map
	unknown_portal,	   // a command on a portal no DPMCP or DPRC owns
	kCount
};
const char *mc_misuse_name(McMisuse m) noexcept;

class Mc
{
public:
	// The root container and DPDK's container (dynamic_dpl.sh's dprc.2).
	static constexpr unsigned kRootContainer = 1;
	static constexpr unsigned kDpdkContainer = 2;

	// Builds the objects the configuration asks for. Wriop must hold the
	// board's DPMACs (Wriop::add_mac) already.
	Mc(const ModelConfig &cfg, Qbman &qbman, Wriop &wriop, dpaa::model::BusMemory &mem);
	~Mc();
	Mc(const Mc &) = delete;
	Mc &operator=(const Mc &) = delete;

	// Runs the command in `portal` (64 bytes: header + params, as the MC
	// portal holds them) in place: response params and header status,
	// synchronously. `portal_owner_id` is the id of the DPMCP whose region
	// 0 the portal is.
	void execute(uint8_t portal[64], unsigned portal_owner_id);
	// The same on a DPRC's own portal (its region 0; the kernel's
	// read()/write() path).
	void execute_on_dprc_portal(uint8_t portal[64], unsigned dprc_id);

	// What the emulation shows in sysfs and VFIO per object of a container.
	enum class RegionKind : uint8_t {
		mc_portal,	   // 64-byte commands (dprc, dpmcp region 0)
		qbman_cena,	   // dpio region 0: cache-enabled, direct mode
		qbman_cinh,	   // dpio region 1: cache-inhibited registers
		qbman_cena_memory, // dpio region 2 (QBMan >= 5.0): memory-backed CENA
	};
	struct Region {
		uint64_t size;
		bool cacheable; // MC flags CACHEABLE|SHAREABLE: mapped cacheable
		RegionKind kind;
	};
	struct Object {
		std::string type;
		unsigned id;
		std::vector<Region> regions;
		unsigned num_irqs;
	};
	std::vector<Object> container_objects(unsigned dprc_id) const;
	unsigned dpdk_container() const { return kDpdkContainer; }
	// For a DPIO object: its software portal (for region mmaps).
	SwPortal *dpio_portal(unsigned dpio_id);
	// IRQ: the emulation registers an eventfd per (object, index) (-1:
	// none); the MC writes 1 to it, as the kernel's VFIO handler does, when
	// the object's irq status & mask becomes non-zero while enabled.
	void set_irq_eventfd(const std::string &type, unsigned id, unsigned index, int efd);

	McObjects &objects() { return objects_; }
	const BoardDesc &board() const { return board_; }
	uint64_t misuse_count() const noexcept;
	uint64_t misuse_count(McMisuse m) const noexcept { return misuse_[unsigned(m)]; }
	uint64_t unsupported_count() const noexcept { return unsupported_; }
	uint64_t commands() const noexcept { return commands_; }
	using LogFn = void (*)(void *ctx, const char *line);
	void set_log(LogFn fn, void *ctx) noexcept
	{
		log_ = fn;
		log_ctx_ = ctx;
	}

	// MC portal region size as get_obj_region reports it (LX2: the MC
	// portals are 64 KiB apart).
	static constexpr uint64_t kMcPortalRegionSize = 0x10000;
	// The versions the object types report (get_api_version), those of the
	// DPDK 25.11 flib.
	static constexpr uint16_t kDprcApi[2] = {6, 7}, kDpioApi[2] = {4, 3}, kDpbpApi[2] = {3, 4},
				  kDpconApi[2] = {3, 3}, kDprtcApi[2] = {2, 3};

private:
	using McStatus = hw::McStatus;
	using McCommand = hw::McCommand;

	void run(McCommand &cmd, unsigned caller_container);
	McStatus object_less(McCommand &cmd, unsigned caller_container, bool &handled);
	McStatus open(McObjType type, McCommand &cmd, unsigned caller_container);
	McStatus irq_command(McObject &o, McCommand &cmd, bool &handled);
	static bool enables_alike(McObjType t) noexcept;
	static McStatus enable_command(McObject &o, McCommand &cmd, bool &handled);
	void raise_irq(McObject &o, unsigned index, uint32_t bits);
	McStatus misuse(McStatus s, McMisuse m, const char *fmt, ...)
		__attribute__((format(printf, 4, 5)));

	// One per object family (mc_dprc.cpp, mc_dpio.cpp, ...).
	McStatus dpmng_command(McCommand &cmd, bool &handled);
	McStatus dprc_command(DprcObject &o, McCommand &cmd, unsigned caller_container);
	McStatus dpio_command(DpioObject &o, McCommand &cmd);
	McStatus dpbp_command(DpbpObject &o, McCommand &cmd);
	McStatus dpcon_command(DpconObject &o, McCommand &cmd);
	McStatus dprtc_command(DprtcObject &o, McCommand &cmd);
	McStatus dpmac_command(DpmacObject &o, McCommand &cmd);
	McStatus dpni_command(DpniObject &o, McCommand &cmd);
	McStatus dpni_queue_command(DpniObject &o, McCommand &cmd, bool &handled);
	void dpni_reset(DpniObject &o);
	void build(const ModelConfig &cfg);

	const BoardDesc &board_;
	Qbman &qbman_;
	Wriop &wriop_;
	dpaa::model::BusMemory &mem_;
	McObjects objects_;
	std::array<uint64_t, unsigned(McMisuse::kCount)> misuse_{};
	uint64_t unsupported_ = 0;
	uint64_t commands_ = 0;
	LogFn log_ = nullptr;
	void *log_ctx_ = nullptr;
};

} // namespace dpaa2::model
