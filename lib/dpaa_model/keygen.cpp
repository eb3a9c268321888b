/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa_model/keygen.hpp"

#include <algorithm>
#include <cstring>

namespace dpaa::model
{

namespace
{

namespace kg = hw::fman::kg;
namespace kn = hw::fman::kg::kn;
namespace hf = hw::fman;

constexpr uint64_t kCrc64Poly = 0x42f0e1eba9ea3693ull; // ECMA-182

constexpr std::array<uint64_t, 256> make_crc64_table()
{
	std::array<uint64_t, 256> t{};
	for (unsigned i = 0; i < 256; i++) {
		uint64_t c = uint64_t{i} << 56;
		for (int b = 0; b < 8; b++)
			c = (c & (uint64_t{1} << 63)) ? (c << 1) ^ kCrc64Poly : c << 1;
		t[i] = c;
	}
	return t;
}
constexpr auto kCrc64Table = make_crc64_table();

constexpr unsigned word(uint32_t off) noexcept
{
	return (off - kg::kIndirect) / 4;
}

// One extracted field: where it sits in the frame and how wide it is.
struct Field {
	uint32_t bit;
	uint8_t width;
};

// Known fields in key order (bit 31 first) and their widths in bytes.
constexpr Field kFields[] = {
	{kn::kPortId, 1},  {kn::kMacDst, 6},   {kn::kMacSrc, 6},   {kn::kTci1, 2},
	{kn::kTci2, 2},	   {kn::kEtype, 2},    {kn::kPppSid, 2},   {kn::kPppId, 2},
	{kn::kMpls1, 4},   {kn::kMpls2, 4},    {kn::kMplsLast, 4}, {kn::kIpSrc1, 16},
	{kn::kIpDst1, 16}, {kn::kPtype1, 1},   {kn::kIpTos1, 1},   {kn::kIpv6Fl1, 3},
	{kn::kIpSrc2, 16}, {kn::kIpDst2, 16},  {kn::kPtype2, 1},   {kn::kIpTos2, 1},
	{kn::kIpv6Fl2, 3}, {kn::kGrePtype, 2}, {kn::kIpsecSpi, 4}, {kn::kIpsecNh, 1},
	{kn::kIpPid, 1},   {kn::kL4PSrc, 2},   {kn::kL4PDst, 2},   {kn::kTcpFlags, 2},
};

class Extractor
{
public:
	Extractor(std::span<const uint8_t> f, const hf::ParseResult &pr, uint8_t port_id)
	    : p_(f.data()), len_(f.size()), pr_(pr), port_id_(port_id)
	{
	}

	// Writes the field's bytes to out (width bytes); zeros if absent.
	void extract(uint32_t bit, uint8_t *out, uint8_t width) const noexcept
	{
		std::memset(out, 0, width);
		switch (bit) {
		case kn::kPortId:
			out[0] = port_id_;
			return;
		case kn::kMacDst:
			return copy(pr_.eth_off, 0, out, 6);
		case kn::kMacSrc:
			return copy(pr_.eth_off, 6, out, 6);
		case kn::kTci1:
			return copy(pr_.vlan_off[0], 0, out, 2);
		case kn::kTci2:
			return copy(pr_.vlan_off[1], 0, out, 2);
		case kn::kEtype:
			return copy(pr_.etype_off, 0, out, 2);
		case kn::kPppSid:
			return copy(pr_.pppoe_off, 2, out, 2);
		case kn::kPppId:
			return copy(pr_.pppoe_off, 6, out, 2);
		case kn::kMpls1:
			return copy(pr_.mpls_off[0], 0, out, 4);
		case kn::kMpls2:
			if (pr_.mpls_off[0] != pr_.mpls_off[1])
				copy(pr_.mpls_off[0], 4, out, 4);
			return;
		case kn::kMplsLast:
			return copy(pr_.mpls_off[1], 0, out, 4);
		case kn::kIpSrc1:
			return ip_addr(pr_.ip_off[0], true, out);
		case kn::kIpDst1:
			return ip_addr(pr_.ip_off[0], false, out);
		case kn::kPtype1:
			return ip_proto(pr_.ip_off[0], out);
		case kn::kIpTos1:
			return ip_tos(pr_.ip_off[0], out);
		case kn::kIpv6Fl1:
			return flow_label(pr_.ip_off[0], out);
		case kn::kIpSrc2:
			return ip_addr(pr_.ip_off[1], true, out);
		case kn::kIpDst2:
			return ip_addr(pr_.ip_off[1], false, out);
		case kn::kPtype2:
			return ip_proto(pr_.ip_off[1], out);
		case kn::kIpTos2:
			return ip_tos(pr_.ip_off[1], out);
		case kn::kIpv6Fl2:
			return flow_label(pr_.ip_off[1], out);
		case kn::kGrePtype:
			return copy(pr_.gre_off, 2, out, 2);
		case kn::kIpsecSpi:
			if ((pr_.l4r & hf::l4r::kTypeMask) == hf::l4r::kIpsec)
				copy(pr_.l4_off,
				     (pr_.l4r & hf::l4r::kResultMask) == hf::l4r::kIpsecAh ? 4 : 0,
				     out, 4);
			return;
		case kn::kIpsecNh:
			return;
		case kn::kIpPid:
			return copy(pr_.ip_pid_off, 0, out, 1);
		case kn::kL4PSrc:
			if (has_ports())
				copy(pr_.l4_off, 0, out, 2);
			return;
		case kn::kL4PDst:
			if (has_ports())
				copy(pr_.l4_off, 2, out, 2);
			return;
		case kn::kTcpFlags:
			if ((pr_.l4r & hf::l4r::kTypeMask) == hf::l4r::kTcp)
				copy(pr_.l4_off, 12, out, 2);
			out[0] &= 0x0f;
			return;
		default:
			return;
		}
	}

private:
	bool has_ports() const noexcept
	{
		uint8_t t = pr_.l4r & hf::l4r::kTypeMask;
		return t == hf::l4r::kTcp || t == hf::l4r::kUdp || t == hf::l4r::kSctp ||
		       t == hf::l4r::kDccp;
	}
	void copy(uint8_t base, uint32_t add, uint8_t *out, uint32_t n) const noexcept
	{
		if (base == hf::kNoOffset)
			return;
		uint32_t off = base + add;
		if (off <= len_ && n <= len_ - off)
			std::memcpy(out, p_ + off, n);
	}
	bool v6(uint8_t ip) const noexcept { return ip < len_ && (p_[ip] >> 4) == 6; }
	void ip_addr(uint8_t ip, bool src, uint8_t *out) const noexcept
	{
		if (ip == hf::kNoOffset)
			return;
		if (v6(ip))
			copy(ip, src ? 8 : 24, out, 16);
		else
			copy(ip, src ? 12 : 16, out, 4);
	}
	void ip_proto(uint8_t ip, uint8_t *out) const noexcept
	{
		if (ip != hf::kNoOffset)
			copy(ip, v6(ip) ? 6 : 9, out, 1);
	}
	void ip_tos(uint8_t ip, uint8_t *out) const noexcept
	{
		if (ip == hf::kNoOffset || uint32_t{ip} + 2 > len_)
			return;
		out[0] = v6(ip) ? static_cast<uint8_t>(p_[ip] << 4 | p_[ip + 1] >> 4) : p_[ip + 1];
	}
	void flow_label(uint8_t ip, uint8_t *out) const noexcept
	{
		if (ip == hf::kNoOffset || !v6(ip))
			return;
		copy(ip, 1, out, 3);
		out[0] &= 0x0f;
	}

	const uint8_t *p_;
	uint32_t len_;
	const hf::ParseResult &pr_;
	uint8_t port_id_;
};

} // namespace

uint64_t crc64(const uint8_t *p, size_t len) noexcept
{
	uint64_t c = 0;
	for (size_t i = 0; i < len; i++)
		c = (c << 8) ^ kCrc64Table[static_cast<uint8_t>((c >> 56) ^ p[i])];
	return c;
}

void Keygen::reset() noexcept
{
	regs_.fill(0);
	for (auto &s : schemes_)
		s.fill(0);
	port_sp_.fill(0);
	port_cpp_.fill(0);
}

uint32_t Keygen::read(uint32_t off) const noexcept
{
	if (off >= 0x200 || (off & 3))
		return 0;
	return regs_[off / 4];
}

void Keygen::write(uint32_t off, uint32_t v) noexcept
{
	if (off >= 0x200 || (off & 3))
		return;
	if (off == kg::kAr) {
		action(v);
		return;
	}
	if (off == kg::kTpc || off == kg::kGsr)
		return; // read-only
	regs_[off / 4] = v;
}

void Keygen::action(uint32_t ar) noexcept
{
	regs_[kg::kAr / 4] = ar & ~kg::kArGo;
	if (!(ar & kg::kArGo))
		return;
	uint32_t *win = &regs_[kg::kIndirect / 4];
	bool read = ar & kg::kArRead;
	switch (ar & kg::kArSelMask) {
	case kg::kArSelScheme: {
		auto &s = schemes_[(ar & kg::kArNumMask) >> kg::kArNumShift];
		if (read) {
			std::copy(s.begin(), s.end(), win);
		} else {
			uint32_t spc = s[word(kg::kSeSpc)];
			std::copy(win, win + s.size(), s.begin());
			if (!(ar & kg::kArSchemeUpdateCnt))
				s[word(kg::kSeSpc)] = spc;
		}
		break;
	}
	case kg::kArSelPort: {
		unsigned id = ar & kg::kArPortIdMask;
		if (read) {
			win[0] = port_sp_[id];
			win[1] = port_cpp_[id];
		} else {
			if (ar & kg::kArPortWselSp)
				port_sp_[id] = win[0];
			if (ar & kg::kArPortWselCpp)
				port_cpp_[id] = win[1];
		}
		break;
	}
	default:
		// Classification plans are not modelled: report the access as an error.
		regs_[kg::kAr / 4] |= kg::kArErr;
		break;
	}
}

Keygen::Result Keygen::classify_port(std::span<const uint8_t> frame, const hf::ParseResult &pr,
				     uint8_t port_id) noexcept
{
	const uint32_t sp = port_sp_[port_id & 63];
	for (unsigned n = 0; n < kg::kNumSchemes; n++)
		if ((sp & (0x80000000u >> n)) && (schemes_[n][word(kg::kSeMode)] & kg::kModeEn))
			return classify(n, frame, pr, port_id);
	return Result{false, 0, 0, 0};
}

Keygen::Result Keygen::classify(unsigned scheme, std::span<const uint8_t> frame,
				const hf::ParseResult &pr, uint8_t port_id) noexcept
{
	auto &s = schemes_[scheme % kg::kNumSchemes];
	uint32_t mode = s[word(kg::kSeMode)];
	if (!(mode & kg::kModeEn))
		return Result{false, 0, 0, 0};
	uint32_t ekfc = s[word(kg::kSeEkfc)];
	uint32_t hc = s[word(kg::kSeHc)];

	// Slots for every known field, so that symmetric pairs can be ordered
	// before they are concatenated.
	uint8_t slots[std::size(kFields)][16];
	Extractor ex(frame, pr, port_id);
	for (unsigned i = 0; i < std::size(kFields); i++)
		if (ekfc & kFields[i].bit)
			ex.extract(kFields[i].bit, slots[i], kFields[i].width);
	if (hc & kg::kHcSymmetric) {
		auto order = [&](uint32_t a_bit, uint32_t b_bit) {
			unsigned a = 0, b = 0;
			for (unsigned i = 0; i < std::size(kFields); i++) {
				if (kFields[i].bit == a_bit)
					a = i;
				if (kFields[i].bit == b_bit)
					b = i;
			}
			if ((ekfc & a_bit) && (ekfc & b_bit) &&
			    std::memcmp(slots[a], slots[b], kFields[a].width) > 0) {
				uint8_t tmp[16];
				std::memcpy(tmp, slots[a], kFields[a].width);
				std::memcpy(slots[a], slots[b], kFields[a].width);
				std::memcpy(slots[b], tmp, kFields[a].width);
			}
		};
		order(kn::kMacSrc, kn::kMacDst);
		order(kn::kIpSrc1, kn::kIpDst1);
		order(kn::kIpSrc2, kn::kIpDst2);
		order(kn::kL4PSrc, kn::kL4PDst);
	}
	uint8_t key[128];
	size_t klen = 0;
	for (unsigned i = 0; i < std::size(kFields); i++) {
		if (!(ekfc & kFields[i].bit))
			continue;
		std::memcpy(key + klen, slots[i], kFields[i].width);
		klen += kFields[i].width;
	}
	uint64_t hash = crc64(key, klen);
	uint32_t fqid = s[word(kg::kSeFqb)] & 0x00ffffff;
	if (!(hc & kg::kHcNoFqid)) {
		unsigned shift = (hc & kg::kHcShiftMask) >> kg::kHcShiftShift;
		fqid += static_cast<uint32_t>((hash >> shift) & (hc & kg::kHcMask));
	}
	s[word(kg::kSeSpc)]++;
	regs_[kg::kTpc / 4]++;
	return Result{true, fqid & 0x00ffffff, hash, mode & kg::kModeNiaMask};
}

} // namespace dpaa::model
