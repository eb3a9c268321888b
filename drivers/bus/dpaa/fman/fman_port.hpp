/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan control driver, BMI side: the Rx and Tx ports that move frames between
// a MAC and QMan, KeyGen's hash distribution over a range of Rx FQs, and the
// FMan-wide identification (revision, microcode). Control path only, no DPDK.
#pragma once

#include <cstdint>

#include "dpaa_hw/register_window.hpp"

namespace dpaa::fman
{

// The BMI port counters (FMBM_RFRC, FMBM_RDBC... / FMBM_TFRC...).
struct PortCounters {
	uint64_t frames;       // FMBM_RFRC / FMBM_TFRC: frames the port handled
	uint64_t discards;     // FMBM_RFDC / FMBM_TFDC: frames discarded (Rx: enqueue refused...)
	uint64_t bad_frames;   // FMBM_RFBC (Rx) / FMBM_TFLEDC + TFUFDC (Tx)
	uint64_t large_frames; // FMBM_RLFC (Rx)
	uint64_t no_buffer;    // FMBM_RODC (Rx): dropped for lack of BMan buffers
	uint64_t dealloc_bufs; // FMBM_RBDC / FMBM_TBDC: buffers released to BMan
};

// What the Rx port does with a frame and where it writes it.
struct RxPortConfig {
	uint8_t bpid;	       // BMan pool the port takes buffers from
	uint32_t buf_size;     // usable bytes of each buffer (from the address BMan holds)
	uint16_t data_offset;  // where the frame starts in the buffer (FD offset)
	uint16_t icp_offset;   // where the parse results / hash are written (internal context)
	uint32_t default_fqid; // FQ when KeyGen does not distribute (queue 0)
	uint32_t error_fqid;   // FQ of frames with an error status
	bool scatter;	       // frames longer than a buffer become SG frames
};

class RxPort
{
public:
	RxPort(hw::RegisterWindow &ccsr, uint8_t port_id) noexcept;
	void configure(const RxPortConfig &c) noexcept;
	void enable(bool on) noexcept;
	// KeyGen: hash the known fields 'fields' (hw::fman::kg::kn bits) and
	// enqueue to fqid_base + (hash & (nqueues - 1)); fields == 0 or
	// nqueues <= 1 turns distribution off (every frame to the default FQ).
	// nqueues must be a power of two. 0, or -EIO if KeyGen refused.
	int set_distribution(uint32_t fqid_base, unsigned nqueues, uint32_t fields) noexcept;
	// The KeyGen scheme of this port (one per Rx port).
	unsigned scheme() const noexcept { return port_id_ & 0x1f; }
	void read_counters(PortCounters &out) noexcept;

private:
	hw::RegisterWindow &ccsr_;
	uint8_t port_id_;
};

class TxPort
{
public:
	TxPort(hw::RegisterWindow &ccsr, uint8_t port_id) noexcept;
	// Confirmation and error FQs (0: none, buffers go back to BMan).
	void configure(uint32_t confirm_fqid, uint32_t error_fqid) noexcept;
	void enable(bool on) noexcept;
	void read_counters(PortCounters &out) noexcept;

private:
	hw::RegisterWindow &ccsr_;
	uint8_t port_id_;
};

// FMan identification: the IP block revision and the microcode loaded.
struct FmanVersion {
	uint8_t major, minor; // FM_IP_REV_1
	uint16_t ucode_major; // IRAM microcode version
	uint8_t ucode_minor, ucode_rev;
};
FmanVersion read_version(hw::RegisterWindow &ccsr) noexcept;

} // namespace dpaa::fman
