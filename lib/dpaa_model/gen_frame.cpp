/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/gen_frame.hpp"

#include <bit>
#include <cstring>

#include "dpaa_model/inet_checksum.hpp"

namespace dpaa::model::gen
{

namespace
{

using detail::get16;
using detail::get32;
using detail::kIpLen;
using detail::kProtoUdp;
using detail::kUdpLen;

void put16(uint8_t *p, uint16_t v)
{
	p[0] = uint8_t(v >> 8);
	p[1] = uint8_t(v);
}
void put32(uint8_t *p, uint32_t v)
{
	// One store (the byte stores of two put16() stay four).
	if constexpr (std::endian::native == std::endian::little)
		v = __builtin_bswap32(v);
	std::memcpy(p, &v, 4);
}

// The IPv4/UDP/payload part of a frame: [ip, end).
size_t udp_len(size_t frame_len, size_t l2_len)
{
	return frame_len - l2_len - kIpLen;
}

// The generator and the sink sum every frame: the fast sum, whose results
// sum16() (the plain word loop, exposed for tests) checks.
[[gnu::always_inline]] inline uint32_t fast_sum(std::span<const uint8_t> b, uint32_t acc = 0)
{
	return inet::sum(b.data(), b.size(), acc);
}

uint32_t pseudo_header_sum(const uint8_t *ip, uint16_t udp_length)
{
	uint32_t s = fast_sum({ip + 12, 8}); // source and destination addresses
	return s + kProtoUdp + udp_length;
}

} // namespace

uint32_t sum16(std::span<const uint8_t> b, uint32_t sum)
{
	size_t i = 0;
	for (; i + 1 < b.size(); i += 2)
		sum += uint32_t(b[i] << 8 | b[i + 1]);
	if (i < b.size())
		sum += uint32_t(b[i] << 8);
	return sum;
}

uint16_t fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return uint16_t(sum);
}

void build(std::span<uint8_t> frame, const Tags &tags, uint16_t flow, uint32_t seq)
{
	uint8_t *p = frame.data();
	const size_t l2 = tags.l2_len();
	std::memcpy(p, kDstMac, 6);
	std::memcpy(p + 6, kSrcMac, 6);
	uint8_t *q = p + 12;
	if (tags.outer) {
		put16(q, kEthQinq);
		put16(q + 2, *tags.outer);
		put16(q + 4, kEthVlan);
		put16(q + 6, tags.inner.value_or(0));
		q += 8;
	} else if (tags.vlan) {
		put16(q, kEthVlan);
		put16(q + 2, *tags.vlan);
		q += 4;
	}
	put16(q, kEthIpv4);

	uint8_t *ip = p + l2;
	const uint16_t udp_length = uint16_t(udp_len(frame.size(), l2));
	ip[0] = 0x45; // version 4, 5 words
	ip[1] = 0;
	put16(ip + 2, uint16_t(kIpLen + udp_length));
	put16(ip + 4, uint16_t(seq)); // identification
	put16(ip + 6, 0x4000);	      // don't fragment
	ip[8] = 64;		      // TTL
	ip[9] = kProtoUdp;
	put16(ip + 10, 0);
	ip[12] = 198, ip[13] = 19, ip[14] = uint8_t(flow >> 8), ip[15] = uint8_t(flow);
	ip[16] = 198, ip[17] = 18, ip[18] = 0, ip[19] = 1;
	put16(ip + 10, uint16_t(~fold(fast_sum({ip, kIpLen}))));

	uint8_t *udp = ip + kIpLen;
	put16(udp, uint16_t(1024 + flow % 64512));
	put16(udp + 2, kDstPort);
	put16(udp + 4, udp_length);
	put16(udp + 6, 0);

	uint8_t *pl = udp + kUdpLen;
	pl[0] = kMagic;
	pl[1] = uint8_t(l2);
	put16(pl + 2, flow);
	put32(pl + 4, seq);
	put16(pl + 8, uint16_t(frame.size()));
	const size_t payload = udp_length - kUdpLen;
	for (size_t i = kPayloadHeader; i < payload; i++)
		pl[i] = uint8_t(i);

	uint16_t c =
		uint16_t(~fold(fast_sum({udp, udp_length}, pseudo_header_sum(ip, udp_length))));
	put16(udp + 6, c ? c : 0xffff); // 0 means "no checksum" in UDP
}

FrameTemplate::FrameTemplate(size_t frame_len, const Tags &tags)
    : len_(frame_len), l2_(tags.l2_len())
{
	build({buf_, len_}, tags, 0, 0);
	uint8_t *ip = buf_ + l2_;
	uint8_t *udp = ip + kIpLen;
	const uint16_t udp_length = get16(udp + 4);
	put16(ip + 10, 0);
	ip_sum0_ = fast_sum({ip, kIpLen});
	put16(udp + 6, 0);
	udp_sum0_ = fast_sum({udp, udp_length}, pseudo_header_sum(ip, udp_length));
}

std::span<const uint8_t> FrameTemplate::make(uint16_t flow, uint32_t seq)
{
	// What differs from flow 0, sequence 0: the IP identification (seq),
	// the low half of the source address (flow), the UDP source port
	// (1024 + flow % 64512 for 1024) and the payload's flow and sequence.
	// A 16-bit word that grows by d adds d to the ones' complement sum, so
	// the checksums follow from the template's sums in a few additions.
	uint8_t *ip = buf_ + l2_;
	// flow % 64512 for a 16-bit flow, without dividing.
	const uint16_t port_delta = flow >= 64512 ? uint16_t(flow - 64512) : flow;
	put16(ip + 4, uint16_t(seq));
	ip[14] = uint8_t(flow >> 8), ip[15] = uint8_t(flow);
	put16(ip + 10, uint16_t(~inet::fold(ip_sum0_ + uint16_t(seq) + flow)));

	uint8_t *udp = ip + kIpLen;
	put16(udp, uint16_t(1024 + port_delta));
	uint8_t *pl = udp + kUdpLen;
	put16(pl + 2, flow);
	put32(pl + 4, seq);
	// The flow twice (source address in the pseudo-header, payload).
	const uint32_t s = udp_sum0_ + 2u * flow + port_delta + (seq >> 16) + (seq & 0xffff);
	uint16_t c = uint16_t(~inet::fold(s));
	put16(udp + 6, c ? c : 0xffff);
	return {buf_, len_};
}

} // namespace dpaa::model::gen
