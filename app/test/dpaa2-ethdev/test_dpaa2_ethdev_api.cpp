/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Our net_dpaa2 through the public ethdev API on the modelled LX2160A-RDB,
// reached through the emulated VFIO fsl-mc kernel interface (meson.build
// preloads it, with loopback wires on dpmac.3 and dpmac.4: what a port
// sends comes back to it). What an application checks: capabilities and
// the VLAN strip refused, frames sent from mbufs WRIOP may not release
// (a second reference, a clone, a pool of other ops, an external buffer)
// arriving intact, held until WRIOP confirms them, with every pool count
// exact (the mempool's and the DPBP's, as the MC counts
// it), and the life cycle's return codes. run_checked.py fails the run
// when the model counted driver misuse.

#include <array>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include <rte_malloc.h>

#include "dpaa2_ethdev_support.hpp"

using namespace dpaa_test;

namespace
{

constexpr uint16_t kPort = 0;
constexpr unsigned kPoolSize = 1024;
constexpr uint16_t kFrameLen = 96;

rte_mempool *pool;

// The frames dpni.1 received, as the MC counts them (statistics page 0).
uint64_t dpni_in_frames()
{
	return dpni_counter(1, 0, 0);
}

// An IPv4/UDP frame whose payload bytes are `seed`, `seed + 1`, ...
void fill_frame(uint8_t *p, uint8_t seed)
{
	static const uint8_t head[] = {
		0x02, 0x00, 0x00, 0x00, 0x77, 0x01, 0x02, 0x00, 0x00, 0x00, 0x11, 0x11, 0x08, 0x00,
		0x45, 0x00, 0x00, 0x52, 0x00, 0x00, 0x00, 0x00, 0x40, 0x11, 0x00, 0x00, 0xc0, 0xa8,
		0x00, 0x01, 0xc0, 0xa8, 0x00, 0x02, 0x04, 0x00, 0x04, 0x01, 0x00, 0x3e, 0x00, 0x00,
	};
	memcpy(p, head, sizeof(head));
	for (unsigned i = sizeof(head); i < kFrameLen; i++)
		p[i] = static_cast<uint8_t>(seed + i);
}

rte_mbuf *frame_mbuf(rte_mempool *mp, uint8_t seed)
{
	rte_mbuf *m = rte_pktmbuf_alloc(mp);
	if (m == nullptr)
		return nullptr;
	fill_frame(rte_pktmbuf_mtod(m, uint8_t *), seed);
	m->data_len = m->pkt_len = kFrameLen;
	return m;
}

// frame_mbuf's frame as a chain of two mbufs of `mp`, its second half in
// the tail segment; nullptr when the pool is empty.
rte_mbuf *chain_mbuf(rte_mempool *mp, uint8_t seed)
{
	rte_mbuf *head = frame_mbuf(mp, seed);
	rte_mbuf *tail = rte_pktmbuf_alloc(mp);
	if (head == nullptr || tail == nullptr) {
		rte_pktmbuf_free(head);
		rte_pktmbuf_free(tail);
		return nullptr;
	}
	constexpr uint16_t kHead = kFrameLen / 2;
	memcpy(rte_pktmbuf_mtod(tail, uint8_t *), rte_pktmbuf_mtod(head, uint8_t *) + kHead,
	       kFrameLen - kHead);
	tail->data_len = kFrameLen - kHead;
	head->data_len = kHead;
	if (rte_pktmbuf_chain(head, tail) != 0) {
		rte_pktmbuf_free(head);
		rte_pktmbuf_free(tail);
		return nullptr;
	}
	return head;
}

// The frame of `m` moved to 16 bytes into its buffer: too little head
// room for a Tx annotation.
void short_head_room(rte_mbuf *m)
{
	memmove(static_cast<uint8_t *>(m->buf_addr) + 16, rte_pktmbuf_mtod(m, uint8_t *),
		m->data_len);
	m->data_off = 16;
}

// Receives `n` frames on the port (the loopback wire returns them), or
// fewer when they do not come within the bound.
std::vector<rte_mbuf *> receive(unsigned n)
{
	std::vector<rte_mbuf *> got;
	rte_mbuf *b[32];
	for (unsigned polls = 0; got.size() < n && polls < 2000000u; polls++) {
		const uint16_t k = rte_eth_rx_burst(kPort, 0, b, 32);
		got.insert(got.end(), b, b + k);
	}
	return got;
}

// Takes Tx confirmations back (rte_eth_tx_done_cleanup) until `done()`
// holds, or false when it does not within the bound.
template <typename Done> bool confirmed(Done &&done)
{
	for (unsigned polls = 0; polls < 2000000u; polls++) {
		if (done())
			return true;
		EXPECT_GE(rte_eth_tx_done_cleanup(kPort, 0, 0), 0);
	}
	return done();
}

int port_setup(uint64_t rx_offloads = 0, uint64_t tx_offloads = 0)
{
	rte_eth_conf conf{};
	conf.rxmode.offloads = rx_offloads;
	conf.txmode.offloads = tx_offloads;
	int ret = rte_eth_dev_configure(kPort, 1, 1, &conf);
	if (ret < 0)
		return ret;
	if ((ret = rte_eth_rx_queue_setup(kPort, 0, 256, 0, nullptr, pool)) < 0)
		return ret;
	if ((ret = rte_eth_tx_queue_setup(kPort, 0, 256, 0, nullptr)) < 0)
		return ret;
	// The frames are addressed to another host.
	if ((ret = rte_eth_promiscuous_enable(kPort)) < 0)
		return ret;
	return rte_eth_dev_start(kPort);
}

class Dpaa2Ethdev : public ::testing::Test
{
protected:
	void SetUp() override { ASSERT_EQ(port_setup(), 0); }
	void TearDown() override { rte_eth_dev_stop(kPort); }

	// Sends `frames` (their originals' bytes are `seeds`), receives them
	// back and checks every byte. `sent` runs right after the burst.
	template <typename AfterSend = void (*)()>
	void send_and_check(
		std::vector<rte_mbuf *> frames, const std::vector<uint8_t> &seeds,
		AfterSend &&sent_hook = [] {})
	{
		const uint16_t sent = rte_eth_tx_burst(kPort, 0, frames.data(),
						       static_cast<uint16_t>(frames.size()));
		ASSERT_EQ(sent, frames.size());
		sent_hook();
		std::vector<rte_mbuf *> got = receive(sent);
		ASSERT_EQ(got.size(), sent);
		for (unsigned i = 0; i < got.size(); i++) {
			uint8_t want[kFrameLen];
			fill_frame(want, seeds[i]);
			EXPECT_EQ(got[i]->pkt_len, kFrameLen) << i;
			EXPECT_EQ(memcmp(rte_pktmbuf_mtod(got[i], uint8_t *), want, kFrameLen), 0)
				<< i;
			EXPECT_EQ(got[i]->ol_flags &
					  (RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED),
				  0u);
			EXPECT_EQ(got[i]->packet_type,
				  RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP);
			rte_pktmbuf_free(got[i]);
		}
	}
};

TEST_F(Dpaa2Ethdev, CapabilitiesSayWhatTheDriverDoes)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(kPort, &info), 0);
	EXPECT_STREQ(info.driver_name, "net_dpaa2");
	EXPECT_EQ(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_STRIP, 0u);
	EXPECT_EQ(info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_VLAN_INSERT, 0u);
	EXPECT_NE(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_SCATTER, 0u);
	EXPECT_NE(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_RSS_HASH,
		  0u); // LX2160A: hash in the FD
	// dpmac.3: an AQR107 10GBASE-T PHY.
	EXPECT_NE(info.speed_capa & RTE_ETH_LINK_SPEED_10G, 0u);
	EXPECT_EQ(info.speed_capa & RTE_ETH_LINK_SPEED_25G, 0u);
	rte_eth_link link{};
	ASSERT_EQ(rte_eth_link_get(kPort, &link), 0);
	EXPECT_EQ(link.link_status, RTE_ETH_LINK_UP);
	EXPECT_EQ(link.link_speed, RTE_ETH_SPEED_NUM_10G);
}

// This container has no DPRTC (the model's default, dynamic_dpl.sh's): the
// 1588 clock calls fail as unsupported, and the clock is left alone.
TEST_F(Dpaa2Ethdev, WithoutADprtcTheClockIsNotSupported)
{
	timespec ts{};
	EXPECT_EQ(rte_eth_timesync_read_time(kPort, &ts), -ENOTSUP);
	EXPECT_EQ(rte_eth_timesync_write_time(kPort, &ts), -ENOTSUP);
	EXPECT_EQ(rte_eth_timesync_adjust_time(kPort, 1000), -ENOTSUP);
}

TEST_F(Dpaa2Ethdev, VlanStripIsRefused)
{
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	rte_eth_conf conf{};
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	EXPECT_EQ(rte_eth_dev_configure(kPort, 1, 1, &conf), -EINVAL);
	ASSERT_EQ(port_setup(), 0);
	EXPECT_EQ(rte_eth_dev_set_vlan_offload(kPort, RTE_ETH_VLAN_STRIP_OFFLOAD), -EINVAL);
	EXPECT_EQ(rte_eth_dev_get_vlan_offload(kPort) & RTE_ETH_VLAN_STRIP_OFFLOAD, 0);
}

TEST_F(Dpaa2Ethdev, SharedClonedAndForeignMbufsAreConfirmedNotCopied)
{
	// A second reference, a clone (indirect) and an mbuf of a pool of
	// other ops: WRIOP may release none of them. They go out as they are,
	// come back on the Tx confirmation FQ, and only then does the driver
	// drop its reference.
	rte_mempool *foreign = rte_pktmbuf_pool_create_by_ops(
		"foreign", 64, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, 0, "ring_mp_mc");
	ASSERT_NE(foreign, nullptr);
	std::vector<rte_mbuf *> shared, frames;
	std::vector<uint8_t> seeds;
	for (uint8_t i = 0; i < 8; i++) {
		rte_mbuf *m = frame_mbuf(pool, i);
		ASSERT_NE(m, nullptr);
		rte_mbuf_refcnt_update(m, 1);
		shared.push_back(m);
		frames.push_back(m);
		seeds.push_back(i);
	}
	rte_mbuf *parent = frame_mbuf(pool, 100);
	ASSERT_NE(parent, nullptr);
	rte_mbuf *clone = rte_pktmbuf_clone(parent, pool);
	ASSERT_NE(clone, nullptr);
	frames.push_back(clone);
	seeds.push_back(100);
	rte_mbuf *f = frame_mbuf(foreign, 200);
	ASSERT_NE(f, nullptr);
	frames.push_back(f);
	seeds.push_back(200);

	send_and_check(frames, seeds, [&] {
		// No copy: the sent mbufs are still held (a copy would have
		// dropped them at once).
		for (unsigned i = 0; i < shared.size(); i++)
			EXPECT_EQ(rte_mbuf_refcnt_read(shared[i]), 2) << i;
		EXPECT_EQ(rte_mbuf_refcnt_read(parent), 2);
		EXPECT_EQ(rte_mempool_avail_count(foreign), 63u);
	});
	ASSERT_TRUE(confirmed([&] { return rte_mempool_avail_count(foreign) == 64u; }));
	ASSERT_TRUE(confirmed([&] { return rte_mbuf_refcnt_read(parent) == 1; }));
	// The application's references are intact: the data and one count.
	for (unsigned i = 0; i < shared.size(); i++) {
		uint8_t want[kFrameLen];
		fill_frame(want, static_cast<uint8_t>(i));
		EXPECT_TRUE(confirmed([&] { return rte_mbuf_refcnt_read(shared[i]) == 1; })) << i;
		EXPECT_EQ(memcmp(rte_pktmbuf_mtod(shared[i], uint8_t *), want, kFrameLen), 0) << i;
		rte_pktmbuf_free(shared[i]);
	}
	rte_pktmbuf_free(parent);
	rte_mempool_free(foreign);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

// An external buffer (rte_pktmbuf_attach_extbuf): its owner's free
// callback runs once WRIOP has confirmed the frame, never before.
TEST_F(Dpaa2Ethdev, ExternalBufferIsFreedOnceConfirmed)
{
	constexpr uint16_t kExtLen = 2048;
	auto *ext = static_cast<uint8_t *>(rte_malloc("ext", kExtLen, 64));
	ASSERT_NE(ext, nullptr);
	static unsigned freed_calls;
	freed_calls = 0;
	rte_mbuf_ext_shared_info shinfo{};
	shinfo.free_cb = [](void *, void *) { freed_calls++; };
	rte_mbuf_ext_refcnt_set(&shinfo, 1);
	rte_mbuf *m = rte_pktmbuf_alloc(pool);
	ASSERT_NE(m, nullptr);
	rte_pktmbuf_attach_extbuf(m, ext, rte_malloc_virt2iova(ext), kExtLen, &shinfo);
	// The frame right at the buffer's start: no head room for any
	// annotation, as an external buffer may well have.
	m->data_off = 0;
	fill_frame(ext, 42);
	m->data_len = m->pkt_len = kFrameLen;

	send_and_check({m}, {42}, [] { EXPECT_EQ(freed_calls, 0u) << "freed before confirmed"; });
	ASSERT_TRUE(confirmed([] { return freed_calls == 1; }));
	EXPECT_EQ(freed_calls, 1u);
	uint8_t want[kFrameLen];
	fill_frame(want, 42);
	EXPECT_EQ(memcmp(ext, want, kFrameLen), 0) << "the hardware wrote into the buffer";
	rte_free(ext);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

// Chains: of mbufs WRIOP may release, an SG frame it releases whatever the
// head room; with one shared segment, an SG frame confirmed, the whole
// chain held until then.
TEST_F(Dpaa2Ethdev, ChainsAreReleasedOrConfirmedWhole)
{
	rte_mbuf *released = chain_mbuf(pool, 1);
	ASSERT_NE(released, nullptr);
	// The Tx annotation goes in the table's buffer, not the head's.
	short_head_room(released);
	rte_mbuf *confirmed_chain = chain_mbuf(pool, 2);
	ASSERT_NE(confirmed_chain, nullptr);
	rte_mbuf *shared_tail = confirmed_chain->next;
	rte_mbuf_refcnt_update(shared_tail, 1);
	send_and_check({released, confirmed_chain}, {1, 2},
		       [&] { EXPECT_EQ(rte_mbuf_refcnt_read(shared_tail), 2); });
	ASSERT_TRUE(confirmed([&] { return rte_mbuf_refcnt_read(shared_tail) == 1; }));
	rte_pktmbuf_free(shared_tail);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

// A port stopped with confirmations in flight waits for them: the
// application gets its references back without asking.
TEST_F(Dpaa2Ethdev, StopTakesTheConfirmationsBack)
{
	std::vector<rte_mbuf *> shared;
	for (uint8_t i = 0; i < 16; i++) {
		rte_mbuf *m = frame_mbuf(pool, i);
		ASSERT_NE(m, nullptr);
		rte_mbuf_refcnt_update(m, 1);
		shared.push_back(m);
	}
	ASSERT_EQ(rte_eth_tx_burst(kPort, 0, shared.data(), 16), 16);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	for (unsigned i = 0; i < shared.size(); i++) {
		EXPECT_EQ(rte_mbuf_refcnt_read(shared[i]), 1) << i;
		rte_pktmbuf_free(shared[i]);
	}
	// The looped-back frames wait in the Rx FQ: freed with the queue,
	// which a reconfiguration releases.
	ASSERT_EQ(port_setup(), 0);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

TEST_F(Dpaa2Ethdev, ReleasableMbufsGoBackToThePoolByWriop)
{
	// Counters survive reconfiguration: the earlier tests' drops are
	// counted until a reset.
	ASSERT_EQ(rte_eth_stats_reset(kPort), 0);
	std::vector<rte_mbuf *> frames;
	std::vector<uint8_t> seeds;
	for (uint8_t i = 0; i < 32; i++) {
		frames.push_back(frame_mbuf(pool, i));
		ASSERT_NE(frames.back(), nullptr);
		seeds.push_back(i);
	}
	send_and_check(frames, seeds);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(kPort, &st), 0);
	EXPECT_GE(st.opackets, 32u);
	EXPECT_GE(st.ipackets, 32u);
	EXPECT_EQ(st.ierrors, 0u);
	EXPECT_EQ(st.oerrors, 0u);
	EXPECT_EQ(rte_eth_stats_reset(kPort), 0);
	ASSERT_EQ(rte_eth_stats_get(kPort, &st), 0);
	EXPECT_EQ(st.opackets, 0u);
	EXPECT_EQ(st.ipackets, 0u);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

// Mbufs of two dpaa2 pools mixed in one burst: WRIOP releases each
// buffer to the DPBP of the mbuf's own pool (the Tx burst finds the pool
// from where the mbuf lies), so both pools count every buffer back.
TEST_F(Dpaa2Ethdev, MbufsOfTwoPoolsGoBackToTheirOwn)
{
	constexpr unsigned kSecondSize = 64;
	rte_mempool *second = rte_pktmbuf_pool_create_by_ops("dpaa2_second", kSecondSize, 0, 0,
							     RTE_MBUF_DEFAULT_BUF_SIZE, 0, "dpaa2");
	ASSERT_NE(second, nullptr);
	std::vector<rte_mbuf *> frames;
	std::vector<uint8_t> seeds;
	// Runs of one, two and three mbufs of each pool, twice.
	constexpr char kRuns[] = "psppsspppsss"; // p: pool, s: second
	for (uint8_t i = 0; i < 24; i++) {
		frames.push_back(frame_mbuf(kRuns[i % 12] == 's' ? second : pool, i));
		ASSERT_NE(frames.back(), nullptr);
		seeds.push_back(i);
	}
	EXPECT_EQ(rte_mempool_avail_count(second), kSecondSize - 12);
	send_and_check(frames, seeds);
	EXPECT_EQ(rte_mempool_avail_count(second), kSecondSize);
	EXPECT_EQ(dpbp_free(second), kSecondSize);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
	rte_mempool_free(second);
}

// The value of extended statistic `name`, by its id; -1 if there is none.
int64_t xstat(const char *name)
{
	uint64_t id = 0, value = 0;
	if (rte_eth_xstats_get_id_by_name(kPort, name, &id) != 0)
		return -1;
	if (rte_eth_xstats_get_by_id(kPort, &id, &value, 1) != 1)
		return -1;
	return static_cast<int64_t>(value);
}

std::string tx_burst_mode()
{
	rte_eth_burst_mode mode{};
	EXPECT_EQ(rte_eth_tx_burst_mode_get(kPort, 0, &mode), 0);
	return mode.info;
}

// MBUF_FAST_FREE (testpmd's default): the DPNI confirms nothing and WRIOP
// releases every frame, a chain's segments and table too; a frame of a
// pool of other ops is copied into a buffer of the port's pool and its
// original freed by the burst. Then the same queue, configured again
// without the offload and not set up again, confirms what WRIOP may not
// release.
TEST_F(Dpaa2Ethdev, FastFreeReleasesEveryFrameAndConfirmsNone)
{
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	ASSERT_EQ(port_setup(0, RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE | RTE_ETH_TX_OFFLOAD_MULTI_SEGS),
		  0);
	EXPECT_NE(tx_burst_mode().find("no confirmation (fast free)"), std::string::npos)
		<< tx_burst_mode();
	ASSERT_EQ(rte_eth_xstats_reset(kPort), 0);
	rte_mempool *foreign = rte_pktmbuf_pool_create_by_ops(
		"foreign_ff", 64, 0, 0, RTE_MBUF_DEFAULT_BUF_SIZE, 0, "ring_mp_mc");
	ASSERT_NE(foreign, nullptr);
	std::vector<rte_mbuf *> frames;
	std::vector<uint8_t> seeds;
	for (uint8_t i = 0; i < 16; i++) {
		frames.push_back(frame_mbuf(pool, i));
		ASSERT_NE(frames.back(), nullptr);
		seeds.push_back(i);
	}
	frames.push_back(chain_mbuf(pool, 40));
	ASSERT_NE(frames.back(), nullptr);
	seeds.push_back(40);
	// No room for a Tx annotation, none needed.
	rte_mbuf *short_room = frame_mbuf(pool, 50);
	ASSERT_NE(short_room, nullptr);
	short_head_room(short_room);
	frames.push_back(short_room);
	seeds.push_back(50);
	for (uint8_t i = 60; i < 62; i++) {
		frames.push_back(frame_mbuf(foreign, i));
		ASSERT_NE(frames.back(), nullptr);
		seeds.push_back(i);
	}
	send_and_check(frames, seeds, [&] {
		// The copies' originals went back at once.
		EXPECT_EQ(rte_mempool_avail_count(foreign), 64u);
	});
	EXPECT_EQ(xstat("egress_all_frames"), 20);
	EXPECT_EQ(xstat("egress_confirmed_frames"), 0);
	EXPECT_EQ(xstat("tx_confirmed_mbufs"), 0);
	EXPECT_EQ(rte_eth_tx_done_cleanup(kPort, 0, 0), 0);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
	rte_mempool_free(foreign);

	// Configured again without the offload, the queue kept: confirmed.
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	rte_eth_conf conf{};
	ASSERT_EQ(rte_eth_dev_configure(kPort, 1, 1, &conf), 0);
	ASSERT_EQ(rte_eth_dev_start(kPort), 0);
	EXPECT_NE(tx_burst_mode().find("or confirmed"), std::string::npos) << tx_burst_mode();
	rte_mbuf *shared = frame_mbuf(pool, 70);
	ASSERT_NE(shared, nullptr);
	rte_mbuf_refcnt_update(shared, 1);
	send_and_check({shared}, {70}, [&] { EXPECT_EQ(rte_mbuf_refcnt_read(shared), 2); });
	ASSERT_TRUE(confirmed([&] { return rte_mbuf_refcnt_read(shared) == 1; }));
	EXPECT_EQ(xstat("egress_confirmed_frames"), 1);
	rte_pktmbuf_free(shared);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

TEST_F(Dpaa2Ethdev, ExtendedStatisticsCountConfirmations)
{
	ASSERT_EQ(rte_eth_xstats_reset(kPort), 0);
	// Upstream's names, from the DPNI's pages.
	for (const char *name :
	     {"ingress_multicast_frames", "ingress_broadcast_bytes", "egress_multicast_frames",
	      "ingress_filtered_frames", "ingress_discarded_frames", "ingress_nobuffer_discards",
	      "egress_discarded_frames", "egress_confirmed_frames", "cgr_reject_frames",
	      "cgr_reject_bytes"})
		EXPECT_EQ(xstat(name), 0) << name;
	std::vector<rte_mbuf *> shared, frames;
	std::vector<uint8_t> seeds;
	for (uint8_t i = 0; i < 8; i++) {
		rte_mbuf *m = frame_mbuf(pool, i);
		ASSERT_NE(m, nullptr);
		rte_mbuf_refcnt_update(m, 1);
		shared.push_back(m);
		frames.push_back(m);
		seeds.push_back(i);
	}
	for (uint8_t i = 8; i < 12; i++) {
		frames.push_back(frame_mbuf(pool, i));
		seeds.push_back(i);
	}
	send_and_check(frames, seeds);
	ASSERT_TRUE(confirmed([&] { return xstat("tx_confirmed_mbufs") == 8; }));
	// The 8 shared frames were confirmed, the 4 others released.
	EXPECT_EQ(xstat("egress_confirmed_frames"), 8);
	EXPECT_EQ(xstat("egress_all_frames"), 12);
	EXPECT_EQ(xstat("ingress_all_frames"), 12);
	EXPECT_EQ(xstat("egress_all_bytes"), 12 * kFrameLen);
	EXPECT_EQ(xstat("tx_stray_confirmations"), 0);
	EXPECT_EQ(xstat("rx_malformed_fds"), 0);
	// Per queue, in the basic statistics and as extended ones.
	EXPECT_EQ(xstat("tx_q0_packets"), 12);
	EXPECT_EQ(xstat("rx_q0_packets"), 12);
	// By id, names and values together.
	const int n = rte_eth_xstats_get_names_by_id(kPort, nullptr, 0, nullptr);
	ASSERT_GT(n, 0);
	std::vector<rte_eth_xstat_name> names(static_cast<size_t>(n));
	std::vector<uint64_t> values(static_cast<size_t>(n));
	ASSERT_EQ(rte_eth_xstats_get_names_by_id(kPort, names.data(), n, nullptr), n);
	ASSERT_EQ(rte_eth_xstats_get_by_id(kPort, nullptr, values.data(), n), n);
	bool seen = false;
	for (int i = 0; i < n; i++)
		if (strcmp(names[i].name, "egress_confirmed_frames") == 0) {
			EXPECT_EQ(values[i], 8u);
			seen = true;
		}
	EXPECT_TRUE(seen);
	uint64_t bad_id = static_cast<uint64_t>(n), value = 0;
	EXPECT_LT(rte_eth_xstats_get_by_id(kPort, &bad_id, &value, 1), 0);
	for (rte_mbuf *m : shared)
		rte_pktmbuf_free(m);
	ASSERT_EQ(rte_eth_xstats_reset(kPort), 0);
	EXPECT_EQ(xstat("egress_confirmed_frames"), 0);
	EXPECT_EQ(xstat("tx_confirmed_mbufs"), 0);
	EXPECT_EQ(xstat("tx_q0_packets"), 0);
}

// What OVS does on an MTU or queue-count change: stop, configure again,
// set the queues up again, start. The counters keep what they counted,
// per queue too, until a reset.
TEST_F(Dpaa2Ethdev, CountersSurviveReconfiguration)
{
	ASSERT_EQ(rte_eth_stats_reset(kPort), 0);
	std::vector<rte_mbuf *> frames;
	std::vector<uint8_t> seeds;
	for (uint8_t i = 0; i < 20; i++) {
		frames.push_back(frame_mbuf(pool, i));
		seeds.push_back(i);
	}
	send_and_check(frames, seeds);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	rte_eth_conf conf{};
	ASSERT_EQ(rte_eth_dev_configure(kPort, 2, 2, &conf), 0);
	for (uint16_t q = 0; q < 2; q++) {
		ASSERT_EQ(rte_eth_rx_queue_setup(kPort, q, 256, 0, nullptr, pool), 0);
		ASSERT_EQ(rte_eth_tx_queue_setup(kPort, q, 256, 0, nullptr), 0);
	}
	ASSERT_EQ(rte_eth_dev_start(kPort), 0);
	// Three more, from Tx queue 1 (no RSS: they arrive on Rx queue 0).
	std::vector<rte_mbuf *> more;
	for (uint8_t i = 0; i < 3; i++)
		more.push_back(frame_mbuf(pool, i));
	ASSERT_EQ(rte_eth_tx_burst(kPort, 1, more.data(), 3), 3);
	std::vector<rte_mbuf *> got = receive(3);
	ASSERT_EQ(got.size(), 3u);
	for (rte_mbuf *m : got)
		rte_pktmbuf_free(m);
	rte_eth_stats st{};
	ASSERT_EQ(rte_eth_stats_get(kPort, &st), 0);
	EXPECT_EQ(st.opackets, 23u);
	EXPECT_EQ(st.ipackets, 23u);
	EXPECT_EQ(st.obytes, 23u * kFrameLen);
	EXPECT_EQ(st.q_opackets[0], 20u);
	EXPECT_EQ(st.q_opackets[1], 3u);
	EXPECT_EQ(st.q_obytes[1], 3u * kFrameLen);
	EXPECT_EQ(st.q_ipackets[0], 23u);
	EXPECT_EQ(st.q_ipackets[1], 0u);
	// Back to one queue each for the next tests.
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	ASSERT_EQ(port_setup(), 0);
	ASSERT_EQ(rte_eth_stats_get(kPort, &st), 0);
	EXPECT_EQ(st.opackets, 23u);
	EXPECT_EQ(rte_eth_stats_reset(kPort), 0);
	ASSERT_EQ(rte_eth_stats_get(kPort, &st), 0);
	EXPECT_EQ(st.opackets, 0u);
	EXPECT_EQ(st.q_opackets[1], 0u);
}

// The MC's firmware as upstream prints it: SVR, then major.minor.revision
// (the modelled LX2160A rev 2.0 runs MC 10.39.0).
TEST_F(Dpaa2Ethdev, FirmwareVersionIsTheMcs)
{
	char v[64];
	ASSERT_EQ(rte_eth_dev_fw_version_get(kPort, v, sizeof(v)), 0);
	EXPECT_STREQ(v, "87360020-10.39.0");
	// Too small: the size it needs, with the NUL.
	char small[4];
	EXPECT_EQ(rte_eth_dev_fw_version_get(kPort, small, sizeof(small)),
		  static_cast<int>(strlen("87360020-10.39.0") + 1));
}

TEST_F(Dpaa2Ethdev, RxQueueCountSaysWhatWaits)
{
	EXPECT_EQ(rte_eth_rx_queue_count(kPort, 0), 0);
	std::vector<rte_mbuf *> frames;
	for (uint8_t i = 0; i < 10; i++)
		frames.push_back(frame_mbuf(pool, i));
	ASSERT_EQ(rte_eth_tx_burst(kPort, 0, frames.data(), 10), 10);
	// Waits for the loopback to bring them all (bounded).
	auto count_is = [](int want) {
		for (unsigned i = 0; i < 1000000u; i++)
			if (rte_eth_rx_queue_count(kPort, 0) == want)
				return true;
		return rte_eth_rx_queue_count(kPort, 0) == want;
	};
	EXPECT_TRUE(count_is(10)) << rte_eth_rx_queue_count(kPort, 0);
	// Four taken: six wait, wherever the driver holds them.
	rte_mbuf *b[4];
	unsigned got = 0;
	for (unsigned polls = 0; got < 4 && polls < 1000000u; polls++)
		got += rte_eth_rx_burst(kPort, 0, b + got, static_cast<uint16_t>(4 - got));
	ASSERT_EQ(got, 4u);
	for (rte_mbuf *m : b)
		rte_pktmbuf_free(m);
	EXPECT_TRUE(count_is(6)) << rte_eth_rx_queue_count(kPort, 0);
	std::vector<rte_mbuf *> rest = receive(6);
	EXPECT_EQ(rest.size(), 6u);
	for (rte_mbuf *m : rest)
		rte_pktmbuf_free(m);
	EXPECT_TRUE(count_is(0)) << rte_eth_rx_queue_count(kPort, 0);
}

// scattered_rx says what the port was configured with, as ethdev's own
// field does.
TEST_F(Dpaa2Ethdev, RxqInfoSaysWhetherRxIsScattered)
{
	rte_eth_rxq_info info{};
	ASSERT_EQ(rte_eth_rx_queue_info_get(kPort, 0, &info), 0);
	EXPECT_EQ(info.scattered_rx, 0);
	EXPECT_EQ(info.mp, pool);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	ASSERT_EQ(port_setup(RTE_ETH_RX_OFFLOAD_SCATTER), 0);
	ASSERT_EQ(rte_eth_rx_queue_info_get(kPort, 0, &info), 0);
	EXPECT_EQ(info.scattered_rx, 1);
	// Without it, an MTU the pool's buffers cannot hold is refused.
	EXPECT_EQ(rte_eth_dev_set_mtu(kPort, 9000), 0);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	rte_eth_conf conf{};
	conf.rxmode.mtu = 9000;
	ASSERT_EQ(rte_eth_dev_configure(kPort, 1, 1, &conf), 0);
	ASSERT_EQ(rte_eth_rx_queue_setup(kPort, 0, 256, 0, nullptr, pool), 0);
	ASSERT_EQ(rte_eth_tx_queue_setup(kPort, 0, 256, 0, nullptr), 0);
	EXPECT_EQ(rte_eth_dev_start(kPort), -EINVAL);
	ASSERT_EQ(rte_eth_dev_set_mtu(kPort, RTE_ETHER_MTU), 0);
	ASSERT_EQ(port_setup(), 0);
}

TEST_F(Dpaa2Ethdev, StopStartAndFramesLeftQueuedAreFreedAtClose)
{
	// Frames the port receives and nobody reads hold buffers until the
	// queue is released.
	std::vector<rte_mbuf *> frames;
	for (uint8_t i = 0; i < 16; i++)
		frames.push_back(frame_mbuf(pool, i));
	const uint64_t before = dpni_in_frames();
	ASSERT_EQ(rte_eth_tx_burst(kPort, 0, frames.data(), 16), 16);
	// Back through the loopback wire into the Rx queue: the DPNI counted
	// them (bounded wait, the model's thread delivers them).
	for (unsigned i = 0; i < 1000000u && dpni_in_frames() < before + 16; i++)
		;
	ASSERT_EQ(dpni_in_frames(), before + 16);
	// WRIOP released the sent buffers and took 16 for the queued frames.
	for (unsigned i = 0; i < 100000u && rte_mempool_avail_count(pool) != kPoolSize - 16; i++)
		;
	ASSERT_EQ(rte_mempool_avail_count(pool), kPoolSize - 16);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	ASSERT_EQ(rte_eth_dev_start(kPort), 0);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	ASSERT_EQ(rte_eth_dev_start(kPort), 0);
	ASSERT_EQ(rte_eth_dev_stop(kPort), 0);
	// A reconfiguration releases the queues.
	ASSERT_EQ(port_setup(), 0);
	EXPECT_EQ(rte_mempool_avail_count(pool), kPoolSize);
	EXPECT_EQ(dpbp_free(pool), kPoolSize);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return dpaa2_program(
		"board=lx2160a-rdb;dpmac.3=loopback;dpmac.4=loopback;mode=threaded",
		{"-a", "fslmc:dpni.1"},
		[] {
			pool = dpaa2_pool("dpaa2_api", kPoolSize);
			return ports_and_pools({kPort}, {pool});
		},
		[] { rte_mempool_free(pool); });
}
