/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Shared between the bus's own files: the platform the bus runs on, and the
// pieces of bus state the portal and resource code set up and tear down.
#pragma once

#include "platform/platform.hpp"
#include "process_sharing.hpp"

namespace dpaa::bus
{

// The platform found at scan, or nullptr.
platform::Platform *current_platform() noexcept;
// How this process shares it with other DPDK processes (NoSharing when
// there is none).
ProcessSharing &current_sharing() noexcept;

// portals.cpp
int portals_setup(platform::Platform &p, ProcessSharing &sharing) noexcept;
void portals_teardown() noexcept;

// portal_irq.cpp: a portal's armed Rx interrupts go with its owner (release),
// the platform's hooks at cleanup (teardown).
void portal_irqs_release(unsigned index) noexcept;
void portal_irqs_teardown() noexcept;

// resources.cpp: FQIDs, BPIDs, pool channels, CGRIDs.
int resources_setup(platform::Platform &p) noexcept;
void resources_teardown() noexcept;

} // namespace dpaa::bus
