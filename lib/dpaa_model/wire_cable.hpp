/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A cable between two MACs: one bounded queue each way. What one MAC
// transmits waits in the far end's queue until the far MAC takes it; a MAC
// that refuses (wire_rx() false) keeps the frame at the queue's head, and a
// full queue makes the sender's tx_ready() false, as PAUSE frames would, so
// no frame is lost between MACs that honour tx_ready().
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "dpaa_model/frame_queue.hpp"
#include "dpaa_model/pacer.hpp"
#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

class CableEnd : public Wire
{
public:
	static constexpr size_t kDefaultQueueFrames = 1024;
	// Frames handed to the MAC per poll at most, to keep a step bounded.
	static constexpr unsigned kPollBurst = 32;
	// The cable's propagation delay: 10 m at 5 ns/m. A frame's first bit
	// reaches the far MAC this long after it left (what PTP measures as the
	// path delay); its Rx timestamp says so, however late the model takes it.
	static constexpr uint64_t kPropagationNs = 50;

	// One end of a cable; connect two ends with connect(), or an end to
	// itself for a loopback.
	CableEnd(std::string port, bool throttle, size_t queue_frames = kDefaultQueueFrames);
	static void connect(CableEnd &a, CableEnd &b);
	// inject= (config.hpp): the frames of a pcap file, sent once from this
	// end towards the peer as soon as the peer MAC's Rx is polled (by the
	// same set of portals for a while, as a pcap wire starts playing).
	// false, and error, if the file cannot be read.
	bool load_inject(const std::string &path, std::string &error);
	static constexpr uint64_t kInjectSettleMs = 250;
	static constexpr uint64_t kNoTime = UINT64_MAX; // a queued frame without departure time

	void attach(MacPort &mac) override;
	bool transmit(std::span<const uint8_t> frame) override;
	bool tx_ready() const override { return peer_ && !peer_->inbound_.full(); }
	bool poll() override;
	bool link_up() const override { return mac_ && peer_ && peer_->mac_; }
	std::string describe() const override;
	const MacPort *far_mac() const override { return peer_ ? peer_->mac_ : nullptr; }

	struct Stats {
		uint64_t tx_frames;  // taken from this end's MAC
		uint64_t rx_frames;  // handed to this end's MAC
		uint64_t tx_dropped; // transmitted while not tx_ready() or link down
		uint64_t rx_refused; // times this end's MAC refused a frame
	};
	Stats stats() const;
	size_t queued() const { return inbound_.size(); }

private:
	std::string port_;
	bool throttle_;
	MacPort *mac_ = nullptr;
	CableEnd *peer_ = nullptr;
	FrameQueue inbound_; // frames from the peer, towards this end's MAC
	Pacer pacer_;
	uint32_t speed_mbps_ = 0;		   // the pacer's
	std::vector<std::vector<uint8_t>> inject_; // frames still to inject
	uint32_t inject_who_ = 0;		   // peer's Rx dequeuers, and since when
	uint64_t inject_since_ps_ = 0;
	bool inject_now();
	std::atomic<uint64_t> tx_frames_{0}, rx_frames_{0}, tx_dropped_{0}, rx_refused_{0};
};

} // namespace dpaa::model
