/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// mEMAC (multirate Ethernet MAC) registers, relative to the MAC's base in the
// FMan window (fman_ccsr.hpp: mac_base(cell)). Offsets and bits as the QorIQ
// reference manuals' "mEMAC Memory Map" (the same the Linux fman_memac driver
// and DPDK's dpaa bus program).
#pragma once

#include <array>
#include <cstdint>

namespace dpaa::hw::memac
{

inline constexpr uint32_t kCommandConfig = 0x008;
inline constexpr uint32_t kMacAddr0Lo = 0x00c; // address bytes 0..3, byte 0 in [7:0]
inline constexpr uint32_t kMacAddr0Hi = 0x010; // address bytes 4..5, byte 4 in [7:0]
inline constexpr uint32_t kMaxFrm = 0x014;     // [15:0] maximum Rx frame length, FCS included
inline constexpr uint32_t kHashtableCtrl = 0x02c;
inline constexpr uint32_t kIevent = 0x040;
inline constexpr uint32_t kTxIpgLength = 0x044;
inline constexpr uint32_t kImask = 0x04c;
constexpr uint32_t pause_quanta(unsigned i) noexcept // CL01, CL23, CL45, CL67
{
	return 0x054 + 4 * i;
}
constexpr uint32_t pause_thresh(unsigned i) noexcept
{
	return 0x064 + 4 * i;
}
inline constexpr uint32_t kRxPauseStatus = 0x074;
// Extra exact-match unicast addresses MAC_ADDR_1..7 (slot 1..7), same format
// as MAC_ADDR_0; an all-zero slot is unused.
inline constexpr unsigned kNumExtraAddrs = 7;
constexpr uint32_t mac_addr_lo(unsigned slot) noexcept // slot 0 = primary
{
	return slot == 0 ? kMacAddr0Lo : 0x080 + 8 * (slot - 1);
}
constexpr uint32_t mac_addr_hi(unsigned slot) noexcept
{
	return mac_addr_lo(slot) + 4;
}
inline constexpr uint32_t kLpwakeTimer = 0x0b8;
inline constexpr uint32_t kSleepTimer = 0x0bc;
inline constexpr uint32_t kStatnConfig = 0x0e0;
inline constexpr uint32_t kIfMode = 0x300;
inline constexpr uint32_t kIfStatus = 0x304; // its layout differs between interface types

// COMMAND_CONFIG
namespace cmd
{
inline constexpr uint32_t kTxEn = 0x00000001; // MAC transmit path enable
inline constexpr uint32_t kRxEn = 0x00000002; // MAC receive path enable
inline constexpr uint32_t kWanMode = 0x00000008;
inline constexpr uint32_t kPromiscuous = 0x00000010; // PROMIS_EN
inline constexpr uint32_t kPadEn = 0x00000020;	     // strip padding on Rx
inline constexpr uint32_t kCrcFwd = 0x00000040;	     // keep the FCS on Rx
inline constexpr uint32_t kPauseFwd = 0x00000080;    // forward pause frames to the FMan
inline constexpr uint32_t kPauseIgnore = 0x00000100; // ignore received pause quanta
inline constexpr uint32_t kTxAddrIns = 0x00000200;   // overwrite the source address on Tx
inline constexpr uint32_t kLoopback = 0x00000400;    // XGMII/GMII loopback: Tx comes back as Rx
inline constexpr uint32_t kTxPadEn = 0x00000800;     // pad short Tx frames to 64 bytes
inline constexpr uint32_t kSwReset = 0x00001000;     // self-clearing
inline constexpr uint32_t kCntFrmEn = 0x00002000;    // accept control frames other than pause
inline constexpr uint32_t kNoLenChk = 0x00020000;
inline constexpr uint32_t kPfcMode = 0x00080000;
inline constexpr uint32_t kReset = kTxPadEn;
} // namespace cmd

// MAXFRM
inline constexpr uint32_t kMaxFrmMask = 0x0000ffff;
inline constexpr uint32_t kMaxFrmReset = 1536;

// HASHTABLE_CTRL (write-only): set or clear one of 64 multicast buckets.
namespace hash
{
inline constexpr uint32_t kMcastEn = 0x00000100; // 1: set the bucket, 0: clear it
inline constexpr uint32_t kAddrMask = 0x0000003f;
inline constexpr unsigned kBuckets = 64;
} // namespace hash

// The 6-bit bucket of a destination address: bit k of the bucket is the XOR
// of the 8 bits of address byte k (what drivers for the mEMAC compute).
constexpr uint32_t hash_bucket(const std::array<uint8_t, 6> &addr) noexcept
{
	uint32_t h = 0;
	for (unsigned k = 0; k < 6; k++) {
		uint8_t b = addr[k];
		b ^= b >> 4;
		b ^= b >> 2;
		b ^= b >> 1;
		h |= uint32_t{b & 1u} << k;
	}
	return h;
}
static_assert(hash_bucket({0x01, 0x00, 0x5e, 0x00, 0x00, 0x01}) == 0x25);

// MAC_ADDR_n register values of an address.
constexpr uint32_t addr_lo(const std::array<uint8_t, 6> &a) noexcept
{
	return uint32_t{a[0]} | uint32_t{a[1]} << 8 | uint32_t{a[2]} << 16 | uint32_t{a[3]} << 24;
}
constexpr uint32_t addr_hi(const std::array<uint8_t, 6> &a) noexcept
{
	return uint32_t{a[4]} | uint32_t{a[5]} << 8;
}

// STATN_CONFIG
namespace statn
{
inline constexpr uint32_t kSaturate = 0x00000001;
inline constexpr uint32_t kClearOnRead = 0x00000002;
inline constexpr uint32_t kClear = 0x00000004; // clear all counters; self-clearing
} // namespace statn

// IF_MODE (the bits Linux's fman_memac programs): [1:0] the interface (10G
// XGMII, MII for 10/100 Mb/s, GMII for 1 Gb/s and SGMII/RGMII), HD for half
// duplex, and for RGMII the speed (SETSP), full duplex and AUTO: the MAC
// takes speed and duplex from the PHY's in-band status (autonegotiation)
// instead of SETSP / HD.
namespace if_mode
{
inline constexpr uint32_t kMask = 0x00000003;
inline constexpr uint32_t k10G = 0x00000000;
inline constexpr uint32_t kMii = 0x00000001;
inline constexpr uint32_t kGmii = 0x00000002;
inline constexpr uint32_t kRgmii = 0x00000004;
inline constexpr uint32_t kHalfDuplex = 0x00000040;
inline constexpr uint32_t kRgmiiFd = 0x00001000;
inline constexpr uint32_t kRgmiiSpMask = 0x00006000;
inline constexpr uint32_t kRgmii100 = 0x00000000;
inline constexpr uint32_t kRgmii10 = 0x00002000;
inline constexpr uint32_t kRgmii1000 = 0x00004000;
inline constexpr uint32_t kRgmiiAuto = 0x00008000;

// The value for a link at that speed and duplex, or one whose speed and
// duplex follow the PHY (autoneg). A 10G mEMAC (ten_g) keeps its XGMII
// interface when negotiating: its PHY adapts the rate on the line side.
constexpr uint32_t for_link(uint32_t speed_mbps, bool full_duplex, bool autoneg,
			    bool ten_g) noexcept
{
	if (autoneg)
		return ten_g ? k10G : kGmii | kRgmiiAuto;
	if (speed_mbps >= 10000)
		return k10G;
	const uint32_t duplex = full_duplex ? kRgmiiFd : kHalfDuplex;
	if (speed_mbps >= 1000)
		return kGmii | kRgmii1000 | duplex;
	return kMii | (speed_mbps >= 100 ? kRgmii100 : kRgmii10) | duplex;
}
} // namespace if_mode

// The RMON/IEEE statistics: 64-bit counters, each a pair of registers
// (_L at the offset, _U at offset + 4). Reading _L latches nothing: read _U
// then _L then _U again if a carry matters (the model never carries between
// the two reads of one step).
namespace stat
{
// Rx
inline constexpr uint32_t kREoct = 0x100; // octets, good and bad frames
inline constexpr uint32_t kROct = 0x108;  // octets of good frames
inline constexpr uint32_t kRAln = 0x110;  // alignment errors
inline constexpr uint32_t kRxPf = 0x118;  // valid pause frames
inline constexpr uint32_t kRFrm = 0x120;  // good frames
inline constexpr uint32_t kRFcs = 0x128;  // FCS errors
inline constexpr uint32_t kRVlan = 0x130; // good VLAN-tagged frames
inline constexpr uint32_t kRErr = 0x138;  // frames with an error
inline constexpr uint32_t kRUca = 0x140;  // good unicast
inline constexpr uint32_t kRMca = 0x148;  // good multicast
inline constexpr uint32_t kRBca = 0x150;  // good broadcast
inline constexpr uint32_t kRDrp = 0x158;  // dropped (MAC disabled, filtered out, FIFO)
inline constexpr uint32_t kRPkt = 0x160;  // all frames
inline constexpr uint32_t kRUnd = 0x168;  // undersize (< 64, good FCS)
inline constexpr uint32_t kR64 = 0x170;
inline constexpr uint32_t kR127 = 0x178;
inline constexpr uint32_t kR255 = 0x180;
inline constexpr uint32_t kR511 = 0x188;
inline constexpr uint32_t kR1023 = 0x190;
inline constexpr uint32_t kR1518 = 0x198;
inline constexpr uint32_t kR1519X = 0x1a0;
inline constexpr uint32_t kROvr = 0x1a8;   // oversize (> MAXFRM), good FCS
inline constexpr uint32_t kRJbr = 0x1b0;   // oversize, bad FCS
inline constexpr uint32_t kRFrg = 0x1b8;   // undersize, bad FCS
inline constexpr uint32_t kRCnp = 0x1c0;   // control frames (type 0x8808)
inline constexpr uint32_t kRDrntp = 0x1c8; // dropped, not truncated
// Tx
inline constexpr uint32_t kTEoct = 0x200;
inline constexpr uint32_t kTOct = 0x208;
inline constexpr uint32_t kTxPf = 0x218;
inline constexpr uint32_t kTFrm = 0x220;
inline constexpr uint32_t kTFcs = 0x228;
inline constexpr uint32_t kTVlan = 0x230;
inline constexpr uint32_t kTErr = 0x238;
inline constexpr uint32_t kTUca = 0x240;
inline constexpr uint32_t kTMca = 0x248;
inline constexpr uint32_t kTBca = 0x250;
inline constexpr uint32_t kTPkt = 0x260;
inline constexpr uint32_t kTUnd = 0x268;
inline constexpr uint32_t kT64 = 0x270;
inline constexpr uint32_t kT127 = 0x278;
inline constexpr uint32_t kT255 = 0x280;
inline constexpr uint32_t kT511 = 0x288;
inline constexpr uint32_t kT1023 = 0x290;
inline constexpr uint32_t kT1518 = 0x298;
inline constexpr uint32_t kT1519X = 0x2a0;
inline constexpr uint32_t kTCnp = 0x2c0;

inline constexpr uint32_t kFirst = kREoct;
inline constexpr uint32_t kEnd = 0x2c8; // one past the last counter pair
inline constexpr unsigned kNumSlots = (kEnd - kFirst) / 8;
constexpr unsigned slot(uint32_t off) noexcept
{
	return (off - kFirst) / 8;
}
} // namespace stat
static_assert(stat::kR1519X == 0x100 + 20 * 8);
static_assert(stat::kRDrntp == 0x100 + 25 * 8);
static_assert(stat::kTCnp + 8 == stat::kEnd && stat::kNumSlots == 57);

} // namespace dpaa::hw::memac
