/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A pcap file on each side of a MAC: frames read from rx= are received by
// the MAC (at line rate, a given rate, or as fast as the MAC takes them;
// loop=N passes over the file, 0 = forever), frames the MAC transmits are
// appended to tx=.
//
// When playback starts (start=): "poll" (the default) once the application
// polls the MAC's Rx queues, as DPDK's net_pcap reads its file when polled:
// some software portal dequeues one of the MAC's Rx FQs
// (MacPort::rx_dequeuers()), and the set of those portals has not changed
// for kSettleMs, so that frames go to the lcores that forward rather than
// to a start-up flush on another lcore (testpmd's main lcore polls every
// queue once at "start", then the forwarding lcores take them over). In
// stepped mode playback starts at the first poll that sees a dequeuer.
// "enable": as soon as the MAC and its Rx port are enabled (rx_ready()).
// Either way nothing plays while the MAC cannot receive.
//
// The output is flushed after each poll that wrote to it and when the wire
// is flushed or destroyed, so a reader sees whole records once the System
// stops or the application exits. Timestamps written are the wall clock, or
// (wall_clock false: stepped mode) a counter of microseconds so that a
// stepped run writes the same file every time. A damaged input (cut
// mid-record, a record longer than a capture can hold) ends playback with
// one warning naming the file and the record (wire_warning()).
//
// fcs=yes: the records carry the frame's FCS in their last four bytes, as
// a capture taken with the FCS kept does (a tester's capture, Wireshark's
// "Ethernet with FCS"). Received records have it checked: a wrong one, or a
// record shorter than an FCS, reaches the MAC as a frame with a bad FCS,
// which is how a tester sends one. Transmitted records get the FCS the MAC
// appends on the line.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "dpaa_model/pacer.hpp"
#include "dpaa_model/wire.hpp"

struct pcap;
struct pcap_dumper;

namespace dpaa::model
{

enum class PcapStart { poll, enable };

struct PcapParams {
	std::string rx; // empty: nothing received
	std::string tx; // empty: transmitted frames dropped
	Rate rate;
	uint64_t loop = 1; // passes over rx; 0: forever
	PcapStart start = PcapStart::poll;
	bool fcs = false; // records end with the frame's FCS

	bool operator==(const PcapParams &) const = default;
};

class PcapWire final : public Wire
{
public:
	static constexpr unsigned kPollBurst = 32;
	static constexpr int kSnapLen = 65535;
	// How long the application's set of polling portals must stay the
	// same before playback starts (start=poll, threaded mode): longer than
	// testpmd's start-up flush (two passes 10 ms apart), short for a user.
	static constexpr uint64_t kSettleMs = 250;

	// nullptr and error set ("cannot open ...: <libpcap's reason>") when a
	// file cannot be opened.
	static std::unique_ptr<PcapWire> open(std::string port, const PcapParams &params,
					      bool throttle, bool wall_clock, std::string &error);
	~PcapWire() override;

	void attach(MacPort &mac) override;
	bool transmit(std::span<const uint8_t> frame) override;
	bool poll() override;
	bool link_up() const override { return true; }
	std::string describe() const override;

	void flush();
	uint64_t received() const { return rx_frames_.load(std::memory_order_relaxed); }
	uint64_t written() const { return tx_frames_.load(std::memory_order_relaxed); }
	// fcs=yes: the received records whose FCS was wrong.
	uint64_t bad_fcs() const { return bad_fcs_.load(std::memory_order_relaxed); }
	bool rx_done() const { return rx_done_.load(std::memory_order_relaxed); }
	// Whether playback has started (start= met).
	bool playing() const { return playing_.load(std::memory_order_relaxed); }

private:
	PcapWire(std::string port, const PcapParams &params, bool throttle, bool wall_clock);
	bool next_frame(); // fills held_ from the file; false at the end
	bool may_play();   // start= met (latched)

	std::string port_;
	PcapParams params_;
	bool throttle_;
	bool wall_clock_;
	MacPort *mac_ = nullptr;
	Pacer pacer_;
	pcap *in_ = nullptr;
	pcap *dead_ = nullptr;
	pcap_dumper *out_ = nullptr;
	std::vector<uint8_t> held_;
	bool have_held_ = false;
	bool held_fcs_ok_ = true;
	std::vector<uint8_t> tx_stage_; // fcs=yes: a frame and its FCS
	uint64_t passes_ = 0;
	uint64_t pass_frames_ = 0;
	bool dirty_ = false;
	uint64_t stamp_us_ = 0;
	uint32_t dequeuers_ = 0;	// start=poll: the portals seen last
	uint64_t settled_since_ps_ = 0; // and since when
	std::atomic<bool> playing_{false};
	std::atomic<bool> rx_done_{false};
	std::atomic<uint64_t> rx_frames_{0}, tx_frames_{0}, bad_fcs_{0};
};

} // namespace dpaa::model
