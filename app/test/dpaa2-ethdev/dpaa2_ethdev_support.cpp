/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "dpaa2_ethdev_support.hpp"

#include <cstdlib>
#include <utility>

#include "dpaa2_hw/mc_commands.hpp"
#include "dpaa2_mempool.hpp"
#include "fslmc_bus.hpp"

namespace dpaa_test
{

namespace mc = dpaa2::fslmc::mc;
namespace hmc = dpaa2::hw::mc;

int dpaa2_eal_start(const char *argv0, const std::string &model,
		    const std::vector<std::string> &extra)
{
	setenv("DPAA2_KERNEL_MODEL", model.c_str(), 1);
	// The container NXP's dynamic_dpl.sh makes for DPDK.
	setenv("DPRC", "dprc.2", 0);
	// The DPAA1 bus of the same binary must find no model.
	unsetenv("DPAA_MODEL");
	unsetenv("DPAA_KERNEL_MODEL");
	std::vector<std::string> args = {"--no-huge",
					 "-m",
					 "256",
					 "--no-pci",
					 "--iova-mode=va",
					 "--no-shconf",
					 "--log-level=*:warning",
					 "--log-level=pmd.net.dpaa2:info"};
	if (getenv("DPAA_TEST_DEBUG"))
		args.emplace_back("--log-level=pmd.net.dpaa2:debug");
	return eal_init(argv0, args, extra);
}

EalTestProgram dpaa2_program(const std::string &model, const std::vector<std::string> &extra,
			     std::function<std::string()> set_up, std::function<void()> tear_down)
{
	EalTestProgram program;
	program.start_eal = [model, extra](const char *argv0) {
		return dpaa2_eal_start(argv0, model, extra);
	};
	program.set_up = std::move(set_up);
	program.tear_down = [tear_down = std::move(tear_down)] {
		if (tear_down)
			tear_down();
		dpaa2_release_portal();
	};
	return program;
}

std::string dpaa2_loopback_model()
{
	const char *board = getenv("DPAA2_TEST_BOARD");
	if (board != nullptr && std::string(board) == "ls2088a-rdb")
		return "board=ls2088a-rdb;dpmac.1=loopback;mode=threaded";
	return "board=lx2160a-rdb;dpmac.3=loopback;mode=threaded";
}

rte_mempool *dpaa2_pool(const char *name, unsigned n, uint16_t data_room)
{
	return rte_pktmbuf_pool_create_by_ops(name, n, 0, 0, data_room, SOCKET_ID_ANY, "dpaa2");
}

uint32_t dpbp_free(rte_mempool *mp)
{
	const int id = rte_dpaa2_mbuf_pool_dpbp_id(mp);
	dpaa2::fslmc::McIo *io = rte_fslmc_mc_io();
	if (id < 0 || io == nullptr)
		return UINT32_MAX;
	mc::McObject o;
	if (mc::open(*io, mc::ObjType::dpbp, static_cast<uint32_t>(id), o) != 0)
		return UINT32_MAX;
	uint32_t n = UINT32_MAX;
	if (mc::dpbp_get_num_free_bufs(*io, o, n) != 0)
		n = UINT32_MAX;
	mc::close(*io, o);
	return n;
}

void expect_dpaa2_pool_back(uint16_t port, rte_mempool *pool, uint32_t count)
{
	expect_pool_back(port, pool, count);
	EXPECT_EQ(dpbp_free(pool), count) << "the DPBP's count";
}

uint64_t dpni_counter(uint32_t dpni_id, uint8_t page, unsigned index)
{
	dpaa2::fslmc::McIo *io = rte_fslmc_mc_io();
	if (io == nullptr || index >= 7)
		return UINT64_MAX;
	mc::McObject o;
	if (mc::open(*io, mc::ObjType::dpni, dpni_id, o) != 0)
		return UINT64_MAX;
	dpaa2::hw::McCommand c = dpaa2::hw::McCommand::make(hmc::dpni::kGetStatistics, o.token);
	c.as<hmc::DpniGetStatisticsCommand>().page_number = page;
	const int ret = io->send(c);
	mc::close(*io, o);
	return ret == 0 ? c.as<hmc::DpniStatisticsResponse>().counter[index].load() : UINT64_MAX;
}

void dpaa2_release_portal()
{
	dpaa2::fslmc::release_thread_portal();
}

} // namespace dpaa_test
