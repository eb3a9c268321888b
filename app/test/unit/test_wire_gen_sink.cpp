/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The generator's frames (sizes, tags, headers, checksums, flows) and the
// sink's checks (loss, reordering, duplicates, damage).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "dpaa_model/gen_frame.hpp"
#include "dpaa_model/wire_gen.hpp"
#include "dpaa_model/wire_sink.hpp"
#include "wire_test_support.hpp"

using namespace dpaa::model;
using dpaa::model::test::Frame;
using dpaa::model::test::TestMac;

namespace
{

std::vector<Frame> generate(GenParams p, size_t n)
{
	GenWire g("fm1-mac9", std::move(p), false);
	TestMac mac;
	g.attach(mac);
	for (int i = 0; i < 100000 && mac.rx.size() < n && g.poll(); i++) {
	}
	std::vector<Frame> out(mac.rx.begin(), mac.rx.end());
	out.resize(std::min(out.size(), n));
	return out;
}

uint16_t be16(const Frame &f, size_t at)
{
	return uint16_t(f[at] << 8 | f[at + 1]);
}

// Checks the IPv4 header checksum and the UDP checksum from first principles.
void expect_checksums_valid(const Frame &f, size_t l2)
{
	const uint8_t *ip = f.data() + l2;
	EXPECT_EQ(gen::fold(gen::sum16({ip, 20})), 0xffff) << "IPv4 header checksum";
	const uint16_t udp_len = be16(f, l2 + 24);
	EXPECT_EQ(be16(f, l2 + 2), 20 + udp_len); // IPv4 total length
	EXPECT_EQ(l2 + 20 + udp_len, f.size());
	uint32_t s = gen::sum16({ip + 12, 8}) + 17 + udp_len;
	EXPECT_EQ(gen::fold(gen::sum16({ip + 20, udp_len}, s)), 0xffff) << "UDP checksum";
	EXPECT_NE(be16(f, l2 + 26), 0); // a UDP checksum is present
}

SinkWire::Counters sink_all(SinkWire &s, const std::vector<Frame> &frames)
{
	for (const Frame &f : frames)
		s.transmit(f);
	return s.counters();
}

} // namespace

TEST(GenWire, SizesCycleThroughTheMix)
{
	GenParams p;
	p.sizes = {64, 512, 1518, 60, 9600};
	p.count = 10;
	std::vector<Frame> f = generate(p, 100);
	ASSERT_EQ(f.size(), 10u); // count stops it
	for (size_t i = 0; i < f.size(); i++) {
		EXPECT_EQ(f[i].size(), p.sizes[i % 5]) << i;
		EXPECT_EQ(be16(f[i], 12), 0x0800);
		expect_checksums_valid(f[i], 14);
	}
}

TEST(GenWire, UntaggedHeaders)
{
	GenParams p;
	p.sizes = {60};
	p.count = 1;
	Frame f = generate(p, 1).at(0);
	const Frame l2{0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0, 0x02, 0x08, 0x00};
	EXPECT_EQ(Frame(f.begin(), f.begin() + 14), l2);
	EXPECT_EQ(f[14], 0x45);
	EXPECT_EQ(f[23], 17); // UDP
	EXPECT_EQ(Frame(f.begin() + 26, f.begin() + 34), (Frame{198, 19, 0, 0, 198, 18, 0, 1}));
	EXPECT_EQ(be16(f, 34), 1024); // source port of flow 0
	EXPECT_EQ(be16(f, 36), gen::kDstPort);
	EXPECT_EQ(f[42], gen::kMagic);
	expect_checksums_valid(f, 14);
}

TEST(GenWire, VlanTagBytes)
{
	GenParams p;
	p.sizes = {64};
	p.tags.vlan = 100;
	Frame f = generate(p, 1).at(0);
	EXPECT_EQ(f.size(), 64u);
	EXPECT_EQ(Frame(f.begin() + 12, f.begin() + 18),
		  (Frame{0x81, 0x00, 0x00, 0x64, 0x08, 0x00}));
	expect_checksums_valid(f, 18);
}

TEST(GenWire, QinqTagBytes)
{
	GenParams p;
	p.sizes = {60}; // the smallest frame still holds both tags and the payload header
	p.tags.outer = 10;
	p.tags.inner = 4094;
	Frame f = generate(p, 1).at(0);
	EXPECT_EQ(f.size(), 60u);
	EXPECT_EQ(Frame(f.begin() + 12, f.begin() + 22),
		  (Frame{0x88, 0xa8, 0x00, 0x0a, 0x81, 0x00, 0x0f, 0xfe, 0x08, 0x00}));
	expect_checksums_valid(f, 22);
	gen::Parsed r = gen::parse(f);
	EXPECT_TRUE(r.generated);
	EXPECT_TRUE(r.intact);
	EXPECT_EQ(r.l2_len, 22u);
}

TEST(GenWire, FlowsSpreadOverAddressesAndPorts)
{
	GenParams p;
	p.flows = 16;
	std::vector<Frame> f = generate(p, 64);
	ASSERT_EQ(f.size(), 64u);
	std::set<std::tuple<uint8_t, uint8_t, uint16_t>> tuples;
	for (size_t i = 0; i < f.size(); i++) {
		tuples.emplace(f[i][28], f[i][29], be16(f[i], 34));
		gen::Parsed r = gen::parse(f[i]);
		ASSERT_TRUE(r.intact) << i;
		EXPECT_EQ(r.flow, i % 16);
		EXPECT_EQ(r.seq, i / 16);
		EXPECT_EQ(f[i][29], i % 16); // 198.19.0.<flow>
		EXPECT_EQ(be16(f[i], 34), 1024 + i % 16);
	}
	EXPECT_EQ(tuples.size(), 16u);
}

TEST(GenWire, TemplateMatchesTheReferenceBuilder)
{
	for (gen::Tags tags : {gen::Tags{}, gen::Tags{7, {}, {}}, gen::Tags{{}, 1, 2}}) {
		for (size_t len : {60u, 61u, 333u, 1514u, 9600u}) {
			gen::FrameTemplate t(len, tags);
			for (uint32_t flow : {0u, 1u, 255u, 256u, 64511u, 64512u, 65535u}) {
				// make() patches the checksums of flow 0, sequence 0:
				// sequences whose halves carry, and the largest.
				for (uint32_t seq :
				     {flow * 7919u, 0xffffu, 0x10000u, 0xfffeffffu, 0xffffffffu}) {
					Frame ref(len);
					gen::build(ref, tags, uint16_t(flow), seq);
					std::span<const uint8_t> fast = t.make(uint16_t(flow), seq);
					EXPECT_EQ(Frame(fast.begin(), fast.end()), ref)
						<< len << " " << flow << " " << seq;
				}
			}
		}
	}
}

TEST(GenWire, RefusedFrameIsOfferedAgain)
{
	GenParams p;
	p.count = 5;
	GenWire g("fm1-mac9", p, false);
	TestMac mac;
	g.attach(mac);
	mac.room = 2;
	EXPECT_TRUE(g.poll());
	EXPECT_EQ(g.sent(), 2u);
	EXPECT_EQ(g.refused(), 1u);
	mac.room = SIZE_MAX;
	while (g.poll()) {
	}
	EXPECT_TRUE(g.done());
	ASSERT_EQ(mac.rx.size(), 5u);
	for (uint32_t i = 0; i < 5; i++)
		EXPECT_EQ(gen::parse(mac.rx[i]).seq, i);
}

TEST(GenWire, WaitsUntilTheMacReceives)
{
	GenParams p;
	p.count = 3;
	GenWire g("fm1-mac9", p, false);
	TestMac mac;
	mac.ready = false; // the application has not started the port yet
	g.attach(mac);
	EXPECT_FALSE(g.poll());
	EXPECT_EQ(g.sent(), 0u);
	EXPECT_EQ(mac.refused, 0u);
	mac.ready = true;
	EXPECT_TRUE(g.poll());
	ASSERT_EQ(mac.rx.size(), 3u);
	EXPECT_EQ(gen::parse(mac.rx[0]).seq, 0u);
}

TEST(GenWire, PacingIntervalsFollowTheMacSpeedAndRate)
{
	GenWire line("fm1-mac9", GenParams{}, true);
	TestMac mac10g(10000), mac1g(1000);
	line.attach(mac10g);
	EXPECT_EQ(line.interval_ps(60), 67'200u); // 14.88 Mpps
	line.attach(mac1g);
	EXPECT_EQ(line.interval_ps(1514), 12'304'000u); // 81.3 kpps

	GenParams fixed;
	fixed.rate = {Rate::Kind::pps, 2'000'000};
	GenWire pps("fm1-mac9", fixed, true);
	pps.attach(mac10g);
	EXPECT_EQ(pps.interval_ps(60), 500'000u);

	GenWire stepped("fm1-mac9", GenParams{}, false); // stepped mode: never paced
	stepped.attach(mac10g);
	EXPECT_EQ(stepped.interval_ps(60), 0u);
	GenParams max;
	max.rate = {Rate::Kind::max, 0};
	GenWire unpaced("fm1-mac9", max, true);
	unpaced.attach(mac10g);
	EXPECT_EQ(unpaced.interval_ps(60), 0u);
}

TEST(GenWire, Describe)
{
	GenParams p;
	p.sizes = {64, 128};
	p.tags.vlan = 5;
	p.flows = 3;
	p.count = 9;
	EXPECT_EQ(GenWire("fm1-mac9", p, false).describe(),
		  "gen:size=64,128:vlan=5:flows=3:rate=line:count=9");
}

TEST(SinkWire, CountsAGoodStream)
{
	GenParams p;
	p.flows = 4;
	p.sizes = {60, 1000};
	std::vector<Frame> f = generate(p, 100);
	SinkWire s("fm1-mac10");
	SinkWire::Counters c = sink_all(s, f);
	EXPECT_EQ(c.frames, 100u);
	EXPECT_EQ(c.bytes, 50u * 60 + 50u * 1000);
	EXPECT_EQ(c.generated, 100u);
	EXPECT_EQ(c.bad, 0u);
	EXPECT_EQ(c.lost, 0u);
	EXPECT_EQ(c.out_of_order, 0u);
	EXPECT_EQ(c.duplicates, 0u);
}

TEST(SinkWire, DetectsLossPerFlow)
{
	GenParams p;
	p.flows = 2;
	std::vector<Frame> f = generate(p, 20);
	f.erase(f.begin() + 4);			 // flow 0, seq 2
	f.erase(f.begin() + 10, f.begin() + 13); // three more
	SinkWire s("fm1-mac10");
	SinkWire::Counters c = sink_all(s, f);
	EXPECT_EQ(c.lost, 4u);
	EXPECT_EQ(c.out_of_order, 0u);
	EXPECT_EQ(c.duplicates, 0u);
}

TEST(SinkWire, DetectsReorderingAndDuplicates)
{
	GenParams p;
	std::vector<Frame> f = generate(p, 10);
	std::swap(f[3], f[5]); // 0 1 2 5 4 3 6 ...: 4 and 3 arrive late
	f.push_back(f[7]);     // a duplicate
	SinkWire s("fm1-mac10");
	SinkWire::Counters c = sink_all(s, f);
	EXPECT_EQ(c.out_of_order, 2u);
	EXPECT_EQ(c.lost, 0u); // the late frames made up for the gap
	EXPECT_EQ(c.duplicates, 1u);
	EXPECT_EQ(c.generated, 11u);
}

TEST(SinkWire, DetectsDamageAndCountsForeignFrames)
{
	GenParams p;
	p.sizes = {200};
	std::vector<Frame> f = generate(p, 4);
	f[0][150] ^= 0x40; // payload bit flip: UDP checksum
	f[1][14 + 8] = 1;  // TTL changed without the IPv4 checksum
	f[2].resize(199);  // truncated
	SinkWire s("fm1-mac10");
	s.transmit(Frame(60, 0)); // not a generator frame
	SinkWire::Counters c = sink_all(s, f);
	EXPECT_EQ(c.frames, 5u);
	EXPECT_EQ(c.generated, 4u);
	EXPECT_EQ(c.bad, 3u);
	EXPECT_EQ(c.lost, 3u); // only seq 3 arrived intact
}

// The sink's verdict on damaged frames, against the checks written from
// first principles (the plain word-by-word sum): every byte of the IPv4
// header, UDP header and payload changed in turn, for several sizes (odd
// ones too) and taggings.
TEST(SinkWire, VerdictMatchesTheChecksumsSummedWordByWord)
{
	auto reference_intact = [](const Frame &f, size_t l2) {
		const uint8_t *ip = f.data() + l2;
		const uint16_t ip_total = be16(f, l2 + 2), udp_len = be16(f, l2 + 24);
		const size_t gen_len = be16(f, l2 + 36), gen_l2 = f[l2 + 29];
		if (gen_len < gen_l2 || f.size() != gen_len - gen_l2 + l2)
			return false;
		if (ip_total != 20 + udp_len || l2 + ip_total > f.size())
			return false;
		if (gen::fold(gen::sum16({ip, 20})) != 0xffff)
			return false;
		if (be16(f, l2 + 26) == 0)
			return true; // no UDP checksum
		const uint32_t pseudo = gen::sum16({ip + 12, 8}) + 17 + udp_len;
		return gen::fold(gen::sum16({ip + 20, udp_len}, pseudo)) == 0xffff;
	};
	unsigned checked = 0, intact = 0;
	for (gen::Tags tags : {gen::Tags{}, gen::Tags{7, {}, {}}, gen::Tags{{}, 1, 2}}) {
		const size_t l2 = tags.l2_len();
		for (size_t len : {60u, 61u, 77u, 333u, 1514u}) {
			Frame good(len);
			gen::build(good, tags, 300, 0x12345678);
			ASSERT_TRUE(gen::parse(good).intact) << len;
			for (size_t at = l2; at < len; at++) {
				for (uint8_t x : {0x01, 0x80, 0xff}) {
					Frame f = good;
					f[at] ^= x;
					const gen::Parsed r = gen::parse(f);
					if (!r.generated)
						continue; // no longer the generator's layout
					const bool want = reference_intact(f, l2);
					ASSERT_EQ(r.intact, want)
						<< "size " << len << " l2 " << l2 << " byte " << at
						<< " ^ " << int(x);
					checked++;
					intact += want;
				}
			}
			// What the checksums cannot see passes, as they say: the UDP
			// checksum cleared (none), two payload words swapped.
			Frame f = good;
			f[l2 + 26] = 0;
			f[l2 + 27] = 0;
			EXPECT_TRUE(gen::parse(f).intact);
			if (len < l2 + 42)
				continue; // no two words of filler
			f = good;
			std::swap_ranges(f.begin() + l2 + 38, f.begin() + l2 + 40,
					 f.begin() + l2 + 40);
			ASSERT_NE(f, good);
			EXPECT_TRUE(gen::parse(f).intact);
			EXPECT_TRUE(reference_intact(f, l2));
		}
	}
	EXPECT_GT(checked, 10000u);
	EXPECT_EQ(intact, 0u); // a changed byte always changes a sum
}

TEST(SinkWire, AcceptsFramesWhoseTagAnApplicationRemoved)
{
	GenParams p;
	p.tags.vlan = 42;
	Frame f = generate(p, 1).at(0);
	f.erase(f.begin() + 12, f.begin() + 16); // the application popped the tag
	gen::Parsed r = gen::parse(f);
	EXPECT_TRUE(r.generated);
	EXPECT_TRUE(r.intact);
	EXPECT_EQ(r.l2_len, 14u);
}

TEST(SinkWire, RateMeterCountsSinceTheLastSample)
{
	SinkWire s("fm1-mac10");
	s.rate();
	for (int i = 0; i < 10; i++)
		s.transmit(Frame(100, 0));
	SinkWire::RateSample r = s.rate();
	ASSERT_GT(r.seconds, 0);
	EXPECT_NEAR(r.pps * r.seconds, 10, 1e-6);
	EXPECT_NEAR(r.mbps * r.seconds, 10 * 100 * 8 / 1e6, 1e-9);
	EXPECT_EQ(s.rate().pps, 0); // nothing since
}
