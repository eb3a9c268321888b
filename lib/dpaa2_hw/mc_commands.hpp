/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// The MC commands DPDK's fslmc bus, dpaa2 mempool and net_dpaa2 send, as
// DPDK 22.11 and 25.11 lay them out (drivers/bus/fslmc/mc/*_cmd.h,
// drivers/net/dpaa2/mc/fsl_dpni_cmd.h): the command IDs with their versions
// and the parameter layouts, each a typed view over the 56-byte parameter
// area of McCommand (byte offsets asserted below). Where a command's version
// differs between the two releases both IDs are named.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dpaa2_hw/le.hpp"
#include "dpaa2_hw/mc_portal.hpp"

namespace dpaa2::hw::mc
{

// ---- Command IDs: (number << 4) | version ----------------------------------

// Commands shared by every object type (same number, dispatched on the
// token's object).
inline constexpr uint16_t kCmdClose = mc_cmd_id(0x800, 1);
inline constexpr uint16_t kCmdEnable = mc_cmd_id(0x002, 1);
inline constexpr uint16_t kCmdDisable = mc_cmd_id(0x003, 1);
inline constexpr uint16_t kCmdGetAttributes = mc_cmd_id(0x004, 1);
inline constexpr uint16_t kCmdReset = mc_cmd_id(0x005, 1);
inline constexpr uint16_t kCmdIsEnabled = mc_cmd_id(0x006, 1);
inline constexpr uint16_t kCmdSetIrqEnable = mc_cmd_id(0x012, 1);
inline constexpr uint16_t kCmdGetIrqEnable = mc_cmd_id(0x013, 1);
inline constexpr uint16_t kCmdSetIrqMask = mc_cmd_id(0x014, 1);
inline constexpr uint16_t kCmdGetIrqMask = mc_cmd_id(0x015, 1);
inline constexpr uint16_t kCmdGetIrqStatus = mc_cmd_id(0x016, 1);
inline constexpr uint16_t kCmdClearIrqStatus = mc_cmd_id(0x017, 1);

// MC-wide (fsl_dpmng_cmd.h), token 0.
inline constexpr uint16_t kCmdMcGetVersion = mc_cmd_id(0x831, 1);    // 0x8311
inline constexpr uint16_t kCmdMcGetSocVersion = mc_cmd_id(0x832, 1); // 0x8321

// DPRC (fsl_dprc_cmd.h).
inline constexpr uint16_t kCmdDprcOpen = mc_cmd_id(0x805, 1);	       // 0x8051
inline constexpr uint16_t kCmdDprcGetConnection = mc_cmd_id(0x16C, 1); // 0x16C1

// DPMCP has no command on DPDK's path: its portal is only a place to write.

// DPBP (fsl_dpbp_cmd.h).
inline constexpr uint16_t kCmdDpbpOpen = mc_cmd_id(0x804, 1);		   // 0x8041
inline constexpr uint16_t kCmdDpbpGetApiVersion = mc_cmd_id(0xA04, 1);	   // 0xA041
inline constexpr uint16_t kCmdDpbpGetAttributes = kCmdGetAttributes;	   // 0x0041
inline constexpr uint16_t kCmdDpbpSetNotifications = mc_cmd_id(0x1B0, 2);  // 0x1B02
inline constexpr uint16_t kCmdDpbpGetNotifications = mc_cmd_id(0x1B1, 2);  // 0x1B12
inline constexpr uint16_t kCmdDpbpGetFreeBuffersNum = mc_cmd_id(0x1B2, 1); // 0x1B21

// DPIO (fsl_dpio_cmd.h).
inline constexpr uint16_t kCmdDpioOpen = mc_cmd_id(0x803, 1);			    // 0x8031
inline constexpr uint16_t kCmdDpioGetApiVersion = mc_cmd_id(0xA03, 1);		    // 0xA031
inline constexpr uint16_t kCmdDpioSetStashingDest = mc_cmd_id(0x120, 1);	    // 0x1201
inline constexpr uint16_t kCmdDpioGetStashingDest = mc_cmd_id(0x121, 1);	    // 0x1211
inline constexpr uint16_t kCmdDpioAddStaticDequeueChannel = mc_cmd_id(0x122, 1);    // 0x1221
inline constexpr uint16_t kCmdDpioRemoveStaticDequeueChannel = mc_cmd_id(0x123, 1); // 0x1231
// v25.11 defines these three and never sends them.
inline constexpr uint16_t kCmdDpioSetStashingDestSource = mc_cmd_id(0x124, 1);	 // 0x1241
inline constexpr uint16_t kCmdDpioGetStashingDestSource = mc_cmd_id(0x125, 1);	 // 0x1251
inline constexpr uint16_t kCmdDpioSetStashingDestByCoreId = mc_cmd_id(0x126, 1); // 0x1261

// DPCON (fsl_dpcon_cmd.h).
inline constexpr uint16_t kCmdDpconOpen = mc_cmd_id(0x808, 1);		  // 0x8081
inline constexpr uint16_t kCmdDpconGetApiVersion = mc_cmd_id(0xA08, 1);	  // 0xA081
inline constexpr uint16_t kCmdDpconSetNotification = mc_cmd_id(0x100, 1); // 0x1001

// DPRTC (fsl_dprtc_cmd.h): the MC's handle on the SoC's IEEE 1588 timer,
// the clock WRIOP timestamps frames with.
inline constexpr uint16_t kCmdDprtcOpen = mc_cmd_id(0x810, 1);		      // 0x8101
inline constexpr uint16_t kCmdDprtcGetApiVersion = mc_cmd_id(0xA10, 1);	      // 0xA101
inline constexpr uint16_t kCmdDprtcSetClockOffset = mc_cmd_id(0x1d0, 1);      // 0x1d01
inline constexpr uint16_t kCmdDprtcSetFreqCompensation = mc_cmd_id(0x1d1, 1); // 0x1d11
inline constexpr uint16_t kCmdDprtcGetFreqCompensation = mc_cmd_id(0x1d2, 1); // 0x1d21
inline constexpr uint16_t kCmdDprtcGetTime = mc_cmd_id(0x1d3, 1);	      // 0x1d31
inline constexpr uint16_t kCmdDprtcSetTime = mc_cmd_id(0x1d4, 1);	      // 0x1d41

// DPMAC (the kernel's dpmac-cmd.h): what the kernel's dpaa2-mac reads of
// the MAC, from the root container that holds the DPMACs.
inline constexpr uint16_t kCmdDpmacOpen = mc_cmd_id(0x80c, 1);	     // 0x80c1
inline constexpr uint16_t kCmdDpmacGetCounter = mc_cmd_id(0x0c4, 1); // 0x0c41

// DPNI (fsl_dpni_cmd.h).
namespace dpni
{
inline constexpr uint16_t kOpen = mc_cmd_id(0x801, 1);		    // 0x8011
inline constexpr uint16_t kGetApiVersion = mc_cmd_id(0xA01, 1);	    // 0xA011
inline constexpr uint16_t kGetAttributes = mc_cmd_id(0x004, 6);	    // 0x0046
inline constexpr uint16_t kSetPools = mc_cmd_id(0x200, 3);	    // 0x2003
inline constexpr uint16_t kSetErrorsBehavior = mc_cmd_id(0x20B, 1); // 0x20B1
inline constexpr uint16_t kGetQdid = mc_cmd_id(0x210, 1);	    // 0x2101
inline constexpr uint16_t kGetSpInfo = mc_cmd_id(0x211, 1);
inline constexpr uint16_t kGetTxDataOffset = mc_cmd_id(0x212, 1);   // 0x2121
inline constexpr uint16_t kGetLinkState = mc_cmd_id(0x215, 2);	    // 0x2152
inline constexpr uint16_t kSetMaxFrameLength = mc_cmd_id(0x216, 1); // 0x2161
inline constexpr uint16_t kGetMaxFrameLength = mc_cmd_id(0x217, 1); // 0x2171
inline constexpr uint16_t kSetLinkCfg = mc_cmd_id(0x21A, 2);	    // 0x21A2
inline constexpr uint16_t kSetTxShaping = mc_cmd_id(0x21B, 3);	    // 0x21B3
inline constexpr uint16_t kSetMcastPromisc = mc_cmd_id(0x220, 1);   // 0x2201
inline constexpr uint16_t kGetMcastPromisc = mc_cmd_id(0x221, 1);   // 0x2211
inline constexpr uint16_t kSetUnicastPromisc = mc_cmd_id(0x222, 1); // 0x2221
inline constexpr uint16_t kGetUnicastPromisc = mc_cmd_id(0x223, 1); // 0x2231
inline constexpr uint16_t kSetPrimaryMac = mc_cmd_id(0x224, 1);	    // 0x2241
inline constexpr uint16_t kGetPrimaryMac = mc_cmd_id(0x225, 1);	    // 0x2251
inline constexpr uint16_t kAddMacAddr = mc_cmd_id(0x226, 2);	    // 0x2262
inline constexpr uint16_t kRemoveMacAddr = mc_cmd_id(0x227, 1);	    // 0x2271
inline constexpr uint16_t kClearMacFilters = mc_cmd_id(0x228, 1);   // 0x2281
inline constexpr uint16_t kEnableVlanFilter = mc_cmd_id(0x230, 1);  // 0x2301
inline constexpr uint16_t kAddVlanId = mc_cmd_id(0x231, 2);	    // 0x2312
inline constexpr uint16_t kRemoveVlanId = mc_cmd_id(0x232, 1);	    // 0x2321
inline constexpr uint16_t kClearVlanFilters = mc_cmd_id(0x233, 1);  // 0x2331
inline constexpr uint16_t kSetRxTcDist = mc_cmd_id(0x235, 4);	    // 0x2354
inline constexpr uint16_t kSetRxTcPolicing = mc_cmd_id(0x23E, 1);
inline constexpr uint16_t kSetQosTable = mc_cmd_id(0x240, 2);
inline constexpr uint16_t kAddQosEntry = mc_cmd_id(0x241, 2);
inline constexpr uint16_t kRemoveQosEntry = mc_cmd_id(0x242, 1);
inline constexpr uint16_t kClearQosTable = mc_cmd_id(0x243, 1);
inline constexpr uint16_t kAddFsEntry = mc_cmd_id(0x244, 2);
inline constexpr uint16_t kRemoveFsEntry = mc_cmd_id(0x245, 1);
inline constexpr uint16_t kClearFsEntries = mc_cmd_id(0x246, 1);
inline constexpr uint16_t kSetTxPriorities = mc_cmd_id(0x250, 3); // 0x2503
inline constexpr uint16_t kGetRxTcPolicing = mc_cmd_id(0x251, 1);
inline constexpr uint16_t kGetStatistics = mc_cmd_id(0x25D, 4);	  // 0x25D4
inline constexpr uint16_t kResetStatistics = mc_cmd_id(0x25E, 1); // 0x25E1
inline constexpr uint16_t kGetQueue = mc_cmd_id(0x25F, 3);	  // 0x25F3
inline constexpr uint16_t kSetQueue = mc_cmd_id(0x260, 3);	  // 0x2603
inline constexpr uint16_t kGetTaildrop = mc_cmd_id(0x261, 2);	  // 0x2612
inline constexpr uint16_t kSetTaildrop = mc_cmd_id(0x262, 3);	  // 0x2623
inline constexpr uint16_t kGetPortMacAddr = mc_cmd_id(0x263, 1);  // 0x2631
inline constexpr uint16_t kGetBufferLayout = mc_cmd_id(0x264, 2); // 0x2642
inline constexpr uint16_t kSetBufferLayout = mc_cmd_id(0x265, 2); // 0x2652
// v22.11 sends version 1, v25.11 version 2 (a ceetm channel index at byte 0).
inline constexpr uint16_t kSetTxConfirmationModeV1 = mc_cmd_id(0x266, 1);   // 0x2661
inline constexpr uint16_t kSetTxConfirmationModeV2 = mc_cmd_id(0x266, 2);   // 0x2662
inline constexpr uint16_t kSetCongestionNotification = mc_cmd_id(0x267, 3); // 0x2673
inline constexpr uint16_t kGetCongestionNotification = mc_cmd_id(0x268, 3); // 0x2683
inline constexpr uint16_t kSetEarlyDrop = mc_cmd_id(0x269, 3);
inline constexpr uint16_t kGetEarlyDrop = mc_cmd_id(0x26A, 3);
inline constexpr uint16_t kGetOffload = mc_cmd_id(0x26B, 2);		  // 0x26B2
inline constexpr uint16_t kSetOffload = mc_cmd_id(0x26C, 2);		  // 0x26C2
inline constexpr uint16_t kGetTxConfirmationModeV1 = mc_cmd_id(0x26D, 1); // 0x26D1
inline constexpr uint16_t kGetTxConfirmationModeV2 = mc_cmd_id(0x26D, 2); // 0x26D2
inline constexpr uint16_t kSetOpr = mc_cmd_id(0x26E, 2);		  // 0x26E2
inline constexpr uint16_t kGetOpr = mc_cmd_id(0x26F, 2);
inline constexpr uint16_t kLoadSwSequence = mc_cmd_id(0x270, 1);
inline constexpr uint16_t kEnableSwSequence = mc_cmd_id(0x271, 1);
inline constexpr uint16_t kGetSwSequenceLayout = mc_cmd_id(0x272, 1);
inline constexpr uint16_t kSetRxFsDist = mc_cmd_id(0x273, 2);
inline constexpr uint16_t kSetRxHashDist = mc_cmd_id(0x274, 2); // 0x2742
inline constexpr uint16_t kAddCustomTpid = mc_cmd_id(0x275, 1);
inline constexpr uint16_t kRemoveCustomTpid = mc_cmd_id(0x276, 1);
inline constexpr uint16_t kGetCustomTpid = mc_cmd_id(0x277, 1);
inline constexpr uint16_t kGetLinkCfg = mc_cmd_id(0x278, 1);		// 0x2781
inline constexpr uint16_t kSetSingleStepCfg = mc_cmd_id(0x279, 1);	// v25.11
inline constexpr uint16_t kGetSingleStepCfg = mc_cmd_id(0x27A, 2);	// v25.11 0x27A2
inline constexpr uint16_t kSetPortCfg = mc_cmd_id(0x27B, 1);		// 0x27B1
inline constexpr uint16_t kGetPortCfg = mc_cmd_id(0x27C, 1);		// v25.11
inline constexpr uint16_t kGetMacStatistics = mc_cmd_id(0x283, 1);	// v25.11
inline constexpr uint16_t kGetMacSpeedCapability = mc_cmd_id(0x284, 1); // v25.11 0x2841

static_assert(kGetAttributes == 0x0046 && kSetPools == 0x2003 && kSetQueue == 0x2603);
static_assert(kGetQueue == 0x25F3 && kSetTaildrop == 0x2623 && kGetStatistics == 0x25D4);
static_assert(kSetTxConfirmationModeV2 == 0x2662 && kGetMacSpeedCapability == 0x2841);
static_assert(kGetApiVersion == 0xA011 && kSetCongestionNotification == 0x2673);
} // namespace dpni

static_assert(kCmdMcGetVersion == 0x8311 && kCmdDprcGetConnection == 0x16C1);
static_assert(kCmdDpbpGetFreeBuffersNum == 0x1B21 && kCmdDpioSetStashingDest == 0x1201);

// ---- Versions upstream checks ---------------------------------------------

// fsl_dpmng.h MC_VER_MAJOR/MINOR: 22.11 needs 10.>=32, 25.11 10.>=39.
inline constexpr uint32_t kMcVersionMajorRequired = 10;
// dpaa2_ethdev.c compares the DPNI API version (25.11: >= 8.6 for the MAC
// speed capability).
inline constexpr uint16_t kDpniApiMajor = 8;
inline constexpr uint16_t kDpniApiMinor = 6;

// ---- Parameter layouts ------------------------------------------------------

struct ObjectOpen { // dprc/dpbp/dpio/dpni/dpcon_cmd_open
	le32 id;
};

struct IsEnabledResponse {
	uint8_t enabled; // bit 0
};

struct ApiVersionResponse {
	le16 major;
	le16 minor;
};

// Commands on the object's interrupt (irq_index 0 everywhere on DPDK's path).
struct IrqEnableCommand {
	uint8_t enable; // bit 0
	uint8_t pad[3];
	uint8_t irq_index;
};
struct IrqIndexCommand { // get_irq_enable, get_irq_mask
	le32 pad;
	uint8_t irq_index;
};
struct IrqWordCommand { // set_irq_mask, get/clear_irq_status
	le32 value;
	uint8_t irq_index;
};
struct IrqWordResponse {
	le32 value;
};
static_assert(offsetof(IrqEnableCommand, irq_index) == 4);
static_assert(offsetof(IrqWordCommand, irq_index) == 4);

struct McVersionResponse {
	le32 revision;
	le32 major;
	le32 minor;
};
struct SocVersionResponse {
	le32 svr;
	le32 pvr;
};

// dprc_get_connection: the endpoint is named by type string and id.
struct DprcGetConnectionCommand {
	le32 ep1_id;
	le16 ep1_interface_id;
	le16 pad;
	char ep1_type[16];
};
struct DprcGetConnectionResponse {
	uint8_t pad[24];
	le32 ep2_id;
	le16 ep2_interface_id;
	le16 pad1;
	char ep2_type[16];
	le32 state; // 1 up, 0 down, (uint32_t)-1 no connection
};
static_assert(offsetof(DprcGetConnectionCommand, ep1_type) == 8);
static_assert(offsetof(DprcGetConnectionResponse, ep2_id) == 24);
static_assert(offsetof(DprcGetConnectionResponse, ep2_type) == 32);
static_assert(offsetof(DprcGetConnectionResponse, state) == 48);

struct DpbpAttributesResponse {
	le16 pad;
	le16 bpid;
	le32 id;
};
static_assert(offsetof(DpbpAttributesResponse, bpid) == 2);
struct DpbpFreeBuffersResponse {
	le32 num_free_bufs;
};

struct DpioAttributesResponse {
	le32 id;
	le16 qbman_portal_id;
	uint8_t num_priorities;
	uint8_t channel_mode; // bits [3:0]: 0 none, 1 local channel
	le64 qbman_portal_ce_offset;
	le64 qbman_portal_ci_offset;
	le32 qbman_version;
	le32 pad;
	le32 clk;
};
static_assert(offsetof(DpioAttributesResponse, qbman_portal_id) == 4);
static_assert(offsetof(DpioAttributesResponse, qbman_portal_ce_offset) == 8);
static_assert(offsetof(DpioAttributesResponse, qbman_version) == 24);
static_assert(offsetof(DpioAttributesResponse, clk) == 32);
struct DpioStashingDest {
	uint8_t sdest;
};
struct DpioStaticDequeueChannelCommand {
	le32 dpcon_id;
};
struct DpioStaticDequeueChannelResponse {
	uint8_t channel_index;
};

struct DpconAttributesResponse {
	le32 id;
	le16 qbman_ch_id;
	uint8_t num_priorities;
	uint8_t pad;
};

struct DprtcAttributesResponse {
	le32 paddr; // the timer's registers (unused by DPDK)
	le32 id;
	uint8_t little_endian;
};
static_assert(offsetof(DprtcAttributesResponse, little_endian) == 8);
// dpmac_get_counter: the counter asked for (enum dpmac_counter_id) and its
// value.
struct DpmacGetCounterCommand {
	uint8_t id;
};
struct DpmacGetCounterResponse {
	le64 pad;
	le64 counter;
};
static_assert(offsetof(DpmacGetCounterResponse, counter) == 8);
// enum dpmac_counter_id, the counters the model keeps.
namespace dpmac_counter
{
inline constexpr uint8_t kIngFrag = 7;	      // < 64 bytes, bad FCS
inline constexpr uint8_t kIngJabber = 8;      // > the largest frame, bad FCS
inline constexpr uint8_t kIngOversized = 12;  // > the largest frame, good FCS
inline constexpr uint8_t kIngAllFrame = 18;   // every frame, good or bad
inline constexpr uint8_t kIngFcsErr = 36;     // bad FCS, legal length
inline constexpr uint8_t kIngUndersized = 38; // < 64 bytes, good FCS
inline constexpr uint8_t kEgrAllFrame = 44;   // every frame sent
} // namespace dpmac_counter

// get_time's response and set_time's command: the timer's count, in ns.
struct DprtcTime {
	le64 time;
};
struct DprtcClockOffset {
	le64 offset; // two's complement
};
struct DprtcFreqCompensation {
	le32 freq_compensation; // TMR_ADD
};

// ---- DPNI layouts ----

enum class DpniQueueType : uint8_t { rx = 0, tx = 1, tx_confirm = 2, rx_err = 3 };

inline constexpr uint32_t kDpniOptTxFrmRelease = 0x000001;
inline constexpr uint32_t kDpniOptNoMacFilter = 0x000002;
inline constexpr uint32_t kDpniOptHasPolicing = 0x000004;
inline constexpr uint32_t kDpniOptSharedCongestion = 0x000008;
inline constexpr uint32_t kDpniOptHasKeyMasking = 0x000010;
inline constexpr uint32_t kDpniOptNoFs = 0x000020;
inline constexpr uint32_t kDpniOptCustomCg = 0x000200;

struct DpniAttributesResponse {
	le32 options;
	uint8_t num_queues;
	uint8_t num_rx_tcs;
	uint8_t mac_filter_entries;
	uint8_t num_tx_tcs;
	uint8_t vlan_filter_entries;
	uint8_t num_channels;
	uint8_t qos_entries;
	uint8_t pad2;
	le16 fs_entries;
	le16 num_opr;
	uint8_t qos_key_size;
	uint8_t fs_key_size;
	le16 wriop_version;
	uint8_t num_cgs;
};
static_assert(offsetof(DpniAttributesResponse, num_channels) == 9);
static_assert(offsetof(DpniAttributesResponse, fs_entries) == 12);
static_assert(offsetof(DpniAttributesResponse, qos_key_size) == 16);
static_assert(offsetof(DpniAttributesResponse, wriop_version) == 18);
static_assert(offsetof(DpniAttributesResponse, num_cgs) == 20);

struct DpniPool {
	le16 dpbp_id;
	uint8_t priority_mask;
	uint8_t pad;
};
struct DpniSetPoolsCommand {
	uint8_t num_dpbp;
	uint8_t backup_pool_mask;
	uint8_t pad;
	uint8_t pool_options;
	DpniPool pool[8];
	le16 buffer_size[8];
};
static_assert(offsetof(DpniSetPoolsCommand, pool) == 4);
static_assert(offsetof(DpniSetPoolsCommand, buffer_size) == 36);
static_assert(sizeof(DpniSetPoolsCommand) == 52);

// errors: DPNI_ERROR_* bits; flags: action [3:0], set_frame_annotation bit 4.
struct DpniErrorsBehaviorCommand {
	le32 errors;
	uint8_t flags;
};
inline constexpr uint8_t kDpniErrorActionMask = 0x0F;
inline constexpr uint8_t kDpniErrorSetFrameAnnotation = 0x10;
enum class DpniErrorAction : uint8_t { discard = 0, cont = 1, error_queue = 2 };

inline constexpr uint8_t kDpniLinkStateUp = 0x01;
inline constexpr uint8_t kDpniLinkStateValid = 0x02;
inline constexpr uint64_t kDpniLinkOptAutoneg = 0x1;
inline constexpr uint64_t kDpniLinkOptHalfDuplex = 0x2;
inline constexpr uint64_t kDpniLinkOptPause = 0x4;
inline constexpr uint64_t kDpniLinkOptAsymPause = 0x8;

struct DpniLinkStateResponse {
	le32 pad0;
	uint8_t flags; // bit 0 up, bit 1 state_valid
	uint8_t pad1[3];
	le32 rate; // Mbps
	le32 pad2;
	le64 options;
	le64 supported;
	le64 advertising;
};
static_assert(offsetof(DpniLinkStateResponse, flags) == 4);
static_assert(offsetof(DpniLinkStateResponse, rate) == 8);
static_assert(offsetof(DpniLinkStateResponse, options) == 16);
static_assert(offsetof(DpniLinkStateResponse, advertising) == 32);

// set_link_cfg's command and get_link_cfg's response.
struct DpniLinkCfg {
	le64 pad0;
	le32 rate;
	le32 pad1;
	le64 options;
	le64 advertising;
};
static_assert(offsetof(DpniLinkCfg, rate) == 8 && offsetof(DpniLinkCfg, advertising) == 24);

struct DpniMaxFrameLength {
	le16 max_frame_length;
};
struct DpniEnable {
	uint8_t enable; // bit 0
};

// MAC addresses travel byte-reversed: mac_addr[5 - i] is the address's byte i.
struct DpniMacAddr {
	le16 pad;
	uint8_t mac_addr[6];
};
struct DpniAddMacAddrCommand {
	uint8_t flags;
	uint8_t pad;
	uint8_t mac_addr[6];
	uint8_t tc_id;
	uint8_t fq_id;
};
static_assert(offsetof(DpniMacAddr, mac_addr) == 2);
static_assert(offsetof(DpniAddMacAddrCommand, tc_id) == 8);

struct DpniVlanIdCommand {
	uint8_t flags;
	uint8_t tc_id;
	uint8_t flow_id;
	uint8_t pad;
	le16 vlan_id;
};
static_assert(offsetof(DpniVlanIdCommand, vlan_id) == 4);

inline constexpr uint16_t kDpniBufLayoutOptTimestamp = 0x0001;
inline constexpr uint16_t kDpniBufLayoutOptParserResult = 0x0002;
inline constexpr uint16_t kDpniBufLayoutOptFrameStatus = 0x0004;
inline constexpr uint16_t kDpniBufLayoutOptPrivateDataSize = 0x0008;
inline constexpr uint16_t kDpniBufLayoutOptDataAlign = 0x0010;
inline constexpr uint16_t kDpniBufLayoutOptHeadRoom = 0x0020;
inline constexpr uint16_t kDpniBufLayoutOptTailRoom = 0x0040;
inline constexpr uint16_t kDpniBufLayoutOptSwOpaque = 0x0080;
inline constexpr uint8_t kDpniPassTs = 0x1, kDpniPassPr = 0x2, kDpniPassFs = 0x4,
			 kDpniPassSwo = 0x8;

struct DpniSetBufferLayoutCommand {
	uint8_t qtype;
	uint8_t pad0[3];
	le16 options;
	uint8_t flags;
	uint8_t pad1;
	le16 private_data_size;
	le16 data_align;
	le16 head_room;
	le16 tail_room;
};
struct DpniGetBufferLayoutResponse {
	uint8_t pad0[6];
	uint8_t flags;
	uint8_t pad1;
	le16 private_data_size;
	le16 data_align;
	le16 head_room;
	le16 tail_room;
};
static_assert(offsetof(DpniSetBufferLayoutCommand, options) == 4);
static_assert(offsetof(DpniSetBufferLayoutCommand, flags) == 6);
static_assert(offsetof(DpniSetBufferLayoutCommand, head_room) == 12);

enum class DpniOffload : uint8_t {
	rx_l3_csum = 0,
	rx_l4_csum = 1,
	tx_l3_csum = 2,
	tx_l4_csum = 3,
	flctype_hash = 4,
};
struct DpniOffloadCommand { // set_offload, get_offload (command)
	uint8_t pad[3];
	uint8_t dpni_offload;
	le32 config;
};
struct DpniGetOffloadResponse {
	le32 pad;
	le32 config;
};
static_assert(offsetof(DpniOffloadCommand, config) == 4);

struct DpniQtypeCommand { // get_qdid
	uint8_t qtype;
};
struct DpniQdidResponse {
	le16 qdid;
};
struct DpniTxDataOffsetResponse {
	le16 data_offset;
};

struct DpniGetStatisticsCommand {
	uint8_t page_number;
	le16 param;
};
struct DpniStatisticsResponse {
	le64 counter[7];
};

struct DpniRxHashDistCommand {
	le16 dist_size;
	uint8_t enable; // bit 0
	uint8_t tc_id;
	le32 pad;
	le64 key_cfg_iova;
};
static_assert(offsetof(DpniRxHashDistCommand, key_cfg_iova) == 8);

// The key composition a distribution command points to (key_cfg_iova):
// what upstream's dpkg_prepare_key_cfg() writes into a 256-byte buffer.
inline constexpr unsigned kDpkgMaxExtracts = 10;
inline constexpr size_t kDpkgExtractAreaSize = 256;
enum class DpkgExtractType : uint8_t { from_hdr = 0, from_data = 1, from_parse = 3 };
enum class DpkgHdrType : uint8_t { from_hdr = 0, from_field = 1, full_field = 2 };
// enum net_prot (fsl_net.h) values the distribution uses.
enum class NetProt : uint8_t {
	none = 0,
	payload = 1,
	eth = 2,
	vlan = 3,
	ipv4 = 4,
	ipv6 = 5,
	ip = 6,
	tcp = 7,
	udp = 8,
	udp_lite = 9,
	iphc = 10,
	sctp = 11,
};
// NH_FLD_* (fsl_net.h) per protocol.
inline constexpr uint32_t kFldEthDa = 1u << 0, kFldEthSa = 1u << 1, kFldEthType = 1u << 3;
inline constexpr uint32_t kFldVlanTci = 0x7; // VPRI | CFI | VID
inline constexpr uint32_t kFldIpProto = 1u << 4, kFldIpSrc = 1u << 5, kFldIpDst = 1u << 6;
inline constexpr uint32_t kFldIpv4Proto = 1u << 9, kFldIpv4Src = 1u << 11, kFldIpv4Dst = 1u << 12;
inline constexpr uint32_t kFldIpv6Src = 1u << 2, kFldIpv6Dst = 1u << 3, kFldIpv6NextHdr = 1u << 4;
inline constexpr uint32_t kFldL4PortSrc = 1u << 0, kFldL4PortDst = 1u << 1; // TCP, UDP, SCTP

struct DpkgMask {
	uint8_t mask;
	uint8_t offset;
};
struct DpkgExtract {
	uint8_t prot;	  // NetProt
	uint8_t efh_type; // DpkgHdrType in [3:0]
	uint8_t size;
	uint8_t offset;
	le32 field; // NH_FLD_* bits
	uint8_t hdr_index;
	uint8_t constant;
	uint8_t num_of_repeats;
	uint8_t num_of_byte_masks;
	uint8_t extract_type; // DpkgExtractType in [3:0]
	uint8_t pad[3];
	DpkgMask masks[4];
};
struct DpkgExtractArea {
	uint8_t num_extracts;
	uint8_t pad[7];
	DpkgExtract extracts[kDpkgMaxExtracts];
};
static_assert(sizeof(DpkgExtract) == 24);
static_assert(offsetof(DpkgExtract, field) == 4 && offsetof(DpkgExtract, extract_type) == 12);
static_assert(sizeof(DpkgExtractArea) <= kDpkgExtractAreaSize);

struct DpniRxTcDistCommand {
	le16 dist_size;
	uint8_t tc_id;
	uint8_t flags; // dist_mode [3:0], miss_action [7:4]
	uint8_t pad0;
	uint8_t keep_hash_key;
	le16 default_flow_id;
	le64 pad1[5];
	le64 key_cfg_iova;
};
static_assert(offsetof(DpniRxTcDistCommand, key_cfg_iova) == 48);

// Queue configuration options (DPNI_QUEUE_OPT_*) and flags bits.
inline constexpr uint8_t kDpniQueueOptUserCtx = 0x01;
inline constexpr uint8_t kDpniQueueOptDest = 0x02;
inline constexpr uint8_t kDpniQueueOptFlc = 0x04;
inline constexpr uint8_t kDpniQueueOptHoldActive = 0x08;
inline constexpr uint8_t kDpniQueueOptSetCgid = 0x40;
inline constexpr uint8_t kDpniQueueOptClearCgid = 0x80;
inline constexpr uint8_t kDpniQueueFlagsDestTypeMask = 0x0F;
inline constexpr uint8_t kDpniQueueFlagCgidValid = 0x20;
inline constexpr uint8_t kDpniQueueFlagStashCtrl = 0x40;
inline constexpr uint8_t kDpniQueueFlagHoldActive = 0x80;
enum class DpniDestType : uint8_t { none = 0, dpio = 1, dpcon = 2 };

struct DpniGetQueueCommand {
	uint8_t qtype;
	uint8_t tc;
	uint8_t index;
	uint8_t channel_id;
};
struct DpniGetQueueResponse {
	le64 pad0;
	le32 dest_id;
	le16 pad1;
	uint8_t dest_prio;
	uint8_t flags;
	le64 flc;
	le64 user_context;
	le32 fqid;
	le16 qdbin;
	le16 pad2;
	uint8_t cgid;
};
static_assert(offsetof(DpniGetQueueResponse, dest_id) == 8);
static_assert(offsetof(DpniGetQueueResponse, flags) == 15);
static_assert(offsetof(DpniGetQueueResponse, fqid) == 32);
static_assert(offsetof(DpniGetQueueResponse, qdbin) == 36);
static_assert(offsetof(DpniGetQueueResponse, cgid) == 40);

struct DpniSetQueueCommand {
	uint8_t qtype;
	uint8_t tc;
	uint8_t index;
	uint8_t options;
	le32 pad0;
	le32 dest_id;
	le16 pad1;
	uint8_t dest_prio;
	uint8_t flags;
	le64 flc;
	le64 user_context;
	uint8_t cgid;
	uint8_t channel_id;
};
static_assert(offsetof(DpniSetQueueCommand, dest_id) == 8);
static_assert(offsetof(DpniSetQueueCommand, flc) == 16);
static_assert(offsetof(DpniSetQueueCommand, user_context) == 24);
static_assert(offsetof(DpniSetQueueCommand, cgid) == 32);

enum class DpniCongestionPoint : uint8_t { queue = 0, group = 1, congestion_group = 2 };
enum class DpniCongestionUnit : uint8_t { bytes = 0, frames = 1 };

struct DpniGetTaildropCommand {
	uint8_t congestion_point;
	uint8_t qtype;
	uint8_t tc;
	uint8_t index;
	uint8_t channel_id; // v3 only
};
struct DpniSetTaildropCommand {
	uint8_t congestion_point;
	uint8_t qtype;
	uint8_t tc;
	uint8_t index;
	uint8_t channel_id;
	uint8_t pad0[3];
	uint8_t enable_oal_lo; // enable bit 0, OAL [6:0] in bits [7:1]
	uint8_t oal_hi;	       // OAL [11:7] in bits [4:0]
	uint8_t units;
	uint8_t pad2;
	le32 threshold;
};
struct DpniGetTaildropResponse {
	le64 pad0;
	uint8_t enable_oal_lo;
	uint8_t oal_hi;
	uint8_t units;
	uint8_t pad2;
	le32 threshold;
};
static_assert(offsetof(DpniSetTaildropCommand, enable_oal_lo) == 8);
static_assert(offsetof(DpniSetTaildropCommand, units) == 10);
static_assert(offsetof(DpniSetTaildropCommand, threshold) == 12);

enum class DpniConfirmationMode : uint8_t { affine = 0, single = 1, disable = 2 };
// Both versions keep the mode at byte 4; v2 adds the ceetm channel at 0.
struct DpniTxConfirmationModeCommand {
	uint8_t ceetm_ch_idx; // v2
	uint8_t pad1;
	le16 pad2;
	uint8_t confirmation_mode;
};
static_assert(offsetof(DpniTxConfirmationModeCommand, confirmation_mode) == 4);

// Congestion notification (DPNI_CONG_OPT_*) and the command.
inline constexpr uint16_t kDpniCongOptWriteMemOnEnter = 0x0001;
inline constexpr uint16_t kDpniCongOptWriteMemOnExit = 0x0002;
inline constexpr uint16_t kDpniCongOptCoherentWrite = 0x0004;
inline constexpr uint16_t kDpniCongOptNotifyDestOnEnter = 0x0008;
inline constexpr uint16_t kDpniCongOptNotifyDestOnExit = 0x0010;
inline constexpr uint16_t kDpniCongOptIntrCoalescingDisable = 0x0020;
inline constexpr uint16_t kDpniCongOptFlowControl = 0x0040;
inline constexpr uint8_t kDpniCongDestTypeMask = 0x0F;
inline constexpr unsigned kDpniCongUnitsShift = 4; // units [5:4]

struct DpniSetCongestionNotificationCommand {
	uint8_t qtype;
	uint8_t tc;
	uint8_t channel_id;
	uint8_t congestion_point;
	uint8_t cgid;
	uint8_t pad2[3];
	le32 dest_id;
	le16 notification_mode;
	uint8_t dest_priority;
	uint8_t type_units;
	le64 message_iova;
	le64 message_ctx;
	le32 threshold_entry;
	le32 threshold_exit;
};
static_assert(offsetof(DpniSetCongestionNotificationCommand, dest_id) == 8);
static_assert(offsetof(DpniSetCongestionNotificationCommand, notification_mode) == 12);
static_assert(offsetof(DpniSetCongestionNotificationCommand, type_units) == 15);
static_assert(offsetof(DpniSetCongestionNotificationCommand, message_iova) == 16);
static_assert(offsetof(DpniSetCongestionNotificationCommand, threshold_entry) == 32);
static_assert(offsetof(DpniSetCongestionNotificationCommand, threshold_exit) == 36);

// The bits of get_mac_speed_capability (enum dpmac_link_speed, 25.11).
enum class DpmacLinkSpeed : uint8_t {
	s10m = 0,
	s100m = 1,
	s1g = 2,
	s2_5g = 3,
	s5g = 4,
	s10g = 5,
	s25g = 6,
	s40g = 7,
	s50g = 8,
	s100g = 9,
};
struct DpniMacSpeedCapabilityResponse {
	le32 speed_cap; // bit n: enum dpmac_link_speed n (10M = 0 ... 100G)
};

struct DpniSingleStepCfgResponse {
	le16 flags;
	le16 offset;
	le32 peer_delay;
	le32 ptp_onestep_reg_base;
	le32 pad0;
};

struct DpniPortCfg {
	le32 flags; // bit 0 loopback enable
	le32 bit_params;
};

} // namespace dpaa2::hw::mc
