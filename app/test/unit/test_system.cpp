/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// model::System built from configuration strings: the wires on the right
// MACs, polled by the Soc's scheduler, stepped and threaded, errors.
#include <gtest/gtest.h>

#include <chrono>
#include <pcap/pcap.h>
#include <thread>
#include <unistd.h>

#include "dpaa_model/system.hpp"
#include "wire_test_support.hpp"

using namespace dpaa::model;
using dpaa::model::test::numbered_frame;

namespace
{

class NoMemory final : public BusMemory
{
public:
	void *to_host(uint64_t, size_t) noexcept override { return nullptr; }
};

std::unique_ptr<System> make(std::string_view cfg, BusMemory &mem)
{
	std::string error;
	auto s = System::create(cfg, mem, error);
	EXPECT_TRUE(s) << error;
	return s;
}

constexpr unsigned kMac9 = 8, kMac10 = 9;

} // namespace

TEST(System, BuildsTheBoardAndItsWires)
{
	NoMemory mem;
	auto s = make("fm1-mac9=gen:count=10;fm1-mac10=sink;fm1-mac3=loopback;mode=stepped", mem);
	ASSERT_TRUE(s);
	EXPECT_EQ(s->board().name, "ls1046a-rdb");
	EXPECT_EQ(s->num_fmans(), 1u);
	EXPECT_EQ(s->config().mode, RunMode::stepped);
	EXPECT_EQ(s->wire("fm1-mac9")->describe(), "gen:size=60:flows=1:rate=line:count=10");
	EXPECT_EQ(s->wire("fm1-mac10")->describe(), "sink");
	EXPECT_EQ(s->wire("fm1-mac3")->describe(), "loopback");
	EXPECT_EQ(s->wire("fm1-mac4")->describe(), "none");
	EXPECT_FALSE(s->wire("fm1-mac4")->link_up());
	EXPECT_TRUE(s->wire("fm1-mac3")->link_up());
	EXPECT_EQ(s->wire("fm1-mac1"), nullptr);
	EXPECT_NE(s->gen("fm1-mac9"), nullptr);
	EXPECT_EQ(s->sink("fm1-mac9"), nullptr); // not a sink
	EXPECT_NE(s->sink("fm1-mac10"), nullptr);
	EXPECT_NE(s->cable("fm1-mac3"), nullptr);
	EXPECT_EQ(s->start(), 0); // stepped: nothing to start
	EXPECT_FALSE(s->running());
}

TEST(System, SteppedGeneratorThroughForwardingToSink)
{
	NoMemory mem;
	auto s = make("fm1-mac9=gen:count=1000:flows=8:size=60,1514;fm1-mac10=sink;mode=stepped",
		      mem);
	ASSERT_TRUE(s);
	s->fman(0).forward[kMac9] = kMac10; // what a forwarding application does
	s->soc().run_until_idle();
	EXPECT_TRUE(s->gen("fm1-mac9")->done());
	SinkWire::Counters c = s->sink("fm1-mac10")->counters();
	EXPECT_EQ(c.frames, 1000u);
	EXPECT_EQ(c.bytes, 500u * 60 + 500u * 1514);
	EXPECT_EQ(c.generated, 1000u);
	EXPECT_EQ(c.bad + c.lost + c.out_of_order + c.duplicates, 0u);
}

TEST(System, CableBetweenTheTenGigPorts)
{
	NoMemory mem;
	auto s = make("fm1-mac9=cable:fm1-mac10;mode=stepped", mem);
	ASSERT_TRUE(s);
	EXPECT_EQ(s->wire("fm1-mac10")->describe(), "cable:fm1-mac9");
	Fman &f = s->fman(0);
	for (uint32_t i = 0; i < 10; i++) {
		f.wire(kMac9).transmit(numbered_frame(i));
		f.wire(kMac10).transmit(numbered_frame(100 + i));
	}
	s->soc().run_until_idle();
	ASSERT_EQ(f.mac(kMac10).rx.size(), 10u);
	ASSERT_EQ(f.mac(kMac9).rx.size(), 10u);
	for (uint32_t i = 0; i < 10; i++) {
		EXPECT_EQ(f.mac(kMac10).rx[i], numbered_frame(i));
		EXPECT_EQ(f.mac(kMac9).rx[i], numbered_frame(100 + i));
	}
}

TEST(System, ThreadedRunsUntilStoppedAndFlushesPcap)
{
	NoMemory mem;
	const std::string out = "/tmp/dpaa-system-test-" + std::to_string(getpid()) + ".pcap";
	auto s = make("fm1-mac9=gen:count=200:rate=max;fm1-mac10=pcap:tx=" + out, mem);
	ASSERT_TRUE(s);
	EXPECT_EQ(s->config().mode, RunMode::threaded);
	s->fman(0).forward[kMac9] = kMac10;
	ASSERT_EQ(s->start(), 0);
	EXPECT_TRUE(s->running());
	for (int i = 0; i < 5000 && s->pcap("fm1-mac10")->written() < 200; i++)
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	s->stop();
	EXPECT_FALSE(s->running());
	EXPECT_EQ(s->pcap("fm1-mac10")->written(), 200u);

	char err[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_offline(out.c_str(), err);
	ASSERT_NE(p, nullptr) << err;
	pcap_pkthdr *h;
	const u_char *data;
	unsigned n = 0;
	while (pcap_next_ex(p, &h, &data) == 1)
		n++;
	pcap_close(p);
	EXPECT_EQ(n, 200u);
	unlink(out.c_str());
}

TEST(System, ErrorsNameTheItem)
{
	NoMemory mem;
	std::string error;
	EXPECT_FALSE(System::create("fm1-mac99=sink", mem, error));
	EXPECT_EQ(error.rfind("DPAA_MODEL: item 1 \"fm1-mac99=sink\": no port fm1-mac99", 0), 0u)
		<< error;
	EXPECT_FALSE(
		System::create("mode=stepped;fm1-mac9=pcap:rx=/nonexistent/in.pcap", mem, error));
	EXPECT_EQ(error.rfind("DPAA_MODEL: item 2 \"fm1-mac9=pcap:rx=/nonexistent/in.pcap\": "
			      "cannot read pcap file /nonexistent/in.pcap: ",
			      0),
		  0u)
		<< error;
}
