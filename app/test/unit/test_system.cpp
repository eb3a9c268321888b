/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// model::System built from configuration strings: the board, the FMan and
// the wires on the right MACs; frames from a wire through the FMan, QMan and
// BMan and back out to another wire, stepped and threaded; errors.
#include <gtest/gtest.h>

#include <chrono>
#include <pcap/pcap.h>
#include <thread>
#include <unistd.h>

#include "dpaa_model/gen_frame.hpp"
#include "dpaa_model/misuse.hpp"
#include "dpaa_model/system.hpp"
#include "fman_test_support.hpp"
#include "wire_test_support.hpp"

using namespace dpaa::model;
using dpaa::test::TestMemory;
namespace fm = dpaa::hw::fman;
namespace memac = dpaa::hw::memac;
namespace qm = dpaa::hw::qm;
namespace hw = dpaa::hw;

namespace
{

constexpr unsigned kMac9 = 8, kMac10 = 9;
constexpr uint8_t kBpid = 1;
constexpr uint16_t kBufSize = 2048;
constexpr uint32_t kRxFq9 = 0x100, kRxFq10 = 0x101, kErrFq = 0x102;
constexpr uint32_t kTxFq9 = 0x200, kTxFq10 = 0x201, kTxErrFq = 0x202;
constexpr uint16_t kAppChannel = qm::channel::kPool1;

// The application's side of the SoC for these tests, programmed the way a
// driver does (CCSR registers, QMan commands, BMan releases): Rx FQs of
// both 10G MACs go to one channel whose frames the test collects.
class Rig final : public ChannelConsumer
{
public:
	explicit Rig(std::string_view cfg) : mem_(32u << 20)
	{
		std::string error;
		sys = System::create(cfg, mem_, error);
		EXPECT_TRUE(sys) << error;
		if (!sys)
			return;
		Soc &soc = sys->soc();
		soc.qman().attach_channel_consumer(kAppChannel, *this);
		for (unsigned i = 0; i < 512; i++)
			soc.bman().release(kBpid, alloc(kBufSize));
		init_fq(kErrFq, kAppChannel);
		init_fq(kTxErrFq, kAppChannel);
		setup_mac(kMac9, kRxFq9, kTxFq9);
		setup_mac(kMac10, kRxFq10, kTxFq10);
	}
	~Rig()
	{
		if (sys) {
			sys->stop();
			sys->soc().qman().detach_channel_consumer(kAppChannel);
		}
	}

	bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t, uint64_t) override
	{
		got.emplace_back(fqid, fd);
		return true;
	}

	// A frame in a fresh buffer of pool kBpid, sent on a MAC's Tx FQ.
	void send(uint32_t tx_fq, const test::Frame &f)
	{
		uint64_t buf = alloc(kBufSize);
		std::memcpy(mem_.at(buf + 64), f.data(), f.size());
		ASSERT_EQ(sys->soc().qman().enqueue(
				  tx_fq, hw::Fd::contig(buf, kBpid, 64, uint32_t(f.size()))),
			  EnqueueStatus::ok);
	}
	test::Frame frame_of(const hw::Fd &fd)
	{
		const uint8_t *p = mem_.at(fd.addr() + fd.offset());
		return test::Frame(p, p + fd.length());
	}

	std::unique_ptr<System> sys;
	std::vector<std::pair<uint32_t, hw::Fd>> got;

private:
	uint64_t alloc(uint32_t size)
	{
		uint64_t a = TestMemory::kBase + next_;
		next_ += size;
		return a;
	}
	void wr(uint32_t off, uint32_t v) { sys->fman(0).ccsr().write32(off, v); }
	// context_a: a Tx FQ's, for the FMan (hw::fman::tx_context_a).
	void init_fq(uint32_t fqid, uint16_t channel, uint64_t context_a = 0)
	{
		qm::McInitFq c{};
		c.verb = qm::mcc_verb::kInitFqSched;
		c.fqid.store(fqid);
		c.fqd.set_dest(channel, 3);
		c.fqd.context_a.store(context_a);
		c.we_mask.store(qm::we::kDestWq | qm::we::kContextA);
		qm::McResult r{};
		sys->soc().qman().execute(0, reinterpret_cast<const qm::McCommand &>(c), r);
		ASSERT_EQ(r.result, qm::mcr_result::kOk) << "INITFQ " << fqid;
	}
	// The MAC in promiscuous mode with Rx to rx_fq from pool kBpid, and
	// its Tx port on tx_fq.
	void setup_mac(unsigned cell, uint32_t rx_fq, uint32_t tx_fq)
	{
		const uint32_t mac = fm::mac_base(cell);
		wr(mac + memac::kMaxFrm, 9600);
		wr(mac + memac::kCommandConfig, memac::cmd::kRxEn | memac::cmd::kTxEn |
							memac::cmd::kTxPadEn |
							memac::cmd::kPromiscuous);
		const uint32_t rx = fm::port_page(fm::rx_port_id(cell));
		wr(rx + fm::bmi_rx::kRebm, fm::bmi_rx::rebm(64, 0));
		wr(rx + fm::bmi_rx::rebmpi(0), fm::bmi_rx::pool(kBpid, kBufSize));
		wr(rx + fm::bmi_rx::kRfqid, rx_fq);
		wr(rx + fm::bmi_rx::kRefqid, kErrFq);
		wr(rx + fm::bmi_rx::kRcfg, fm::bmi_rx::kCfgEn);
		init_fq(rx_fq, kAppChannel);
		const uint32_t tx = fm::port_page(fm::tx_port_id(cell));
		wr(tx + fm::bmi_tx::kTefqid, kTxErrFq);
		wr(tx + fm::bmi_tx::kTcfg, fm::bmi_tx::kCfgEn);
		init_fq(tx_fq, sys->fman(0).tx_channel(cell),
			fm::tx_context_a::kV3NoConfirmFreeBuffers);
	}

	TestMemory mem_;
	uint64_t next_ = 0;
};

} // namespace

TEST(System, BuildsTheBoardAndItsWires)
{
	TestMemory mem(1 << 20);
	std::string error;
	auto s = System::create(
		"fm1-mac9=gen:count=10;fm1-mac10=sink;fm1-mac3=loopback;mode=stepped", mem, error);
	ASSERT_TRUE(s) << error;
	EXPECT_EQ(s->board().name, "ls1046a-rdb");
	EXPECT_EQ(s->num_fmans(), 1u);
	EXPECT_EQ(s->fman(0).index(), 0u);
	EXPECT_TRUE(s->fman(0).has_mac(kMac9));
	EXPECT_FALSE(s->fman(0).has_mac(0)); // fm1-mac1 is not wired on the RDB
	EXPECT_EQ(s->config().mode, RunMode::stepped);
	EXPECT_EQ(s->wire("fm1-mac9")->describe(), "gen:size=60:flows=1:rate=line:count=10");
	EXPECT_EQ(s->fman(0).wire(kMac9), s->wire("fm1-mac9"));
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

TEST(System, Ls1043aRdb)
{
	TestMemory mem(1 << 20);
	std::string error;
	auto s = System::create("board=ls1043a-rdb;fm1-mac1=sink;mode=stepped", mem, error);
	ASSERT_TRUE(s) << error;
	EXPECT_EQ(s->board().soc, "LS1043A");
	EXPECT_TRUE(s->fman(0).has_mac(0));
	EXPECT_FALSE(s->fman(0).has_mac(kMac10));
	EXPECT_NE(s->sink("fm1-mac1"), nullptr);
}

// gen on fm1-mac9 -> FMan Rx -> QMan -> the test (as a forwarding
// application) -> fm1-mac10 Tx -> sink: every frame, in order, intact.
TEST(System, GeneratorThroughTheSocToSink)
{
	Rig rig("fm1-mac9=gen:count=1000:flows=8:size=60,1514;fm1-mac10=sink;mode=stepped");
	ASSERT_TRUE(rig.sys);
	uint64_t forwarded = 0;
	for (int i = 0; i < 100000 && forwarded < 1000; i++) {
		rig.sys->soc().step();
		for (auto &[fqid, fd] : rig.got) {
			ASSERT_EQ(fqid, kRxFq9);
			ASSERT_EQ(rig.sys->soc().qman().enqueue(kTxFq10, fd), EnqueueStatus::ok);
			forwarded++;
		}
		rig.got.clear();
	}
	rig.sys->soc().run_until_idle();
	EXPECT_TRUE(rig.sys->gen("fm1-mac9")->done());
	SinkWire::Counters c = rig.sys->sink("fm1-mac10")->counters();
	EXPECT_EQ(c.frames, 1000u);
	EXPECT_EQ(c.bytes, 500u * 60 + 500u * 1514);
	EXPECT_EQ(c.generated, 1000u);
	EXPECT_EQ(c.bad, 0u);
	EXPECT_EQ(c.lost, 0u);
	EXPECT_EQ(c.out_of_order, 0u);
	EXPECT_EQ(c.duplicates, 0u);
	EXPECT_EQ(rig.sys->wire_summary(),
		  (std::vector<std::string>{
			  "fm1-mac9 gen:size=60,1514:flows=8:rate=line:count=1000: 1000 frames, "
			  "787000 bytes sent; 0 refused by the MAC; 0 frames from the MAC",
			  "fm1-mac10 sink: 1000 frames, 787000 bytes; generator frames 1000: 0 "
			  "bad, 0 lost, 0 out of order, 0 duplicates"}));
}

// pcap file -> fm1-mac9 Rx -> the test sends each frame back out of
// fm1-mac9 -> pcap file: the same bytes, in the same order.
TEST(System, PcapInThroughTheSocAndBackOutByteExact)
{
	const std::string base = "/tmp/dpaa-system-test-" + std::to_string(getpid());
	const std::string in = base + "-in.pcap", out = base + "-out.pcap";
	std::vector<test::Frame> frames;
	for (uint32_t i = 0; i < 100; i++)
		frames.push_back(test::numbered_frame(i, 60 + i * 97 % 1455));
	{
		pcap_t *dead = pcap_open_dead(DLT_EN10MB, 65535);
		pcap_dumper_t *d = pcap_dump_open(dead, in.c_str());
		ASSERT_NE(d, nullptr);
		for (const test::Frame &f : frames) {
			pcap_pkthdr h{};
			h.caplen = h.len = uint32_t(f.size());
			pcap_dump(reinterpret_cast<u_char *>(d), &h, f.data());
		}
		pcap_dump_close(d);
		pcap_close(dead);
	}
	{
		Rig rig("fm1-mac9=pcap:rx=" + in + ":tx=" + out + ";mode=stepped");
		ASSERT_TRUE(rig.sys);
		for (int i = 0; i < 100000 && rig.sys->pcap("fm1-mac9")->written() < 100; i++) {
			rig.sys->soc().step();
			for (auto &[fqid, fd] : rig.got) {
				ASSERT_EQ(fqid, kRxFq9);
				ASSERT_EQ(rig.sys->soc().qman().enqueue(kTxFq9, fd),
					  EnqueueStatus::ok);
			}
			rig.got.clear();
		}
		rig.sys->stop();
		EXPECT_EQ(rig.sys->pcap("fm1-mac9")->received(), 100u);
		EXPECT_EQ(rig.sys->pcap("fm1-mac9")->written(), 100u);
	}
	char err[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_offline(out.c_str(), err);
	ASSERT_NE(p, nullptr) << err;
	pcap_pkthdr *h;
	const u_char *data;
	std::vector<test::Frame> written;
	while (pcap_next_ex(p, &h, &data) == 1)
		written.emplace_back(data, data + h->caplen);
	pcap_close(p);
	EXPECT_EQ(written, frames);
	unlink(in.c_str());
	unlink(out.c_str());
}

TEST(System, CableBetweenTheTenGigPorts)
{
	Rig rig("fm1-mac9=cable:fm1-mac10;mode=stepped");
	ASSERT_TRUE(rig.sys);
	EXPECT_EQ(rig.sys->wire("fm1-mac10")->describe(), "cable:fm1-mac9");
	for (uint32_t i = 0; i < 10; i++) {
		rig.send(kTxFq9, test::numbered_frame(i, 60 + i));
		rig.send(kTxFq10, test::numbered_frame(100 + i));
	}
	rig.sys->soc().run_until_idle();
	std::vector<test::Frame> at9, at10;
	for (auto &[fqid, fd] : rig.got)
		(fqid == kRxFq9 ? at9 : at10).push_back(rig.frame_of(fd));
	ASSERT_EQ(at10.size(), 10u);
	ASSERT_EQ(at9.size(), 10u);
	for (uint32_t i = 0; i < 10; i++) {
		EXPECT_EQ(at10[i], test::numbered_frame(i, 60 + i));
		EXPECT_EQ(at9[i], test::numbered_frame(100 + i));
	}
}

TEST(System, ThreadedRunsUntilStoppedAndFlushesPcap)
{
	const std::string out = "/tmp/dpaa-system-test-" + std::to_string(getpid()) + ".pcap";
	Rig rig("fm1-mac10=pcap:tx=" + out + ";throttle=off");
	ASSERT_TRUE(rig.sys);
	EXPECT_EQ(rig.sys->config().mode, RunMode::threaded);
	std::vector<test::Frame> sent;
	for (uint32_t i = 0; i < 200; i++) {
		sent.push_back(test::numbered_frame(i, 60 + i * 7));
		rig.send(kTxFq10, sent.back());
	}
	ASSERT_EQ(rig.sys->start(), 0);
	EXPECT_TRUE(rig.sys->running());
	for (int i = 0; i < 5000 && rig.sys->pcap("fm1-mac10")->written() < 200; i++)
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	rig.sys->stop();
	EXPECT_FALSE(rig.sys->running());
	EXPECT_EQ(rig.sys->pcap("fm1-mac10")->written(), 200u);

	char err[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_offline(out.c_str(), err);
	ASSERT_NE(p, nullptr) << err;
	pcap_pkthdr *h;
	const u_char *data;
	std::vector<test::Frame> written;
	while (pcap_next_ex(p, &h, &data) == 1)
		written.emplace_back(data, data + h->caplen);
	pcap_close(p);
	EXPECT_EQ(written, sent);
	unlink(out.c_str());
}

TEST(System, ErrorsNameTheItem)
{
	TestMemory mem(1 << 20);
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

// What the suites' teardowns assert empty: every misuse counter, named.
TEST(System, MisuseSummaryNamesEveryNonZeroCounter)
{
	TestMemory mem(1u << 20);
	std::string error;
	auto sys = System::create("board=ls1046a-rdb", mem, error);
	ASSERT_TRUE(sys) << error;
	EXPECT_EQ(misuse_summary(*sys), "");
	// IF_STATUS is read-only: a driver that writes it misuses the MAC.
	hw::RegisterWindow &w = sys->fman(0).ccsr();
	w.write32(fm::mac_base(8) + memac::kIfStatus, 1);
	w.write32(fm::mac_base(9) + memac::kIfStatus, 1);
	EXPECT_EQ(misuse_summary(*sys), "read_only_write 2");
}

TEST(System, ProfileTimesEachStageOfTheModelThread)
{
	const std::string out = "/tmp/dpaa-system-profile-" + std::to_string(getpid()) + ".pcap";
	Rig rig("fm1-mac10=pcap:tx=" + out + ";throttle=off;profile=on");
	ASSERT_TRUE(rig.sys);
	for (uint32_t i = 0; i < 100; i++)
		rig.send(kTxFq10, test::numbered_frame(i, 60));
	ASSERT_EQ(rig.sys->start(), 0);
	for (int i = 0; i < 5000 && rig.sys->pcap("fm1-mac10")->written() < 100; i++)
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	std::this_thread::sleep_for(std::chrono::milliseconds(20));
	rig.sys->stop();
	EXPECT_EQ(rig.sys->pcap("fm1-mac10")->written(), 100u);
	unlink(out.c_str());

	const Soc::ThreadStats t = rig.sys->soc().thread_stats();
	ASSERT_TRUE(t.profiled);
	uint64_t sum = 0;
	for (unsigned i = 0; i < t.stage_ns.size(); i++) {
		EXPECT_GT(t.stage_ns[i], 0u) << kStageNames[i];
		sum += t.stage_ns[i];
	}
	// Every step's stages, timed back to back, within the thread's run.
	EXPECT_LE(sum, t.run_ns + t.run_ns / 50);
	EXPECT_GT(sum, t.run_ns / 100);

	const std::vector<std::string> lines = rig.sys->wire_summary();
	ASSERT_FALSE(lines.empty());
	const std::string &last = lines.back();
	EXPECT_EQ(last.rfind("model stages (ms): qman-portals ", 0), 0u) << last;
	size_t at = 0;
	for (const char *name : kStageNames) {
		at = last.find(std::string(" ") + name + " ", at);
		EXPECT_NE(at, std::string::npos) << name << " in " << last;
	}
}

TEST(System, NoProfileUnlessAsked)
{
	Rig rig("throttle=off");
	ASSERT_TRUE(rig.sys);
	ASSERT_EQ(rig.sys->start(), 0);
	std::this_thread::sleep_for(std::chrono::milliseconds(5));
	rig.sys->stop();
	const Soc::ThreadStats t = rig.sys->soc().thread_stats();
	EXPECT_FALSE(t.profiled);
	for (const std::string &l : rig.sys->wire_summary())
		EXPECT_EQ(l.find("model stages"), std::string::npos) << l;
}
