/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// FMan control driver, MAC side: one mEMAC (a 1G or 10G FMan MAC) programmed
// through its FMan's CCSR window. Control path only: every access is a
// RegisterWindow call (big-endian MMIO on a board, the modelled block in the
// model). No DPDK in here, so the model's unit tests can drive it too.
#pragma once

#include <cstdint>

#include "dpaa_hw/register_window.hpp"

namespace dpaa::fman
{

// The mEMAC's statistics (its RMON / IEEE 802.3 counter block), as 64-bit
// values read from the 32-bit low/high register pairs.
struct MacCounters {
	// Receive
	uint64_t rx_octets_all;	  // REOCT: octets of good and bad frames
	uint64_t rx_octets;	  // ROCT: octets of good frames
	uint64_t rx_frames_ok;	  // RFRM: good frames
	uint64_t rx_ucast;	  // RUCA
	uint64_t rx_mcast;	  // RMCA
	uint64_t rx_bcast;	  // RBCA
	uint64_t rx_pause;	  // RXPF: pause frames received
	uint64_t rx_control;	  // RCNP: MAC control frames (0x8808) other than pause, PFC too
	uint64_t rx_fcs_errors;	  // RFCS
	uint64_t rx_align_errors; // RALN
	uint64_t rx_errors;	  // RERR: frames with any error
	uint64_t rx_drops;	  // RDRP: dropped for lack of FIFO space
	uint64_t rx_undersize;	  // RUND
	uint64_t rx_oversize;	  // ROVR: longer than MAXFRM, good FCS
	uint64_t rx_fragments;	  // RFRG
	uint64_t rx_jabbers;	  // RJBR
	uint64_t rx_64;		  // R64
	uint64_t rx_65_127;	  // R127
	uint64_t rx_128_255;	  // R255
	uint64_t rx_256_511;	  // R511
	uint64_t rx_512_1023;	  // R1023
	uint64_t rx_1024_1518;	  // R1518
	uint64_t rx_1519_max;	  // R1519X
	uint64_t rx_vlan;	  // RVLAN: good VLAN-tagged frames
	// Transmit
	uint64_t tx_octets;    // TOCT: octets of good frames
	uint64_t tx_frames_ok; // TFRM
	uint64_t tx_ucast;     // TUCA
	uint64_t tx_mcast;     // TMCA
	uint64_t tx_bcast;     // TBCA
	uint64_t tx_pause;     // TXPF
	uint64_t tx_control;   // TCNP: MAC control frames other than pause
	uint64_t tx_errors;    // TERR
	uint64_t tx_64;
	uint64_t tx_65_127;
	uint64_t tx_128_255;
	uint64_t tx_256_511;
	uint64_t tx_512_1023;
	uint64_t tx_1024_1518;
	uint64_t tx_1519_max;
	uint64_t tx_vlan; // TVLAN
};

struct PauseConfig {
	bool rx;	 // honour received pause frames (COMMAND_CONFIG::PAUSE_IGNORE clear)
	bool tx;	 // send pause frames when the Rx FIFO fills
	uint16_t quanta; // TX_PAUSE_QUANTA: pause time sent, in 512-bit times
};

class Mac
{
public:
	// cell: the MAC's cell index in its FMan (mac number - 1).
	Mac(hw::RegisterWindow &ccsr, unsigned cell) noexcept;

	// Reset to a known state: Rx/Tx disabled, the primary address,
	// promiscuous off, no extra addresses, empty multicast hash,
	// max frame length, pad and CRC appended on Tx.
	void init(const uint8_t addr[6], uint32_t max_frame) noexcept;
	void enable(bool rx, bool tx) noexcept;
	bool rx_enabled() noexcept;

	void set_promiscuous(bool on) noexcept;
	// Accept every multicast frame (the hash table with all buckets set), or
	// only those the buckets hold.
	void set_all_multicast(bool on) noexcept;

	// Accept the group addresses whose hash bucket one of 'addrs' falls in
	// (the 64-bucket multicast hash); an empty list clears every bucket.
	void set_multicast_list(const uint8_t (*addrs)[6], unsigned n) noexcept;

	void set_primary_addr(const uint8_t addr[6]) noexcept;
	void primary_addr(uint8_t out[6]) noexcept;
	// Extra exact-match unicast filters (the mEMAC's MAC_ADDR_1..7 slots):
	// slot 0 .. kExtraAddrSlots - 1.
	static constexpr unsigned kExtraAddrSlots = 7;
	void set_extra_addr(unsigned slot, const uint8_t addr[6]) noexcept;
	void clear_extra_addr(unsigned slot) noexcept;

	// MAXFRM: the longest frame accepted, FCS included.
	void set_max_frame(uint32_t bytes) noexcept;
	uint32_t max_frame() noexcept;

	void set_pause(const PauseConfig &p) noexcept;
	PauseConfig pause() noexcept;

	// COMMAND_CONFIG::LOOP_ENA: frames transmitted come back on Rx.
	void set_loopback(bool on) noexcept;
	bool loopback() noexcept;

	void read_counters(MacCounters &out) noexcept;
	void clear_counters() noexcept;

	unsigned cell() const noexcept { return cell_; }

private:
	void write_addr(unsigned slot, const uint8_t addr[6]) noexcept;
	uint32_t rd(uint32_t off) noexcept;
	void wr(uint32_t off, uint32_t v) noexcept;
	uint64_t rd64(uint32_t lo_off) noexcept;

	hw::RegisterWindow &ccsr_;
	unsigned cell_;
	uint32_t base_;
};

} // namespace dpaa::fman
