/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// What the net_dpaa2 test programs share beyond the ethdev harness of both
// families (harness/ethdev_harness.hpp): EAL started on a modelled DPAA2
// board through the emulated VFIO fsl-mc kernel interface (the program runs
// under run_checked.py, which preloads it and fails the run when the model
// counted driver misuse), pools of the "dpaa2" ops, and what the MC counts
// (a DPBP's free buffers, a DPNI's statistics), asked as any MC user asks.

#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eal_test_main.hpp"
#include "ethdev_harness.hpp"

namespace dpaa_test
{

// Start EAL on the modelled board described by 'model' (a
// DPAA2_KERNEL_MODEL string, read by the emulation at the first access to
// the fsl-mc sysfs), with the extra EAL arguments 'extra'. Once per process.
int dpaa2_eal_start(const char *argv0, const std::string &model,
		    const std::vector<std::string> &extra = {});

// The program (eal_test_main.hpp) of a test on the modelled board 'model'
// with the extra EAL arguments 'extra': 'set_up' finds the ports and makes
// the pools once EAL runs, 'tear_down' frees the pools once the ports are
// closed; the main thread's portal then goes back to the bus.
EalTestProgram dpaa2_program(const std::string &model, const std::vector<std::string> &extra,
			     std::function<std::string()> set_up, std::function<void()> tear_down);

// A DPAA2_KERNEL_MODEL of the board DPAA2_TEST_BOARD names (lx2160a-rdb,
// memory-backed portals, by default; ls2088a-rdb: direct portals) with the
// DPMAC of its first 10G port looped back: dpni.1 in the container.
std::string dpaa2_loopback_model();

// A pktmbuf pool of the "dpaa2" ops (a DPBP).
rte_mempool *dpaa2_pool(const char *name, unsigned n,
			uint16_t data_room = RTE_MBUF_DEFAULT_BUF_SIZE);

// The free buffers of the DPBP behind a "dpaa2" pool, as the MC counts
// them; UINT32_MAX when the MC does not answer.
uint32_t dpbp_free(rte_mempool *mp);

// expect_pool_back (the harness's) for a "dpaa2" pool, and the MC's count
// of its DPBP's free buffers the same: no buffer left in the hardware pool
// that the mempool does not count, nor the other way round.
void expect_dpaa2_pool_back(uint16_t port, rte_mempool *pool, uint32_t count);

// Counter 'index' of page 'page' of dpni.<id>'s statistics
// (dpni_get_statistics); UINT64_MAX when the MC does not answer.
uint64_t dpni_counter(uint32_t dpni_id, uint8_t page, unsigned index);

// The calling thread's software portal back to the bus (before
// rte_eal_cleanup, for every thread that used one).
void dpaa2_release_portal();

} // namespace dpaa_test
