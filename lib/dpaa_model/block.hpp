/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A modelled hardware block that the SoC scheduler polls, in both run modes,
// between the QMan and BMan work of each step.
#pragma once

namespace dpaa::model
{

class Block
{
public:
	// Do a bounded amount of work; true if anything happened (the stepped
	// run_until_idle() and the threaded back-off both rely on it).
	virtual bool poll() = 0;

protected:
	~Block() = default;
};

} // namespace dpaa::model
