/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// libFuzzer target: the modelled FMan parser (lib/dpaa_model/parser.cpp)
// given an arbitrary received frame. The frame is libFuzzer's buffer, exactly
// its size, so AddressSanitizer sees any read past its end. What the parse
// result says must also be about the frame it was given: no header offset it
// reports is past the frame's end. A header may start at the end: a frame cut
// right before its IP header reports the IP offset with a length error, as
// the FMan's parser reports the offset of the header it found truncated.

#include <cstdio>
#include <cstdlib>

#include "dpaa_model/parser.hpp"

namespace
{

namespace prs = dpaa::hw::fman;

void check_offset(uint8_t off, size_t size, const char *field)
{
	if (off != prs::kNoOffset && off > size) {
		fprintf(stderr, "fuzz_parser: %s %u is past the %zu-byte frame\n", field, off,
			size);
		abort();
	}
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	prs::ParseResult pr;
	dpaa::model::parse_frame({data, size}, pr);
	check_offset(pr.eth_off, size, "eth_off");
	check_offset(pr.llc_snap_off, size, "llc_snap_off");
	check_offset(pr.vlan_off[0], size, "vlan_off[0]");
	check_offset(pr.vlan_off[1], size, "vlan_off[1]");
	check_offset(pr.etype_off, size, "etype_off");
	check_offset(pr.pppoe_off, size, "pppoe_off");
	check_offset(pr.mpls_off[0], size, "mpls_off[0]");
	check_offset(pr.mpls_off[1], size, "mpls_off[1]");
	check_offset(pr.ip_off[0], size, "ip_off[0]");
	check_offset(pr.ip_off[1], size, "ip_off[1]");
	check_offset(pr.gre_off, size, "gre_off");
	check_offset(pr.l4_off, size, "l4_off");
	check_offset(pr.ip_pid_off, size, "ip_pid_off");
	check_offset(pr.nxthdr_off, size, "nxthdr_off");
	return 0;
}
