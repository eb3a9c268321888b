/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The seam between a modelled MAC and what is plugged into it. The FMan model
// implements MacPort for each MAC; a Wire (loopback, cable, pcap, tap,
// generator, sink, none) is attached to one MAC and carries its frames.
// Frames cross the seam without FCS: the MAC adds/checks it, the wire tells
// the MAC whether the frame it delivers had a good one.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace dpaa::model
{

class MacPort
{
public:
	// Wire -> MAC receive. false = the MAC cannot take the frame now (its
	// pools depleted with FMBM_RMPD set: PAUSE); the wire keeps
	// the frame and retries on a later poll, so nothing is lost in a cable.
	virtual bool wire_rx(std::span<const uint8_t> frame, bool fcs_ok) = 0;
	// The MAC's line speed, for wires that pace at line rate.
	virtual uint32_t speed_mbps() const = 0;
	// Whether the MAC receives at all now (its Rx enabled, its Rx port
	// enabled). A frame arriving while not is dropped and counted, as on a
	// board; wires that replay a file or generate traffic (pcap, gen) wait
	// for it instead, so that frames are not spent on an application that
	// is still starting.
	virtual bool rx_ready() const { return true; }
	// The software portals that dequeue the frames this MAC receives, a
	// bit per portal: those whose static dequeue (SDQCR) selects the
	// channel of one of the MAC's Rx FQs, or that volatile-dequeued one
	// (VDQCR). 0 while the application polls none of the MAC's Rx queues.
	// A pcap wire starts playing when this has been non-zero and settled.
	virtual uint32_t rx_dequeuers() const { return 1; }
	// Whether the Rx frame queue the MAC's last frame went to is full: QMan
	// would tail-drop a frame enqueued to it now. A generator at rate=max
	// holds back while it is (like a tester under flow control), so that it
	// offers what the application takes, not what the MAC would drop.
	virtual bool rx_backlogged() const { return false; }

	// The speed and duplex the MAC is set to (a MAC with autoneg takes its
	// link partner's, up to speed_mbps), and the fastest it can run: what
	// a cable compares with its far end's to bring the link up.
	struct Mode {
		uint32_t speed_mbps;
		bool full_duplex;
		bool autoneg;
	};
	virtual Mode link_mode() const { return {speed_mbps(), true, false}; }
	virtual uint32_t max_speed_mbps() const { return speed_mbps(); }
	// Whether the MAC's PHY is powered (a kernel powers it down when the
	// interface is set down): a link needs both ends' PHYs up.
	virtual bool phy_powered() const { return true; }

	// IEEE 1588: the model's time now (ns), which the MAC's timer counts
	// from; and, called by a wire just before wire_rx(), when the frame's
	// first bit reached the MAC in that time, so that its Rx timestamp is
	// the frame's arrival even if the model takes it later.
	virtual uint64_t wire_time_ns() const { return 0; }
	virtual void wire_arrival(uint64_t) {}

protected:
	~MacPort() = default;
};

// Where a wire reports, while it runs, what its user must know (a damaged
// capture file ends playback early). The platform layer installs a function
// that logs; none installed: not reported. Called from the model's thread.
using WireWarningFn = void (*)(const std::string &message);
void set_wire_warning(WireWarningFn fn) noexcept;
void wire_warning(const std::string &message);

class Wire
{
public:
	virtual ~Wire() = default;
	virtual void attach(MacPort &mac) = 0;
	// MAC Tx -> wire, frame without FCS. false: the line has no carrier (a
	// TAP interface that is down), so the frame is lost as it leaves the
	// MAC, which counts a transmit error. A frame the far end drops for its
	// own reasons (a full cable, a full kernel backlog) was sent: true.
	virtual bool transmit(std::span<const uint8_t> frame) = 0;
	// Whether transmit() can take a frame now. A cable or loopback whose far
	// MAC back-pressures (wire_rx() false) fills up like a link under PAUSE;
	// a MAC that checks this before dequeuing a Tx frame leaves the frame on
	// its Tx FQ and nothing is lost. transmit() while not ready drops the
	// frame and counts it.
	virtual bool tx_ready() const { return true; }
	// Bring frames from the far end into the MAC; true if work was done.
	virtual bool poll() = 0;
	virtual bool link_up() const = 0;
	virtual std::string describe() const = 0;
	// The MAC at the other end (a cable's), whose speed and duplex the link
	// must agree with; nullptr when the far end is not a modelled MAC.
	virtual const MacPort *far_mac() const { return nullptr; }
	// Whether link_up() is always true and far_mac() always nullptr (a
	// generator, a sink): the link then depends on the MAC's own setting
	// alone, which the MAC may keep rather than resolve again.
	virtual bool link_fixed() const { return false; }
};

} // namespace dpaa::model
