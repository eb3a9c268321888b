/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

// rte_eal_cleanup() gives everything back. Two forwarding lcores poll
// fm1-mac9's two Rx queues under a flood and send to fm1-mac10, a pool and
// the ports live, and a non-EAL thread holds a portal of its own; then the
// application calls rte_eal_cleanup() with the ports still started, as one
// that quits without stopping them does. After it:
// - no thread is left but the main one, apart from those DPDK 22.11's EAL
//   itself leaves (its interrupt, multi-process and telemetry threads, and
//   the worker lcores, parked in EAL's wait loop, which 22.11 does not
//   join): the model's thread is gone;
// - no software portal is owned any more;
// - a second process, started at once on the same SoC, maps every software
//   portal the platform offers (one thread each) and allocates every BPID
//   of the platform's range, and no more: nothing the first left behind
//   (portals, BPIDs) is still taken.

#include <dirent.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>
#include <thread>

#include <rte_launch.h>
#include <rte_lcore.h>

#include "dpaa_bus.hpp"
#include "ethdev_test_support.hpp"

using namespace dpaa_test;

namespace
{

const std::string kModel = "board=ls1046a-rdb;fm1-mac9=gen:size=64,512:flows=64:rate=200000;"
			   "fm1-mac10=sink;mode=threaded";
const std::vector<std::string> kEal = {"--lcores=0@0,1@0,2@1", "-a", "dpaa_bus:fm1-mac9", "-a",
				       "dpaa_bus:fm1-mac10"};

std::string g_self;
// Threads the process had before EAL started (an emulator's own, under
// qemu-user): not the drivers' to stop.
std::multiset<std::string> g_threads_at_start;
uint16_t RX, TX;
std::atomic<bool> g_stop{false};
std::atomic<uint64_t> g_forwarded{0};

// The names of this process's threads but the calling one.
std::multiset<std::string> other_threads()
{
	std::multiset<std::string> names;
	const std::string self = std::to_string(gettid());
	DIR *d = opendir("/proc/self/task");
	if (d == nullptr)
		return names;
	while (dirent *e = readdir(d)) {
		const std::string tid = e->d_name;
		if (tid == "." || tid == ".." || tid == self)
			continue;
		std::ifstream f("/proc/self/task/" + tid + "/comm");
		std::string name;
		std::getline(f, name);
		names.insert(name);
	}
	closedir(d);
	return names;
}

// Threads DPDK 22.11's EAL starts and rte_eal_cleanup() does not join.
bool eal_own_thread(const std::string &name)
{
	return name == "eal-intr-thread" || name == "rte_mp_handle" ||
	       name.rfind("rte-worker-", 0) == 0 || name.rfind("telemetry", 0) == 0;
}

// ThreadSanitizer's background thread, which it starts with the process's
// first thread (after g_threads_at_start was taken), has no name of its
// own: it shows the program's (its first 15 characters). Only a TSan build
// lets it pass; the others still catch an unnamed thread of ours.
bool sanitizer_thread(const std::string &name)
{
#if defined(__SANITIZE_THREAD__)
	return name == std::string(program_invocation_short_name).substr(0, 15);
#else
	(void)name;
	return false;
#endif
}

int forward_loop(void *arg)
{
	const uint16_t q = static_cast<uint16_t>(reinterpret_cast<uintptr_t>(arg));
	while (!g_stop.load(std::memory_order_relaxed)) {
		rte_mbuf *b[32];
		const uint16_t n = rte_eth_rx_burst(RX, q, b, 32);
		const uint16_t k = rte_eth_tx_burst(TX, q, b, n);
		for (uint16_t i = k; i < n; i++)
			rte_pktmbuf_free(b[i]);
		g_forwarded.fetch_add(k, std::memory_order_relaxed);
	}
	return 0;
}

TEST(EalCleanup, GivesBackEveryPortalBpidAndThread)
{
	rte_mempool *pool = dpaa_pool("pool", 4096);
	ASSERT_NE(pool, nullptr);
	PortSetup s;
	s.pool = pool;
	s.nb_rxq = 2;
	s.nb_txq = 2;
	s.conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
	s.conf.rx_adv_conf.rss_conf.rss_hf = RTE_ETH_RSS_IP;
	ASSERT_EQ(port_start(TX, s), 0);
	ASSERT_EQ(port_start(RX, s), 0);
	ASSERT_EQ(rte_eth_promiscuous_enable(RX), 0); // the generator's addresses
	unsigned lcore, q = 0;
	RTE_LCORE_FOREACH_WORKER(lcore)
	{
		if (q < 2) {
			ASSERT_EQ(rte_eal_remote_launch(forward_loop,
							reinterpret_cast<void *>(uintptr_t{q}),
							lcore),
				  0);
			q++;
		}
	}
	ASSERT_EQ(q, 2u) << "needs two worker lcores";
	// A thread of the application's own that takes a portal and ends.
	bool side_portal = false;
	std::thread([&] { side_portal = dpaa::bus::qman_portal() != nullptr; }).join();
	EXPECT_TRUE(side_portal);
	for (int i = 0; i < 100 && g_forwarded.load() < 1000; i++)
		sleep_ms(50);
	EXPECT_GE(g_forwarded.load(), 1000u) << "the lcores forward";
	g_stop = true;
	rte_eal_mp_wait_lcore();
	EXPECT_GE(dpaa::bus::portals_in_use(), 3u) << "the main lcore's and both workers'";
	const std::multiset<std::string> before = other_threads();
	EXPECT_EQ(before.count("dpaa-model"), 1u);
	for (const std::string &t : before)
		printf("before cleanup: thread '%s'\n", t.c_str());

	// The ports still started, the pool still there.
	ASSERT_EQ(rte_eal_cleanup(), 0);

	EXPECT_EQ(dpaa::bus::portals_in_use(), 0u);
	// On the board path the model's thread is the SoC's, which the emulated
	// kernel interface runs as long as the process: the hardware, not the
	// driver's to stop.
	const char *platform = getenv("DPAA_TEST_PLATFORM");
	const bool board = platform != nullptr && strcmp(platform, "board") == 0;
	for (const std::string &t : other_threads()) {
		printf("after cleanup: thread '%s'\n", t.c_str());
		if ((board && t == "dpaa-model") || g_threads_at_start.count(t) != 0 ||
		    sanitizer_thread(t))
			continue;
		EXPECT_TRUE(eal_own_thread(t)) << "thread '" << t << "' is still running";
	}

	// A second process on the same SoC at once.
	const pid_t child = fork();
	ASSERT_GE(child, 0);
	if (child == 0) {
		// Under user-mode emulation the program runs through its wrapper
		// (DPAA_EXEC_WRAPPER, "qemu-aarch64-static -cpu cortex-a72").
		static char wrapper[256];
		std::vector<char *> argv;
		if (const char *w = getenv("DPAA_EXEC_WRAPPER")) {
			snprintf(wrapper, sizeof(wrapper), "%s", w);
			char *save = nullptr;
			for (char *word = strtok_r(wrapper, " ", &save); word != nullptr;
			     word = strtok_r(nullptr, " ", &save))
				argv.push_back(word);
		}
		argv.push_back(const_cast<char *>(g_self.c_str()));
		argv.push_back(const_cast<char *>("--second"));
		argv.push_back(nullptr);
		execvp(argv[0], argv.data());
		_exit(127);
	}
	int status = 0;
	ASSERT_EQ(waitpid(child, &status, 0), child);
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(WEXITSTATUS(status), 0) << "the second process (its output is above)";
}

// The second process: every portal, one thread each, and every BPID.
int second_process(const char *argv0)
{
	if (eal_start(argv0, kModel, kEal) < 0) {
		fprintf(stderr, "second: EAL initialisation failed\n");
		return 1;
	}
	const dpaa::platform::SocInfo *soc = dpaa::bus::soc();
	if (soc == nullptr) {
		fprintf(stderr, "second: no platform\n");
		return 1;
	}
	int ret = 0;
	// Each thread takes a QMan and a BMan portal and holds them until all
	// have tried.
	const unsigned want = soc->num_qman_portals;
	std::atomic<unsigned> got{0}, tried{0};
	std::atomic<bool> done{false};
	std::vector<std::thread> threads;
	for (unsigned i = 0; i < want; i++)
		threads.emplace_back([&] {
			if (dpaa::bus::qman_portal() != nullptr &&
			    dpaa::bus::bman_portal() != nullptr)
				got++;
			tried++;
			while (!done.load())
				std::this_thread::sleep_for(std::chrono::milliseconds(1));
		});
	while (tried.load() < want)
		std::this_thread::sleep_for(std::chrono::milliseconds(1));
	const unsigned in_use = dpaa::bus::portals_in_use();
	done = true;
	for (std::thread &t : threads)
		t.join();
	printf("second: %u of %u portals taken (%u in use)\n", got.load(), want, in_use);
	if (got.load() != want || in_use != want)
		ret = 1;

	std::vector<rte_mempool *> pools;
	for (unsigned i = 0; i <= soc->bpid_count; i++) {
		char name[16];
		snprintf(name, sizeof(name), "p%u", i);
		rte_mempool *p = dpaa_pool(name, 64);
		if (p == nullptr)
			break;
		pools.push_back(p);
	}
	printf("second: %zu pools of %u BPIDs\n", pools.size(), soc->bpid_count);
	if (pools.size() != soc->bpid_count)
		ret = 1;
	for (rte_mempool *p : pools)
		rte_mempool_free(p);
	rte_eal_cleanup();
	return ret;
}

} // namespace

dpaa_test::EalTestProgram dpaa_test::eal_test_program()
{
	EalTestProgram program;
	program.before = [](int argc, char **argv) -> std::optional<int> {
		g_self = "/proc/self/exe";
		char path[4096];
		const ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
		if (n > 0)
			g_self.assign(path, static_cast<size_t>(n));
		if (argc > 1 && std::string(argv[1]) == "--second")
			return second_process(argv[0]);
		return std::nullopt;
	};
	program.start_eal = [](const char *argv0) {
		g_threads_at_start = other_threads();
		return eal_start(argv0, kModel, kEal);
	};
	program.set_up = [] {
		RX = port_by_name("fm1-mac9");
		TX = port_by_name("fm1-mac10");
		return ports_and_pools({RX, TX}, {});
	};
	// The test calls rte_eal_cleanup() itself.
	program.tests_end_eal = true;
	return program;
}
