/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Our net_dpaa2's control features through the public ethdev API on the
// modelled LX2160A-RDB (the emulated VFIO fsl-mc kernel, meson.build
// preloads it), with a cable between dpmac.3 (port 0, dpni.1) and dpmac.4
// (port 1, dpni.2): port 0 sends, port 1's filters and distribution decide
// what it receives. What an application checks: LSC events on both ends
// when one port's link is set down and up, frames that the address,
// multicast and VLAN filters pass arriving intact and those they do not
// counted by the DPNI as filtered, the queues RSS spreads flows over as the
// hash types and the redirection table say, the flow control modes read
// back, and Rx timestamps (WRIOP's, from the annotation) in the mbufs of a
// port that asked for them, in the time of the 1588 clock that ethdev's
// timesync calls read, set and adjust (the board's DPRTC, assigned to the
// container), and in no mbuf of a port that did not; with timesync enabled
// on started ports, PTP frames (over Ethernet and UDP) marked with their
// Rx timestamp and Tx timestamps from the confirmations, in that clock's
// time, and nothing once disabled. run_checked.py fails
// the run when the model counted driver misuse.

#include <array>
#include <atomic>
#include <cerrno>
#include <thread>
#include <vector>

#include "dpaa2_ethdev_support.hpp"

#include <rte_mbuf_dyn.h>
#include <rte_time.h>

using namespace dpaa_test;

namespace
{

constexpr uint16_t kTx = 0, kRx = 1; // dpni.1 on dpmac.3, dpni.2 on dpmac.4
constexpr unsigned kPoolSize = 1024;
constexpr uint16_t kRxQueues = 4;
constexpr rte_ether_addr kSrc = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x03}};
// dynamic_dpl.sh's address for dpni.2: 00:00:00:00:00:<dpmac id>.
constexpr rte_ether_addr kRxPrimary = {{0x00, 0x00, 0x00, 0x00, 0x00, 0x04}};
constexpr rte_ether_addr kOther = {{0x02, 0x00, 0x00, 0x00, 0x00, 0x99}};
constexpr rte_ether_addr kMdns = {{0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb}};

rte_mempool *pools[2];
std::array<std::atomic<unsigned>, 2> lsc_events;

int on_lsc(uint16_t port, rte_eth_event_type type, void *, void *)
{
	if (type == RTE_ETH_EVENT_INTR_LSC && port < lsc_events.size())
		lsc_events[port]++;
	return 0;
}

// dpni.2's ingress_filtered_frames, as the MC counts them (statistics
// page 2, counter 0).
uint64_t rx_filtered()
{
	return dpni_counter(2, 2, 0);
}

struct FrameSpec {
	rte_ether_addr dst = kRxPrimary;
	int vlan = -1; // an 802.1Q tag with this VID, or none
	uint16_t src_port = 1024;
	uint8_t src_ip = 1;
};

constexpr size_t kPayload = 18;

// An IPv4/UDP frame from kSrc, 192.168.0.<src_ip> to 192.168.1.2, to UDP
// port 1024.
Bytes frame_bytes(const FrameSpec &s)
{
	const L2 l2{s.dst, kSrc, s.vlan, -1};
	return ipv4_udp(l2, 0xc0a80000 | s.src_ip, 0xc0a80102, s.src_port, 1024, kPayload);
}

bool send(const FrameSpec &s)
{
	return send_frames(kTx, 0, pools[kTx], {frame_bytes(s)}) == 1;
}

// The frames port 1 received, per queue, until `n` have come (a bound on
// the polls, not on time).
struct Received {
	std::vector<Bytes> frames;
	std::array<unsigned, kRxQueues> per_queue{};
};
Received receive(unsigned n, uint16_t queues = 1)
{
	Received r;
	rte_mbuf *b[32];
	for (unsigned polls = 0; r.frames.size() < n && polls < 2000000u; polls++) {
		const uint16_t q = static_cast<uint16_t>(polls % queues);
		const uint16_t k = rte_eth_rx_burst(kRx, q, b, 32);
		for (uint16_t i = 0; i < k; i++) {
			r.frames.push_back(mbuf_bytes(b[i]));
			rte_pktmbuf_free(b[i]);
		}
		r.per_queue[q] += k;
	}
	return r;
}

// Sends a frame the filters must pass: it arrives, byte for byte.
void expect_passed(const FrameSpec &s, const char *what)
{
	ASSERT_TRUE(send(s)) << what;
	const Received r = receive(1);
	ASSERT_EQ(r.frames.size(), 1u) << what << ": not received";
	EXPECT_EQ(r.frames[0], frame_bytes(s)) << what;
}

// Sends a frame the filters must drop: the DPNI counts it as filtered
// (waited for), and a frame sent after it to `pass` is the next one port 1
// receives.
void expect_filtered(const FrameSpec &s, const char *what, const rte_ether_addr &pass = kRxPrimary)
{
	const uint64_t before = rx_filtered();
	ASSERT_TRUE(send(s)) << what;
	uint64_t now = before;
	for (unsigned i = 0; i < 2000000u && now == before; i++)
		now = rx_filtered();
	EXPECT_EQ(now, before + 1) << what << ": not counted as filtered";
	FrameSpec marker;
	marker.dst = pass;
	marker.src_port = 4321;
	ASSERT_TRUE(send(marker));
	const Received r = receive(1);
	ASSERT_EQ(r.frames.size(), 1u);
	EXPECT_EQ(r.frames[0], frame_bytes(marker)) << what << ": received";
}

int port_setup(uint16_t port, const rte_eth_conf &conf, uint16_t rxq)
{
	PortSetup s;
	s.nb_rxq = rxq;
	s.nb_rxd = 256;
	s.nb_txd = 256;
	s.conf = conf;
	s.pool = pools[port];
	return port_start(port, s);
}

uint8_t link_now(uint16_t port)
{
	rte_eth_link l{};
	rte_eth_link_get_nowait(port, &l);
	return l.link_status;
}

// Waits (a bound on the polls) for both ports' links to be `status` and
// for each port's event count to reach `events`.
bool wait_links(uint8_t status, std::array<unsigned, 2> events)
{
	for (unsigned i = 0; i < 20000; i++) {
		if (link_now(kTx) == status && link_now(kRx) == status &&
		    lsc_events[kTx] >= events[kTx] && lsc_events[kRx] >= events[kRx])
			return true;
		std::this_thread::sleep_for(std::chrono::microseconds(100));
	}
	return false;
}

class Dpaa2EthdevCtrl : public ::testing::Test
{
protected:
	void start(rte_eth_conf rx_conf = {}, uint16_t rxq = 1)
	{
		rte_eth_conf tx_conf{};
		tx_conf.intr_conf.lsc = 1;
		ASSERT_EQ(port_setup(kTx, tx_conf, 1), 0);
		ASSERT_EQ(port_setup(kRx, rx_conf, rxq), 0);
		rte_eth_link l{};
		ASSERT_EQ(rte_eth_link_get(kRx, &l), 0);
		ASSERT_EQ(l.link_status, RTE_ETH_LINK_UP);
	}
	void TearDown() override
	{
		port_stop(kTx);
		port_stop(kRx);
	}
};

TEST_F(Dpaa2EthdevCtrl, SetLinkDownIsAnEventOnBothEndsOfTheCable)
{
	rte_eth_conf conf{};
	conf.intr_conf.lsc = 1;
	const std::array<unsigned, 2> e0 = {lsc_events[kTx].load(), lsc_events[kRx].load()};
	start(conf);
	// Each port's link came up once both DPNIs ran: one event each.
	ASSERT_TRUE(wait_links(RTE_ETH_LINK_UP, {e0[0] + 1, e0[1] + 1}));
	const std::array<unsigned, 2> e1 = {lsc_events[kTx].load(), lsc_events[kRx].load()};

	ASSERT_EQ(rte_eth_dev_set_link_down(kRx), 0);
	EXPECT_EQ(link_now(kRx), RTE_ETH_LINK_DOWN) << "at once on the port set down";
	EXPECT_TRUE(wait_links(RTE_ETH_LINK_DOWN, {e1[0] + 1, e1[1] + 1}))
		<< "events " << lsc_events[kTx] << " and " << lsc_events[kRx];
	rte_eth_link l{};
	ASSERT_EQ(rte_eth_link_get_nowait(kTx, &l), 0);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_NONE);

	ASSERT_EQ(rte_eth_dev_set_link_up(kRx), 0);
	EXPECT_TRUE(wait_links(RTE_ETH_LINK_UP, {e1[0] + 2, e1[1] + 2}))
		<< "events " << lsc_events[kTx] << " and " << lsc_events[kRx];
	ASSERT_EQ(rte_eth_link_get_nowait(kTx, &l), 0);
	EXPECT_EQ(l.link_speed, RTE_ETH_SPEED_NUM_10G);
	expect_passed(FrameSpec{}, "after link up");
}

TEST_F(Dpaa2EthdevCtrl, UnicastAddressesPassTheFilterOthersAreCounted)
{
	start();
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(kRx, &info), 0);
	EXPECT_GT(info.max_mac_addrs, 1u);
	expect_passed(FrameSpec{}, "to the primary address");
	FrameSpec other;
	other.dst = kOther;
	expect_filtered(other, "to another host");

	rte_ether_addr a = kOther;
	ASSERT_EQ(rte_eth_dev_mac_addr_add(kRx, &a, 0), 0);
	expect_passed(other, "to an added address");
	ASSERT_EQ(rte_eth_dev_mac_addr_remove(kRx, &a), 0);
	expect_filtered(other, "to a removed address");

	// A new primary address: the old one is filtered.
	ASSERT_EQ(rte_eth_dev_default_mac_addr_set(kRx, &a), 0);
	expect_passed(other, "to the new primary address");
	expect_filtered(FrameSpec{}, "to the old primary address", kOther);
	rte_ether_addr back = kRxPrimary;
	ASSERT_EQ(rte_eth_dev_default_mac_addr_set(kRx, &back), 0);
	expect_passed(FrameSpec{}, "to the primary address again");

	// Promiscuous mode passes every address.
	ASSERT_EQ(rte_eth_promiscuous_enable(kRx), 0);
	expect_passed(other, "promiscuous");
	ASSERT_EQ(rte_eth_promiscuous_disable(kRx), 0);
}

TEST_F(Dpaa2EthdevCtrl, TheMulticastListPassesItsGroups)
{
	start();
	FrameSpec mdns;
	mdns.dst = kMdns;
	expect_filtered(mdns, "a group not in the list");
	rte_ether_addr list[] = {kMdns};
	ASSERT_EQ(rte_eth_dev_set_mc_addr_list(kRx, list, 1), 0);
	expect_passed(mdns, "a group in the list");
	ASSERT_EQ(rte_eth_dev_set_mc_addr_list(kRx, nullptr, 0), 0);
	expect_filtered(mdns, "a group after the list was emptied");
	rte_ether_addr unicast[] = {kOther};
	EXPECT_EQ(rte_eth_dev_set_mc_addr_list(kRx, unicast, 1), -EINVAL);
}

TEST_F(Dpaa2EthdevCtrl, TheVlanFilterPassesItsVidsAndUntaggedFrames)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(kRx, &info), 0);
	EXPECT_TRUE(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_FILTER);
	EXPECT_FALSE(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_VLAN_STRIP);
	rte_eth_conf conf{};
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
	start(conf);
	ASSERT_EQ(rte_eth_dev_vlan_filter(kRx, 100, 1), 0);
	FrameSpec v100, v200;
	v100.vlan = 100;
	v200.vlan = 200;
	expect_passed(v100, "VID 100, in the table (its tag stays in the frame)");
	expect_filtered(v200, "VID 200, not in the table");
	expect_passed(FrameSpec{}, "untagged");
	ASSERT_EQ(rte_eth_dev_vlan_filter(kRx, 100, 0), 0);
	expect_filtered(v100, "VID 100, removed");

	// The filter off at run time: every VID passes; the strip is still
	// refused.
	ASSERT_EQ(rte_eth_dev_set_vlan_offload(kRx, 0), 0);
	expect_passed(v200, "VID 200, filter off");
	EXPECT_EQ(rte_eth_dev_set_vlan_offload(kRx, RTE_ETH_VLAN_STRIP_OFFLOAD), -EINVAL);
}

// 64 flows (UDP source ports) from one address, or 64 addresses.
Received send_flows(bool vary_address)
{
	for (uint16_t i = 0; i < 64; i++) {
		FrameSpec s;
		if (vary_address)
			s.src_ip = static_cast<uint8_t>(1 + i);
		else
			s.src_port = static_cast<uint16_t>(2000 + i);
		if (!send(s))
			return {};
	}
	return receive(64, kRxQueues);
}

unsigned queues_used(const Received &r)
{
	unsigned n = 0;
	for (unsigned c : r.per_queue)
		n += c != 0;
	return n;
}

TEST_F(Dpaa2EthdevCtrl, RssSpreadsAsTheHashTypesAndTableSay)
{
	rte_eth_conf conf{};
	conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP | RTE_ETH_RSS_UDP;
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(kRx, &info), 0);
	ASSERT_EQ(info.reta_size, 64);
	start(conf, kRxQueues);

	Received r = send_flows(false);
	ASSERT_EQ(r.frames.size(), 64u);
	EXPECT_EQ(queues_used(r), 4u) << "UDP ports hashed over 4 queues";

	// Hash the addresses only: one address, one queue.
	rte_eth_rss_conf rss{};
	rss.rss_hf = RTE_ETH_RSS_IP;
	ASSERT_EQ(rte_eth_dev_rss_hash_update(kRx, &rss), 0);
	rte_eth_rss_conf got{};
	ASSERT_EQ(rte_eth_dev_rss_hash_conf_get(kRx, &got), 0);
	EXPECT_EQ(got.rss_hf, uint64_t{RTE_ETH_RSS_IP});
	r = send_flows(false);
	ASSERT_EQ(r.frames.size(), 64u);
	EXPECT_EQ(queues_used(r), 1u) << "the ports are no longer hashed";
	r = send_flows(true);
	ASSERT_EQ(r.frames.size(), 64u);
	EXPECT_EQ(queues_used(r), 4u) << "64 addresses over 4 queues";

	// The table: 0, 1 repeated spreads over the first two queues only.
	rte_eth_rss_reta_entry64 reta[1] = {};
	reta[0].mask = ~uint64_t{0};
	for (unsigned i = 0; i < 64; i++)
		reta[0].reta[i] = static_cast<uint16_t>(i % 2);
	ASSERT_EQ(rte_eth_dev_rss_reta_update(kRx, reta, 64), 0);
	rte_eth_rss_reta_entry64 q[1] = {};
	q[0].mask = ~uint64_t{0};
	ASSERT_EQ(rte_eth_dev_rss_reta_query(kRx, q, 64), 0);
	for (unsigned i = 0; i < 64; i++)
		EXPECT_EQ(q[0].reta[i], i % 2) << i;
	r = send_flows(true);
	ASSERT_EQ(r.frames.size(), 64u);
	EXPECT_EQ(queues_used(r), 2u);
	EXPECT_GT(r.per_queue[0], 0u);
	EXPECT_GT(r.per_queue[1], 0u);

	// A table WRIOP cannot follow is refused and changes nothing.
	rte_eth_rss_reta_entry64 odd[1] = {};
	odd[0].mask = 1u << 5;
	odd[0].reta[5] = 3;
	EXPECT_EQ(rte_eth_dev_rss_reta_update(kRx, odd, 64), -ENOTSUP);
	ASSERT_EQ(rte_eth_dev_rss_reta_query(kRx, q, 64), 0);
	EXPECT_EQ(q[0].reta[5], 1u);
	// A key: WRIOP's hash has none.
	uint8_t key[40] = {};
	rss.rss_key = key;
	rss.rss_key_len = sizeof(key);
	EXPECT_EQ(rte_eth_dev_rss_hash_update(kRx, &rss), -ENOTSUP);
}

TEST_F(Dpaa2EthdevCtrl, FlowControlModesReadBack)
{
	start();
	rte_eth_fc_conf fc{};
	ASSERT_EQ(rte_eth_dev_flow_ctrl_get(kRx, &fc), 0);
	EXPECT_EQ(fc.mode, RTE_ETH_FC_NONE);
	for (rte_eth_fc_mode m :
	     {RTE_ETH_FC_FULL, RTE_ETH_FC_RX_PAUSE, RTE_ETH_FC_TX_PAUSE, RTE_ETH_FC_NONE}) {
		rte_eth_fc_conf set{};
		set.mode = m;
		ASSERT_EQ(rte_eth_dev_flow_ctrl_set(kRx, &set), 0) << m;
		rte_eth_fc_conf back{};
		ASSERT_EQ(rte_eth_dev_flow_ctrl_get(kRx, &back), 0);
		EXPECT_EQ(back.mode, m);
		EXPECT_EQ(link_now(kRx), RTE_ETH_LINK_UP) << "the link stays up";
	}
	expect_passed(FrameSpec{}, "after the flow control changes");
}

// What an application reads of a received frame's Rx timestamp.
struct Stamp {
	bool flagged;
	rte_mbuf_timestamp_t ts;
};

// Sends `n` frames one at a time, each received before the next is sent:
// the timestamp of each.
std::vector<Stamp> stamps_of(unsigned n)
{
	int offset = -1;
	uint64_t flag = 0;
	EXPECT_EQ(rte_mbuf_dyn_rx_timestamp_register(&offset, &flag), 0);
	std::vector<Stamp> out;
	for (unsigned i = 0; i < n; i++) {
		FrameSpec s;
		s.src_port = static_cast<uint16_t>(2000 + i);
		EXPECT_TRUE(send(s));
		rte_mbuf *m = nullptr;
		for (unsigned polls = 0; polls < 2000000u; polls++)
			if (rte_eth_rx_burst(kRx, 0, &m, 1) == 1)
				break;
		if (m == nullptr) {
			ADD_FAILURE() << "frame " << i << " not received";
			break;
		}
		EXPECT_EQ(rte_pktmbuf_pkt_len(m), frame_bytes(s).size());
		out.push_back({(m->ol_flags & flag) != 0,
			       *RTE_MBUF_DYNFIELD(m, offset, rte_mbuf_timestamp_t *)});
		rte_pktmbuf_free(m);
	}
	return out;
}

uint64_t clock_ns(uint16_t port)
{
	timespec ts{};
	EXPECT_EQ(rte_eth_timesync_read_time(port, &ts), 0);
	return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

TEST_F(Dpaa2EthdevCtrl, RxTimestampsAreWriopsAndOnlyWhenAskedFor)
{
	rte_eth_dev_info info{};
	ASSERT_EQ(rte_eth_dev_info_get(kRx, &info), 0);
	ASSERT_TRUE(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_TIMESTAMP);
	rte_eth_conf conf{};
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	start(conf);
	rte_eth_burst_mode mode{};
	ASSERT_EQ(rte_eth_rx_burst_mode_get(kRx, 0, &mode), 0);
	EXPECT_NE(strstr(mode.info, ", timestamp"), nullptr) << mode.info;
	// The clock set to an hour past its epoch: the frames' timestamps are
	// in its time, between the readings before and after.
	constexpr uint64_t kHour = 3600ull * 1000000000u;
	const timespec hour = {3600, 0};
	ASSERT_EQ(rte_eth_timesync_write_time(kRx, &hour), 0);
	const uint64_t before = clock_ns(kRx);
	EXPECT_GE(before, kHour);
	const std::vector<Stamp> on = stamps_of(4);
	const uint64_t after = clock_ns(kTx); // one clock for every port
	ASSERT_EQ(on.size(), 4u);
	for (unsigned i = 0; i < on.size(); i++) {
		EXPECT_TRUE(on[i].flagged) << "frame " << i;
		EXPECT_GE(on[i].ts, before) << "frame " << i;
		EXPECT_LE(on[i].ts, after) << "frame " << i;
		// Each frame entered WRIOP after the previous one was received.
		if (i > 0) {
			EXPECT_GT(on[i].ts, on[i - 1].ts) << "frame " << i;
		}
	}
	// Adjusted a day ahead: the next frame is stamped in the new time.
	ASSERT_EQ(rte_eth_timesync_adjust_time(kRx, 24 * kHour), 0);
	EXPECT_GE(clock_ns(kRx), after + 24 * kHour);
	const std::vector<Stamp> later = stamps_of(1);
	ASSERT_EQ(later.size(), 1u);
	EXPECT_GE(later[0].ts, after + 24 * kHour);

	// Without the offload: no flag (whatever the field holds is not a
	// timestamp of this frame).
	rte_eth_dev_stop(kRx);
	rte_eth_dev_stop(kTx);
	start();
	ASSERT_EQ(rte_eth_rx_burst_mode_get(kRx, 0, &mode), 0);
	EXPECT_EQ(strstr(mode.info, "timestamp"), nullptr) << mode.info;
	for (const Stamp &s : stamps_of(2))
		EXPECT_FALSE(s.flagged);
}

// IEEE 1588 on a started port, as testpmd's ieee1588 mode runs it.
// A PTP version 2 sync message over Ethernet (type 0x88F7), padded to the
// minimum frame.
Bytes ptp_l2_frame()
{
	Bytes msg(46, 0);
	msg[1] = 2;  // versionPTP
	msg[3] = 44; // messageLength
	// To port 1's own address: its filters are what another test checks.
	return eth_frame({kRxPrimary, kSrc, -1, -1}, 0x88f7, msg);
}

// PTP over UDP/IPv4 to the event port (319).
Bytes ptp_udp_frame()
{
	return ipv4_udp({kRxPrimary, kSrc, -1, -1}, 0xc0a80001, 0xc0a80102, 319, 319, 44);
}

struct PtpRx {
	bool got = false;
	uint64_t flags = 0;
	uint32_t ptype = 0;
};

// Sends `f` from port 0 (with `tx_flags`) and receives it on port 1.
PtpRx ptp_roundtrip(const Bytes &f, uint64_t tx_flags = 0)
{
	PtpRx r;
	if (send_frames(kTx, 0, pools[kTx], {f}, tx_flags) != 1)
		return r;
	rte_mbuf *m = nullptr;
	for (unsigned polls = 0; polls < 2000000u; polls++)
		if (rte_eth_rx_burst(kRx, 0, &m, 1) == 1)
			break;
	if (m == nullptr)
		return r;
	r.got = true;
	r.flags = m->ol_flags;
	r.ptype = m->packet_type;
	rte_pktmbuf_free(m);
	return r;
}

// The Tx timestamp of the last frame sent with the flag: -EAGAIN until its
// confirmation is back (a bound on the polls).
int tx_stamp(uint16_t port, uint64_t &ns)
{
	timespec t{};
	int ret = -EAGAIN;
	for (unsigned i = 0; i < 200000u && ret == -EAGAIN; i++)
		ret = rte_eth_timesync_read_tx_timestamp(port, &t);
	ns = rte_timespec_to_ns(&t);
	return ret;
}

constexpr uint64_t kPtpFlags = RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST;

TEST_F(Dpaa2EthdevCtrl, TimesyncMarksPtpFramesAndStampsBothWays)
{
	start();
	timespec ts{};
	// Off: no flags, no timestamps.
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), -EINVAL);
	EXPECT_EQ(rte_eth_timesync_read_tx_timestamp(kTx, &ts), -EINVAL);
	PtpRx r = ptp_roundtrip(ptp_l2_frame());
	ASSERT_TRUE(r.got);
	EXPECT_EQ(r.flags & kPtpFlags, 0u);
	EXPECT_EQ(r.ptype, RTE_PTYPE_L2_ETHER);

	// Enabled on started ports, as testpmd's ieee1588 mode does.
	ASSERT_EQ(rte_eth_timesync_enable(kRx), 0);
	ASSERT_EQ(rte_eth_timesync_enable(kTx), 0);
	uint64_t prev_rx = 0, prev_tx = 0;
	for (unsigned i = 0; i < 3; i++) {
		const uint64_t before = clock_ns(kRx);
		r = ptp_roundtrip(ptp_l2_frame(), RTE_MBUF_F_TX_IEEE1588_TMST);
		const uint64_t after = clock_ns(kRx);
		ASSERT_TRUE(r.got) << "frame " << i;
		EXPECT_EQ(r.flags & kPtpFlags, kPtpFlags) << "frame " << i;
		EXPECT_EQ(r.ptype, RTE_PTYPE_L2_ETHER_TIMESYNC) << "frame " << i;
		ASSERT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), 0) << "frame " << i;
		const uint64_t rx = rte_timespec_to_ns(&ts);
		// Read once.
		EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), -EINVAL);
		uint64_t tx = 0;
		ASSERT_EQ(tx_stamp(kTx, tx), 0) << "frame " << i;
		// In the clock's time: sent, then received, between the readings.
		EXPECT_GE(tx, before) << "frame " << i;
		EXPECT_LE(tx, rx) << "frame " << i;
		EXPECT_LE(rx, after) << "frame " << i;
		EXPECT_GT(rx, prev_rx) << "frame " << i;
		EXPECT_GT(tx, prev_tx) << "frame " << i;
		prev_rx = rx;
		prev_tx = tx;
	}
	// PTP over UDP: marked, its type the IP one.
	r = ptp_roundtrip(ptp_udp_frame());
	ASSERT_TRUE(r.got);
	EXPECT_EQ(r.flags & kPtpFlags, kPtpFlags);
	EXPECT_EQ(r.ptype, RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | RTE_PTYPE_L4_UDP);
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), 0);
	// Another frame: not marked, no timestamp kept.
	FrameSpec plain;
	r = ptp_roundtrip(frame_bytes(plain));
	ASSERT_TRUE(r.got);
	EXPECT_EQ(r.flags & kPtpFlags, 0u);
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), -EINVAL);

	// Disabled: PTP frames pass unmarked again.
	ASSERT_EQ(rte_eth_timesync_disable(kRx), 0);
	ASSERT_EQ(rte_eth_timesync_disable(kTx), 0);
	r = ptp_roundtrip(ptp_l2_frame(), RTE_MBUF_F_TX_IEEE1588_TMST);
	ASSERT_TRUE(r.got);
	EXPECT_EQ(r.flags & kPtpFlags, 0u);
	EXPECT_EQ(r.ptype, RTE_PTYPE_L2_ETHER);
	EXPECT_EQ(rte_eth_timesync_read_rx_timestamp(kRx, &ts, 0), -EINVAL);
	EXPECT_EQ(rte_eth_timesync_read_tx_timestamp(kTx, &ts), -EINVAL);
}

// A port configured with MBUF_FAST_FREE runs its DPNI without Tx
// confirmation, which carries the Tx timestamps back: timesync is refused
// there, not left to give no stamp; the other port's is not.
TEST_F(Dpaa2EthdevCtrl, TimesyncIsRefusedWithoutTxConfirmation)
{
	rte_eth_conf fast_free{};
	fast_free.txmode.offloads = RTE_ETH_TX_OFFLOAD_MBUF_FAST_FREE;
	ASSERT_EQ(port_setup(kTx, fast_free, 1), 0);
	ASSERT_EQ(port_setup(kRx, rte_eth_conf{}, 1), 0);
	EXPECT_EQ(rte_eth_timesync_enable(kTx), -ENOTSUP);
	EXPECT_EQ(rte_eth_timesync_enable(kRx), 0);
	EXPECT_EQ(rte_eth_timesync_disable(kRx), 0);
	// PTP frames pass unmarked, sent and received.
	PtpRx r = ptp_roundtrip(ptp_l2_frame(), RTE_MBUF_F_TX_IEEE1588_TMST);
	ASSERT_TRUE(r.got);
	EXPECT_EQ(r.flags & kPtpFlags, 0u);
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	return dpaa2_program(
		"board=lx2160a-rdb;dpmac.3=cable:dpmac.4;dprtc=1;mode=threaded",
		{"-a", "fslmc:dpni.1", "-a", "fslmc:dpni.2"},
		[] {
			pools[kTx] = dpaa2_pool("dpaa2_ctrl0", kPoolSize);
			pools[kRx] = dpaa2_pool("dpaa2_ctrl1", kPoolSize);
			for (uint16_t p : {kTx, kRx})
				rte_eth_dev_callback_register(p, RTE_ETH_EVENT_INTR_LSC, on_lsc,
							      nullptr);
			return ports_and_pools({port_by_name("dpni.1"), port_by_name("dpni.2")},
					       {pools[kTx], pools[kRx]});
		},
		[] {
			rte_mempool_free(pools[kTx]);
			rte_mempool_free(pools[kRx]);
		});
}
