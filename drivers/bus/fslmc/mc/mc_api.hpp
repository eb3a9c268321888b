/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The MC commands of the fsl-mc bus and the dpaa2 mempool, typed: each one
// builds its command from the layouts of dpaa2_hw/mc_commands.hpp, sends it
// through an McIo and decodes the response. Every function returns 0 or a
// negative errno (the MC's status, or -ETIMEDOUT).
//
// Objects are opened by id and addressed afterwards by the token the MC
// returned (McObject). Commands on no object (versions) use token 0.
#pragma once

#include <cstdint>

#include "mc/mc_io.hpp"

namespace dpaa2::fslmc::mc
{

struct McVersion {
	uint32_t major = 0, minor = 0, revision = 0;
};
int get_version(McIo &io, McVersion &out) noexcept;

// The SoC's SVR (family in [31:16]) and PVR.
int get_soc_version(McIo &io, uint32_t &svr, uint32_t &pvr) noexcept;

inline constexpr uint32_t kSvrFamilyMask = 0xffff0000;
inline constexpr uint32_t kSvrLx2160a = 0x87360000;
inline constexpr uint32_t kSvrLs2088a = 0x87090000;
inline constexpr uint32_t kSvrLs2080a = 0x87010000;
inline constexpr uint32_t kSvrLs1088a = 0x87030000;

// The MC version this bus needs: the firmware DPDK 22.11's objects are laid
// out for (fsl_dpmng.h: 10.32).
inline constexpr uint32_t kMcMinorRequired = 32;
// 0 when `v` is a firmware this bus speaks to, else -ENOTSUP.
int check_version(const McVersion &v) noexcept;

// The object kinds with an open command on this bus's path.
enum class ObjType : uint8_t { dprc, dpbp, dpio, dpcon, dpni, dprtc };

// An open object: its kind, id and token. close() is idempotent.
struct McObject {
	ObjType type = ObjType::dprc;
	uint32_t id = 0;
	uint16_t token = 0;
	bool open = false;
};
int open(McIo &io, ObjType type, uint32_t id, McObject &out) noexcept;
int close(McIo &io, McObject &obj) noexcept;
int enable(McIo &io, const McObject &obj) noexcept;
int disable(McIo &io, const McObject &obj) noexcept;
int reset(McIo &io, const McObject &obj) noexcept;
int is_enabled(McIo &io, const McObject &obj, bool &enabled) noexcept;
int get_api_version(McIo &io, ObjType type, uint16_t &major, uint16_t &minor) noexcept;

// ---- DPRC ----
struct Endpoint {
	char type[16] = {}; // "dpmac", "dpni", ... NUL-terminated
	uint32_t id = 0;
	uint16_t interface_id = 0;
};
// The far end of `ep1` and the link state (1 up, 0 down). -ENAVAIL
// (the MC's NO_RESOURCE) when nothing is connected.
int dprc_get_connection(McIo &io, const McObject &dprc, const Endpoint &ep1, Endpoint &ep2,
			int &state) noexcept;

// ---- DPBP ----
struct DpbpAttributes {
	uint32_t id = 0;
	uint16_t bpid = 0;
};
int dpbp_get_attributes(McIo &io, const McObject &dpbp, DpbpAttributes &out) noexcept;
int dpbp_get_num_free_bufs(McIo &io, const McObject &dpbp, uint32_t &num) noexcept;

// ---- DPIO ----
struct DpioAttributes {
	uint32_t id = 0;
	uint16_t qbman_portal_id = 0;
	uint8_t num_priorities = 0;
	uint8_t channel_mode = 0; // 0 none, 1 local channel
	uint64_t ce_offset = 0, ci_offset = 0;
	uint32_t qbman_version = 0;
	uint32_t clk = 0;
};
int dpio_get_attributes(McIo &io, const McObject &dpio, DpioAttributes &out) noexcept;
int dpio_set_stashing_destination(McIo &io, const McObject &dpio, uint8_t sdest) noexcept;
int dpio_add_static_dequeue_channel(McIo &io, const McObject &dpio, uint32_t dpcon_id,
				    uint8_t &channel_index) noexcept;
int dpio_remove_static_dequeue_channel(McIo &io, const McObject &dpio, uint32_t dpcon_id) noexcept;

// ---- DPCON ----
struct DpconAttributes {
	uint32_t id = 0;
	uint16_t qbman_ch_id = 0;
	uint8_t num_priorities = 0;
};
int dpcon_get_attributes(McIo &io, const McObject &dpcon, DpconAttributes &out) noexcept;

} // namespace dpaa2::fslmc::mc
