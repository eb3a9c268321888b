/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// What a port drives in hardware: its FMan MAC and BMI Rx/Tx ports (the FMan
// control driver, drivers/bus/dpaa/fman) and, through the bus, the QMan
// portal of the calling lcore.

#pragma once

#include "dpaa_hw/register_window.hpp"
#include "fman/fman_mac.hpp"
#include "fman/fman_port.hpp"
#include "platform/platform.hpp"
#include "qbman/qman_portal.hpp"

namespace dpaa::net
{

using fman::MacCounters;
using fman::PortCounters;

struct PortHw {
	PortHw(hw::RegisterWindow &ccsr, const platform::MacInfo &info) noexcept
	    : ccsr(ccsr), info(info), mac(ccsr, info.cell), rx(ccsr, info.rx_port_id),
	      tx(ccsr, info.tx_port_id)
	{
	}
	hw::RegisterWindow &ccsr;
	const platform::MacInfo &info;
	fman::Mac mac;
	fman::RxPort rx;
	fman::TxPort tx;
};

} // namespace dpaa::net
