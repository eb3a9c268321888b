/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A driver of the modelled MC for tests: it builds the 64-byte commands as
// upstream's flib does (header word cmd_id << 48 | token << 32 | READY <<
// 16, parameters at the byte offsets of the study's tables, written here
// by hand rather than through lib/dpaa2_hw's layouts, so that those are
// checked too) and runs them on the DPMCP's portal.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "dpaa2_model/system.hpp"

namespace dpaa2::test
{

struct McCmd {
	alignas(8) std::array<uint8_t, 64> bytes{};

	McCmd(uint16_t cmd_id, uint16_t token = 0)
	{
		const uint64_t header = uint64_t(cmd_id) << 48 | uint64_t(token) << 32 | 1u << 16;
		std::memcpy(bytes.data(), &header, 8);
	}
	uint8_t *p(unsigned off) { return bytes.data() + 8 + off; }
	McCmd &u8(unsigned off, uint8_t v)
	{
		*p(off) = v;
		return *this;
	}
	McCmd &u16(unsigned off, uint16_t v)
	{
		std::memcpy(p(off), &v, 2);
		return *this;
	}
	McCmd &u32(unsigned off, uint32_t v)
	{
		std::memcpy(p(off), &v, 4);
		return *this;
	}
	McCmd &u64(unsigned off, uint64_t v)
	{
		std::memcpy(p(off), &v, 8);
		return *this;
	}
	McCmd &str(unsigned off, const char *s)
	{
		std::memcpy(p(off), s, std::strlen(s));
		return *this;
	}
	uint8_t r8(unsigned off) { return *p(off); }
	uint16_t r16(unsigned off)
	{
		uint16_t v;
		std::memcpy(&v, p(off), 2);
		return v;
	}
	uint32_t r32(unsigned off)
	{
		uint32_t v;
		std::memcpy(&v, p(off), 4);
		return v;
	}
	uint64_t r64(unsigned off)
	{
		uint64_t v;
		std::memcpy(&v, p(off), 8);
		return v;
	}
	uint8_t status() const { return bytes[2]; }
	uint16_t token() const
	{
		uint16_t t;
		std::memcpy(&t, bytes.data() + 4, 2);
		return t;
	}
};

// The status codes of mc_sys.c.
inline constexpr uint8_t kOk = 0x0, kAuthErr = 0x3, kNoPrivilege = 0x4, kDmaErr = 0x5,
			 kConfigErr = 0x6, kNoResource = 0x8, kUnsupported = 0xB,
			 kInvalidState = 0xC;

// Bus address == host address for the buffers a test maps.
class IdentityMemory final : public dpaa::model::BusMemory
{
public:
	void map(const void *p, size_t len)
	{
		ranges_.emplace_back(reinterpret_cast<uint64_t>(p), len);
	}
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		for (auto [base, size] : ranges_)
			if (bus >= base && bus + len <= base + size)
				return reinterpret_cast<void *>(bus);
		return nullptr;
	}

private:
	std::vector<std::pair<uint64_t, size_t>> ranges_;
};

class McDriver
{
public:
	explicit McDriver(dpaa2::model::System &s, unsigned dpmcp = 1) : s_(s), dpmcp_(dpmcp) {}

	// Runs the command on the portal as the driver's mc_send_command:
	// written to the portal, executed, read back. The status.
	uint8_t send(McCmd &c)
	{
		alignas(64) uint8_t portal[64];
		std::memcpy(portal, c.bytes.data(), 64);
		s_.lock();
		s_.mc().execute(portal, dpmcp_);
		s_.unlock();
		std::memcpy(c.bytes.data(), portal, 64);
		return c.status();
	}
	// *_open: the token, 0 on failure.
	uint16_t open(uint16_t cmd_id, uint32_t id, uint8_t *status = nullptr)
	{
		McCmd c(cmd_id);
		c.u32(0, id);
		const uint8_t st = send(c);
		if (status)
			*status = st;
		return st == kOk ? c.token() : 0;
	}
	uint8_t simple(uint16_t cmd_id, uint16_t token)
	{
		McCmd c(cmd_id, token);
		return send(c);
	}

private:
	dpaa2::model::System &s_;
	unsigned dpmcp_;
};

} // namespace dpaa2::test
