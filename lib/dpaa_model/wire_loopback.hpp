/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A loopback plug: what the MAC transmits comes back on its receive side, a
// cable whose far end is itself (same bounded queue and back-pressure).
#pragma once

#include "dpaa_model/wire_cable.hpp"

namespace dpaa::model
{

class LoopbackWire final : public CableEnd
{
public:
	explicit LoopbackWire(std::string port, bool throttle,
			      size_t queue_frames = kDefaultQueueFrames)
	    : CableEnd(std::move(port), throttle, queue_frames)
	{
		connect(*this, *this);
	}
};

} // namespace dpaa::model
