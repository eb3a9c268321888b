/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The DPAA_MODEL configuration string: every syntax element and every error.
#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

#include "dpaa_model/board.hpp"
#include "dpaa_model/config.hpp"

using namespace dpaa::model;

namespace
{

ModelConfig parse_ok(std::string_view text)
{
	ModelConfig cfg;
	std::string error;
	EXPECT_TRUE(parse_config(text, cfg, error)) << error;
	return cfg;
}

std::string parse_error(std::string_view text)
{
	ModelConfig cfg;
	std::string error;
	EXPECT_FALSE(parse_config(text, cfg, error)) << "accepted: " << text;
	return error;
}

const std::string kPorts1046 = "fm1-mac3, fm1-mac4, fm1-mac5, fm1-mac6, fm1-mac9, fm1-mac10";

} // namespace

TEST(Boards, Ls1046aRdbPortsFromTheDeviceTree)
{
	const BoardDesc *b = find_board("ls1046a-rdb");
	ASSERT_NE(b, nullptr);
	EXPECT_EQ(b->soc, "LS1046A");
	ASSERT_EQ(b->fmans.size(), 1u);
	EXPECT_EQ(b->port_list(), kPorts1046);
	const MacDesc *m9 = b->find_mac("fm1-mac9");
	ASSERT_NE(m9, nullptr);
	EXPECT_EQ(m9->cell, 8u);
	EXPECT_EQ(m9->type, MacType::memac_10g);
	EXPECT_EQ(m9->speed_mbps, 10000u);
	EXPECT_EQ(b->find_mac("fm1-mac10")->cell, 9u);
	EXPECT_EQ(b->find_mac("fm1-mac3")->type, MacType::memac_1g);
	EXPECT_EQ(b->find_mac("fm1-mac3")->speed_mbps, 1000u);
	EXPECT_EQ(b->find_mac("fm1-mac1"), nullptr); // not wired on the RDB
	EXPECT_EQ(b->qman_portals, 10u);
	EXPECT_EQ(b->bman_portals, 10u);
}

TEST(Boards, Ls1043aRdbPortsFromTheDeviceTree)
{
	const BoardDesc *b = find_board("ls1043a-rdb");
	ASSERT_NE(b, nullptr);
	EXPECT_EQ(b->soc, "LS1043A");
	EXPECT_EQ(b->port_list(),
		  "fm1-mac1, fm1-mac2, fm1-mac3, fm1-mac4, fm1-mac5, fm1-mac6, fm1-mac9");
	EXPECT_EQ(b->find_mac("fm1-mac9")->speed_mbps, 10000u);
	EXPECT_EQ(b->find_mac("fm1-mac10"), nullptr);
	EXPECT_EQ(board_names(), "ls1046a-rdb|ls1043a-rdb");
	EXPECT_EQ(find_board("ls2088a-rdb"), nullptr);
}

TEST(Config, EmptyMeansDefaults)
{
	ModelConfig c = parse_ok("");
	EXPECT_EQ(c.board->name, "ls1046a-rdb");
	EXPECT_EQ(c.mode, RunMode::threaded);
	EXPECT_EQ(c.cpu, -1);
	EXPECT_EQ(c.throttle, Throttle::line);
	EXPECT_TRUE(c.throttled());
	ASSERT_EQ(c.ports.size(), 6u);
	for (const PortConfig &p : c.ports) {
		EXPECT_TRUE(std::holds_alternative<wirespec::None>(p.wire)) << p.port;
		EXPECT_EQ(p.item, 0u);
	}
	EXPECT_EQ(c.ports[4].port, "fm1-mac9");
	EXPECT_EQ(c.ports[4].cell, 8u);
	EXPECT_EQ(c.ports[4].fman, 0u);
}

TEST(Config, TheTeamExample)
{
	ModelConfig c = parse_ok("board=ls1046a-rdb;fm1-mac9=gen:size=64:flows=16;fm1-mac10=sink;"
				 "mode=threaded;cpu=1");
	EXPECT_EQ(c.cpu, 1);
	const PortConfig *g = c.port("fm1-mac9");
	ASSERT_NE(g, nullptr);
	EXPECT_EQ(g->item, 2u);
	EXPECT_EQ(g->item_text, "fm1-mac9=gen:size=64:flows=16");
	const GenParams *gp = std::get_if<GenParams>(&g->wire);
	ASSERT_NE(gp, nullptr);
	EXPECT_EQ(gp->sizes, std::vector<uint32_t>{64});
	EXPECT_EQ(gp->flows, 16u);
	EXPECT_EQ(gp->rate.kind, Rate::Kind::line);
	EXPECT_EQ(gp->count, 0u);
	EXPECT_TRUE(std::holds_alternative<wirespec::Sink>(c.port("fm1-mac10")->wire));
	EXPECT_TRUE(std::holds_alternative<wirespec::None>(c.port("fm1-mac3")->wire));
}

TEST(Config, WhitespaceAndEmptyItemsAreIgnored)
{
	ModelConfig c = parse_ok("  board = ls1043a-rdb ;; fm1-mac1 = loopback ; mode=stepped;\n");
	EXPECT_EQ(c.board->name, "ls1043a-rdb");
	EXPECT_EQ(c.mode, RunMode::stepped);
	EXPECT_FALSE(c.throttled());
	EXPECT_TRUE(std::holds_alternative<wirespec::Loopback>(c.port("fm1-mac1")->wire));
	EXPECT_EQ(c.port("fm1-mac1")->item, 3u); // items count by position
}

TEST(Config, BoardMayComeAfterItsPorts)
{
	ModelConfig c = parse_ok("fm1-mac1=sink;board=ls1043a-rdb");
	EXPECT_EQ(c.board->name, "ls1043a-rdb");
	EXPECT_TRUE(std::holds_alternative<wirespec::Sink>(c.port("fm1-mac1")->wire));
}

TEST(Config, Globals)
{
	ModelConfig c = parse_ok("mode=stepped;cpu=0;throttle=off");
	EXPECT_EQ(c.mode, RunMode::stepped);
	EXPECT_EQ(c.cpu, 0);
	EXPECT_EQ(c.throttle, Throttle::off);
	c = parse_ok("throttle=line;mode=threaded");
	EXPECT_TRUE(c.throttled());
	c = parse_ok("throttle=off");
	EXPECT_FALSE(c.throttled());
	EXPECT_FALSE(c.profile);
	EXPECT_TRUE(parse_ok("profile=on").profile);
	EXPECT_FALSE(parse_ok("profile=off").profile);
}

TEST(Config, AllWireKinds)
{
	ModelConfig c = parse_ok("fm1-mac3=none;fm1-mac4=loopback;fm1-mac5=sink;"
				 "fm1-mac6=tap:name=dpaa0;fm1-mac9=pcap:rx=in.pcap:tx=out.pcap;"
				 "fm1-mac10=gen");
	EXPECT_TRUE(std::holds_alternative<wirespec::None>(c.port("fm1-mac3")->wire));
	EXPECT_EQ(c.port("fm1-mac3")->item, 1u);
	EXPECT_TRUE(std::holds_alternative<wirespec::Loopback>(c.port("fm1-mac4")->wire));
	EXPECT_TRUE(std::holds_alternative<wirespec::Sink>(c.port("fm1-mac5")->wire));
	EXPECT_EQ(std::get<TapParams>(c.port("fm1-mac6")->wire).name, "dpaa0");
	const PcapParams &p = std::get<PcapParams>(c.port("fm1-mac9")->wire);
	EXPECT_EQ(p.rx, "in.pcap");
	EXPECT_EQ(p.tx, "out.pcap");
	EXPECT_EQ(p.rate.kind, Rate::Kind::line);
	EXPECT_EQ(p.loop, 1u);
	const GenParams &g = std::get<GenParams>(c.port("fm1-mac10")->wire);
	EXPECT_EQ(g, GenParams{});
	EXPECT_EQ(g.sizes, std::vector<uint32_t>{60});
}

TEST(Config, TapNameDefaultsToThePort)
{
	ModelConfig c = parse_ok("fm1-mac10=tap");
	EXPECT_EQ(std::get<TapParams>(c.port("fm1-mac10")->wire).name, "fm1-mac10");
}

TEST(Config, PcapOptions)
{
	ModelConfig c = parse_ok("fm1-mac9=pcap:rx=/tmp/a b.pcap:rate=1000:loop=0");
	const PcapParams &p = std::get<PcapParams>(c.port("fm1-mac9")->wire);
	EXPECT_EQ(p.rx, "/tmp/a b.pcap");
	EXPECT_TRUE(p.tx.empty());
	EXPECT_EQ(p.rate, (Rate{Rate::Kind::pps, 1000}));
	EXPECT_EQ(p.loop, 0u);
	c = parse_ok("fm1-mac9=pcap:tx=o.pcap");
	EXPECT_TRUE(std::get<PcapParams>(c.port("fm1-mac9")->wire).rx.empty());
	c = parse_ok("fm1-mac9=pcap:rx=i.pcap:rate=max:loop=3");
	EXPECT_EQ(std::get<PcapParams>(c.port("fm1-mac9")->wire).rate.kind, Rate::Kind::max);
	EXPECT_EQ(std::get<PcapParams>(c.port("fm1-mac9")->wire).loop, 3u);
	EXPECT_EQ(std::get<PcapParams>(c.port("fm1-mac9")->wire).start, PcapStart::poll);
	c = parse_ok("fm1-mac9=pcap:rx=i.pcap:start=enable");
	EXPECT_EQ(std::get<PcapParams>(c.port("fm1-mac9")->wire).start, PcapStart::enable);
	c = parse_ok("fm1-mac9=pcap:rx=i.pcap:start=poll");
	EXPECT_EQ(std::get<PcapParams>(c.port("fm1-mac9")->wire).start, PcapStart::poll);
	EXPECT_FALSE(std::get<PcapParams>(c.port("fm1-mac9")->wire).fcs);
	c = parse_ok("fm1-mac9=pcap:rx=i.pcap:tx=o.pcap:fcs=yes");
	EXPECT_TRUE(std::get<PcapParams>(c.port("fm1-mac9")->wire).fcs);
	c = parse_ok("fm1-mac9=pcap:tx=o.pcap:fcs=no");
	EXPECT_FALSE(std::get<PcapParams>(c.port("fm1-mac9")->wire).fcs);
}

TEST(Config, GenOptions)
{
	ModelConfig c = parse_ok("fm1-mac9=gen:size=64,512,1518:vlan=100:flows=65536:rate=max:"
				 "count=1000;fm1-mac10=gen:qinq=10.20:rate=250000;"
				 "fm1-mac3=gen:size=60:vlan=0;fm1-mac4=gen:size=9600:rate=line");
	const GenParams &a = std::get<GenParams>(c.port("fm1-mac9")->wire);
	EXPECT_EQ(a.sizes, (std::vector<uint32_t>{64, 512, 1518}));
	EXPECT_EQ(a.tags.vlan, 100);
	EXPECT_FALSE(a.tags.outer);
	EXPECT_EQ(a.flows, 65536u);
	EXPECT_EQ(a.rate.kind, Rate::Kind::max);
	EXPECT_EQ(a.count, 1000u);
	const GenParams &b = std::get<GenParams>(c.port("fm1-mac10")->wire);
	EXPECT_EQ(b.tags.outer, 10);
	EXPECT_EQ(b.tags.inner, 20);
	EXPECT_FALSE(b.tags.vlan);
	EXPECT_EQ(b.rate, (Rate{Rate::Kind::pps, 250000}));
	EXPECT_EQ(std::get<GenParams>(c.port("fm1-mac3")->wire).tags.vlan, 0);
	EXPECT_EQ(std::get<GenParams>(c.port("fm1-mac4")->wire).sizes, std::vector<uint32_t>{9600});
}

TEST(Config, CableGivenOnOneEndWiresBoth)
{
	ModelConfig c = parse_ok("fm1-mac9=cable:fm1-mac10");
	EXPECT_EQ(std::get<wirespec::Cable>(c.port("fm1-mac9")->wire).peer, "fm1-mac10");
	EXPECT_EQ(std::get<wirespec::Cable>(c.port("fm1-mac10")->wire).peer, "fm1-mac9");
	EXPECT_EQ(c.port("fm1-mac10")->item, 1u);
	c = parse_ok("fm1-mac10=cable:fm1-mac9;fm1-mac9=cable:fm1-mac10");
	EXPECT_EQ(std::get<wirespec::Cable>(c.port("fm1-mac9")->wire).peer, "fm1-mac10");
	EXPECT_EQ(c.port("fm1-mac9")->item, 2u);
	// inject= belongs to the end that names it.
	c = parse_ok("fm1-mac9=cable:fm1-mac10:inject=sync.pcap");
	EXPECT_EQ(std::get<wirespec::Cable>(c.port("fm1-mac9")->wire).inject, "sync.pcap");
	EXPECT_EQ(std::get<wirespec::Cable>(c.port("fm1-mac10")->wire).inject, "");
}

TEST(ConfigErrors, UnknownPortListsTheBoardsPorts)
{
	EXPECT_EQ(parse_error("board=ls1046a-rdb;fm1-mac99=sink"),
		  "DPAA_MODEL: item 2 \"fm1-mac99=sink\": no port fm1-mac99 on ls1046a-rdb "
		  "(ports: " +
			  kPorts1046 + ")");
	EXPECT_EQ(parse_error("fm1-mac1=sink"),
		  "DPAA_MODEL: item 1 \"fm1-mac1=sink\": no port fm1-mac1 on ls1046a-rdb "
		  "(ports: " +
			  kPorts1046 + ")");
	EXPECT_EQ(parse_error("board=ls1043a-rdb;fm1-mac10=sink"),
		  "DPAA_MODEL: item 2 \"fm1-mac10=sink\": no port fm1-mac10 on ls1043a-rdb "
		  "(ports: fm1-mac1, fm1-mac2, fm1-mac3, fm1-mac4, fm1-mac5, fm1-mac6, "
		  "fm1-mac9)");
}

TEST(ConfigErrors, UnknownSetting)
{
	EXPECT_EQ(parse_error("mode=stepped;speed=10G"),
		  "DPAA_MODEL: item 2 \"speed=10G\": unknown setting \"speed\" (expected board, "
		  "mode, cpu, throttle, profile or a port of ls1046a-rdb: " +
			  kPorts1046 + ")");
}

TEST(ConfigErrors, ItemWithoutEquals)
{
	EXPECT_EQ(parse_error("stepped"),
		  "DPAA_MODEL: item 1 \"stepped\": expected <setting>=<value> (board, mode, cpu, "
		  "throttle, profile) or <port>=<wire>");
}

TEST(ConfigErrors, BadGlobals)
{
	EXPECT_EQ(parse_error("board=ls1088a-rdb"),
		  "DPAA_MODEL: item 1 \"board=ls1088a-rdb\": unknown board "
		  "(expected ls1046a-rdb|ls1043a-rdb)");
	EXPECT_EQ(parse_error("board=ls1046a-rdb;board=ls1043a-rdb"),
		  "DPAA_MODEL: item 2 \"board=ls1043a-rdb\": board given twice (first in item "
		  "1)");
	EXPECT_EQ(parse_error("mode=fast"),
		  "DPAA_MODEL: item 1 \"mode=fast\": unknown mode (expected "
		  "threaded|stepped)");
	EXPECT_EQ(parse_error("mode=stepped;mode=threaded"),
		  "DPAA_MODEL: item 2 \"mode=threaded\": mode given twice (first in item 1)");
	EXPECT_EQ(parse_error("throttle=on"),
		  "DPAA_MODEL: item 1 \"throttle=on\": unknown throttle (expected "
		  "line|off)");
	EXPECT_EQ(parse_error("profile=yes"),
		  "DPAA_MODEL: item 1 \"profile=yes\": unknown profile (expected on|off)");
	EXPECT_EQ(parse_error("profile=on;profile=off"),
		  "DPAA_MODEL: item 2 \"profile=off\": profile given twice (first in item 1)");
	EXPECT_EQ(parse_error("cpu=-1"),
		  "DPAA_MODEL: item 1 \"cpu=-1\": cpu=-1: expected a number in 0..1023");
	EXPECT_EQ(parse_error("cpu=1024"),
		  "DPAA_MODEL: item 1 \"cpu=1024\": cpu=1024: expected a number in 0..1023");
	EXPECT_EQ(parse_error("cpu="),
		  "DPAA_MODEL: item 1 \"cpu=\": cpu=: expected a number in 0..1023");
}

TEST(ConfigErrors, CpuTheMachineDoesNotHave)
{
	std::ifstream f("/sys/devices/system/cpu/online");
	std::string online;
	ASSERT_TRUE(std::getline(f, online)) << "no /sys/devices/system/cpu/online";
	const long n = sysconf(_SC_NPROCESSORS_CONF);
	ASSERT_GT(n, 0);
	parse_ok("cpu=0");
	const std::string bad = std::to_string(n);
	EXPECT_EQ(parse_error("mode=threaded;cpu=" + bad),
		  "DPAA_MODEL: item 2 \"cpu=" + bad + "\": cpu=" + bad +
			  ": no such CPU online (online CPUs: " + online + ")");
}

TEST(ConfigErrors, AHugeValueIsEchoedOnceAndCut)
{
	const std::string value(100000, 'x');
	const std::string error = parse_error("board=" + value);
	EXPECT_EQ(error, "DPAA_MODEL: item 1 \"board=" + value.substr(0, 58) +
				 "...\" (100006 characters): unknown board (expected "
				 "ls1046a-rdb|ls1043a-rdb)");
	EXPECT_EQ(parse_error("cpu=" + value),
		  "DPAA_MODEL: item 1 \"cpu=" + value.substr(0, 60) +
			  "...\" (100004 characters): cpu=" + value.substr(0, 64) +
			  "... (100000 characters): expected a number in 0..1023");
}

TEST(ConfigErrors, BadWires)
{
	EXPECT_EQ(parse_error("fm1-mac9=fibre"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=fibre\": unknown wire \"fibre\" (expected "
		  "none, loopback, cable:<port>, pcap, tap, gen or sink)");
	EXPECT_EQ(parse_error("fm1-mac9="),
		  "DPAA_MODEL: item 1 \"fm1-mac9=\": unknown wire \"\" (expected none, "
		  "loopback, cable:<port>, pcap, tap, gen or sink)");
	EXPECT_EQ(parse_error("fm1-mac9=sink:count=1"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=sink:count=1\": wire sink takes no options");
	EXPECT_EQ(parse_error("fm1-mac9=loopback:x"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=loopback:x\": wire loopback takes no options");
	EXPECT_EQ(parse_error("fm1-mac9=none:x=1"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=none:x=1\": wire none takes no options");
	EXPECT_EQ(parse_error("fm1-mac9=sink;fm1-mac9=loopback"),
		  "DPAA_MODEL: item 2 \"fm1-mac9=loopback\": fm1-mac9 already has a wire "
		  "(item 1)");
}

TEST(ConfigErrors, BadCables)
{
	EXPECT_EQ(parse_error("fm1-mac9=cable"), "DPAA_MODEL: item 1 \"fm1-mac9=cable\": expected "
						 "cable:<peer-port>[:inject=<file>] (ports: " +
							 kPorts1046 + ")");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac10:fm1-mac3"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac10:fm1-mac3\": expected "
		  "<key>=<value> in cable options, not \"fm1-mac3\" (keys: inject)");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac10:speed=1"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac10:speed=1\": unknown cable "
		  "option \"speed\" (expected inject)");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac11"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac11\": cable to \"fm1-mac11\": no "
		  "such port on ls1046a-rdb (ports: " +
			  kPorts1046 + ")");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac9"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac9\": cable from fm1-mac9 to "
		  "itself: use loopback");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac10;fm1-mac10=sink"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac10\": cable to fm1-mac10, but "
		  "fm1-mac10 has wire sink (item 2)");
	EXPECT_EQ(parse_error("fm1-mac3=cable:fm1-mac10;fm1-mac9=cable:fm1-mac10"),
		  "DPAA_MODEL: item 2 \"fm1-mac9=cable:fm1-mac10\": cable to fm1-mac10, but "
		  "fm1-mac10 has cable:fm1-mac3 (item 1)");
	EXPECT_EQ(parse_error("fm1-mac9=cable:fm1-mac10;fm1-mac10=cable:fm1-mac3"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=cable:fm1-mac10\": cable to fm1-mac10, but "
		  "fm1-mac10 has cable:fm1-mac3 (item 2)");
}

TEST(ConfigErrors, BadPcap)
{
	EXPECT_EQ(parse_error("fm1-mac9=pcap"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap\": pcap needs rx=<file>, tx=<file> or "
		  "both");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:in=a.pcap"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:in=a.pcap\": unknown pcap option \"in\" "
		  "(expected rx, tx, rate, loop, start, fcs)");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:a.pcap"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:a.pcap\": expected <key>=<value> in pcap "
		  "options, not \"a.pcap\" (keys: rx, tx, rate, loop, start, fcs)");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx=a:rx=b"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=a:rx=b\": pcap option rx given twice");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx="),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=\": pcap option rx has no value");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:tx=o:loop=2"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:tx=o:loop=2\": pcap rate, loop and start "
		  "apply to rx=<file>, which is missing");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx=a:start=first"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=a:start=first\": start=first: "
		  "expected poll or enable");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx=a:fcs=1"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=a:fcs=1\": fcs=1: expected yes or no");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx=a:rate=0"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=a:rate=0\": rate=0: expected line, max "
		  "or frames per second (a positive number)");
	EXPECT_EQ(parse_error("fm1-mac9=pcap:rx=a:loop=x"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=pcap:rx=a:loop=x\": loop=x: expected a number "
		  "in 0..18446744073709551615");
}

TEST(ConfigErrors, BadTap)
{
	EXPECT_EQ(parse_error("fm1-mac9=tap:name=a-very-long-tap-name"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=tap:name=a-very-long-tap-name\": tap name "
		  "\"a-very-long-tap-name\": expected an interface name of 1 to 15 characters "
		  "without '/' or spaces");
	EXPECT_EQ(parse_error("fm1-mac9=tap:name=a/b"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=tap:name=a/b\": tap name \"a/b\": expected an "
		  "interface name of 1 to 15 characters without '/' or spaces");
	EXPECT_EQ(parse_error("fm1-mac9=tap:dev=x"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=tap:dev=x\": unknown tap option \"dev\" "
		  "(expected name)");
}

TEST(ConfigErrors, BadGen)
{
	EXPECT_EQ(parse_error("fm1-mac9=gen:size=59"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:size=59\": size=59: expected a number in "
		  "60..9600");
	EXPECT_EQ(parse_error("fm1-mac9=gen:size=64,9601"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:size=64,9601\": size=9601: expected a "
		  "number in 60..9600");
	EXPECT_EQ(parse_error("fm1-mac9=gen:size=64,"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:size=64,\": size=: expected a number in "
		  "60..9600");
	EXPECT_EQ(parse_error("fm1-mac9=gen:vlan=4095"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:vlan=4095\": vlan=4095: expected a number "
		  "in 0..4094");
	EXPECT_EQ(parse_error("fm1-mac9=gen:qinq=10"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:qinq=10\": qinq=10: expected "
		  "<outer>.<inner> VLAN ids");
	EXPECT_EQ(parse_error("fm1-mac9=gen:qinq=10.5000"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:qinq=10.5000\": qinq inner=5000: expected "
		  "a number in 0..4094");
	EXPECT_EQ(parse_error("fm1-mac9=gen:vlan=1:qinq=2.3"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:vlan=1:qinq=2.3\": vlan and qinq together: "
		  "qinq=<outer>.<inner> already tags twice");
	EXPECT_EQ(parse_error("fm1-mac9=gen:flows=0"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:flows=0\": flows=0: expected a number in "
		  "1..65536");
	EXPECT_EQ(parse_error("fm1-mac9=gen:rate=fast"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:rate=fast\": rate=fast: expected line, max "
		  "or frames per second (a positive number)");
	EXPECT_EQ(parse_error("fm1-mac9=gen:count=0"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:count=0\": count=0: expected a number in "
		  "1..18446744073709551615");
	EXPECT_EQ(parse_error("fm1-mac9=gen:count=18446744073709551616"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:count=18446744073709551616\": "
		  "count=18446744073709551616: expected a number in 1..18446744073709551615");
	EXPECT_EQ(parse_error("fm1-mac9=gen:burst=4"),
		  "DPAA_MODEL: item 1 \"fm1-mac9=gen:burst=4\": unknown gen option \"burst\" "
		  "(expected size, vlan, qinq, flows, rate, count)");
}
