/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The modelled SoC as a configuration string describes it: the Soc (QMan,
// BMan, portals, scheduler), one Fman per FMan of the board, and a wire on
// every MAC. The platform layer creates one from DPAA_MODEL; tests create
// them directly.
//
// Threaded mode (the default): start() runs the scheduler on its own thread
// (pinned to cpu= if given) until stop(). Stepped mode: nothing runs by
// itself; the owner calls soc().step() / soc().run_until_idle(), and wires
// are not paced, so a run is deterministic.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dpaa_model/board.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "dpaa_model/config.hpp"
#include "dpaa_model/fman.hpp"
#include "dpaa_model/soc.hpp"
#include "dpaa_model/wire_set.hpp"

namespace dpaa::model
{

class System
{
public:
	// nullptr, and error naming the bad part of the configuration, on failure.
	static std::unique_ptr<System> create(std::string_view config, BusMemory &mem,
					      std::string &error);
	static std::unique_ptr<System> create(ModelConfig config, BusMemory &mem,
					      std::string &error);
	~System();
	System(const System &) = delete;
	System &operator=(const System &) = delete;

	Soc &soc() { return *soc_; }
	Fman &fman(unsigned i) { return *fmans_[i]; }
	unsigned num_fmans() const { return unsigned(fmans_.size()); }
	const BoardDesc &board() const { return *cfg_.board; }
	const ModelConfig &config() const { return cfg_; }

	// Threaded mode: start the model thread; 0 or negative errno. Stepped
	// mode: nothing to start, 0.
	int start();
	// Stops the model thread (if running) and flushes the wires' files.
	void stop();
	bool running() const { return soc_->threaded(); }

	// The wire on that port ("fm1-mac9"), nullptr if there is no such port.
	Wire *wire(std::string_view port) { return wires_->wire(port); }
	// The same, if it is of that kind.
	SinkWire *sink(std::string_view port) { return wires_->sink(port); }
	GenWire *gen(std::string_view port) { return wires_->gen(port); }
	TapWire *tap(std::string_view port) { return wires_->tap(port); }
	PcapWire *pcap(std::string_view port) { return wires_->pcap(port); }
	CableEnd *cable(std::string_view port) { return wires_->cable(port); }
	// What each wire counted, one line per wire (see WireSet::summary()),
	// then, if the model ran on its thread, how busy that thread was (see
	// Soc::ThreadStats), for the platform to log when the application stops.
	std::vector<std::string> wire_summary() const;

private:
	System() = default;

	// Destroyed bottom-up: the FMans (which hold wire pointers) before the
	// wires, everything before the Soc.
	ModelConfig cfg_;
	std::unique_ptr<Soc> soc_;
	std::unique_ptr<WireSet> wires_;
	std::vector<std::unique_ptr<Fman>> fmans_;
};

} // namespace dpaa::model
