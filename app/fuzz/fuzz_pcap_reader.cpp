/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// libFuzzer target: the pcap wire's reader (lib/dpaa_model/wire_pcap.cpp)
// given an arbitrary file, played twice (loop=2) into a MAC that takes every
// frame and reads every byte of it. It must open the file or refuse it with
// an error, play what it can, end (a damaged file ends playback with one
// warning), never hand the MAC a frame longer than a capture holds, and
// never crash.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "dpaa_model/wire_pcap.hpp"

namespace
{

namespace model = dpaa::model;

class TakeAll final : public model::MacPort
{
public:
	bool wire_rx(std::span<const uint8_t> frame, bool) override
	{
		if (frame.size() > model::PcapWire::kSnapLen) {
			fprintf(stderr, "fuzz_pcap_reader: a %zu-byte frame\n", frame.size());
			abort();
		}
		for (uint8_t b : frame)
			sum_ = static_cast<uint8_t>(sum_ ^ b);
		frames_++;
		return true;
	}
	uint32_t speed_mbps() const override { return 10000; }
	uint64_t frames_ = 0;

private:
	volatile uint8_t sum_ = 0;
};

unsigned warnings;

void count_warning(const std::string &)
{
	warnings++;
}

std::string input_path()
{
	return "/tmp/fuzz_pcap_reader." + std::to_string(getpid()) + ".pcap";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const std::string path = input_path();
	FILE *f = fopen(path.c_str(), "wb");
	if (f == nullptr || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror("fuzz_pcap_reader: cannot write its input file");
		abort();
	}
	model::set_wire_warning(count_warning);
	warnings = 0;
	model::PcapParams params;
	params.rx = path;
	params.rate.kind = model::Rate::Kind::max;
	params.loop = 2;
	params.start = model::PcapStart::enable;
	std::string error;
	auto wire = model::PcapWire::open("fm1-mac9", params, false, false, error);
	if (wire) {
		TakeAll mac;
		wire->attach(mac);
		// Every record takes at least its 16-byte header: a file of n bytes
		// plays at most 2 * n / 16 frames in 2 passes.
		const uint64_t most = 2 * size / 16;
		for (uint64_t polls = 0; !wire->rx_done(); polls++) {
			if (polls > most + 1) {
				fprintf(stderr, "fuzz_pcap_reader: playback does not end\n");
				abort();
			}
			wire->poll();
		}
		if (mac.frames_ != wire->received() || mac.frames_ > most || warnings > 1) {
			fprintf(stderr,
				"fuzz_pcap_reader: %lu frames taken, %lu counted, %u warnings\n",
				static_cast<unsigned long>(mac.frames_),
				static_cast<unsigned long>(wire->received()), warnings);
			abort();
		}
	} else if (error.empty()) {
		fprintf(stderr, "fuzz_pcap_reader: refused without an error\n");
		abort();
	}
	unlink(path.c_str());
	return 0;
}
