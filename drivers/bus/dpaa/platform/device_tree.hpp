/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Reading the flattened device tree as Linux exposes it (/proc/device-tree:
// a folder per node, a file per property holding its raw bytes), and the
// DPAA description a board's tree gives: FMans (compatible "fsl,fman"), the
// MACs the kernel hands to user space (the "fsl,dpa-ethernet-init" children
// of the "fsl,dpaa" node name them in fsl,fman-mac; the kernel keeps the
// others for its own interfaces), each an "fsl,fman-memac" node (cell-index,
// phy-connection-type, local-mac-address, fsl,fman-ports, phy-handle or
// fixed-link) with its BMI ports
// ("fsl,fman-v3-port-rx/-tx", cell-index = hardware port id, fsl,qman-channel-id on Tx ports), the
// QMan/BMan software portals
// ("fsl,qman-portal", "fsl,bman-portal": reg = CE area then CI area), and the
// resource ranges a USDPAA tree hands to user space ("fsl,fqid-range",
// "fsl,bpid-range", "fsl,pool-channel-range"), and each FMan's IEEE 1588
// timer ("fsl,fman-ptp-timer", named by the FMan's ptimer-handle).
//
// No DPDK: the unit suite runs it on a tree it writes into a temporary folder.
// The root path is a parameter for that reason. Files are read with
// scandir(), open() and read(), as every USDPAA application reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/platform.hpp"

namespace dpaa::platform::dt
{

using Bytes = std::vector<uint8_t>;

// Property 'name' of the node at 'node' (a folder), or nullopt.
std::optional<Bytes> read_property(const std::string &node, std::string_view name);
// Big-endian 32-bit cell i of a property.
std::optional<uint32_t> cell(const Bytes &prop, size_t i);
// A value of 'ncells' (1 or 2) big-endian cells starting at cell i.
std::optional<uint64_t> cells(const Bytes &prop, size_t i, unsigned ncells);
// A NUL-separated string list ("compatible", "phy-connection-type").
std::vector<std::string> strings(const Bytes &prop);
bool is_compatible(const std::string &node, std::string_view compat);
// Enabled unless "status" says otherwise ("okay" / "ok" or absent).
bool is_enabled(const std::string &node);

// Node folders under 'root' (depth first, sorted names) compatible with compat.
std::vector<std::string> find_compatible(const std::string &root, std::string_view compat);
// The node whose "phandle" (or "linux,phandle") is 'ph', or empty.
std::string find_phandle(const std::string &root, uint32_t ph);

struct Range {
	uint64_t addr;
	uint64_t size;
};
// #address-cells / #size-cells that apply to the children of 'node': its
// own, else its nearest ancestor's (as Linux resolves them), else the
// specification's defaults 2 / 1.
unsigned address_cells(const std::string &root, const std::string &node);
unsigned size_cells(const std::string &root, const std::string &node);
// The node's "reg" entries, in the address space of its parent's bus.
std::vector<Range> reg(const std::string &root, const std::string &node);
// A bus address of 'node''s parent bus translated to a CPU physical
// address through the "ranges" of every ancestor (empty ranges = identity).
// nullopt when an ancestor's ranges do not cover it.
std::optional<uint64_t> translate(const std::string &root, const std::string &node, uint64_t addr);

// What a board's tree says about its DPAA.
struct PortalDesc {
	unsigned index;	  // cell-index
	uint64_t ce_phys; // cache-enabled area
	uint64_t ce_size;
	uint64_t ci_phys; // cache-inhibited area
	uint64_t ci_size;
	uint16_t channel;   // QMan portals: dedicated channel
	unsigned rev_major; // the compatible's revision ("fsl,qman-portal-3.2.0"), or 0
};

struct BoardTree {
	SocInfo soc{};
	std::vector<PortalDesc> qman_portals; // sorted by index
	std::vector<PortalDesc> bman_portals;
	uint64_t bman_ccsr_phys = 0;
	uint64_t bman_ccsr_size = 0;
};

// Parse the DPAA description under 'root' (normally "/proc/device-tree").
// 0, or negative errno with 'error' naming the node or property at fault;
// -ENODEV (with 'error' saying what is missing) when the tree describes no
// FMan, no MAC for user space or no portal.
int parse_board(const std::string &root, BoardTree &out, std::string &error);

} // namespace dpaa::platform::dt
