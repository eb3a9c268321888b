/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// A DPMAC: one of WRIOP's MACs, where a wire plugs in (the DPAA1 wires'
// MacPort seam, unchanged), connected to at most one DPNI (its endpoint).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dpaa_model/wire.hpp"

namespace dpaa2::model
{

class NiDatapath;
class Wriop;

class Dpmac final : public dpaa::model::MacPort
{
public:
	Dpmac(Wriop &w, unsigned id, uint32_t max_speed_mbps, const char *phy);

	unsigned id() const { return id_; }
	const std::string &phy() const { return phy_; }
	void attach_wire(dpaa::model::Wire *wire);
	dpaa::model::Wire *wire() const { return wire_; }
	void set_endpoint(NiDatapath *ni) { ni_ = ni; }
	NiDatapath *endpoint() const { return ni_; }

	// The link: up when a wire carries one and both ends' PHYs are up;
	// the rate is the slower end's.
	bool link_up() const;
	// The PHY runs while the DPNI connected to the DPMAC is enabled: on a
	// board the interface that stops takes its link down (the kernel's
	// dpaa2-eth stops the MAC's phylink with the DPNI), so the link
	// partner at the other end of a cable sees it drop too. A DPMAC with
	// no DPNI keeps its PHY as the board's firmware left it: up.
	bool phy_powered() const override;
	uint32_t link_rate_mbps() const;
	// Sends a frame (without FCS) on the wire; false: no carrier.
	bool transmit(std::span<const uint8_t> frame);

	// MacPort
	bool wire_rx(std::span<const uint8_t> frame, bool fcs_ok) override;
	uint32_t speed_mbps() const override;
	bool rx_ready() const override;
	uint32_t rx_dequeuers() const override;
	bool rx_backlogged() const override;
	Mode link_mode() const override { return {max_speed_, true, true}; }
	uint32_t max_speed_mbps() const override { return max_speed_; }
	uint64_t wire_time_ns() const override;

	// What the MC's dpmac_get_counter reports (the kernel's dpaa2-mac
	// RMON statistics): rx_undersized DPMAC_CNT_ING_UNDERSIZED (shorter
	// than 64 bytes with FCS, the FCS good), rx_fragments
	// DPMAC_CNT_ING_FRAG (as short, the FCS bad), rx_fcs_errors
	// DPMAC_CNT_ING_FCS_ERR (a bad FCS on a frame of legal length),
	// rx_oversize DPMAC_CNT_ING_OVERSIZED (too long, the FCS good),
	// rx_jabbers DPMAC_CNT_ING_JABBER (as long, the FCS bad).
	struct Counters {
		uint64_t rx_frames, rx_bytes, rx_fcs_errors, rx_oversize, rx_no_endpoint;
		uint64_t rx_undersized, rx_fragments, rx_jabbers;
		uint64_t tx_frames, tx_bytes, tx_errors;
	};
	const Counters &counters() const { return c_; }
	// The shortest frame the MAC takes, FCS included (IEEE 802.3's
	// minimum): a shorter one is a runt, dropped before the DPNI sees it.
	static constexpr uint32_t kMinFrameWithFcs = 64;
	// The largest frame the MAC takes (without FCS): a longer one is
	// counted oversize and dropped before the DPNI sees it.
	static constexpr uint32_t kMaxFrame = 10240;

private:
	Wriop &w_;
	unsigned id_;
	uint32_t max_speed_;
	std::string phy_;
	dpaa::model::Wire *wire_ = nullptr;
	NiDatapath *ni_ = nullptr;
	Counters c_{};
};

} // namespace dpaa2::model
