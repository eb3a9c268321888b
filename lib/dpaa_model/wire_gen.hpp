/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A traffic generator plugged into a MAC: frames of the gen_frame format, of
// one size or a cycling mix of sizes, untagged, 802.1Q or QinQ, spread over
// flows round-robin (frame i is flow i % flows, sequence i / flows), at the
// MAC's line rate, a given rate or as fast as the MAC takes them without
// loss (rate=max: it holds back while the Rx FQ its last frame went to would
// tail-drop the next, MacPort::rx_backlogged()), optionally a given count. A frame the MAC refuses
// is offered again (same flow and sequence) on the next poll; nothing is sent before the MAC is
// ready to receive (MacPort::rx_ready()). What the MAC transmits is counted and dropped.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "dpaa_model/gen_frame.hpp"
#include "dpaa_model/pacer.hpp"
#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

struct GenParams {
	std::vector<uint32_t> sizes{uint32_t(gen::kMinFrame)}; // without FCS
	gen::Tags tags;
	uint32_t flows = 1;
	Rate rate;	    // line by default
	uint64_t count = 0; // 0: no end

	bool operator==(const GenParams &o) const
	{
		return sizes == o.sizes && tags.vlan == o.tags.vlan && tags.outer == o.tags.outer &&
		       tags.inner == o.tags.inner && flows == o.flows && rate == o.rate &&
		       count == o.count;
	}
};

class GenWire final : public Wire
{
public:
	static constexpr unsigned kPollBurst = 32;

	GenWire(std::string port, GenParams params, bool throttle);

	void attach(MacPort &mac) override;
	bool transmit(std::span<const uint8_t> frame) override;
	bool poll() override;
	bool link_up() const override { return true; }
	bool link_fixed() const override { return true; }
	std::string describe() const override;

	const GenParams &params() const { return params_; }
	uint64_t sent() const { return sent_.load(std::memory_order_relaxed); }
	uint64_t sent_bytes() const { return sent_bytes_.load(std::memory_order_relaxed); }
	uint64_t refused() const { return refused_.load(std::memory_order_relaxed); }
	uint64_t from_mac() const { return from_mac_.load(std::memory_order_relaxed); }
	// rate=max: polls that held back because the MAC's Rx queue was full.
	uint64_t held() const { return held_.load(std::memory_order_relaxed); }
	bool done() const { return params_.count && sent() >= params_.count; }
	// The time the pacer leaves after a frame of that size (0: unthrottled).
	uint64_t interval_ps(uint64_t frame_bytes) const { return pacer_.interval_ps(frame_bytes); }

private:
	std::string port_;
	GenParams params_;
	bool throttle_;
	MacPort *mac_ = nullptr;
	Pacer pacer_;
	std::vector<std::unique_ptr<gen::FrameTemplate>> templates_; // one per size
	uint64_t next_ = 0; // index of the next frame to offer
	// next_ % sizes, next_ % flows and next_ / flows.
	size_t next_template_ = 0;
	uint32_t next_flow_ = 0;
	uint64_t next_seq_ = 0;
	std::atomic<uint64_t> sent_{0}, sent_bytes_{0}, refused_{0}, from_mac_{0}, held_{0};
};

} // namespace dpaa::model
