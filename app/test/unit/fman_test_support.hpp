/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Helpers for the FMan model tests: a heap arena as bus memory, a wire that
// records what the MAC sends, an FQ sink, frame builders with a checksum of
// their own (independent of the model's), and a rig that wires an FMan to a
// stepped Soc with buffer pools and frame queues.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_fd.hpp"
#include "dpaa_hw/fman_memac.hpp"
#include "dpaa_hw/fman_parse.hpp"
#include "dpaa_hw/qman_portal.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/soc.hpp"

namespace dpaa::test
{

namespace hw = dpaa::hw;
namespace fm = dpaa::hw::fman;
namespace memac = dpaa::hw::memac;
namespace qm = dpaa::hw::qm;
using Bytes = std::vector<uint8_t>;

// Bus memory: one arena; bus address = base + arena offset.
class TestMemory final : public model::BusMemory
{
public:
	static constexpr uint64_t kBase = 0x10'0000'0000ull;
	explicit TestMemory(size_t size) : arena_(size) {}
	void *to_host(uint64_t bus, size_t len) noexcept override
	{
		if (bus < kBase || bus - kBase > arena_.size() ||
		    len > arena_.size() - (bus - kBase))
			return nullptr;
		return arena_.data() + (bus - kBase);
	}
	uint8_t *at(uint64_t bus) { return static_cast<uint8_t *>(to_host(bus, 1)); }
	size_t size() const { return arena_.size(); }

private:
	std::vector<uint8_t> arena_;
};

// A wire that records transmitted frames and injects frames on poll().
class TestWire final : public model::Wire
{
public:
	void attach(model::MacPort &mac) override { mac_ = &mac; }
	bool transmit(std::span<const uint8_t> frame) override
	{
		sent.emplace_back(frame.begin(), frame.end());
		return true;
	}
	bool poll() override
	{
		bool did = false;
		while (!pending.empty() && mac_ != nullptr) {
			if (!mac_->wire_rx(pending.front().first, pending.front().second))
				break;
			pending.erase(pending.begin());
			did = true;
		}
		return did;
	}
	bool tx_ready() const override { return ready; }
	bool link_up() const override { return up; }
	std::string describe() const override { return "test"; }

	std::vector<Bytes> sent;
	std::vector<std::pair<Bytes, bool>> pending;
	bool up = true;
	bool ready = true; // tx_ready(): false plays a cable under back-pressure

private:
	model::MacPort *mac_ = nullptr;
};

// Records the frames of FQs scheduled to its channel.
class FqSink final : public model::ChannelConsumer
{
public:
	struct Entry {
		uint32_t fqid;
		hw::Fd fd;
	};
	bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t, uint64_t) override
	{
		got.push_back({fqid, fd});
		return true;
	}
	std::vector<Entry> got;
};

// ------------------------------------------------------------ frames

inline void put16(Bytes &b, size_t off, uint16_t v)
{
	b[off] = static_cast<uint8_t>(v >> 8);
	b[off + 1] = static_cast<uint8_t>(v);
}
inline uint16_t get16(const uint8_t *p)
{
	return static_cast<uint16_t>(p[0] << 8 | p[1]);
}

// RFC 1071 checksum of the test's own: 32-bit accumulation of 16-bit words.
inline uint16_t ref_csum(const uint8_t *p, size_t n, uint32_t init = 0)
{
	uint64_t s = init;
	for (size_t i = 0; i < n; i++)
		s += (i & 1) ? p[i] : uint32_t{p[i]} << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return static_cast<uint16_t>(~s & 0xffff);
}
inline uint32_t ref_pseudo(const uint8_t *ip, bool v6, uint8_t proto, uint32_t l4len)
{
	uint32_t s = 0;
	const uint8_t *a = ip + (v6 ? 8 : 12);
	size_t n = v6 ? 32 : 8;
	for (size_t i = 0; i < n; i += 2)
		s += uint32_t{a[i]} << 8 | a[i + 1];
	return s + proto + (l4len >> 16) + (l4len & 0xffff);
}

struct Mac6 {
	uint8_t b[6];
};
inline constexpr Mac6 kPortMac{{0x00, 0x04, 0x9f, 0x00, 0x00, 0x09}};
inline constexpr Mac6 kPeerMac{{0x00, 0x04, 0x9f, 0x00, 0x00, 0x01}};

// Builds a frame header by header; offsets are remembered for the checks.
class FrameBuilder
{
public:
	FrameBuilder(Mac6 dst = kPortMac, Mac6 src = kPeerMac)
	{
		b.resize(12);
		std::memcpy(b.data(), dst.b, 6);
		std::memcpy(b.data() + 6, src.b, 6);
	}
	FrameBuilder &vlan(uint16_t tpid, uint16_t tci)
	{
		vlan_off.push_back(b.size() + 2);
		push16(tpid);
		push16(tci);
		return *this;
	}
	FrameBuilder &etype(uint16_t t)
	{
		etype_off = b.size();
		push16(t);
		return *this;
	}
	// IPv4 header; total length and checksum are fixed by finish().
	FrameBuilder &ipv4(uint8_t proto, uint32_t src = 0x0a000001, uint32_t dst = 0x0a000002,
			   unsigned opt_words = 0, uint16_t frag = 0)
	{
		ip_off.push_back(b.size());
		ip_v6.push_back(false);
		b.push_back(static_cast<uint8_t>(0x45 + opt_words));
		b.push_back(0);
		push16(0);
		push16(0x1234);
		push16(frag);
		b.push_back(64);
		b.push_back(proto);
		push16(0);
		push32(src);
		push32(dst);
		for (unsigned i = 0; i < opt_words; i++)
			push32(0x01010101); // NOPs
		return *this;
	}
	FrameBuilder &ipv6(uint8_t nh, uint8_t src_last = 1, uint8_t dst_last = 2)
	{
		ip_off.push_back(b.size());
		ip_v6.push_back(true);
		push32(0x60000000);
		push16(0);
		b.push_back(nh);
		b.push_back(64);
		for (int i = 0; i < 15; i++)
			b.push_back(i == 0 ? 0x20 : i == 1 ? 0x01 : 0);
		b.push_back(src_last);
		for (int i = 0; i < 15; i++)
			b.push_back(i == 0 ? 0x20 : i == 1 ? 0x01 : 0);
		b.push_back(dst_last);
		return *this;
	}
	// A generic IPv6 extension header of 8 bytes.
	FrameBuilder &ipv6_ext(uint8_t nh)
	{
		ext_off.push_back(b.size());
		b.push_back(nh);
		b.push_back(0);
		for (int i = 0; i < 6; i++)
			b.push_back(i == 0 ? 1 : 0);
		return *this;
	}
	FrameBuilder &ipv6_frag(uint8_t nh, uint16_t off_units, bool more)
	{
		ext_off.push_back(b.size());
		b.push_back(nh);
		b.push_back(0);
		push16(static_cast<uint16_t>(off_units << 3 | (more ? 1 : 0)));
		push32(0xabcd);
		return *this;
	}
	FrameBuilder &tcp(uint16_t sport = 1234, uint16_t dport = 80)
	{
		l4_off = b.size();
		l4_proto = 6;
		push16(sport);
		push16(dport);
		push32(1);
		push32(0);
		push16(0x5010);
		push16(0xffff);
		push16(0);
		push16(0);
		return *this;
	}
	FrameBuilder &udp(uint16_t sport = 1234, uint16_t dport = 4789)
	{
		l4_off = b.size();
		l4_proto = 17;
		push16(sport);
		push16(dport);
		push16(0);
		push16(0);
		return *this;
	}
	FrameBuilder &sctp(uint16_t sport = 5000, uint16_t dport = 5001)
	{
		l4_off = b.size();
		l4_proto = 132;
		push16(sport);
		push16(dport);
		push32(0xdeadbeef);
		push32(0);
		return *this;
	}
	FrameBuilder &icmp(bool v6)
	{
		l4_off = b.size();
		l4_proto = v6 ? 58 : 1;
		b.push_back(v6 ? 128 : 8);
		b.push_back(0);
		push16(0);
		push32(0x00010001);
		return *this;
	}
	FrameBuilder &gre(uint16_t proto)
	{
		gre_off = b.size();
		push16(0);
		push16(proto);
		return *this;
	}
	FrameBuilder &payload(size_t n, uint8_t seed = 0)
	{
		for (size_t i = 0; i < n; i++)
			b.push_back(static_cast<uint8_t>(seed + i * 7));
		return *this;
	}
	FrameBuilder &raw(std::initializer_list<uint8_t> bytes)
	{
		b.insert(b.end(), bytes);
		return *this;
	}

	// Fixes lengths (innermost first) and, unless told not to, checksums.
	Bytes finish(bool checksums = true)
	{
		for (size_t i = ip_off.size(); i-- > 0;) {
			size_t ip = ip_off[i];
			if (ip_v6[i]) {
				put16(b, ip + 4, static_cast<uint16_t>(b.size() - ip - 40));
			} else {
				put16(b, ip + 2, static_cast<uint16_t>(b.size() - ip));
				put16(b, ip + 10, 0);
				if (checksums)
					put16(b, ip + 10, ref_csum(&b[ip], (b[ip] & 0xf) * 4u));
			}
		}
		if (l4_off != 0) {
			size_t ip = ip_off.back();
			bool v6 = ip_v6.back();
			uint32_t len = static_cast<uint32_t>(b.size() - l4_off);
			if (l4_proto == 17)
				put16(b, l4_off + 4, static_cast<uint16_t>(len));
			size_t field = l4_proto == 6 ? 16 : l4_proto == 17 ? 6 : 2;
			if (checksums && l4_proto != 132) {
				put16(b, l4_off + field, 0);
				uint32_t init =
					l4_proto == 1 ? 0 : ref_pseudo(&b[ip], v6, l4_proto, len);
				uint16_t c = ref_csum(&b[l4_off], len, init);
				if (l4_proto == 17 && c == 0)
					c = 0xffff;
				put16(b, l4_off + field, c);
			}
		}
		return b;
	}

	Bytes b;
	std::vector<size_t> vlan_off, ip_off, ext_off;
	std::vector<bool> ip_v6;
	size_t etype_off = 12, l4_off = 0, gre_off = 0;
	uint8_t l4_proto = 0;

private:
	void push16(uint16_t v)
	{
		b.push_back(static_cast<uint8_t>(v >> 8));
		b.push_back(static_cast<uint8_t>(v));
	}
	void push32(uint32_t v)
	{
		push16(static_cast<uint16_t>(v >> 16));
		push16(static_cast<uint16_t>(v));
	}
};

inline void expect_no_faults(const model::Fman &fman)
{
	const model::FmanFaults f = fman.faults();
	EXPECT_EQ(f.read_only_write, 0u);
	EXPECT_EQ(f.pools_not_ascending, 0u);
	EXPECT_EQ(f.ic_overlaps_frame, 0u);
	EXPECT_EQ(f.dtc_without_rpd, 0u);
	EXPECT_EQ(f.bad_release_bpid, 0u);
	EXPECT_EQ(f.keygen_bad_access, 0u);
	EXPECT_EQ(f.tx_buffers_leaked, 0u);
}

// ------------------------------------------------------------ the rig

// An FMan on a stepped Soc with the LS1046A-RDB's 10G MACs and one 1G MAC,
// a test wire on each, and an FQ sink on pool channel 1 that receives every
// FQ the test initialises with init_fq().
class FmanRig
{
public:
	static constexpr unsigned kMac9 = 8, kMac10 = 9, kMac3 = 2;
	static constexpr uint16_t kSinkChannel = qm::channel::kPool1;

	explicit FmanRig(size_t mem = 16u << 20)
	    : mem(mem), macs{{kMac3, model::MacType::memac_1g, 1000, "fm1-mac3"},
			     {kMac9, model::MacType::memac_10g, 10000, "fm1-mac9"},
			     {kMac10, model::MacType::memac_10g, 10000, "fm1-mac10"}},
	      fman(soc, this->mem, 0, macs)
	{
		soc.add_block(fman);
		soc.qman().attach_channel_consumer(kSinkChannel, sink);
		for (unsigned c : {kMac3, kMac9, kMac10}) {
			wires[c] = std::make_unique<TestWire>();
			fman.attach_wire(c, *wires[c]);
		}
	}
	~FmanRig()
	{
		soc.qman().detach_channel_consumer(kSinkChannel);
		soc.remove_block(fman);
	}

	uint32_t rd(uint32_t off) { return fman.ccsr().read32(off); }
	void wr(uint32_t off, uint32_t v) { fman.ccsr().write32(off, v); }
	uint32_t mac_rd(unsigned cell, uint32_t off) { return rd(fm::mac_base(cell) + off); }
	void mac_wr(unsigned cell, uint32_t off, uint32_t v) { wr(fm::mac_base(cell) + off, v); }
	uint32_t rx_rd(unsigned cell, uint32_t off)
	{
		return rd(fm::port_page(fm::rx_port_id(cell)) + off);
	}
	void rx_wr(unsigned cell, uint32_t off, uint32_t v)
	{
		wr(fm::port_page(fm::rx_port_id(cell)) + off, v);
	}
	uint32_t tx_rd(unsigned cell, uint32_t off)
	{
		return rd(fm::port_page(fm::tx_port_id(cell)) + off);
	}
	void tx_wr(unsigned cell, uint32_t off, uint32_t v)
	{
		wr(fm::port_page(fm::tx_port_id(cell)) + off, v);
	}
	uint64_t stat(unsigned cell, uint32_t off)
	{
		return uint64_t{mac_rd(cell, off)} | uint64_t{mac_rd(cell, off + 4)} << 32;
	}

	// count buffers of 'size' bytes into pool 'bpid', carved from the arena.
	std::vector<uint64_t> add_pool(uint8_t bpid, uint32_t size, unsigned count)
	{
		std::vector<uint64_t> bufs;
		for (unsigned i = 0; i < count; i++) {
			uint64_t a = TestMemory::kBase + next_;
			next_ += (size + 63) & ~63u;
			EXPECT_LE(next_, mem.size());
			soc.bman().release(bpid, a);
			bufs.push_back(a);
		}
		return bufs;
	}
	uint64_t alloc(uint32_t size)
	{
		uint64_t a = TestMemory::kBase + next_;
		next_ += (size + 63) & ~63u;
		return a;
	}

	void init_fq(uint32_t fqid, uint16_t channel = kSinkChannel, uint32_t td_bytes = 0)
	{
		qm::McInitFq c{};
		c.verb = qm::mcc_verb::kInitFqSched;
		uint16_t we = qm::we::kDestWq;
		c.fqid.store(fqid);
		c.fqd.set_dest(channel, 3);
		if (td_bytes) {
			we |= qm::we::kFqCtrl | qm::we::kTdThresh;
			c.fqd.fq_ctrl.store(qm::fq_ctrl::kTde);
			c.fqd.td.store(qm::td::encode(td_bytes));
		}
		c.we_mask.store(we);
		qm::McResult r{};
		soc.qman().execute(0, reinterpret_cast<const qm::McCommand &>(c), r);
		ASSERT_EQ(r.result, qm::mcr_result::kOk) << "INITFQ " << fqid;
	}

	// MAC and Rx port ready: address, pools, margins, default and error FQ.
	void setup_rx(unsigned cell, uint32_t def_fqid, uint32_t err_fqid, uint16_t bsm = 64,
		      uint32_t extra_cmd = 0)
	{
		std::array<uint8_t, 6> a{};
		std::memcpy(a.data(), kPortMac.b, 6);
		mac_wr(cell, memac::kMacAddr0Lo, memac::addr_lo(a));
		mac_wr(cell, memac::kMacAddr0Hi, memac::addr_hi(a));
		mac_wr(cell, memac::kMaxFrm, 9600);
		mac_wr(cell, memac::kCommandConfig,
		       memac::cmd::kRxEn | memac::cmd::kTxEn | memac::cmd::kTxPadEn | extra_cmd);
		rx_wr(cell, fm::bmi_rx::kRebm, fm::bmi_rx::rebm(bsm, 0));
		rx_wr(cell, fm::bmi_rx::kRfqid, def_fqid);
		rx_wr(cell, fm::bmi_rx::kRefqid, err_fqid);
		rx_wr(cell, fm::bmi_rx::kRcfg, fm::bmi_rx::kCfgEn);
		if (def_fqid)
			init_fq(def_fqid);
		if (err_fqid)
			init_fq(err_fqid);
	}
	void set_pools(unsigned cell, std::initializer_list<std::pair<uint8_t, uint16_t>> pools)
	{
		unsigned i = 0;
		for (auto [bpid, size] : pools)
			rx_wr(cell, fm::bmi_rx::rebmpi(i++), fm::bmi_rx::pool(bpid, size));
		for (; i < fm::bmi_rx::kNumExtPools; i++)
			rx_wr(cell, fm::bmi_rx::rebmpi(i), 0);
	}
	// A Tx FQ to the port's channel, with the FMan's context A and B.
	void init_tx_fq(unsigned cell, uint32_t fqid, uint64_t context_a, uint32_t context_b)
	{
		qm::McInitFq c{};
		c.verb = qm::mcc_verb::kInitFqSched;
		c.fqid.store(fqid);
		c.fqd.set_dest(fman.tx_channel(cell), 3);
		c.fqd.context_a.store(context_a);
		c.fqd.context_b.store(context_b);
		c.we_mask.store(qm::we::kDestWq | qm::we::kContextA | qm::we::kContextB);
		qm::McResult r{};
		soc.qman().execute(0, reinterpret_cast<const qm::McCommand &>(c), r);
		ASSERT_EQ(r.result, qm::mcr_result::kOk) << "INITFQ " << fqid;
	}
	// conf_fqid is the port's default confirmation FQ (FMBM_TCFQID); the Tx
	// FQ asks for none (context A OVFQ, context B 0) and has the FMan free
	// the buffers (A2V, EBD), as upstream's driver sets its Tx FQs up on an
	// FMan v3: frames are confirmed only when their FD says so.
	void setup_tx(unsigned cell, uint32_t tx_fqid, uint32_t conf_fqid, uint32_t err_fqid)
	{
		tx_wr(cell, fm::bmi_tx::kTcfqid, conf_fqid);
		tx_wr(cell, fm::bmi_tx::kTefqid, err_fqid);
		tx_wr(cell, fm::bmi_tx::kTcfg, fm::bmi_tx::kCfgEn);
		init_tx_fq(cell, tx_fqid, fm::tx_context_a::kV3NoConfirmFreeBuffers, 0);
		if (conf_fqid)
			init_fq(conf_fqid);
		if (err_fqid)
			init_fq(err_fqid);
	}

	bool rx(unsigned cell, const Bytes &f, bool fcs_ok = true)
	{
		return fman.mac_port(cell).wire_rx(f, fcs_ok);
	}
	void run() { soc.run_until_idle(100000); }

	// The frame an FD carries (contiguous or S/G), read back from memory.
	Bytes read_frame(const hw::Fd &fd)
	{
		Bytes out;
		if (fd.format() == hw::FdFormat::contig) {
			const uint8_t *p = mem.at(fd.addr() + fd.offset());
			out.assign(p, p + fd.length());
			return out;
		}
		const auto *sg =
			reinterpret_cast<const hw::SgEntry *>(mem.at(fd.addr() + fd.offset()));
		for (unsigned i = 0; i < 64; i++) {
			const uint8_t *p = mem.at(sg[i].addr() + sg[i].offset());
			out.insert(out.end(), p, p + sg[i].length());
			if (sg[i].final())
				break;
		}
		return out;
	}
	const fm::ParseResult &rx_parse(const hw::Fd &fd)
	{
		return *reinterpret_cast<const fm::ParseResult *>(mem.at(fd.addr() + 0x10));
	}

	model::Soc soc;
	TestMemory mem;
	std::vector<model::MacDesc> macs;
	model::Fman fman;
	FqSink sink;
	std::array<std::unique_ptr<TestWire>, fm::kMaxMacs> wires;

private:
	size_t next_ = 4096;
};

} // namespace dpaa::test
