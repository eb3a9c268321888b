/* SPDX-License-Identifier: BSD-3-Clause */
// Copyright 2026 The DPAA C++ PMD authors
//
// The C library functions an unmodified USDPAA application reaches the
// kernel through, interposed (LD_PRELOAD). With DPAA_KERNEL_MODEL unset
// every call goes straight to the C library. With it set:
//   open("/dev/fsl-usdpaa"), open("/dev/fsl-usdpaa-irq"), open("/dev/mem")
//       give descriptors this library answers ioctl/mmap/read on;
//   /proc/device-tree/... (open, scandir, access, fopen) is the generated tree;
//   access("/sys/devices/platform/soc/soc:fsl,dpaa") succeeds and
//   fopen("/sys/devices/soc0/soc_id") reads the board's SVR;
//   socket(AF_PACKET) gives a datagram socket: the driver opens one at init
//       for interfaces it shares with the kernel, which the model has none of.
// These are the only symbols the library exports (it is built with hidden
// visibility), so the model inside it never meets another copy.

// The interposers need the C library's plain names (open, mmap, ...) and
// their *64 twins side by side: the 64-bit-offset redirection the build
// turns on would rename the former into the latter.
#undef _FILE_OFFSET_BITS

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <string>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "emu_common/fd_table.hpp"
#include "emu_common/libc_next.hpp"
#include "emu_common/log.hpp"
#include "emu_common/mmio_trap.hpp"
#include "emu_common/open_interposers.hpp"
#include "emu_common/path_redirect.hpp"
#include "usdpaa_emu/kernel.hpp"

#define EXPORT extern "C" __attribute__((visibility("default")))

const char dpaa::emu::kLogName[] = "usdpaa_emu";

namespace dpaa::usdpaa
{

namespace libc = emu::libc;
using emu::log;

namespace
{

enum class Dev : uint8_t { none, usdpaa, irq, mem };
emu::FdTable<Dev> devs;
// Set once, before main; never destroyed: the application may still call
// in while static destructors run, so the model stops at exit instead.
Kernel *kernel;

constexpr const char kDtPath[] = "/proc/device-tree";
constexpr const char kDpaaSysfs[] = "/sys/devices/platform/soc/soc:fsl,dpaa";
constexpr const char kSocId[] = "/sys/devices/soc0/soc_id";

Kernel *kernel_for(const char *path);

Dev dev_of(int fd)
{
	return devs.of(fd);
}

// The generated tree for /proc/device-tree, the generated soc_id; set with
// the kernel, and never destroyed either.
emu::PathRedirect *paths;

// Where a path really is.
const char *redirect(const char *path, std::string &buf)
{
	if (path == nullptr || kernel_for(path) == nullptr)
		return path;
	return paths->redirect(path, buf);
}

int open_device(const char *path)
{
	if (strcmp(path, "/dev/fsl-usdpaa") == 0)
		return devs.open(Dev::usdpaa, EFD_CLOEXEC);
	if (strcmp(path, "/dev/fsl-usdpaa-irq") == 0)
		return devs.open(Dev::irq, EFD_CLOEXEC | EFD_NONBLOCK);
	if (strcmp(path, "/dev/mem") == 0)
		return devs.open(Dev::mem, EFD_CLOEXEC);
	return -2; // not ours
}

// The kernel is brought up on the first access to one of its files, so a
// process that never looks for DPAA hardware (a shell the application
// starts, say) runs no model.
std::once_flag started;

void start()
{
	const char *cfg = getenv("DPAA_KERNEL_MODEL");
	if (cfg == nullptr)
		return;
	std::string error;
	std::unique_ptr<Kernel> k = Kernel::create(cfg, error);
	if (!k) {
		// Nothing is emulated: the driver finds no DPAA bus and says so.
		log("%s", error.c_str());
		return;
	}
	paths = new emu::PathRedirect;
	paths->add_folder(kDtPath, k->dt_root());
	paths->add_file(kSocId, k->soc_id_file());
	emu::mmio_trap_on_crash([] {
		if (kernel != nullptr)
			kernel->report();
	});
	kernel = k.release();
	atexit([] {
		kernel->report();
		kernel->shutdown();
	});
}

// The kernel, if this path is one of its files.
Kernel *kernel_for(const char *path)
{
	static const char *const ours[] = {kDtPath, kDpaaSysfs, kSocId, "/dev/fsl-usdpaa",
					   "/dev/mem"};
	for (const char *p : ours)
		if (strncmp(path, p, strlen(p)) == 0) {
			std::call_once(started, start);
			return kernel;
		}
	return kernel;
}

} // namespace

} // namespace dpaa::usdpaa

using namespace dpaa::usdpaa;
using dpaa::emu::fail;

int dpaa::emu::interposed_open(const char *path, int flags, mode_t mode)
{
	if (path != nullptr && kernel_for(path) != nullptr) {
		int fd = open_device(path);
		if (fd != -2)
			return fd;
	}
	std::string buf;
	return libc::open(redirect(path, buf), flags, mode);
}

EXPORT int close(int fd)
{
	const Dev d = dev_of(fd);
	if (d != Dev::none) {
		if (d == Dev::irq && kernel != nullptr)
			kernel->irq_closed(fd);
		devs.clear(fd);
	}
	return libc::close(fd);
}

// The irq device reads as a 4-byte interrupt count, an eventfd as 8.
EXPORT ssize_t read(int fd, void *buf, size_t n)
{
	if (dev_of(fd) != Dev::irq)
		return libc::read(fd, buf, n);
	if (n < sizeof(uint32_t)) {
		errno = EINVAL;
		return -1;
	}
	uint64_t count = 0;
	ssize_t r = libc::read(fd, &count, sizeof(count));
	if (r < 0)
		return r;
	const uint32_t c = static_cast<uint32_t>(count);
	memcpy(buf, &c, sizeof(c));
	return sizeof(c);
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	va_start(ap, req);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	switch (kernel ? dev_of(fd) : Dev::none) {
	case Dev::usdpaa:
		return fail(kernel->usdpaa_ioctl(fd, req, arg));
	case Dev::irq:
		return fail(kernel->irq_ioctl(fd, req, arg));
	case Dev::mem:
		errno = ENOTTY;
		return -1;
	default:
		return libc::ioctl(fd, req, arg);
	}
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	const Dev d = kernel ? dev_of(fd) : Dev::none;
	if (d == Dev::mem)
		return kernel->map_phys(len, static_cast<uint64_t>(off));
	if (d != Dev::none) {
		dpaa::emu::log_once("mmap-dev",
				    "mmap of a USDPAA device other than /dev/mem (ENODEV)");
		errno = ENODEV;
		return MAP_FAILED;
	}
	return libc::mmap(addr, len, prot, flags, fd, off);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

EXPORT int munmap(void *addr, size_t len)
{
	if (dpaa::emu::mmio_trap_unmap(addr, len))
		return 0;
	return libc::munmap(addr, len);
}

EXPORT int access(const char *path, int mode)
{
	if (kernel_for(path) != nullptr && strcmp(path, kDpaaSysfs) == 0)
		return 0;
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

EXPORT int socket(int domain, int type, int protocol)
{
	if (kernel != nullptr && domain == AF_PACKET)
		return libc::socket(AF_UNIX, SOCK_DGRAM | (type & (SOCK_CLOEXEC | SOCK_NONBLOCK)),
				    0);
	return libc::socket(domain, type, protocol);
}
