/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the FMan reads and writes in the FD's command/status word
// (hw::Fd::cmd_status): command bits on frames enqueued to an FMan Tx port,
// status bits on frames the FMan enqueues (Rx, Rx error, Tx confirmation,
// Tx error). As the QorIQ DPAA reference manual ("FMan frame descriptor
// command and status") and the Linux/DPDK dpaa drivers define them.
#pragma once

#include <cstdint>

namespace dpaa::hw::fman
{

// Command bits of an FD enqueued to a Tx port.
namespace fd_cmd
{
// Frame queue context override: send a confirmation after transmission to
// the FQ in [23:0] (kCfqMask), or, if 0, to the port's FMBM_TCFQID, whatever
// the Tx FQ's context A says (tx_context_a). Software then frees the buffers.
inline constexpr uint32_t kFco = 0x80000000;
inline constexpr uint32_t kRpd = 0x40000000; // read prepended data (the IC copy, ICP)
inline constexpr uint32_t kUpd = 0x20000000; // update prepended data
// Compute and insert the IPv4 header checksum and the TCP/UDP checksum, from
// the ParseResult software wrote in the buffer's prepended data (with kRpd).
inline constexpr uint32_t kDtc = 0x10000000;
inline constexpr uint32_t kCfqMask = 0x00ffffff;
} // namespace fd_cmd

// Status bits of FDs the FMan enqueues. A nonzero error sends an Rx frame to
// the port's error FQ (unless FMBM_RFSDM discards it).
namespace fd_status
{
inline constexpr uint32_t kErrUnsupportedFormat = 0x04000000; // Tx: FD format not supported
inline constexpr uint32_t kErrLength = 0x02000000;	      // Tx: bad length (0 or too long)
inline constexpr uint32_t kErrDma = 0x01000000;		      // address not reachable
inline constexpr uint32_t kErrNonFm = 0x00400000;
inline constexpr uint32_t kErrPhysical = 0x00080000; // Rx: FCS / physical error
inline constexpr uint32_t kErrSize = 0x00040000;     // Rx: frame too long for the buffers
inline constexpr uint32_t kErrClsDiscard = 0x00020000;
inline constexpr uint32_t kErrExtraction = 0x00008000;
inline constexpr uint32_t kErrNoScheme = 0x00004000; // KeyGen scheme not valid
inline constexpr uint32_t kErrKeysizeOverflow = 0x00002000;
inline constexpr uint32_t kErrColorRed = 0x00000800;
inline constexpr uint32_t kErrColorYellow = 0x00000400;
inline constexpr uint32_t kErrPrsTimeout = 0x00000080;
inline constexpr uint32_t kErrPrsIllegalInstr = 0x00000040;
inline constexpr uint32_t kErrPrsHeader = 0x00000020; // parser found a malformed header
inline constexpr uint32_t kErrBlockLimit = 0x00000008;
inline constexpr uint32_t kL4ChecksumValidated = 0x00000004; // L4CV: result in ParseResult::l4r
inline constexpr uint32_t kRxErrorMask = kErrDma | kErrPhysical | kErrSize | kErrClsDiscard |
					 kErrExtraction | kErrNoScheme | kErrKeysizeOverflow |
					 kErrColorRed | kErrPrsTimeout | kErrPrsIllegalInstr |
					 kErrPrsHeader | kErrBlockLimit;
inline constexpr uint32_t kTxErrorMask = kErrUnsupportedFormat | kErrLength | kErrDma;
} // namespace fd_status

// What the FMan reads in the context A of an FQ it dequeues for a Tx port
// (as a 64-bit word, hw::Fqd::context_a), as the FMan v3 reference manual
// ("Frame queue descriptor context A and B for Tx ports") has it and the
// Linux dpaa_eth and upstream DPDK drivers write it:
//  - OVFQ: the frame's confirmation goes to the FQ in context B [23:0]
//    instead of the port's FMBM_TCFQID, and a context B of 0 means no
//    confirmation, which is how upstream's driver and the kernel's dpaa_eth
//    choose a Tx confirmation FQ per Tx FQ. FD command FCO overrides both.
//  - A2V, A0V: the A2 field (bits [31:0]) and the A0 field are valid.
//  - B0V: context B's B0 field (the ASPID, [31:24]) is valid: with context B
//    0, the frame uses storage profile 0 rather than one the port derives.
//  - OVOM: the operation mode comes from A2, not from the internal context.
//  - A2 EBD, external buffer deallocation: once the frame is sent (and not
//    confirmed), the FMan releases its buffers to BMan, to the pools the FD
//    and its S/G entries name. An FMan v3 frees a buffer it did not take
//    from BMan itself only so: without EBD (and A2V), a frame that nothing
//    confirms keeps its buffers for ever ("to allow external buffer
//    deallocation by fman", upstream's fman.c; "EBD=1 (deallocate buffers
//    inside FMan)", the kernel's dpaa_eth.c).
namespace tx_context_a
{
inline constexpr uint64_t kOverrideFq = uint64_t{0x80000000} << 32;	// OVFQ
inline constexpr uint64_t kA2Valid = uint64_t{0x10000000} << 32;	// A2V
inline constexpr uint64_t kA0Valid = uint64_t{0x08000000} << 32;	// A0V
inline constexpr uint64_t kB0Valid = uint64_t{0x04000000} << 32;	// B0V
inline constexpr uint64_t kOverrideOpMode = uint64_t{0x02000000} << 32; // OVOM
inline constexpr uint64_t kExternalBufferDealloc = 0x80000000;		// A2: EBD
inline constexpr uint32_t kContextBFqMask = 0x00ffffff;
// Whether the FMan v3 frees an unconfirmed frame's buffers.
constexpr bool frees_buffers(uint64_t a) noexcept
{
	return (a & kA2Valid) && (a & kExternalBufferDealloc);
}
// A Tx FQ whose frames the FMan sends and then frees, confirming none
// (context B 0), on an FMan v3: upstream's value (dpaa_ethdev.c, Tx FQ init)
// and the NXP kernel's for its Tx recycling FQs.
inline constexpr uint64_t kV3NoConfirmFreeBuffers =
	kOverrideFq | kA2Valid | kOverrideOpMode | kB0Valid | kExternalBufferDealloc;
static_assert(kV3NoConfirmFreeBuffers == 0x9600000080000000ull);
} // namespace tx_context_a

// Largest frame a Tx port sends (FMan v3 jumbo limit), FCS excluded.
inline constexpr uint32_t kMaxTxFrame = 9600;
// Most SG entries the FMan writes or follows for one frame.
inline constexpr unsigned kMaxSgEntries = 16;

} // namespace dpaa::hw::fman
