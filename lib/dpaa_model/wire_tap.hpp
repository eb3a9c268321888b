/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A Linux TAP interface plugged into a MAC: the kernel's network stack is
// the far end, so ping, ARP and sockets on the host reach the application
// behind the modelled MAC. The link is up while the TAP interface is
// administratively up (`ip link set <name> down` takes the link down),
// whichever network namespace it has been moved to; frames are read without
// blocking on each poll. The kernel hands over frames as short as it built
// them (an ARP request is 42 bytes); the wire pads them with zeros to the
// 60-byte minimum, as the sending MAC of a real link would. A frame sent
// while the interface is down is lost for want of a carrier (the MAC counts
// a transmit error). Needs CAP_NET_ADMIN and /dev/net/tun. The interface
// exists as long as the wire.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <sys/types.h>
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
	// The shortest frame a MAC sends, without FCS (IEEE 802.3 minimum 64).
	static constexpr size_t kMinFrame = 60;

	// nullptr and error set when the interface cannot be created.
	static std::unique_ptr<TapWire> open(const TapParams &params, std::string &error);
	~TapWire() override;

	void attach(MacPort &mac) override { mac_ = &mac; }
	bool transmit(std::span<const uint8_t> frame) override;
	bool poll() override;
	bool link_up() const override;
	std::string describe() const override { return "tap:name=" + name_; }

	const std::string &name() const { return name_; }
	uint64_t to_kernel() const { return tx_frames_.load(std::memory_order_relaxed); }
	uint64_t from_kernel() const { return rx_frames_.load(std::memory_order_relaxed); }
	// Frames the kernel's backlog refused (congestion).
	uint64_t dropped() const { return tx_dropped_.load(std::memory_order_relaxed); }
	// Frames sent while the interface was down.
	uint64_t no_carrier() const { return tx_no_carrier_.load(std::memory_order_relaxed); }

private:
	TapWire() = default;
	// ctl_ as a socket of the namespace the interface is in now; -1 if
	// that cannot be had. Caller holds ctl_lock_.
	int ctl_socket() const;

	std::string name_;
	int fd_ = -1; // the TAP queue
	MacPort *mac_ = nullptr;
	std::vector<uint8_t> buf_ = std::vector<uint8_t>(kMaxFrame);
	size_t held_len_ = 0; // a frame read but refused by the MAC
	std::atomic<uint64_t> rx_frames_{0}, tx_frames_{0}, tx_dropped_{0}, tx_no_carrier_{0};

	// Interface flag queries need a socket in the interface's network
	// namespace, which changes when the user moves it (ip link set <name>
	// netns <ns>): the socket is renewed when the namespace's inode does.
	mutable std::mutex ctl_lock_;
	mutable int ctl_ = -1;
	mutable ino_t ctl_netns_ = 0;
};

} // namespace dpaa::model
