/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The Management Complex command portal: the 64-byte command a driver writes
// into an MC portal (a DPMCP's or a DPRC's region 0) and the MC firmware
// answers in place.
//
// Layout (DPDK's drivers/bus/fslmc/mc/fsl_mc_cmd.h, the kernel's
// include/linux/fsl/mc.h): an 8-byte header then 7 x 64-bit parameters, all
// little-endian. The driver writes the parameters, then header word 1
// (token, cmd_id), then header word 0 with status READY: that last 32-bit
// store to offset 0 is the doorbell. It then polls the header until the
// status is no longer READY and reads the response parameters back.
#pragma once

#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "dpaa2_hw/le.hpp"

namespace dpaa2::hw
{

inline constexpr size_t kMcPortalCommandSize = 64;
inline constexpr unsigned kMcCommandParams = 7;
inline constexpr size_t kMcParamsSize = kMcCommandParams * 8;

// Header byte 2. The driver writes READY; the MC writes anything else when
// done (mc_sys.c: the spin ends on status != READY).
enum class McStatus : uint8_t {
	ok = 0x0,
	ready = 0x1,
	auth_err = 0x3,	    // bad or stale token
	no_privilege = 0x4, // object outside the caller's container
	dma_err = 0x5,	    // an IOVA the MC could not read or write
	config_err = 0x6,   // invalid parameters
	timeout = 0x7,
	no_resource = 0x8, // e.g. no such connection, no free object
	no_memory = 0x9,
	busy = 0xA,
	unsupported_op = 0xB,
	invalid_state = 0xC, // e.g. "allowed only when disabled"
};

// What upstream's mc_status_to_error() turns a status into (mc_sys.c), the
// value every flib function returns to the driver. ENAVAIL is Linux's 119.
constexpr int mc_status_errno(McStatus s) noexcept
{
	switch (s) {
	case McStatus::ok:
		return 0;
	case McStatus::auth_err:
		return -EACCES;
	case McStatus::no_privilege:
		return -EPERM;
	case McStatus::dma_err:
		return -EIO;
	case McStatus::config_err:
		return -EINVAL;
	case McStatus::timeout:
		return -ETIMEDOUT;
	case McStatus::no_resource:
		return -119; // ENAVAIL
	case McStatus::no_memory:
		return -ENOMEM;
	case McStatus::busy:
		return -EBUSY;
	case McStatus::unsupported_op:
		return -ENOTSUP;
	case McStatus::invalid_state:
		return -ENODEV;
	case McStatus::ready:
		break;
	}
	return -EINVAL;
}

// cmd_id = command number << 4 | command version (DPNI_CMD_ID_OFFSET etc.).
constexpr uint16_t mc_cmd_id(uint16_t number, uint8_t version) noexcept
{
	return static_cast<uint16_t>(number << 4 | (version & 0xF));
}
constexpr uint16_t mc_cmd_number(uint16_t cmd_id) noexcept
{
	return static_cast<uint16_t>(cmd_id >> 4);
}
constexpr uint8_t mc_cmd_version(uint16_t cmd_id) noexcept
{
	return static_cast<uint8_t>(cmd_id & 0xF);
}

// Header flags (fsl_mc_cmd.h): only the bits in kMcHeaderFlagsMask of the
// driver's cmd_flags reach the header; DPDK always sends CMD_PRI_LOW (0).
inline constexpr uint8_t kMcFlagHwPriority = 0x80;    // flags_hw
inline constexpr uint8_t kMcFlagSwIntrDisable = 0x01; // flags_sw
inline constexpr uint32_t kMcHeaderFlagsMask = 0xFF00FF00;

struct McCommandHeader {
	uint8_t src_id;
	uint8_t flags_hw;
	uint8_t status; // McStatus
	uint8_t flags_sw;
	le16 token;
	le16 cmd_id;
};
static_assert(sizeof(McCommandHeader) == 8);
static_assert(offsetof(McCommandHeader, status) == 2);
static_assert(offsetof(McCommandHeader, token) == 4);
static_assert(offsetof(McCommandHeader, cmd_id) == 6);

// The whole portal command. params() is the 56-byte area the command layouts
// of mc_commands.hpp are typed views over (one struct per command, each no
// larger than the area, all of alignment 1).
struct McCommand {
	McCommandHeader header;
	std::array<uint8_t, kMcParamsSize> param_bytes;

	McStatus status() const noexcept { return static_cast<McStatus>(header.status); }
	void set_status(McStatus s) noexcept { header.status = static_cast<uint8_t>(s); }
	uint16_t token() const noexcept { return header.token.load(); }
	uint16_t cmd_id() const noexcept { return header.cmd_id.load(); }

	uint64_t param(unsigned i) const noexcept
	{
		uint64_t v;
		std::memcpy(&v, param_bytes.data() + 8 * i, 8);
		return from_le(v);
	}
	void set_param(unsigned i, uint64_t v) noexcept
	{
		v = to_le(v);
		std::memcpy(param_bytes.data() + 8 * i, &v, 8);
	}
	void clear_params() noexcept { param_bytes.fill(0); }

	// A typed view of the parameter area.
	template <typename Layout> Layout &as() noexcept
	{
		static_assert(sizeof(Layout) <= kMcParamsSize && alignof(Layout) == 1);
		return *reinterpret_cast<Layout *>(param_bytes.data());
	}
	template <typename Layout> const Layout &as() const noexcept
	{
		static_assert(sizeof(Layout) <= kMcParamsSize && alignof(Layout) == 1);
		return *reinterpret_cast<const Layout *>(param_bytes.data());
	}

	// As mc_encode_cmd_header() builds it: READY, low priority.
	static McCommand make(uint16_t cmd_id, uint16_t token) noexcept
	{
		McCommand c{};
		c.header.status = static_cast<uint8_t>(McStatus::ready);
		c.header.token.store(token);
		c.header.cmd_id.store(cmd_id);
		return c;
	}
};
static_assert(sizeof(McCommand) == kMcPortalCommandSize);
static_assert(offsetof(McCommand, param_bytes) == 8);
static_assert(alignof(McCommand) == 1);

// The doorbell: the driver's last store is the 32-bit header word 0.
inline constexpr uint32_t kMcDoorbellOffset = 0;

} // namespace dpaa2::hw
