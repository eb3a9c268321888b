/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// A second process on the emulated VFIO fsl-mc kernel (preloaded into this
// test), as a DPDK secondary uses the kernel: the first process opens the
// container and group, hands the group's descriptor over a socket
// (SCM_RIGHTS, as EAL's multi-process channel does), and the second, a new
// program (exec'd), asks that group for device fds, maps an MC portal and a
// DPIO's portal and releases a buffer to a pool. The first process then
// acquires that very buffer through its own DPIO: the two reached the same
// QBMan, as on a board.

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>
#include <sys/wait.h>

#include "dpaa2_hw/qbman_portal.hpp"
#include "fslmc_emu_test_support.hpp"

namespace
{

using namespace dpaa2::test;
namespace qb = dpaa2::hw::qb;

constexpr const char kChildVariable[] = "FSLMC_EMU_TEST_SECOND";

struct Portal {
	uint8_t *cena = nullptr;
	volatile uint32_t *cinh = nullptr;
};

// qbman_swp_sys_init, memory-backed (LX2160A).
void portal_init(Portal &p)
{
	memset(p.cena, 0, qb::kCenaMemBackedSize);
	p.cinh[qb::cinh::kCfg / 4] = qb::swp_cfg::kDpdkMemBacked;
	p.cinh[qb::cinh::kEqcrPi / 4] = qb::kRtMode;
	p.cinh[qb::cinh::kRcrPi / 4] = qb::kRtMode;
}

// One buffer into pool bpid through the RCR; false if no slot.
bool release_one(Portal &p, uint16_t bpid, uint64_t buffer)
{
	const uint32_t rar = p.cinh[qb::cinh::kRar / 4];
	if (!(rar & qb::rar::kSuccess))
		return false;
	const unsigned slot = rar & qb::rar::kSlotMask;
	uint8_t *rcr = p.cena + qb::cena::mem::rcr(slot);
	memcpy(rcr + 8, &buffer, 8);
	__atomic_store_n(reinterpret_cast<uint32_t *>(rcr),
			 uint32_t(qb::rcr_verb::kRcValid | (rar & qb::rar::kVb) | 1) |
				 uint32_t(bpid) << 16,
			 __ATOMIC_RELEASE);
	p.cinh[qb::cinh::rcr_am_rt(slot) / 4] = qb::kRtMode;
	return true;
}

// The management command's answer: buffers acquired (0 to 7), first one.
unsigned acquire(Portal &p, uint16_t bpid, uint8_t vb, uint64_t &first)
{
	uint8_t *cr = p.cena + qb::cena::mem::kCr;
	memset(cr + 1, 0, 63);
	memcpy(cr + 2, &bpid, 2);
	cr[4] = 1;
	__atomic_store_n(cr, uint8_t(qb::mc_verb::kAcquire | vb), __ATOMIC_RELEASE);
	p.cinh[qb::cinh::kCrRt / 4] = qb::kRtMode;
	const uint8_t *rr = p.cena + qb::cena::mem::kRr; // its valid bit toggling
	if (rr[0] != (qb::mc_verb::kAcquire | vb) || rr[1] != qb::kMcResultOk)
		return 0;
	memcpy(&first, rr + 8, 8);
	return rr[4];
}

bool map_dpio(int grp, const std::string &name, Portal &p)
{
	const int dfd = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, name.c_str());
	if (dfd < 0)
		return false;
	vfio_region_info ce, ci;
	void *cena = map_region(dfd, 2, ce);
	void *cinh = map_region(dfd, 1, ci);
	close(dfd); // the mappings stay, as the kernel's do
	if (cena == MAP_FAILED || cinh == MAP_FAILED)
		return false;
	p.cena = static_cast<uint8_t *>(cena);
	p.cinh = static_cast<volatile uint32_t *>(cinh);
	return true;
}

// The second process: the group from the socket, then its own device
// fds. Exit codes name the step that failed.
int second_process(int sock, const std::string &dpio, uint16_t bpid, uint64_t buffer)
{
	if (scan_container().empty())
		return 10; // the sysfs of the fsl-mc bus, as the bus scans it
	char byte;
	iovec iov{&byte, 1};
	alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
	msghdr m{};
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = control;
	m.msg_controllen = sizeof(control);
	if (recvmsg(sock, &m, 0) != 1 || CMSG_FIRSTHDR(&m) == nullptr)
		return 12;
	int grp;
	memcpy(&grp, CMSG_DATA(CMSG_FIRSTHDR(&m)), sizeof(int));
	// The group opens once: the primary holds it.
	errno = 0;
	if (open(group_path().c_str(), O_RDWR) >= 0 || errno != EBUSY)
		return 11;
	vfio_group_status gs = {};
	gs.argsz = sizeof(gs);
	if (ioctl(grp, VFIO_GROUP_GET_STATUS, &gs) != 0 ||
	    gs.flags != (VFIO_GROUP_FLAGS_VIABLE | VFIO_GROUP_FLAGS_CONTAINER_SET))
		return 13;
	// The MC through the DPMCP: the primary's firmware answers.
	const int mfd = ioctl(grp, VFIO_GROUP_GET_DEVICE_FD, "dpmcp.1");
	vfio_region_info ri;
	void *mcp = mfd >= 0 ? map_region(mfd, 0, ri) : MAP_FAILED;
	if (mcp == MAP_FAILED)
		return 14;
	McPortal mc(mcp);
	McPortal::Answer a = mc.run(cmd::kMcGetVersion);
	if (a.status != kMcOk || a.u32(4) != 10u)
		return 15;
	a = mc.run(cmd::kDpioOpen, 0, {id_of(dpio)});
	if (a.status != kMcOk)
		return 16;
	if (mc.run(cmd::kClose, a.token).status != kMcOk)
		return 17;
	// The DPIO the primary enabled for it: a buffer into the pool.
	Portal p;
	if (!map_dpio(grp, dpio, p))
		return 18;
	portal_init(p);
	if (!release_one(p, bpid, buffer))
		return 19;
	close(grp);
	return 0;
}

// Runs this program again. Under a user-mode emulator (meson's exe wrapper,
// qemu-aarch64 for the arm64 build, where the kernel has no binfmt entry
// for the program) it goes through the wrapper as meson ran it; the
// emulator answers /proc/self/exe with the program's own path.
[[noreturn]] void exec_self()
{
	char self[4096];
	const ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		_exit(127);
	self[n] = '\0';
	std::vector<std::string> words;
	if (const char *wrapper = getenv("MESON_EXE_WRAPPER")) {
		std::istringstream in(wrapper);
		for (std::string w; in >> w;)
			words.push_back(w);
	}
	words.emplace_back(self);
	std::vector<char *> argv;
	argv.reserve(words.size() + 1);
	for (std::string &w : words)
		argv.push_back(w.data());
	argv.push_back(nullptr);
	execvp(argv[0], argv.data());
	_exit(127);
}

TEST(FslmcEmuSecondProcess, SharesTheKernelAndTheSoC)
{
	const std::set<std::string> objs = scan_container();
	Vfio v;
	v.setup();
	const int mfd = ioctl(v.group, VFIO_GROUP_GET_DEVICE_FD, "dpmcp.1");
	ASSERT_GE(mfd, 0) << strerror(errno);
	vfio_region_info ri;
	void *mcp = map_region(mfd, 0, ri);
	ASSERT_NE(mcp, MAP_FAILED);
	McPortal mc(mcp);

	// DMA memory the buffer is in.
	const size_t mem_len = 1 << 20;
	uint8_t *mem = dma_memory(v.container, mem_len, MAP_SHARED);
	ASSERT_NE(mem, nullptr);

	// A pool, and two DPIOs enabled: the first for this process, the
	// second for the other.
	McPortal::Answer a = mc.run(cmd::kDpbpOpen, 0, {id_of(first_of(objs, "dpbp"))});
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t dpbp_token = a.token;
	ASSERT_EQ(mc.run(cmd::kEnable, dpbp_token).status, kMcOk);
	a = mc.run(cmd::kGetAttributes, dpbp_token);
	ASSERT_EQ(a.status, kMcOk);
	const uint16_t bpid = a.u16(2);
	std::string dpios[2];
	unsigned n = 0;
	for (const std::string &o : objs)
		if (o.rfind("dpio.", 0) == 0 && n < 2)
			dpios[n++] = o;
	ASSERT_EQ(n, 2u);
	for (const std::string &d : dpios) {
		a = mc.run(cmd::kDpioOpen, 0, {id_of(d)});
		ASSERT_EQ(a.status, kMcOk) << d;
		EXPECT_EQ(mc.run(cmd::kReset, a.token).status, kMcOk);
		EXPECT_EQ(mc.run(cmd::kEnable, a.token).status, kMcOk);
	}
	Portal mine;
	ASSERT_TRUE(map_dpio(v.group, dpios[0], mine));
	portal_init(mine);
	uint64_t got = 0;
	EXPECT_EQ(acquire(mine, bpid, qb::kValidBit, got), 0u) << "the pool starts empty";

	// The other process: this program again, handed the group.
	int sv[2];
	ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	const uint64_t buffer = reinterpret_cast<uint64_t>(mem) + 0x20000;
	const pid_t pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		close(sv[0]);
		const std::string spec = std::to_string(sv[1]) + "," + dpios[1] + "," +
					 std::to_string(bpid) + "," + std::to_string(buffer);
		setenv(kChildVariable, spec.c_str(), 1);
		exec_self();
		_exit(127);
	}
	close(sv[1]);
	char byte = 'g';
	iovec iov{&byte, 1};
	alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
	msghdr m{};
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = control;
	m.msg_controllen = sizeof(control);
	cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &v.group, sizeof(int));
	ASSERT_EQ(sendmsg(sv[0], &m, 0), 1) << strerror(errno);
	int status = 0;
	ASSERT_EQ(waitpid(pid, &status, 0), pid);
	close(sv[0]);
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(WEXITSTATUS(status), 0)
		<< "the second process failed at step " << WEXITSTATUS(status);

	// Its buffer, through this process's portal.
	ASSERT_EQ(acquire(mine, bpid, 0, got), 1u);
	EXPECT_EQ(got, buffer);
	close(mfd);
	munmap(mem, mem_len);
}

} // namespace

int main(int argc, char **argv)
{
	if (const char *spec = getenv(kChildVariable)) {
		const std::string s(spec);
		const size_t a = s.find(','), b = s.find(',', a + 1), c = s.find(',', b + 1);
		return second_process(std::stoi(s.substr(0, a)), s.substr(a + 1, b - a - 1),
				      uint16_t(std::stoul(s.substr(b + 1, c - b - 1))),
				      std::stoull(s.substr(c + 1)));
	}
	testing::InitGoogleTest(&argc, argv);
	return RUN_ALL_TESTS();
}
