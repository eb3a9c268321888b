/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/wire_gen.hpp"

namespace dpaa::model
{

GenWire::GenWire(std::string port, GenParams params, bool throttle)
    : port_(std::move(port)), params_(std::move(params)), throttle_(throttle)
{
	if (params_.sizes.empty())
		params_.sizes.push_back(gen::kMinFrame);
	if (params_.flows == 0)
		params_.flows = 1;
	for (uint32_t size : params_.sizes)
		templates_.push_back(std::make_unique<gen::FrameTemplate>(size, params_.tags));
}

void GenWire::attach(MacPort &mac)
{
	mac_ = &mac;
	pacer_ = Pacer(params_.rate, mac.speed_mbps(), throttle_);
}

namespace
{
// The counters have one writer, the model's thread (or the test stepping
// it): a relaxed load and store, no locked add.
void bump(std::atomic<uint64_t> &c, uint64_t n = 1) noexcept
{
	c.store(c.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
}
} // namespace

bool GenWire::transmit(std::span<const uint8_t>)
{
	bump(from_mac_);
	return true;
}

bool GenWire::poll()
{
	if (!mac_ || !mac_->rx_ready())
		return false;
	bool worked = false;
	// Unthrottled (rate=max, stepped mode), the pacer admits every frame
	// and accounts no time: not asked per frame.
	const bool paced = pacer_.throttled();
	const uint64_t now = paced ? Pacer::now_ps() : 0;
	const bool lossless = params_.rate.kind == Rate::Kind::max;
	// Sent frames and bytes are published once per poll; the position in
	// the sequence is kept in locals meanwhile (nothing the MAC does while
	// it takes a frame reads it).
	uint64_t sent = 0, bytes = 0;
	uint64_t next = next_, seq = next_seq_;
	size_t tmpl = next_template_;
	uint32_t flow = next_flow_;
	// What the calls below cannot change, in locals: the compiler would
	// load them again after each call into the MAC.
	const size_t ntemplates = templates_.size();
	const uint64_t end = params_.count ? params_.count : UINT64_MAX;
	const uint32_t flows = params_.flows;
	MacPort *const mac = mac_;
	const std::unique_ptr<gen::FrameTemplate> *const templates = templates_.data();
	for (unsigned n = 0; n < kPollBurst; n++) {
		if (next >= end)
			break;
		if (paced && !pacer_.ready(now))
			break;
		if (lossless && mac->rx_backlogged()) {
			bump(held_);
			break;
		}
		// Frame next: template next % sizes, flow next % flows, sequence
		// next / flows, kept as counters rather than divided per frame.
		std::span<const uint8_t> f = templates[tmpl]->make(uint16_t(flow), uint32_t(seq));
		if (!mac->wire_rx(f, true)) {
			bump(refused_);
			break;
		}
		if (paced)
			pacer_.sent(f.size());
		next++;
		if (++tmpl == ntemplates)
			tmpl = 0;
		if (++flow == flows) {
			flow = 0;
			seq++;
		}
		sent++;
		bytes += f.size();
		worked = true;
	}
	next_ = next;
	next_seq_ = seq;
	next_template_ = tmpl;
	next_flow_ = flow;
	if (sent != 0) {
		bump(sent_, sent);
		bump(sent_bytes_, bytes);
	}
	return worked;
}

std::string GenWire::describe() const
{
	std::string s = "gen:size=";
	for (size_t i = 0; i < params_.sizes.size(); i++) {
		if (i)
			s += ",";
		s += std::to_string(params_.sizes[i]);
	}
	if (params_.tags.vlan)
		s += ":vlan=" + std::to_string(*params_.tags.vlan);
	if (params_.tags.outer)
		s += ":qinq=" + std::to_string(*params_.tags.outer) + "." +
		     std::to_string(params_.tags.inner.value_or(0));
	s += ":flows=" + std::to_string(params_.flows);
	switch (params_.rate.kind) {
	case Rate::Kind::line:
		s += ":rate=line";
		break;
	case Rate::Kind::pps:
		s += ":rate=" + std::to_string(params_.rate.pps);
		break;
	case Rate::Kind::max:
		s += ":rate=max";
		break;
	}
	if (params_.count)
		s += ":count=" + std::to_string(params_.count);
	return s;
}

} // namespace dpaa::model
