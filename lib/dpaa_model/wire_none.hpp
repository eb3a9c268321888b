/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// Nothing plugged in: the link is down, what the MAC sends is lost.
#pragma once

#include <atomic>

#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

class NoneWire final : public Wire
{
public:
	void attach(MacPort &) override {}
	// No cable, no carrier.
	bool transmit(std::span<const uint8_t>) override
	{
		dropped_.fetch_add(1, std::memory_order_relaxed);
		return false;
	}
	bool poll() override { return false; }
	bool link_up() const override { return false; }
	std::string describe() const override { return "none"; }

	uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

private:
	std::atomic<uint64_t> dropped_{0};
};

} // namespace dpaa::model
