/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The FMan block: one Frame Manager with its MACs (mEMAC), their BMI Rx and
// Tx ports, the parser and KeyGen, behind its 1 MiB CCSR window
// (dpaa_hw/fman_ccsr.hpp, fman_memac.hpp).
//
// Rx (a wire calls MacPort::wire_rx): the MAC counts and filters the frame
// (Rx enable, MAXFRM, own / extra / multicast-hash / broadcast addresses,
// promiscuous, all-multicast), the parser fills the parse result, KeyGen (if
// the port's parser next engine names a scheme) picks the FQ, the BMI takes
// a buffer from the port's pools (the smallest that fits; scatter/gather
// over the largest when none does), writes the IC copy and the frame, and
// enqueues the FD to QMan: the KeyGen FQ, the default FQ, or the error FQ
// with FD status error bits.
//
// Tx (QMan delivers FDs of the port's Tx channel): frames are queued in a
// small ring by deliver() and sent by poll(): contiguous or S/G FDs read
// through BusMemory, checksums inserted on FD command DTC from the parse
// result in the prepended data, padding, counters, then the wire (or the
// MAC's own Rx path with the loopback bit); buffers go back to BMan, or the
// FD to the confirmation FQ (FD command FCO), or to the Tx error FQ.
//
// Ownership: the constructor attaches the Tx ports' channel consumers to QMan
// (Tx channel of MAC cell c: tx_channel(c), dpaa_hw/fman_ccsr.hpp
// tx_channel_offset()); the owner adds the FMan to the Soc (add_block) and
// removes it before destroying it. attach_wire() also attaches the MAC to the
// wire; poll() polls the attached wires (their Rx), after the Tx work.
//
// Threading: everything runs under the Soc lock. ccsr() takes it for each
// access (control path); wire_rx(), deliver() and poll() expect the caller
// (the Soc step, or a stepped test) to hold it or to run single-threaded.
// The per-frame paths allocate nothing and take no lock.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "dpaa_hw/bman_portal.hpp"
#include "dpaa_hw/fd.hpp"
#include "dpaa_hw/fman_ccsr.hpp"
#include "dpaa_hw/fman_memac.hpp"
#include "dpaa_hw/register_window.hpp"
#include "dpaa_model/block.hpp"
#include "dpaa_model/board.hpp"
#include "dpaa_model/bus_memory.hpp"
#include "dpaa_model/fman_timer.hpp"
#include "dpaa_model/keygen.hpp"
#include "dpaa_model/qman.hpp"
#include "dpaa_model/wire.hpp"

namespace dpaa::model
{

// The modelled mEMAC's IF_STATUS: link in bit 0, speed in [2:1], full
// duplex in bit 3. The manual's layout differs between interface types
// (SGMII, XFI, ...); the drivers take the link from the platform (on a
// board, the USDPAA kernel's link ioctls), never from this register, so
// this layout is the model's alone.
namespace memac_if_status
{
inline constexpr uint32_t kLinkUp = 0x00000001;
inline constexpr uint32_t kSpeedMask = 0x00000006;
inline constexpr uint32_t kSpeed10M = 0x00000000;
inline constexpr uint32_t kSpeed100M = 0x00000002;
inline constexpr uint32_t kSpeed1G = 0x00000004;
inline constexpr uint32_t kSpeed10G = 0x00000006;
inline constexpr uint32_t kFullDuplex = 0x00000008;
// Behind a rate-adapting PHY (PhyKind::multirate) the MAC runs XGMII
// (kSpeed10G) whatever the line's rate; [6:4] then say the line's rate
// when it is slower (0: 10G).
inline constexpr uint32_t kLineRateMask = 0x00000070;
inline constexpr uint32_t kLine100M = 0x00000010;
inline constexpr uint32_t kLine1G = 0x00000020;
inline constexpr uint32_t kLine2_5G = 0x00000030;
inline constexpr uint32_t kLine5G = 0x00000040;

// The link's speed in Mb/s a value of this layout says (the line's rate
// behind a rate-adapting PHY), 0 when the link is down: the one decoder of
// the layout, for the model platform and the emulated kernel's link ioctl.
constexpr uint32_t speed_mbps(uint32_t v) noexcept
{
	if (!(v & kLinkUp))
		return 0;
	switch (v & kLineRateMask) {
	case kLine100M:
		return 100;
	case kLine1G:
		return 1000;
	case kLine2_5G:
		return 2500;
	case kLine5G:
		return 5000;
	}
	switch (v & kSpeedMask) {
	case kSpeed10M:
		return 10;
	case kSpeed100M:
		return 100;
	case kSpeed1G:
		return 1000;
	default:
		return 10000;
	}
}
} // namespace memac_if_status

class Soc;
struct FmanRegs;

// What the model counts beyond the silicon's counters, per MAC (for tests
// and diagnostics; the silicon's own are read through the registers).
struct FmanPortStats {
	uint64_t rx_mac_disabled = 0;	  // frames while COMMAND_CONFIG RX_EN was clear
	uint64_t rx_filtered = 0;	  // destination address not accepted
	uint64_t rx_port_disabled = 0;	  // BMI Rx port not enabled (FMBM_RCFG EN)
	uint64_t rx_no_fqid = 0;	  // the chosen FQID was 0
	uint64_t rx_enqueue_rejected = 0; // QMan refused the FD (FQ out of service)
	uint64_t rx_taildrop = 0;	  // QMan tail-dropped the FD
	uint64_t rx_dma_errors = 0;	  // a buffer address did not translate
	uint64_t rx_error_fq = 0;	  // frames enqueued to the Rx error FQ
	uint64_t rx_sg = 0;		  // frames written as scatter/gather
	uint64_t rx_backpressure = 0;	  // wire_rx() refused: pools depleted, FMBM_RMPD set
	uint64_t tx_frames = 0;		  // frames sent (wire or loopback)
	uint64_t tx_mac_disabled = 0;	  // dropped: COMMAND_CONFIG TX_EN clear
	uint64_t tx_errors = 0;		  // FDs sent to the Tx error FQ (or dropped)
	uint64_t tx_confirmations = 0;	  // FDs sent to a confirmation FQ
	uint64_t tx_release_failed = 0;	  // BMan refused a buffer (bad BPID)
	uint64_t tx_busy = 0;		  // deliver() refused: Tx ring full or port disabled
};

// Driver misuse the FMan model detected (a board would misbehave or
// silently do something else). Tests of drivers assert these stay 0.
struct FmanFaults {
	uint64_t read_only_write = 0;	  // write to a read-only register
	uint64_t pools_not_ascending = 0; // FMBM_REBMPI not in ascending buffer size
	uint64_t ic_overlaps_frame = 0;	  // ICEOF + ICSZ beyond the buffer start margin
	uint64_t dtc_without_rpd = 0;	  // Tx checksum asked without prepended data
	uint64_t bad_release_bpid = 0;	  // buffer released to a BPID BMan refused
	uint64_t keygen_bad_access = 0;	  // FMKG_AR for an entry type not modelled
	// A frame sent from a Tx FQ whose context A lacks A2V and EBD, with no
	// confirmation: the FMan v3 neither frees nor returns its buffers, which
	// leak (hw::fman::tx_context_a).
	uint64_t tx_buffers_leaked = 0;
};

class Fman final : public Block
{
public:
	static constexpr unsigned kTxRingSize = 256;
	static constexpr unsigned kTxBudget = 64; // Tx frames per port per poll()

	Fman(Soc &soc, BusMemory &mem, unsigned index, std::span<const MacDesc> macs);
	~Fman();
	Fman(const Fman &) = delete;
	Fman &operator=(const Fman &) = delete;

	bool poll() override;

	// The 1 MiB CCSR window; each access takes the Soc lock.
	hw::RegisterWindow &ccsr() noexcept { return window_; }
	// The same registers without the lock (caller holds it, or stepped mode).
	uint32_t reg_read(uint32_t off) noexcept;
	void reg_write(uint32_t off, uint32_t v) noexcept;

	bool has_mac(unsigned cell) const noexcept;
	MacPort &mac_port(unsigned cell);
	void attach_wire(unsigned cell, Wire &w);
	Wire *wire(unsigned cell) const noexcept;
	// The QMan channel of the MAC's Tx port.
	uint16_t tx_channel(unsigned cell) const noexcept;
	unsigned index() const noexcept { return index_; }

	const FmanPortStats &stats(unsigned cell) const noexcept { return ports_[cell]->stats; }
	// A 64-bit mEMAC counter (memac::stat::k*), as the registers show it.
	uint64_t mac_counter(unsigned cell, uint32_t stat_off) const noexcept;
	const Keygen &keygen() const noexcept { return keygen_; }
	FmanFaults faults() const noexcept;

	// The model's time (ns), which the 1588 timer counts and frames are
	// stamped with. Virtual by default (advanced by each frame's line time,
	// so stepped runs repeat); use_wall_clock() makes it the host's
	// monotonic clock and sets the timer to the time of day, as a board's
	// kernel does (threaded mode). advance_clock() moves the virtual clock.
	// model_ns() is the time a register access sees.
	void use_wall_clock() noexcept;

	// A rate-adapting PHY (PhyKind::multirate) of MAC 'cell' forced to a
	// line rate in Mb/s, or 0 for its best (10G): what a board's kernel
	// sets through the PHY's MDIO registers, which the model does not
	// have. The MAC keeps running XFI. -EINVAL for another kind of MAC or
	// a rate the PHY does not have.
	int set_phy_line_rate(unsigned cell, uint32_t mbps) noexcept;
	// The PHY of MAC 'cell' powered down or up: what a board's kernel does
	// when the interface is set down or up (UPDATE_LINK_STATUS, which
	// upstream's driver sends for rte_eth_dev_set_link_down/up). A PHY
	// that is down has no link, and neither has its link partner (the far
	// end of a cable). -EINVAL for a MAC the FMan does not have.
	int set_phy_power(unsigned cell, bool up) noexcept;
	void advance_clock(uint64_t ns) noexcept { frame_ns_ += ns; }
	uint64_t model_ns() const noexcept;

private:
	// A register access's time, which frames received after it are never
	// stamped before.
	uint64_t timer_access_ns() noexcept { return frame_ns_ = model_ns(); }
	friend struct FmanRegs;

	static constexpr unsigned kMacWords = hw::fman::kMacSize / 4;
	static constexpr unsigned kPageWords = hw::fman::kPortPageSize / 4;

	struct RxPool {
		uint8_t bpid;
		uint8_t slot; // REBMPI index, for the allocate counter
		bool ace;     // REBMPI ACE: the allocate counter counts
		uint32_t size;
	};

	// The BMI Rx port's registers as every frame uses them, decoded when
	// one of them is written (decode_rx_port) rather than per frame.
	struct RxConfig {
		bool enabled = false;	 // FMBM_RCFG EN
		bool counting = false;	 // FMBM_RSTC EN
		bool parse = false;	 // FMBM_RFNE names the parser
		bool sg_disable = false; // FMBM_REBM SGD
		uint32_t nia = 0;	 // next engine after the parser (FMBM_RFPNE) or FMBM_RFNE
		uint32_t fqid = 0, err_fqid = 0, discard_mask = 0; // RFQID, REFQID, RFSDM
		uint32_t bsm = 0, bem = 0;			   // FMBM_REBM margins
		// FMBM_RICP in bytes, the size cut to the IC and to the buffer
		// start margin; whether ICEOF + ICSZ ran past it (a fault).
		uint32_t iceof = 0, iciof = 0, icsz = 0;
		bool ic_overlaps = false;
	};

	// What a frame's Tx FQ says (its context A and B, hw::fman::tx_context_a),
	// decoded as the frame is dequeued: where its confirmation goes when its
	// FD does not say (FCO): the port's FMBM_TCFQID, or the FQ context B
	// names (OVFQ), 0 for none; and whether the FMan frees its buffers when
	// nothing confirms it (A2V and EBD: the FMan v3 frees no buffer it did
	// not allocate otherwise).
	static constexpr uint32_t kConfirmToPortDefault = UINT32_MAX;
	struct TxFqContext {
		uint32_t confirm_fqid = kConfirmToPortDefault;
		bool frees_buffers = false;
	};
	struct TxRing {
		std::array<hw::Fd, kTxRingSize> fds{};
		std::array<TxFqContext, kTxRingSize> ctx{};
		unsigned head = 0, count = 0;
	};
	// The buffers the Tx port frees, released to BMan in commands of up
	// to hw::bm::kMaxBufs buffers of one pool, as the BMI does: a command
	// goes when it is full, when the next buffer is another pool's, and
	// before anything of the FMan acquires (the port's wire, loopback).
	struct TxReleases {
		std::array<uint64_t, hw::bm::kMaxBufs> addrs{};
		unsigned n = 0;
		uint8_t bpid = 0;
	};

	class Port final : public MacPort, public ChannelConsumer
	{
	public:
		Port(Fman &f, unsigned cell) : owner(f), cell(cell) {}
		bool wire_rx(std::span<const uint8_t> frame, bool fcs_ok) override;
		// The speed the link runs at (IF_MODE against the far end), or
		// the MAC's own while it is down.
		uint32_t speed_mbps() const override;
		bool rx_ready() const override;
		uint32_t rx_dequeuers() const override;
		bool rx_backlogged() const override;
		Mode link_mode() const override;
		uint32_t max_speed_mbps() const override { return desc.speed_mbps; }
		bool phy_powered() const override
		{
			return !phy_down.load(std::memory_order_relaxed);
		}
		uint64_t wire_time_ns() const override { return owner.tx_departure_ns_; }
		void wire_arrival(uint64_t t) override
		{
			arrival_ns = t;
			has_arrival = true;
		}
		// Whether Tx frames can leave now (the wire, unless looped back).
		bool tx_ready() const noexcept;
		bool deliver(uint32_t fqid, const hw::Fd &fd, uint32_t context_b,
			     uint64_t context_a) override;

		Fman &owner;
		unsigned cell;
		bool present = false;
		MacDesc desc{};
		Wire *wire = nullptr;
		uint8_t rx_port_id = 0, tx_port_id = 0;
		uint16_t channel = 0;

		// mEMAC registers (raw words), 64-bit counters, decoded filters.
		std::array<uint32_t, kMacWords> mac{};
		std::array<uint64_t, hw::memac::stat::kNumSlots> ctr{};
		std::array<uint64_t, 1 + hw::memac::kNumExtraAddrs> addrs{}; // 0: unused
		uint64_t hash_buckets = 0;

		// BMI/QMI port pages (raw words) and decoded Rx pools, ascending size.
		std::array<uint32_t, kPageWords> rx{};
		std::array<uint32_t, kPageWords> tx{};
		std::array<RxPool, hw::fman::bmi_rx::kNumExtPools> pools{};
		unsigned num_pools = 0;
		bool pools_ascending = true;
		RxConfig rxc;
		// While poll() serves the port: the buffer the next frame will
		// likely get (prefetch_next_buffer) and its host address for
		// that many bytes, so that the frame's write need not translate
		// it again (host nullptr: none).
		uint64_t next_bus = 0;
		uint32_t next_len = 0;
		uint8_t *next_host = nullptr;

		TxRing ring;
		TxReleases releases;
		FmanPortStats stats;
		// The FQ and length of the last frame the BMI enqueued or tried to.
		uint32_t last_rx_fqid = 0;
		uint32_t last_rx_len = 0;
		// The FQ of FQID rx_fqid (0: none found yet), as QMan's find()
		// gave it for an earlier frame.
		uint32_t rx_fqid = 0;
		Fq *rx_fq = nullptr;
		uint64_t arrival_ns = 0; // wire_arrival() of the frame wire_rx() brings
		bool has_arrival = false;
		// A multirate PHY's forced line rate (set_phy_line_rate), 0: 10G.
		std::atomic<uint32_t> phy_line_mbps{0};
		// The PHY powered down (set_phy_power): no link.
		std::atomic<bool> phy_down{false};
		// While poll() serves the port (its Tx ring, then its wire), the
		// link's speed taken once (0: not yet) for every frame it moves,
		// rather than the link resolved again per frame; the link cannot
		// change under the lock poll() runs with. line_ns_bytes/mbps/ns:
		// the last frame's line time, which the next frame of that size
		// (most of them) reuses instead of dividing again.
		bool in_poll = false;
		uint32_t poll_mbps = 0;
		// With a wire whose link is fixed (Wire::link_fixed()), the
		// speed resolved last and the settings it came from (IF_MODE,
		// the PHY's line rate): a poll that finds them unchanged takes
		// it without resolving the link again (fixed_mbps 0: none).
		bool link_fixed = false;
		uint32_t fixed_if_mode = 0, fixed_phy_mbps = 0, fixed_mbps = 0;
		uint32_t line_ns_bytes = 0, line_ns_mbps = 0;
		uint64_t line_ns = 0;

		uint32_t &m(uint32_t off) noexcept { return mac[off / 4]; }
		uint32_t &r(uint32_t off) noexcept { return rx[off / 4]; }
		uint32_t &t(uint32_t off) noexcept { return tx[off / 4]; }
		void count(uint32_t stat_off, uint64_t n = 1) noexcept
		{
			ctr[hw::memac::stat::slot(stat_off)] += n;
		}
	};

	class Window final : public hw::RegisterWindow
	{
	public:
		explicit Window(Fman &f) : owner(f) {}
		uint32_t read32(uint32_t off) noexcept override;
		void write32(uint32_t off, uint32_t v) noexcept override;
		Fman &owner;
	};

	// How long a frame of 'bytes' (FCS, preamble and gap included) takes
	// on the port's link: what each frame moves the virtual clock by.
	// Inline while poll() serves the port and the frame's size is the last
	// one's (nearly every frame): no call, no division.
	uint64_t line_time_ns(Port &p, uint32_t bytes) noexcept
	{
		if (p.in_poll && p.poll_mbps != 0 && bytes == p.line_ns_bytes &&
		    p.poll_mbps == p.line_ns_mbps) [[likely]]
			return p.line_ns;
		return line_time_ns_slow(p, bytes);
	}
	uint64_t line_time_ns_slow(Port &p, uint32_t bytes) noexcept;

	// Rx: the whole path for one frame; true = taken (possibly dropped).
	bool rx_frame(Port &p, std::span<const uint8_t> frame, bool fcs_ok) noexcept;
	bool mac_accepts(const Port &p, const uint8_t *dst) const noexcept;
	bool rx_buffers_available(Port &p, uint32_t len) noexcept;
	void bmi_rx(Port &p, std::span<const uint8_t> frame, uint32_t status) noexcept;
	void rx_release(Port &p, uint8_t bpid, const uint64_t *bufs, unsigned n) noexcept;
	void prefetch_next_buffer(Port &p, uint64_t next, uint32_t len) noexcept;
	void decode_rx_port(Port &p) noexcept;

	// Tx: one FD from the port's ring.
	void tx_frame(Port &p, const hw::Fd &fd, TxFqContext ctx) noexcept;
	void tx_done(Port &p, const hw::Fd &fd, uint32_t status, TxFqContext ctx) noexcept;
	uint32_t tx_confirm_fqid(Port &p, uint32_t cmd, uint32_t confirm_fqid) noexcept;
	void tx_keep(const hw::Fd &fd) noexcept;
	bool tx_enqueue(Port &p, const hw::Fd &fd, uint32_t fqid, uint32_t status) noexcept;
	void tx_release(Port &p, const hw::Fd &fd) noexcept;
	void tx_release_sg(Port &p, const hw::Fd &fd) noexcept;
	void tx_free(Port &p, uint8_t bpid, uint64_t addr) noexcept;
	void flush_tx_releases(Port &p) noexcept;
	void count_tx(Port &p, std::span<const uint8_t> frame) noexcept;

	void reset() noexcept;
	void decode_pools(Port &p) noexcept;
	void decode_addr(Port &p, unsigned slot) noexcept;
	uint32_t if_status(const Port &p) const noexcept;
	// Speed and duplex the link settles at, false if the ends cannot agree.
	bool resolve_link(const Port &p, MacPort::Mode &out) const noexcept;
	void write_tx_timestamp(Port &p, const hw::Fd &fd, uint64_t stamp) noexcept;

	Soc &soc_;
	BusMemory &mem_;
	Qman &qman_;
	unsigned index_;
	Window window_{*this};
	std::array<std::unique_ptr<Port>, hw::fman::kMaxMacs> ports_;
	std::vector<Port *> present_;
	Keygen keygen_;
	FmanFaults faults_;
	std::array<uint32_t, 0x1000 / 4> fpm_{};
	std::array<uint32_t, 4> iram_{};
	FmanTimer timer_;
	bool wall_clock_ = false;
	uint64_t clock_origin_ns_ = 0; // wall clock: the monotonic time of model time 0
	// The time the frame being moved starts on its wire: each frame moves
	// it by its line time. With the wall clock, poll() also brings it up to
	// the host's clock, once per step: a clock read per frame would cost
	// more than the frame's own work.
	uint64_t frame_ns_ = 0;
	uint64_t tx_departure_ns_ = 0; // the frame being sent left then (wire_time_ns)
	uint64_t rx_stamp_ = 0;	       // the timer when the frame being received arrived
	// Registers no behaviour is attached to read back what was written.
	std::unordered_map<uint32_t, uint32_t> plain_;
	// Staging for Tx frames that are gathered, padded or checksummed, and for
	// Rx frames that keep their FCS (COMMAND_CONFIG CRC_FWD).
	std::array<uint8_t, 16384> tx_stage_{};
	std::array<uint8_t, 16384> rx_stage_{};
};

} // namespace dpaa::model
