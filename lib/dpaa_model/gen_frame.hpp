/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The frames the generator wire sends and the sink wire checks: Ethernet
// (optionally 802.1Q, or 802.1ad + 802.1Q), IPv4 (RFC 2544 benchmark
// addresses 198.18.0.0/15), UDP with a correct checksum, and a 10-byte
// payload header that lets a sink check order per flow:
//
//   0  u8   magic 0xDA
//   1  u8   L2 header length as generated (14, 18 or 22)
//   2  be16 flow id
//   4  be32 sequence number within the flow (wraps)
//   8  be16 frame length as generated (without FCS)
//  10  filler: byte i of the payload = uint8_t(i)
//
// A flow f has source 198.19.<f/256>.<f%256> and UDP source port
// 1024 + f % 64512, so RSS spreads flows over queues; the destination is
// 198.18.0.1, UDP port kDstPort.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "dpaa_model/inet_checksum.hpp"

namespace dpaa::model::gen
{

constexpr uint8_t kMagic = 0xDA;
constexpr uint16_t kDstPort = 0xDAA0;
constexpr size_t kPayloadHeader = 10;
constexpr size_t kMinFrame = 60; // without FCS: 64 on the line
constexpr size_t kMaxFrame = 9600;
constexpr uint32_t kMaxFlows = 65536;
constexpr uint16_t kEthIpv4 = 0x0800, kEthVlan = 0x8100, kEthQinq = 0x88a8;

struct Tags {
	std::optional<uint16_t> vlan;  // one 802.1Q tag
	std::optional<uint16_t> outer; // with inner: 802.1ad S-tag + 802.1Q C-tag
	std::optional<uint16_t> inner;

	size_t l2_len() const { return outer ? 22 : vlan ? 18 : 14; }
};

constexpr uint8_t kDstMac[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x01};
constexpr uint8_t kSrcMac[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x02};

// Writes a complete frame of frame.size() bytes (kMinFrame..kMaxFrame).
void build(std::span<uint8_t> frame, const Tags &tags, uint16_t flow, uint32_t seq);

// The same frames, fast: a frame of one size and tagging built once, then
// only the per-frame fields (addresses, ports, identification, payload
// header, checksums) rewritten; the filler's checksum is summed once.
class FrameTemplate
{
public:
	FrameTemplate(size_t frame_len, const Tags &tags);
	// The frame for (flow, seq), valid until the next make().
	std::span<const uint8_t> make(uint16_t flow, uint32_t seq);
	size_t size() const { return len_; }

private:
	uint8_t buf_[kMaxFrame];
	size_t len_;
	size_t l2_;
	// The IPv4 header's and the UDP datagram's (pseudo-header included)
	// sums of flow 0, sequence 0, checksum fields 0: make() adds what
	// (flow, seq) changes (RFC 1624) instead of summing the frame again.
	uint32_t ip_sum0_;
	uint32_t udp_sum0_;
};

// What a sink learns from a frame: whether it is a generator frame at all,
// whether it is intact (checksums, lengths), and its flow and sequence.
struct Parsed {
	bool generated = false; // magic, UDP port and layout match
	bool intact = false;	// IPv4 and UDP checksums good, lengths consistent
	uint16_t flow = 0;
	uint32_t seq = 0;
	size_t l2_len = 0;
};
// The layout's pieces, for parse() below and the generator.
namespace detail
{
constexpr size_t kIpLen = 20, kUdpLen = 8;
constexpr uint8_t kProtoUdp = 17;
inline uint16_t get16(const uint8_t *p)
{
	return uint16_t(p[0] << 8 | p[1]);
}
inline uint32_t get32(const uint8_t *p)
{
	return uint32_t(get16(p)) << 16 | get16(p + 2);
}
} // namespace detail

// Fills r (every field; r.generated is also the return value). Inline: the
// sink checks every frame it is sent.
inline bool parse(std::span<const uint8_t> f, Parsed &r)
{
	using namespace detail;
	r = Parsed{};
	const uint8_t *p = f.data();
	const size_t n = f.size();
	constexpr size_t kHeaders = kIpLen + kUdpLen + kPayloadHeader;
	// Too short for any generator frame (every path below needs this).
	if (n < 14 + kHeaders)
		return false;
	size_t l2 = 14;
	uint16_t type = get16(p + 12);
	// Up to two tags, whichever TPIDs: an application may have changed them.
	if (type == kEthVlan || type == kEthQinq) {
		type = get16(p + 16);
		l2 = 18;
		if (type == kEthVlan || type == kEthQinq) {
			type = get16(p + 20);
			l2 = 22;
		}
	}
	if (type != kEthIpv4 || n < l2 + kHeaders)
		return false;
	const uint8_t *ip = p + l2;
	const uint8_t *udp = ip + kIpLen;
	const uint8_t *pl = udp + kUdpLen;
	if (ip[0] != 0x45 || ip[9] != kProtoUdp || get16(udp + 2) != kDstPort || pl[0] != kMagic)
		return false;
	r.generated = true;
	r.l2_len = l2;
	r.flow = get16(pl + 2);
	r.seq = get32(pl + 4);

	// The frame as generated, less or plus the tags an application removed
	// or added on the way.
	const size_t gen_len = get16(pl + 8), gen_l2 = pl[1];
	const uint16_t ip_total = get16(ip + 2), udp_length = get16(udp + 4);
	if (gen_len < gen_l2 || n != gen_len - gen_l2 + l2)
		return true;
	if (ip_total != kIpLen + udp_length || l2 + ip_total > n)
		return true;
	// Both sums in the host's lanes, compared with 0xffff unswapped.
	if (inet::fold_host(inet::sum_host(ip, kIpLen)) != 0xffff)
		return true;
	if (get16(udp + 6) != 0) {
		// The pseudo-header: the addresses (one 64-bit word), the
		// protocol and the UDP length (a carry from one lane into the
		// next keeps the sum: 2^16 is 1 in ones' complement).
		uint64_t addrs;
		std::memcpy(&addrs, ip + 12, 8);
		uint64_t s = inet::sum_host(udp, udp_length, addrs);
		s = inet::add64(s, inet::host_word(kProtoUdp) + inet::host_word(udp_length));
		if (inet::fold_host(s) != 0xffff)
			return true;
	}
	r.intact = true;
	return true;
}
inline Parsed parse(std::span<const uint8_t> frame)
{
	Parsed r;
	parse(frame, r);
	return r;
}

// Internet checksum helpers (RFC 1071), exposed for tests.
uint32_t sum16(std::span<const uint8_t> bytes, uint32_t sum = 0);
uint16_t fold(uint32_t sum);

} // namespace dpaa::model::gen
