/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// DPAA2_KERNEL_MODEL: the boards, the container's objects, the DPMACs'
// wires (DPAA_MODEL's wire items), and errors that name the item.

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "dpaa2_mc_test_support.hpp"
#include "dpaa2_model/config.hpp"
#include "dpaa2_model/dpmac.hpp"

namespace
{

using namespace dpaa2::model;
using dpaa::model::wirespec::Cable;
using dpaa::model::wirespec::Loopback;
using dpaa::model::wirespec::None;

ModelConfig parse_ok(const std::string &text)
{
	ModelConfig c;
	std::string error;
	EXPECT_TRUE(parse_config(text, c, error)) << error;
	return c;
}

std::string parse_error(const std::string &text)
{
	ModelConfig c;
	std::string error;
	EXPECT_FALSE(parse_config(text, c, error)) << text;
	return error;
}

TEST(Dpaa2Config, EmptyMeansTheLx2160aRdbAndDynamicDplsContainer)
{
	ModelConfig c = parse_ok("");
	ASSERT_NE(c.board, nullptr);
	EXPECT_EQ(c.board->name, "lx2160a-rdb");
	EXPECT_EQ(c.mode, RunMode::threaded);
	EXPECT_EQ(c.cpu, -1);
	EXPECT_EQ(c.num_dpio, 10u);
	EXPECT_EQ(c.num_dpbp, 4u);
	EXPECT_EQ(c.num_dpcon, 5u);
	EXPECT_EQ(c.num_dpmcp, 1u);
	ASSERT_EQ(c.dpmacs.size(), 18u);
	EXPECT_EQ(c.dpmacs.front().port, "dpmac.1");
	EXPECT_EQ(c.dpmacs.back().port, "dpmac.18");
	for (const PortWire &p : c.dpmacs)
		EXPECT_TRUE(std::holds_alternative<None>(p.wire)) << p.port;
	EXPECT_TRUE(c.named_dpmacs().empty());
}

TEST(Dpaa2Config, TheDocumentedExample)
{
	ModelConfig c =
		parse_ok("board=lx2160a-rdb;dpmac.3=pcap:rx=in.pcap;dpmac.4=pcap:tx=out.pcap;"
			 "mode=stepped;cpu=0;dpio=6;dpbp=2;dpcon=0;dpmcp=2");
	EXPECT_EQ(c.mode, RunMode::stepped);
	EXPECT_EQ(c.cpu, 0);
	EXPECT_EQ(c.num_dpio, 6u);
	EXPECT_EQ(c.num_dpbp, 2u);
	EXPECT_EQ(c.num_dpcon, 0u);
	EXPECT_EQ(c.num_dpmcp, 2u);
	EXPECT_EQ(c.named_dpmacs(), (std::vector<unsigned>{3, 4}));
	const PortWire *p = c.dpmac(3);
	ASSERT_NE(p, nullptr);
	EXPECT_EQ(p->item, 2u);
	EXPECT_EQ(p->item_text, "dpmac.3=pcap:rx=in.pcap");
	const auto *pc = std::get_if<dpaa::model::PcapParams>(&p->wire);
	ASSERT_NE(pc, nullptr);
	EXPECT_EQ(pc->rx, "in.pcap");
}

TEST(Dpaa2Config, ACableNamesBothEnds)
{
	ModelConfig c = parse_ok("dpmac.3=cable:dpmac.4;dpmac.17=loopback");
	EXPECT_EQ(c.named_dpmacs(), (std::vector<unsigned>{3, 4, 17}));
	const auto *back = std::get_if<Cable>(&c.dpmac(4)->wire);
	ASSERT_NE(back, nullptr);
	EXPECT_EQ(back->peer, "dpmac.3");
	EXPECT_TRUE(std::holds_alternative<Loopback>(c.dpmac(17)->wire));
}

TEST(Dpaa2Config, ErrorsNameTheItem)
{
	EXPECT_EQ(parse_error("mode=stepped;dpmac.99=sink"),
		  "DPAA2_KERNEL_MODEL: item 2 \"dpmac.99=sink\": no dpmac.99 on lx2160a-rdb "
		  "(dpmac.1 .. dpmac.18)");
	EXPECT_EQ(parse_error("board=ls2088a-rdb;dpmac.17=sink"),
		  "DPAA2_KERNEL_MODEL: item 2 \"dpmac.17=sink\": no dpmac.17 on ls2088a-rdb "
		  "(dpmac.1 .. dpmac.16)");
	EXPECT_EQ(parse_error("board=lx2160a"),
		  "DPAA2_KERNEL_MODEL: item 1 \"board=lx2160a\": unknown board (expected "
		  "lx2160a-rdb, ls2088a-rdb)");
	EXPECT_EQ(parse_error("dpmac.3=wire"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpmac.3=wire\": unknown wire \"wire\" (expected "
		  "none, loopback, cable:<port>, pcap, tap, gen or sink)");
	EXPECT_EQ(parse_error("dpmac.3=cable:dpmac.30"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpmac.3=cable:dpmac.30\": cable to \"dpmac.30\": "
		  "no such port on lx2160a-rdb (ports: dpmac.1 .. dpmac.18)");
	EXPECT_EQ(parse_error("dpmac.3=sink;;dpmac.3=loopback"),
		  "DPAA2_KERNEL_MODEL: item 3 \"dpmac.3=loopback\": dpmac.3 already has a wire "
		  "(item 1)");
	EXPECT_EQ(parse_error("dpmac.3=cable:dpmac.4;dpmac.4=sink"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpmac.3=cable:dpmac.4\": cable to dpmac.4, but "
		  "dpmac.4 has wire sink (item 2)");
	EXPECT_EQ(parse_error("dpio=0"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpio=0\": dpio=0: expected a number in 1..64");
	EXPECT_EQ(parse_error("dpbp=65"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpbp=65\": dpbp=65: expected a number in 1..64");
	EXPECT_EQ(parse_error("dpmcp=0"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpmcp=0\": dpmcp=0: expected a number in 1..64");
	EXPECT_EQ(parse_error("mode=fast"),
		  "DPAA2_KERNEL_MODEL: item 1 \"mode=fast\": unknown mode (expected "
		  "threaded|stepped)");
	EXPECT_EQ(parse_error("dpmac.3=sink;board=ls2088a-rdb;board=lx2160a-rdb"),
		  "DPAA2_KERNEL_MODEL: item 3 \"board=lx2160a-rdb\": board given twice (first in "
		  "item 2)");
	EXPECT_EQ(parse_error("board=ls1046a-rdb"),
		  "DPAA2_KERNEL_MODEL: item 1 \"board=ls1046a-rdb\": unknown board (expected "
		  "lx2160a-rdb, ls2088a-rdb)");
	EXPECT_EQ(parse_error("dpio=4;dpio=5"),
		  "DPAA2_KERNEL_MODEL: item 2 \"dpio=5\": dpio given twice (first in item 1)");
	EXPECT_EQ(parse_error("fm1-mac9=sink"),
		  "DPAA2_KERNEL_MODEL: item 1 \"fm1-mac9=sink\": unknown setting \"fm1-mac9\" "
		  "(expected board, mode, cpu, throttle, dpio, dpbp, dpcon, dpmcp, dprtc or "
		  "dpmac.<id> "
		  "of lx2160a-rdb: dpmac.1 .. dpmac.18)");
	EXPECT_EQ(parse_error("dpmac.3=gen:size=20"),
		  "DPAA2_KERNEL_MODEL: item 1 \"dpmac.3=gen:size=20\": size=20: expected a number "
		  "in 60..9600");
}

TEST(Dpaa2Config, AWireThatCannotOpenNamesItsItem)
{
	dpaa2::test::IdentityMemory mem;
	std::string error;
	auto s = System::create("mode=stepped;dpmac.4=pcap:rx=/nonexistent/in.pcap", mem, error);
	EXPECT_EQ(s, nullptr);
	EXPECT_EQ(
		error.rfind("DPAA2_KERNEL_MODEL: item 2 \"dpmac.4=pcap:rx=/nonexistent/in.pcap\": ",
			    0),
		0u)
		<< error;
}

TEST(Dpaa2Config, TheBoards)
{
	const BoardDesc *lx = find_board("lx2160a-rdb");
	ASSERT_NE(lx, nullptr);
	EXPECT_EQ(lx->svr, 0x87360020u);
	EXPECT_EQ(lx->cores, 16u);
	EXPECT_EQ(lx->qman_version, 0x05000000u);
	EXPECT_EQ(std::string(lx->dpmac(3)->phy), "aqr107");
	EXPECT_EQ(lx->dpmac(3)->max_speed_mbps, 10000u);
	EXPECT_EQ(std::string(lx->dpmac(17)->phy), "ar8035");
	EXPECT_EQ(lx->dpmac(17)->max_speed_mbps, 1000u);
	EXPECT_EQ(lx->dpmac(19), nullptr);
	const BoardDesc *ls = find_board("ls2088a-rdb");
	ASSERT_NE(ls, nullptr);
	EXPECT_EQ(ls->svr & 0xffff0000, 0x87090000u);
	EXPECT_EQ(ls->qman_version, 0x04010000u);
	EXPECT_EQ(std::string(ls->dpmac(1)->phy), "cs4340");
	EXPECT_EQ(std::string(ls->dpmac(5)->phy), "aqr405");
	EXPECT_EQ(ls->dpmacs.size(), 16u);
}

TEST(Dpaa2Config, TheDpmacsRunAtTheirPhysSpeed)
{
	dpaa2::test::IdentityMemory mem;
	std::string error;
	auto s = System::create("mode=stepped;dpmac.3=loopback;dpmac.17=loopback", mem, error);
	ASSERT_NE(s, nullptr) << error;
	EXPECT_EQ(s->wriop().mac(3)->max_speed_mbps(), 10000u);
	EXPECT_EQ(s->wriop().mac(17)->max_speed_mbps(), 1000u);
	ASSERT_NE(s->wire("dpmac.3"), nullptr);
	EXPECT_NE(s->wriop().mac(18), nullptr) << "every DPMAC of the SoC exists";
	EXPECT_EQ(s->wire("dpmac.19"), nullptr);
}

TEST(Dpaa2Config, ThreadedModeRunsTheModelThread)
{
	dpaa2::test::IdentityMemory mem;
	std::string error;
	auto s = System::create("dpmac.3=loopback;throttle=off", mem, error);
	ASSERT_NE(s, nullptr) << error;
	ASSERT_EQ(s->start(), 0);
	EXPECT_TRUE(s->running());
	// The DPNI enabled, the thread notices the link come up and raises
	// the link interrupt.
	const int efd = eventfd(0, EFD_CLOEXEC);
	ASSERT_GE(efd, 0);
	s->lock();
	s->mc().set_irq_eventfd("dpni", 1, 0, efd);
	s->unlock();
	dpaa2::test::McDriver mc(*s);
	const uint16_t t = mc.open(0x8011, 1);
	dpaa2::test::McCmd mask(0x0141, t);
	mask.u32(0, 1);
	ASSERT_EQ(mc.send(mask), dpaa2::test::kOk);
	dpaa2::test::McCmd en(0x0121, t);
	en.u8(0, 1);
	ASSERT_EQ(mc.send(en), dpaa2::test::kOk);
	ASSERT_EQ(mc.simple(0x0021, t), dpaa2::test::kOk);
	struct pollfd pfd = {efd, POLLIN, 0};
	EXPECT_EQ(poll(&pfd, 1, 5000), 1) << "no link interrupt from the model thread";
	close(efd);
	s->stop();
	EXPECT_FALSE(s->running());
	const std::vector<std::string> lines = s->wire_summary();
	ASSERT_FALSE(lines.empty());
	EXPECT_NE(lines.back().find("model thread"), std::string::npos);
	EXPECT_EQ(s->misuse_count(), 0u);
}

} // namespace
