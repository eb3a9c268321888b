/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Frame descriptors the FMan never writes, in a port's Rx FQ: what a buggy
// or hostile agent with another QMan portal could enqueue there, or what a
// corrupted annotation looks like. The test plays that agent: lcore 1
// enqueues crafted FDs to fm1-mac9's Rx FQ through its own portal while the
// main lcore polls the queue with rte_eth_rx_burst(). Every bad FD must be
// dropped and counted (ierrors, rx_bad_descriptors), its genuine buffers
// given back once, nothing outside pool memory read or written, and the
// drops reported in one log line per second at most. A good frame enqueued
// after the bad ones proves they were all taken. Every test ends with the
// pool's buffers all back.

#include <cstdio>
#include <cstring>

#include <rte_cycles.h>
#include <rte_launch.h>
#include <rte_malloc.h>
#include <rte_pause.h>

#include "dpaa_bus.hpp"
#include "dpaa_ethdev.hpp"
#include "dpaa_hw/fd.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_mempool.hpp"
#include "ethdev_test_support.hpp"

using namespace dpaa_test;
using dpaa::hw::Fd;
using dpaa::hw::FdFormat;
using dpaa::hw::SgEntry;

namespace
{

rte_mempool *g_pool;
rte_mempool *g_other; // a second dpaa pool
uint16_t P;
constexpr unsigned kInjector = 1; // the agent's lcore
constexpr uint8_t kNoPool = 63;	  // a BPID no pool owns (checked in main)

struct Job {
	uint32_t fqid;
	const std::vector<Fd> *fds;
	int ret;
};

int inject_on_lcore(void *arg)
{
	auto &j = *static_cast<Job *>(arg);
	dpaa::qbman::QmanPortal *p = dpaa::bus::qman_portal();
	if (p == nullptr) {
		j.ret = -ENODEV;
		return 0;
	}
	for (const Fd &fd : *j.fds) {
		uint64_t spins = 0;
		while (p->enqueue(dpaa::hw::Fqid{j.fqid}, fd) == -EBUSY) {
			if (++spins > 100000000) {
				j.ret = -ETIMEDOUT;
				return 0;
			}
			rte_pause();
		}
	}
	j.ret = 0;
	return 0;
}

uint32_t rx_fqid()
{
	return static_cast<const dpaa::net::RxQueue *>(rte_eth_devices[P].data->rx_queues[0])->fqid;
}

// Enqueue fds to the Rx FQ from the agent's lcore.
void inject(const std::vector<Fd> &fds)
{
	Job j{rx_fqid(), &fds, -1};
	ASSERT_EQ(rte_eal_remote_launch(inject_on_lcore, &j, kInjector), 0);
	rte_eal_wait_lcore(kInjector);
	ASSERT_EQ(j.ret, 0);
}

uint8_t bpid_of(rte_mempool *mp)
{
	return static_cast<uint8_t>(rte_dpaa_mempool_bpid(mp));
}

uint64_t bus_of(const void *va)
{
	return dpaa::bus::va_to_bus(va);
}

// An mbuf of mp holding f, its annotation area zeroed (what the FMan would
// have written is not needed: the parse result is read, not trusted).
rte_mbuf *filled(rte_mempool *mp, const Bytes &f)
{
	rte_mbuf *m = rte_pktmbuf_alloc(mp);
	if (m == nullptr)
		return nullptr;
	memset(m->buf_addr, 0, m->data_off);
	memcpy(rte_pktmbuf_append(m, static_cast<uint16_t>(f.size())), f.data(), f.size());
	return m;
}

Fd fd_of(const rte_mbuf *m)
{
	return Fd::contig(bus_of(m->buf_addr), bpid_of(m->pool), m->data_off, m->data_len);
}

Bytes frame(unsigned seq, size_t payload = 40)
{
	const L2 l2{port_mac(P), port_mac(P), -1, -1};
	return ipv4_udp(l2, 0xc0a80001, 0xc0a80002, static_cast<uint16_t>(seq), 9, payload);
}

uint64_t xstat(const char *name)
{
	uint64_t id = 0, v = ~uint64_t{0};
	if (rte_eth_xstats_get_id_by_name(P, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(P, &id, &v, 1) != 1)
		ADD_FAILURE() << "no xstat " << name;
	return v;
}

// An SG table in a buffer of the pool at 'off', one entry per segment.
struct SgTable {
	rte_mbuf *tbl;
	uint16_t off;
	std::vector<SgEntry> entries;

	Fd fd(uint32_t len) const
	{
		// An empty table's data() may be nullptr, which memcpy must not get.
		if (!entries.empty())
			std::memcpy(static_cast<char *>(tbl->buf_addr) + off, entries.data(),
				    entries.size() * sizeof(SgEntry));
		Fd f{};
		f.set_addr(bus_of(tbl->buf_addr));
		f.set_bpid(bpid_of(tbl->pool));
		f.set_format_offset_length(FdFormat::sg, off, len);
		return f;
	}
};

SgEntry sg_entry(uint64_t addr, uint8_t bpid, uint16_t off, uint32_t len, bool fin,
		 bool ext = false)
{
	SgEntry e{};
	e.set_addr(addr);
	e.set_bpid(bpid);
	e.set_offset(off);
	e.set_length_flags(len, ext, fin);
	return e;
}

SgEntry sg_entry(const rte_mbuf *s, bool fin)
{
	return sg_entry(bus_of(s->buf_addr), bpid_of(s->pool), s->data_off, s->data_len, fin);
}

class Hostile : public testing::Test
{
protected:
	void SetUp() override
	{
		start_ = pool_settle(g_pool, g_pool->size);
		other_ = pool_settle(g_other, g_other->size);
		PortSetup s;
		s.pool = g_pool;
		ASSERT_EQ(port_start(P, s), 0);
		// The first burst binds the queue's FQ to this lcore's portal.
		auto v = rx_wait(P, 0, 1, 20);
		free_all(v);
		ASSERT_EQ(rte_eth_stats_reset(P), 0);
	}
	void TearDown() override
	{
		rx_flush(P);
		port_stop(P);
		EXPECT_EQ(pool_settle(g_pool, start_), start_) << "buffers lost or freed twice";
		EXPECT_EQ(pool_settle(g_other, other_), other_) << "buffers lost or freed twice";
	}

	// Inject bad, then one good frame; receive until the good one. The
	// good frame's bytes must come back intact; returns what else came.
	std::vector<rte_mbuf *> run(const std::vector<Fd> &bad)
	{
		const Bytes marker = frame(0xbeef);
		rte_mbuf *good = filled(g_pool, marker);
		EXPECT_NE(good, nullptr);
		std::vector<Fd> fds = bad;
		fds.push_back(fd_of(good));
		inject(fds);
		std::vector<rte_mbuf *> got = rx_wait(P, 0, 1, 1000);
		for (int i = 0; i < 50 && (got.empty() || mbuf_bytes(got.back()) != marker); i++) {
			auto more = rx_wait(P, 0, 1, 100);
			got.insert(got.end(), more.begin(), more.end());
		}
		EXPECT_FALSE(got.empty());
		if (!got.empty()) {
			EXPECT_EQ(mbuf_bytes(got.back()), marker) << "the good frame after the bad";
			rte_pktmbuf_free(got.back());
			got.pop_back();
		}
		return got;
	}

	void expect_dropped(uint64_t n)
	{
		rte_eth_stats st{};
		ASSERT_EQ(rte_eth_stats_get(P, &st), 0);
		EXPECT_EQ(st.ierrors, n);
		EXPECT_EQ(st.ipackets, 1u) << "only the good frame";
		EXPECT_EQ(xstat("rx_bad_descriptors"), n);
	}

	uint64_t start_ = 0, other_ = 0;
};

TEST_F(Hostile, GoodFdsFromAnotherPortalAreReceived)
{
	std::vector<Fd> fds;
	std::vector<Bytes> frames;
	for (unsigned i = 0; i < 20; i++) {
		frames.push_back(frame(i, 20 + i));
		rte_mbuf *m = filled(i % 2 ? g_other : g_pool, frames.back());
		ASSERT_NE(m, nullptr);
		fds.push_back(fd_of(m));
	}
	inject(fds);
	auto got = rx_wait(P, 0, 20, 1000);
	ASSERT_EQ(got.size(), 20u);
	for (unsigned i = 0; i < 20; i++) {
		EXPECT_EQ(mbuf_bytes(got[i]), frames[i]) << i;
		EXPECT_EQ(got[i]->pool, i % 2 ? g_other : g_pool) << "a buffer of another pool";
		EXPECT_EQ(got[i]->port, P);
		EXPECT_EQ(got[i]->packet_type, 0u) << "a zeroed parse result: no type";
	}
	free_all(got);
	EXPECT_EQ(xstat("rx_bad_descriptors"), 0u);
}

TEST_F(Hostile, UnknownBpidIsDroppedAndItsBufferLeftAlone)
{
	ASSERT_EQ(rte_dpaa_bpid_info[kNoPool].mp, nullptr);
	rte_mbuf *m = filled(g_pool, frame(1));
	Fd a = fd_of(m), b = fd_of(m);
	a.set_bpid(kNoPool);
	b.set_bpid(200); // beyond BMan's 64 pools
	auto got = run({a, b});
	EXPECT_TRUE(got.empty());
	expect_dropped(2);
	// Not freed by the driver: the buffer is still the test's to free.
	rte_pktmbuf_free(m);
}

TEST_F(Hostile, AddressesThatAreNoPoolBufferAreNeverTouched)
{
	rte_mbuf *held = filled(g_pool, frame(2));
	const Bytes held_before(static_cast<uint8_t *>(static_cast<void *>(held)),
				static_cast<uint8_t *>(static_cast<void *>(held)) +
					g_pool->elt_size);
	auto *outside = static_cast<uint8_t *>(rte_zmalloc("outside", 8192, 64));
	ASSERT_NE(outside, nullptr);
	std::memset(outside, 0xa5, 8192);
	const uint8_t bp = bpid_of(g_pool);
	const uint64_t held_buf = bus_of(held->buf_addr);
	std::vector<Fd> bad = {
		Fd::contig(bus_of(outside + 4096), bp, 0, 60), // DPDK memory, no pool's
		Fd::contig(0xfe00000000, bp, 0, 60),	       // no memory at all
		Fd::contig(held_buf + 64, bp, 0, 60),	       // inside a buffer
		Fd::contig(held_buf - 8, bp, 0, 60),	       // inside an mbuf header
		Fd::contig(held_buf, bpid_of(g_other), 128,
			   60), // a buffer of another pool than its BPID's
	};
	ASSERT_NE(bus_of(outside), dpaa::bus::kBadBusAddr);
	auto got = run(bad);
	EXPECT_TRUE(got.empty());
	expect_dropped(bad.size());
	for (unsigned i = 0; i < 8192; i++)
		ASSERT_EQ(outside[i], 0xa5) << "byte " << i << " outside the pools written";
	const Bytes held_after(static_cast<uint8_t *>(static_cast<void *>(held)),
			       static_cast<uint8_t *>(static_cast<void *>(held)) +
				       g_pool->elt_size);
	EXPECT_EQ(held_after, held_before) << "an mbuf the FD pointed into was written";
	rte_free(outside);
	rte_pktmbuf_free(held);
}

TEST_F(Hostile, FrameBeyondItsBufferIsDroppedAndTheBufferFreed)
{
	const uint32_t room = rte_pktmbuf_data_room_size(g_pool);
	std::vector<Fd> bad;
	for (auto [off, len] : {std::pair<uint16_t, uint32_t>{128, room},
				{511, room - 510},
				{0, room + 1},
				{0, Fd::kMaxLength}}) {
		rte_mbuf *m = filled(g_pool, frame(3));
		Fd f = fd_of(m);
		f.set_format_offset_length(FdFormat::contig, off, len);
		bad.push_back(f);
	}
	auto got = run(bad);
	EXPECT_TRUE(got.empty());
	expect_dropped(bad.size());
	// TearDown: each buffer back in the pool, through the driver.
}

TEST_F(Hostile, ErrorStatusAndForeignFormatsAreDroppedAndFreed)
{
	std::vector<Fd> bad;
	for (uint32_t st :
	     {dpaa::hw::fman::fd_status::kErrPhysical, dpaa::hw::fman::fd_status::kErrDma,
	      dpaa::hw::fman::fd_status::kErrPrsHeader}) {
		Fd f = fd_of(filled(g_pool, frame(4)));
		f.set_status(st);
		bad.push_back(f);
	}
	for (FdFormat fmt : {FdFormat::compound, FdFormat::contig_big, FdFormat::sg_big}) {
		Fd f = fd_of(filled(g_pool, frame(5)));
		f.set_format_offset_length(fmt, 0, 60);
		bad.push_back(f);
	}
	auto got = run(bad);
	EXPECT_TRUE(got.empty());
	expect_dropped(bad.size());
}

TEST_F(Hostile, CorruptedAnnotationStillGivesTheFrame)
{
	const Bytes f = frame(6);
	std::vector<Fd> fds;
	for (uint8_t fill : {0xff, 0x55, 0xaa}) {
		rte_mbuf *m = filled(g_pool, f);
		std::memset(m->buf_addr, fill, m->data_off);
		fds.push_back(fd_of(m));
	}
	inject(fds);
	auto got = rx_wait(P, 0, 3, 1000);
	ASSERT_EQ(got.size(), 3u);
	for (rte_mbuf *m : got) {
		EXPECT_EQ(mbuf_bytes(m), f);
		EXPECT_EQ(m->nb_segs, 1);
		EXPECT_EQ(m->next, nullptr);
	}
	free_all(got);
	EXPECT_EQ(xstat("rx_bad_descriptors"), 0u);
}

TEST_F(Hostile, GoodSgFrameIsReceivedAsAChain)
{
	const Bytes f = frame(7, 1000);
	std::vector<rte_mbuf *> segs;
	SgTable t{rte_pktmbuf_alloc(g_pool), 256, {}};
	for (size_t off = 0; off < f.size(); off += 300) {
		const Bytes part(f.begin() + static_cast<long>(off),
				 f.begin() + static_cast<long>(std::min(off + 300, f.size())));
		segs.push_back(filled(segs.size() % 2 ? g_other : g_pool, part));
		t.entries.push_back(sg_entry(segs.back(), off + 300 >= f.size()));
	}
	inject({t.fd(static_cast<uint32_t>(f.size()))});
	auto got = rx_wait(P, 0, 1, 1000);
	ASSERT_EQ(got.size(), 1u);
	EXPECT_EQ(got[0]->nb_segs, segs.size());
	EXPECT_EQ(got[0]->pkt_len, f.size());
	EXPECT_EQ(mbuf_bytes(got[0]), f);
	free_all(got);
	EXPECT_EQ(xstat("rx_bad_descriptors"), 0u);
}

// Each bad table: every genuine buffer it names goes back once.
TEST_F(Hostile, BadSgTablesAreDroppedAndTheirBuffersFreedOnce)
{
	std::vector<Fd> bad;
	auto seg = [](rte_mempool *mp = g_pool) { return filled(mp, frame(8, 50)); };
	const uint32_t n = 92; // bytes per segment (frame(8, 50))
	// 17 entries, none final: longer than the FMan's table. The 17th is
	// past what the driver may read: that buffer stays the test's.
	rte_mbuf *seventeenth = seg();
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 0, {}};
		for (int i = 0; i < 16; i++)
			t.entries.push_back(sg_entry(seg(), false));
		t.entries.push_back(sg_entry(seventeenth, true));
		bad.push_back(t.fd(17 * n));
	}
	// 16 entries, none final.
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 0, {}};
		for (int i = 0; i < 16; i++)
			t.entries.push_back(sg_entry(seg(), false));
		bad.push_back(t.fd(16 * n));
	}
	// An extension entry pointing back to its own table: a loop.
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 64, {}};
		t.entries.push_back(sg_entry(seg(), false));
		t.entries.push_back(
			sg_entry(bus_of(t.tbl->buf_addr), bpid_of(g_pool), 64, 16, false, true));
		bad.push_back(t.fd(2 * n));
	}
	// The table naming itself, and one segment twice.
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 64, {}};
		rte_mbuf *s = seg();
		t.entries.push_back(sg_entry(s, false));
		t.entries.push_back(
			sg_entry(bus_of(t.tbl->buf_addr), bpid_of(g_pool), 128, n, false));
		t.entries.push_back(sg_entry(s, true));
		bad.push_back(t.fd(3 * n));
	}
	// An entry outside pool memory, one into the middle of a buffer, one
	// with an unknown BPID.
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 64, {}};
		rte_mbuf *s = seg();
		t.entries.push_back(sg_entry(seg(), false));
		t.entries.push_back(sg_entry(0xfe00000000, bpid_of(g_pool), 0, n, false));
		t.entries.push_back(
			sg_entry(bus_of(s->buf_addr) + 32, bpid_of(g_pool), 0, n, false));
		t.entries.push_back(sg_entry(bus_of(s->buf_addr), kNoPool, s->data_off, n, false));
		t.entries.push_back(sg_entry(s, true)); // freed by the driver: genuine
		bad.push_back(t.fd(5 * n));
	}
	// Lengths that do not add up; a segment past its buffer.
	{
		SgTable t{rte_pktmbuf_alloc(g_pool), 64, {}};
		t.entries.push_back(sg_entry(seg(g_other), false));
		t.entries.push_back(sg_entry(seg(), true));
		bad.push_back(t.fd(2 * n + 1));
		SgTable u{rte_pktmbuf_alloc(g_pool), 64, {}};
		rte_mbuf *s = seg();
		u.entries.push_back(
			sg_entry(bus_of(s->buf_addr), bpid_of(g_pool), 2000, 1000, true));
		bad.push_back(u.fd(1000));
	}
	// A table that runs past the end of its buffer; a table that is no
	// buffer at all.
	{
		const uint32_t room = rte_pktmbuf_data_room_size(g_pool);
		SgTable t{rte_pktmbuf_alloc(g_pool), 0, {}};
		Fd f = t.fd(n);
		f.set_format_offset_length(FdFormat::sg, 511, n);
		// Entries from 511 on, 16 bytes each, none final: the buffer ends first.
		for (uint32_t o = 511; o + 16 <= room; o += 16) {
			SgEntry e = sg_entry(0xfe00000000, kNoPool, 0, 1, false);
			std::memcpy(static_cast<char *>(t.tbl->buf_addr) + o, &e, sizeof(e));
		}
		bad.push_back(f);
		Fd g = f;
		g.set_addr(0xfe00000000);
		bad.push_back(g);
	}
	auto got = run(bad);
	EXPECT_TRUE(got.empty());
	expect_dropped(bad.size());
	rte_pktmbuf_free(seventeenth);
}

// Frames of one burst whose parse results differ, each from the one before
// in one input of the decoding only (L4CV, the L4 error, the tag count, the
// inner tag's offset, the IPv4 header error, the next header), each get the
// packet type and checksum flags of their own parse result, not those of
// the frame before them.
TEST_F(Hostile, EachFrameOfABurstGetsTheTypesOfItsOwnParseResult)
{
	namespace fm = dpaa::hw::fman;
	constexpr uint16_t kEth = fm::l2r::kEthernet, kTag = fm::l2r::kVlan;
	constexpr uint16_t kV4 = fm::l3r::kFirstIpv4, kV6 = fm::l3r::kFirstIpv6;
	constexpr uint16_t kIpBad = fm::l3r::kFirstError | fm::l3r::kFirstErrChecksum;
	constexpr uint8_t kL4Bad = fm::l4r::kError | fm::l4r::kErrChecksum;
	constexpr uint64_t kIpGood = RTE_MBUF_F_RX_IP_CKSUM_GOOD,
			   kL4Good = RTE_MBUF_F_RX_L4_CKSUM_GOOD;
	struct Case {
		uint16_t l2r;
		uint8_t inner_tag; // vlan_off[1]
		uint16_t l3r;
		uint8_t l4r;
		uint16_t nxthdr;
		bool l4cv;
		uint32_t ptype;
		uint64_t flags;
	};
	const uint32_t v4udp = RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP;
	const Case cases[] = {
		{kEth, fm::kNoOffset, kV4, fm::l4r::kUdp, 17, true, RTE_PTYPE_L2_ETHER | v4udp,
		 kIpGood | kL4Good},
		{kEth, fm::kNoOffset, kV4, fm::l4r::kUdp, 17, false, RTE_PTYPE_L2_ETHER | v4udp,
		 kIpGood},
		{kEth, fm::kNoOffset, kV4, fm::l4r::kUdp | kL4Bad, 17, true,
		 RTE_PTYPE_L2_ETHER | v4udp, kIpGood | RTE_MBUF_F_RX_L4_CKSUM_BAD},
		{kEth | kTag, fm::kNoOffset, kV4, fm::l4r::kUdp, 17, true,
		 RTE_PTYPE_L2_ETHER_VLAN | v4udp, kIpGood | kL4Good},
		{kEth | kTag, 18, kV4, fm::l4r::kUdp, 17, true, RTE_PTYPE_L2_ETHER_QINQ | v4udp,
		 kIpGood | kL4Good},
		{kEth, fm::kNoOffset, kV4 | kIpBad, fm::l4r::kUdp, 17, true,
		 RTE_PTYPE_L2_ETHER | v4udp, RTE_MBUF_F_RX_IP_CKSUM_BAD | kL4Good},
		{kEth, fm::kNoOffset, kV6, fm::l4r::kTcp, 6, true,
		 RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV6 | RTE_PTYPE_L4_TCP, kL4Good},
		{kEth, fm::kNoOffset, kV4, fm::l4r::kNone, 1, false,
		 RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_ICMP, kIpGood},
		{kEth, fm::kNoOffset, kV4, fm::l4r::kNone, 2, false,
		 RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_NONFRAG, kIpGood},
		{kEth, fm::kNoOffset, kV4, fm::l4r::kUdp, 17, true, RTE_PTYPE_L2_ETHER | v4udp,
		 kIpGood | kL4Good},
	};
	constexpr size_t kN = std::size(cases);
	std::vector<Fd> fds;
	std::vector<Bytes> frames;
	for (size_t i = 0; i < kN; i++) {
		const Case &c = cases[i];
		frames.push_back(frame(static_cast<unsigned>(i)));
		rte_mbuf *m = filled(g_pool, frames.back());
		ASSERT_NE(m, nullptr);
		auto &pr = *reinterpret_cast<fm::ParseResult *>(static_cast<char *>(m->buf_addr) +
								dpaa::net::kPrsOffset);
		std::memset(&pr, fm::kNoOffset, sizeof(pr));
		pr.l2r.store(c.l2r);
		pr.vlan_off[1] = c.inner_tag;
		pr.l3r.store(c.l3r);
		pr.l4r = c.l4r;
		pr.nxthdr.store(c.nxthdr);
		Fd fd = fd_of(m);
		fd.set_status(c.l4cv ? fm::fd_status::kL4ChecksumValidated : 0);
		fds.push_back(fd);
	}
	inject(fds);
	// All of them in the portal's ring (it holds 15) before the first poll,
	// so that they come in as few bursts as the model allows.
	rte_delay_ms(20);
	auto got = rx_wait(P, 0, kN, 1000);
	ASSERT_EQ(got.size(), kN);
	for (size_t i = 0; i < kN; i++) {
		SCOPED_TRACE(testing::Message() << "frame " << i);
		EXPECT_EQ(mbuf_bytes(got[i]), frames[i]);
		EXPECT_EQ(got[i]->packet_type, cases[i].ptype);
		EXPECT_EQ(got[i]->ol_flags &
				  (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK),
			  cases[i].flags);
	}
	free_all(got);
	EXPECT_EQ(xstat("rx_bad_descriptors"), 0u);
}

// A flood of bad descriptors logs one line per second at most, naming the
// port, the queue and the reason.
TEST_F(Hostile, DropsAreLoggedOncePerSecondAtMost)
{
	char *buf = nullptr;
	size_t len = 0;
	FILE *log = open_memstream(&buf, &len);
	ASSERT_NE(log, nullptr);
	ASSERT_EQ(rte_openlog_stream(log), 0);
	const uint64_t t0 = rte_get_timer_cycles();
	constexpr unsigned kBad = 300;
	std::vector<Fd> bad;
	for (unsigned i = 0; i < kBad; i++)
		bad.push_back(Fd::contig(0xfe00000000 + i * 2048, kNoPool, 0, 60));
	auto got = run(bad);
	const double secs = static_cast<double>(rte_get_timer_cycles() - t0) /
			    static_cast<double>(rte_get_timer_hz());
	rte_openlog_stream(nullptr);
	fclose(log);
	const std::string text(buf, len);
	free(buf);
	EXPECT_TRUE(got.empty());
	expect_dropped(kBad);
	unsigned lines = 0;
	for (size_t pos = 0; (pos = text.find("bad frame descriptor", pos)) != std::string::npos;
	     pos++)
		lines++;
	EXPECT_GE(lines, 1u) << text;
	EXPECT_LE(lines, 1 + static_cast<unsigned>(secs)) << text;
	EXPECT_NE(text.find("fm1-mac9: Rx queue 0 dropped a bad frame descriptor: its BPID names "
			    "no dpaa pool"),
		  std::string::npos)
		<< text;
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return model_program("board=ls1046a-rdb;fm1-mac9=loopback;mode=threaded",
			     {"-l", "0-1", "-a", "dpaa_bus:fm1-mac9"}, [] {
				     P = port_by_name("fm1-mac9");
				     g_pool = dpaa_pool("pool", 1024);
				     g_other = dpaa_pool("other", 256);
				     return ports_and_pools({P}, {g_pool, g_other});
			     });
}
