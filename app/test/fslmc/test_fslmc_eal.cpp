/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// Our fsl-mc bus and dpaa2 mempool under EAL, on the modelled LX2160A-RDB
// (memory-backed portals) or LS2088A-RDB (direct-mode portals) reached through the emulated VFIO
// fsl-mc kernel interface: the program runs with DPRC=dprc.2 and the emulation preloaded
// (meson.build sets the environment), initialises EAL once, and each test checks what the bus found
// and what its portals and pools do, counting in QBMan through the portal's own queries and the MC.

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include <rte_bus.h>
#include <rte_dev.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_pool_ops.h>
#include <rte_mempool.h>

#include "dpaa2_hw/mc_commands.hpp"
#include "dpaa2_mempool.hpp"
#include "eal_test_main.hpp"
#include "fslmc_bus.hpp"

namespace
{

namespace hw = dpaa2::hw;
namespace hmc = dpaa2::hw::mc;
namespace qb = dpaa2::hw::qb;
namespace mc = dpaa2::fslmc::mc;
using dpaa2::fslmc::McIo;

} // namespace

// net_dpaa2, linked into every program of this build: these tests take the
// DPNIs for their own driver instead.
extern rte_fslmc_driver rte_dpaa2_pmd;

namespace
{

// A driver for DPNIs that records what the bus asks it to probe.
std::vector<rte_fslmc_device *> probed;
int test_probe(rte_fslmc_driver *, rte_fslmc_device *dev)
{
	probed.push_back(dev);
	return 0;
}
rte_fslmc_driver test_driver = [] {
	rte_fslmc_driver d{};
	d.driver.name = "fslmc_test_dpni";
	d.kind = dpaa2::fslmc::ObjKind::dpni;
	d.probe = test_probe;
	return d;
}();

// The names of the bus's devices.
std::set<std::string> bus_devices()
{
	std::set<std::string> names;
	rte_bus *bus = rte_bus_find_by_name("fslmc");
	if (bus == nullptr)
		return names;
	rte_dev_iterator it;
	rte_device *dev;
	RTE_DEV_FOREACH(dev, "bus=fslmc", &it)
	names.insert(rte_dev_name(dev));
	return names;
}

// The Rx FQID of queue `index` of traffic class 0 of a DPNI, through the
// MC (as net_dpaa2 finds its queues).
int dpni_rx_fqid(McIo &io, uint32_t dpni_id, uint32_t &fqid, uint16_t &token)
{
	hw::McCommand c = hw::McCommand::make(hmc::dpni::kOpen, 0);
	c.as<hmc::ObjectOpen>().id.store(dpni_id);
	int ret = io.send(c);
	if (ret < 0)
		return ret;
	token = c.token();
	c = hw::McCommand::make(hmc::dpni::kGetQueue, token);
	auto &q = c.as<hmc::DpniGetQueueCommand>();
	q.qtype = static_cast<uint8_t>(hmc::DpniQueueType::rx);
	q.tc = 0;
	q.index = 0;
	ret = io.send(c);
	if (ret == 0)
		fqid = c.as<hmc::DpniGetQueueResponse>().fqid.load() & hw::kFqidMask;
	return ret;
}

void dpni_close(McIo &io, uint16_t token)
{
	hw::McCommand c = hw::McCommand::make(hmc::kCmdClose, token);
	io.send(c);
}

hw::Fd make_fd(unsigned i)
{
	hw::Fd fd{};
	fd.set_addr(0x10000000ull + 0x800ull * i);
	fd.set_length(60 + i);
	fd.set_offset(128);
	fd.set_frc(0x1000u + i);
	return fd;
}

// EAL runs on the modelled board (the shared main() fails the program
// before the tests when it does not).
class FslmcEal : public ::testing::Test
{
};

} // namespace

TEST_F(FslmcEal, BusListsTheContainersObjects)
{
	const std::set<std::string> names = bus_devices();
	EXPECT_TRUE(names.count("dprc.2"));
	unsigned dpio = 0, dpbp = 0, dpmcp = 0, dpni = 0;
	for (const std::string &n : names) {
		dpni += n.rfind("dpni.", 0) == 0;
		dpio += n.rfind("dpio.", 0) == 0;
		dpbp += n.rfind("dpbp.", 0) == 0;
		dpmcp += n.rfind("dpmcp.", 0) == 0;
	}
	// One per wired DPMAC (meson.build wires two).
	EXPECT_EQ(dpni, 2u);
	EXPECT_GE(dpio, 2u);
	EXPECT_GE(dpbp, 2u);
	EXPECT_GE(dpmcp, 1u);
	// Every DPIO became a portal, every DPBP a pool.
	EXPECT_EQ(rte_fslmc_portals_total(), dpio);
	EXPECT_EQ(rte_fslmc_dpbp_count(), dpbp);
}

TEST_F(FslmcEal, DpniDriversProbeWithTheirEndpointAndInterrupt)
{
	ASSERT_EQ(probed.size(), 2u);
	std::set<std::string> endpoints;
	for (rte_fslmc_device *dev : probed) {
		EXPECT_EQ(dev->kind, dpaa2::fslmc::ObjKind::dpni);
		EXPECT_EQ(dev->driver, &test_driver);
		EXPECT_GE(dev->vfio_fd, 0);
		endpoints.insert(dev->endpoint);
		ASSERT_GE(dev->num_irqs, 1u) << dev->name;
		const int efd = rte_fslmc_irq_enable(dev, 0);
		EXPECT_GE(efd, 0) << dev->name << ": " << strerror(-efd);
		EXPECT_EQ(rte_fslmc_irq_disable(dev, 0), 0);
		if (efd >= 0)
			close(efd);
		EXPECT_EQ(rte_fslmc_irq_enable(dev, dev->num_irqs), -EINVAL);
	}
	EXPECT_EQ(endpoints.size(), 2u);
	for (const std::string &e : endpoints)
		EXPECT_EQ(e.rfind("dpmac.", 0), 0u) << e;
}

TEST_F(FslmcEal, TheMcAnswersThroughTheBussPortal)
{
	McIo *io = rte_fslmc_mc_io();
	ASSERT_NE(io, nullptr);
	mc::McVersion v;
	ASSERT_EQ(mc::get_version(*io, v), 0);
	EXPECT_EQ(v.major, 10u);
	EXPECT_GE(v.minor, mc::kMcMinorRequired);
	// LX2160A: memory-backed portals (QMan 5.0); LS2088A: direct (4.1).
	const char *model = getenv("DPAA2_KERNEL_MODEL");
	const bool ls2088a = model != nullptr && strstr(model, "ls2088a") != nullptr;
	EXPECT_EQ(rte_fslmc_svr() & mc::kSvrFamilyMask,
		  ls2088a ? mc::kSvrLs2088a : mc::kSvrLx2160a);
	EXPECT_EQ(qb::memory_backed(rte_fslmc_qman_version()), !ls2088a);
	EXPECT_EQ(dpaa2::fslmc::portal()->memory_backed(), !ls2088a);
}

TEST_F(FslmcEal, PlatformMempoolOpsAreDpaa2)
{
	EXPECT_STREQ(rte_mbuf_platform_mempool_ops(), "dpaa2");
	EXPECT_STREQ(rte_mbuf_best_mempool_ops(), "dpaa2");
}

TEST_F(FslmcEal, PortalEnqueuesAndPullsWithExactCounts)
{
	McIo *io = rte_fslmc_mc_io();
	ASSERT_NE(io, nullptr);
	dpaa2::fslmc::qbman::Swp *swp = dpaa2::fslmc::portal();
	ASSERT_NE(swp, nullptr);
	EXPECT_EQ(rte_fslmc_portals_in_use(), 1u);
	uint32_t fqid = 0;
	uint16_t token = 0;
	uint32_t dpni = ~0u;
	for (const std::string &n : bus_devices())
		if (n.rfind("dpni.", 0) == 0)
			dpni = static_cast<uint32_t>(atoi(n.c_str() + 5));
	ASSERT_NE(dpni, ~0u) << "no dpni in dprc.2";
	ASSERT_EQ(dpni_rx_fqid(*io, dpni, fqid, token), 0);
	ASSERT_NE(fqid, 0u);

	std::vector<hw::Fd> fds;
	for (unsigned i = 0; i < 100; i++)
		fds.push_back(make_fd(i));
	unsigned sent = 0;
	while (sent < fds.size())
		sent += swp->enqueue(fqid, fds.data() + sent,
				     std::min<unsigned>(32, fds.size() - sent));
	uint32_t frames = 0, bytes = 0;
	ASSERT_EQ(swp->fq_query_np(fqid, frames, bytes), 0);
	EXPECT_EQ(frames, 100u);

	// Pull storage in DPDK memory, mapped for DMA by the bus.
	auto *storage = static_cast<qb::DequeueResult *>(
		rte_zmalloc("pull", 32 * sizeof(qb::DequeueResult), 64));
	ASSERT_NE(storage, nullptr);
	std::vector<hw::Fd> got;
	for (int round = 0; round < 10 && got.size() < 100; round++) {
		ASSERT_EQ(swp->pull(fqid, 32, storage, reinterpret_cast<uintptr_t>(storage)), 0);
		int n = swp->pull_collect(storage, 32,
					  [&](const hw::Fd &fd, const qb::DequeueResult &r) {
						  EXPECT_EQ(r.tok, swp->token());
						  got.push_back(fd);
					  });
		ASSERT_GE(n, 0);
	}
	ASSERT_EQ(got.size(), 100u);
	for (unsigned i = 0; i < 100; i++)
		EXPECT_EQ(std::memcmp(&got[i], &fds[i], sizeof(hw::Fd)), 0) << "frame " << i;
	ASSERT_EQ(swp->fq_query_np(fqid, frames, bytes), 0);
	EXPECT_EQ(frames, 0u);
	rte_free(storage);
	dpni_close(*io, token);
}

TEST_F(FslmcEal, PortalReleasesAndAcquiresWithExactCounts)
{
	dpaa2::fslmc::qbman::Swp *swp = dpaa2::fslmc::portal();
	ASSERT_NE(swp, nullptr);
	rte_fslmc_dpbp *dpbp = rte_fslmc_dpbp_alloc();
	ASSERT_NE(dpbp, nullptr);
	ASSERT_NE(dpbp->bpid, 0);
	std::vector<uint64_t> bufs;
	for (unsigned i = 0; i < 50; i++)
		bufs.push_back(0x20000000ull + 0x1000ull * i);
	for (unsigned i = 0; i < bufs.size(); i += 7)
		ASSERT_EQ(swp->release(dpbp->bpid, &bufs[i], std::min<size_t>(7, bufs.size() - i)),
			  0);
	uint32_t fill = 0;
	ASSERT_EQ(swp->bp_query(dpbp->bpid, fill), 0);
	EXPECT_EQ(fill, 50u);
	uint32_t mc_count = 0;
	ASSERT_EQ(mc::dpbp_get_num_free_bufs(*rte_fslmc_mc_io(), dpbp->obj, mc_count), 0);
	EXPECT_EQ(mc_count, 50u);
	std::set<uint64_t> back;
	uint64_t b[7];
	for (unsigned k = 7; k > 0;) {
		int n = swp->acquire(dpbp->bpid, b, k);
		if (n == -ENOBUFS) {
			k--;
			continue;
		}
		ASSERT_EQ(n, static_cast<int>(k));
		back.insert(b, b + n);
	}
	EXPECT_EQ(back, std::set<uint64_t>(bufs.begin(), bufs.end()));
	ASSERT_EQ(swp->bp_query(dpbp->bpid, fill), 0);
	EXPECT_EQ(fill, 0u);
	rte_fslmc_dpbp_free(dpbp);
}

TEST_F(FslmcEal, MempoolOfNGivesN)
{
	constexpr unsigned kN = 1000;
	rte_mempool *mp = rte_pktmbuf_pool_create("fslmc_n", kN, 0, 0, 2048, SOCKET_ID_ANY);
	ASSERT_NE(mp, nullptr) << rte_strerror(rte_errno);
	EXPECT_STREQ(rte_mempool_get_ops(mp->ops_index)->name, "dpaa2");
	const int bpid = rte_dpaa2_mbuf_pool_bpid(mp);
	ASSERT_GT(bpid, 0);
	EXPECT_EQ(rte_dpaa2_bpid_info[bpid].mp, mp);
	EXPECT_EQ(rte_mempool_avail_count(mp), kN);

	std::vector<rte_mbuf *> m(kN + 1);
	ASSERT_EQ(rte_pktmbuf_alloc_bulk(mp, m.data(), kN), 0);
	EXPECT_EQ(rte_mempool_avail_count(mp), 0u);
	EXPECT_EQ(rte_pktmbuf_alloc(mp), nullptr);
	std::set<rte_mbuf *> distinct(m.begin(), m.begin() + kN);
	EXPECT_EQ(distinct.size(), kN);
	for (unsigned i = 0; i < kN; i++) {
		// The address QBMan held is the data buffer's.
		EXPECT_EQ(rte_dpaa2_mbuf_from_buf_addr(mp, m[i]->buf_addr), m[i]);
	}
	rte_pktmbuf_free_bulk(m.data(), kN);
	EXPECT_EQ(rte_mempool_avail_count(mp), kN);

	rte_mempool_free(mp);
	// The buffer pool is empty once the mempool is gone.
	dpaa2::fslmc::qbman::Swp *swp = dpaa2::fslmc::portal();
	ASSERT_NE(swp, nullptr);
	uint32_t fill = 1;
	ASSERT_EQ(swp->bp_query(static_cast<uint16_t>(bpid), fill), 0);
	EXPECT_EQ(fill, 0u);
	EXPECT_EQ(rte_dpaa2_bpid_info[bpid].mp, nullptr);
}

TEST_F(FslmcEal, AThreadsPortalGoesBackWhenItEnds)
{
	ASSERT_NE(dpaa2::fslmc::portal(), nullptr);
	const unsigned before = rte_fslmc_portals_in_use();
	unsigned during = 0;
	std::thread t([&] {
		if (dpaa2::fslmc::portal() != nullptr)
			during = rte_fslmc_portals_in_use();
	});
	t.join();
	EXPECT_EQ(during, before + 1);
	EXPECT_EQ(rte_fslmc_portals_in_use(), before);
}

TEST_F(FslmcEal, APortalPassedOnAnswersItsNextThreadsPullsAndCommands)
{
	// One thread leaves its portal after one pull and one management
	// command (each toggles a valid bit a direct-mode portal tracks); the
	// next thread gets the same portal and must be answered, as a DPIO
	// a secondary process used is then the primary's lcore's.
	McIo *io = rte_fslmc_mc_io();
	ASSERT_NE(io, nullptr);
	dpaa2::fslmc::qbman::Swp *main_swp = dpaa2::fslmc::portal();
	ASSERT_NE(main_swp, nullptr);
	uint32_t dpni = ~0u;
	for (const std::string &n : bus_devices())
		if (n.rfind("dpni.", 0) == 0)
			dpni = static_cast<uint32_t>(atoi(n.c_str() + 5));
	ASSERT_NE(dpni, ~0u) << "no dpni in dprc.2";
	uint32_t fqid = 0;
	uint16_t token = 0;
	ASSERT_EQ(dpni_rx_fqid(*io, dpni, fqid, token), 0);
	const hw::Fd fds[3] = {make_fd(0), make_fd(1), make_fd(2)};
	ASSERT_EQ(main_swp->enqueue(fqid, fds, 3), 3u);
	auto *storage = static_cast<qb::DequeueResult *>(
		rte_zmalloc("handover", 32 * sizeof(qb::DequeueResult), 64));
	ASSERT_NE(storage, nullptr);
	const auto iova = reinterpret_cast<uintptr_t>(storage);
	constexpr unsigned long kPolls = 20000000ul;

	struct Seen {
		int portal = -1, pull = -1, got = -1, query = -1;
		uint32_t frames = ~0u;
	};
	auto one_of_each = [&](unsigned pull_frames, Seen &seen) {
		dpaa2::fslmc::qbman::Swp *swp = dpaa2::fslmc::portal();
		if (swp == nullptr)
			return;
		seen.portal = static_cast<int>(swp->index());
		uint32_t bytes = 0;
		seen.query = swp->fq_query_np(fqid, seen.frames, bytes);
		seen.pull = swp->pull(fqid, pull_frames, storage, iova);
		if (seen.pull == 0)
			seen.got = swp->pull_collect(
				storage, pull_frames,
				[](const hw::Fd &, const qb::DequeueResult &) {}, kPolls);
	};
	Seen first, next;
	std::thread([&] { one_of_each(1, first); }).join();
	std::thread([&] { one_of_each(32, next); }).join();
	EXPECT_EQ(first.query, 0);
	EXPECT_EQ(first.frames, 3u);
	EXPECT_EQ(first.pull, 0);
	EXPECT_EQ(first.got, 1);
	ASSERT_EQ(next.portal, first.portal) << "the next thread got another portal";
	EXPECT_EQ(next.query, 0) << "the management command was not answered";
	EXPECT_EQ(next.frames, 2u);
	EXPECT_EQ(next.pull, 0);
	EXPECT_EQ(next.got, 2) << "the pull was not answered";
	rte_free(storage);
	dpni_close(*io, token);
}

TEST_F(FslmcEal, TooManyThreadsGetAClearRefusal)
{
	ASSERT_NE(dpaa2::fslmc::portal(), nullptr);
	const unsigned total = rte_fslmc_portals_total();
	std::vector<std::thread> threads;
	std::atomic<unsigned> got{0}, refused{0};
	std::atomic<bool> release{false};
	for (unsigned i = 0; i < total + 2; i++)
		threads.emplace_back([&] {
			if (dpaa2::fslmc::portal() != nullptr)
				got++;
			else
				refused++;
			while (!release)
				std::this_thread::yield();
		});
	while (got + refused < total + 2)
		std::this_thread::yield();
	release = true;
	for (auto &t : threads)
		t.join();
	// The main thread holds one.
	EXPECT_EQ(got, total - 1);
	EXPECT_EQ(refused, 3u);
}

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	dpaa_test::EalTestProgram program;
	program.start_eal = [](const char *argv0) {
		rte_fslmc_driver_unregister(&rte_dpaa2_pmd);
		rte_fslmc_driver_register(&test_driver);
		return dpaa_test::eal_init(argv0, {"--no-huge", "-m", "256", "--no-pci",
						   "--iova-mode=va", "--file-prefix=fslmc-eal",
						   "-l", "0", "--log-level", "bus.fslmc:debug"});
	};
	program.tear_down = [] { dpaa2::fslmc::release_thread_portal(); };
	return program;
}
