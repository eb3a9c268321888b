/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the bus asks of DPDK multi-process support, beside the platform it
// runs on: the bus holds a Platform (the hardware) and one of these (who
// else shares that hardware).
//
// On a board there is nothing to share: the kernel gives each process its
// own portals, and a secondary finds the hardware as its primary did
// (NoSharing). The modelled SoC lives in the primary process, which shares
// it with its secondaries: its portals go to one process at a time, and a
// secondary probes the ports its primary made (model_host/model_shared.hpp).
#pragma once

#include <memory>

#include "platform/platform.hpp"

namespace dpaa::bus
{

class ProcessSharing
{
public:
	virtual ~ProcessSharing() = default;

	// Let secondary processes attach (a primary, once its platform runs),
	// and stop letting them. 0 or negative errno.
	virtual int serve() noexcept { return 0; }
	virtual void unserve() noexcept {}

	// Portal pair 'index' (QMan and BMan portal) for one of this process's
	// threads, before it takes the pair over, and back when it is done:
	// 0, or -EBUSY while another live process has it.
	virtual int claim_portal(unsigned) noexcept { return 0; }
	virtual void release_portal(unsigned) noexcept {}

	// Which MACs (index in SocInfo::macs) the primary process made ports
	// of: the primary's bus reports them, a secondary probes those only.
	virtual void set_probed(unsigned, bool) noexcept {}
	virtual bool probed_by_primary(unsigned) noexcept { return true; }
};

// A board's, or a process without a platform: each process on its own.
class NoSharing final : public ProcessSharing
{
};

// What the bus runs on: the platform, and how processes share it. The
// sharing may refer to the platform: it goes first.
struct BusPlatform {
	std::unique_ptr<platform::Platform> platform;
	std::unique_ptr<ProcessSharing> sharing;

	void reset() noexcept
	{
		sharing.reset();
		platform.reset();
	}
};

} // namespace dpaa::bus
