/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan model, transmit side: contiguous and S/G frames to the wire, checksum
// insertion, buffer release, confirmation and error FQs, counters, loopback.

#include <gtest/gtest.h>

#include "fman_test_support.hpp"

namespace dpaa::test
{
namespace
{

namespace tx = fm::bmi_tx;
namespace st = memac::stat;
namespace fds = fm::fd_status;
namespace cmd = fm::fd_cmd;
constexpr unsigned kMac = FmanRig::kMac10;
constexpr uint32_t kTxFq = 0x300, kConfFq = 0x301, kErrFq = 0x302;
constexpr uint8_t kBpid = 5;

class FmanTx : public ::testing::Test
{
protected:
	void SetUp() override
	{
		rig.mac_wr(kMac, memac::kCommandConfig,
			   memac::cmd::kTxEn | memac::cmd::kRxEn | memac::cmd::kTxPadEn);
		rig.setup_tx(kMac, kTxFq, kConfFq, kErrFq);
	}
	void TearDown() override
	{
		if (!leaks_expected)
			expect_no_faults(rig.fman);
	}
	bool leaks_expected = false; // a test that shows a leak the model counts
	// A buffer outside any pool holding 'f' at 'off'; FD to pool kBpid.
	hw::Fd place(const Bytes &f, uint16_t off = 64)
	{
		uint64_t buf = rig.alloc(off + static_cast<uint32_t>(f.size()) + 64);
		std::memcpy(rig.mem.at(buf + off), f.data(), f.size());
		return hw::Fd::contig(buf, kBpid, off, static_cast<uint32_t>(f.size()));
	}
	void send(const hw::Fd &fd)
	{
		ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, fd), model::EnqueueStatus::ok);
		rig.run();
	}
	TestWire &wire() { return *rig.wires[kMac]; }
	FmanRig rig;
};

TEST_F(FmanTx, ContiguousFrameToWireAndBufferToBman)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(100).finish();
	hw::Fd fd = place(f);
	send(fd);
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], f);
	EXPECT_EQ(rig.soc.bman().free_count(kBpid), 1u);
	uint64_t back = 0;
	ASSERT_EQ(rig.soc.bman().acquire(kBpid, &back, 1), 1u);
	EXPECT_EQ(back, fd.addr());
	EXPECT_TRUE(rig.sink.got.empty()); // no confirmation asked
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTfrc), 1u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTbdc), 1u);
}

TEST_F(FmanTx, ShortFramesArePadded)
{
	Bytes f = FrameBuilder().etype(0x0806).payload(28).finish(); // 42 bytes
	send(place(f));
	ASSERT_EQ(wire().sent.size(), 1u);
	Bytes want = f;
	want.resize(60, 0);
	EXPECT_EQ(wire().sent[0], want);
	EXPECT_EQ(rig.stat(kMac, st::kT64), 1u);
}

struct CsumCase {
	const char *name;
	bool v6;
	uint8_t proto;
};

// gtest shows a parameter without a printer as its bytes, padding included,
// which valgrind rightly reports as uninitialised: name it instead.
[[maybe_unused]] void PrintTo(const CsumCase &c, std::ostream *os)
{
	*os << c.name;
}

class FmanTxCsum : public FmanTx, public ::testing::WithParamInterface<CsumCase>
{
};

TEST_P(FmanTxCsum, ChecksumsInsertedFromPrependedParseResult)
{
	const CsumCase c = GetParam();
	FrameBuilder fb;
	fb.vlan(0x8100, 7).etype(c.v6 ? 0x86dd : 0x0800);
	if (c.v6)
		fb.ipv6(c.proto);
	else
		fb.ipv4(c.proto);
	if (c.proto == 6)
		fb.tcp(4321, 443);
	else
		fb.udp(4321, 53);
	fb.payload(333, 9);
	Bytes without = fb.finish(false);
	Bytes want = fb.finish(true); // the test's own checksums
	ASSERT_NE(without, want);

	hw::Fd fd = place(without);
	// What a driver writes for Tx checksum offload: the parse result at
	// ICEOF (default 0x10) with the L3/L4 types and offsets.
	auto *pr = reinterpret_cast<fm::ParseResult *>(rig.mem.at(fd.addr() + 0x10));
	std::memset(pr, 0, sizeof(*pr));
	pr->l3r.store(c.v6 ? fm::l3r::kFirstIpv6 : fm::l3r::kFirstIpv4);
	pr->l4r = c.proto == 6 ? fm::l4r::kTcp : fm::l4r::kUdp;
	pr->ip_off[0] = static_cast<uint8_t>(fb.ip_off[0]);
	pr->l4_off = static_cast<uint8_t>(fb.l4_off);
	fd.set_cmd(cmd::kRpd | cmd::kDtc);
	send(fd);
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], want) << c.name;
	// The buffer itself is not rewritten: the FMan checksums on the way out.
	EXPECT_EQ(0, std::memcmp(rig.mem.at(fd.addr() + 64), without.data(), without.size()));
}

INSTANTIATE_TEST_SUITE_P(Fman, FmanTxCsum,
			 ::testing::Values(CsumCase{"ipv4-udp", false, 17},
					   CsumCase{"ipv4-tcp", false, 6},
					   CsumCase{"ipv6-udp", true, 17},
					   CsumCase{"ipv6-tcp", true, 6}),
			 [](const auto &info) {
				 std::string n = info.param.name;
				 for (auto &ch : n)
					 if (ch == '-')
						 ch = '_';
				 return n;
			 });

TEST_F(FmanTx, NoChecksumWithoutTheCommand)
{
	FrameBuilder fb;
	fb.etype(0x0800).ipv4(17).udp().payload(30);
	Bytes without = fb.finish(false);
	send(place(without));
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], without);
}

TEST_F(FmanTx, ScatterGatherFrameAndEveryBufferReleased)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(5000).finish();
	const uint32_t cuts[] = {1000, 2500, static_cast<uint32_t>(f.size()) - 3500};
	uint64_t table = rig.alloc(256);
	auto *sg = reinterpret_cast<hw::SgEntry *>(rig.mem.at(table + 32));
	uint32_t done = 0;
	std::vector<uint64_t> data;
	for (unsigned i = 0; i < 3; i++) {
		uint64_t b = rig.alloc(cuts[i] + 16);
		std::memcpy(rig.mem.at(b + 16), f.data() + done, cuts[i]);
		sg[i] = hw::SgEntry{};
		sg[i].set_addr(b);
		sg[i].set_offset(16);
		sg[i].set_bpid(7);
		sg[i].set_length_flags(cuts[i], false, i == 2);
		done += cuts[i];
		data.push_back(b);
	}
	hw::Fd fd{};
	fd.set_addr(table);
	fd.set_bpid(6);
	fd.set_format_offset_length(hw::FdFormat::sg, 32, static_cast<uint32_t>(f.size()));
	send(fd);
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], f);
	EXPECT_EQ(rig.soc.bman().free_count(6), 1u);
	EXPECT_EQ(rig.soc.bman().free_count(7), 3u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTbdc), 4u);
	EXPECT_EQ(rig.stat(kMac, st::kT1519X), 1u);
}

// BPID 0xff means "not a pool's buffer, do not free": the frame is sent, no
// buffer goes to BMan, and it is not a failed release (the fixture's
// teardown checks bad_release_bpid).
TEST_F(FmanTx, Bpid0xffBuffersAreNotFreed)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(100).finish();
	uint64_t buf = rig.alloc(static_cast<uint32_t>(f.size()) + 128);
	std::memcpy(rig.mem.at(buf + 64), f.data(), f.size());
	send(hw::Fd::contig(buf, 0xff, 64, static_cast<uint32_t>(f.size())));
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], f);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTbdc), 0u);
	EXPECT_EQ(rig.fman.stats(kMac).tx_release_failed, 0u);
	EXPECT_TRUE(rig.sink.got.empty());
}

TEST_F(FmanTx, Bpid0xffScatterGatherEntriesAreNotFreedTheOthersAre)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(1000).finish();
	const uint32_t half = static_cast<uint32_t>(f.size()) / 2;
	uint64_t table = rig.alloc(256);
	auto *sg = reinterpret_cast<hw::SgEntry *>(rig.mem.at(table));
	for (unsigned i = 0; i < 2; i++) {
		const uint32_t len = i == 0 ? half : static_cast<uint32_t>(f.size()) - half;
		uint64_t b = rig.alloc(len);
		std::memcpy(rig.mem.at(b), f.data() + i * half, len);
		sg[i] = hw::SgEntry{};
		sg[i].set_addr(b);
		sg[i].set_bpid(i == 0 ? 0xff : 7); // an external buffer, then a pool's
		sg[i].set_length_flags(len, false, i == 1);
	}
	hw::Fd fd{};
	fd.set_addr(table);
	fd.set_bpid(0xff); // the table too is software's
	fd.set_format_offset_length(hw::FdFormat::sg, 0, static_cast<uint32_t>(f.size()));
	send(fd);
	ASSERT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(wire().sent[0], f);
	EXPECT_EQ(rig.soc.bman().free_count(7), 1u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTbdc), 1u);
	EXPECT_EQ(rig.fman.stats(kMac).tx_release_failed, 0u);
}

TEST_F(FmanTx, ConfirmationInsteadOfRelease)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	hw::Fd fd = place(f);
	fd.set_cmd(cmd::kFco); // CFQ 0: the port's FMBM_TCFQID
	send(fd);
	hw::Fd fd2 = place(f);
	rig.init_fq(0x303);
	fd2.set_cmd(cmd::kFco | 0x303);
	send(fd2);
	ASSERT_EQ(wire().sent.size(), 2u);
	ASSERT_EQ(rig.sink.got.size(), 2u);
	EXPECT_EQ(rig.sink.got[0].fqid, kConfFq);
	EXPECT_EQ(rig.sink.got[0].fd.addr(), fd.addr());
	EXPECT_EQ(rig.sink.got[0].fd.status(), 0u);
	EXPECT_EQ(rig.sink.got[1].fqid, 0x303u);
	EXPECT_EQ(rig.sink.got[1].fd.addr(), fd2.addr());
	EXPECT_EQ(rig.soc.bman().free_count(kBpid), 0u); // software frees them
	EXPECT_EQ(rig.fman.stats(kMac).tx_confirmations, 2u);
}

// Where a frame whose FD asks nothing (no FCO) is confirmed: the Tx FQ's
// context A and B say (OVFQ), else the port's FMBM_TCFQID.
TEST_F(FmanTx, TxFqContextChoosesTheConfirmationFq)
{
	namespace ca = fm::tx_context_a;
	constexpr uint32_t kPlainFq = 0x304, kToConfFq = 0x305, kToOtherFq = 0x306, kOther = 0x307;
	rig.init_tx_fq(kMac, kPlainFq, 0, 0);
	rig.init_tx_fq(kMac, kToConfFq, ca::kV3NoConfirmFreeBuffers, 0);
	rig.init_tx_fq(kMac, kToOtherFq, ca::kOverrideFq, kOther);
	rig.init_fq(kOther);
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	const hw::Fd plain = place(f), none = place(f), other = place(f), forced = place(f);
	hw::Fd forced_fco = forced;
	forced_fco.set_cmd(cmd::kFco | kOther);
	for (auto [fqid, fd] : {std::pair{kPlainFq, plain}, std::pair{kToConfFq, none},
				std::pair{kToOtherFq, other}, std::pair{kToConfFq, forced_fco}}) {
		ASSERT_EQ(rig.soc.qman().enqueue(fqid, fd), model::EnqueueStatus::ok);
		rig.run();
	}
	ASSERT_EQ(wire().sent.size(), 4u);
	ASSERT_EQ(rig.sink.got.size(), 3u);
	EXPECT_EQ(rig.sink.got[0].fqid, kConfFq); // no OVFQ: the port's default
	EXPECT_EQ(rig.sink.got[0].fd.addr(), plain.addr());
	EXPECT_EQ(rig.sink.got[1].fqid, kOther); // OVFQ: context B
	EXPECT_EQ(rig.sink.got[1].fd.addr(), other.addr());
	EXPECT_EQ(rig.sink.got[2].fqid, kOther); // FD FCO over context A
	EXPECT_EQ(rig.sink.got[2].fd.addr(), forced.addr());
	// OVFQ with context B 0: no confirmation, the buffer goes back to BMan.
	EXPECT_EQ(rig.soc.bman().free_count(kBpid), 1u);
	uint64_t back = 0;
	ASSERT_EQ(rig.soc.bman().acquire(kBpid, &back, 1), 1u);
	EXPECT_EQ(back, none.addr());
}

// Who frees a sent frame's buffers on an FMan v3 when nothing confirms it:
// the FMan, if its Tx FQ's context A has A2V and EBD (upstream's and the
// kernel's setting); nobody otherwise, which the model counts as misuse.
// The Tx FQ settings of this driver before it named the fields (context A
// 0, or OVFQ alone, with the port's FMBM_TCFQID 0) are the leaking kind.
TEST_F(FmanTx, TxFqContextADecidesWhetherTheFmanFreesTheBuffers)
{
	namespace ca = fm::tx_context_a;
	constexpr uint32_t kOldZero = 0x310, kOldOvfq = 0x311, kUpstream = 0x312,
			   kConfirmed = 0x313, kConfirmFq = 0x314;
	rig.tx_wr(kMac, tx::kTcfqid, 0); // the port confirms nothing by default
	rig.init_tx_fq(kMac, kOldZero, 0, 0);
	rig.init_tx_fq(kMac, kOldOvfq, ca::kOverrideFq, 0);
	rig.init_tx_fq(kMac, kUpstream, ca::kV3NoConfirmFreeBuffers, 0);
	rig.init_tx_fq(kMac, kConfirmed, ca::kV3NoConfirmFreeBuffers, kConfirmFq);
	rig.init_fq(kConfirmFq);
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	const hw::Fd old_zero = place(f), old_ovfq = place(f), upstream = place(f),
		     confirmed = place(f);
	for (auto [fqid, fd] : {std::pair{kOldZero, old_zero}, std::pair{kOldOvfq, old_ovfq},
				std::pair{kUpstream, upstream}, std::pair{kConfirmed, confirmed}}) {
		ASSERT_EQ(rig.soc.qman().enqueue(fqid, fd), model::EnqueueStatus::ok);
		rig.run();
	}
	EXPECT_EQ(wire().sent.size(), 4u) << "every frame is sent";
	// The old settings: sent, neither confirmed nor freed; counted as
	// misuse, which fails every driver test's teardown.
	EXPECT_EQ(rig.fman.faults().tx_buffers_leaked, 2u);
	// Upstream's: freed to the FD's pool.
	ASSERT_EQ(rig.soc.bman().free_count(kBpid), 1u);
	uint64_t back = 0;
	ASSERT_EQ(rig.soc.bman().acquire(kBpid, &back, 1), 1u);
	EXPECT_EQ(back, upstream.addr());
	// A confirmation FQ in context B: software gets the buffer back.
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, kConfirmFq);
	EXPECT_EQ(rig.sink.got[0].fd.addr(), confirmed.addr());
	// A buffer of no pool (BPID 0xff) is software's whatever context A says.
	hw::Fd no_pool = place(f);
	no_pool.set_bpid(0xff);
	ASSERT_EQ(rig.soc.qman().enqueue(kOldZero, no_pool), model::EnqueueStatus::ok);
	rig.run();
	EXPECT_EQ(rig.fman.faults().tx_buffers_leaked, 2u);
	leaks_expected = true;
}

TEST_F(FmanTx, ErrorsGoToTheTxErrorFq)
{
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	hw::Fd unmapped = hw::Fd::contig(0x1000, kBpid, 64, 100);
	hw::Fd empty = place(f);
	empty.set_length(0);
	hw::Fd compound = place(f);
	compound.set_format_offset_length(hw::FdFormat::compound, 64, 100);
	hw::Fd huge = hw::Fd{};
	huge.set_addr(place(f).addr());
	huge.set_format_length_big(hw::FdFormat::contig_big, fm::kMaxTxFrame + 1);
	for (const hw::Fd &fd : {unmapped, empty, compound, huge})
		send(fd);
	EXPECT_TRUE(wire().sent.empty());
	ASSERT_EQ(rig.sink.got.size(), 4u);
	for (auto &e : rig.sink.got)
		EXPECT_EQ(e.fqid, kErrFq);
	EXPECT_EQ(rig.sink.got[0].fd.status(), fds::kErrDma);
	EXPECT_EQ(rig.sink.got[1].fd.status(), fds::kErrLength);
	EXPECT_EQ(rig.sink.got[2].fd.status(), fds::kErrUnsupportedFormat);
	EXPECT_EQ(rig.sink.got[3].fd.status(), fds::kErrLength);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTfledc), 2u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTfufdc), 1u);
	EXPECT_EQ(rig.fman.stats(kMac).tx_errors, 4u);
	EXPECT_EQ(rig.stat(kMac, st::kTFrm), 0u);
}

TEST_F(FmanTx, CountersMatchTheFramesSent)
{
	const Mac6 bcast{{0xff, 0xff, 0xff, 0xff, 0xff, 0xff}};
	const Mac6 mcast{{0x01, 0x00, 0x5e, 0x01, 0x02, 0x03}};
	Bytes frames[] = {
		FrameBuilder(kPeerMac).etype(0x0800).ipv4(17).udp().payload(10).finish(), // 52 ->
											  // 64
		FrameBuilder(kPeerMac).etype(0x0800).ipv4(17).udp().payload(58).finish(), // 100
		FrameBuilder(bcast).etype(0x0806).payload(186).finish(),		  // 200
		FrameBuilder(mcast)
			.vlan(0x8100, 3)
			.etype(0x0800)
			.ipv4(17)
			.udp()
			.payload(554)
			.finish(),
	};
	uint64_t octets = 0;
	for (const Bytes &f : frames) {
		send(place(f));
		octets += std::max<size_t>(f.size(), 60) + 4;
	}
	EXPECT_EQ(wire().sent.size(), 4u);
	EXPECT_EQ(rig.stat(kMac, st::kTFrm), 4u);
	EXPECT_EQ(rig.stat(kMac, st::kTPkt), 4u);
	EXPECT_EQ(rig.stat(kMac, st::kTOct), octets);
	EXPECT_EQ(rig.stat(kMac, st::kTEoct), octets);
	EXPECT_EQ(rig.stat(kMac, st::kTUca), 2u);
	EXPECT_EQ(rig.stat(kMac, st::kTBca), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kTMca), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kTVlan), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kT64), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kT127), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kT255), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kT1023), 1u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTfrc), 4u);

	// STATN_CONFIG CLR clears them all and reads back 0 at once.
	rig.mac_wr(kMac, memac::kStatnConfig, memac::statn::kClear);
	EXPECT_EQ(rig.mac_rd(kMac, memac::kStatnConfig) & memac::statn::kClear, 0u);
	for (uint32_t off = st::kFirst; off < st::kEnd; off += 8)
		EXPECT_EQ(rig.stat(kMac, off), 0u) << std::hex << off;
}

TEST_F(FmanTx, LoopbackBitTurnsTxIntoRx)
{
	rig.add_pool(1, 2048, 8);
	rig.setup_rx(kMac, 0x110, 0x111, 64, memac::cmd::kLoopback);
	rig.set_pools(kMac, {{1, 2048}});
	Bytes f = FrameBuilder(kPortMac).etype(0x0800).ipv4(6).tcp().payload(64).finish();
	send(place(f));
	EXPECT_TRUE(wire().sent.empty());
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, 0x110u);
	EXPECT_EQ(rig.read_frame(rig.sink.got[0].fd), f);
	EXPECT_EQ(rig.stat(kMac, st::kTFrm), 1u);
	EXPECT_EQ(rig.stat(kMac, st::kRFrm), 1u);
	EXPECT_EQ(rig.soc.bman().free_count(kBpid), 1u);

	rig.mac_wr(kMac, memac::kCommandConfig,
		   rig.mac_rd(kMac, memac::kCommandConfig) & ~memac::cmd::kLoopback);
	send(place(f));
	EXPECT_EQ(wire().sent.size(), 1u);
	EXPECT_EQ(rig.sink.got.size(), 1u);
}

// A burst of frames of two pools: every buffer back to its pool in the
// order the frames left, each counted once (TBDC), whatever the grouping of
// BMan's release commands.
TEST_F(FmanTx, BufferReleasesKeepTheFramesOrderPerPool)
{
	constexpr uint8_t kOther = 6;
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	std::vector<uint64_t> want[2];
	for (unsigned i = 0; i < 37; i++) {
		hw::Fd fd = place(f);
		// Runs of one pool longer and shorter than a release command.
		const bool other = (i / 11) % 2 == 1 || i % 5 == 4;
		fd.set_bpid(other ? kOther : kBpid);
		want[other].push_back(fd.addr());
		ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, fd), model::EnqueueStatus::ok);
	}
	rig.run();
	EXPECT_EQ(wire().sent.size(), 37u);
	EXPECT_EQ(rig.tx_rd(kMac, tx::kTbdc), 37u);
	for (unsigned k = 0; k < 2; k++) {
		const uint8_t bpid = k ? kOther : kBpid;
		ASSERT_EQ(rig.soc.bman().free_count(bpid), want[k].size());
		std::vector<uint64_t> back(want[k].size());
		ASSERT_EQ(rig.soc.bman().acquire(bpid, back.data(), unsigned(back.size())),
			  back.size());
		EXPECT_EQ(back, want[k]);
	}
}

// Looped back, a frame is received into a buffer the frames before it freed:
// they are back in the pool before the MAC's own Rx takes one.
TEST_F(FmanTx, LoopbackReceivesIntoTheBufferOfTheFrameBefore)
{
	constexpr uint8_t kPool = 1;
	rig.add_pool(kPool, 2048, 0); // empty: only the Tx frames fill it
	rig.setup_rx(kMac, 0x110, 0x111, 64, memac::cmd::kLoopback);
	rig.set_pools(kMac, {{kPool, 2048}});
	Bytes f1 = FrameBuilder(kPortMac).etype(0x0800).ipv4(6).tcp().payload(64).finish();
	Bytes f2 = FrameBuilder(kPortMac).etype(0x0800).ipv4(6).tcp().payload(65).finish();
	hw::Fd fds[2];
	const Bytes *frames[2] = {&f1, &f2};
	for (unsigned i = 0; i < 2; i++) {
		const uint64_t buf = rig.alloc(2048);
		std::memcpy(rig.mem.at(buf + 64), frames[i]->data(), frames[i]->size());
		fds[i] = hw::Fd::contig(buf, kPool, 64, static_cast<uint32_t>(frames[i]->size()));
		ASSERT_EQ(rig.soc.qman().enqueue(kTxFq, fds[i]), model::EnqueueStatus::ok);
	}
	rig.run();
	// The first found the pool empty; the second took the first's buffer.
	ASSERT_EQ(rig.sink.got.size(), 1u);
	EXPECT_EQ(rig.sink.got[0].fqid, 0x110u);
	EXPECT_EQ(rig.sink.got[0].fd.addr(), fds[0].addr());
	EXPECT_EQ(rig.read_frame(rig.sink.got[0].fd), f2);
	EXPECT_EQ(rig.stat(kMac, st::kTFrm), 2u);
	ASSERT_EQ(rig.soc.bman().free_count(kPool), 1u);
	uint64_t left = 0;
	ASSERT_EQ(rig.soc.bman().acquire(kPool, &left, 1), 1u);
	EXPECT_EQ(left, fds[1].addr());
}

TEST_F(FmanTx, WireBackPressureLeavesFramesOnTheFq)
{
	wire().ready = false;
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	send(place(f));
	send(place(f));
	EXPECT_TRUE(wire().sent.empty());
	model::FqInfo info{};
	ASSERT_TRUE(rig.soc.qman().fq_info(kTxFq, info));
	EXPECT_EQ(info.frames, 2u);
	wire().ready = true;
	rig.run();
	EXPECT_EQ(wire().sent.size(), 2u);
	ASSERT_TRUE(rig.soc.qman().fq_info(kTxFq, info));
	EXPECT_EQ(info.frames, 0u);
}

TEST_F(FmanTx, DisabledPortLeavesFramesQueued)
{
	rig.tx_wr(kMac, tx::kTcfg, 0);
	Bytes f = FrameBuilder().etype(0x0800).ipv4(17).udp().payload(40).finish();
	send(place(f));
	EXPECT_TRUE(wire().sent.empty());
	model::FqInfo info{};
	ASSERT_TRUE(rig.soc.qman().fq_info(kTxFq, info));
	EXPECT_EQ(info.frames, 1u);
	rig.tx_wr(kMac, tx::kTcfg, tx::kCfgEn);
	// The FQ is back in its work queue once QMan offers it again.
	rig.soc.qman().enqueue(kTxFq, place(f));
	rig.run();
	EXPECT_EQ(wire().sent.size(), 2u);
}

} // namespace
} // namespace dpaa::test
