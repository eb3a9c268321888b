/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The fsl-mc bus's MC command layer (drivers/bus/fslmc/mc) against a plain
// 64-byte portal and a responder thread standing in for the MC firmware:
// every command's bytes as the study's tables lay them out (built here by
// hand, byte by byte), the responses decoded from hand-built bytes, the
// MC's status codes as errno, and the timeout that leaves the portal usable.

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <functional>
#include <thread>

#include <gtest/gtest.h>

#include "mc/mc_api.hpp"
#include "mc/mc_io.hpp"

using namespace dpaa2::fslmc;
using Bytes = std::array<uint8_t, 64>;

namespace
{

// The MC: waits for a command (status READY), records its 64 bytes, writes
// the response that `answer` makes and the status, then waits for the next.
class FakeMc
{
public:
	// `answer(cmd, rsp)`: fill rsp (starts as a copy of cmd); its byte 2
	// is the status written last.
	using Answer = std::function<void(const Bytes &cmd, Bytes &rsp)>;

	explicit FakeMc(Answer a) : answer_(std::move(a))
	{
		thread_ = std::thread([this] { run(); });
	}
	~FakeMc()
	{
		stop_ = true;
		thread_.join();
	}
	alignas(64) uint8_t portal[64] = {};
	Bytes last{};
	std::atomic<unsigned> commands{0};

private:
	void run()
	{
		while (!stop_) {
			if (__atomic_load_n(&portal[2], __ATOMIC_ACQUIRE) != 1) {
				std::this_thread::yield();
				continue;
			}
			std::memcpy(last.data(), portal, 64);
			Bytes rsp = last;
			rsp[2] = 0;
			answer_(last, rsp);
			// The body, then the header with its status.
			std::memcpy(portal + 8, rsp.data() + 8, 56);
			uint64_t h;
			std::memcpy(&h, rsp.data(), 8);
			__atomic_store_n(reinterpret_cast<uint64_t *>(portal), h, __ATOMIC_RELEASE);
			commands++;
		}
	}
	Answer answer_;
	std::atomic<bool> stop_{false};
	std::thread thread_;
};

uint16_t cmd_id(const Bytes &b)
{
	return static_cast<uint16_t>(b[6] | b[7] << 8);
}
uint16_t token(const Bytes &b)
{
	return static_cast<uint16_t>(b[4] | b[5] << 8);
}
void put32(Bytes &b, unsigned off, uint32_t v)
{
	for (unsigned i = 0; i < 4; i++)
		b[off + i] = static_cast<uint8_t>(v >> 8 * i);
}
void put16(Bytes &b, unsigned off, uint16_t v)
{
	b[off] = static_cast<uint8_t>(v);
	b[off + 1] = static_cast<uint8_t>(v >> 8);
}
void put64(Bytes &b, unsigned off, uint64_t v)
{
	put32(b, off, static_cast<uint32_t>(v));
	put32(b, off + 4, static_cast<uint32_t>(v >> 32));
}
// Parameter byte n is portal byte 8 + n.
constexpr unsigned P = 8;

} // namespace

TEST(FslmcMc, GetVersionEncodesAndDecodes)
{
	FakeMc mc([](const Bytes &, Bytes &rsp) {
		put32(rsp, P + 0, 7);  // revision
		put32(rsp, P + 4, 10); // major
		put32(rsp, P + 8, 39); // minor
	});
	McIo io(mc.portal);
	mc::McVersion v;
	ASSERT_EQ(mc::get_version(io, v), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x8311);
	EXPECT_EQ(token(mc.last), 0);
	EXPECT_EQ(mc.last[0], 0); // src_id
	EXPECT_EQ(mc.last[1], 0); // flags_hw: low priority
	EXPECT_EQ(mc.last[3], 0); // flags_sw
	EXPECT_EQ(v.major, 10u);
	EXPECT_EQ(v.minor, 39u);
	EXPECT_EQ(v.revision, 7u);
	EXPECT_EQ(mc::check_version(v), 0);
}

TEST(FslmcMc, VersionCheckWantsMajor10AndMinor32)
{
	EXPECT_EQ(mc::check_version({10, 32, 0}), 0);
	EXPECT_EQ(mc::check_version({10, 31, 9}), -ENOTSUP);
	EXPECT_EQ(mc::check_version({11, 40, 0}), -ENOTSUP);
	EXPECT_EQ(mc::check_version({9, 99, 0}), -ENOTSUP);
}

TEST(FslmcMc, SocVersion)
{
	FakeMc mc([](const Bytes &, Bytes &rsp) {
		put32(rsp, P + 0, 0x87360020);
		put32(rsp, P + 4, 0x410fd083);
	});
	McIo io(mc.portal);
	uint32_t svr = 0, pvr = 0;
	ASSERT_EQ(mc::get_soc_version(io, svr, pvr), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x8321);
	EXPECT_EQ(svr & mc::kSvrFamilyMask, mc::kSvrLx2160a);
	EXPECT_EQ(pvr, 0x410fd083u);
}

TEST(FslmcMc, OpenSendsTheIdAndTakesTheTokenFromTheResponseHeader)
{
	struct Case {
		mc::ObjType type;
		uint16_t id;
	};
	const Case cases[] = {{mc::ObjType::dprc, 0x8051},
			      {mc::ObjType::dpbp, 0x8041},
			      {mc::ObjType::dpio, 0x8031},
			      {mc::ObjType::dpcon, 0x8081},
			      {mc::ObjType::dpni, 0x8011}};
	FakeMc mc([](const Bytes &, Bytes &rsp) { put16(rsp, 4, 0x1234); });
	McIo io(mc.portal);
	for (const Case &c : cases) {
		mc::McObject o;
		ASSERT_EQ(mc::open(io, c.type, 0x00abcdef, o), 0);
		EXPECT_EQ(cmd_id(mc.last), c.id);
		EXPECT_EQ(token(mc.last), 0);
		EXPECT_EQ(mc.last[P + 0], 0xef);
		EXPECT_EQ(mc.last[P + 1], 0xcd);
		EXPECT_EQ(mc.last[P + 2], 0xab);
		EXPECT_EQ(mc.last[P + 3], 0x00);
		EXPECT_TRUE(o.open);
		EXPECT_EQ(o.token, 0x1234);
		EXPECT_EQ(o.id, 0x00abcdefu);
	}
}

TEST(FslmcMc, ObjectCommandsCarryTheToken)
{
	FakeMc mc([](const Bytes &cmd, Bytes &rsp) {
		if (cmd_id(cmd) == 0x0061)
			rsp[P + 0] = 1; // is_enabled
	});
	McIo io(mc.portal);
	mc::McObject o{mc::ObjType::dpbp, 3, 0x0042, true};
	ASSERT_EQ(mc::enable(io, o), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0021);
	EXPECT_EQ(token(mc.last), 0x42);
	ASSERT_EQ(mc::disable(io, o), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0031);
	ASSERT_EQ(mc::reset(io, o), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0051);
	bool en = false;
	ASSERT_EQ(mc::is_enabled(io, o, en), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0061);
	EXPECT_TRUE(en);
	ASSERT_EQ(mc::close(io, o), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x8001);
	EXPECT_EQ(token(mc.last), 0x42);
	EXPECT_FALSE(o.open);
	// A closed object sends nothing.
	const unsigned before = mc.commands;
	EXPECT_EQ(mc::enable(io, o), -EBADF);
	EXPECT_EQ(mc::close(io, o), 0);
	EXPECT_EQ(mc.commands, before);
}

TEST(FslmcMc, ApiVersions)
{
	FakeMc mc([](const Bytes &, Bytes &rsp) {
		put16(rsp, P + 0, 3);
		put16(rsp, P + 2, 5);
	});
	McIo io(mc.portal);
	const std::pair<mc::ObjType, uint16_t> cases[] = {{mc::ObjType::dpbp, 0xA041},
							  {mc::ObjType::dpio, 0xA031},
							  {mc::ObjType::dpcon, 0xA081},
							  {mc::ObjType::dpni, 0xA011}};
	for (auto [t, id] : cases) {
		uint16_t major = 0, minor = 0;
		ASSERT_EQ(mc::get_api_version(io, t, major, minor), 0);
		EXPECT_EQ(cmd_id(mc.last), id);
		EXPECT_EQ(major, 3);
		EXPECT_EQ(minor, 5);
	}
}

TEST(FslmcMc, DprcGetConnection)
{
	FakeMc mc([](const Bytes &, Bytes &rsp) {
		put32(rsp, P + 24, 3);
		put16(rsp, P + 28, 0);
		std::memcpy(rsp.data() + P + 32, "dpmac", 6);
		put32(rsp, P + 48, 1);
	});
	McIo io(mc.portal);
	mc::McObject dprc{mc::ObjType::dprc, 2, 7, true};
	mc::Endpoint ep1, ep2;
	std::strcpy(ep1.type, "dpni");
	ep1.id = 1;
	ep1.interface_id = 0x0102;
	int state = -5;
	ASSERT_EQ(mc::dprc_get_connection(io, dprc, ep1, ep2, state), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x16C1);
	EXPECT_EQ(token(mc.last), 7);
	EXPECT_EQ(mc.last[P + 0], 1);
	EXPECT_EQ(mc.last[P + 4], 0x02);
	EXPECT_EQ(mc.last[P + 5], 0x01);
	EXPECT_EQ(std::memcmp(mc.last.data() + P + 8, "dpni\0\0\0\0\0\0\0\0\0\0\0\0", 16), 0);
	EXPECT_STREQ(ep2.type, "dpmac");
	EXPECT_EQ(ep2.id, 3u);
	EXPECT_EQ(state, 1);
}

TEST(FslmcMc, DpbpAttributesAndFreeBuffers)
{
	FakeMc mc([](const Bytes &cmd, Bytes &rsp) {
		if (cmd_id(cmd) == 0x0041) {
			put16(rsp, P + 2, 0x0123); // bpid
			put32(rsp, P + 4, 9);	   // id
		} else {
			put32(rsp, P + 0, 2048);
		}
	});
	McIo io(mc.portal);
	mc::McObject o{mc::ObjType::dpbp, 9, 5, true};
	mc::DpbpAttributes a;
	ASSERT_EQ(mc::dpbp_get_attributes(io, o, a), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0041);
	EXPECT_EQ(a.bpid, 0x123);
	EXPECT_EQ(a.id, 9u);
	uint32_t n = 0;
	ASSERT_EQ(mc::dpbp_get_num_free_bufs(io, o, n), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x1B21);
	EXPECT_EQ(n, 2048u);
}

TEST(FslmcMc, DpioCommands)
{
	FakeMc mc([](const Bytes &cmd, Bytes &rsp) {
		switch (cmd_id(cmd)) {
		case 0x0041:
			put32(rsp, P + 0, 4);
			put16(rsp, P + 4, 11);
			rsp[P + 6] = 8;
			rsp[P + 7] = 0xf1; // channel mode in [3:0]
			put64(rsp, P + 8, 0x0000000811000000ull);
			put64(rsp, P + 16, 0x0000000819000000ull);
			put32(rsp, P + 24, 0x05000000);
			put32(rsp, P + 32, 700);
			break;
		case 0x1221:
			rsp[P + 0] = 3;
			break;
		}
	});
	McIo io(mc.portal);
	mc::McObject o{mc::ObjType::dpio, 4, 0x77, true};
	mc::DpioAttributes a;
	ASSERT_EQ(mc::dpio_get_attributes(io, o, a), 0);
	EXPECT_EQ(a.id, 4u);
	EXPECT_EQ(a.qbman_portal_id, 11);
	EXPECT_EQ(a.num_priorities, 8);
	EXPECT_EQ(a.channel_mode, 1);
	EXPECT_EQ(a.ce_offset, 0x0000000811000000ull);
	EXPECT_EQ(a.ci_offset, 0x0000000819000000ull);
	EXPECT_EQ(a.qbman_version, 0x05000000u);
	EXPECT_EQ(a.clk, 700u);

	ASSERT_EQ(mc::dpio_set_stashing_destination(io, o, 5), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x1201);
	EXPECT_EQ(token(mc.last), 0x77);
	EXPECT_EQ(mc.last[P + 0], 5);

	uint8_t ch = 0;
	ASSERT_EQ(mc::dpio_add_static_dequeue_channel(io, o, 0x10203, ch), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x1221);
	EXPECT_EQ(mc.last[P + 0], 0x03);
	EXPECT_EQ(mc.last[P + 1], 0x02);
	EXPECT_EQ(mc.last[P + 2], 0x01);
	EXPECT_EQ(ch, 3);
	ASSERT_EQ(mc::dpio_remove_static_dequeue_channel(io, o, 6), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x1231);
	EXPECT_EQ(mc.last[P + 0], 6);
}

TEST(FslmcMc, DpconAttributes)
{
	FakeMc mc([](const Bytes &, Bytes &rsp) {
		put32(rsp, P + 0, 2);
		put16(rsp, P + 4, 0x41);
		rsp[P + 6] = 2;
	});
	McIo io(mc.portal);
	mc::McObject o{mc::ObjType::dpcon, 2, 1, true};
	mc::DpconAttributes a;
	ASSERT_EQ(mc::dpcon_get_attributes(io, o, a), 0);
	EXPECT_EQ(cmd_id(mc.last), 0x0041);
	EXPECT_EQ(a.id, 2u);
	EXPECT_EQ(a.qbman_ch_id, 0x41);
	EXPECT_EQ(a.num_priorities, 2);
}

TEST(FslmcMc, StatusCodesBecomeNegativeErrno)
{
	std::atomic<uint8_t> status{0};
	FakeMc mc([&](const Bytes &, Bytes &rsp) { rsp[2] = status; });
	McIo io(mc.portal);
	const std::pair<uint8_t, int> cases[] = {
		{0x0, 0},	{0x3, -EACCES},	   {0x4, -EPERM},  {0x5, -EIO},
		{0x6, -EINVAL}, {0x7, -ETIMEDOUT}, {0x8, -119},	   {0x9, -ENOMEM},
		{0xA, -EBUSY},	{0xB, -ENOTSUP},   {0xC, -ENODEV}, {0x42, -EINVAL},
	};
	for (auto [s, err] : cases) {
		status = s;
		mc::McObject o;
		EXPECT_EQ(mc::open(io, mc::ObjType::dpni, 1, o), err) << "status " << int(s);
		EXPECT_EQ(o.open, err == 0);
	}
}

TEST(FslmcMc, TimeoutReleasesThePortal)
{
	alignas(64) uint8_t portal[64] = {};
	McIo io(portal, std::chrono::milliseconds(20));
	mc::McVersion v;
	const auto t0 = std::chrono::steady_clock::now();
	EXPECT_EQ(mc::get_version(io, v), -ETIMEDOUT);
	EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(20));
	EXPECT_EQ(io.timeouts(), 1u);
	// The command was written, READY, with the doorbell word last.
	EXPECT_EQ(portal[2], 1);
	EXPECT_EQ(portal[6] | portal[7] << 8, 0x8311);

	// The MC answers late; a second command, from another thread, then
	// gets the lock and its own answer.
	__atomic_store_n(&portal[2], uint8_t{0}, __ATOMIC_RELEASE);
	std::atomic<bool> answered{false};
	std::thread mc([&] {
		while (__atomic_load_n(&portal[2], __ATOMIC_ACQUIRE) != 1)
			std::this_thread::yield();
		EXPECT_EQ(portal[6] | portal[7] << 8, 0x8321);
		portal[P + 0] = 0x36;
		__atomic_store_n(&portal[2], uint8_t{0}, __ATOMIC_RELEASE);
		answered = true;
	});
	uint32_t svr = 0, pvr = 0;
	int ret = -1;
	std::thread caller([&] { ret = mc::get_soc_version(io, svr, pvr); });
	caller.join();
	mc.join();
	EXPECT_EQ(ret, 0);
	EXPECT_TRUE(answered);
	EXPECT_EQ(svr & 0xff, 0x36u);
}

TEST(FslmcMc, ConcurrentCallersAreSerialised)
{
	// Every response echoes the command's id in param 0: a caller that
	// read another's answer would see a different value.
	FakeMc mc([](const Bytes &cmd, Bytes &rsp) {
		put32(rsp, P + 4, 10);
		put32(rsp, P + 8, cmd[P + 0]);
	});
	McIo io(mc.portal);
	std::atomic<unsigned> mismatches{0};
	auto worker = [&](uint8_t id) {
		for (int i = 0; i < 200; i++) {
			dpaa2::hw::McCommand c = dpaa2::hw::McCommand::make(0x8311, 0);
			c.param_bytes[0] = id;
			if (io.send(c) != 0 || c.param(1) != id)
				mismatches++;
		}
	};
	std::thread a(worker, 1), b(worker, 2);
	a.join();
	b.join();
	EXPECT_EQ(mismatches, 0u);
	EXPECT_EQ(mc.commands, 400u);
}
