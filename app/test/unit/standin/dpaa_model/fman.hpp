/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A stand-in for model::Fman, with its constructor, mac_port() and
// attach_wire(), so that System is tested before the FMan model lands: each
// MAC is a TestMac, and poll() forwards what a MAC received to the MAC the
// test chose, as a forwarding application would.
#pragma once

#include <map>
#include <memory>
#include <span>

#include "../../wire_test_support.hpp"
#include "dpaa_model/block.hpp"
#include "dpaa_model/board.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "dpaa_model/soc.hpp"

namespace dpaa::model
{

class Fman final : public Block
{
public:
	Fman(Soc &, BusMemory &, unsigned index, std::span<const MacDesc> macs) : index_(index)
	{
		for (const MacDesc &m : macs)
			macs_[m.cell] = std::make_unique<test::TestMac>(m.speed_mbps);
	}
	MacPort &mac_port(unsigned cell) { return *macs_.at(cell); }
	// As the FMan model: attach the wire to the MAC, poll it in poll().
	void attach_wire(unsigned cell, Wire &w)
	{
		wires_[cell] = &w;
		w.attach(*macs_.at(cell));
	}

	bool poll() override
	{
		bool worked = false;
		for (auto [cell, w] : wires_)
			worked |= w->poll();
		for (auto [from, to] : forward) {
			test::TestMac &m = *macs_.at(from);
			Wire &out = *wires_.at(to);
			while (!m.rx.empty() && out.tx_ready()) {
				out.transmit(m.rx.front());
				m.rx.pop_front();
				worked = true;
			}
		}
		return worked;
	}

	test::TestMac &mac(unsigned cell) { return *macs_.at(cell); }
	Wire &wire(unsigned cell) { return *wires_.at(cell); }
	unsigned index() const { return index_; }
	std::map<unsigned, unsigned> forward; // received on cell -> sent on cell

private:
	unsigned index_;
	std::map<unsigned, std::unique_ptr<test::TestMac>> macs_;
	std::map<unsigned, Wire *> wires_;
};

} // namespace dpaa::model
