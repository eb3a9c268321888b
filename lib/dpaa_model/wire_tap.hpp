/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A Linux TAP interface plugged into a MAC: the kernel's network stack is
// the far end, so ping, ARP and sockets on the host reach the application
// behind the modelled MAC. The link is up while the TAP interface is
// administratively up (`ip link set <name> down` takes the link down); frames
// are read without blocking on each poll. Needs CAP_NET_ADMIN and
// /dev/net/tun. The interface exists as long as the wire.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

struct TapParams {
	std::string name; // the interface name (at most 15 characters)

	bool operator==(const TapParams &) const = default;
};

class TapWire final : public Wire
{
public:
	static constexpr unsigned kPollBurst = 32;
	static constexpr size_t kMaxFrame = 9600 + 22;

	// nullptr and error set when the interface cannot be created.
	static std::unique_ptr<TapWire> open(const TapParams &params, std::string &error);
	~TapWire() override;

	void attach(MacPort &mac) override { mac_ = &mac; }
	void transmit(std::span<const uint8_t> frame) override;
	bool poll() override;
	bool link_up() const override;
	std::string describe() const override { return "tap:name=" + name_; }

	const std::string &name() const { return name_; }
	uint64_t to_kernel() const { return tx_frames_.load(std::memory_order_relaxed); }
	uint64_t from_kernel() const { return rx_frames_.load(std::memory_order_relaxed); }
	uint64_t dropped() const { return tx_dropped_.load(std::memory_order_relaxed); }

private:
	TapWire() = default;

	std::string name_;
	int fd_ = -1;  // the TAP queue
	int ctl_ = -1; // a socket for interface flag queries
	MacPort *mac_ = nullptr;
	std::vector<uint8_t> buf_ = std::vector<uint8_t>(kMaxFrame);
	size_t held_len_ = 0; // a frame read but refused by the MAC
	std::atomic<uint64_t> rx_frames_{0}, tx_frames_{0}, tx_dropped_{0};
};

} // namespace dpaa::model
