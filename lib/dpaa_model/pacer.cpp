/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
#include "dpaa_model/pacer.hpp"

namespace dpaa::model
{

Pacer::Pacer(Rate rate, uint32_t speed_mbps, bool throttle)
    : kind_(throttle ? rate.kind : Rate::Kind::max), speed_mbps_(speed_mbps)
{
	if (kind_ == Rate::Kind::pps)
		pps_interval_ = rate.pps ? pps_interval_ps(rate.pps) : 0;
	if (kind_ == Rate::Kind::line && speed_mbps_ == 0)
		kind_ = Rate::Kind::max;
}

uint64_t Pacer::interval_ps(uint64_t frame_bytes) const
{
	switch (kind_) {
	case Rate::Kind::line:
		return line_interval_ps(frame_bytes, speed_mbps_);
	case Rate::Kind::pps:
		return pps_interval_;
	case Rate::Kind::max:
		break;
	}
	return 0;
}

bool Pacer::ready(uint64_t now_ps)
{
	if (kind_ == Rate::Kind::max)
		return true;
	if (next_ps_ == 0)
		next_ps_ = now_ps; // the first frame starts the clock
	if (now_ps < next_ps_)
		return false;
	if (now_ps - next_ps_ > kMaxLagPs)
		next_ps_ = now_ps - kMaxLagPs;
	return true;
}

} // namespace dpaa::model
