/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A MAC for wire tests: records what the wire delivers, and refuses frames
// while told to (back-pressure) or once it holds `room` frames.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "dpaa_model/wire.hpp"

namespace dpaa::model::test
{

using Frame = std::vector<uint8_t>;

class TestMac final : public MacPort
{
public:
	explicit TestMac(uint32_t speed_mbps = 10000) : speed_(speed_mbps) {}

	bool wire_rx(std::span<const uint8_t> frame, bool fcs_ok) override
	{
		if (refuse || rx.size() >= room) {
			refused++;
			return false;
		}
		rx.emplace_back(frame.begin(), frame.end());
		bad_fcs += !fcs_ok;
		return true;
	}
	uint32_t speed_mbps() const override { return speed_; }
	bool rx_ready() const override { return ready; }
	uint32_t rx_dequeuers() const override { return dequeuers; }

	Frame pop()
	{
		Frame f = std::move(rx.front());
		rx.pop_front();
		return f;
	}

	std::deque<Frame> rx;
	bool refuse = false;
	bool ready = true;
	uint32_t dequeuers = 1; // portals polling the MAC's Rx queues
	size_t room = SIZE_MAX;
	uint64_t refused = 0;
	uint64_t bad_fcs = 0;

private:
	uint32_t speed_;
};

inline Frame numbered_frame(uint32_t n, size_t len = 60)
{
	Frame f(len);
	for (size_t i = 0; i < len; i++)
		f[i] = uint8_t(i * 7 + n);
	f[12] = 0x88, f[13] = 0xb5; // local experimental EtherType
	f[14] = uint8_t(n >> 24), f[15] = uint8_t(n >> 16), f[16] = uint8_t(n >> 8),
	f[17] = uint8_t(n);
	return f;
}

} // namespace dpaa::model::test
