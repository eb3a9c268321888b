/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright 2026 The DPAA C++ PMD authors
 */

// Rx queue interrupts (intr_conf.rxq). Each Rx queue gets an eventfd in the
// port's interrupt handle, which is what rte_eth_dev_rx_intr_ctl_q() puts in
// the application's epoll set. QMan interrupts per software portal, not per
// queue (see the bus's portal_irq.cpp): enabling a queue's interrupt arms
// its eventfd on the portal of the calling lcore, which must be the lcore
// that polls the queue, as with every PMD. Push mode only: a pull-mode queue
// has frames in no portal until a burst asks for them.

#include <cerrno>
#include <cstring>
#include <sys/eventfd.h>
#include <unistd.h>

#include <rte_interrupts.h>

#include "dpaa_ethdev.hpp"
#include "dpaa_fq.hpp"

namespace dpaa::net
{

namespace
{

// The eventfd of Rx queue idx, or -1 when the port runs without Rx
// interrupts.
int queue_efd(const rte_eth_dev *dev, uint16_t idx) noexcept
{
	rte_intr_handle *h = dev->intr_handle;
	if (h == nullptr || idx >= rte_intr_nb_efd_get(h))
		return -1;
	return rte_intr_efds_index_get(h, idx);
}

void signal(int efd) noexcept
{
	const uint64_t one = 1;
	[[maybe_unused]] const ssize_t n = write(efd, &one, sizeof(one));
}

} // namespace

int rx_intr_check_config(const rte_eth_dev *dev) noexcept
{
	const Port &p = *static_cast<const Port *>(dev->data->dev_private);
	if (dev->data->dev_conf.intr_conf.rxq && p.devargs.rx_mode != RxMode::push) {
		DPAA_PMD_LOG(ERR,
			     "%s: Rx queue interrupts need push mode (rx_mode=push): QMan "
			     "interrupts when frames reach a portal, which pull mode only asks "
			     "for in a burst",
			     dev->data->name);
		return -ENOTSUP;
	}
	return 0;
}

int rx_intr_start(rte_eth_dev *dev) noexcept
{
	rte_eth_dev_data &d = *dev->data;
	rte_intr_handle *h = dev->intr_handle;
	if (!d.dev_conf.intr_conf.rxq)
		return 0;
	if (h == nullptr)
		return -ENOMEM;
	int ret = rte_intr_type_set(h, RTE_INTR_HANDLE_VDEV);
	// EAL reads (and so resets) the counter when epoll reports it.
	if (ret == 0)
		ret = rte_intr_efd_counter_size_set(h, sizeof(uint64_t));
	if (ret == 0)
		ret = rte_intr_vec_list_alloc(h, "dpaa_rx_intr", d.nb_rx_queues);
	for (uint16_t i = 0; ret == 0 && i < d.nb_rx_queues; i++) {
		const int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
		if (fd < 0) {
			ret = -errno;
			break;
		}
		ret = rte_intr_efds_index_set(h, i, fd);
		if (ret == 0)
			ret = rte_intr_vec_list_index_set(h, i, RTE_INTR_VEC_RXTX_OFFSET + i);
		if (ret == 0)
			ret = rte_intr_nb_efd_set(h, i + 1);
		if (ret != 0)
			close(fd);
	}
	if (ret == 0)
		ret = rte_intr_max_intr_set(h, d.nb_rx_queues + 1);
	if (ret != 0) {
		DPAA_PMD_LOG(ERR, "%s: Rx queue interrupts: %s", d.name, strerror(-ret));
		rx_intr_stop(dev);
		return ret;
	}
	return 0;
}

void rx_intr_stop(rte_eth_dev *dev) noexcept
{
	rte_intr_handle *h = dev->intr_handle;
	if (h == nullptr)
		return;
	const int n = rte_intr_nb_efd_get(h);
	for (int i = 0; i < n; i++) {
		const int fd = rte_intr_efds_index_get(h, i);
		bus::portal_irq_disarm(fd);
		close(fd);
		rte_intr_efds_index_set(h, i, -1);
	}
	rte_intr_nb_efd_set(h, 0);
	rte_intr_vec_list_free(h);
}

int rx_queue_intr_enable(rte_eth_dev *dev, uint16_t idx) noexcept
{
	const int efd = queue_efd(dev, idx);
	if (efd < 0) {
		DPAA_PMD_LOG(ERR,
			     "%s: Rx queue %u: interrupts are off (configure the port with "
			     "intr_conf.rxq = 1 and start it)",
			     dev->data->name, idx);
		return -EINVAL;
	}
	auto &q = *static_cast<RxQueue *>(dev->data->rx_queues[idx]);
	// Interrupts come from the portal the queue's frames reach: its own
	// if it has one, else this lcore's, if its first burst has not bound
	// the queue to it yet.
	qbman::QmanPortal *portal = queue_portal(q);
	if (portal == nullptr)
		portal = bus::qman_portal();
	if (portal == nullptr)
		return -EBUSY;
	if (q.portal != portal) {
		const int ret = bind_push_queue(q, *portal);
		if (ret < 0) {
			DPAA_PMD_LOG(ERR, "%s: Rx queue %u: %s", dev->data->name, idx,
				     q.state != RxqState::running ? "the queue is stopped"
								  : strerror(-ret));
			return ret;
		}
	}
	const int ret = bus::portal_irq_arm(efd, portal);
	if (ret == -ENOTSUP)
		DPAA_PMD_LOG(ERR, "%s: Rx queue %u: this platform does not deliver QMan interrupts",
			     dev->data->name, idx);
	else if (ret < 0)
		DPAA_PMD_LOG(ERR, "%s: Rx queue %u: arming the interrupt failed: %s",
			     dev->data->name, idx, strerror(-ret));
	else if (q.stash_n != 0)
		signal(efd); // frames already out of the ring, waiting for this queue
	return ret;
}

int rx_queue_intr_disable(rte_eth_dev *dev, uint16_t idx) noexcept
{
	const int efd = queue_efd(dev, idx);
	if (efd < 0) {
		DPAA_PMD_LOG(ERR, "%s: Rx queue %u: interrupts are off (intr_conf.rxq)",
			     dev->data->name, idx);
		return -EINVAL;
	}
	bus::portal_irq_disarm(efd); // -ENOENT: was not armed, which is fine
	return 0;
}

} // namespace dpaa::net
