/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors

#include "eal_child.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_log.h>

#include "dpaa_bus.hpp"

namespace
{

std::string probed, removed;

int test_probe(rte_dpaa_driver *, rte_dpaa_device *dev) noexcept
{
	if (!probed.empty())
		probed.append(" ");
	probed.append(dev->name);
	return 0;
}

int test_remove(rte_dpaa_device *dev) noexcept
{
	if (!removed.empty())
		removed.append(" ");
	removed.append(dev->name);
	return 0;
}

rte_dpaa_driver test_driver = {
	.next = {},
	.driver = {},
	.probe = test_probe,
	.remove = test_remove,
};

std::string read_all(int fd)
{
	std::string s;
	char buf[65536];
	ssize_t n;
	while ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			s.append(buf, static_cast<size_t>(n));
	return s;
}

void write_all(int fd, const std::string &s)
{
	size_t off = 0;
	while (off < s.size()) {
		ssize_t n = write(fd, s.data() + off, s.size() - off);
		if (n <= 0 && errno != EINTR)
			return;
		if (n > 0)
			off += static_cast<size_t>(n);
	}
}

constexpr const char *kLogMark = "\n@@LOG@@\n";
constexpr const char *kInitMark = "@@INIT_OK@@\n";

} // namespace

// After the bus (priority BUS) and before every driver (default priority):
// the test driver is the first on the bus's list, so it owns every device.
RTE_INIT_PRIO(test_dpaa_driver_register, CLASS)
{
	test_driver.driver.name = "test_dpaa";
	rte_dpaa_driver_register(&test_driver);
}

std::string probed_devices()
{
	return probed;
}

std::string removed_devices()
{
	return removed;
}

EalRun run_eal(const char *model, std::vector<std::string> args,
	       const std::function<void(std::string &out)> &body, bool no_huge, unsigned timeout_s,
	       const std::function<void(std::string &out)> &after)
{
	int fds[2];
	EalRun r;
	if (pipe(fds) != 0)
		return r;
	fflush(nullptr);
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		alarm(timeout_s);
		if (model)
			setenv("DPAA_MODEL", model, 1);
		else
			unsetenv("DPAA_MODEL");
		FILE *log = tmpfile();
		rte_openlog_stream(log);
		std::vector<std::string> argv_s{"dpaa-bus-model-tests"};
		if (no_huge)
			argv_s.insert(argv_s.end(), {"--no-huge", "-m", "256"});
		argv_s.insert(argv_s.end(),
			      {"--no-pci", "--no-shconf",
			       "--file-prefix=dpaa-bus-" + std::to_string(getpid()),
			       "--log-level=bus.dpaa:debug", "--log-level=mempool.dpaa:debug"});
		bool lcores = false;
		for (const std::string &a : args)
			lcores |= a == "-l" || a.rfind("--lcores", 0) == 0;
		if (!lcores)
			argv_s.insert(argv_s.end(), {"-l", "0"});
		argv_s.insert(argv_s.end(), args.begin(), args.end());
		std::vector<char *> argv;
		argv.reserve(argv_s.size());
		for (std::string &a : argv_s)
			argv.push_back(a.data());
		std::string out;
		int code = 0;
		if (rte_eal_init(static_cast<int>(argv.size()), argv.data()) >= 0) {
			out = kInitMark;
			body(out);
			if (rte_eal_cleanup() != 0)
				code = 3;
			if (after)
				after(out);
		} else {
			code = 2;
		}
		fflush(log);
		rewind(log);
		std::string logtext;
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), log)) > 0)
			logtext.append(buf, n);
		write_all(fds[1], out + kLogMark + logtext);
		close(fds[1]);
		_exit(code);
	}
	close(fds[1]);
	std::string all = read_all(fds[0]);
	close(fds[0]);
	int status = 0;
	waitpid(pid, &status, 0);
	r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	const size_t mark = all.find(kLogMark);
	r.out = all.substr(0, mark);
	if (mark != std::string::npos)
		r.log = all.substr(mark + strlen(kLogMark));
	r.init_ok = r.out.rfind(kInitMark, 0) == 0;
	if (r.init_ok)
		r.out.erase(0, strlen(kInitMark));
	// Every case fails when the drivers misused the modelled hardware:
	// the bus says so at cleanup, naming the model's fault counters.
	const size_t misuse = r.log.find("the drivers misused the modelled hardware");
	if (misuse != std::string::npos)
		ADD_FAILURE() << r.log.substr(misuse, r.log.find('\n', misuse) - misuse);
	return r;
}
