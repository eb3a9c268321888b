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

bool GenWire::transmit(std::span<const uint8_t>)
{
	from_mac_.fetch_add(1, std::memory_order_relaxed);
	return true;
}

bool GenWire::poll()
{
	if (!mac_ || !mac_->rx_ready())
		return false;
	bool worked = false;
	const uint64_t now = pacer_.throttled() ? Pacer::now_ps() : 0;
	const bool lossless = params_.rate.kind == Rate::Kind::max;
	for (unsigned n = 0; n < kPollBurst; n++) {
		if (params_.count && next_ >= params_.count)
			break;
		if (!pacer_.ready(now))
			break;
		if (lossless && mac_->rx_backlogged()) {
			held_.store(held_.load(std::memory_order_relaxed) + 1,
				    std::memory_order_relaxed);
			break;
		}
		gen::FrameTemplate &t = *templates_[next_ % templates_.size()];
		std::span<const uint8_t> f =
			t.make(uint16_t(next_ % params_.flows), uint32_t(next_ / params_.flows));
		if (!mac_->wire_rx(f, true)) {
			refused_.fetch_add(1, std::memory_order_relaxed);
			break;
		}
		pacer_.sent(f.size());
		next_++;
		sent_.fetch_add(1, std::memory_order_relaxed);
		sent_bytes_.fetch_add(f.size(), std::memory_order_relaxed);
		worked = true;
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
