/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Enqueue rejections (ERNs). A frame QMan refuses on enqueue (its FQ out of
// service, over its tail-drop threshold or its congestion group's) comes
// back on the message ring (MR) of the portal that enqueued it, FD
// included: its buffers belong to software again. Nothing else ever frees
// them, so every MR poll of the driver (the Tx burst's slow path and
// the control path's FQ shutdowns) frees them and counts the frame as a Tx
// error of the port whose Tx FQ refused it. FQ state-change messages (FQRN,
// FQRNI, FQRL, FQPN) go to the frame-queue code (fq_state_message), which
// records them for the control path.

#include "dpaa_ethdev.hpp"
#include "dpaa_fd.hpp"
#include "dpaa_fq.hpp"

namespace dpaa::net
{

namespace
{

namespace qm = hw::qm;

// The port one of whose Tx FQs is fqid, or nullptr (closed since).
Port *tx_port_of(uint32_t fqid) noexcept
{
	for (uint16_t i = 0; i < RTE_MAX_ETHPORTS; i++) {
		const rte_eth_dev &dev = rte_eth_devices[i];
		if (dev.state == RTE_ETH_DEV_UNUSED || dev.data == nullptr ||
		    dev.device == nullptr || dev.device->driver != &rte_dpaa_pmd.driver)
			continue;
		auto *p = static_cast<Port *>(dev.data->dev_private);
		if (p != nullptr && p->nb_tx_fqs != 0 && fqid >= p->tx_fqid_base &&
		    fqid - p->tx_fqid_base < p->nb_tx_fqs)
			return p;
	}
	return nullptr;
}

} // namespace

unsigned take_mr(qbman::QmanPortal &portal) noexcept
{
	unsigned erns = 0;
	portal.poll_mr([&erns](const qm::MrEntry &e) {
		if (!qm::mr_verb::is_sw_ern(e.verb)) {
			fq_state_message(e);
			return;
		}
		free_fd_buffers(e.fd);
		erns++;
		if (Port *p = tx_port_of(e.fqid()))
			__atomic_fetch_add(&p->tx_rejected, 1, __ATOMIC_RELAXED);
		else
			DPAA_PMD_LOG(DEBUG, "enqueue rejected on FQ 0x%x (code 0x%02x), no port",
				     e.fqid(), e.rc);
	});
	return erns;
}

} // namespace dpaa::net
