/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_cable.hpp"

#include <algorithm>

#include <pcap/pcap.h>

namespace dpaa::model
{

CableEnd::CableEnd(std::string port, bool throttle, size_t queue_frames)
    : port_(std::move(port)), throttle_(throttle), inbound_(queue_frames)
{
}

void CableEnd::connect(CableEnd &a, CableEnd &b)
{
	a.peer_ = &b;
	b.peer_ = &a;
}

void CableEnd::attach(MacPort &mac)
{
	mac_ = &mac;
	// Both ends run at the slower MAC's speed, as autonegotiation would
	// leave them; an end attached later updates both.
	for (CableEnd *e : {this, peer_}) {
		if (!e || !e->mac_)
			continue;
		uint32_t speed = e->mac_->speed_mbps();
		if (e->peer_ && e->peer_->mac_)
			speed = std::min(speed, e->peer_->mac_->speed_mbps());
		e->pacer_ = Pacer(Rate{}, speed, e->throttle_);
		e->speed_mbps_ = speed;
	}
}

bool CableEnd::transmit(std::span<const uint8_t> frame)
{
	tx_frames_.fetch_add(1, std::memory_order_relaxed);
	if (!link_up() || !peer_->inbound_.push(frame, mac_->wire_time_ns()))
		tx_dropped_.fetch_add(1, std::memory_order_relaxed);
	return true;
}

bool CableEnd::load_inject(const std::string &path, std::string &error)
{
	char err[PCAP_ERRBUF_SIZE] = "";
	pcap_t *in = pcap_open_offline(path.c_str(), err);
	if (in == nullptr) {
		error = "inject=" + path + ": " + err;
		return false;
	}
	pcap_pkthdr *h;
	const u_char *data;
	while (pcap_next_ex(in, &h, &data) == 1)
		inject_.emplace_back(data, data + h->caplen);
	pcap_close(in);
	return true;
}

// Whether the injected frames go now: the peer MAC receives and the set of
// portals polling its Rx stayed the same for kInjectSettleMs (an
// application's start-up flush would otherwise take them).
bool CableEnd::inject_now()
{
	if (!peer_ || !peer_->mac_ || !peer_->mac_->rx_ready())
		return false;
	const uint32_t who = peer_->mac_->rx_dequeuers();
	const uint64_t now = Pacer::now_ps();
	if (who == 0 || who != inject_who_) {
		inject_who_ = who;
		inject_since_ps_ = now;
		return false;
	}
	return now - inject_since_ps_ >= kInjectSettleMs * 1'000'000'000;
}

bool CableEnd::poll()
{
	if (!inject_.empty() && inject_now()) {
		for (const auto &f : inject_)
			peer_->inbound_.push(f, kNoTime);
		inject_.clear();
	}
	if (!mac_ || inbound_.empty())
		return false;
	bool worked = false;
	uint64_t now = 0;
	if (pacer_.throttled()) {
		now = Pacer::now_ps();
		// The line rate follows the MACs' speed setting (a driver that
		// sets 1G on a 10G MAC slows the cable down to 1G).
		uint32_t speed = mac_->speed_mbps();
		if (peer_ && peer_->mac_)
			speed = std::min(speed, peer_->mac_->speed_mbps());
		if (speed != speed_mbps_ && speed != 0) {
			speed_mbps_ = speed;
			pacer_ = Pacer(Rate{}, speed, throttle_);
		}
	}
	for (unsigned n = 0; n < kPollBurst && !inbound_.empty(); n++) {
		std::span<const uint8_t> f = inbound_.front();
		if (!pacer_.ready(now))
			break;
		if (inbound_.front_tag() != kNoTime)
			mac_->wire_arrival(inbound_.front_tag() + kPropagationNs);
		if (!mac_->wire_rx(f, true)) {
			rx_refused_.fetch_add(1, std::memory_order_relaxed);
			break;
		}
		pacer_.sent(f.size());
		inbound_.pop();
		rx_frames_.fetch_add(1, std::memory_order_relaxed);
		worked = true;
	}
	return worked;
}

std::string CableEnd::describe() const
{
	if (peer_ == this)
		return "loopback";
	return "cable:" + (peer_ ? peer_->port_ : std::string("?"));
}

CableEnd::Stats CableEnd::stats() const
{
	return {tx_frames_.load(std::memory_order_relaxed),
		rx_frames_.load(std::memory_order_relaxed),
		tx_dropped_.load(std::memory_order_relaxed),
		rx_refused_.load(std::memory_order_relaxed)};
}

} // namespace dpaa::model
