/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// Loopback, cable, none and pcap wires against test MACs, and the line-rate
// arithmetic the wires pace themselves with.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <pcap/pcap.h>
#include <string>
#include <thread>
#include <unistd.h>

#include "dpaa_model/pacer.hpp"
#include "dpaa_model/wire_cable.hpp"
#include "dpaa_model/wire_loopback.hpp"
#include "dpaa_model/wire_none.hpp"
#include "dpaa_model/wire_pcap.hpp"
#include "wire_test_support.hpp"

using namespace dpaa::model;
using dpaa::model::test::Frame;
using dpaa::model::test::numbered_frame;
using dpaa::model::test::TestMac;

namespace
{

// Polls until the wire has nothing more to do (bounded).
void drain(Wire &w)
{
	for (int i = 0; i < 100000 && w.poll(); i++) {
	}
}

std::string temp_path(const std::string &name)
{
	return "/tmp/dpaa-wire-test-" + std::to_string(getpid()) + "-" + name;
}

void write_pcap(const std::string &path, const std::vector<Frame> &frames)
{
	pcap_t *dead = pcap_open_dead(DLT_EN10MB, 65535);
	pcap_dumper_t *d = pcap_dump_open(dead, path.c_str());
	ASSERT_NE(d, nullptr) << pcap_geterr(dead);
	for (size_t i = 0; i < frames.size(); i++) {
		pcap_pkthdr h{};
		h.ts.tv_sec = 1000 + long(i);
		h.caplen = h.len = uint32_t(frames[i].size());
		pcap_dump(reinterpret_cast<u_char *>(d), &h, frames[i].data());
	}
	pcap_dump_close(d);
	pcap_close(dead);
}

std::vector<Frame> read_pcap(const std::string &path)
{
	std::vector<Frame> frames;
	char err[PCAP_ERRBUF_SIZE];
	pcap_t *p = pcap_open_offline(path.c_str(), err);
	EXPECT_NE(p, nullptr) << err;
	if (!p)
		return frames;
	pcap_pkthdr *h;
	const u_char *data;
	while (pcap_next_ex(p, &h, &data) == 1) {
		EXPECT_EQ(h->caplen, h->len);
		frames.emplace_back(data, data + h->caplen);
	}
	pcap_close(p);
	return frames;
}

} // namespace

TEST(Pacer, LineRateIntervalsAreExact)
{
	// 60 bytes without FCS = the 64-byte minimum frame: 84 bytes of line
	// time with FCS, preamble and IFG: 67.2 ns at 10G, 14.88 Mpps.
	EXPECT_EQ(Pacer::line_interval_ps(60, 10000), 67'200u);
	EXPECT_EQ(1'000'000'000'000 / Pacer::line_interval_ps(60, 10000), 14'880'952u);
	EXPECT_EQ(Pacer::line_interval_ps(60, 1000), 672'000u); // 1.488 Mpps
	EXPECT_EQ(Pacer::line_interval_ps(60, 2500), 268'800u);
	// 1514 + 4 = 1518-byte frames: 1538 bytes of line time, 812.7 kpps at 10G.
	EXPECT_EQ(Pacer::line_interval_ps(1514, 10000), 1'230'400u);
	EXPECT_EQ(Pacer::pps_interval_ps(1'000'000), 1'000'000u);
}

TEST(Pacer, AdmitsAtTheComputedTimes)
{
	Pacer p(Rate{}, 10000, true);
	EXPECT_TRUE(p.throttled());
	const uint64_t t0 = 1'000'000'000;
	EXPECT_TRUE(p.admit(t0, 60));
	EXPECT_FALSE(p.admit(t0 + 67'199, 60));
	EXPECT_TRUE(p.admit(t0 + 67'200, 60));
	EXPECT_FALSE(p.admit(t0 + 67'200, 1514));
	EXPECT_TRUE(p.admit(t0 + 134'400, 1514));	     // a long frame next...
	EXPECT_FALSE(p.admit(t0 + 134'400 + 1'230'399, 60)); // ...holds the line longer
	EXPECT_TRUE(p.admit(t0 + 134'400 + 1'230'400, 60));

	Pacer fixed(Rate{Rate::Kind::pps, 1000}, 10000, true);
	EXPECT_TRUE(fixed.admit(t0, 60));
	EXPECT_FALSE(fixed.admit(t0 + 999'999'999, 9600));
	EXPECT_TRUE(fixed.admit(t0 + 1'000'000'000, 9600));
}

TEST(Pacer, CatchesUpAtMostTheMaximumLag)
{
	Pacer p(Rate{}, 10000, true);
	const uint64_t t0 = 1'000'000'000;
	EXPECT_TRUE(p.admit(t0, 60));
	// A long stall: only kMaxLagPs worth of frames go back to back.
	const uint64_t later = t0 + 1'000'000'000'000;
	unsigned burst = 0;
	while (p.admit(later, 60))
		burst++;
	EXPECT_EQ(burst, Pacer::kMaxLagPs / 67'200 + 1);
}

TEST(Pacer, UnthrottledOrMaxAdmitsEverything)
{
	Pacer off(Rate{}, 10000, false); // stepped mode or throttle=off
	Pacer max(Rate{Rate::Kind::max, 0}, 10000, true);
	EXPECT_FALSE(off.throttled());
	EXPECT_FALSE(max.throttled());
	for (int i = 0; i < 1000; i++) {
		EXPECT_TRUE(off.admit(5, 9600));
		EXPECT_TRUE(max.admit(5, 9600));
	}
	EXPECT_EQ(off.interval_ps(60), 0u);
}

TEST(NoneWire, LinkDownAndDrops)
{
	NoneWire w;
	TestMac mac;
	w.attach(mac);
	EXPECT_FALSE(w.link_up());
	w.transmit(numbered_frame(1));
	EXPECT_FALSE(w.poll());
	EXPECT_TRUE(mac.rx.empty());
	EXPECT_EQ(w.dropped(), 1u);
	EXPECT_EQ(w.describe(), "none");
}

TEST(LoopbackWire, TxComesBackOnRx)
{
	LoopbackWire w("fm1-mac9", false);
	TestMac mac;
	EXPECT_FALSE(w.link_up());
	w.attach(mac);
	EXPECT_TRUE(w.link_up());
	EXPECT_EQ(w.describe(), "loopback");
	for (uint32_t i = 0; i < 100; i++)
		w.transmit(numbered_frame(i, 60 + i));
	drain(w);
	ASSERT_EQ(mac.rx.size(), 100u);
	for (uint32_t i = 0; i < 100; i++)
		EXPECT_EQ(mac.pop(), numbered_frame(i, 60 + i));
	EXPECT_EQ(mac.bad_fcs, 0u);
	EXPECT_EQ(w.stats().rx_frames, 100u);
}

TEST(LoopbackWire, BackPressureKeepsFramesInOrder)
{
	LoopbackWire w("fm1-mac9", false, 8);
	TestMac mac;
	w.attach(mac);
	mac.refuse = true;
	uint32_t sent = 0;
	while (w.tx_ready())
		w.transmit(numbered_frame(sent++));
	EXPECT_EQ(sent, 8u);
	EXPECT_FALSE(w.poll());
	EXPECT_GT(mac.refused, 0u);
	mac.refuse = false;
	drain(w);
	ASSERT_EQ(mac.rx.size(), 8u);
	for (uint32_t i = 0; i < 8; i++)
		EXPECT_EQ(mac.pop(), numbered_frame(i));
	EXPECT_EQ(w.stats().tx_dropped, 0u);
}

TEST(CableWire, BothDirectionsWithBackPressureAndNothingLost)
{
	CableEnd a("fm1-mac9", false, 16), b("fm1-mac10", false, 16);
	CableEnd::connect(a, b);
	TestMac mac9, mac10;
	a.attach(mac9);
	EXPECT_FALSE(a.link_up()); // the far end has no MAC yet
	b.attach(mac10);
	EXPECT_TRUE(a.link_up());
	EXPECT_TRUE(b.link_up());
	EXPECT_EQ(a.describe(), "cable:fm1-mac10");
	EXPECT_EQ(b.describe(), "cable:fm1-mac9");

	// mac10 takes 5 frames, then back-pressures; mac9 keeps sending while
	// the cable is ready; mac9 receives freely the other way.
	mac10.room = 5;
	const uint32_t total = 1000;
	uint32_t sent_ab = 0, sent_ba = 0;
	std::vector<Frame> got_b;
	for (int round = 0; round < 10000 && (got_b.size() < total || mac9.rx.size() < total);
	     round++) {
		for (int i = 0; i < 7 && sent_ab < total && a.tx_ready(); i++, sent_ab++)
			a.transmit(numbered_frame(sent_ab, 60 + sent_ab % 100));
		for (int i = 0; i < 7 && sent_ba < total && b.tx_ready(); i++)
			b.transmit(numbered_frame(100000 + sent_ba++));
		a.poll();
		b.poll();
		if (round % 3 == 0) // the far MAC drains slowly
			while (!mac10.rx.empty()) {
				got_b.push_back(mac10.pop());
			}
		if (round == 5) {
			EXPECT_FALSE(a.tx_ready()); // full: the sender must wait
		}
	}
	ASSERT_EQ(got_b.size(), total);
	ASSERT_EQ(mac9.rx.size(), total);
	for (uint32_t i = 0; i < total; i++) {
		EXPECT_EQ(got_b[i], numbered_frame(i, 60 + i % 100)) << i;
		EXPECT_EQ(mac9.rx[i], numbered_frame(100000 + i)) << i;
	}
	EXPECT_GT(mac10.refused, 0u);
	EXPECT_EQ(a.stats().tx_dropped, 0u);
	EXPECT_EQ(b.stats().tx_dropped, 0u);
	EXPECT_EQ(a.stats().tx_frames, total);
	EXPECT_EQ(b.stats().rx_frames, total);
}

TEST(CableWire, TransmitWhenNotReadyIsCountedAsDropped)
{
	CableEnd a("fm1-mac9", false, 2), b("fm1-mac10", false, 2);
	CableEnd::connect(a, b);
	TestMac mac9, mac10;
	a.attach(mac9);
	b.attach(mac10);
	for (uint32_t i = 0; i < 3; i++)
		a.transmit(numbered_frame(i));
	EXPECT_EQ(a.stats().tx_dropped, 1u);
	drain(b);
	EXPECT_EQ(mac10.rx.size(), 2u);
}

TEST(PcapWire, InThroughLoopbackToOutByteExact)
{
	const std::string in = temp_path("in.pcap"), out = temp_path("out.pcap");
	std::vector<Frame> frames;
	for (uint32_t i = 0; i < 50; i++)
		frames.push_back(numbered_frame(i, 60 + i * 37 % 1455));
	frames.push_back(numbered_frame(99, 9600)); // a jumbo frame
	write_pcap(in, frames);

	// The MAC behind the pcap wire loops back what it receives: the same
	// TestMac forwards its Rx to the wire's Tx.
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{in, out, Rate{}, 1}, false, false, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	w->attach(mac);
	EXPECT_TRUE(w->link_up());
	for (int i = 0; i < 1000 && !w->rx_done(); i++) {
		w->poll();
		while (!mac.rx.empty())
			w->transmit(mac.pop());
	}
	w->poll();
	EXPECT_EQ(w->received(), frames.size());
	EXPECT_EQ(w->written(), frames.size());
	// Flushed after the poll: a reader sees every frame while the wire lives.
	EXPECT_EQ(read_pcap(out), frames);
	w.reset();
	EXPECT_EQ(read_pcap(out), frames);
	unlink(in.c_str());
	unlink(out.c_str());
}

TEST(PcapWire, SteppedRunsWriteIdenticalFiles)
{
	const std::string in = temp_path("det-in.pcap");
	write_pcap(in, {numbered_frame(1), numbered_frame(2, 300), numbered_frame(3)});
	std::string bytes[2];
	for (std::string &b : bytes) {
		const std::string out = temp_path("det-out.pcap");
		std::string error;
		{
			auto w = PcapWire::open("fm1-mac9", PcapParams{in, out, Rate{}, 1}, false,
						false, error);
			ASSERT_TRUE(w) << error;
			TestMac mac;
			w->attach(mac);
			while (w->poll())
				while (!mac.rx.empty())
					w->transmit(mac.pop());
		}
		std::ifstream f(out, std::ios::binary);
		b.assign(std::istreambuf_iterator<char>(f), {});
		unlink(out.c_str());
	}
	EXPECT_EQ(bytes[0].size(), 24u + 3 * 16 + 60 + 300 + 60);
	EXPECT_EQ(bytes[0], bytes[1]);
	unlink(in.c_str());
}

// fcs=yes: each record ends with the frame's FCS, least significant byte
// first. The known answer: the FCS of the 60-byte numbered frame 1 as this
// test computes it bit by bit, independently of the wire's table.
uint32_t fcs_bitwise(const Frame &f)
{
	uint32_t c = 0xffffffffu;
	for (uint8_t b : f) {
		c ^= b;
		for (int i = 0; i < 8; i++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
	}
	return ~c;
}

Frame with_fcs(Frame f, uint32_t fcs)
{
	for (int i = 0; i < 4; i++)
		f.push_back(static_cast<uint8_t>(fcs >> (8 * i)));
	return f;
}

TEST(PcapWire, FcsYesChecksTheRecordsFcsAndAppendsItOnTx)
{
	const std::string in = temp_path("fcs-in.pcap"), out = temp_path("fcs-out.pcap");
	const Frame good = numbered_frame(1), bad = numbered_frame(2, 300);
	// A good FCS, a wrong one, a record of 3 bytes (shorter than an FCS).
	write_pcap(in, {with_fcs(good, fcs_bitwise(good)), with_fcs(bad, fcs_bitwise(bad) ^ 1),
			Frame{1, 2, 3}});
	PcapParams p{in, out, Rate{}, 1};
	p.fcs = true;
	std::string error;
	auto w = PcapWire::open("fm1-mac9", p, false, false, error);
	ASSERT_TRUE(w) << error;
	EXPECT_EQ(w->describe(), "pcap:rx=" + in + ":tx=" + out + ":fcs=yes");
	TestMac mac;
	w->attach(mac);
	drain(*w);
	ASSERT_EQ(mac.rx.size(), 3u);
	EXPECT_EQ(mac.rx[0], good) << "the FCS is not part of the frame";
	EXPECT_EQ(mac.rx[1], bad);
	EXPECT_EQ(mac.rx[2], (Frame{1, 2, 3}));
	EXPECT_EQ(mac.bad_fcs, 2u);
	EXPECT_EQ(w->bad_fcs(), 2u);
	w->transmit(good);
	w->flush();
	EXPECT_EQ(read_pcap(out), std::vector<Frame>{with_fcs(good, fcs_bitwise(good))});
	w.reset();
	unlink(in.c_str());
	unlink(out.c_str());
}

TEST(PcapWire, WaitsUntilTheMacReceives)
{
	const std::string in = temp_path("wait.pcap");
	write_pcap(in, {numbered_frame(1), numbered_frame(2)});
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{in, "", Rate{}, 1}, false, false, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	mac.ready = false;
	w->attach(mac);
	for (int i = 0; i < 10; i++)
		EXPECT_FALSE(w->poll());
	EXPECT_EQ(w->received(), 0u);
	mac.ready = true;
	EXPECT_TRUE(w->poll());
	ASSERT_EQ(mac.rx.size(), 2u);
	EXPECT_EQ(mac.rx[0], numbered_frame(1));
	unlink(in.c_str());
}

TEST(PcapWire, LoopsAndBackPressure)
{
	const std::string in = temp_path("loop.pcap");
	std::vector<Frame> frames{numbered_frame(1), numbered_frame(2), numbered_frame(3)};
	write_pcap(in, frames);
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{in, "", Rate{}, 3}, false, false, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	w->attach(mac);
	mac.room = 4; // refuses after 4 frames until the test drains it
	std::vector<Frame> got;
	for (int i = 0; i < 100 && !w->rx_done(); i++) {
		w->poll();
		while (!mac.rx.empty())
			got.push_back(mac.pop());
	}
	ASSERT_EQ(got.size(), 9u);
	for (size_t i = 0; i < got.size(); i++)
		EXPECT_EQ(got[i], frames[i % 3]);
	EXPECT_GT(mac.refused, 0u);
	unlink(in.c_str());
}

TEST(PcapWire, WritesAValidEmptyFileAndRejectsMissingInput)
{
	const std::string out = temp_path("empty.pcap");
	std::string error;
	{
		auto w = PcapWire::open("fm1-mac9", PcapParams{"", out, Rate{}, 1}, false, false,
					error);
		ASSERT_TRUE(w) << error;
		EXPECT_TRUE(read_pcap(out).empty());
	}
	EXPECT_TRUE(read_pcap(out).empty());
	unlink(out.c_str());

	auto bad = PcapWire::open("fm1-mac9", PcapParams{"/nonexistent/in.pcap", "", Rate{}, 1},
				  false, false, error);
	EXPECT_FALSE(bad);
	EXPECT_NE(error.find("cannot read pcap file /nonexistent/in.pcap: "), std::string::npos)
		<< error;
	bad = PcapWire::open("fm1-mac9", PcapParams{"", "/nonexistent/out.pcap", Rate{}, 1}, false,
			     false, error);
	EXPECT_FALSE(bad);
	EXPECT_NE(error.find("cannot write pcap file /nonexistent/out.pcap: "), std::string::npos)
		<< error;
}

TEST(PcapWire, SteppedPlaysOnceTheApplicationPolls)
{
	const std::string in = temp_path("poll.pcap");
	write_pcap(in, {numbered_frame(1), numbered_frame(2)});
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{in, "", Rate{}, 1}, false, false, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	mac.dequeuers = 0; // enabled, but no portal dequeues its Rx FQs yet
	w->attach(mac);
	for (int i = 0; i < 10; i++)
		EXPECT_FALSE(w->poll());
	EXPECT_FALSE(w->playing());
	EXPECT_EQ(w->received(), 0u);
	mac.dequeuers = 1u << 3; // portal 3's SDQCR now selects the FQ's channel
	EXPECT_TRUE(w->poll());
	EXPECT_TRUE(w->playing());
	ASSERT_EQ(mac.rx.size(), 2u);
	EXPECT_EQ(mac.rx[1], numbered_frame(2));
	unlink(in.c_str());
}

TEST(PcapWire, ThreadedPlaysOnceThePollingPortalsSettle)
{
	const std::string in = temp_path("settle.pcap");
	write_pcap(in, {numbered_frame(1), numbered_frame(2), numbered_frame(3)});
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{in, "", Rate{}, 1}, false, true, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	mac.dequeuers = 1u << 0; // testpmd's main lcore flushing at "start"
	w->attach(mac);
	EXPECT_FALSE(w->poll()); // first seen: the settling time begins
	mac.dequeuers = 1u << 1; // the forwarding lcore takes the queue over
	EXPECT_FALSE(w->poll()); // changed: it begins again
	EXPECT_TRUE(mac.rx.empty());
	const auto t0 = std::chrono::steady_clock::now();
	while (!w->playing() && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10)) {
		w->poll();
		std::this_thread::sleep_for(std::chrono::milliseconds(5));
	}
	ASSERT_TRUE(w->playing());
	drain(*w);
	ASSERT_EQ(mac.rx.size(), 3u);
	EXPECT_EQ(mac.rx[0], numbered_frame(1));
	EXPECT_EQ(mac.rx[2], numbered_frame(3));
	unlink(in.c_str());
}

TEST(PcapWire, StartEnablePlaysWithoutAPoller)
{
	const std::string in = temp_path("enable.pcap");
	write_pcap(in, {numbered_frame(1)});
	std::string error;
	PcapParams params{in, "", Rate{}, 1};
	params.start = PcapStart::enable;
	auto w = PcapWire::open("fm1-mac9", params, false, true, error);
	ASSERT_TRUE(w) << error;
	TestMac mac;
	mac.dequeuers = 0;
	w->attach(mac);
	EXPECT_TRUE(w->poll());
	ASSERT_EQ(mac.rx.size(), 1u);
	EXPECT_EQ(mac.rx[0], numbered_frame(1));
	unlink(in.c_str());
}

namespace
{

std::vector<std::string> warnings;
void keep_warning(const std::string &m)
{
	warnings.push_back(m);
}

// Plays 'path' to the end, returning the frames and the warnings given.
std::vector<Frame> play_damaged(const std::string &path)
{
	warnings.clear();
	set_wire_warning(keep_warning);
	std::string error;
	auto w = PcapWire::open("fm1-mac9", PcapParams{path, "", Rate{}, 0}, false, false, error);
	EXPECT_TRUE(w) << error;
	std::vector<Frame> got;
	if (!w)
		return got;
	TestMac mac;
	w->attach(mac);
	for (int i = 0; i < 100 && !w->rx_done(); i++)
		w->poll();
	EXPECT_TRUE(w->rx_done()) << "loop=0 (forever) must end at the damage";
	for (int i = 0; i < 10; i++)
		w->poll(); // nothing more, no second warning
	set_wire_warning(nullptr);
	got.assign(mac.rx.begin(), mac.rx.end());
	return got;
}

} // namespace

TEST(PcapWire, ARecordCutShortEndsPlaybackWithOneWarning)
{
	const std::string in = temp_path("cut.pcap");
	write_pcap(in, {numbered_frame(1), numbered_frame(2), numbered_frame(3, 200)});
	// The third record's header claims 200 bytes; half of them are there.
	ASSERT_EQ(truncate(in.c_str(), 24 + 2 * (16 + 60) + 16 + 100), 0);
	std::vector<Frame> got = play_damaged(in);
	ASSERT_EQ(got.size(), 2u);
	EXPECT_EQ(got[1], numbered_frame(2));
	ASSERT_EQ(warnings.size(), 1u);
	EXPECT_NE(warnings[0].find("fm1-mac9 pcap: " + in + ": record 3: "), std::string::npos)
		<< warnings[0];
	EXPECT_NE(warnings[0].find("playback ends after 2 frames"), std::string::npos)
		<< warnings[0];
	unlink(in.c_str());
}

TEST(PcapWire, ARecordClaimingTwoGigabytesEndsPlaybackWithOneWarning)
{
	const std::string in = temp_path("huge.pcap");
	write_pcap(in, {numbered_frame(1)});
	// A second record header: caplen = len = 2 GiB, then a few bytes.
	{
		std::ofstream f(in, std::ios::binary | std::ios::app);
		const uint32_t hdr[4] = {1001, 0, 0x80000000u, 0x80000000u};
		f.write(reinterpret_cast<const char *>(hdr), sizeof(hdr));
		f.write("0123456789", 10);
	}
	std::vector<Frame> got = play_damaged(in);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0], numbered_frame(1));
	ASSERT_EQ(warnings.size(), 1u);
	EXPECT_NE(warnings[0].find(in + ": record 2: "), std::string::npos) << warnings[0];
	unlink(in.c_str());
}
