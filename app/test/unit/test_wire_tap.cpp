/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The TAP wire with the kernel's network stack as the far end: ARP and ICMP
// echo answered by the kernel, and the link following the interface state.
// Needs /dev/net/tun and CAP_NET_ADMIN; skipped (with the reason) without.
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "dpaa_model/gen_frame.hpp"
#include "dpaa_model/wire_tap.hpp"
#include "wire_test_support.hpp"

using namespace dpaa::model;
using dpaa::model::test::Frame;
using dpaa::model::test::TestMac;

namespace
{

const uint8_t kOurMac[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x09};
// The test subnet's .1 (the kernel's, on the TAP) and .2 (ours), chosen by
// pick_subnet() among documentation subnets the host does not use.
uint8_t kKernelIp[4];
uint8_t kOurIp[4];

bool sh(const std::string &cmd)
{
	return std::system((cmd + " >/dev/null 2>&1").c_str()) == 0;
}

std::string run(const std::string &cmd)
{
	std::string out;
	FILE *p = popen(cmd.c_str(), "r");
	if (!p)
		return out;
	char buf[512];
	while (fgets(buf, sizeof(buf), p))
		out += buf;
	pclose(p);
	return out;
}

// A /24 that no address or route of the host touches: giving the TAP an
// address in a subnet the host uses would take that subnet from the host.
bool pick_subnet()
{
	const std::string used = run("ip -4 addr; ip -4 route");
	const uint8_t candidates[][3] = {{203, 0, 113}, {198, 51, 100}, {10, 254, 253}};
	for (const auto &c : candidates) {
		const std::string prefix = std::to_string(c[0]) + "." + std::to_string(c[1]) + "." +
					   std::to_string(c[2]) + ".";
		if (used.find(prefix) != std::string::npos)
			continue;
		std::copy(c, c + 3, kKernelIp);
		std::copy(c, c + 3, kOurIp);
		kKernelIp[3] = 1;
		kOurIp[3] = 2;
		return true;
	}
	return false;
}

std::string dotted(const uint8_t *ip)
{
	return std::to_string(ip[0]) + "." + std::to_string(ip[1]) + "." + std::to_string(ip[2]) +
	       "." + std::to_string(ip[3]);
}

class TapTest : public ::testing::Test
{
protected:
	void SetUp() override
	{
		int fd = open("/dev/net/tun", O_RDWR);
		if (fd < 0)
			GTEST_SKIP() << "/dev/net/tun not available here (" << strerror(errno)
				     << "): TAP wire not tested";
		close(fd);
		name_ = "dpaaw" + std::to_string(getpid() % 1000000);
		std::string error;
		wire_ = TapWire::open(TapParams{name_}, error);
		if (!wire_ && (error.find("Operation not permitted") != error.npos ||
			       error.find("Permission denied") != error.npos))
			GTEST_SKIP() << "not permitted to create a TAP: " << error;
		ASSERT_TRUE(wire_) << error;
		wire_->attach(mac_);
		// No IPv6 chatter (router solicitations, MLD) on the test link.
		std::ofstream("/proc/sys/net/ipv6/conf/" + name_ + "/disable_ipv6") << "1";
		ASSERT_TRUE(pick_subnet()) << "no free test subnet on this host";
		ASSERT_TRUE(sh("ip addr add " + dotted(kKernelIp) + "/24 dev " + name_));
		ASSERT_TRUE(sh("ip link set dev " + name_ + " up"));
	}

	// Polls the wire until a frame matching `want` arrives (bounded wait:
	// the kernel answers from softirq context, on its own schedule).
	bool await(const std::function<bool(const Frame &)> &want, Frame &got)
	{
		for (int i = 0; i < 3000; i++) {
			wire_->poll();
			while (!mac_.rx.empty()) {
				Frame f = mac_.pop();
				if (want(f)) {
					got = std::move(f);
					return true;
				}
			}
			std::this_thread::sleep_for(std::chrono::milliseconds(1));
		}
		return false;
	}

	std::string name_;
	TestMac mac_{1000};
	std::unique_ptr<TapWire> wire_;
};

Frame arp_request()
{
	Frame f(60, 0);
	std::fill(f.begin(), f.begin() + 6, 0xff);
	std::copy(kOurMac, kOurMac + 6, f.begin() + 6);
	f[12] = 0x08, f[13] = 0x06;
	const uint8_t arp[8] = {0, 1, 8, 0, 6, 4, 0, 1}; // Ethernet/IPv4, request
	std::copy(arp, arp + 8, f.begin() + 14);
	std::copy(kOurMac, kOurMac + 6, f.begin() + 22);
	std::copy(kOurIp, kOurIp + 4, f.begin() + 28);
	std::copy(kKernelIp, kKernelIp + 4, f.begin() + 38);
	return f;
}

Frame icmp_echo(const uint8_t *dst_mac, uint16_t id)
{
	Frame f(14 + 20 + 8 + 32, 0);
	std::copy(dst_mac, dst_mac + 6, f.begin());
	std::copy(kOurMac, kOurMac + 6, f.begin() + 6);
	f[12] = 0x08, f[13] = 0x00;
	uint8_t *ip = f.data() + 14;
	ip[0] = 0x45, ip[3] = 20 + 8 + 32, ip[8] = 64, ip[9] = 1;
	std::copy(kOurIp, kOurIp + 4, ip + 12);
	std::copy(kKernelIp, kKernelIp + 4, ip + 16);
	uint16_t c = uint16_t(~gen::fold(gen::sum16({ip, 20})));
	ip[10] = uint8_t(c >> 8), ip[11] = uint8_t(c);
	uint8_t *icmp = ip + 20;
	icmp[0] = 8; // echo request
	icmp[4] = uint8_t(id >> 8), icmp[5] = uint8_t(id), icmp[7] = 1;
	for (int i = 0; i < 32; i++)
		icmp[8 + i] = uint8_t('a' + i % 26);
	c = uint16_t(~gen::fold(gen::sum16({icmp, 40})));
	icmp[2] = uint8_t(c >> 8), icmp[3] = uint8_t(c);
	return f;
}

} // namespace

TEST_F(TapTest, KernelAnswersArpAndPing)
{
	EXPECT_TRUE(wire_->link_up());
	EXPECT_EQ(wire_->describe(), "tap:name=" + name_);
	wire_->transmit(arp_request());
	Frame reply;
	ASSERT_TRUE(await(
		[](const Frame &f) {
			return f.size() >= 42 && f[12] == 0x08 && f[13] == 0x06 && f[21] == 2;
		},
		reply))
		<< "no ARP reply from the kernel";
	EXPECT_TRUE(std::equal(kOurMac, kOurMac + 6, reply.begin())); // to us
	EXPECT_TRUE(
		std::equal(kKernelIp, kKernelIp + 4, reply.begin() + 28)); // "<kernel IP> is at"
	EXPECT_TRUE(std::equal(kOurMac, kOurMac + 6, reply.begin() + 32));
	EXPECT_TRUE(std::equal(kOurIp, kOurIp + 4, reply.begin() + 38));
	// The kernel wrote 42 bytes; the wire padded them as a MAC would.
	ASSERT_EQ(reply.size(), 60u);
	EXPECT_TRUE(std::all_of(reply.begin() + 42, reply.end(), [](uint8_t b) { return b == 0; }));
	const Frame kernel_mac(reply.begin() + 22, reply.begin() + 28);

	wire_->transmit(icmp_echo(kernel_mac.data(), 0x1234));
	Frame echo;
	ASSERT_TRUE(await(
		[](const Frame &f) {
			return f.size() >= 74 && f[12] == 0x08 && f[13] == 0x00 && f[23] == 1 &&
			       f[34] == 0; // echo reply
		},
		echo))
		<< "no ICMP echo reply from the kernel";
	EXPECT_TRUE(std::equal(kOurMac, kOurMac + 6, echo.begin()));
	EXPECT_TRUE(std::equal(kOurIp, kOurIp + 4, echo.begin() + 30));
	EXPECT_EQ(echo[38], 0x12);
	EXPECT_EQ(echo[39], 0x34);
	const Frame req = icmp_echo(kernel_mac.data(), 0x1234);
	EXPECT_TRUE(std::equal(req.begin() + 42, req.end(), echo.begin() + 42)); // same data
	EXPECT_EQ(gen::fold(gen::sum16({echo.data() + 14, 20})), 0xffff);
	EXPECT_EQ(wire_->to_kernel(), 2u);
	EXPECT_GE(wire_->from_kernel(), 2u);
	EXPECT_EQ(wire_->dropped(), 0u);
}

TEST_F(TapTest, LinkFollowsTheInterfaceState)
{
	EXPECT_TRUE(wire_->link_up());
	ASSERT_TRUE(sh("ip link set dev " + name_ + " down"));
	EXPECT_FALSE(wire_->link_up());
	// No carrier: the frame is lost as it leaves the MAC, which counts it.
	EXPECT_FALSE(wire_->transmit(arp_request()));
	EXPECT_EQ(wire_->no_carrier(), 1u);
	EXPECT_EQ(wire_->dropped(), 0u);
	EXPECT_EQ(wire_->to_kernel(), 0u);
	ASSERT_TRUE(sh("ip link set dev " + name_ + " up"));
	EXPECT_TRUE(wire_->link_up());
	EXPECT_TRUE(wire_->transmit(arp_request()));
	EXPECT_EQ(wire_->to_kernel(), 1u);
}

TEST_F(TapTest, LinkFollowsTheInterfaceInAnotherNetworkNamespace)
{
	const std::string ns = "dpaaw-ns" + std::to_string(getpid() % 1000000);
	if (!sh("ip netns add " + ns))
		GTEST_SKIP() << "cannot create a network namespace here: not tested";
	ASSERT_TRUE(sh("ip link set dev " + name_ + " netns " + ns));
	// Moving it takes it down; it comes up where it now lives.
	EXPECT_FALSE(wire_->link_up());
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + " up"));
	EXPECT_TRUE(wire_->link_up());
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + " down"));
	EXPECT_FALSE(wire_->link_up());
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + " up"));
	EXPECT_TRUE(wire_->link_up());
	// Renamed there, still followed.
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + " down"));
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + " name " + name_ + "r"));
	ASSERT_TRUE(sh("ip -n " + ns + " link set dev " + name_ + "r up"));
	EXPECT_TRUE(wire_->link_up());
	EXPECT_TRUE(wire_->transmit(arp_request()));
	EXPECT_EQ(wire_->to_kernel(), 1u);
	sh("ip netns del " + ns);
}

TEST(TapWireErrors, NamesTheProblem)
{
	std::string error;
	EXPECT_FALSE(TapWire::open(TapParams{"0123456789abcdef"}, error));
	EXPECT_EQ(error, "TAP name \"0123456789abcdef\" must have 1 to 15 characters");
	if (access("/dev/net/tun", R_OK | W_OK) != 0)
		return;
	EXPECT_FALSE(TapWire::open(TapParams{"lo"}, error));
	EXPECT_EQ(error, "cannot create TAP lo: Invalid argument (an interface of that name "
			 "exists and is not a TAP)");
}
