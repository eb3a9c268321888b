/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP's data path for one DPNI behind one DPMAC, configured as upstream's
// net_dpaa2 configures it (Rx buffer layout with FAS, parse results and
// timestamp, 64 bytes of head room, one pool of 2176-byte buffers): what a
// frame from the wire becomes (FD, buffer, annotation), what an FD on a Tx
// FQ puts on the wire, and the DPNI's statistics.

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "dpaa2_frames.hpp"
#include "dpaa2_model/wriop.hpp"

namespace
{

using namespace dpaa2_test;
using dpaa2::hw::Fd;
using dpaa2::hw::FdFormat;
using dpaa2::hw::SgEntry;
namespace m = dpaa2::model;
namespace hwa = dpaa2::hw::hwa;

// Bus addresses are host addresses inside one arena; anything else is not
// mapped.
class Arena final : public dpaa::model::BusMemory
{
public:
	explicit Arena(size_t size)
	    : base_(static_cast<uint8_t *>(std::aligned_alloc(4096, size))), size_(size)
	{
		std::memset(base_, 0, size);
	}
	~Arena() { std::free(base_); }
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		const uint64_t b = reinterpret_cast<uintptr_t>(base_);
		if (bus < b || bus + len > b + size_ || bus + len < bus)
			return nullptr;
		return reinterpret_cast<void *>(bus);
	}
	uint64_t at(size_t off) const { return reinterpret_cast<uintptr_t>(base_) + off; }
	uint8_t *host(uint64_t bus) { return reinterpret_cast<uint8_t *>(bus); }

private:
	uint8_t *base_;
	size_t size_;
};

// A wire that keeps what the MAC sends and delivers what the test gives.
class TestWire final : public dpaa::model::Wire
{
public:
	void attach(dpaa::model::MacPort &mac) override { mac_ = &mac; }
	bool transmit(std::span<const uint8_t> f) override
	{
		sent.emplace_back(f.begin(), f.end());
		return true;
	}
	bool poll() override { return false; }
	bool link_up() const override { return up; }
	std::string describe() const override { return "test"; }
	bool deliver(const std::vector<uint8_t> &f, bool fcs_ok = true)
	{
		return mac_->wire_rx(f, fcs_ok);
	}

	std::vector<std::vector<uint8_t>> sent;
	bool up = true;

private:
	dpaa::model::MacPort *mac_ = nullptr;
};

constexpr uint16_t kBufSize = 2176;
constexpr unsigned kBuffers = 64;

struct Port {
	explicit Port(bool lx2 = true, unsigned num_tx_tcs = 1)
	    : arena(1 << 20), q(arena, m::kQmanRev50), w(q, arena, lx2),
	      mac(w.add_mac(3, 10000, "usxgmii")), ni(w.add_ni(1, 1, 8, num_tx_tcs, 1))
	{
		w.set_clock([](void *) -> uint64_t { return 0x1122334455667788; }, nullptr);
		bpid = q.bp_alloc();
		for (unsigned i = 0; i < kBuffers; i++)
			q.bp_release(bpid, arena.at(i * 4096));
		w.attach_wire(3, wire);
		// As dpaa2_attach_bp_list and dpaa2_eth_dev_configure set it.
		ni.rx_layout.pass_fs = ni.rx_layout.pass_pr = ni.rx_layout.pass_ts = true;
		ni.rx_layout.private_data_size = 0;
		ni.rx_layout.data_align = 64;
		ni.rx_layout.head_room = 64;
		ni.pools[0] = {bpid, kBufSize};
		ni.num_pools = 1;
		ni.primary_mac = kPortMac;
		ni.rx_l3_csum = ni.rx_l4_csum = true;
		ni.flc_hash = lx2;
		ni.max_frame_length = 1518;
		ni.connect(&mac);
		ni.enable(true);
	}
	// The FD the frame became on Rx FQ (0, flow).
	bool rx(Fd &fd, unsigned flow = 0) { return q.dequeue(ni.rx_fqid(0, flow), fd); }
	std::array<uint64_t, 7> stats(unsigned page)
	{
		std::array<uint64_t, 7> s;
		ni.statistics(page, s.data());
		return s;
	}

	Arena arena;
	m::Qbman q;
	m::Wriop w;
	m::Dpmac &mac;
	m::NiDatapath &ni;
	TestWire wire;
	uint16_t bpid;
};

TEST(Dpaa2WriopRx, FrameLandsAt128WithTheAnnotationBefore)
{
	Port p;
	const auto f = udp4();
	ASSERT_TRUE(p.wire.deliver(f));
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.format(), FdFormat::single);
	EXPECT_EQ(fd.bpid(), p.bpid);
	EXPECT_EQ(fd.offset(), 128);
	EXPECT_EQ(fd.length(), f.size());
	EXPECT_FALSE(fd.ivp());
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 1);
	uint8_t *buf = p.arena.host(fd.addr());
	ASSERT_NE(p.arena.to_host(fd.addr(), kBufSize), nullptr);
	EXPECT_EQ((fd.addr() - p.arena.at(0)) % 4096, 0u) << "the FD names the buffer's start";
	EXPECT_EQ(std::memcmp(buf + 128, f.data(), f.size()), 0);
	hwa::Annotation a;
	std::memcpy(&a, buf, sizeof(a));
	EXPECT_EQ(a.timestamp.load(), 0x1122334455667788u);
	EXPECT_EQ(hwa::fas::status(a.fas.load()), hwa::fas::kL3cv | hwa::fas::kL4cv);
	EXPECT_EQ(a.faf_hi.load(), hwa::faf_hi::kFastIpv4Udp);
	EXPECT_EQ(fd.frc() & 0xffff, hwa::frc::kFasv | hwa::frc::kFaprv);
	EXPECT_EQ(hwa::frc::parse_summary(fd.frc()), hwa::parse_summary::kIpv4Udp);
	EXPECT_EQ(fd.err(), 0);
	const Reading r = read_lx2(fd, a, buf + fd.offset());
	EXPECT_TRUE(r.fast);
	EXPECT_EQ(r.l4, L4::udp);
	EXPECT_TRUE(r.rss_flag);
	EXPECT_EQ(p.stats(0)[0], 1u);
	EXPECT_EQ(p.stats(0)[1], f.size());
}

TEST(Dpaa2WriopRx, TaggedFrameReadsItsTciFromTheBuffer)
{
	Port p;
	auto f = eth(kPortMac, {{0x8100, 0x0123}}, 0x0800);
	ipv4(f, Ip4{}, 7, 8, 40);
	ASSERT_TRUE(p.wire.deliver(f));
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	hwa::Annotation a;
	std::memcpy(&a, p.arena.host(fd.addr()), sizeof(a));
	const Reading r = read_lx2(fd, a, p.arena.host(fd.addr()) + fd.offset());
	EXPECT_FALSE(r.fast);
	EXPECT_TRUE(r.rx_vlan);
	EXPECT_EQ(r.vlan_tci, 0x0123);
	EXPECT_EQ(r.l3, L3::ipv4);
	EXPECT_EQ(r.l4, L4::udp);
}

TEST(Dpaa2WriopRx, Ls2FrcHasNoSummary)
{
	Port p(false);
	auto f = eth(kPortMac, {}, 0x86dd);
	ipv6(f, 17, 1, 2, 64);
	ASSERT_TRUE(p.wire.deliver(f));
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.frc(), hwa::frc::kFasv | hwa::frc::kFaprv);
	EXPECT_EQ(fd.flc(), 0u);
	hwa::Annotation a;
	std::memcpy(&a, p.arena.host(fd.addr()), sizeof(a));
	const Reading r = read_ls2(a, p.arena.host(fd.addr()) + fd.offset());
	EXPECT_TRUE(r.fast);
	EXPECT_EQ(r.l3, L3::ipv6);
	EXPECT_EQ(r.l4, L4::udp);
}

TEST(Dpaa2WriopRx, HashDistributionIsToeplitzOverTheFourTuple)
{
	Port p;
	namespace df = m::dist_field;
	p.ni.set_hash_distribution(0, 8, df::kIpSrc | df::kIpDst | df::kL4Src | df::kL4Dst);
	// The RSS specification's first IPv4/TCP example: 66.9.149.187:2794
	// -> 161.142.100.80:1766 hashes to 0x51ccc178 with the default key.
	auto f = eth(kPortMac, {}, 0x0800);
	Ip4 ip;
	ip.src = {66, 9, 149, 187};
	ip.dst = {161, 142, 100, 80};
	ip.proto = 6;
	ipv4(f, ip, 2794, 1766, 10);
	ASSERT_TRUE(p.wire.deliver(f));
	Fd fd;
	const unsigned flow = 0x51ccc178u % 8;
	ASSERT_TRUE(p.rx(fd, flow)) << "queue " << flow;
	EXPECT_EQ(fd.flc_hi(), 0x51ccc178u);
	p.q.bp_release(fd.bpid(), fd.addr());
	// Every flow goes to one queue, the same for each of its frames.
	for (uint16_t port = 1; port <= 30; port++) {
		auto g = udp4();
		g[34] = static_cast<uint8_t>(port >> 8);
		g[35] = static_cast<uint8_t>(port);
		// The UDP checksum is now wrong: that changes no queue.
		ASSERT_TRUE(p.wire.deliver(g));
		ASSERT_TRUE(p.wire.deliver(g));
	}
	unsigned used = 0;
	for (unsigned q = 0; q < 8; q++) {
		Fd a, b;
		bool any = false;
		while (p.rx(a, q)) {
			ASSERT_TRUE(p.rx(b, q));
			EXPECT_EQ(a.flc_hi(), b.flc_hi());
			EXPECT_EQ(a.flc_hi() % 8, q);
			p.q.bp_release(a.bpid(), a.addr());
			p.q.bp_release(b.bpid(), b.addr());
			any = true;
		}
		used += any;
	}
	EXPECT_GE(used, 5u) << "30 flows spread over 8 queues";
}

TEST(Dpaa2WriopRx, JumboFrameIsScatterGather)
{
	Port p;
	p.ni.max_frame_length = 9600;
	std::vector<uint8_t> f = udp4(kPortMac, 5000 - 42);
	ASSERT_EQ(f.size(), 5000u);
	ASSERT_TRUE(p.wire.deliver(f));
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.format(), FdFormat::sg);
	EXPECT_EQ(fd.length(), 5000u);
	EXPECT_EQ(fd.offset(), 128);
	// 2176 - 128 = 2048 bytes per buffer: three segments, one SG table.
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 4);
	const uint8_t *sgt = p.arena.host(fd.addr()) + fd.offset();
	std::vector<uint8_t> joined;
	const uint32_t lens[3] = {2048, 2048, 904};
	for (unsigned i = 0; i < 3; i++) {
		SgEntry e;
		std::memcpy(&e, sgt + i * sizeof(e), sizeof(e));
		EXPECT_EQ(e.length(), lens[i]);
		EXPECT_EQ(e.bpid(), p.bpid);
		EXPECT_EQ(e.final(), i == 2);
		const uint8_t *d = p.arena.host(e.addr()) + e.offset();
		joined.insert(joined.end(), d, d + e.length());
	}
	EXPECT_EQ(joined, f);
	hwa::Annotation a;
	std::memcpy(&a, p.arena.host(fd.addr()), sizeof(a));
	EXPECT_EQ(a.faf_hi.load(), hwa::faf_hi::kFastIpv4Udp);
}

TEST(Dpaa2WriopRx, OversizeFilteredAndNoBufferAreCounted)
{
	Port p;
	// 1518 without FCS passes, 1519 does not.
	EXPECT_TRUE(p.wire.deliver(udp4(kPortMac, 1518 - 42)));
	p.wire.deliver(udp4(kPortMac, 1519 - 42));
	EXPECT_EQ(p.stats(2)[1], 1u) << "discarded";
	// Unicast to another address: filtered until promiscuous.
	const Mac other = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55};
	p.wire.deliver(udp4(other));
	EXPECT_EQ(p.stats(2)[0], 1u) << "filtered";
	p.ni.unicast_promisc = true;
	p.wire.deliver(udp4(other));
	EXPECT_EQ(p.stats(2)[0], 1u);
	p.ni.unicast_promisc = false;
	// Multicast: only in the filter table or with multicast promiscuous.
	const Mac group = {0x01, 0x00, 0x5e, 0x00, 0x00, 0x01};
	p.wire.deliver(udp4(group));
	EXPECT_EQ(p.stats(2)[0], 2u);
	p.ni.add_mac_filter(group);
	p.wire.deliver(udp4(group));
	EXPECT_EQ(p.stats(2)[0], 2u);
	// Broadcast always; padded as its sender's MAC pads it (42 bytes
	// would be a runt).
	auto bcast = arp();
	bcast.resize(60, 0);
	p.wire.deliver(bcast);
	EXPECT_EQ(p.stats(2)[0], 2u);
	// VLAN filter.
	p.ni.vlan_filter = true;
	p.ni.add_vlan(5);
	for (uint16_t vid : {5, 6}) {
		auto f = eth(kPortMac, {{0x8100, vid}}, 0x0800);
		ipv4(f, Ip4{}, 1, 2, 20);
		p.wire.deliver(f);
	}
	EXPECT_EQ(p.stats(2)[0], 3u);
	auto s0 = p.stats(0);
	EXPECT_EQ(s0[0], 9u);
	EXPECT_EQ(s0[2], 2u) << "multicast";
	EXPECT_EQ(s0[4], 1u) << "broadcast";
	Fd fd;
	unsigned delivered = 0;
	while (p.rx(fd))
		delivered++;
	EXPECT_EQ(delivered, 5u);
	// An empty pool: no buffer.
	uint64_t b;
	while (p.q.bp_acquire(p.bpid, b)) {
	}
	p.wire.deliver(udp4());
	EXPECT_EQ(p.stats(2)[2], 1u) << "no buffer";
	p.ni.reset_statistics();
	EXPECT_EQ(p.stats(0)[0], 0u);
	EXPECT_EQ(p.stats(2)[2], 0u);
}

// 64 bytes with FCS is the shortest frame a MAC takes: 60 on the wire's
// side of this seam (frames come without their FCS).
TEST(Dpaa2WriopRx, RuntsAreDroppedByTheMacAndCountedThere)
{
	Port p;
	auto runt = udp4(kPortMac, 0); // 42 bytes
	ASSERT_LT(runt.size() + 4, 64u);
	auto shortest = udp4(kPortMac, 60 - 42);
	auto one_short = shortest;
	one_short.pop_back();
	p.wire.deliver(runt);
	p.wire.deliver(one_short);
	p.wire.deliver(one_short, false);
	p.wire.deliver(shortest);
	p.wire.deliver(udp4(kPortMac, 100), false);
	EXPECT_EQ(p.mac.counters().rx_undersized, 2u);
	EXPECT_EQ(p.mac.counters().rx_fragments, 1u) << "a runt with a bad FCS";
	EXPECT_EQ(p.mac.counters().rx_fcs_errors, 1u) << "of legal length only";
	EXPECT_EQ(p.mac.counters().rx_frames, 5u);
	EXPECT_EQ(p.stats(0)[0], 1u) << "the DPNI never sees a runt nor a bad FCS";
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.length(), 60u);
	EXPECT_FALSE(p.rx(fd));
}

TEST(Dpaa2WriopRx, TaildropIsCountedAndTheBufferReturned)
{
	Port p;
	m::Qbman::FqSettings *s = p.q.fq_settings(p.ni.rx_fqid(0, 0));
	ASSERT_NE(s, nullptr);
	s->taildrop = true;
	s->taildrop_frames = true;
	s->taildrop_threshold = 2;
	for (int i = 0; i < 3; i++)
		p.wire.deliver(udp4());
	EXPECT_TRUE(p.mac.rx_backlogged());
	EXPECT_EQ(p.stats(4)[0], 1u);
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 2);
	// The emulations' report at exit says what became of the frames.
	const std::vector<std::string> lines = p.w.rx_summary();
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_NE(lines[0].find("rx: 3 frames, 0 filtered, 0 discarded, 0 without buffers, "
				"1 tail-dropped; 2 enqueued"),
		  std::string::npos)
		<< lines[0];
}

// A lossless generator (rate=max) holds back when its next frame would
// find no buffer: a DPNI without tail drop fills its pools first, and a
// generator that went on would keep the model's thread making frames that
// WRIOP then discards (ours: 58 M in 6 s of run.sh --rate max).
TEST(Dpaa2WriopRx, AnEmptyPoolHoldsTheGeneratorBack)
{
	Port p;
	for (unsigned i = 0; i < kBuffers; i++)
		p.wire.deliver(udp4());
	EXPECT_EQ(p.q.bp_count(p.bpid), 0u);
	EXPECT_TRUE(p.mac.rx_backlogged()) << "no buffer left for the next frame";
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	ASSERT_TRUE(p.q.bp_release(p.bpid, fd.addr()));
	EXPECT_FALSE(p.mac.rx_backlogged()) << "a buffer is back";
}

TEST(Dpaa2WriopRx, DisabledDpniTakesNothing)
{
	Port p;
	p.ni.enable(false);
	EXPECT_FALSE(p.mac.rx_ready());
	p.wire.deliver(udp4());
	Fd fd;
	EXPECT_FALSE(p.rx(fd));
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
}

// ------------------------------------------------------------------- Tx

// A Tx FD as DPAA2_MBUF_TO_CONTIG_FD builds it.
Fd tx_fd(Port &p, const std::vector<uint8_t> &f, uint16_t data_off = 128, bool ivp = false)
{
	uint64_t b;
	EXPECT_TRUE(p.q.bp_acquire(p.bpid, b));
	std::memcpy(p.arena.host(b) + data_off, f.data(), f.size());
	Fd fd{};
	fd.set_addr(b);
	fd.set_length(static_cast<uint32_t>(f.size()));
	fd.set_bpid(p.bpid);
	fd.set_offset(data_off);
	fd.set_ivp(ivp);
	return fd;
}

TEST(Dpaa2WriopTx, SingleBufferGoesOutAndBack)
{
	Port p;
	const auto f = udp4(kPeerMac, 100);
	const Fd fd = tx_fd(p, f);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), fd));
	ASSERT_EQ(p.wire.sent.size(), 1u);
	EXPECT_EQ(p.wire.sent[0], f);
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
	EXPECT_EQ(p.stats(1)[0], 1u);
	EXPECT_EQ(p.stats(1)[1], f.size());
	// IVP: software frees it.
	const Fd ivp = tx_fd(p, f, 128, true);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), ivp));
	EXPECT_EQ(p.wire.sent.size(), 2u);
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 1);
}

TEST(Dpaa2WriopTx, ShortFramesArePadded)
{
	Port p;
	std::vector<uint8_t> f = arp(kPeerMac);
	ASSERT_EQ(f.size(), 42u);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), tx_fd(p, f)));
	ASSERT_EQ(p.wire.sent.size(), 1u);
	EXPECT_EQ(p.wire.sent[0].size(), 60u);
	EXPECT_EQ(std::memcmp(p.wire.sent[0].data(), f.data(), f.size()), 0);
}

TEST(Dpaa2WriopTx, ScatterGatherIsJoinedAndEveryBufferReleased)
{
	Port p;
	const auto f = udp4(kPeerMac, 3000);
	uint64_t sgt_buf, seg[2];
	ASSERT_TRUE(p.q.bp_acquire(p.bpid, sgt_buf));
	const uint32_t cut = 1500;
	for (int i = 0; i < 2; i++) {
		ASSERT_TRUE(p.q.bp_acquire(p.bpid, seg[i]));
		const uint32_t from = i ? cut : 0;
		const uint32_t n = i ? static_cast<uint32_t>(f.size()) - cut : cut;
		std::memcpy(p.arena.host(seg[i]) + 64, f.data() + from, n);
		SgEntry e{};
		e.set_addr(seg[i]);
		e.set_length(n);
		e.set_bpid(p.bpid);
		e.set_offset(64);
		e.set_final(i == 1);
		std::memcpy(p.arena.host(sgt_buf) + 128 + i * sizeof(e), &e, sizeof(e));
	}
	Fd fd{};
	fd.set_addr(sgt_buf);
	fd.set_length(static_cast<uint32_t>(f.size()));
	fd.set_bpid(p.bpid);
	fd.set_offset(128);
	fd.set_format(FdFormat::sg);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), fd));
	ASSERT_EQ(p.wire.sent.size(), 1u);
	EXPECT_EQ(p.wire.sent[0], f);
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
}

TEST(Dpaa2WriopTx, ChecksumsAreGeneratedWhenTheDpniOffloadsThem)
{
	Port p;
	auto good = eth(kPeerMac, {}, 0x0800);
	Ip4 ip;
	ip.proto = 6;
	ipv4(good, ip, 10, 20, 33);
	auto zeroed = good;
	zeroed[24] = zeroed[25] = 0; // IPv4 header checksum
	zeroed[50] = zeroed[51] = 0; // TCP checksum
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), tx_fd(p, zeroed)));
	EXPECT_EQ(p.wire.sent.back(), zeroed) << "offloads off: sent as given";
	p.ni.tx_l3_csum = p.ni.tx_l4_csum = true;
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), tx_fd(p, zeroed)));
	EXPECT_EQ(p.wire.sent.back(), good);
}

TEST(Dpaa2WriopTx, BadFdsAreDroppedAndCounted)
{
	Port p;
	const auto f = udp4(kPeerMac);
	Fd zero_len = tx_fd(p, f);
	zero_len.set_length(0);
	Fd unmapped{};
	unmapped.set_addr(0x10);
	unmapped.set_length(60);
	unmapped.set_bpid(p.bpid);
	Fd beyond = tx_fd(p, f);
	beyond.set_offset(2170);
	for (const Fd &fd : {zero_len, unmapped, beyond})
		ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), fd));
	EXPECT_TRUE(p.wire.sent.empty());
	EXPECT_EQ(p.stats(2)[3], 3u) << "egress discarded";
	EXPECT_EQ(p.ni.counters().tx_misuse, 3u);
	// The mapped buffers went back; the unmapped address did not.
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
}

TEST(Dpaa2WriopTx, ConfirmationReturnsTheFd)
{
	Port p;
	p.ni.set_tx_confirmation(true);
	const Fd fd = tx_fd(p, udp4(kPeerMac));
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), fd));
	Fd back;
	ASSERT_TRUE(p.q.dequeue(p.ni.tx_conf_fqid(), back));
	EXPECT_EQ(back.addr(), fd.addr());
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 1);
	EXPECT_EQ(p.stats(2)[4], 1u);
}

TEST(Dpaa2WriopTx, AffineConfirmationIsPerTxQueue)
{
	Port p(true, 2);
	p.ni.set_tx_confirmation(m::NiDatapath::TxConfirmation::affine);
	const uint32_t conf0 = p.ni.tx_conf_fqid(0, 0), conf1 = p.ni.tx_conf_fqid(0, 1);
	ASSERT_NE(conf0, 0u);
	ASSERT_NE(conf1, 0u);
	ASSERT_NE(conf0, conf1);
	const Fd fd = tx_fd(p, udp4(kPeerMac));
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 1), fd));
	Fd back;
	EXPECT_FALSE(p.q.dequeue(conf0, back)) << "TC 1's frame on TC 0's confirmation FQ";
	ASSERT_TRUE(p.q.dequeue(conf1, back));
	EXPECT_EQ(back.addr(), fd.addr());
	// Single: one FQ for all; disable: none, the buffer released.
	p.ni.set_tx_confirmation(m::NiDatapath::TxConfirmation::single);
	EXPECT_EQ(p.ni.tx_conf_fqid(0, 1), p.ni.tx_conf_fqid(0, 0));
	p.ni.set_tx_confirmation(m::NiDatapath::TxConfirmation::disable);
	EXPECT_EQ(p.ni.tx_conf_fqid(0, 1), 0u);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 1), tx_fd(p, udp4(kPeerMac))));
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 1) << "only the confirmed buffer is out";
}

// The kernel's XDP_TX frames: FRC.FAEADV, a 128-byte annotation, and a
// FAEAD whose action 4 names no confirmation FQ: the buffer goes back to
// its pool, no confirmation. Without A4V, or with the FAEAD outside the
// annotation the FD declares, the DPNI's mode applies.
TEST(Dpaa2WriopTx, FaeadOverridesConfirmation)
{
	namespace a = dpaa2::hw::hwa;
	Port p;
	p.ni.set_tx_confirmation(true);
	const uint32_t conf = p.ni.tx_conf_fqid();
	auto with_faead = [&](uint32_t ctrl, uint32_t fqid, uint32_t asal_bytes) {
		Fd fd = tx_fd(p, udp4(kPeerMac));
		a::Faead e{};
		e.conf_fqid.store(fqid);
		e.ctrl.store(ctrl);
		std::memcpy(p.arena.host(fd.addr()) + a::kFaeadOffset, &e, sizeof(e));
		fd.set_frc(a::frc::kFaeadv);
		fd.set_ctrl(a::ctrl::asal(asal_bytes));
		return fd;
	};
	Fd back;
	ASSERT_TRUE(p.q.enqueue(
		p.ni.tx_fqid(0, 0),
		with_faead(a::faead::kA4v | a::faead::kA2v | a::faead::kEbddv, 0, 128)));
	EXPECT_EQ(p.wire.sent.size(), 1u);
	EXPECT_FALSE(p.q.dequeue(conf, back)) << "opted out, yet confirmed";
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), with_faead(a::faead::kA2v, 0, 128)));
	EXPECT_TRUE(p.q.dequeue(conf, back)) << "no A4V: the queue's confirmation";
	ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), with_faead(a::faead::kA4v, 0, 64)));
	EXPECT_TRUE(p.q.dequeue(conf, back)) << "FAEAD beyond a 64-byte annotation: not read";
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers - 2);
	EXPECT_EQ(p.stats(2)[4], 2u) << "confirmed frames";
}

TEST(Dpaa2WriopLink, FollowsTheWireAndNotifies)
{
	Port p;
	int calls = 0;
	p.ni.set_link_change_notify([](void *c) { ++*static_cast<int *>(c); }, &calls);
	auto ls = p.ni.link_state();
	EXPECT_TRUE(ls.up);
	EXPECT_EQ(ls.rate_mbps, 10000u);
	p.wire.up = false;
	p.w.poll();
	EXPECT_FALSE(p.ni.link_state().up);
	EXPECT_EQ(calls, 1);
	p.wire.up = true;
	p.w.poll();
	EXPECT_TRUE(p.ni.link_state().up);
	EXPECT_EQ(calls, 2);
	p.ni.enable(false);
	EXPECT_FALSE(p.ni.link_state().up);
}

} // namespace

namespace
{

TEST(Dpaa2WriopRx, ErrorBehaviourDiscardsOrQueuesTheNamedErrors)
{
	Port p;
	auto bad = eth(kPortMac, {}, 0x0800);
	Ip4 ip;
	ip.bad_header_csum = true;
	ipv4(bad, ip, 1, 2, 20);
	// net_dpaa2 lets checksum errors continue: the frame comes with its
	// FAS saying so, and FAERR in CTRL.
	p.ni.error_behavior_errors = hwa::fas::kL3ce | hwa::fas::kL4ce;
	p.ni.error_action = m::error_action::kContinue;
	p.wire.deliver(bad);
	Fd fd;
	ASSERT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.err(), hwa::ctrl::kErrFaerr);
	p.ni.error_action = m::error_action::kSendToErrorQueue;
	p.wire.deliver(bad);
	EXPECT_FALSE(p.rx(fd));
	ASSERT_TRUE(p.q.dequeue(p.ni.rx_err_fqid(), fd));
	p.ni.error_action = m::error_action::kDiscard;
	p.wire.deliver(bad);
	EXPECT_EQ(p.stats(2)[1], 1u);
	p.wire.deliver(udp4()); // no error: not concerned
	EXPECT_TRUE(p.rx(fd));
	EXPECT_EQ(fd.err(), 0);
}

} // namespace

namespace
{

// Any bytes from the wire and any FD on a Tx FQ: no crash, and every pool
// buffer accounted for (what Rx took is on the Rx FQs, what Tx sent or
// dropped is back).
TEST(Dpaa2WriopRx, AnyFrameAnyFdKeepsTheBuffers)
{
	Port p;
	p.ni.max_frame_length = 9600;
	p.ni.unicast_promisc = p.ni.multicast_promisc = true;
	p.ni.tx_l3_csum = p.ni.tx_l4_csum = true;
	uint32_t seed = 12345;
	auto rnd = [&] { return seed = seed * 1103515245 + 12345, seed >> 8; };
	for (int round = 0; round < 300; round++) {
		std::vector<uint8_t> f = (round & 1) ? udp4(kPortMac, rnd() % 6000)
						     : std::vector<uint8_t>(rnd() % 200);
		for (size_t i = (round & 1) ? 14 + rnd() % 40 : 0; i < f.size(); i += 1 + rnd() % 9)
			f[i] = static_cast<uint8_t>(rnd());
		p.wire.deliver(f);
		Fd fd;
		while (p.rx(fd)) {
			// Echo it back as the driver's loopback mode does.
			Fd tx = fd;
			tx.set_frc(0);
			tx.set_ctrl(0);
			tx.set_flc(0);
			if (rnd() % 8 == 0)
				tx.set_length(rnd() % 20000);
			ASSERT_TRUE(p.q.enqueue(p.ni.tx_fqid(0, 0), tx));
		}
	}
	EXPECT_EQ(p.q.bp_count(p.bpid), kBuffers);
	EXPECT_GT(p.wire.sent.size(), 100u);
}

} // namespace
