/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// WRIOP, DPAA2's Ethernet data path: the DPMACs (where the wires plug in)
// and the DPNIs' Rx and Tx work between them and QBMan. The MC creates
// and configures them (add_mac, add_ni and the NiDatapath settings); the
// model thread calls poll().
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dpaa2_model/dpmac.hpp"
#include "dpaa2_model/dpni_datapath.hpp"
#include "dpaa2_model/qbman.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "dpaa_model/wire.hpp"

namespace dpaa2::model
{

class Wriop
{
public:
	// lx2_frc_summary: the LX2160A's WRIOP, which writes the parse summary
	// in FRC[31:16] of every Rx FD.
	Wriop(Qbman &qbman, BusMemory &mem, bool lx2_frc_summary);
	~Wriop();

	Dpmac &add_mac(unsigned id, uint32_t max_speed_mbps, const char *phy); // "dpmac.<id>"
	Dpmac *mac(unsigned id);
	// The wire plugged into a DPMAC; Wriop::poll() polls it.
	void attach_wire(unsigned mac_id, dpaa::model::Wire &w);
	NiDatapath &add_ni(unsigned dpni_id, unsigned num_rx_tcs, unsigned num_queues,
			   unsigned num_tx_tcs, unsigned num_channels);
	NiDatapath *ni(unsigned dpni_id);
	void remove_ni(unsigned dpni_id);
	// A line per DPNI that received frames: what became of them (the
	// emulations' report at exit).
	std::vector<std::string> rx_summary() const;
	// Every DPNI compares its link with the last one it reported and
	// reports a change (the MC's LINK_CHANGED interrupt).
	void links_changed();
	// Tx FQs are drained here (and by their QBMan consumer); the wires
	// bring frames in. True if any work was done.
	bool poll();

	Qbman &qbman() { return qbman_; }
	BusMemory &mem() { return mem_; }
	bool lx2() const { return lx2_; }
	// The SoC's IEEE 1588 timer (TMR_CNT, ns), which WRIOP timestamps
	// Rx frames with and the DPRTC reads and sets: a free-running source
	// (by default the host's monotonic clock; tests set their own) plus
	// the offset set_time_ns leaves. Any thread may read it while the MC
	// sets it.
	uint64_t now_ns() const;
	void set_time_ns(uint64_t t);
	void set_clock(uint64_t (*fn)(void *ctx), void *ctx)
	{
		clock_fn_ = fn;
		clock_ctx_ = ctx;
	}

private:
	Qbman &qbman_;
	BusMemory &mem_;
	bool lx2_;
	std::map<unsigned, std::unique_ptr<Dpmac>> macs_;
	std::map<unsigned, std::unique_ptr<NiDatapath>> nis_;
	uint64_t (*clock_fn_)(void *) = nullptr;
	void *clock_ctx_ = nullptr;
	std::atomic<uint64_t> clock_offset_{0}; // TMR_CNT - the source (mod 2^64)

	uint64_t source_ns() const;
};

} // namespace dpaa2::model
