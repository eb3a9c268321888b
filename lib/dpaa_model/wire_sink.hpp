/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A sink plugged into a MAC: counts what the MAC transmits and checks the
// generator's frames (gen_frame.hpp): intact (checksums, length), and per
// flow in order, with no loss and no duplicates. Nothing comes back.
// Counters may be read from any thread while the model runs.
#pragma once

#include <atomic>
#include <chrono>
#include <vector>

#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

class SinkWire final : public Wire
{
public:
	struct Counters {
		uint64_t frames = 0;	   // everything the MAC transmitted
		uint64_t bytes = 0;	   // their bytes, without FCS
		uint64_t generated = 0;	   // frames recognised as the generator's
		uint64_t bad = 0;	   // generator frames with a bad checksum or length
		uint64_t out_of_order = 0; // arrived after a later frame of their flow
		uint64_t duplicates = 0;   // a sequence number seen twice in a flow
		uint64_t lost = 0;	   // sequence numbers skipped and not seen since
	};
	struct RateSample {
		double seconds = 0; // since the previous sample
		double pps = 0;
		double mbps = 0; // frame bytes, without FCS and line overhead
	};

	explicit SinkWire(std::string port) : port_(std::move(port)) {}

	void attach(MacPort &) override {}
	bool transmit(std::span<const uint8_t> frame) override;
	bool poll() override { return false; }
	bool link_up() const override { return true; }
	bool link_fixed() const override { return true; }
	std::string describe() const override { return "sink"; }

	Counters counters() const;
	// The rate since the previous call (or since construction); one reader.
	RateSample rate();

private:
	struct Flow {
		uint32_t next = 0;   // the sequence number expected next
		uint64_t window = 0; // bit i: next - 1 - i was seen
	};
	// Per flow, in order (nearly every frame) inline; the rest out of line.
	void track(uint16_t flow, uint32_t seq)
	{
		if (flow >= flows_.size()) [[unlikely]]
			add_flows(flow);
		Flow &f = flows_[flow];
		if (seq == f.next) [[likely]] {
			f.window = (f.window << 1) | 1;
			f.next = seq + 1;
			return;
		}
		track_other(f, seq);
	}
	[[gnu::noinline]] void add_flows(uint16_t flow);
	[[gnu::noinline]] void track_other(Flow &f, uint32_t seq);

	std::string port_;
	std::vector<Flow> flows_;
	std::atomic<uint64_t> frames_{0}, bytes_{0}, generated_{0}, bad_{0}, out_of_order_{0},
		duplicates_{0}, lost_{0};
	std::chrono::steady_clock::time_point last_time_ = std::chrono::steady_clock::now();
	uint64_t last_frames_ = 0, last_bytes_ = 0;
};

} // namespace dpaa::model
