/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The C library functions through which DPDK's fslmc bus and EAL's VFIO
// code reach the VFIO fsl-mc kernel interface, interposed (LD_PRELOAD).
// With DPAA2_KERNEL_MODEL unset every call goes straight to the C library.
// With it set:
//   open("/dev/vfio/vfio"), open("/dev/vfio/<group>") and the group's
//       VFIO_GROUP_GET_DEVICE_FD give descriptors this library answers
//       ioctl, mmap, read/write and pread/pwrite on (kernel.hpp);
//   paths under /sys/bus/fsl-mc, the fsl-mc platform device, /sys/kernel/
//       iommu_groups and /sys/module/vfio* (open, opendir, scandir, stat,
//       lstat, access, readlink, fopen) lead into the generated sysfs
//       (sysfs.hpp);
//   /proc/interrupts lists the irqs the devices requested, and
//       /proc/irq/<n>/smp_affinity of those is a file of the emulation's
//       (upstream's DPIO setup looks its irq up there and writes the
//       affinity from a shell: the shell, which inherits LD_PRELOAD but
//       runs no model, finds the folder in FSLMC_EMU_PROC_IRQ);
//   munmap of a trapped region page ends its trap window;
//   recvmsg takes the container and group descriptors another process's
//       kernel handed out (a DPDK primary's, passed to its secondary) as
//       that kernel's (process_link.hpp).
// The model starts on the first access to one of those paths, so a process
// that never looks for the fsl-mc bus runs none. These are the only symbols
// the library exports (it is built with hidden visibility), so the model
// inside it never meets another copy.

// The interposers need the C library's plain names (open, mmap, stat, ...)
// and their *64 twins side by side: the 64-bit-offset redirection the build
// turns on would rename the former into the latter.
#undef _FILE_OFFSET_BITS

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <memory>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emu_common/fd_table.hpp"
#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"
#include "emu_common/open_interposers.hpp"
#include "emu_common/path_redirect.hpp"
#include "fslmc_emu/kernel.hpp"
#include "fslmc_emu/sysfs.hpp"

#define EXPORT extern "C" __attribute__((visibility("default")))

const char dpaa::emu::kLogName[] = "fslmc_emu";

namespace dpaa2::emu
{

namespace libc = dpaa::emu::libc;
using Kind = Kernel::Kind;

namespace
{

dpaa::emu::FdTable<Kind> fds;
static_assert(dpaa::emu::FdTable<Kind>::kMaxFds == Kernel::kMaxFds);
// Set once; never destroyed: the application may still call in while
// static destructors run, so the model stops at exit instead.
Kernel *kernel;
std::once_flag started;
// The process that runs the model: a child forked from it (without exec)
// inherits the kernel's state but not the model's thread or its folder,
// and must neither stop the one nor remove the other when it exits.
pid_t owner;

constexpr const char kVfioDir[] = "/dev/vfio";
// The emulated /proc/irq for the processes the application starts.
constexpr const char kProcIrqVariable[] = "FSLMC_EMU_PROC_IRQ";

void start()
{
	const char *cfg = getenv(std::string(model::kConfigVariable).c_str());
	if (cfg == nullptr)
		return;
	std::string error;
	std::unique_ptr<Kernel> k = Kernel::create(cfg, error);
	if (!k) {
		// Nothing is emulated: the bus finds no fsl-mc and says so.
		dpaa::emu::log("%s", error.c_str());
		return;
	}
	dpaa::emu::mmio_trap_on_crash([] {
		if (kernel != nullptr)
			kernel->report();
	});
	setenv(kProcIrqVariable, k->proc_irq_dir().c_str(), 1);
	kernel = k.release();
	owner = getpid();
	atexit([] {
		if (getpid() != owner)
			return;
		kernel->report();
		kernel->shutdown();
	});
}

// The kernel, brought up by the first access to one of its paths; nullptr
// when it is not there (variable unset, bad configuration).
Kernel *kernel_for(const char *path)
{
	if (path == nullptr)
		return kernel;
	if (dpaa::emu::path_under(path, kVfioDir) != nullptr) {
		std::call_once(started, start);
		return kernel;
	}
	for (const char *f : kSysfsFolders)
		if (dpaa::emu::path_under(path, f) != nullptr) {
			std::call_once(started, start);
			return kernel;
		}
	return kernel;
}

const char *redirect(const char *path, std::string &buf)
{
	Kernel *k = kernel_for(path);
	if (k != nullptr) {
		if (path != nullptr && strcmp(path, kProcInterrupts) == 0) {
			buf = k->proc_interrupts();
			return buf.c_str();
		}
		return k->paths().redirect(path, buf);
	}
	// A process the application started: only /proc/irq is the model's.
	const char *rest = dpaa::emu::path_under(path, kProcIrq);
	const char *dir = rest != nullptr ? getenv(kProcIrqVariable) : nullptr;
	if (dir == nullptr)
		return path;
	buf = std::string(dir) + rest;
	return buf.c_str();
}

Kind kind_of(int fd)
{
	return kernel != nullptr ? fds.of(fd) : Kind::none;
}

} // namespace

} // namespace dpaa2::emu

using namespace dpaa2::emu;
using dpaa::emu::fail;

int dpaa::emu::interposed_open(const char *path, int flags, mode_t mode)
{
	Kernel *k = kernel_for(path);
	if (k != nullptr && dpaa::emu::path_under(path, kVfioDir) != nullptr) {
		Kind kind = Kind::none;
		const int fd = k->open_vfio(path, kind);
		if (fd >= 0)
			fds.set(fd, kind);
		return fd;
	}
	std::string buf;
	return libc::open(redirect(path, buf), flags, mode);
}

EXPORT int close(int fd)
{
	const Kind k = kind_of(fd);
	if (k != Kind::none) {
		kernel->closed(fd, k);
		fds.clear(fd);
	}
	return libc::close(fd);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	va_start(ap, req);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	switch (kind_of(fd)) {
	case Kind::container:
		return fail(kernel->container_ioctl(fd, req, arg));
	case Kind::group: {
		const int r = kernel->group_ioctl(fd, req, arg);
		if (r >= 0 && req == VFIO_GROUP_GET_DEVICE_FD)
			fds.set(r, Kind::device);
		return fail(r);
	}
	case Kind::device:
		return fail(kernel->device_ioctl(fd, req, arg));
	default:
		return libc::ioctl(fd, req, arg);
	}
}

// A device fd reads and writes MC commands; a container or group fd has no
// read or write (the kernel's vfio files answer EINVAL).
EXPORT ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	switch (kind_of(fd)) {
	case Kind::none:
		return libc::pread(fd, buf, n, off);
	case Kind::device:
		return fail(int(kernel->device_read(fd, buf, n, off)));
	default:
		errno = EINVAL;
		return -1;
	}
}

EXPORT ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	switch (kind_of(fd)) {
	case Kind::none:
		return libc::pwrite(fd, buf, n, off);
	case Kind::device:
		return fail(int(kernel->device_write(fd, buf, n, off)));
	default:
		errno = EINVAL;
		return -1;
	}
}

EXPORT ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
	return pread(fd, buf, n, off);
}

EXPORT ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	return pwrite(fd, buf, n, off);
}

// vfio-fsl-mc keeps no file position: read() and write() are at offset 0,
// region 0.
EXPORT ssize_t read(int fd, void *buf, size_t n)
{
	if (kind_of(fd) == Kind::none)
		return libc::read(fd, buf, n);
	return pread(fd, buf, n, 0);
}

EXPORT ssize_t write(int fd, const void *buf, size_t n)
{
	if (kind_of(fd) == Kind::none)
		return libc::write(fd, buf, n);
	return pwrite(fd, buf, n, 0);
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	switch (kind_of(fd)) {
	case Kind::none:
		return libc::mmap(addr, len, prot, flags, fd, off);
	case Kind::device:
		return kernel->device_mmap(fd, addr, len, prot, flags, off);
	default:
		// The container's and the group's files have no mmap.
		errno = ENODEV;
		return MAP_FAILED;
	}
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

EXPORT int munmap(void *addr, size_t len)
{
	if (dpaa::emu::mmio_trap_unmap(addr, (len + 4095) & ~size_t(4095)) ||
	    dpaa::emu::mmio_trap_unmap(addr, len))
		return 0;
	return libc::munmap(addr, len);
}

EXPORT ssize_t recvmsg(int sock, struct msghdr *msg, int flags)
{
	const ssize_t r = libc::recvmsg(sock, msg, flags);
	if (r < 0 || msg == nullptr || msg->msg_controllen == 0 ||
	    getenv(std::string(dpaa2::model::kConfigVariable).c_str()) == nullptr)
		return r;
	for (cmsghdr *c = CMSG_FIRSTHDR(msg); c != nullptr; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		const size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < n; i++) {
			int fd;
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
			char link[64], name[512];
			snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
			const ssize_t len = libc::readlink(link, name, sizeof(name) - 1);
			if (len <= 0)
				continue;
			name[len] = '\0';
			if (strstr(name, kLinkFdPrefix) == nullptr)
				continue;
			std::call_once(started, start);
			Kind kind = Kind::none;
			if (kernel != nullptr && kernel->adopt(fd, name, kind))
				fds.set(fd, kind);
		}
	}
	return r;
}

EXPORT int access(const char *path, int mode)
{
	std::string buf;
	return libc::access(redirect(path, buf), mode);
}

EXPORT FILE *fopen(const char *path, const char *mode)
{
	std::string buf;
	return libc::fopen(redirect(path, buf), mode);
}

EXPORT FILE *fopen64(const char *path, const char *mode)
{
	return fopen(path, mode);
}

EXPORT DIR *opendir(const char *path)
{
	std::string buf;
	return libc::opendir(redirect(path, buf));
}

EXPORT int scandir(const char *path, struct dirent ***list, int (*filter)(const struct dirent *),
		   int (*compar)(const struct dirent **, const struct dirent **))
{
	std::string buf;
	return libc::scandir(redirect(path, buf), list, filter, compar);
}

EXPORT int scandir64(const char *path, struct dirent64 ***list,
		     int (*filter)(const struct dirent64 *),
		     int (*compar)(const struct dirent64 **, const struct dirent64 **))
{
	// struct dirent and dirent64 are the same on LP64.
	return scandir(
		path, reinterpret_cast<struct dirent ***>(list),
		reinterpret_cast<int (*)(const struct dirent *)>(filter),
		reinterpret_cast<int (*)(const struct dirent **, const struct dirent **)>(compar));
}

EXPORT int stat(const char *path, struct stat *st)
{
	std::string buf;
	return libc::stat(redirect(path, buf), st);
}

EXPORT int stat64(const char *path, struct stat64 *st)
{
	// struct stat and stat64 are the same on LP64.
	return stat(path, reinterpret_cast<struct stat *>(st));
}

EXPORT int lstat(const char *path, struct stat *st)
{
	std::string buf;
	return libc::lstat(redirect(path, buf), st);
}

EXPORT int lstat64(const char *path, struct stat64 *st)
{
	return lstat(path, reinterpret_cast<struct stat *>(st));
}

EXPORT ssize_t readlink(const char *path, char *out, size_t n)
{
	std::string buf;
	return libc::readlink(redirect(path, buf), out, n);
}
