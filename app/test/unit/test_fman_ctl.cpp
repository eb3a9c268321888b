/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan control driver (drivers/bus/dpaa/fman) against the modelled FMan,
// stepped, with no DPDK: what the PMD programs must make the FMan filter,
// parse, distribute, count and transmit as intended.

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/soc.hpp"
#include "dpaa_model/wire.hpp"
#include "fman/fman_mac.hpp"
#include "fman/fman_port.hpp"
#include "qbman/qman_portal.hpp"
#include "qbman_test_support.hpp"

namespace
{

namespace hw = dpaa::hw;
namespace qm = dpaa::hw::qm;
namespace fm = dpaa::hw::fman;
using dpaa::model::Fman;
using dpaa::model::MacDesc;
using dpaa::model::MacType;
using dpaa::model::Soc;

// Bus address = offset in one host arena.
class Arena final : public dpaa::model::BusMemory
{
public:
	static constexpr uint64_t kBase = 0x1000000;
	explicit Arena(size_t size) : mem_(size) {}
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		if (bus < kBase || bus - kBase + len > mem_.size())
			return nullptr;
		return mem_.data() + (bus - kBase);
	}
	uint8_t *at(uint64_t bus) { return mem_.data() + (bus - kBase); }

private:
	std::vector<uint8_t> mem_;
};

// A wire the test drives: frames in by hand, frames out recorded.
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
	void receive(const std::vector<uint8_t> &f, bool fcs_ok = true)
	{
		mac_->wire_rx(f, fcs_ok);
	}
	std::vector<std::vector<uint8_t>> sent;
	bool up = true;

private:
	dpaa::model::MacPort *mac_ = nullptr;
};

constexpr unsigned kCell = 8; // fm1-mac9
constexpr uint8_t kBpid = 5;
constexpr uint32_t kBufSize = 2048;
constexpr uint16_t kHeadroom = 128;
constexpr uint32_t kDefaultFq = 0x100, kErrFq = 0x101, kRssBase = 0x200, kTxFq = 0x300;
const uint8_t kOwn[6] = {0x02, 0, 0, 0, 0, 0x09};

std::vector<uint8_t> frame_to(const uint8_t dst[6], size_t len, uint16_t type = 0x88b5)
{
	std::vector<uint8_t> f(len);
	memcpy(f.data(), dst, 6);
	const uint8_t src[6] = {0x02, 0, 0, 0, 0, 0x77};
	memcpy(f.data() + 6, src, 6);
	f[12] = static_cast<uint8_t>(type >> 8);
	f[13] = static_cast<uint8_t>(type);
	for (size_t i = 14; i < len; i++)
		f[i] = static_cast<uint8_t>(i);
	return f;
}

std::vector<uint8_t> udp4(const uint8_t dst[6], uint32_t sip, uint16_t sport)
{
	std::vector<uint8_t> f = frame_to(dst, 14 + 20 + 8 + 22, 0x0800);
	uint8_t *ip = f.data() + 14;
	memset(ip, 0, 28);
	ip[0] = 0x45;
	ip[3] = 20 + 8 + 22;
	ip[8] = 64;
	ip[9] = 17;
	ip[12] = static_cast<uint8_t>(sip >> 24);
	ip[13] = static_cast<uint8_t>(sip >> 16);
	ip[14] = static_cast<uint8_t>(sip >> 8);
	ip[15] = static_cast<uint8_t>(sip);
	ip[16] = 10, ip[19] = 2;
	uint32_t sum = 0;
	for (int i = 0; i < 20; i += 2)
		sum += ip[i] << 8 | ip[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	ip[10] = static_cast<uint8_t>(~sum >> 8);
	ip[11] = static_cast<uint8_t>(~sum);
	uint8_t *udp = ip + 20;
	udp[0] = static_cast<uint8_t>(sport >> 8);
	udp[1] = static_cast<uint8_t>(sport);
	udp[3] = 53;
	udp[5] = 8 + 22;
	return f;
}

class FmanCtl : public ::testing::Test
{
protected:
	FmanCtl() : arena_(4 << 20)
	{
		macs_.push_back(MacDesc{kCell, MacType::memac_10g, 10000, "fm1-mac9"});
		fman_ = std::make_unique<Fman>(soc_, arena_, 0, macs_);
		soc_.add_block(*fman_);
		fman_->attach_wire(kCell, wire_);
		portal_ = dpaa::test::make_qman_portal(soc_, 0, true);
		for (unsigned i = 0; i < 256; i++)
			soc_.bman().release(kBpid, Arena::kBase + i * kBufSize);
		mac_ = std::make_unique<dpaa::fman::Mac>(fman_->ccsr(), kCell);
		rx_ = std::make_unique<dpaa::fman::RxPort>(fman_->ccsr(), fm::rx_port_id(kCell));
		tx_ = std::make_unique<dpaa::fman::TxPort>(fman_->ccsr(), fm::tx_port_id(kCell));
	}
	~FmanCtl() override { soc_.remove_block(*fman_); }
	// The portal driver's commands and enqueues kept the CE cache contract.
	void TearDown() override { dpaa::test::expect_no_faults(soc_); }

	void init_fq(uint32_t fqid, uint16_t channel, bool sched, uint64_t context_a = 0)
	{
		dpaa::qbman::FqInit in{};
		in.dest = hw::Channel{channel};
		in.schedule = sched;
		in.context_a = context_a;
		ASSERT_EQ(portal_->init_fq(hw::Fqid{fqid}, in), 0);
	}

	void bring_up(bool scatter = false)
	{
		mac_->init(kOwn, 1522);
		dpaa::fman::RxPortConfig c{};
		c.bpid = kBpid;
		c.buf_size = kBufSize;
		c.data_offset = kHeadroom;
		c.icp_offset = 0x10;
		c.default_fqid = kDefaultFq;
		c.error_fqid = kErrFq;
		c.scatter = scatter;
		rx_->configure(c);
		tx_->configure(0, kErrFq);
		init_fq(kDefaultFq, qm::channel::kPool1, false);
		init_fq(kErrFq, qm::channel::kPool1, false);
		rx_->enable(true);
		tx_->enable(true);
		mac_->enable(true, true);
	}

	// Frames of one FQ, by volatile dequeue.
	std::vector<hw::Fd> dequeue(uint32_t fqid)
	{
		std::vector<hw::Fd> out;
		soc_.run_until_idle();
		EXPECT_EQ(portal_->volatile_dequeue(hw::Fqid{fqid}, 0, false), 0);
		for (int i = 0; i < 1000 && portal_->vdqcr_busy(); i++) {
			soc_.step();
			portal_->poll_dqrr(15, [&](const qm::DqrrEntry &e) {
				if (e.has_frame())
					out.push_back(e.fd);
			});
		}
		return out;
	}

	void release(const hw::Fd &fd) { soc_.bman().release(fd.bpid(), fd.addr()); }

	Soc soc_;
	Arena arena_;
	std::vector<MacDesc> macs_;
	std::unique_ptr<Fman> fman_;
	TestWire wire_;
	std::unique_ptr<dpaa::qbman::QmanPortal> portal_;
	std::unique_ptr<dpaa::fman::Mac> mac_;
	std::unique_ptr<dpaa::fman::RxPort> rx_;
	std::unique_ptr<dpaa::fman::TxPort> tx_;
};

TEST_F(FmanCtl, VersionIsFmanV3AndTheShippedMicrocode)
{
	const dpaa::fman::FmanVersion v = dpaa::fman::read_version(fman_->ccsr());
	EXPECT_EQ(v.major, 6);
	EXPECT_EQ(v.minor, 3);
	EXPECT_EQ(v.ucode_major, 106);
	EXPECT_EQ(v.ucode_minor, 4);
	EXPECT_EQ(v.ucode_rev, 18);
}

TEST_F(FmanCtl, ReceivedFrameLandsAfterTheHeadroomWithItsParseResult)
{
	bring_up();
	const auto f = udp4(kOwn, 0x0a000001, 1234);
	wire_.receive(f);
	auto fds = dequeue(kDefaultFq);
	ASSERT_EQ(fds.size(), 1u);
	const hw::Fd &fd = fds[0];
	EXPECT_EQ(fd.format(), hw::FdFormat::contig);
	EXPECT_EQ(fd.offset(), kHeadroom);
	EXPECT_EQ(fd.length(), f.size());
	EXPECT_EQ(fd.bpid(), kBpid);
	EXPECT_EQ(fd.status() & fm::fd_status::kRxErrorMask, 0u);
	EXPECT_EQ(memcmp(arena_.at(fd.addr()) + kHeadroom, f.data(), f.size()), 0);
	const auto *pr = reinterpret_cast<const fm::ParseResult *>(arena_.at(fd.addr()) + 0x10);
	EXPECT_TRUE(pr->l2r.load() & fm::l2r::kEthernet);
	EXPECT_TRUE(pr->l3r.load() & fm::l3r::kFirstIpv4);
	EXPECT_EQ(pr->l4r & fm::l4r::kTypeMask, fm::l4r::kUdp);
	EXPECT_EQ(pr->ip_off[0], 14);
	EXPECT_EQ(pr->l4_off, 34);
	release(fd);
	dpaa::fman::MacCounters c{};
	mac_->read_counters(c);
	EXPECT_EQ(c.rx_frames_ok, 1u);
	EXPECT_EQ(c.rx_ucast, 1u);
	EXPECT_EQ(c.rx_octets, f.size() + 4);
	dpaa::fman::PortCounters pc{};
	rx_->read_counters(pc);
	EXPECT_EQ(pc.frames, 1u);
}

TEST_F(FmanCtl, AddressFiltersPromiscuousAndAllMulticast)
{
	bring_up();
	const uint8_t other[6] = {0x02, 1, 2, 3, 4, 5};
	const uint8_t mcast[6] = {0x01, 0x00, 0x5e, 0, 0, 1};
	const uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	auto count = [&](const uint8_t *dst) {
		wire_.receive(frame_to(dst, 64));
		auto fds = dequeue(kDefaultFq);
		for (auto &fd : fds)
			release(fd);
		return fds.size();
	};
	EXPECT_EQ(count(kOwn), 1u);
	EXPECT_EQ(count(bcast), 1u);
	EXPECT_EQ(count(other), 0u);
	EXPECT_EQ(count(mcast), 0u);
	mac_->set_extra_addr(6, other);
	EXPECT_EQ(count(other), 1u);
	mac_->clear_extra_addr(6);
	EXPECT_EQ(count(other), 0u);
	mac_->set_all_multicast(true);
	EXPECT_EQ(count(mcast), 1u);
	mac_->set_all_multicast(false);
	EXPECT_EQ(count(mcast), 0u);
	mac_->set_promiscuous(true);
	EXPECT_EQ(count(other), 1u);
	mac_->set_promiscuous(false);
	uint8_t got[6];
	mac_->primary_addr(got);
	EXPECT_EQ(memcmp(got, kOwn, 6), 0);
	mac_->set_primary_addr(other);
	EXPECT_EQ(count(other), 1u);
	EXPECT_EQ(count(kOwn), 0u);
}

TEST_F(FmanCtl, MaxFrameDropsLongerFramesAndCountsThem)
{
	bring_up();
	mac_->set_max_frame(518);
	EXPECT_EQ(mac_->max_frame(), 518u);
	wire_.receive(frame_to(kOwn, 514)); // 518 with FCS
	wire_.receive(frame_to(kOwn, 515));
	auto fds = dequeue(kDefaultFq);
	ASSERT_EQ(fds.size(), 1u);
	release(fds[0]);
	dpaa::fman::MacCounters c{};
	mac_->read_counters(c);
	EXPECT_EQ(c.rx_oversize, 1u);
	EXPECT_EQ(c.rx_errors, 1u);
}

TEST_F(FmanCtl, ParserErrorsGoToTheErrorQueue)
{
	bring_up();
	auto bad = udp4(kOwn, 1, 1);
	bad[14] = 0x55; // IP version 5
	wire_.receive(bad);
	EXPECT_EQ(dequeue(kDefaultFq).size(), 0u);
	auto errs = dequeue(kErrFq);
	ASSERT_EQ(errs.size(), 1u);
	EXPECT_TRUE(errs[0].status() & fm::fd_status::kErrPrsHeader);
	release(errs[0]);
}

TEST_F(FmanCtl, KeygenDistributesFlowsOverConsecutiveQueues)
{
	bring_up();
	for (uint32_t q = 0; q < 4; q++)
		init_fq(kRssBase + q, qm::channel::kPool1, false);
	namespace kn = fm::kg::kn;
	ASSERT_EQ(rx_->set_distribution(kRssBase, 4,
					kn::kIpSrc1 | kn::kIpDst1 | kn::kPtype1 | kn::kL4PSrc |
						kn::kL4PDst),
		  0);
	for (uint32_t fl = 0; fl < 64; fl++)
		wire_.receive(udp4(kOwn, 0x0a000000 + fl, static_cast<uint16_t>(2000 + fl)));
	size_t total = 0;
	for (uint32_t q = 0; q < 4; q++) {
		auto fds = dequeue(kRssBase + q);
		EXPECT_GT(fds.size(), 0u) << "queue " << q;
		total += fds.size();
		for (auto &fd : fds) {
			const uint8_t *h = arena_.at(fd.addr()) + 0x38;
			uint64_t hash = 0;
			for (int i = 0; i < 8; i++)
				hash = hash << 8 | h[i];
			EXPECT_EQ(hash & 3, q) << "the queue is the hash's low bits";
			release(fd);
		}
	}
	EXPECT_EQ(total, 64u);
	EXPECT_EQ(dequeue(kDefaultFq).size(), 0u);
	// The parser hands over to KeyGen with the plain direct-scheme NIA.
	const uint32_t nia =
		fman_->ccsr().read32(fm::port_page(fm::rx_port_id(kCell)) + fm::bmi_rx::kRfpne);
	EXPECT_EQ(nia & fm::nia::kEngineMask, fm::nia::kEngKeygen);
	EXPECT_EQ(nia & ~fm::nia::kKgSchemeMask,
		  fm::nia::keygen_scheme(0) & ~fm::nia::kKgSchemeMask);
	// Off again: everything to the default FQ.
	ASSERT_EQ(rx_->set_distribution(kRssBase, 4, 0), 0);
	wire_.receive(udp4(kOwn, 1, 1));
	auto fds = dequeue(kDefaultFq);
	ASSERT_EQ(fds.size(), 1u);
	release(fds[0]);
}

TEST_F(FmanCtl, ScatteredRxWhenFramesExceedABuffer)
{
	mac_->init(kOwn, 9600);
	dpaa::fman::RxPortConfig c{};
	c.bpid = kBpid;
	c.buf_size = 512;
	c.data_offset = kHeadroom;
	c.icp_offset = 0x10;
	c.default_fqid = kDefaultFq;
	c.error_fqid = kErrFq;
	c.scatter = true;
	rx_->configure(c);
	init_fq(kDefaultFq, qm::channel::kPool1, false);
	init_fq(kErrFq, qm::channel::kPool1, false);
	rx_->enable(true);
	mac_->enable(true, true);
	const auto f = frame_to(kOwn, 1500);
	wire_.receive(f);
	auto fds = dequeue(kDefaultFq);
	ASSERT_EQ(fds.size(), 1u);
	EXPECT_EQ(fds[0].format(), hw::FdFormat::sg);
	EXPECT_EQ(fds[0].length(), f.size());
	const auto *sg =
		reinterpret_cast<const hw::SgEntry *>(arena_.at(fds[0].addr()) + fds[0].offset());
	std::vector<uint8_t> joined;
	for (int i = 0; i < 16; i++) {
		const uint8_t *d = arena_.at(sg[i].addr()) + sg[i].offset();
		joined.insert(joined.end(), d, d + sg[i].length());
		release(hw::Fd::contig(sg[i].addr(), sg[i].bpid(), 0, 0));
		if (sg[i].final())
			break;
	}
	release(fds[0]);
	EXPECT_EQ(joined, f);
}

TEST_F(FmanCtl, TransmitReleasesBuffersAndLoopbackReturnsTheFrame)
{
	bring_up();
	init_fq(kTxFq, fman_->tx_channel(kCell), true, fm::tx_context_a::kV3NoConfirmFreeBuffers);
	const uint32_t free0 = soc_.bman().free_count(kBpid);
	uint64_t buf = 0;
	ASSERT_EQ(soc_.bman().acquire(kBpid, &buf, 1), 1u);
	const auto f = frame_to(kOwn, 100);
	memcpy(arena_.at(buf) + kHeadroom, f.data(), f.size());
	ASSERT_EQ(portal_->enqueue(hw::Fqid{kTxFq}, hw::Fd::contig(buf, kBpid, kHeadroom, 100)), 0);
	soc_.run_until_idle();
	ASSERT_EQ(wire_.sent.size(), 1u);
	EXPECT_EQ(wire_.sent[0], f);
	EXPECT_EQ(soc_.bman().free_count(kBpid), free0) << "the FMan released the buffer";
	dpaa::fman::PortCounters pc{};
	tx_->read_counters(pc);
	EXPECT_EQ(pc.frames, 1u);
	EXPECT_EQ(pc.dealloc_bufs, 1u);

	mac_->set_loopback(true);
	EXPECT_TRUE(mac_->loopback());
	ASSERT_EQ(soc_.bman().acquire(kBpid, &buf, 1), 1u);
	memcpy(arena_.at(buf) + kHeadroom, f.data(), f.size());
	ASSERT_EQ(portal_->enqueue(hw::Fqid{kTxFq}, hw::Fd::contig(buf, kBpid, kHeadroom, 100)), 0);
	auto fds = dequeue(kDefaultFq);
	ASSERT_EQ(fds.size(), 1u);
	EXPECT_EQ(memcmp(arena_.at(fds[0].addr()) + fds[0].offset(), f.data(), f.size()), 0);
	release(fds[0]);
	EXPECT_EQ(wire_.sent.size(), 1u) << "looped back, not on the wire";
}

TEST_F(FmanCtl, PauseSettingsRoundTrip)
{
	bring_up();
	mac_->set_pause({true, true, 0x2000});
	auto p = mac_->pause();
	EXPECT_TRUE(p.rx);
	EXPECT_TRUE(p.tx);
	EXPECT_EQ(p.quanta, 0x2000);
	mac_->set_pause({false, false, 0});
	p = mac_->pause();
	EXPECT_FALSE(p.rx);
	EXPECT_FALSE(p.tx);
}

} // namespace
