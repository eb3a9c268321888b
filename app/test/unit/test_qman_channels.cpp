/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The channels of the LS1043A/LS1046A QMan (rev 3.x): dedicated channels
// 0..9, pool channels 0x401..0x40f (SDQCR pool bit 0x8000 >> n for pool
// channel n), FMan 1's Tx channels 0x800..0x80f. P4080 numbers (pool 0x21..,
// FMan 0x40..) are not channels of these SoCs.

#include <vector>

#include "qbman_test_support.hpp"

using namespace dpaa::test;
using dpaa::model::Qman;
using dpaa::qbman::FqInit;

namespace
{

class QmanChannels : public ::testing::Test
{
protected:
	void SetUp() override { p = make_qman_portal(soc, 0, true); }
	void TearDown() override { expect_no_faults(soc); }

	int init_fq(uint32_t fqid, uint16_t channel)
	{
		FqInit f;
		f.dest = hw::Channel{channel};
		f.wq = 3;
		return p->init_fq(hw::Fqid{fqid}, f);
	}

	Soc soc;
	std::unique_ptr<QmanPortal> p;
};

} // namespace

TEST_F(QmanChannels, TheSocHasTheLs104xChannelsOnly)
{
	for (uint16_t ch = 0; ch < 10; ch++)
		EXPECT_TRUE(Qman::valid_channel(ch)) << ch;
	for (uint16_t ch = 0x401; ch <= 0x40f; ch++)
		EXPECT_TRUE(Qman::valid_channel(ch)) << ch;
	for (uint16_t ch = 0x800; ch <= 0x80f; ch++)
		EXPECT_TRUE(Qman::valid_channel(ch)) << ch;
	for (uint16_t ch :
	     {10, 0x21, 0x2f, 0x40, 0x4f, 0x7f, 0x80, 0x400, 0x410, 0x7ff, 0x810, 0x840, 0x1fff})
		EXPECT_FALSE(Qman::valid_channel(ch)) << std::hex << ch;
}

TEST_F(QmanChannels, InitFqToAP4080PoolChannelIsABadChannel)
{
	EXPECT_EQ(init_fq(0x300, 0x21), -EINVAL);
	EXPECT_EQ(init_fq(0x300, 0x40), -EINVAL);
	EXPECT_EQ(init_fq(0x300, 0x401), 0);
	dpaa::qbman::FqConfig c;
	ASSERT_EQ(p->query_fq(hw::Fqid{0x300}, c), 0);
	EXPECT_EQ(c.dest.value, 0x401); // 13-bit channel field of FQD::DEST_WQ
}

TEST_F(QmanChannels, EachPoolChannelIsDequeuedThroughItsSdqcrBit)
{
	// One FQ per pool channel; each SDQCR pool bit alone dequeues its FQ.
	for (unsigned n = 1; n <= qm::channel::kNumPools; n++)
		ASSERT_EQ(init_fq(0x400 + n, qm::channel::pool(n)), 0) << n;
	for (unsigned n = 1; n <= qm::channel::kNumPools; n++)
		for (;;) {
			if (p->enqueue(hw::Fqid{0x400 + n}, seq_fd(n)) == 0)
				break;
			soc.step();
		}
	for (unsigned n = 1; n <= qm::channel::kNumPools; n++) {
		const uint16_t ch = qm::channel::pool(n);
		p->static_dequeue(qm::sdqcr::pool_channel(ch, qm::channel::kPool1));
		std::vector<uint32_t> fqids;
		for (unsigned i = 0; i < 20; i++) {
			soc.step();
			p->poll_dqrr(16,
				     [&](const qm::DqrrEntry &e) { fqids.push_back(e.fqid()); });
		}
		ASSERT_EQ(fqids.size(), 1u) << "pool channel 0x" << std::hex << ch;
		EXPECT_EQ(fqids[0], 0x400 + n);
	}
	p->static_dequeue(0);
}
